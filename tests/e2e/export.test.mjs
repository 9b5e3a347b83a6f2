// Exports produce valid files: the canvas as PNG (parsed back here: signature,
// IHDR size equal to the canvas backing store).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { launch, openApp, command } from './browser.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

test('Save PNG downloads a PNG of the canvas at its backing size', async () => {
  const { page, context, problems } = await openApp(env, '#v=1&lab=lfsr&seed=DEADBEEF&mask=CF&t=13', { scale: 2 });
  const [download] = await Promise.all([page.waitForEvent('download'), command(page, 'save_png')]);
  assert.equal(download.suggestedFilename(), 'shufflelab-lfsr.png');
  const png = readFileSync(await download.path());
  assert.deepEqual([...png.subarray(0, 8)], [137, 80, 78, 71, 13, 10, 26, 10]);
  assert.equal(png.subarray(12, 16).toString('ascii'), 'IHDR');
  const size = await page.evaluate(() => [canvas.width, canvas.height]);
  assert.deepEqual([png.readUInt32BE(16), png.readUInt32BE(20)], size);
  assert.ok(png.length > 10000, 'the PNG looks empty');
  assert.deepEqual(problems, []);
  await context.close();
});
