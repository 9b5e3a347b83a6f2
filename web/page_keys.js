// Which keys are the page's and which the app's, decided in one place.
// Emscripten's GLFW listens for keys on window (capture), so without this a
// key typed in the Share dialog's note, or pressed on a lesson bar button,
// would also reach the app: an "s" would reopen the dialog, Space would play
// the lab, Page Down would turn the lesson's page. This script is loaded
// before app.js loads the app, so its listener runs before GLFW's and stops
// the page's keys there. The page's keys:
// - everything typed in a field (<input>, <textarea>, <select>, editable
//   text), except the app's own hidden text field (app.js hands its keys to
//   the field being edited in the app);
// - everything inside a dialog (its buttons, Tab, Escape);
// - keys on the page's other controls (the lesson bar's buttons, the Text view
//   button), except Page Up and Page Down, which turn the lesson's page in the
//   app as they do with the canvas focused.
// Keys aimed at the canvas, or at no control at all, are the app's.
'use strict';
(function () {
  const pageTurns = new Set(['PageUp', 'PageDown']);

  function isPageKey(e) {
    const target = e.target;
    if (!(target instanceof Element)) return false;
    if (target.id === 'canvas' || target.id === 'text-proxy' || target === document.body || target === document.documentElement)
      return false;
    if (target.closest('dialog') || target.matches('input, textarea, select') || target.isContentEditable) return true;
    return !pageTurns.has(e.key);
  }

  for (const type of ['keydown', 'keypress', 'keyup']) {
    window.addEventListener(type, function (e) {
      if (isPageKey(e)) e.stopImmediatePropagation();
    }, true);
  }
})();
