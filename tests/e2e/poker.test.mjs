// Browser end-to-end for the One Chip poker lab: the worst seed's deal, the
// sample sweep checked against dealing every seed here in JavaScript, Cancel
// on the full sweep, and screenshots at device scale 1 and 2.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { launch, openApp, state, command, setHash, nextFrames, SHOTS } from './browser.mjs';

let env;
before(async () => { env = await launch(); mkdirSync(SHOTS, { recursive: true }); });
after(async () => { await env?.close(); });

// The article's dealing loop, written again here: step the LCRNG, keep the
// top 6 bits if below 52 and not dealt yet, until ten cards are out.
const next = (s) => (Math.imul(s, 1664525) + 1013904223) >>> 0;
function deal(seed) {
  let s = seed >>> 0;
  const cards = [];
  let calls = 0;
  while (cards.length < 10) {
    s = next(s);
    calls++;
    const v = s >>> 26;
    if (v < 52 && !cards.includes(v)) cards.push(v);
  }
  return { cards, calls };
}

// Calls per seed for the 2^24 seeds following state 0 on the cycle (state 0 first).
function sampleStats() {
  const histogram = new Array(64).fill(0);
  let s = 0, total = 0, max = 0, maxSeed = 0;
  for (let k = 0; k < 2 ** 24; k++) {
    let t = s, calls = 0, low = 0, high = 0, count = 0;
    while (count < 10) {
      t = next(t);
      calls++;
      const v = t >>> 26;
      if (v >= 52) continue;
      const seen = v < 32 ? (low >>> v) & 1 : (high >>> (v - 32)) & 1;
      if (seen) continue;
      if (v < 32) low |= 1 << v; else high |= 1 << (v - 32);
      count++;
    }
    histogram[calls]++;
    total += calls;
    if (calls > max || (calls === max && s < maxSeed)) { max = calls; maxSeed = s; }
    s = next(s);
  }
  return { histogram, mean: (total / 2 ** 24).toFixed(4), max, maxSeed: maxSeed.toString(16).toUpperCase().padStart(8, '0') };
}

test('the worst seed opens with its 39 calls; stepping follows the link', async () => {
  const { page, context, problems } = await openApp(env, '#v=1&lab=poker&seed=932D217C');
  let s = (await state(page)).poker;
  const want = deal(0x932D217C);
  assert.equal(want.calls, 39);  // the article's worst case, by the loop above
  assert.equal(s.calls, 39);
  assert.deepEqual(s.cards, want.cards);
  assert.deepEqual([s.seed, s.t, s.verdict], ['932D217C', 0, 'none']);
  s = (await command(page, 'step')).poker;
  assert.equal(s.t, 1);
  assert.equal(s.verdict, (next(0x932D217C) >>> 26) >= 52 ? 'too_high' : 'dealt');
  await command(page, 'last');
  await page.waitForFunction(() => window.location.hash.includes('t=39'));
  assert.match(await page.evaluate(() => location.hash), /^#v=1&lab=poker&seed=932D217C&t=39$/);
  s = (await state(page)).poker;
  assert.deepEqual(s.dealt, want.cards);
  // A step past the last call is refused with a notice.
  const refused = await setHash(page, '#v=1&lab=poker&seed=932D217C&t=40');
  assert.ok(refused.notices.length > 0, JSON.stringify(refused.notices));
  assert.deepEqual(problems, []);
  await context.close();
});

test('the sample sweep finishes, is labelled partial and matches dealing every seed', { timeout: 240000 }, async () => {
  const { page, context, problems } = await openApp(env, '#v=1&lab=poker&seed=DEADBEEF');
  await command(page, 'sweep_sample');
  await page.waitForFunction(() => window.shufflelab.state().poker.sweep.state === 2, null, { timeout: 120000, polling: 100 });
  const sweep = (await state(page)).poker.sweep;
  console.log(`# sample sweep (2^24 seeds) in the worker: ${sweep.seconds.toFixed(2)} s`);
  const want = sampleStats();
  assert.equal(sweep.seeds, 2 ** 24);
  assert.equal(sweep.finishedFull, false);
  assert.equal(sweep.max, want.max);
  assert.equal(sweep.maxSeed, want.maxSeed);
  assert.equal(sweep.mean, want.mean);
  const got = sweep.histogram.slice();
  while (got.length < want.histogram.length) got.push(0);
  assert.deepEqual(got.slice(0, 64), want.histogram);
  // Open the worst seed of the sample: its whole deal.
  const s = (await command(page, 'open_worst')).poker;
  assert.deepEqual([s.seed, s.calls, s.t], [want.maxSeed, want.max, want.max]);
  assert.deepEqual(problems, []);
  await context.close();
});

test('Cancel stops the full sweep at once, and the worker runs again', { timeout: 120000 }, async () => {
  const { page, context, problems } = await openApp(env, '#v=1&lab=poker');
  await command(page, 'sweep_full');
  await page.waitForFunction(() => window.shufflelab.state().poker.sweep.progress > 0, null, { timeout: 30000, polling: 50 });
  // Cancel terminates the sweep's workers inside the command: the state the very next read
  // returns is cancelled, with no frame in between. The time is a measurement, not a bound.
  const cancel = await page.evaluate(() => {
    const t0 = performance.now();
    window.shufflelab.command('cancel_sweep');
    return { state: window.shufflelab.state().poker.sweep.state, busy: window.shufflelabJobs.busy(), ms: performance.now() - t0 };
  });
  console.log(`# cancel returned in ${cancel.ms.toFixed(1)} ms`);
  assert.equal(cancel.state, 4, 'cancelled in the same call');
  assert.equal(cancel.busy, 0, 'no worker still busy with the sweep');
  // Progress stays where it stopped, and a new job still runs to the end.
  const stopped = (await state(page)).poker.sweep.progress;
  // Ten frames later (each polls the jobs), not 300 ms later: on a slow machine that may be no frame at all.
  assert.equal((await nextFrames(page, 10)).poker.sweep.progress, stopped);
  await command(page, 'count_hands');
  await page.waitForFunction(() => window.shufflelab.state().poker.hands.state === 2, null, { timeout: 60000, polling: 100 });
  const hands = (await state(page)).poker.hands;
  assert.equal(hands.reachable, 2598960);
  assert.ok(hands.allDealtBy > 0 && hands.allDealtBy < 2 ** 32);
  assert.deepEqual(problems, []);
  await context.close();
});

test('leaving the lab stops the full sweep: no worker stays busy out of sight, and run= leaves the link', { timeout: 120000 }, async () => {
  const { page, context, problems } = await openApp(env, '#v=1&lab=poker&run=sweep');
  await page.waitForFunction(() => window.shufflelab.state().poker.sweep.progress > 0, null, { timeout: 30000, polling: 50 });
  assert.ok(await page.evaluate(() => window.shufflelabJobs.busy()) > 0);
  // Leaving is part of the lab switch itself: the same call that switches finds no worker busy.
  const left = await page.evaluate(() => {
    window.shufflelab.command('lab=lfsr');
    return { lab: window.shufflelab.state().lab, busy: window.shufflelabJobs.busy() };
  });
  assert.deepEqual(left, { lab: 'lfsr', busy: 0 });
  const back = (await command(page, 'lab=poker')).poker;
  assert.equal(back.sweep.state, 4, 'the sweep shows as cancelled');
  // The poker link without run=, in the hook and in the address bar (the address alone may
  // still show the LFSR lab's link, which has no run= either).
  await page.waitForFunction(() => {
    const s = window.shufflelab.state();
    return s.lab === 'poker' && !s.hash.includes('run=') && location.hash === s.hash;
  }, null, { timeout: 30000, polling: 20 });
  assert.deepEqual(problems, []);
  await context.close();
});

test('crisp at device scale factor 2 (screenshots)', { timeout: 120000 }, async () => {
  for (const scale of [2]) {  // scale 1 is what every other test draws; ./lab shots takes both for people
    const { page, context, problems } = await openApp(env, '#v=1&lab=poker&seed=DEADBEEF&t=9', { scale });
    await command(page, 'sweep_sample');
    await page.waitForFunction(() => window.shufflelab.state().poker.sweep.state === 2, null, { timeout: 60000, polling: 100 });
    await nextFrames(page, 2);  // the finished sweep's histogram drawn
    const size = await page.evaluate(() => ({ w: canvas.width, h: canvas.height, cw: canvas.clientWidth, ch: canvas.clientHeight }));
    assert.equal(size.w, size.cw * scale);
    assert.equal(size.h, size.ch * scale);
    await page.screenshot({ path: join(SHOTS, `e2e-poker@${scale}x.png`) });
    assert.deepEqual(problems, []);
    await context.close();
  }
});
