// Page glue: WebGL2 check, loading indicator, the hash <-> app link, focus,
// paste, and the test hook window.shufflelab. Everything else is in the wasm.
'use strict';
(function () {
  const statusBox = document.getElementById('status');
  const statusText = document.getElementById('status-text');
  const canvas = document.getElementById('canvas');

  function fail(message) {
    statusBox.classList.remove('hidden');
    statusBox.classList.add('error');
    statusText.textContent = message;  // text only: never HTML
  }

  const probe = document.createElement('canvas').getContext('webgl2');
  if (!probe) {
    fail('shufflelab needs WebGL2, which this browser or device does not offer. ' +
         'Try a current Firefox, Chrome or Safari, or enable hardware acceleration.');
    return;
  }
  if (typeof WebAssembly !== 'object') {
    fail('shufflelab needs WebAssembly, which this browser does not offer.');
    return;
  }

  const hook = { ready: false, errors: [] };
  window.shufflelab = hook;

  window.Module = {
    canvas: canvas,
    print: function (text) { console.log(text); },
    printErr: function (text) { console.warn(text); },
    onAbort: function (what) { fail('The playground stopped: ' + what + '. Reload the page to start again.'); },
    onFirstFrame: function () {
      statusBox.classList.add('hidden');
      hook.ready = true;
      hook.firstFrameMs = performance.now();
      canvas.focus();
    },
  };

  function query(command) {
    return JSON.parse(Module.ccall('shufflelab_test_query', 'string', ['string'], [command || '']));
  }
  hook.state = function () { return query(''); };
  hook.command = function (name) { return query(name); };

  window.addEventListener('hashchange', function () {
    // Our own history.replaceState does not fire hashchange; this is the user or a link.
    if (!hook.ready) return;
    Module.ccall('shufflelab_set_hash', null, ['string'], [window.location.hash]);
  });
  window.addEventListener('paste', function (e) {
    const text = e.clipboardData ? e.clipboardData.getData('text/plain') : '';
    Module.shufflelabPasted = text;
  });
  canvas.addEventListener('pointerdown', function () { canvas.focus(); });

  // Emscripten 3.1.6's GLFW presses the mouse on touchstart without moving it
  // to the finger, so a tap would click where the previous tap was. Turn
  // touches into ordinary mouse events at the finger instead.
  function forwardTouch(type, touch) {
    canvas.dispatchEvent(new MouseEvent(type, {
      clientX: touch.clientX, clientY: touch.clientY, screenX: touch.screenX, screenY: touch.screenY,
      button: 0, buttons: type === 'mouseup' ? 0 : 1, bubbles: true, cancelable: true, view: window,
    }));
  }
  function onTouch(e) {
    if (e.target !== canvas || !e.changedTouches.length) return;
    e.stopImmediatePropagation();
    e.preventDefault();
    canvas.focus();
    const touch = e.changedTouches[0];
    if (e.type === 'touchstart') { forwardTouch('mousemove', touch); forwardTouch('mousedown', touch); }
    else if (e.type === 'touchmove') forwardTouch('mousemove', touch);
    else forwardTouch('mouseup', touch);
  }
  for (const type of ['touchstart', 'touchmove', 'touchend', 'touchcancel']) {
    window.addEventListener(type, onTouch, { capture: true, passive: false });
  }
  window.addEventListener('error', function (e) { hook.errors.push(String(e.message)); });

  // Long jobs run in module workers with the core ES module: a small pool
  // (one per core, at most four), each running one job at a time from a shared
  // queue. Cancelling terminates that job's worker and a fresh one takes over.
  const jobs = new Map();  // id -> {state, progress, summary, result}
  const poolSize = Math.max(1, Math.min(navigator.hardwareConcurrency || 2, 4));
  const pool = [];  // {worker, busyWith}
  const queue = [];
  let workerFailures = 0;
  let spawnCount = 0;
  function spawnWorker(slot) {
    spawnCount++;
    const worker = new Worker('worker.js', { type: 'module' });
    slot.worker = worker;
    slot.busyWith = 0;
    worker.onmessage = function (e) {
      const m = e.data;
      workerFailures = 0;
      // A cancelled job's last messages may still arrive: keep it cancelled.
      if ((jobs.get(m.id) || {}).state === 4) return;
      jobs.set(m.id, m);
      if (m.state !== 1) { slot.busyWith = 0; pump(); }
    };
    worker.onerror = function (e) {
      e.preventDefault();
      if (slot.busyWith) jobs.set(slot.busyWith, { state: 3, progress: 0, summary: 'the worker stopped: ' + (e.message || 'unknown error') });
      worker.terminate();
      slot.busyWith = 0;
      // A worker that cannot even load would fail forever: stop after three tries.
      if (++workerFailures >= 3) {
        for (const q of queue.splice(0)) jobs.set(q.id, { state: 3, progress: 0, summary: 'the compute worker cannot start' });
        slot.worker = null;
        return;
      }
      spawnWorker(slot);
      pump();
    };
  }
  function pump() {
    while (queue.length) {
      let slot = pool.find(function (s) { return s.worker && !s.busyWith; });
      if (!slot && pool.length < poolSize) { slot = {}; pool.push(slot); spawnWorker(slot); }
      if (!slot) return;
      const next = queue.shift();
      slot.busyWith = next.id;
      slot.worker.postMessage(next);
    }
  }
  window.shufflelabJobs = {
    start: function (id, kind, params) {
      jobs.set(id, { state: 1, progress: 0, summary: 'starting' });
      queue.push({ id: id, kind: kind, params: params });
      pump();
    },
    cancel: function (id) {
      const j = jobs.get(id);
      if (!j || j.state !== 1) return;
      jobs.set(id, { state: 4, progress: j.progress, summary: 'cancelled' });
      const waiting = queue.findIndex(function (q) { return q.id === id; });
      if (waiting >= 0) { queue.splice(waiting, 1); return; }
      const slot = pool.find(function (s) { return s.busyWith === id; });
      if (slot) { slot.worker.terminate(); spawnWorker(slot); pump(); }
    },
    poll: function (id) { return jobs.get(id) || { state: 0, progress: 0, summary: '' }; },
    // How many jobs may run at once (the app splits a sweep into this many parts).
    workers: function () { return poolSize; },
    // Test hooks: how many workers were started, and a way to crash one.
    spawned: function () { return spawnCount; },
    crashForTest: function () {
      if (!pool.length) { pool.push({}); spawnWorker(pool[0]); }
      pool[0].worker.postMessage({ crashForTest: true });
    },
  };


  const script = document.createElement('script');
  script.src = 'shufflelab.js';
  script.onerror = function () { fail('Could not load shufflelab.js. Is the site complete?'); };
  document.body.appendChild(script);
})();
