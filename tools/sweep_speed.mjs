// Measures a run=sweep link in headless Chromium: all 2^32 One Chip seeds on
// the page's worker pool, from opening the link to the finished sweep (a
// measurement, not a test). Compare with the native two-thread row of
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
} finally {
  await env.close();
}
