// The exact die laws are not in the app's first download: the worker's core
// module computes them (the "die_laws" and "dice_checks" jobs) the first time
// the Dice lab is open (docs/architecture.md, "What loads when"). While the
// core module is held back the hook says the laws are loading and has none,
// and the Text view says they are being computed; once it comes, x % 6 over
// the 256 bytes gives faces 1-4 one byte more (256 = 6 * 42 + 4).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { launch, openApp, holdCoreModule, setHash, nextFrames, waitForState, waitForLabText, SHOTS } from './browser.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

test('the Dice lab says it is computing its exact laws until the worker brings them', async () => {
  // No service worker, so the held module stays held (holdCoreModule).
  const { page, context, problems } = await openApp(env, '#v=1&lab=lfsr', { serviceWorkers: 'block' });
  let s = await nextFrames(page, 3);
  assert.equal(s.lawsLoading, false, 'not in the LFSR lab');
  assert.equal(await page.evaluate(() => window.shufflelabJobs.spawned()), 0, 'the tarot LFSR needs no worker');

  const release = await holdCoreModule(context);
  s = await setHash(page, '#v=1&lab=dice&method=modulo&sides=6&bits=8');
  assert.equal(s.lab, 'dice');
  s = await nextFrames(page, 3);
  assert.equal(s.lawsLoading, true, 'the core module is held back');
  assert.equal(s.dice.exact, null);
  await waitForLabText(page, 'Dice', ['Computing the exact laws...']);
  await page.screenshot({ path: join(SHOTS, 'dice-laws-loading.png') });  // the panel's line, for a reader to look at

  release();
  s = await waitForState(page, (t) => !t.lawsLoading, 'the exact laws computed', { timeout: 60000 });
  assert.deepEqual(s.dice.exact.counts, ['43', '43', '43', '43', '42', '42']);
  assert.equal(s.dice.exact.total, '256');
  assert.equal(s.dice.compare.length, 11);
  assert.equal(s.dice.z80.checks.length, 5);
  await waitForLabText(page, 'Dice', ['Face 5: probability 21/128']);
  assert.deepEqual(problems, []);
  await context.close();
});
