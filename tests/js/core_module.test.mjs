// node:test tests of the Embind core module (the same ES module a Web Worker
// or an embedder loads).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const SITE = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'build', 'wasm', 'site');
const { default: createShufflelabCore } = await import(join(SITE, 'shufflelab_core.mjs'));
// Node 20's fetch cannot read file paths, so hand the module its bytes.
const core = await createShufflelabCore({ wasmBinary: readFileSync(join(SITE, 'shufflelab_core.wasm')) });

// The article's LFSR() in plain JS with BigInt: the independent reference.
function articleBytes(seed, mask, count) {
  let r = BigInt(seed);
  const out = [];
  for (let k = 0; k < count; k++) {
    for (let i = 0; i < 8; i++) { const bit = r & 1n; r >>= 1n; if (bit) r ^= BigInt(mask) << 24n; }
    out.push(Number(r >> 24n));
  }
  return out;
}

test('tarotBytes returns a Uint8Array batch equal to the article procedure', () => {
  const bytes = core.tarotBytes(32, 'CF', '00000001', 4096);
  assert.ok(bytes instanceof Uint8Array);
  assert.equal(bytes.length, 4096);
  assert.deepEqual(Array.from(bytes), articleBytes(1, 0xcf, 4096));
  assert.deepEqual(Array.from(core.tarotBytes(32, 'C5', 'DEADBEEF', 100)), articleBytes(0xdeadbeef, 0xc5, 100));
});

test('bad input throws a JS Error with the core message', () => {
  assert.throws(() => core.tarotBytes(32, 'CF', '0', 4), /zero/);
  assert.throws(() => core.tarotBytes(32, 'ZZ', '1', 4), /mask/);
  assert.throws(() => core.tarotBytes(70, 'CF', '1', 4), /width/);
});

test('decodeLink normalises links and reports problems', () => {
  const ok = core.decodeLink('#v=1&lab=lfsr&seed=deadbeef&mask=cf&t=13');
  assert.equal(ok.hash, '#v=1&lab=lfsr&seed=DEADBEEF&mask=CF&t=13');
  assert.deepEqual(ok.notices, []);
  const bad = core.decodeLink('#v=1&lab=lfsr&seed=zz&mask=');
  assert.equal(bad.notices.length, 2);
});

// The reader's shuffle from node (docs/code_protocol.md): a script runs its
// function for every answer list and hands the core the text the page's worker
// writes. Fisher-Yates on 4 cards, run here: 24 lists, every deck once.
test('analyzeShuffleResult reads an exact run and says whether it is uniform', () => {
  const lines = [];
  for (let a = 0; a < 4; a++) for (let b = 0; b < 3; b++) for (let c = 0; c < 2; c++) {
    const deck = [0, 1, 2, 3];
    [a, b, c].forEach((j, k) => { const i = 3 - k; [deck[i], deck[j]] = [deck[j], deck[i]]; });
    lines.push('24 1 ' + deck.join(' '));
  }
  const r = JSON.parse(core.analyzeShuffleResult(`exact n=4 leaves=24 runs=24\n${lines.join('\n')}\n`, 4));
  assert.equal(r.kind, 'exact');
  assert.equal(r.denominator, 24);
  assert.equal(r.reachable, 24);
  assert.equal(r.uniform, true);
  assert.deepEqual(r.counts, new Array(16).fill(6));
  const bad = JSON.parse(core.analyzeShuffleResult('error kind=not-permutation line=0 column=0 draws=2\n0 0 2\n', 3));
  assert.equal(bad.message, "Your shuffle's deck is not the 3 cards in some order: card 0 appears 2 times and card 1 is missing.");
  assert.equal(JSON.parse(core.analyzeShuffleResult('trace n=3 draws=1\nd 3 3\ndeck 0 1 2\n', 3)).kind, 'invalid');
});
