// Browser end-to-end for the dice lab: exact laws in the state JSON, a 10^6-roll
// sampling job in the Web Worker (checked against the Embind core in node and
// against plain JS written here from seed 002's description), expression
// errors with their position, bad links, and screenshots at scale 1 and 2.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { launch, openApp, goTo, state, command, nextFrames, SITE, SHOTS } from './browser.mjs';

let env;
before(async () => { env = await launch(); mkdirSync(SHOTS, { recursive: true }); });
after(async () => { await env?.close(); });

const Z80_SEED = '0123456789ABCDEF';

// The Z80 routine's byte: X = seed bytes +4..+7 (byte +7 most significant),
// r = (X>>24 ^ X>>21 ^ X>>20 ^ X>>12 ^ X>>3) & 0xff, bytes move up, r goes to +0.
function z80Bytes(seedHex) {
  const s = [];
  for (let i = 0; i < 8; i++) s.push(parseInt(seedHex.slice(2 * i, 2 * i + 2), 16));
  return () => {
    const x = (s[4] | (s[5] << 8) | (s[6] << 16) | (s[7] << 24)) >>> 0;
    const r = ((x >>> 24) ^ (x >>> 21) ^ (x >>> 20) ^ (x >>> 12) ^ (x >>> 3)) & 0xff;
    for (let i = 7; i > 0; i--) s[i] = s[i - 1];
    s[0] = r;
    return r;
  };
}

async function waitForJob(page, path, timeout = 180000) {
  await page.waitForFunction((p) => {
    let j = window.shufflelab.state().dice;
    for (const k of p) j = j[k];
    return j.state >= 2;
  }, path, { timeout, polling: 250 });
  return state(page);
}

test('a d20 through rollDie with DIESIDES-1 never shows a 20', async () => {
  const { page, context, problems } = await openApp(env, '#v=1&lab=dice&method=mulhi-minus1&sides=20&bits=8');
  const s = await state(page);
  assert.deepEqual(s.notices, []);
  const exact = s.dice.exact;
  // (19 x) >> 8 over the 256 bytes, counted here.
  const expected = new Array(20).fill(0);
  for (let x = 0; x < 256; x++) expected[(19 * x) >> 8]++;
  assert.deepEqual(exact.counts, expected.map(String));
  assert.equal(exact.counts[19], '0');
  assert.deepEqual(exact.never, [20]);
  assert.equal(exact.total, '256');
  assert.equal(exact.maxMinRatio, null);
  // Every method is compared; the rejection methods and the published roller are fair.
  const fair = s.dice.compare.filter((m) => m.tv === 0).map((m) => m.method).sort();
  assert.deepEqual(fair, ['fdr', 'lemire', 'reject']);
  assert.equal(s.dice.compare.length, 11);
  // The routine as printed (MulHbyL starts at L) gives face 20 from bytes 244..255.
  assert.equal(s.dice.z80.printedRollDieFace20, 12);
  assert.deepEqual(problems, []);
  await context.close();
});

test('10^6 rolls in the worker: counts sum to N, chi-square p-values, same as node and plain JS', async () => {
  const rolls = 1000000;
  const { page, context, problems } = await openApp(env,
    `#v=1&lab=dice&method=mulhi-minus1&sides=20&bits=8&gen=z80&seed=${Z80_SEED}&rolls=${rolls}`);
  await command(page, 'roll');
  const s = await waitForJob(page, ['sample']);
  const sample = s.dice.sample;
  assert.equal(sample.state, 2, sample.summary);
  assert.equal(sample.rolls, rolls);
  assert.equal(sample.counts.reduce((a, b) => a + b, 0), rolls);
  assert.equal(sample.counts[19], 0);
  assert.equal(typeof sample.pValue, 'number');
  assert.equal(typeof sample.pValueExact, 'number');
  assert.ok(sample.pValue < 1e-6, 'a d20 that never rolls 20 fails the fairness test');
  assert.equal(sample.bitsDrawn, rolls * 8);

  // The same job in node through the Embind core module.
  const { default: createShufflelabCore } = await import(join(SITE, 'shufflelab_core.mjs'));
  const core = await createShufflelabCore({ wasmBinary: readFileSync(join(SITE, 'shufflelab_core.wasm')) });
  const job = core.makeJob('dice_sample', `method=mulhi-minus1&sides=20&bits=8&gen=z80&seed=${Z80_SEED}&rolls=${rolls}`);
  while (!job.done()) job.step(65536);
  const result = Array.from(core.jobResult(job));
  job.delete();
  assert.deepEqual(result.slice(0, 4), [1, 20, rolls, rolls * 8]);
  assert.deepEqual(result.slice(4), sample.counts);

  // And by hand: one byte per roll, face = (19 byte) >> 8 + 1.
  const next = z80Bytes(Z80_SEED);
  const byHand = new Array(20).fill(0);
  for (let i = 0; i < rolls; i++) byHand[(19 * next()) >> 8]++;
  assert.deepEqual(sample.counts, byHand);
  assert.deepEqual(problems, []);
  await context.close();
});

test('64-bit words in the worker: Lemire on SplitMix64 equals BigInt arithmetic', async () => {
  const { page, context, problems } = await openApp(env,
    '#v=1&lab=dice&method=lemire&sides=6&bits=64&gen=splitmix64&seed=99&rolls=20000');
  await command(page, 'roll');
  const s = await waitForJob(page, ['sample']);
  const M = (1n << 64n) - 1n;
  let st = 99n;
  const next = () => {
    st = (st + 0x9E3779B97F4A7C15n) & M;
    let z = st;
    z = ((z ^ (z >> 30n)) * 0xBF58476D1CE4E5B9n) & M;
    z = ((z ^ (z >> 27n)) * 0x94D049BB133111EBn) & M;
    return z ^ (z >> 31n);
  };
  // Lemire (2019): m = x s; redraw while the low 64 bits are below 2^64 mod s.
  const n = 6n, threshold = (1n << 64n) % n;
  const expected = new Array(6).fill(0);
  for (let i = 0; i < 20000; i++) {
    let m = next() * n;
    while ((m & M) < threshold) m = next() * n;
    expected[Number(m >> 64n)]++;
  }
  assert.deepEqual(s.dice.sample.counts, expected);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a malformed expression points at the character and keeps the last valid one', async () => {
  const { page, context, problems } = await openApp(env, '#v=1&lab=dice&view=expr&expr=2d20kh1');
  let s = await state(page);
  // 2d20kh1: the higher of two d20s is t in (2t - 1) of the 400 outcomes.
  assert.equal(s.dice.expression.outcomes, '400');
  assert.deepEqual(s.dice.expression.counts, Array.from({ length: 20 }, (_, i) => String(2 * i + 1)));

  s = await command(page, 'expr=3d6+');
  assert.match(s.dice.expression.error, /at 5:/);
  assert.equal(s.dice.expression.errorPosition, 5);  // just past the '+', 1-based
  assert.equal(s.dice.expr, '2d20kh1');
  s = await command(page, 'expr=2d6x');
  assert.equal(s.dice.expression.errorPosition, 4);
  await nextFrames(page, 2);  // the error drawn (two frames built), not a fixed 300 ms
  await page.screenshot({ path: join(SHOTS, 'e2e-dice-expr-error@1x.png') });
  s = await command(page, 'expr=1001d6');
  assert.match(s.dice.expression.error, /1000 dice/);
  s = await command(page, 'expr=d%+3');
  assert.equal(s.dice.expression.error, '');
  assert.equal(s.dice.expr, 'd%+3');
  await page.waitForFunction(() => location.hash.includes('expr=d%25+3'));
  assert.deepEqual(problems, []);
  await context.close();
});

test('bad link values give notices and defaults; links stay short', async () => {
  const { page, context, problems } = await openApp(env, '#v=1&lab=dice&method=nope&bits=12&gen=z80&seed=00&view=x');
  const s = await state(page);
  assert.equal(s.notices.length, 4);
  assert.equal(s.dice.method, 'mulhi-minus1');
  assert.equal(s.dice.bits, 8);
  assert.equal(s.dice.seed, Z80_SEED);
  assert.equal(s.dice.view, 'die');
  assert.ok(s.hash.length < 300, s.hash);
  assert.deepEqual(problems, []);
  await context.close();
});

test('screenshots of the three views at device scale factor 2', async () => {
  const views = [
    ['die', '#v=1&lab=dice&method=mulhi-minus1&sides=20&bits=8&rolls=100000&view=die'],
    ['die1000', '#v=1&lab=dice&method=modulo&sides=1000&bits=16&view=die'],
    ['expr', '#v=1&lab=dice&method=mulhi-minus1&expr=4d6dl1&rolls=100000&view=expr'],
    ['z80', '#v=1&lab=dice&rolls=100000&view=z80'],
  ];
  for (const scale of [2]) {  // scale 1 is what every other test draws; ./lab shots takes both for people
    // One page per scale, moved from link to link (the views, not loading, are under test here).
    const { page, context, problems } = await openApp(env, views[0][1], { scale });
    for (const [name, hash] of views) {
      await goTo(page, hash);
      if (name !== 'die1000') {
        await command(page, 'roll');
        await waitForJob(page, name === 'expr' ? ['expression', 'sample'] : name === 'z80' ? ['z80', 'sample'] : ['sample']);
      }
      await nextFrames(page, 2);  // the finished job drawn (two frames built), not a fixed 300 ms
      const size = await page.evaluate(() => ({ w: canvas.width, cw: canvas.clientWidth }));
      assert.equal(size.w, size.cw * scale);
      await page.screenshot({ path: join(SHOTS, `e2e-dice-${name}@${scale}x.png`) });
      assert.deepEqual(problems, []);
    }
    await context.close();
  }
});
