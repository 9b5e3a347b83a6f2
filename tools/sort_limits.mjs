// How far the exact comparator-sort laws go in the browser: headless Chromium
// runs the core ES module (build/wasm/site/shufflelab_core.mjs) in a worker,
// times comparatorLaw(algo, n) for n = 2, 3, ... per sort until a point takes
// more than 10 s (a point still running after 12 s is stopped by terminating
// its worker) or the module refuses n (the sort's max_exact_cards), then
// times the lab's own exact job (shuffle_bias, mode=exact) at n = 8 for every
// sort. A measurement, not a test: node tools/sort_limits.mjs [SITE_DIR]
import { chromium } from 'playwright-core';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from './serve.mjs';
import { CHROMIUM_ARGS } from '../tests/e2e/browser.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const SITE = resolve(process.argv[2] || join(ROOT, 'build', 'wasm', 'site'));
const SORTS = ['cmp-insertion', 'cmp-binary-insertion', 'cmp-merge', 'cmp-quick-first', 'cmp-quick-median3', 'cmp-v8',
  'cmp-v8-chromium'];
const BUDGET_MS = 10000, STOP_MS = 12000;

const server = await startServer(SITE, 0, '127.0.0.1');
const base = `http://127.0.0.1:${server.address().port}/`;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
const page = await browser.newPage();
await page.goto(base + 'shufflelab_core.mjs');  // any page of the site's origin
console.log(await page.evaluate(() => navigator.userAgent));

// One request in a fresh worker: {law: [algo, n]} or {job: [algo, n]}; resolves with
// the milliseconds the core took, null when it was stopped after STOP_MS, or the
// core's message when it refused the request.
const timeInWorker = (request) => page.evaluate(async ([site, req, stopMs]) => {
  const source = `import createShufflelabCore from '${site}shufflelab_core.mjs';
    const core = await createShufflelabCore();
    onmessage = ({ data }) => {
      const t0 = performance.now();
      try {
        if (data.law) core.comparatorLaw(...data.law);
        else {
          const job = core.makeJob('shuffle_bias', 'algo=' + data.job[0] + '&n=' + data.job[1] + '&mode=exact');
          while (!job.done()) job.step(1 << 14);
          job.delete();
        }
      } catch (err) {
        postMessage(String(err.message || err));
        return;
      }
      postMessage(performance.now() - t0);
    };
    postMessage('ready');`;
  const worker = new Worker(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })), { type: 'module' });
  await new Promise((ok) => { worker.onmessage = ok; });
  const ms = await new Promise((ok) => {
    const timer = setTimeout(() => ok(null), stopMs);
    worker.onmessage = (e) => { clearTimeout(timer); ok(e.data); };
    worker.postMessage(req);
  });
  worker.terminate();
  return ms;
}, [base, request, STOP_MS]);

const fmt = (ms) => (ms === null ? `> ${STOP_MS / 1000} s (stopped)` : typeof ms === 'string' ? `refused (${ms})`
  : ms < 1000 ? `${ms.toFixed(0)} ms` : `${(ms / 1000).toFixed(2)} s`);
console.log('\nExact law (comparatorLaw) in a worker, per n:');
console.log('sort'.padEnd(22) + 'largest n <= 10 s'.padEnd(20) + 'times');
for (const algo of SORTS) {
  const times = [];
  let largest = 0, capped = false;
  for (let n = 2; ; n++) {
    const ms = await timeInWorker({ law: [algo, n] });
    if (typeof ms === 'string') { capped = true; break; }
    times.push(`${n}: ${fmt(ms)}`);
    if (ms === null || ms > BUDGET_MS) break;
    largest = n;
  }
  const note = capped ? `${largest} (its cap)` : String(largest);
  console.log(algo.padEnd(22) + note.padEnd(20) + times.slice(-3).join(', '));
}
console.log('\nThe lab\'s exact job (shuffle_bias, mode=exact) at n = 8 in a worker:');
for (const algo of SORTS) console.log(algo.padEnd(22) + fmt(await timeInWorker({ job: [algo, 8] })));

await browser.close();
await new Promise((ok) => server.close(ok));
