// The page's side of a reader's shuffle (docs/code_sandbox.md): when the
// Shuffle session asks for a run (the page view's codeRequest), run it in
// sandbox workers (web/code_worker.js) and answer with the command
// `code_result=ID:TEXT` (docs/code_protocol.md). Each run gets a fresh worker;
// one whose runs stop completing for the time budget is terminated and
// reported as a timeout with the draws it had made. Sampling splits its decks
// into chunks of 10,000 over a small pool and hands them over in order.
'use strict';
(function () {
  const CHUNK = 10000;
  const MAX_SAMPLE = 1000000;
  const sandbox = {
    budgetMs: 2000,  // the longest a run may go without completing one run
    poolSize: Math.max(1, Math.min(navigator.hardwareConcurrency || 2, 4)),
    started: 0,      // workers started (for tests)
  };
  let current = null;  // {id, workers, finish}

  function errorText(kind, draws, message) {
    return 'error kind=' + kind + ' line=0 column=0 draws=' + draws + '\n' + message;
  }

  // One worker for one job; calls onChunk(stream, lines) for sample chunks and
  // resolves with the final text ('' after a sample's last chunk).
  function runWorker(job, onChunk, budgetMs) {
    let worker, watchdog, draws = 0, runs = -1, settle;
    const done = new Promise(function (ok) { settle = ok; });
    function finish(text) {
      clearTimeout(watchdog);
      if (worker) worker.terminate();
      worker = null;
      settle(text);
    }
    function arm() {
      clearTimeout(watchdog);
      watchdog = setTimeout(function () {
        const seconds = (budgetMs / 1000).toLocaleString('en', { maximumFractionDigits: 1 });
        finish(errorText('timeout', draws, 'the run was stopped after ' + seconds + ' s without finishing, having made ' + draws + ' draws'));
      }, budgetMs);
    }
    worker = new Worker('code_worker.js', { type: 'module' });
    sandbox.started++;
    worker.onmessage = function (e) {
      const m = e.data || {};
      if (typeof m.draws === 'number') draws = m.draws;
      if (m.type === 'progress') {
        if (m.runs > runs) { runs = m.runs; arm(); }
      } else if (m.type === 'chunk') {
        onChunk(m.stream, m.lines);
        arm();
      } else if (m.type === 'done') {
        finish(String(m.text));
      }
    };
    worker.onerror = function (e) {
      e.preventDefault();
      const message = String(e.message || 'the sandbox stopped');
      finish(errorText(/memory/i.test(message) ? 'memory' : 'throw', draws, message));
    };
    arm();
    worker.postMessage(job);
    return { done: done, stop: function () { finish(null); } };
  }

  // Runs a request {id, source, n, seed, mode, decks}; calls answer(text) for
  // each text to hand to the core (sample chunks, then the end or an error).
  // Returns a handle with stop().
  function run(request, answer, options) {
    const budgetMs = (options && options.budgetMs) || sandbox.budgetMs;
    const base = { source: String(request.source || ''), n: Number(request.n), seed: request.seed, mode: request.mode };
    if (request.mode !== 'sample') {
      const w = runWorker(base, function () {}, budgetMs);
      w.done.then(function (text) { if (text !== null) answer(text); });
      return { stop: w.stop, done: w.done };
    }
    const decks = Math.max(1, Math.min(MAX_SAMPLE, Math.floor(Number(request.decks) || 0)));
    const chunks = [];
    for (let first = 0, stream = 0; first < decks; first += CHUNK, stream++) chunks.push({ stream: stream, count: Math.min(CHUNK, decks - first) });
    const poolSize = Math.min(sandbox.poolSize, chunks.length);
    const ready = new Map();  // stream -> lines, waiting for the streams before it
    let next = 0, failed = false;  // failed: an error or a stop ended the run
    const workers = [];
    function forward() {
      while (!failed && ready.has(next)) {
        const lines = ready.get(next);
        ready.delete(next);
        next++;
        answer('sample n=' + base.n + ' decks=' + lines.length + ' last=' + (next === chunks.length ? 1 : 0) + '\n' + lines.join('\n'));
      }
    }
    function stopAll() { failed = true; for (const w of workers) w.stop(); }
    for (let k = 0; k < poolSize; k++) {
      const mine = chunks.filter(function (c) { return c.stream % poolSize === k; });
      const job = Object.assign({}, base, { chunks: mine });
      const w = runWorker(job, function (stream, lines) { ready.set(stream, lines); forward(); }, budgetMs);
      workers.push(w);
      w.done.then(function (text) {
        if (text && !failed) { stopAll(); answer(text); }
      });
    }
    const all = Promise.all(workers.map(function (w) { return w.done; }));
    return { stop: stopAll, done: all };
  }

  function stopCurrent() {
    if (current) current.handle.stop();
    current = null;
  }

  // The session's request in the page view: start it once, stop it when it goes.
  const answered = new Set();
  function follow(view) {
    const request = view && view.codeRequest;
    if (!request) { stopCurrent(); return; }
    if ((current && current.id === request.id) || answered.has(request.id)) return;
    stopCurrent();
    const id = request.id;
    const handle = run(request, function (text) {
      if (!current || current.id !== id) return;
      window.shufflelab.command('code_result=' + id + ':' + encodeURIComponent(text));
    });
    current = { id: id, handle: handle };
    handle.done.then(function () { if (current && current.id === id) { answered.add(id); current = null; } });
  }
  if (window.shufflelabPageView) window.shufflelabPageView.follow(follow);

  sandbox.run = run;
  sandbox.busy = function () { return current !== null; };
  window.shufflelabCodeSandbox = sandbox;
})();
