// Assembly lanes in every lab that animates an algorithm: opened by the link
// field lanes=1, stepped with the lab's own command hook; at each step the
// listing's value (run in the browser on the core's interpreter from the
// generator state before the call) must equal what the lab itself shows, and
// the WebAssembly lane must have rows in this browser build.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openApp, state, command } from './browser.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

const hex = (s) => BigInt('0x' + s);
const lanes = (panel) => {
  assert.ok(panel.lanes, 'describe_json has no lanes field');
  assert.equal(panel.lanes.open, true);
  assert.equal(panel.lanes.error, undefined, panel.lanes.error);
  return panel.lanes.items;
};
const value = (item) => item.laneValue.map(BigInt);

test('LFSR lab: the SM83, Z80 and PIC lanes hold the register the stepper shows', async () => {
  const cases = [
    { hash: '#v=1&lab=lfsr&seed=DEADBEEF&mask=CF&t=0&lanes=1', algorithm: 'sm83-lfsr', steps: [1, 5, 8, 9, 13, 800], wasm: true },
    { hash: '#v=1&lab=lfsr&gen=z80&seed=0102030405060708&t=0&lanes=1', algorithm: 'z80-lfsr', steps: [1, 2, 3, 77, 100000], wasm: true },
    { hash: '#v=1&lab=lfsr&gen=z80&seed=0000000000000001&t=0&lanes=1', algorithm: 'z80-lfsr', steps: [1, 9, 4000], wasm: true },
    { hash: '#v=1&lab=lfsr&gen=lcg32&preset=onechip&seed=00000001&t=0&lanes=1', algorithm: 'pic-lcrng', steps: [1, 2, 1000], wasm: true },
  ];
  for (const c of cases) {
    const { page, context, problems } = await openApp(env, c.hash);
    for (const t of [0, ...c.steps]) {
      const s = t === 0 ? await state(page) : await command(page, `scrub=${t}`);
      assert.equal(s.lfsr.t, t);
      const [item] = lanes(s.lfsr);
      assert.equal(item.algorithm, c.algorithm);
      assert.equal(item.agrees, true, `${c.hash} t=${t}`);
      assert.deepEqual(value(item), [hex(s.lfsr.register)], `${c.hash} t=${t}: lane vs the lab's register`);
      assert.ok(item.wasmRows > 0, 'the wasm lane has rows');
    }
    // The instruction cursor moves inside the call and comes back.
    const moved = await command(page, 'lane_cursor=0');
    assert.equal(lanes(moved.lfsr)[0].cursor, 0);
    const back = await command(page, 'lane_mark');
    assert.equal(lanes(back.lfsr)[0].agrees, true);
    assert.deepEqual(problems, []);
    await context.close();
  }
  const { page, context } = await openApp(env, '#v=1&lab=lfsr&seed=DEADBEEF&mask=B8&t=3&lanes=1');
  const s = await state(page);
  assert.deepEqual(s.lfsr.lanes.items, []);
  assert.match(s.lfsr.lanes.none, /mask CF/);
  await context.close();
});

test('Dice lab: the roll stepper and its lane give the same value', async () => {
  const cases = [
    ['mulhi-minus1', 20, 8, 'z80', '0123456789ABCDEF', 'z80-roll-minus1'],
    ['mulhi', 20, 8, 'z80', '0123456789ABCDEF', 'z80-roll-exact'],
    ['maxu8', 20, 8, 'z80', '0123456789ABCDEF', 'z80-maxu8'],
    ['reject', 20, 8, 'z80', '0123456789ABCDEF', 'z80-reject'],
    ['lemire', 20, 64, 'splitmix64', '1', 'x86-lemire'],
    ['fdr-tarot', 78, 8, 'tarot32', 'DEADBEEF', 'sm83-roll'],
    ['fdr', 20, 8, 'tarot32', 'DEADBEEF', 'sm83-fdr'],
    ['reject', 20, 8, 'onechip', '1', 'pic-reject'],
  ];
  for (const [method, sides, bits, gen, seed, algorithm] of cases) {
    const { page, context, problems } = await openApp(
      env, `#v=1&lab=dice&method=${method}&sides=${sides}&bits=${bits}&gen=${gen}&seed=${seed}&view=die&lanes=1`);
    for (const k of [0, 1, 2, 17, 300]) {
      const s = await command(page, `roll=${k}`);
      assert.equal(s.dice.roll.k, k);
      const [item] = lanes(s.dice);
      assert.equal(item.algorithm, algorithm);
      assert.equal(item.agrees, true, `${method} roll ${k}`);
      assert.deepEqual(value(item), [BigInt(s.dice.roll.value)], `${method} roll ${k}: lane vs the stepper`);
    }
    await page.waitForFunction(() => location.hash.includes('roll=300') && location.hash.includes('lanes=1'));
    assert.deepEqual(problems, []);
    await context.close();
  }
});

test('Shuffle lab: Game Boy Fisher-Yates deck and the PDEP strike at each step', async () => {
  {
    const { page, context, problems } = await openApp(
      env, '#v=1&lab=shuffle&algo=fisher-yates&n=78&gen=tarot32&seed=3735928559&method=fdr-tarot&bits=8&t=0&lanes=1');
    for (const t of [0, 1, 2, 40, 77]) {
      const s = await command(page, `t=${t}`);
      const [item] = lanes(s.shuffle);
      assert.equal(item.algorithm, 'sm83-shuffle');
      assert.equal(item.agrees, true, `t=${t}`);
      assert.deepEqual(value(item), s.shuffle.deck.map(BigInt), `t=${t}: DECK memory vs the lab's deck`);
    }
    assert.deepEqual(problems, []);
    await context.close();
  }
  {
    const { page, context, problems } = await openApp(env, '#v=1&lab=shuffle&algo=pdep&n=52&gen=splitmix64&seed=7&method=lemire&bits=64&t=0&lanes=1');
    for (let t = 1; t <= 52; t += 17) {
      const s = await command(page, `t=${t}`);
      const [strike, lemire] = lanes(s.shuffle);
      assert.equal(strike.algorithm, 'x86-strike');
      assert.deepEqual(value(strike), [BigInt(s.shuffle.pdep.card)], `t=${t}: struck card`);
      assert.equal(lemire.algorithm, 'x86-lemire');
      assert.deepEqual(value(lemire), [BigInt(s.shuffle.pdep.rank)], `t=${t}: drawn rank`);
    }
    assert.deepEqual(problems, []);
    await context.close();
  }
});

test('Poker lab: the PIC LCRNG call and the PIC deal hold the lab state at every call', async () => {
  const { page, context, problems } = await openApp(env, '#v=1&lab=poker&seed=DEADBEEF&t=0&lanes=1');
  let s = await state(page);
  for (let i = 0; i <= s.poker.calls; i++) {
    if (i > 0) s = await command(page, 'step');
    assert.equal(s.poker.t, i);
    const [call, deal] = lanes(s.poker);
    assert.equal(call.algorithm, 'pic-lcrng');
    assert.equal(deal.algorithm, 'pic-deal');
    assert.deepEqual(value(call), [hex(s.poker.state)], `call ${i}`);
    assert.deepEqual(value(deal), [hex(s.poker.state)], `deal at call ${i}`);
    assert.ok(call.wasmRows > 0);
  }
  assert.deepEqual(problems, []);
  await context.close();
});

test('Assembly lab: the WebAssembly lane has rows and lights some for the Z80 LFSR', async () => {
  const { page, context, problems } = await openApp(env, '#v=1&lab=asm&algo=z80-lfsr&seed=0102030405060708&calls=1&t=0');
  let lit = 0;
  for (let i = 0; i < 40; i++) {
    const s = await command(page, 'step');
    assert.ok(s.asm.wasmRows > 0);
    lit += s.asm.wasmLit > 0 ? 1 : 0;
  }
  assert.ok(lit > 0, 'no step lit a wasm row');
  assert.deepEqual(problems, []);
  await context.close();
});
