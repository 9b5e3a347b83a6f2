// Offline after the first visit: registers the service worker (sw.js), which keeps
// this build's files in a cache. Without service workers (old browsers, file://,
// private modes that refuse them) the page simply needs the network, as before.
'use strict';
(function () {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  window.addEventListener('load', function () {
    // updateViaCache 'none': the browser always asks the server whether sw.js changed.
    navigator.serviceWorker.register('sw.js', { scope: './', updateViaCache: 'none' }).catch(function (err) {
      // Offline, or a server without sw.js: the app runs all the same.
      console.warn('shufflelab: no offline copy (' + ((err && err.message) || err) + ')');
    });
  });
})();
