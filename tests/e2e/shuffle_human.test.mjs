// Random comparators and human shuffles in Chromium: Chromium's own
// Array.prototype.sort (sampled in the page's worker) against our exact V8
// model, the riffle table against the native CLI and Bayer and Diaconis's
// published table, a comparator sort animated comparison by comparison.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { launch, openApp, state, command, ROOT, SHOTS } from './browser.mjs';

let env;
before(async () => { env = await launch(); mkdirSync(SHOTS, { recursive: true }); });
after(async () => { await env?.close(); });

const waitFor = (page, fn, arg, timeout = 60000) => page.waitForFunction(fn, arg, { timeout });

test('Chromium\'s Array.prototype.sort fits exactly one of the modelled sorts', async () => {
  // Found with this test: Chromium 156 (V8 15.6) no longer sorts 6 numbers
  // like node 20's TimSort (one run + binary insertion, which tests/cli checks
  // against node 10^6 times): in the worker its sample fits binary insertion
  // without the run count. (On the page's main thread a quick check fitted
  // plain insertion sort instead, so only "one model, not node's" is pinned.)
  const { page, context, problems } = await openApp(env, '#v=1&lab=shuffle&algo=cmp-v8&n=6&tab=human');
  await command(page, 'engine_sample');
  await waitFor(page, () => window.shufflelab.state().shuffle.engine.matching !== undefined);
  const e = (await state(page)).shuffle.engine;
  assert.equal(e.error, '');
  assert.equal(e.runs, 200000);
  assert.equal(e.rows.length, 6);
  assert.equal(e.matching.length, 1, e.rows.join('\n'));
  const ua = await page.evaluate(() => navigator.userAgent);
  if (/Chrome\/156\./.test(ua)) {
    assert.ok(['cmp-binary-insertion', 'cmp-insertion'].includes(e.matching[0]), e.rows.join('\n'));
    assert.match(e.rows[5], /rejected$/);  // node 20's model (comparator_sorts() order: V8 last)
  }
  await page.screenshot({ path: join(SHOTS, 'shuffle-human-engine.png') });
  assert.deepEqual(problems, []);
  await context.close();
});

test('the riffle tab shows the native CLI\'s table and Bayer-Diaconis (1992) Table 1', async () => {
  const { page, context, problems } = await openApp(env, '#v=1&lab=shuffle&algo=riffle&n=52&rounds=7&tab=human');
  await waitFor(page, () => window.shufflelab.state().shuffle.riffle.distances.length === 20);
  const r = (await state(page)).shuffle.riffle;
  const cli = spawnSync(join(ROOT, 'build', 'native', 'shufflelab'), ['riffle', '--n', '52', '--k', '20'], { encoding: 'utf8' });
  assert.equal(cli.status, 0, cli.stderr);
  const native = cli.stdout.trim().split('\n').slice(0, 20).map((line) => line.split(' ')[1]);
  assert.deepEqual(r.distances.map((d) => Number(d).toFixed(6)), native);
  const published = ['1.000', '1.000', '1.000', '1.000', '0.924', '0.614', '0.334', '0.167', '0.085', '0.043'];
  assert.deepEqual(r.distances.slice(0, 10).map((d) => Number(d).toFixed(3)), published);
  assert.equal(r.belowHalf, 7);
  await page.screenshot({ path: join(SHOTS, 'shuffle-human-riffle.png') });
  assert.deepEqual(problems, []);
  await context.close();
});

test('a random-comparator sort animates comparison by comparison', async () => {
  const { page, context, problems } = await openApp(env, '#v=1&lab=shuffle&algo=cmp-insertion&n=10&t=1');
  let s = await state(page);
  assert.deepEqual(s.notices, []);
  assert.equal(s.shuffle.draw.bound, 2);  // a coin
  assert.match(s.shuffle.caption, /^Compare /);
  s = await command(page, 'last');
  assert.equal(s.shuffle.step, s.shuffle.totalSteps);
  assert.deepEqual([...s.shuffle.deck].sort((a, b) => a - b), [...Array(10).keys()]);
  assert.deepEqual(problems, []);
  await context.close();
});
