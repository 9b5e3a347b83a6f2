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
