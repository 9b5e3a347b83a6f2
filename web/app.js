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

  // A command goes to the core through the heap: ccall would copy it onto the
  // wasm stack at 4 bytes a character, and a long one (a lesson file, the
  // exact result of a reader's shuffle, over about a million characters)
  // would overrun the stack and crash the app.
  function query(command) {
    const bytes = new TextEncoder().encode(command || '');
    const at = Module._malloc(bytes.length + 1);
    Module.HEAPU8.set(bytes, at);
    Module.HEAPU8[at + bytes.length] = 0;
    try {
      return JSON.parse(Module.ccall('shufflelab_test_query', 'string', ['number'], [at]));
    } finally {
      Module._free(at);
    }
  }
  hook.state = function () { return query(''); };
  hook.command = function (name) { return query(name); };

  // The address opens as a link does (main.cpp, shufflelab_set_hash) when the
  // reader edits it (hashchange) or goes Back or Forward (popstate; the app
  // pushes an entry for each lab, finding and lesson step, web_glue.cpp). A
  // traversal fires both events: the second finds its address already open.
  // Module.shufflelabHash is the address the app last opened or wrote.
  function openAddress() {
    if (!hook.ready || window.location.hash === Module.shufflelabHash) return;
    Module.shufflelabHash = window.location.hash;
    Module.ccall('shufflelab_set_hash', null, ['string'], [window.location.hash]);
  }
  window.addEventListener('popstate', openAddress);
  window.addEventListener('hashchange', openAddress);

  // The wheel and trackpads scroll the region under the pointer by the
  // distance they report, in its unit (pixels, lines or pages; main.cpp,
  // shufflelab_wheel). Emscripten 3.1.6's GLFW would hand ImGui deltaY as it
  // comes (pixels, the browser's sign) where ImGui 1.86 wants steps of five
  // lines the other way up: a notch scrolled a hundred steps backwards. So the
  // event stops here, before GLFW. Shift turns a vertical wheel sideways;
  // Ctrl+wheel (and a trackpad's pinch) is left to the browser's zoom.
  function onWheel(e) {
    if (e.target !== canvas) return;
    e.stopImmediatePropagation();
    if (e.ctrlKey) return;
    e.preventDefault();
    if (!hook.ready || e.type !== 'wheel') return;
    let dx = e.deltaX, dy = e.deltaY;
    if (e.shiftKey && dx === 0) dx = dy, dy = 0;
    Module.ccall('shufflelab_wheel', null, ['number', 'number', 'number'], [e.deltaMode, dx, dy]);
  }
  for (const type of ['wheel', 'mousewheel']) window.addEventListener(type, onWheel, { capture: true, passive: false });
  // The app reads the clipboard as a C string: a NUL would silently cut the
  // paste there. It arrives as U+FFFD instead, which the field's reader names
  // with its line and column (the Check lab: "the character ... is not read here").
  window.addEventListener('paste', function (e) {
    const text = e.clipboardData ? e.clipboardData.getData('text/plain') : '';
    Module.shufflelabPasted = text.replace(/\0/g, '\uFFFD');
  });
  // The hidden <input> over the text field being edited (Module.shufflelabTextProxy below).
  const proxy = document.getElementById('text-proxy') || (function () {
    const input = document.createElement('input');
    input.id = 'text-proxy';
    document.body.appendChild(input);
    return input;
  })();
  let proxyActive = false;
  canvas.addEventListener('pointerdown', function () { if (!proxyActive) canvas.focus(); });

  // Touches go to the app as touches (backing pixels): it decides between a
  // tap, a drag of the widget under the finger and scrolling the window under
  // it (ImGui 1.86 has no touch API; main.cpp, apply_touch). Only the first
  // finger counts; a second one (a pinch) is ignored. The events are stopped
  // here, before Emscripten's GLFW, which would press the mouse where the
  // previous tap was.
  let fingerId = null;
  function toBacking(touch) {
    const r = canvas.getBoundingClientRect(), sx = canvas.width / r.width, sy = canvas.height / r.height;
    return [(touch.clientX - r.left) * sx, (touch.clientY - r.top) * sy];
  }
  const touchPhase = { touchstart: 0, touchmove: 1, touchend: 2, touchcancel: 3 };
  function onTouch(e) {
    if (e.target !== canvas || !e.changedTouches.length) return;
    e.stopImmediatePropagation();
    e.preventDefault();
    if (!proxyActive) canvas.focus();
    let touch = null;
    for (const t of e.changedTouches) {
      if (e.type === 'touchstart' ? fingerId === null : t.identifier === fingerId) { touch = t; break; }
    }
    if (!touch) return;
    if (e.type === 'touchstart') fingerId = touch.identifier;
    else if (e.type !== 'touchmove') fingerId = null;
    if (hook.ready) {
      const [x, y] = toBacking(touch);
      Module.ccall('shufflelab_touch', null, ['number', 'number', 'number'], [touchPhase[e.type], x, y]);
      // Some phones raise a keyboard only for a focus made inside the gesture.
      if (e.type === 'touchend' && Module.ccall('shufflelab_text_wanted', 'number', [], [])) focusProxy();
    }
  }
  for (const type of ['touchstart', 'touchmove', 'touchend', 'touchcancel']) {
    window.addEventListener(type, onTouch, { capture: true, passive: false });
  }
  window.addEventListener('error', function (e) { hook.errors.push(String(e.message)); });

  // Typing on phones: a focused <canvas> raises no on-screen keyboard, so while
  // ImGui edits a text field the app puts a real, invisible <input> over it
  // (Module.shufflelabTextProxy, called from web_glue.cpp) and focuses it.
  // What is typed there goes to ImGui as characters (input events; IME text on
  // compositionend: mobile keyboards send keyCode 229 and no useful key) and
  // editing keys (keydown's key) as GLFW keys; the <input> is emptied after
  // each forward. When the field is left the <input> is blurred, which hides
  // the keyboard. Key events aimed at it are stopped before Emscripten's GLFW
  // (which listens on window) so nothing arrives twice.
  const glfwKeys = { Backspace: 259, Enter: 257, Delete: 261, Escape: 256, Tab: 258, ArrowLeft: 263, ArrowRight: 262,
    ArrowUp: 265, ArrowDown: 264, Home: 268, End: 269 };
  let composing = false;
  function focusProxy() {
    if (proxyActive && document.activeElement !== proxy) proxy.focus({ preventScroll: true });
  }
  function forwardProxyText() {
    const text = proxy.value;
    proxy.value = '';
    if (text && hook.ready) Module.ccall('shufflelab_text', null, ['string'], [text]);
  }
  Module.shufflelabTextProxy = function (active, x0, y0, x1, y1, mode) {
    const r = canvas.getBoundingClientRect(), scale = canvas.width / r.width;
    proxyActive = active;
    proxy.classList.toggle('active', active);
    if (!active) {
      proxy.value = '';
      if (document.activeElement === proxy) { proxy.blur(); canvas.focus({ preventScroll: true }); }
      return;
    }
    proxy.style.left = (r.left + x0 / scale) + 'px';
    proxy.style.top = (r.top + y0 / scale) + 'px';
    proxy.style.width = Math.max(1, (x1 - x0) / scale) + 'px';
    proxy.style.height = Math.max(1, (y1 - y0) / scale) + 'px';
    proxy.inputMode = mode === 'hex' ? 'text' : mode;
    proxy.setAttribute('autocapitalize', mode === 'hex' ? 'characters' : 'off');
    proxy.enterKeyHint = 'done';
    focusProxy();
  };
  for (const type of ['keydown', 'keypress', 'keyup']) {
    window.addEventListener(type, function (e) {
      if (e.target !== proxy) return;  // the page's own keys stopped before this (web/page_keys.js)
      e.stopImmediatePropagation();  // GLFW must not see these
      if (type !== 'keydown' || composing || e.isComposing) return;
      const key = glfwKeys[e.key];
      if (key && hook.ready) {
        e.preventDefault();
        forwardProxyText();
        Module.ccall('shufflelab_text_key', null, ['number'], [key]);
      }
    }, true);
  }
  proxy.addEventListener('beforeinput', function (e) {
    // Keyboards that send no keydown for these (keyCode 229).
    const key = { deleteContentBackward: 259, deleteContentForward: 261, insertLineBreak: 257, insertParagraph: 257 }[e.inputType];
    if (!key || !hook.ready) return;
    e.preventDefault();
    forwardProxyText();
    Module.ccall('shufflelab_text_key', null, ['number'], [key]);
  });
  proxy.addEventListener('input', function (e) { if (!composing && !e.isComposing) forwardProxyText(); });
  proxy.addEventListener('compositionstart', function () { composing = true; });
  proxy.addEventListener('compositionend', function () { composing = false; forwardProxyText(); });

  // A lesson file dropped onto the page (one step a line: link, tab, text)
  // opens as a lesson; the app reports what is wrong with one that is not.
  window.addEventListener('dragover', function (e) { e.preventDefault(); });
  window.addEventListener('drop', function (e) {
    e.preventDefault();
    const file = e.dataTransfer && e.dataTransfer.files[0];
    if (!file || !hook.ready) return;
    if (hook.state().lab === 'check') { checkFile(file, file.name); return; }
    // A routine's source (one too long for a link was saved as a file) opens in the Assembly lab's editor.
    if (hook.state().lab === 'asm') {
      file.slice(0, (1 << 20) + 1).text().then(function (text) { hook.command('src=' + encodeURIComponent(text)); });
      return;
    }
    // Past the core's limit the text is cut; the core then refuses it by size.
    file.slice(0, (4 << 20) + 1).text().then(function (text) { hook.command('tour_text=' + encodeURIComponent(text)); });
  });

  // The Check lab's files stay in this page: the app names them by an id, and
  // the worker that checks one gets the File itself (read in slices there).
  const checkFiles = new Map();
  let nextFileId = 1;
  function keepFile(blob) {
    const id = nextFileId++;
    checkFiles.clear();  // one file at a time: the last one checked
    checkFiles.set(id, blob);
    return id;
  }
  function checkFile(blob, name) {
    hook.command('check_file=' + keepFile(blob) + ':' + blob.size + ':' + encodeURIComponent(name));
  }
  const filePicker = document.createElement('input');
  filePicker.type = 'file';
  filePicker.hidden = true;
  filePicker.id = 'check-file-picker';
  filePicker.addEventListener('change', function () {
    if (filePicker.files[0] && hook.ready) checkFile(filePicker.files[0], filePicker.files[0].name);
    filePicker.value = '';
  });
  document.body.appendChild(filePicker);
  window.shufflelabFiles = {
    pick: function () { filePicker.click(); },
    // Pasted text becomes a file like a dropped one; the panel starts the check itself.
    addText: function (text) { return keepFile(new Blob([text])); },
  };

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
      if (m.heapBytes) window.shufflelabJobs.lastCheckHeapBytes = m.heapBytes;  // measured by tools/check_speed.mjs
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
    // text: the input of a job that reads one ("assemble": the source, "deck_tests": a tally), or undefined.
    start: function (id, kind, params, text) {
      jobs.set(id, { state: 1, progress: 0, summary: 'starting' });
      const fileId = kind === 'check_file' ? Number(new URLSearchParams(params).get('file')) : 0;
      queue.push({ id: id, kind: kind, params: params, text: text, blob: fileId ? checkFiles.get(fileId) : undefined });
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
    // Test hooks: how many workers were started and are busy, and a way to crash one.
    spawned: function () { return spawnCount; },
    busy: function () { return pool.filter(function (s) { return s.busyWith; }).length + queue.length; },
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
