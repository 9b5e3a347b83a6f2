// Measures a run=sweep link in headless Chromium: all 2^32 One Chip seeds on
// the page's worker pool, from opening the link to the finished sweep, then
// one worker alone on 2^28 seeds of the same job on the idle page (its speed
// per seed, to set beside bench_node's row for the page's job). A
// measurement, not a test. Compare with the native two-thread row of
// `shufflelab bench --filter onechip` on the same machine.
//   node tools/sweep_speed.mjs
import { launch, openApp } from '../tests/e2e/browser.mjs';

const env = await launch();
try {
  const t0 = Date.now();
  const { page } = await openApp(env, '#v=1&lab=poker&run=sweep');
  await page.waitForFunction(() => window.shufflelab.state().poker.sweep.state === 2, null,
                             { timeout: 1800000, polling: 200 });
  const seconds = (Date.now() - t0) / 1000;
  const workers = await page.evaluate(() => window.shufflelabJobs.workers());
  const { histogram, ...sweep } = await page.evaluate(() => window.shufflelab.state().poker.sweep);
  console.log(`run=sweep in Chromium: ${seconds.toFixed(1)} s wall with ${workers} workers ` +
              `(page load included); ${JSON.stringify(sweep)}`);
  const seeds = 2 ** 28;
  for (let round = 0; round < 3; ++round) {
    const ms = await page.evaluate(async (count) => {
      const jobs = window.shufflelabJobs, id = 900000 + Math.floor(Math.random() * 1000);
      const start = performance.now();
      jobs.start(id, 'poker_sweep', `first=0&count=${count}`);
      while (jobs.poll(id).state === 1) await new Promise((ok) => setTimeout(ok, 20));
      return performance.now() - start;
    }, seeds);
    console.log(`one worker, ${seeds} seeds of the page's job: ${(ms / 1000).toFixed(2)} s, ` +
                `${(ms * 1e6 / seeds).toFixed(2)} ns/seed (wall, posting and polling included)`);
  }
} finally {
  await env.close();
}
