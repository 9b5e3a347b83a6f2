// The LFSR and generator lab in the browser: links for tarot32, z80 and RANDU
// open with the right numbers (worked out here in JavaScript from the
// articles' rules, or quoted from the issue), step and scrub commands move the
// hash, and every view is screenshot at device scale factor 1 and 2.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { launch, openApp, goTo, state, command, setHash, waitForState, nextFrames, SHOTS } from './browser.mjs';

let env;
before(async () => { env = await launch(); mkdirSync(SHOTS, { recursive: true }); });
after(async () => { await env?.close(); });

const hex = (v, digits) => v.toString(16).toUpperCase().padStart(digits, '0');
const bytesText = (bytes) => bytes.map((b) => b.toString(16).padStart(2, '0')).join(' ');

// The tarot register: shift right; a 1 falling out XORs the mask into the top byte.
function tarotStep(r, mask) { const out = r & 1n; r >>= 1n; if (out) r ^= mask << 24n; return r; }
function tarotByte(r, mask) { for (let i = 0; i < 8; i++) r = tarotStep(r, mask); return [r, Number(r >> 24n)]; }

// Jump ahead by GF(2) matrix powers: column j = image of bit j after one step.
function tarotJump(seed, mask, steps) {
  let m = [];
  for (let j = 0; j < 32; j++) m.push(tarotStep(1n << BigInt(j), mask));
  const apply = (cols, v) => { let o = 0n; for (let j = 0; j < 32; j++) if ((v >> BigInt(j)) & 1n) o ^= cols[j]; return o; };
  let v = seed;
  for (let s = BigInt(steps); s > 0n; s >>= 1n) {
    if (s & 1n) v = apply(m, v);
    m = m.map((c) => apply(m, c));
  }
  return v;
}

// The article's coinFlip() / getRandomNumber() as printed (v > 77, c <= 77, minus 77).
function articleDraws(seed, mask, calls) {
  let r = seed, rng = 0, left = 0, loaded = 0;
  const byteOfCall = [];
  const flip = () => {
    if (left === 0) { let b; [r, b] = tarotByte(r, mask); rng = b; left = 8; byteOfCall[++loaded] = b; }
    const bit = rng & 1; rng >>= 1; left -= 1; return bit;
  };
  const cards = [];
  let flips = 0;
  while (flips < calls * 8) {
    let v = 1, c = 0;
    for (;;) {
      v *= 2; c = c * 2 + flip(); flips++;
      if (v > 77) { if (c <= 77) break; v -= 77; c -= 77; }
    }
    cards.push(c);
  }
  return { cards, byteOfCall };
}

// The Z80 routine instruction by instruction (rl through the carry flag).
function z80Call(mem) {
  let carry = 0;
  const rl = (x) => { const out = x >> 7; const r = ((x << 1) | carry) & 0xff; carry = out; return r; };
  let e = mem[4], d = mem[5], c = mem[6], a = mem[7];
  const b = a;
  for (let i = 0; i < 3; i++) { e = rl(e); d = rl(d); c = rl(c); a = rl(a); }
  const h = a;
  e = rl(e); d = rl(d); c = rl(c); a = rl(a);
  a ^= b;
  e = rl(e); d = rl(d);
  a ^= h ^ c ^ d;
  for (let i = 7; i >= 1; i--) mem[i] = mem[i - 1];
  mem[0] = a;
  return a;
}

// WebGL reports misuse (say, a framebuffer left bound) as console warnings.
function watchGl(page) {
  const glErrors = [];
  page.on('console', (m) => { if (/GL_INVALID|Feedback loop/.test(m.text())) glErrors.push(m.text()); });
  return glErrors;
}

// After the commands before it: two frames built (the view drawn), not a fixed 250 ms.
async function shoot(page, name, scale) {
  await nextFrames(page, 2);
  await page.screenshot({ path: join(SHOTS, `lfsr-${name}@${scale}x.png`) });
}

async function showTab(page, tab) {
  await command(page, `tab=${tab}`);
  await page.waitForFunction((t) => window.shufflelab.state().lfsr.tab === t, tab, { timeout: 30000 });
}

test('tarot32: the old link, the stepper, the dice queue, jump-ahead scrubbing and the claims', async () => {
  const { page, context, problems } = await openApp(env, '#v=1&lab=lfsr&seed=DEADBEEF&mask=CF&t=13');
  const glErrors = watchGl(page);
  let s = await state(page);
  assert.deepEqual(s.notices, []);
  assert.deepEqual([s.lfsr.gen, s.lfsr.width, s.lfsr.seed, s.lfsr.mask, s.lfsr.t], ['tarot32', 32, 'DEADBEEF', 'CF', 13]);
  let r = 0xDEADBEEFn;
  for (let i = 0; i < 13; i++) r = tarotStep(r, 0xCFn);
  assert.equal(s.lfsr.register, hex(r, 8));
  // The issue: mask CF is not maximal; from seed 1 its period is 3757580295.
  assert.equal(s.lfsr.maximal, false);
  assert.equal(s.lfsr.maxPeriod, '3757580295');
  assert.equal(s.lfsr.claims.tarotCfSeed1, '3757580295');
  assert.equal(s.lfsr.claims.tarotClaimed, '4294967295');
  assert.equal(s.lfsr.claims.z80Max, '36028247263084545');
  assert.equal(s.lfsr.claims.z80AllOnesPeriod, '1');

  // Step to the end of call 3: the dice queue shows byte 3 and the draws that read it.
  await command(page, 'scrub=24');
  await page.waitForFunction(() => window.location.hash.endsWith('&t=24'));
  s = await state(page);
  const { cards, byteOfCall } = articleDraws(0xDEADBEEFn, 0xCFn, 3);
  assert.equal(s.lfsr.stepper.dice.call, 3);
  assert.equal(s.lfsr.stepper.dice.rng, hex(byteOfCall[3], 2));
  for (const roll of s.lfsr.stepper.dice.rolls) assert.equal(roll.card, cards[roll.index - 1], `draw ${roll.index}`);

  // Scrubbing far: a jump of 10^12 bit-steps, checked by matrix powers in JavaScript.
  await command(page, 'scrub=1000000000000');
  await page.waitForFunction(() => window.location.hash === '#v=1&lab=lfsr&seed=DEADBEEF&mask=CF&t=1000000000000');
  s = await state(page);
  assert.equal(s.lfsr.register, hex(tarotJump(0xDEADBEEFn, 0xCFn, 1000000000000n), 8));
  await command(page, 'step_bit');
  await page.waitForFunction(() => window.location.hash.endsWith('&t=1000000000001'));
  await command(page, 'back_bit');
  await command(page, 'back_bit');
  await page.waitForFunction(() => window.location.hash.endsWith('&t=999999999999'));

  // The bit plane holds the generator's next bytes and is rebuilt only when the state changes.
  await command(page, 'scrub=13');
  await showTab(page, 'bitplane');
  await page.waitForFunction(() => window.shufflelab.state().lfsr.bitplane.current);
  s = await state(page);
  let reg = r;
  const next = [];
  for (let i = 0; i < 16; i++) { let b; [reg, b] = tarotByte(reg, 0xCFn); next.push(b); }
  assert.equal(s.lfsr.bitplane.first, bytesText(next));
  assert.equal(s.lfsr.bitplane.uploaded, true);
  const generations = s.lfsr.bitplane.generations;
  // Idle frames counted by the app (300 ms may hold no frame on a busy machine).
  assert.equal((await nextFrames(page, 10)).lfsr.bitplane.generations, generations, 'idle frames rebuild nothing');
  assert.deepEqual(problems, []);
  assert.deepEqual(glErrors, []);
  await context.close();
});

test('tarot32 views at device scale factor 2', async () => {
  const views = [
    ['tarot-stepper', '#v=1&lab=lfsr&seed=DEADBEEF&mask=CF&t=29', 'stepper'],
    ['tarot-period', '#v=1&lab=lfsr&seed=DEADBEEF&mask=CF&t=29', 'period'],
    ['tarot-claims', '#v=1&lab=lfsr&seed=00000001&mask=CF&t=0', 'claims'],
    ['tarot-short-bitplane', '#v=1&lab=lfsr&width=16&seed=BEEF&mask=01&t=0', 'bitplane'],
    ['fibonacci-stepper', '#v=1&lab=lfsr&gen=fibonacci&width=16&seed=BEEF&taps=002D&t=21', 'stepper'],
  ];
  for (const scale of [2]) {  // scale 1 is what every other test draws; ./lab shots takes both for people
    // One page per scale, moved from link to link (the views, not loading, are under test here).
    const { page, context, problems } = await openApp(env, views[0][1], { scale });
    const glErrors = watchGl(page);
    for (const [name, hash, tab] of views) {
      await goTo(page, hash);
      await showTab(page, tab);
      await shoot(page, name, scale);
      assert.deepEqual((await state(page)).notices, [], name);
    }
    assert.deepEqual(problems, []);
    assert.deepEqual(glErrors, []);
    await context.close();
  }
});

test('z80: the issue example link, the routine stepped in JavaScript, its real period', async () => {
  const { page, context, problems } = await openApp(env, '#v=1&lab=lfsr&gen=z80&seed=0102030405060708&t=40');
  let s = await state(page);
  assert.deepEqual(s.notices, []);
  assert.deepEqual([s.lfsr.gen, s.lfsr.unit, s.lfsr.seed, s.lfsr.t], ['z80', 'call', '0102030405060708', 40]);
  const mem = [1, 2, 3, 4, 5, 6, 7, 8];
  const outputs = [];
  for (let i = 0; i < 40; i++) outputs.push(z80Call(mem));
  assert.equal(s.lfsr.register, mem.map((b) => hex(b, 2)).join(''));
  assert.equal(s.lfsr.stepper.output, hex(outputs[39], 2));
  assert.equal(s.lfsr.stepper.recentBytes, bytesText(outputs.slice(-16)));
  // The issue: longest cycle 36028247263084545 calls, far below 2^64 - 1.
  assert.equal(s.lfsr.maxPeriod, '36028247263084545');
  assert.equal(s.lfsr.maximal, false);
  assert.ok(s.lfsr.analysis.examples.length >= 1);

  await command(page, 'step');
  await page.waitForFunction(() => window.location.hash === '#v=1&lab=lfsr&gen=z80&seed=0102030405060708&t=41');
  // A weak seed one click away: its cycle is what the analysis said.
  await command(page, 'weak_seed=0');
  await page.waitForFunction(() => window.location.hash.includes('&t=0'));
  s = await state(page);
  assert.equal(s.lfsr.analysis.seedIsWeak, true);
  assert.equal(s.lfsr.period, s.lfsr.analysis.examples[0].period);
  assert.deepEqual(problems, []);
  await context.close();

  for (const scale of [2]) {  // scale 1 is what every other test draws; ./lab shots takes both for people
    for (const [name, tab] of [['z80-stepper', 'stepper'], ['z80-period', 'period']]) {
      const opened = await openApp(env, '#v=1&lab=lfsr&gen=z80&seed=0102030405060708&t=40', { scale });
      await showTab(opened.page, tab);
      await shoot(opened.page, name, scale);
      assert.deepEqual(opened.problems, []);
      await opened.context.close();
    }
  }
});

test('lcg32 RANDU: outputs, the 15 planes, the lattice and word bit plane', async () => {
  const { page, context, problems } = await openApp(env, '#v=1&lab=lfsr&gen=lcg32&preset=randu&seed=00000001&t=5');
  let s = await state(page);
  assert.deepEqual(s.notices, []);
  let x = 1n;
  const xs = [];
  for (let i = 0; i < 5; i++) { x = (65539n * x) % (1n << 31n); xs.push(x); }
  assert.equal(s.lfsr.register, hex(x, 8));
  assert.deepEqual(s.lfsr.stepper.outputs.map((o) => o.value), xs.map(String));
  assert.equal(s.lfsr.period, null);  // not linear over GF(2)
  // x[n+2] = 6 x[n+1] - 9 x[n] (mod 2^31): every triple lies on one of 15 planes.
  assert.deepEqual(s.lfsr.lattice.planes, { s: [9, -6, 1], count: 15 });

  await command(page, 'scrub=123456789012');
  await page.waitForFunction(() => window.location.hash.endsWith('&t=123456789012'));
  s = await state(page);
  // x[t] = 65539^t mod 2^31 from seed 1, by square-and-multiply.
  let base = 65539n, e = 123456789012n, y = 1n;
  while (e > 0n) { if (e & 1n) y = (y * base) % (1n << 31n); base = (base * base) % (1n << 31n); e >>= 1n; }
  assert.equal(s.lfsr.register, hex(y, 8));
  assert.deepEqual(problems, []);
  await context.close();

  for (const scale of [2]) {  // scale 1 is what every other test draws; ./lab shots takes both for people
    const opened = await openApp(env, '#v=1&lab=lfsr&gen=lcg32&preset=randu&seed=00000001&t=0', { scale });
    const glErrors = watchGl(opened.page);
    await showTab(opened.page, 'lattice');
    await command(opened.page, 'edge_on');
    await shoot(opened.page, 'randu-lattice', scale);
    await showTab(opened.page, 'bitplane');
    await command(opened.page, 'bitplane=words');
    await opened.page.waitForFunction(() => window.shufflelab.state().lfsr.bitplane.source === 'words');
    await shoot(opened.page, 'randu-bitplane', scale);
    await showTab(opened.page, 'stepper');
    await command(opened.page, 'scrub=12');
    await shoot(opened.page, 'randu-stepper', scale);
    assert.deepEqual(opened.problems, []);
    assert.deepEqual(glErrors, []);
    await opened.context.close();
  }
});

test('bad values give a notice and that field\'s default; replayed generators cap t', async () => {
  const { page, context, problems } = await openApp(env, '#v=1&lab=lfsr&gen=glibc&seed=00000001&t=5000000');
  let s = await state(page);
  assert.equal(s.notices.length, 1);
  assert.match(s.notices[0], /^t: /);
  assert.equal(s.lfsr.t, 0);
  assert.equal(s.lfsr.maxStep, 1048576);
  // glibc srand(1): the first rand() values everyone knows.
  await command(page, 'scrub=2');
  await page.waitForFunction(() => window.shufflelab.state().lfsr.t === 2);
  s = await state(page);
  assert.deepEqual(s.lfsr.stepper.outputs.map((o) => o.value), ['1804289383', '846930886']);
  s = await setHash(page, '#v=1&lab=lfsr&gen=z80&seed=123&t=7');
  assert.equal(s.lfsr.gen, 'z80');
  assert.equal(s.notices.length, 1);
  assert.equal(s.lfsr.seed, '0102030405060708');
  assert.equal(s.lfsr.t, 7);
  assert.deepEqual(problems, []);
  await context.close();
});

test('play at full speed moves far and keeps frames cheap; pause stops it', async () => {
  const { page, context, problems } = await openApp(env, '#v=1&lab=lfsr&seed=DEADBEEF&mask=CF&t=0');
  await command(page, 'speed=full');
  await command(page, 'play');
  // Until it has moved far (the state), not for 700 ms: a busy machine builds fewer frames in that time.
  await waitForState(page, (x) => x.lfsr.t > 100000, 'full speed past t = 100000', { timeout: 60000 });
  await command(page, 'pause');
  const s = await state(page);
  assert.equal(s.lfsr.playing, false);
  assert.ok(s.lfsr.t > 100000, `t = ${s.lfsr.t}`);
  // The register shown is the one reached by stepping from the seed.
  assert.equal(s.lfsr.register, hex(tarotJump(0xDEADBEEFn, 0xCFn, BigInt(s.lfsr.t)), 8));
  const t = s.lfsr.t;
  // Paused: ten more frames (counted by the app) do not move it.
  assert.equal((await nextFrames(page, 10)).lfsr.t, t);
  assert.deepEqual(problems, []);
  await context.close();
});
