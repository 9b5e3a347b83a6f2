// An LCG's lattice lines and planes (the shortest dual vectors and their
// sentences) are not in the app's first download: the worker's core module
// computes them the first time an lcg32 generator is open
// (docs/architecture.md, "What loads when"). The default lab needs no worker;
// while the core module is held back the hook says the lattice is loading and
// has none; once it comes, RANDU's 15 planes (a^2 = 6a - 9 mod 2^31 for
// a = 65539: s = (9, -6, 1)) are there.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openApp, holdCoreModule, command, state, nextFrames, waitForState } from './browser.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

test('the default LFSR lab starts no worker; an lcg32 link loads its lattice from one', async () => {
  // No service worker, so the held module stays held (holdCoreModule).
  const { page, context, problems } = await openApp(env, '#v=1&lab=lfsr', { serviceWorkers: 'block' });
  let s = await nextFrames(page, 3);
  assert.equal(s.latticeLoading, false);
  assert.equal(await page.evaluate(() => window.shufflelabJobs.spawned()), 0, 'the tarot LFSR needs no worker');

  const release = await holdCoreModule(context);
  s = await command(page, 'try=randu');
  assert.equal(s.lfsr.gen, 'lcg32');
  assert.equal(s.latticeLoading, true);
  s = await command(page, 'tab=lattice');
  s = await nextFrames(page, 3);
  assert.equal(s.latticeLoading, true, 'the core module is held back');
  assert.equal(s.lfsr.lattice, undefined);
  assert.ok(await page.evaluate(() => window.shufflelabJobs.spawned()) >= 1, 'a worker was asked for the lattice');

  release();
  s = await waitForState(page, (t) => !t.latticeLoading, 'the lattice computed', { timeout: 60000 });
  assert.deepEqual(s.lfsr.lattice.planes, { s: [9, -6, 1], count: 15 });
  assert.equal(s.lfsr.tab, 'lattice');
  assert.deepEqual(problems, []);
  await context.close();
});
