// The service worker: after the first visit the playground opens without a network.
// The build (tools/sw_version.cmake, run by the `site` target) replaces the two
// placeholders below with the build's version (a hash of every file it lists)
// and the list of the site's own files with their SHA-256, so any changed file
// makes a new sw.js, which the browser installs next to the old one.
//  - install: fetch every listed file, check its hash, store them in this
//    version's cache (a file that does not match its hash fails the install, so a
//    half-updated server never becomes the offline copy);
//  - activate: delete this site's caches of other versions;
//  - fetch: the listed files cache-first (they belong to this version), page
//    navigations network-first with the cached page as the fallback, everything
//    else (and anything from another origin) is not touched and never cached.
// A new version waits until no tab runs the old one (no skipWaiting), so a tab
// never mixes an old app.js with a new worker.js or wasm.
'use strict';
const VERSION = '@SW_VERSION@';
const FILES = [/*@SW_FILES@*/];  // [name, sha256 hex], names relative to this file

const SCOPE = self.registration.scope;
const PREFIX = 'shufflelab ' + SCOPE + ' ';  // caches are per origin: keep to this copy of the site
const CACHE = PREFIX + VERSION;
const urlOf = (name) => new URL(name, SCOPE).href;
const LISTED = new Set(FILES.map(([name]) => urlOf(name)));

function hex(buffer) {
  return Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, '0')).join('');
}

async function precache() {
  const cache = await caches.open(CACHE);
  await Promise.all(FILES.map(async ([name, sha256]) => {
    // 'no-cache': revalidate with the server, never trust a stale HTTP cache entry.
    const response = await fetch(new Request(urlOf(name), { cache: 'no-cache', credentials: 'same-origin' }));
    if (!response.ok) throw new Error(`${name}: HTTP ${response.status}`);
    const got = hex(await crypto.subtle.digest('SHA-256', await response.clone().arrayBuffer()));
    if (got !== sha256) throw new Error(`${name} does not belong to version ${VERSION}`);
    await cache.put(urlOf(name), response);
  }));
}

self.addEventListener('install', (event) => {
  event.waitUntil(precache().catch(async (err) => {
    await caches.delete(CACHE);  // no half-filled cache; the next visit tries again
    throw err;
  }));
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();  // the first visit's page works offline without a reload
  })());
});

// The sandbox worker for a reader's code always carries its policy (no
// connections; docs/code_sandbox.md), even from a host that sends no headers.
const CODE_WORKER = urlOf('code_worker.js');
const CODE_WORKER_CSP = "default-src 'none'; script-src 'self' 'unsafe-eval'";
function withCodeWorkerPolicy(response) {
  if (!response || response.headers.get('Content-Security-Policy')) return response;
  const headers = new Headers(response.headers);
  headers.set('Content-Security-Policy', CODE_WORKER_CSP);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

async function cacheFirst(request) {
  const cached = await (await caches.open(CACHE)).match(request.url);
  const response = cached || await fetch(request);
  return request.url === CODE_WORKER ? withCodeWorkerPolicy(response) : response;
}

async function networkFirst(request) {
  try {
    return await fetch(request);
  } catch (err) {
    const url = new URL(request.url);
    url.search = '';
    url.hash = '';
    if (url.pathname.endsWith('/')) url.pathname += 'index.html';
    const cached = LISTED.has(url.href) && await (await caches.open(CACHE)).match(url.href);
    if (cached) return cached;
    throw err;
  }
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;  // other origins: the browser's own handling
  if (request.mode === 'navigate') { event.respondWith(networkFirst(request)); return; }
  url.hash = '';
  if (url.search === '' && LISTED.has(url.href)) event.respondWith(cacheFirst(request));
});
