// While a job runs in the background and nothing else moves (no input, no lab
// playing), the page draws the job's progress at most four times a second
// (src/app/main.cpp, draw_now): without a GPU every drawn frame costs the CPU
// the workers need. The worker's core module is held back, so the sweep
// stays "starting" however fast the machine is, while its caption's seconds
// keep changing what the frame looks like.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openApp, holdCoreModule, setHash, state, waitForState } from './browser.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

const sample = (page) => page.evaluate(() => {
  const s = window.shufflelab.state();
  return { at: performance.now(), drawn: s.drawnFrames, built: s.frames, sweep: s.poker.sweep.state };
});

test('a running job\'s progress is drawn at most four times a second while nothing moves', async () => {
  // No service worker, so the held module stays held (holdCoreModule).
  const { page, context, problems } = await openApp(env, '#v=1&lab=poker', { serviceWorkers: 'block' });
  const release = await holdCoreModule(context);
  await setHash(page, '#v=1&lab=poker&run=sweep');
  await waitForState(page, (s) => s.poker.sweep.state === 1, 'the sweep running');
  const first = await sample(page);
  // The progress is still drawn: its caption's seconds change.
  await waitForState(page, (s) => s.drawnFrames > first.drawn, 'the progress drawn again');
  // Two seconds of the page's own clock and at least 20 frames built.
  await page.waitForFunction(([t0, f0]) => performance.now() - t0 >= 2000 && window.shufflelab.state().frames >= f0 + 20,
                             [first.at, first.built], { polling: 100, timeout: 60000 });
  const last = await sample(page);
  assert.equal(last.sweep, 1, 'the sweep still waits for its module');
  const drawn = last.drawn - first.drawn;
  const allowed = Math.floor((last.at - first.at) / 250) + 1;  // one draw per 250 ms at most
  assert.ok(drawn <= allowed, `${drawn} frames drawn of ${last.built - first.built} built in ${(last.at - first.at).toFixed(0)} ms`);

  // Cancel before the module comes: the sweep would keep both cores busy.
  await page.evaluate(() => window.shufflelab.command('cancel_sweep'));
  await waitForState(page, (s) => s.poker.sweep.state !== 1, 'the sweep cancelled');
  release();
  assert.equal((await state(page)).lab, 'poker');
  assert.deepEqual(problems, []);
  await context.close();
});
