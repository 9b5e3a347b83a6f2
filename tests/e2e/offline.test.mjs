// Offline after the first visit (web/sw.js, web/offline.js, tools/sw_version.cmake):
// the build writes a version into sw.js that changes with any site file; the first
// visit fills the cache; a reload with no network opens the app; a new build's
// version replaces the old cache.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, appendFileSync, existsSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { ROOT, SITE, CHROMIUM_ARGS, waitForAsync } from './browser.mjs';
import { startServer } from '../../tools/serve.mjs';

const TEMPLATE = join(ROOT, 'web', 'sw.js');
const SCRIPT = join(ROOT, 'tools', 'sw_version.cmake');
const temps = [];
function siteCopy() {
  const dir = mkdtempSync(join(tmpdir(), 'shufflelab-offline-'));
  temps.push(dir);
  cpSync(SITE, dir, { recursive: true });
  return dir;
}
const writeSw = (dir) => execFileSync('cmake', [`-DSITE=${dir}`, `-DTEMPLATE=${TEMPLATE}`, '-P', SCRIPT]);
const swText = (dir) => readFileSync(join(dir, 'sw.js'), 'utf8');
const versionOf = (dir) => swText(dir).match(/^const VERSION = '([0-9a-f]{16})';$/m)?.[1];
const listedOf = (dir) => Object.fromEntries([...swText(dir).matchAll(/\['([^']+)', '([0-9a-f]{64})'\]/g)].map((m) => [m[1], m[2]]));
const sha256 = (file) => createHash('sha256').update(readFileSync(file)).digest('hex');
// A valid wasm custom section ("x", one byte) appended: a new build of the same program.
const touchWasm = (file) => appendFileSync(file, Buffer.from([0x00, 0x03, 0x01, 0x78, 0x01]));

after(() => { for (const dir of temps) rmSync(dir, { recursive: true, force: true }); });

test('the built sw.js lists every site file with its hash, and its version follows their content', () => {
  assert.ok(existsSync(join(SITE, 'sw.js')), 'build/wasm/site/sw.js: build the site target first');
  const built = listedOf(SITE);
  for (const name of ['index.html', 'app.js', 'offline.js', 'worker.js', 'style.css', 'shufflelab.js', 'shufflelab.wasm',
    'shufflelab_core.mjs', 'shufflelab_core.wasm', 'embed.html', 'embed.css', 'code_sandbox_loader.js', 'code_sandbox.js',
    'code_worker.js', 'shuffle_runner.mjs']) {
    assert.equal(built[name], sha256(join(SITE, name)), `${name} missing or stale in sw.js`);
  }
  assert.equal(built['sw.js'], undefined);
  assert.ok(!swText(SITE).includes('@SW_'), 'a placeholder was left in sw.js');

  // The same files give the same version wherever the site lies (deterministic).
  const dir = siteCopy();
  writeSw(dir);
  const v1 = versionOf(dir);
  assert.equal(v1, versionOf(SITE));
  writeSw(dir);
  assert.equal(versionOf(dir), v1);
  // A new shufflelab.wasm: new version, new hash for it, the other hashes as they were.
  touchWasm(join(dir, 'shufflelab.wasm'));
  writeSw(dir);
  const v2 = versionOf(dir);
  assert.notEqual(v2, v1);
  const after2 = listedOf(dir);
  assert.equal(after2['shufflelab.wasm'], sha256(join(dir, 'shufflelab.wasm')));
  assert.notEqual(after2['shufflelab.wasm'], built['shufflelab.wasm']);
  assert.equal(after2['app.js'], built['app.js']);
  // So does any other file, e.g. the core module's wasm.
  touchWasm(join(dir, 'shufflelab_core.wasm'));
  writeSw(dir);
  assert.notEqual(versionOf(dir), v2);
});

let browser;
before(async () => { browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS }); });
after(async () => { await browser?.close(); });

const cacheState = (page) => page.evaluate(async () => {
  const keys = await caches.keys();
  const sizes = {};
  for (const key of keys) {
    const response = await (await caches.open(key)).match('shufflelab.wasm');
    sizes[key] = response ? (await response.arrayBuffer()).byteLength : -1;
  }
  return { keys, sizes };
});

// The compute worker loads worker.js, shufflelab_core.mjs and its wasm; an unknown job
// kind then comes back as an error from the core itself.
const workerAnswer = (page) => page.evaluate(() => new Promise((resolve) => {
  const worker = new Worker('worker.js', { type: 'module' });
  worker.onmessage = (e) => { worker.terminate(); resolve(e.data.summary); };
  worker.onerror = (e) => { worker.terminate(); resolve(`worker error: ${e.message}`); };
  worker.postMessage({ id: 1, kind: 'no_such_job', params: '' });
}));

// Chromium 156 here takes about a minute inside registration.update() before it even
// asks the server for sw.js (a plain fetch takes 0.2 s), hence the long timeout.
test('after the first visit the app opens offline; a new build replaces the cache', { timeout: 240000 }, async () => {
  const dir = siteCopy();
  writeSw(dir);
  let server = await startServer(dir, 0, '127.0.0.1');
  const port = server.address().port;
  const base = `http://127.0.0.1:${port}/`;
  const served = [];
  server.on('request', (req) => served.push(req.url));
  const stop = (s) => new Promise((ok) => { s.close(ok); s.closeAllConnections(); });

  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const problems = [];
  const foreign = [];
  const watch = (page) => {
    page.on('console', (m) => { if (m.type() === 'error') problems.push(`console: ${m.text()}`); });
    page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  };
  context.on('request', (r) => { if (!r.url().startsWith(base) && !r.url().startsWith('data:')) foreign.push(r.url()); });
  let page = await context.newPage();
  watch(page);

  // First visit: the worker installs, takes control of this page and fills the cache.
  await page.goto(base + '#v=1&lab=lfsr&seed=DEADBEEF&mask=CF&t=13');
  await page.waitForFunction(() => window.shufflelab && window.shufflelab.ready, null, { timeout: 20000 });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20000 });
  const v1 = versionOf(dir);
  let cached = await cacheState(page);
  assert.deepEqual(cached.keys, [`shufflelab ${base} ${v1}`]);
  const onlineAnswer = await workerAnswer(page);
  assert.ok(!/worker error|fetch|wasm/i.test(onlineAnswer), onlineAnswer);

  // A new build on the server: the browser finds the new sw.js, which installs
  // its own cache next to the old one and waits while a tab runs the old version.
  touchWasm(join(dir, 'shufflelab.wasm'));
  writeSw(dir);
  const v2 = versionOf(dir);
  assert.notEqual(v2, v1);
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    await registration.update();
  });
  await waitForAsync(page, async () => (await navigator.serviceWorker.getRegistration()).waiting !== null, null,
                     'the new service worker installed and waiting');
  cached = await cacheState(page);
  assert.deepEqual(cached.keys.sort(), [`shufflelab ${base} ${v1}`, `shufflelab ${base} ${v2}`].sort());
  // No tab left on the old version: the new one activates and deletes the old cache.
  await page.close();
  page = await context.newPage();
  watch(page);
  await page.goto(base + '#v=1&lab=lfsr&seed=DEADBEEF&mask=CF&t=13');
  // ... and its cache holds the wasm (fresh clones' runs twice read the cache before that entry was there).
  await waitForAsync(page, async (want) => {
    const keys = await caches.keys();
    return keys.length === 1 && keys[0] === want && navigator.serviceWorker.controller !== null &&
      (await (await caches.open(want)).match('shufflelab.wasm')) !== undefined;
  }, `shufflelab ${base} ${v2}`, 'the new version active, the old cache gone, the wasm in the new one');
  cached = await cacheState(page);
  assert.equal(cached.sizes[`shufflelab ${base} ${v2}`], readFileSync(join(dir, 'shufflelab.wasm')).length);
  await page.waitForFunction(() => window.shufflelab && window.shufflelab.ready, null, { timeout: 20000 });

  // No network at all: the browser is offline and the server is gone.
  await context.setOffline(true);
  await stop(server);
  served.length = 0;
  await page.reload();
  await page.waitForFunction(() => window.shufflelab && window.shufflelab.ready, null, { timeout: 20000 });
  const s = await page.evaluate(() => window.shufflelab.state());
  assert.ok(s.frames >= 1);
  assert.deepEqual([s.lab, s.lfsr.seed, s.lfsr.mask, s.lfsr.t], ['lfsr', 'DEADBEEF', 'CF', 13]);
  assert.equal(await page.evaluate(() => document.getElementById('status').classList.contains('hidden')), true);
  assert.equal(await workerAnswer(page), onlineAnswer, 'the compute worker and the core did not load offline');
  // A built-in lesson comes from the worker's core module (not the app's wasm): it opens offline too.
  await page.evaluate(() => { location.hash = '#v=1&tour=loaded-dice&step=2'; });
  await page.waitForFunction(() => window.shufflelab.state().tour?.id === 'loaded-dice' && window.shufflelab.state().tour.step === 2,
                             null, { timeout: 20000 });
  assert.deepEqual((await page.evaluate(() => window.shufflelab.state())).notices, []);
  // The sandbox for a reader's code, never loaded online here, loads on its first run offline (the naive swap
  // on 3 cards: 3^3 = 27 answer lists).
  const naive = 'function shuffle(deck, rand) { for (let i = 0; i < 3; i++) { const j = rand(3); [deck[i], deck[j]] = [deck[j], deck[i]]; } }';
  await page.evaluate((h) => { location.hash = h; }, '#v=1&lab=shuffle&tab=code&n=3&code=' + encodeURIComponent(naive));
  await page.waitForFunction(() => window.shufflelab.state().shuffle?.code?.exact?.runs === 27, null, { timeout: 30000 });
  // So do the findings.
  await page.evaluate(() => { location.hash = '#v=1&lab=findings'; });
  await page.waitForFunction(() => window.shufflelab.state().lab === 'findings' && !window.shufflelab.state().findingsLoading,
                             null, { timeout: 20000 });
  const offlineFindings = await page.evaluate(() => window.shufflelab.state().findings.entries);
  assert.ok(offlineFindings.length >= 10, `${offlineFindings.length} findings offline`);
  assert.deepEqual((await page.evaluate(() => window.shufflelab.state())).notices, []);
  assert.deepEqual(served, []);
  assert.deepEqual(problems, []);
  assert.deepEqual(foreign, []);

  // The same port back online: the page still loads (network first for the page).
  await context.setOffline(false);
  server = await startServer(dir, port, '127.0.0.1');
  await page.reload();
  await page.waitForFunction(() => window.shufflelab && window.shufflelab.ready, null, { timeout: 20000 });
  assert.deepEqual(problems, []);
  await context.close();
  await stop(server);
});
