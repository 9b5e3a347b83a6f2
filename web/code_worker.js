// The sandbox for a reader's shuffle (docs/code_sandbox.md): one module worker
// per run, started by web/code_sandbox.js and terminated when its time is up.
// Before the reader's code is compiled, everything that reaches the network,
// storage or other code is removed from this worker's global scope; after it
// is compiled, so is every way to compile more code (eval, the Function
// constructors, string timers), so `import(...)` can only be in the source's
// text, which is refused. tools/serve.mjs and web/sw.js also serve this file
// with a Content-Security-Policy that forbids connections.
import { compileShuffle, traceText, exactText, sampleDecks, errorText, dispatchMathRandom, RunError, LIMITS } from './shuffle_runner.mjs';

const post = self.postMessage.bind(self);
const timer = self.setTimeout.bind(self);
const now = performance.now.bind(performance);

function removeGlobal(owner, name) {
  for (let o = owner; o; o = Object.getPrototypeOf(o)) {
    const d = Object.getOwnPropertyDescriptor(o, name);
    if (d && d.configurable) delete o[name];
    else if (d && d.writable) o[name] = undefined;
  }
  try { Object.defineProperty(owner, name, { value: undefined, writable: false, configurable: false }); } catch { /* already fixed */ }
}

// The network, storage, other workers and channels, and the way back to the page.
const NETWORK_AND_STORAGE = ['fetch', 'XMLHttpRequest', 'WebSocket', 'WebSocketStream', 'WebTransport', 'EventSource',
  'importScripts', 'indexedDB', 'IDBFactory', 'caches', 'CacheStorage', 'BroadcastChannel', 'MessageChannel', 'MessagePort',
  'Worker', 'SharedWorker', 'postMessage', 'close', 'FontFace', 'fonts', 'RTCPeerConnection', 'RTCDataChannel',
  'Request', 'Response', 'onmessage', 'onmessageerror'];
const NAVIGATOR_PARTS = ['sendBeacon', 'storage', 'locks', 'serviceWorker', 'usb', 'hid', 'serial', 'bluetooth',
  'connection', 'mediaCapabilities', 'permissions', 'storageBuckets'];

function removeNetwork() {
  for (const name of NETWORK_AND_STORAGE) removeGlobal(self, name);
  if (self.navigator) for (const name of NAVIGATOR_PARTS) removeGlobal(self.navigator, name);
  self.setTimeout = (f, ms, ...args) => (typeof f === 'function' ? timer(f, ms, ...args) : undefined);
  self.setInterval = () => undefined;
}

function removeCompilers() {
  const refuse = function () { throw new EvalError('compiling code at run time is not available here'); };
  for (const f of [function () {}, async function () {}, function* () {}, async function* () {}]) {
    Object.defineProperty(Object.getPrototypeOf(f), 'constructor', { value: refuse, writable: false, configurable: false });
  }
  removeGlobal(self, 'eval');
  removeGlobal(self, 'Function');
}

// Chromium's optimizing compiler inlines its own variant of
// Array.prototype.sort into a hot caller, and that variant calls the
// comparator in another order (seen in Chromium 156 after about a thousand
// runs of `deck.sort(() => rand(2) ? 1 : -1)`): the law would change in the
// middle of an enumeration. Called through Reflect.apply the builtin stays the
// builtin, the one the core's cmp-v8-chromium models.
function pinBuiltinSort() {
  const builtinSort = Array.prototype.sort;
  Object.defineProperty(Array.prototype, 'sort', {
    value: function sort(compare) { return Reflect.apply(builtinSort, this, [compare]); }, writable: true, configurable: true,
  });
}

// Where a syntax error is: V8's SyntaxError from `new Function` has no
// position, but a script's syntax error is reported with its line and column
// (the error event). A string timer compiles the source inside a function that
// is never called; its first line is the wrapper's.
function syntaxPlace(source) {
  return new Promise((resolve) => {
    const onError = (e) => {
      e.preventDefault();
      self.removeEventListener('error', onError);
      resolve({ line: Math.max(0, e.lineno - 1), column: e.colno || 0 });
    };
    self.addEventListener('error', onError);
    timer(`function shuffleSyntaxProbe() {\n${source}\n}`);
    timer(() => { self.removeEventListener('error', onError); resolve({ line: 0, column: 0 }); });
  });
}

async function compile(source) {
  try {
    return compileShuffle(source, Function);
  } catch (err) {
    if (err instanceof RunError) throw err;
    if (err instanceof SyntaxError) {
      throw new RunError('parse', err.message, await syntaxPlace(source));
    }
    throw new RunError('throw', `${err && err.name ? err.name + ': ' : ''}${(err && err.message) ?? err}`, {});
  }
}

// Progress for the page's time budget: completed runs and draws, for each of
// the worker's first 1000 draws, then at most every 50 ms (the page stops a worker
// whose runs stop completing and reports the last draws it heard of).
let lastPost = -Infinity;
let runsDone = 0;
let drawsMade = 0;
let eagerPosts = 1000;
function progress(eager = false) {
  const t = now();
  if ((eager && eagerPosts-- > 0) || t - lastPost > 50) {
    lastPost = t;
    post({ type: 'progress', runs: runsDone, draws: drawsMade });
  }
}

async function run(job) {
  removeNetwork();
  pinBuiltinSort();
  Math.random = dispatchMathRandom;
  const shuffle = await compile(String(job.source));
  removeCompilers();
  const n = Number(job.n);
  if (!Number.isInteger(n) || n < 1 || n > LIMITS.maxCards) {
    throw new RunError('length', `n: ${job.n} cards; the sandbox runs 1 to ${LIMITS.maxCards}`, {});
  }
  if (job.mode === 'trace') {
    const text = traceText(shuffle, { n, seed: job.seed, onDraw: (d) => { drawsMade = d; progress(true); } });
    post({ type: 'done', text });
  } else if (job.mode === 'exact') {
    const text = exactText(shuffle, { n, onRun: (runs) => { runsDone = runs; progress(); } });
    post({ type: 'done', text });
  } else if (job.mode === 'sample') {
    // This worker's chunks: stream numbers and their sizes, one message each.
    for (const { stream, count } of job.chunks) {
      const lines = sampleDecks(shuffle, {
        n, seed: job.seed, stream, count,
        onDraw: (d) => { drawsMade = d; progress(true); },
        onRun: () => { runsDone++; progress(); },
      });
      post({ type: 'chunk', stream, lines });
    }
    post({ type: 'done', text: '' });
  } else {
    throw new RunError('throw', `unknown mode ${job.mode}`, {});
  }
}

self.addEventListener('message', (event) => {
  run(event.data).catch((err) => {
    post({ type: 'done', text: errorText(err, drawsMade) });
  });
}, { once: true });
