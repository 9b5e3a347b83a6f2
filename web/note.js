// The sender's note (note= in the link) as DOM text in a strip above the
// canvas: the canvas font holds only the characters the app itself draws, the
// browser's fonts hold every script. The note and the theme come with the
// app's page view (web/page_view.js), the channel the lesson bar reads too,
// so the strip always shows the note of the state on screen. Notes come from links
// anyone can write: the text is set with textContent only, never as HTML, and
// dir=auto lets a Hebrew or Arabic note read right to left. The strip exists
// from the start (hidden without a note), and the canvas starts below it
// (--note-height in style.css), so it never covers the app.
'use strict';
(function () {
  const canvas = document.getElementById('canvas');
  const root = document.documentElement;
  const bar = document.createElement('section');
  bar.id = 'note-bar';
  bar.hidden = true;
  bar.setAttribute('aria-labelledby', 'note-label');
  const label = document.createElement('p');
  label.id = 'note-label';
  label.textContent = 'The sender\u2019s note (their words, not the playground\u2019s):';
  const text = document.createElement('p');
  text.id = 'note-text';
  text.dir = 'auto';
  bar.append(label, text);
  document.body.insertBefore(bar, canvas);

  function follow() { root.style.setProperty('--note-height', (bar.hidden ? 0 : bar.offsetHeight) + 'px'); }
  new ResizeObserver(follow).observe(bar);

  window.shufflelabPageView.follow(function (view) {
    const note = typeof view.note === 'string' ? view.note : '';
    if (text.textContent !== note) text.textContent = note;
    bar.hidden = !note;
    root.classList.toggle('share-theme-light', view.theme === 'light');
    follow();
  });
})();
