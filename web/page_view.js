// The one channel from the app to the page's own DOM text: the app publishes
// what the page draws around the canvas (ui::LabApp::page_view_json via
// web_glue.cpp's js_publish_page_view, when it changes: the lesson, present
// mode, the theme, the sender's note) and every reader follows it
// (web/lesson_bar.js, web/note.js). Loaded before app.js, so it is there when
// the app first publishes; a reader that follows later gets the last view.
'use strict';
(function () {
  const readers = [];
  let last = null;
  window.shufflelabPageView = {
    publish: function (json) {
      let view;
      try { view = JSON.parse(json); } catch (e) { return; }
      if (!view || typeof view !== 'object') return;
      last = view;
      for (const read of readers) read(view);
    },
    follow: function (read) {
      readers.push(read);
      if (last) read(last);
    },
  };
})();
