// Loads the sandbox for a reader's shuffle (web/code_sandbox.js, which starts
// the sandbox workers) when the Shuffle lab's Your code tab first asks for a
// run: the first page view with a codeRequest (docs/code_sandbox.md). Until
// then it is not downloaded. code_sandbox.js follows the page view itself once
// it runs, and a reader that follows late gets the last view, so the request
// that loaded it is the first it runs. A line "Loading the sandbox..." shows
// meanwhile. The offline copy has the file: sw.js lists every file of the site.
'use strict';
(function () {
  const status = document.createElement('p');
  status.id = 'sandbox-status';
  status.setAttribute('role', 'status');
  status.hidden = true;
  document.body.appendChild(status);
  let loading = null;  // the promise of the script, while it loads or once it has

  function load() {
    if (loading) return loading;
    status.textContent = 'Loading the sandbox\u2026';
    status.hidden = false;
    loading = new Promise(function (ok, fail) {
      const script = document.createElement('script');
      script.src = 'code_sandbox.js';
      script.onload = function () { status.hidden = true; ok(window.shufflelabCodeSandbox); };
      script.onerror = function () {
        script.remove();
        loading = null;  // the next request tries again
        status.textContent = 'The sandbox for your code did not load (code_sandbox.js): check the connection; ' +
                             'the next run tries again.';
        fail(new Error('code_sandbox.js did not load'));
      };
      document.body.appendChild(script);
    });
    return loading;
  }

  window.shufflelabPageView.follow(function (view) {
    if (view.codeRequest) load().catch(function () {});
  });
  // The same load for the browser tests, which drive the sandbox without the core.
  window.shufflelabLoadCodeSandbox = load;
})();
