// The text view: what the current lab shows, as text the browser can read
// aloud, select, copy and find (the canvas is one image to assistive
// technology). The app sends a JSON array of {kind, text} (core/lab_text via
// web_glue.cpp's js_publish_text, at most four times a second, only when it
// changed); it is rendered here with createElement and textContent only, never
// as HTML. Hidden visually (not from screen readers) until the "Text view"
// button opens it as a panel beside the canvas.
'use strict';
(function () {
  const MAX_LINES = 200, MAX_CHARS = 2000;  // the core sends at most 80 lines of 700 bytes
  const section = document.getElementById('text-view');
  const body = document.getElementById('text-view-body');
  const toggle = document.getElementById('text-view-toggle');
  const canvas = document.getElementById('canvas');
  if (!section || !body || !toggle) return;
  const tagOf = { heading: 'H2', subheading: 'H3', paragraph: 'P', item: 'LI' };
  let renders = 0;

  function parse(json) {
    let lines;
    try { lines = JSON.parse(json); } catch (e) { return null; }
    if (!Array.isArray(lines)) return null;
    const out = [];
    for (const l of lines.slice(0, MAX_LINES)) {
      if (!l || typeof l.text !== 'string' || !tagOf[l.kind]) continue;
      out.push({ tag: tagOf[l.kind], text: l.text.slice(0, MAX_CHARS) });
    }
    return out;
  }

  // Blocks: consecutive items share one <ul>.
  function shapeOf(lines) {
    const blocks = [];
    for (const l of lines) {
      if (l.tag === 'LI' && blocks.length && blocks[blocks.length - 1].tag === 'UL') blocks[blocks.length - 1].items.push(l.text);
      else if (l.tag === 'LI') blocks.push({ tag: 'UL', items: [l.text] });
      else blocks.push({ tag: l.tag, text: l.text });
    }
    return blocks;
  }

  function build(block) {
    const el = document.createElement(block.tag);
    if (block.tag !== 'UL') { el.textContent = block.text; return el; }
    for (const t of block.items) {
      const li = document.createElement('li');
      li.textContent = t;
      el.appendChild(li);
    }
    return el;
  }

  // Lines that did not change keep their elements, so a screen reader's live
  // region announces only what changed (a step, a register) and a selection in
  // an unchanged line survives.
  function update(json) {
    const lines = parse(json);
    if (!lines) return;
    renders++;
    const blocks = shapeOf(lines);
    const old = Array.from(body.children);
    const sameShape = old.length === blocks.length && blocks.every(function (b, i) {
      return old[i].tagName === b.tag && (b.tag !== 'UL' || old[i].children.length === b.items.length);
    });
    if (!sameShape) {
      body.replaceChildren.apply(body, blocks.map(build));
      return;
    }
    blocks.forEach(function (b, i) {
      if (b.tag !== 'UL') {
        if (old[i].textContent !== b.text) old[i].textContent = b.text;
        return;
      }
      b.items.forEach(function (t, k) {
        const li = old[i].children[k];
        if (li.textContent !== t) li.textContent = t;
      });
    });
  }

  function setOpen(open) {
    section.classList.toggle('open', open);
    toggle.setAttribute('aria-pressed', open ? 'true' : 'false');
    document.body.classList.toggle('text-view-open', open);
  }
  toggle.addEventListener('click', function () { setOpen(toggle.getAttribute('aria-pressed') !== 'true'); });

  // The canvas keeps Tab for the app (Emscripten's GLFW swallows it), so
  // Shift+Tab on the canvas leaves it for the "Text view" button before it.
  window.addEventListener('keydown', function (e) {
    if (e.key !== 'Tab' || !e.shiftKey || e.target !== canvas) return;
    e.stopImmediatePropagation();
    e.preventDefault();
    toggle.focus();
  }, true);

  window.shufflelabTextView = {
    update: update,
    renders: function () { return renders; },
    setOpen: setOpen,
  };
  // Text published before this script ran.
  if (window.Module && typeof window.Module.shufflelabTextJson === 'string') update(window.Module.shufflelabTextJson);
})();
