// prefs.js: the reader's own preferences, kept in this browser's localStorage
// and never in links, so a shared link looks the same in anyone's theme and
// size: the UI scale (75-250%, also Ctrl+= / Ctrl+- / Ctrl+0) and the theme
// (dark, or light with high contrast; by default the system's
// prefers-color-scheme). This file applies them when the app is ready; the app
// (src/app/main.cpp) saves them under the same key when the reader changes them.
(function () {
  'use strict';
  const KEY = 'shufflelab.prefs';
  function load() {
    try { return JSON.parse(localStorage.getItem(KEY) || '{}') || {}; } catch (e) { return {}; }
  }
  const saved = load();
  const systemLight = window.matchMedia && window.matchMedia('(prefers-color-scheme: light)').matches;
  const theme = saved.theme === 'light' || saved.theme === 'dark' ? saved.theme : (systemLight ? 'light' : 'dark');
  const scale = Number.isInteger(saved.scale) && saved.scale >= 75 && saved.scale <= 250 ? saved.scale : 100;
  function apply() {
    const hook = window.shufflelab;
    if (!hook || !hook.ready) { setTimeout(apply, 20); return; }
    hook.command('theme=' + theme);
    hook.command('ui_scale=' + scale);
  }
  apply();
})();
