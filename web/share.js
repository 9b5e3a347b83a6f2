// The Share dialog: the link for what is on screen (the link the core writes
// for the current state: the hook's `hash`), or the same state as one line of
// a lesson file (`lessonStep`: link, tab, the note as the step's text), with a
// note, Copy and a QR code of the link. The note goes to the core as the
// command note=TEXT, the path a link's note= takes, so the core's rules apply
// (plain text, at most 280 characters) and a refused note keeps the last valid
// one; the core's reason is shown under the field. Opened by the app's
// "Share..." button and its key S (web_glue.cpp, js_open_share_dialog).
// A modal <dialog>: focus stays inside, Escape closes, focus returns to the
// canvas. Keys typed here never reach the app (web/page_keys.js stops them
// before Emscripten's GLFW, which listens on window). The QR code comes from Debian's node-qrcode-generator
// (qrcode.js, copied into the site at build time), loaded on first use.
'use strict';
(function () {
  const canvas = document.getElementById('canvas');

  function make(tag, props, children) {
    const el = document.createElement(tag);
    for (const [k, v] of Object.entries(props || {})) {
      if (k === 'text') el.textContent = v;
      else el.setAttribute(k, v);
    }
    for (const c of children || []) el.appendChild(c);
    return el;
  }

  const note = make('textarea', { id: 'share-note', dir: 'auto', rows: '3', spellcheck: 'true',
    'aria-describedby': 'share-note-hint share-note-problem' });
  const noteProblem = make('p', { id: 'share-note-problem', class: 'share-problem', role: 'alert' });
  const asStep = make('input', { id: 'share-as-step', type: 'checkbox' });
  const outputLabel = make('label', { for: 'share-output', class: 'share-label', text: 'Link' });
  const output = make('textarea', { id: 'share-output', rows: '3', readonly: '', spellcheck: 'false',
    'aria-describedby': 'share-output-hint' });
  const outputHint = make('p', { id: 'share-output-hint', class: 'share-hint' });
  const copy = make('button', { id: 'share-copy', type: 'button', text: 'Copy' });
  const copyStatus = make('span', { id: 'share-copy-status', role: 'status' });
  const qrCanvas = make('canvas', { id: 'share-qr', role: 'img', 'aria-label': 'QR code of the link' });
  const qrCaption = make('figcaption', { id: 'share-qr-caption', text: 'Scan to open the link.' });
  const close = make('button', { id: 'share-close', type: 'button', text: 'Close' });
  // Close is at the top, where a phone's thumb finds it without scrolling past the QR code.
  const dialog = make('dialog', { id: 'share-dialog', 'aria-labelledby': 'share-title' }, [
    make('div', { class: 'share-header' }, [make('h2', { id: 'share-title', text: 'Share what is on screen' }), close]),
    make('div', { class: 'share-layout' }, [
      make('div', { class: 'share-form' }, [
        make('label', { for: 'share-note', class: 'share-label', text: 'Note (optional)' }),
        make('p', { id: 'share-note-hint', class: 'share-hint',
          text: 'Plain text in any script, at most 280 characters; shown above the lab to whoever opens the link.' }),
        note, noteProblem,
        make('p', { class: 'share-check' }, [asStep,
          make('label', { for: 'share-as-step', text: ' As a lesson step (a line for a lesson file, the note as its text)' })]),
        outputLabel, output, outputHint,
        make('p', { class: 'share-actions' }, [copy, copyStatus]),
      ]),
      make('figure', { class: 'share-qr' }, [qrCanvas, qrCaption]),
    ]),
  ]);
  document.body.appendChild(dialog);

  const hook = function () { return window.shufflelab; };
  let link = '';

  function show(state) {
    link = window.location.href.split('#')[0] + state.hash;
    noteProblem.textContent = state.noteProblem || '';
    noteProblem.hidden = !state.noteProblem;
    note.setAttribute('aria-invalid', state.noteProblem ? 'true' : 'false');
    if (asStep.checked) {
      outputLabel.textContent = 'Lesson step';
      output.value = state.lessonStep;
      outputHint.textContent = state.lessonStep
        ? 'Paste it as a line of a lesson file ("Open a lesson..." in the menu).'
        : 'A lesson step needs a text: write it as the note.';
    } else {
      outputLabel.textContent = 'Link';
      output.value = link;
      outputHint.textContent = 'The link opens exactly this state' + (state.note ? ', with the note.' : '.');
    }
    copy.disabled = !output.value;
    copyStatus.textContent = '';
    drawQr(link);
  }

  note.addEventListener('input', function () {
    const h = hook();
    if (!h || !h.ready) return;
    h.command('note=' + encodeURIComponent(note.value));
    show(h.state());
  });
  asStep.addEventListener('change', function () { show(hook().state()); });

  copy.addEventListener('click', function () {
    const text = output.value;
    const selectForCopy = function () {
      output.focus();
      output.select();
      copyStatus.textContent = 'Selected: press Ctrl+C (\u2318C on a Mac), or touch and hold, then Copy.';
    };
    if (!navigator.clipboard || !navigator.clipboard.writeText) { selectForCopy(); return; }
    navigator.clipboard.writeText(text).then(function () {
      copyStatus.textContent = asStep.checked ? 'Lesson step copied.' : 'Link copied.';
    }, selectForCopy);
  });

  // The QR code: black modules on white with the standard four-module quiet
  // zone, each module a whole number of device pixels so it stays sharp.
  let qrLoading = null;
  function qrLibrary() {
    if (window.qrcode) return Promise.resolve(window.qrcode);
    if (!qrLoading) {
      qrLoading = new Promise(function (resolve, reject) {
        const script = document.createElement('script');
        script.src = 'qrcode.js';
        script.onload = function () { resolve(window.qrcode); };
        script.onerror = function () { qrLoading = null; reject(new Error('qrcode.js did not load')); };
        document.head.appendChild(script);
      });
    }
    return qrLoading;
  }
  function qrOf(text, qrcode) {
    for (const level of ['M', 'L']) {  // M survives more damage; L holds longer links
      try {
        const qr = qrcode(0, level);
        qr.addData(text, 'Byte');
        qr.make();
        return qr;
      } catch (e) { /* too long at this level */ }
    }
    return null;
  }
  function drawQr(text) {
    qrLibrary().then(function (qrcode) {
      if (text !== link) return;  // a newer link is being drawn
      const qr = qrOf(text, qrcode);
      qrCanvas.hidden = !qr;
      qrCaption.textContent = qr ? 'Scan to open the link.'
        : 'The link has ' + text.length + ' characters, too many for a QR code.';
      if (!qr) return;
      const modules = qr.getModuleCount(), cells = modules + 8;
      const dpr = window.devicePixelRatio || 1;
      const cell = Math.max(1, Math.floor(qrCanvas.parentElement.clientWidth * dpr / cells));
      qrCanvas.width = qrCanvas.height = cell * cells;
      qrCanvas.style.width = qrCanvas.style.height = (cell * cells / dpr) + 'px';
      const ctx = qrCanvas.getContext('2d');
      ctx.fillStyle = '#fff';
      ctx.fillRect(0, 0, qrCanvas.width, qrCanvas.height);
      ctx.fillStyle = '#000';
      for (let r = 0; r < modules; r++)
        for (let c = 0; c < modules; c++)
          if (qr.isDark(r, c)) ctx.fillRect((c + 4) * cell, (r + 4) * cell, cell, cell);
      qrCanvas.dataset.text = text;  // what the code holds (tests decode it and compare)
    }, function () {
      qrCanvas.hidden = true;
      qrCaption.textContent = 'The QR code could not be drawn (qrcode.js did not load).';
    });
  }

  function open() {
    const h = hook();
    if (!h || !h.ready || dialog.open) return;
    // Sending the current note again clears a refusal left from the last time.
    const state = h.command('note=' + encodeURIComponent(h.state().note));
    note.value = state.note;
    dialog.showModal();
    show(state);
    note.focus({ preventScroll: true });
  }
  close.addEventListener('click', function () { dialog.close(); });
  dialog.addEventListener('close', function () { if (canvas) canvas.focus({ preventScroll: true }); });
  window.addEventListener('resize', function () { if (dialog.open) drawQr(link); });

  window.shufflelabShare = { open: open };
})();
