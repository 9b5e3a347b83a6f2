// Measures the Check lab in headless Chromium: a file checked by the page's
// worker, from the pick to the report (a measurement, not a test).
//   node tools/check_speed.mjs FILE [decks|rolls|bytes]
// Prints the file size, the wall time and the rate. Example:
//   build/native/shufflelab check-example decks --count 1000000 > /tmp/decks.txt
//   node tools/check_speed.mjs /tmp/decks.txt decks
import { statSync } from 'node:fs';
import { launch, openApp, command } from '../tests/e2e/browser.mjs';

const [file, what = 'decks'] = process.argv.slice(2);
if (!file) throw new Error('usage: node tools/check_speed.mjs FILE [decks|rolls|bytes]');
const size = statSync(file).size;
const env = await launch();
try {
  const { page } = await openApp(env, `#v=1&lab=check&what=${what}`);
  await command(page, `what=${what}`);
  const t0 = Date.now();
  await page.setInputFiles('#check-file-picker', file);
  await page.waitForFunction(() => ['done', 'failed'].includes(window.shufflelab.state().check.file.state), null,
                             { timeout: 600000, polling: 200 });
  const seconds = (Date.now() - t0) / 1000;
  const c = await page.evaluate(() => window.shufflelab.state().check.file);
  const heap = await page.evaluate(() => window.shufflelabJobs.lastCheckHeapBytes || 0);
  console.log(`${file}: ${(size / 1e6).toFixed(1)} MB as ${what} in ${seconds.toFixed(2)} s ` +
              `(${(size / 1e6 / seconds).toFixed(1)} MB/s), the worker's wasm memory ${(heap / 1048576).toFixed(1)} MiB: ` +
              `${c.state} ${c.error || c.report.verdict}`);
} finally {
  await env.close();
}
