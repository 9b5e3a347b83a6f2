// Long runs and workers: the heap stops growing over 10,000 frames with an
// animation and a job running; a cancelled or crashed worker is reported and
// a fresh one takes the next job without reloading the page.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openApp, state, command } from './browser.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

test('10,000 frames with an animation and a job: the heap stops growing', async () => {
  const { page, context, problems } = await openApp(env, '#v=1&lab=lfsr&seed=00000001&mask=CF');
  await command(page, 'play');
  await command(page, 'check_period');  // 2^32 steps: runs for the whole test in the worker
  await command(page, 'burn_frames=1000');  // warm-up: caches, font atlas, analysis
  const samples = [];
  for (let i = 1; i <= 10; i++) {
    if (i > 1) await command(page, 'burn_frames=1000');
    samples.push((await state(page)).heap);
  }
  const used = samples.map((h) => h.inUseBytes);
  console.log(`# heap in use every 1,000 frames (bytes): ${used.join(', ')}; wasm memory ${samples[9].wasmBytes} B`);
  // Allocation may settle during the first half; the second half must be flat.
  const lateGrowth = used[9] - used[4];
  assert.ok(lateGrowth <= 0 || lateGrowth < 4096, `heap still growing: +${lateGrowth} B over the last 5,000 frames`);
  assert.equal(samples[9].wasmBytes, samples[0].wasmBytes);
  const s = await state(page);
  assert.ok(s.lfsr.stepJob.state === 1, 'the job kept running');
  // Cancel, timed inside the page: how long until the app reports it stopped.
  const cancelMs = await page.evaluate(() => {
    const t0 = performance.now();
    window.shufflelab.command('cancel_check');
    const stopped = window.shufflelab.state().lfsr.stepJob.state === 4;
    return stopped ? performance.now() - t0 : -1;
  });
  console.log(`# cancel returned control in ${cancelMs.toFixed(1)} ms`);
  assert.ok(cancelMs >= 0, 'cancelled in the same call');  // the time is a measurement
  assert.deepEqual(problems, []);
  await context.close();
});

test('a crashed worker is reported and replaced; the next job completes', async () => {
  const { page, context } = await openApp(env, '#v=1&lab=lfsr&width=16&seed=ACE1&mask=B4');
  // The workers started once the crash was asked for (crashForTest may start the first one):
  // the replacement is one more. (spawned() >= 2 could hold before the crash if the page
  // had already started two workers, and check_period then went to the crashing one.)
  const spawned = await page.evaluate(() => { window.shufflelabJobs.crashForTest(); return window.shufflelabJobs.spawned(); });
  await page.waitForFunction((n) => window.shufflelabJobs.spawned() > n, spawned, { timeout: 10000 });
  await command(page, 'check_period');
  await page.waitForFunction(() => window.shufflelab.state().lfsr.stepJob.state === 2, null, { timeout: 20000 });
  const s = await state(page);
  assert.equal(String(s.lfsr.stepJob.period), s.lfsr.period);
  await context.close();
});
