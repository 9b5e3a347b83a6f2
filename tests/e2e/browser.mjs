// Shared helpers for the browser tests: a static server on a free loopback
// port and Debian's chromium driven by playwright-core.
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from '../../tools/serve.mjs';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
// SHUFFLELAB_SITE points the tests at another build's site folder (e.g. a private build tree).
export const SITE = process.env.SHUFFLELAB_SITE || join(ROOT, 'build', 'wasm', 'site');
export const SHOTS = join(ROOT, 'build', 'shots');

export const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--use-angle=swiftshader', '--enable-unsafe-swiftshader',
  '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

export async function launch() {
  const server = await startServer(SITE, 0, '127.0.0.1');
  const base = `http://127.0.0.1:${server.address().port}/`;
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: CHROMIUM_ARGS,  // playwright gives each launch a fresh temporary profile
  });
  return {
    base, browser,
    async close() { await browser.close(); await new Promise((ok) => server.close(ok)); },
  };
}

// Opens the app with `hash`, collecting console errors and page errors and
// every request that leaves the page's own origin.
// `isMobile` (with `touch`) emulates a phone: meta viewport, (pointer: coarse).
export async function openApp(env, hash = '', { scale = 1, width = 1280, height = 800, touch = false, isMobile = false, serviceWorkers = 'allow' } = {}) {
  const context = await env.browser.newContext({ viewport: { width, height }, deviceScaleFactor: scale, hasTouch: touch || isMobile, isMobile, serviceWorkers });
  const page = await context.newPage();
  const problems = [];
  const foreign = [];
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`console: ${m.text()}`); });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('request', (r) => { if (!r.url().startsWith(env.base) && !r.url().startsWith('data:')) foreign.push(r.url()); });
  const started = Date.now();
  await page.goto(env.base + hash);
  await page.waitForFunction(() => window.shufflelab && window.shufflelab.ready, null, { timeout: 20000 });
  const firstFrameMs = Date.now() - started;
  await workerPartsIn(page);
  return { context, page, problems, foreign, firstFrameMs };
}

// Polls an async predicate in the page until it returns something truthy.
// (page.waitForFunction does not await a predicate's promise: a promise is
// truthy, so an async predicate returned at once.)
export async function waitForAsync(page, predicate, arg, description, { timeout = 60000, interval = 100 } = {}) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const value = await page.evaluate(predicate, arg);
    if (value) return value;
    if (Date.now() >= deadline) assert.fail(`${description}: not reached in ${timeout} ms`);
    await new Promise((ok) => setTimeout(ok, interval));
  }
}

export const state = (page) => page.evaluate(() => window.shufflelab.state());
// A command's state at once, before anything it asked of the worker has come (a test of what shows meanwhile).
// Holds the worker's core module (its .mjs and .wasm) back until the returned
// release() is called, to see what the page shows while it loads. Open the page
// with { serviceWorkers: 'block' }: once the service worker has precached the
// module it serves the worker's fetch itself, past this route (CI saw that race).
export async function holdCoreModule(context) {
  let release;
  const held = new Promise((resolve) => { release = resolve; });
  await context.route(/shufflelab_core\.(mjs|wasm)$/, async (route) => { await held; await route.continue(); });
  return release;
}
export const commandNow = (page, name) => page.evaluate((n) => window.shufflelab.command(n), name);
// A command's state once the assembly it asked of the worker has come (the Assembly lab's run, a
// lab's lanes): the state of what it did, not the run of the step before.
export async function command(page, name) {
  const s = await commandNow(page, name);
  return assemblyIn(s) ? s : waitForState(page, assemblyIn, `the assembly run after ${name}`, { timeout: 20000 });
}

// The lab region's scroll position, range and visible rectangle (backing
// pixels; the hook's touch.scroll lists every region that scrolls), or
// undefined when it does not scroll.
export const labRegion = (s) => s.touch.scroll.find((w) => /^shufflelab\/lab_[0-9A-F]+$/.test(w.name));

// A WheelEvent as a browser makes one (deltaMode 0 pixels, 1 lines, 2 pages), on the canvas where the mouse is.
export const wheel = (page, init) => page.evaluate((i) => {
  document.getElementById('canvas').dispatchEvent(new WheelEvent('wheel', { bubbles: true, cancelable: true, ...i }));
}, init);

// ---- Waits ------------------------------------------------------------------
// Every wait below ends on the app's state (the test hook's JSON, its frame
// counter, the text view's DOM) or on the page's own event, never on a fixed
// time: a timeout is only the deadline after which the test fails, with what
// the app showed instead. A wait must need something only the new state has:
// after a link, a command or an input, the previous screen may still show
// the same prefix, the same number or the same lab for a while.

// The hook's state in a failure message: the link, the notices and the lab's part.
function stateExcerpt(s) {
  return JSON.stringify({ lab: s.lab, hash: s.hash, notices: s.notices, frames: s.frames, tour: s.tour, lab_state: s[s.lab] })
    .slice(0, 1500);
}

// Polls the hook's state until `predicate(state)` holds; returns that state.
export async function waitForState(page, predicate, description, { timeout = 30000, interval = 50 } = {}) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const s = await state(page);
    if (predicate(s)) return s;
    if (Date.now() >= deadline) assert.fail(`${description}: not reached in ${timeout} ms; the app shows ${stateExcerpt(s)}`);
    await new Promise((ok) => setTimeout(ok, interval));
  }
}

// The hook's canonical link equals `expected` (the app's form: '#v=1&...').
export const waitForHash = (page, expected, options) =>
  waitForState(page, (s) => s.hash === expected, `the app's link ${expected}`, options);

// The fields of a link ('k=v' as written) and whether the app's canonical link carries all of them.
const linkFields = (hash) => hash.replace(/^#/, '').split('&').filter(Boolean);
export const linkShows = (shown, hash) => {
  const have = new Set(linkFields(shown));
  return linkFields(hash).every((f) => have.has(f));
};

// Resolves once the app has built `n` more frames (its own frame counter, in
// the hook's state) than when called: an input or a command given before the
// call has then been seen and drawn. Returns the state.
export async function nextFrames(page, n = 2, { timeout = 30000 } = {}) {
  const from = (await state(page)).frames;
  try {
    await page.waitForFunction(([f, k]) => window.shufflelab.state().frames >= f + k, [from, n], { timeout });
  } catch {
    assert.fail(`${n} frames after frame ${from}: not built in ${timeout} ms (now at frame ${(await state(page)).frames})`);
  }
  return state(page);
}

// Waits until the text view shows the lab titled `title` (its first heading)
// with every one of `needles` in it: the new lab's own text, never a prefix
// the previous lab's text may also hold.
export async function waitForLabText(page, title, needles = [], { timeout = 20000 } = {}) {
  const list = [].concat(needles);
  try {
    await page.waitForFunction(([t, ns]) => {
      const body = document.getElementById('text-view-body');
      const heading = body && body.querySelector('h2');
      return Boolean(heading) && heading.textContent === t && ns.every((n) => body.textContent.includes(n));
    }, [title, list], { timeout });
  } catch {
    const shown = await page.evaluate(() => {
      const body = document.getElementById('text-view-body');
      return { title: body?.querySelector('h2')?.textContent, text: (body?.textContent || '').slice(0, 800) };
    });
    assert.fail(`text view: ${JSON.stringify(title)} with ${JSON.stringify(list)} not shown in ${timeout} ms; ` +
                `it shows ${JSON.stringify(shown.title)}: ${shown.text}`);
  }
}

// Edits the address bar as a reader does: sets location.hash; web/app.js's
// popstate and hashchange handlers hand the address to the app. Resolves once that
// handler has run with this link (our listener, added after app.js's, runs
// after it in the same event), so the hook's state is the new link's; returns
// it. The app writes its canonical link into the address at the end of a
// frame: if a frame did so between the assignment and the event, the handler
// saw that link, not ours, and the link is set again. A link the address bar
// already shows fires no event and needs none.
export async function setHash(page, hash, { timeout = 10000 } = {}) {
  let timer;
  const deadline = new Promise((_, fail) => {
    timer = setTimeout(() => fail(new assert.AssertionError({
      message: `setHash ${hash.slice(0, 80)}: no hashchange handled in ${timeout} ms`,
    })), timeout);
  });
  const handled = page.evaluate((h) => new Promise((resolve) => {
    const attempt = () => {
      const before = location.href;
      let wanted = null;
      // app.js opens the address on popstate (fired first) and on hashchange; a frame between the two
      // may already have written the app's canonical link, so the first event decides.
      const seen = () => {
        window.removeEventListener('popstate', seen);
        window.removeEventListener('hashchange', seen);
        if (location.hash === wanted) resolve(); else attempt();
      };
      window.addEventListener('popstate', seen);  // before the assignment, in case the event came at once
      window.addEventListener('hashchange', seen);
      location.hash = h;
      wanted = location.hash;
      if (location.href === before) { window.removeEventListener('popstate', seen); window.removeEventListener('hashchange', seen); resolve(); }
    };
    attempt();
  }), hash);
  handled.catch(() => {});  // after the deadline, a page closed later must not reject unhandled
  try {
    await Promise.race([deadline, handled]);
  } finally {
    clearTimeout(timer);
  }
  return state(page);
}

// Moves an open app to another link as an edited address bar does (web/app.js's
// hashchange handler), without reloading: tests that only look at views reuse
// one page. The app applies the link inside the call; before returning, the
// hook's state must show it: its link equal to `canonical` when given, else
// carrying every field of `hash`. Returns the state.
export async function goTo(page, hash, { canonical } = {}) {
  await page.evaluate((h) => {
    history.replaceState(null, '', h);
    window.Module.ccall('shufflelab_set_hash', null, ['string'], [h]);
  }, hash);
  if (canonical) return waitForHash(page, canonical, { timeout: 10000 }).then(() => workerPartsIn(page));
  // A built-in lesson the page has not had yet loads first (the link stays as it is meanwhile).
  return waitForState(page, (s) => !s.lessonLoading && partsIn(s) && linkShows(s.hash, hash),
                      `the app's link showing ${hash}`, { timeout: 20000 });
}

// The Findings page's entries, an LCG's lattice lines and planes, the Dice
// lab's exact laws and the assembly lanes' views come from the worker's core
// module (docs/architecture.md, "What loads when"): waits until they are in. Returns the state.
export function workerPartsIn(page) {
  return waitForState(page, partsIn, 'the findings, the lattice, the die laws or the assembly run computed', { timeout: 20000 });
}
// A lab's assembly lanes are run by the worker's "asm_lanes" job ("loading" until the views shown are
// those asked for), the Assembly lab's step by its "asm_run" job (asmLoading).
export const lanesLoading = (s) => ['lfsr', 'dice', 'shuffle', 'poker'].some((lab) => s[lab]?.lanes?.loading);
const assemblyIn = (s) => !s.asmLoading && !lanesLoading(s);
const partsIn = (s) => !s.findingsLoading && !s.latticeLoading && !s.lawsLoading && assemblyIn(s);
