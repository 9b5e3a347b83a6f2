// Shared helpers for the browser tests: a static server on a free loopback
// port and Debian's chromium driven by playwright-core.
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
export async function openApp(env, hash = '', { scale = 1, width = 1280, height = 800, touch = false, isMobile = false } = {}) {
  const context = await env.browser.newContext({ viewport: { width, height }, deviceScaleFactor: scale, hasTouch: touch || isMobile, isMobile });
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
  return { context, page, problems, foreign, firstFrameMs };
}

// Moves an open app to another link as an edited address bar does (web/app.js's
// hashchange handler), without reloading: tests that only look at views reuse one page.
export const goTo = (page, hash) => page.evaluate((h) => {
  history.replaceState(null, '', h);
  window.Module.ccall('shufflelab_set_hash', null, ['string'], [h]);
}, hash);

export const state = (page) => page.evaluate(() => window.shufflelab.state());
export const command = (page, name) => page.evaluate((n) => window.shufflelab.command(n), name);
