// The shuffle lab in Chromium: a shuffle.c link against the native CLI (itself
// checked against the real glibc by the oracle tests), stepping and scrubbing
// through the URL, the exact naive-swap matrix against an enumeration written
// here, the bias and seed-search jobs in the worker, and screenshots.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { launch, openApp, goTo, state, command, nextFrames, ROOT, SHOTS } from './browser.mjs';

let env;
before(async () => { env = await launch(); mkdirSync(SHOTS, { recursive: true }); });
after(async () => { await env?.close(); });

function cliDeck(seed, n) {
  const run = spawnSync(join(ROOT, 'build', 'native', 'shufflelab'),
    ['shuffle', '--algo', 'lin2003', '--seed', String(seed), '--n', String(n)], { encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  assert.match(run.stdout, /^(\d+ )+\n$/);  // printDeck: "%d " per card, then a newline
  return run.stdout.trim().split(' ').map(Number);
}

const hashOf = (page) => page.evaluate(() => location.hash);
const waitFor = (page, fn, arg, timeout = 20000) => page.waitForFunction(fn, arg, { timeout });

test('a shuffle.c link shows the deck the 2003 program prints', async () => {
  for (const [seed, n] of [[1044362711, 52], [12345, 52], [4294967295, 10]]) {
    const { page, context, problems } = await openApp(env, `#v=1&lab=shuffle&algo=lin2003&seed=${seed}&n=${n}&t=${n - 1}`);
    const s = await state(page);
    assert.deepEqual(s.notices, []);
    assert.equal(s.shuffle.totalSteps, n - 1);
    assert.equal(s.shuffle.step, n - 1);
    assert.deepEqual(s.shuffle.deck, cliDeck(seed, n), `seed ${seed}`);
    assert.deepEqual(problems, []);
    await context.close();
  }
});

test('stepping and scrubbing move the deck and the link', async () => {
  const { page, context, problems } = await openApp(env, '#v=1&lab=shuffle&algo=lin2003&seed=1044362711&n=52&t=0');
  let s = await state(page);
  assert.deepEqual(s.shuffle.deck, [...Array(52).keys()]);  // nothing drawn yet
  assert.equal(s.shuffle.pivot, 51);

  s = await command(page, 'step');
  assert.equal(s.shuffle.t, 1);
  await waitFor(page, () => location.hash.includes('&t=1'));
  // Step 1 of shuffle.c swaps the top card with a card drawn from 0..51: exactly two positions changed.
  const moved = s.shuffle.deck.map((c, i) => c !== i).filter(Boolean).length;
  assert.ok(moved === 2 || (moved === 0 && s.shuffle.draw.value === 51));
  assert.equal(s.shuffle.draw.bound, 52);

  // The keyboard steps too.
  await page.keyboard.press('ArrowRight');
  await waitFor(page, () => window.shufflelab.state().shuffle.t === 2);

  // Drag on the timeline: the app reports where it drew it (backing pixels).
  s = await state(page);
  const [x0, y0, x1, y1] = s.shuffle.timelineRect;
  const dpr = await page.evaluate(() => window.devicePixelRatio);
  const before = s.shuffle.deck;
  await page.mouse.move((x0 + (x1 - x0) * 0.05) / dpr, (y0 + y1) / 2 / dpr);
  await page.mouse.down();
  await page.mouse.move((x0 + (x1 - x0) * 0.6) / dpr, (y0 + y1) / 2 / dpr, { steps: 5 });
  await page.mouse.up();
  await waitFor(page, () => window.shufflelab.state().shuffle.t > 20);
  s = await state(page);
  assert.ok(Math.abs(s.shuffle.t - 0.6 * 51) <= 2, `t = ${s.shuffle.t}`);
  assert.notDeepEqual(s.shuffle.deck, before);
  await waitFor(page, (t) => location.hash.includes(`&t=${t}`), s.shuffle.t);

  // The same step reached by a link shows the same deck.
  const scrubbed = s.shuffle;
  const other = await openApp(env, (await hashOf(page)));
  const s2 = await state(other.page);
  assert.deepEqual(s2.shuffle.deck, scrubbed.deck);
  await other.context.close();

  // The end of the timeline is the CLI's deck.
  s = await command(page, 'last');
  assert.deepEqual(s.shuffle.deck, cliDeck(1044362711, 52));
  assert.equal(s.shuffle.pivot, -1);
  assert.deepEqual(problems, []);
  await context.close();
});

test('the naive swap on 3 cards: the exact matrix is 9,10,8 / 9,8,10 / 9,9,9 out of 27', async () => {
  // Independent: all 27 draw lists of "for i in 0..2 swap(i, d_i)", counted here.
  const counts = Array.from({ length: 3 }, () => [0, 0, 0]);
  for (let code = 0; code < 27; code++) {
    const draws = [code % 3, Math.floor(code / 3) % 3, Math.floor(code / 9)];
    const deck = [0, 1, 2];
    for (let i = 0; i < 3; i++) [deck[i], deck[draws[i]]] = [deck[draws[i]], deck[i]];
    deck.forEach((card, position) => { counts[position][card]++; });
  }
  assert.deepEqual(counts, [[9, 10, 8], [9, 8, 10], [9, 9, 9]]);

  const { page, context, problems } = await openApp(env, '#v=1&lab=shuffle&algo=naive&n=3&tab=bias');
  await command(page, 'bias_exact');
  await waitFor(page, () => window.shufflelab.state().shuffle.bias.jobState === 2);
  const s = await state(page);
  assert.equal(s.shuffle.bias.kind, 'exact');
  assert.equal(s.shuffle.bias.total, 27);
  assert.deepEqual(s.shuffle.bias.counts, counts.flat());
  await page.screenshot({ path: join(SHOTS, 'e2e-shuffle-naive3.png') });
  assert.deepEqual(problems, []);
  await context.close();
});

test('sampled bias runs in the worker: the tarot roller as printed is biased, the published one is not', async () => {
  const base = '#v=1&lab=shuffle&n=78&gen=tarot32&seed=3735928559&bits=8&tab=bias&shuffles=100000';
  const p = {};
  for (const method of ['fdr-tarot', 'fdr']) {
    const { page, context, problems } = await openApp(env, `${base}&method=${method}`);
    await command(page, 'bias_sample');
    await waitFor(page, () => window.shufflelab.state().shuffle.bias.jobState === 2, null, 60000);
    const s = await state(page);
    assert.equal(s.shuffle.bias.total, 100000);
    // Every row and every column of a position x card matrix sums to the number of shuffles.
    for (let r = 0; r < 78; r++) assert.equal(s.shuffle.bias.counts.slice(r * 78, r * 78 + 78).reduce((a, b) => a + b), 100000);
    p[method] = s.shuffle.bias.pValue;
    assert.deepEqual(problems, []);
    await context.close();
  }
  assert.ok(p['fdr-tarot'] < 1e-12, `tarot p = ${p['fdr-tarot']}`);
  assert.ok(p.fdr > 1e-4, `published p = ${p.fdr}`);
});

test('predict the deck: five cards and an hour give back the seed', async () => {
  const { page, context, problems } = await openApp(env, '#v=1&lab=shuffle&tab=predict&time=1044362711&guess=1044361800');
  let s = await state(page);
  assert.deepEqual(s.shuffle.predict.seen, cliDeck(1044362711, 52).slice(0, 5));
  assert.equal(s.shuffle.predict.windowCount, 3600);
  await command(page, 'predict');
  await waitFor(page, () => window.shufflelab.state().shuffle.predict.jobState === 2);
  s = await state(page);
  assert.deepEqual(s.shuffle.predict.found, [1044362711]);
  assert.equal(s.shuffle.predict.tried, 3600);
  assert.deepEqual(problems, []);
  await context.close();
});

test('every tab at device scale factor 2', async () => {
  const views = [
    ['animate', '#v=1&lab=shuffle&n=78&gen=tarot32&seed=3735928559&method=fdr-tarot&bits=8&t=12'],
    ['pdep', '#v=1&lab=shuffle&algo=pdep&n=64&faces=numbers&t=20'],
    ['bias', '#v=1&lab=shuffle&algo=sattolo&n=6&tab=bias', 'bias_exact'],
    ['reach', '#v=1&lab=shuffle&algo=lin2003&seed=1044362711&tab=reach'],
    ['predict', '#v=1&lab=shuffle&tab=predict', 'predict'],
  ];
  for (const scale of [2]) {  // scale 1 is what every other test draws; ./lab shots takes both for people
    // One page per scale, moved from link to link (the views, not loading, are under test here).
    const { page, context, problems } = await openApp(env, views[0][1], { scale });
    for (const [name, hash, cmd] of views) {
      await goTo(page, hash);
      if (cmd) {
        await command(page, cmd);
        await waitFor(page, () => {
          const s = window.shufflelab.state().shuffle;
          return s.bias.jobState !== 1 && s.predict.jobState !== 1;
        });
      }
      await nextFrames(page, 2);  // the view (and a finished job's result) drawn: two frames built, not a fixed 300 ms
      const s = await state(page);
      assert.deepEqual(s.notices, [], name);
      assert.equal(s.shuffle.setupError, '', name);
      await page.screenshot({ path: join(SHOTS, `e2e-shuffle-${name}@${scale}x.png`) });
      assert.deepEqual(problems, [], name);
    }
    await context.close();
  }
});
