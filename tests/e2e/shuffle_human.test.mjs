// Random comparators and human shuffles in Chromium: Chromium's own
// Array.prototype.sort in the page's worker, its comparator calls one by one
// and its sampled matrix, against our V8 models (node's own sort against the
// node 20 model), the riffle table against the native CLI and Bayer and
// Diaconis's published table, a comparator sort animated comparison by
// comparison.
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

// The comparator's answers for call k: fixed patterns and a 31-bit LCG's bit 16.
const PATTERNS = {
  zeros: () => '',
  ones: (k) => '1'.repeat(k),
  alternating: (k) => Array.from({ length: k }, (_, i) => (i % 2 === 0 ? '1' : '0')).join(''),
  lcg: (k) => { let s = 12345; return Array.from({ length: k }, () => { s = (s * 1103515245 + 12345) % 2147483648; return (s >> 16) & 1; }).join(''); },
};
// The same logging comparator in this process: node's own Array.prototype.sort.
function nodeCalls(n, answers) {
  const calls = [];
  const deck = Array.from({ length: n }, (_, k) => k);
  deck.sort((x, y) => { const negative = answers[calls.length] === '1'; calls.push(x + ':' + y); return negative ? -0.25 : 0.25; });
  return { calls: calls.join(' '), deck: deck.join(' ') };
}
// Our model's calls for the first `count` answers (the CLI refuses unused or missing answers).
function modelCalls(algo, n, answers, count) {
  const draws = Array.from({ length: count }, (_, k) => (answers[k] === '1' ? 1 : 0)).join(',');
  const r = spawnSync(join(ROOT, 'build', 'native', 'shufflelab'), ['shuffle', '--algo', algo, '--n', String(n), '--draws', draws, '--calls'], { encoding: 'utf8' });
  if (r.status !== 0) return { calls: r.stderr.trim(), deck: '' };
  const [deck, calls] = r.stdout.trim().split('\n');
  return { calls, deck };
}

test('Chromium\'s Array.prototype.sort is the cmp-v8-chromium model: its comparator calls and its sample', async () => {
  // The call log is the ground truth of which algorithm runs: which cards are
  // compared in which order for a given sequence of answers. Found with it:
  // Chromium 156 bisects from the start below 16 cards (no run count) and
  // sorts like node 20 from 16 cards on; its page thread logs the same calls.
  // node's own sort, logged here, is checked against cmp-v8 the same way.
  const { page, context, problems } = await openApp(env, '#v=1&lab=shuffle&algo=cmp-v8-chromium&n=6&tab=human');
  // 200,000 sorts of 6 cards in the lab's worker, tested against every exact law, run meanwhile.
  await command(page, 'engine_sample');
  const cases = [];
  for (let n = 2; n <= 10; n++) for (const name of Object.keys(PATTERNS)) cases.push({ n, name });
  for (const n of [15, 16, 20, 40, 63]) cases.push({ n, name: 'lcg' });
  for (const c of cases) c.answers = PATTERNS[c.name](4096);
  const logs = await page.evaluate(async (list) => {
    const worker = new Worker('worker.js', { type: 'module' });
    const out = [];
    for (const [id, { n, answers }] of list.entries()) {
      const reply = await new Promise((ok) => {
        worker.onmessage = (e) => { if (e.data.id === id && e.data.state >= 2) ok(e.data); };
        worker.postMessage({ id, kind: 'js_sort_sample', params: `n=${n}&answers=${answers}` });
      });
      // the page thread with the same comparator
      const calls = [];
      const deck = Array.from({ length: n }, (_, k) => k);
      deck.sort((x, y) => { const negative = answers[calls.length] === '1'; calls.push(x + ':' + y); return negative ? -0.25 : 0.25; });
      out.push({ state: reply.state, calls: reply.payload, deck: [...reply.result].join(' '), pageCalls: calls.join(' ') });
    }
    worker.terminate();
    return out;
  }, cases.map(({ n, answers }) => ({ n, answers })));
  let differ = 0;
  for (const [k, { n, name, answers }] of cases.entries()) {
    const got = logs[k], where = `n = ${n}, answers ${name}`;
    assert.equal(got.state, 2, where);
    assert.equal(got.pageCalls, got.calls, `${where}: page thread and worker`);
    const count = got.calls.split(' ').length;
    assert.deepEqual(modelCalls('cmp-v8-chromium', n, answers, count), { calls: got.calls, deck: got.deck }, where);
    const node = nodeCalls(n, answers);
    assert.deepEqual(modelCalls('cmp-v8', n, answers, node.calls.split(' ').length), node, `node, ${where}`);
    if (node.calls !== got.calls) differ++;
  }
  assert.ok(differ >= 20, `Chromium and node differ in ${differ} of ${cases.length} logs`);

  // The sample: below 16 cards Chromium's sort is binary insertion, so both laws fit; node's is rejected.
  await waitFor(page, () => window.shufflelab.state().shuffle.engine.matching !== undefined);
  const e = (await state(page)).shuffle.engine;
  assert.equal(e.error, '');
  assert.equal(e.runs, 200000);
  assert.deepEqual(e.matching, ['cmp-binary-insertion', 'cmp-v8-chromium'], e.rows.join('\n'));
  assert.equal(e.rows.length, 7);
  assert.match(e.rows[5], /^V8 Array.prototype.sort: .*rejected$/);  // node 20's model (comparator_sorts() order)
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
