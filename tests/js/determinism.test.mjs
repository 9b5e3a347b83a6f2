// The same digest of every generator, method and shuffle natively (the CLI)
// and in the wasm module under node: any platform difference fails here.
// (tests/e2e/determinism.test.mjs does the same in Chromium.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const SITE = join(ROOT, 'build', 'wasm', 'site');
const { default: createShufflelabCore } = await import(join(SITE, 'shufflelab_core.mjs'));
const core = await createShufflelabCore({ wasmBinary: readFileSync(join(SITE, 'shufflelab_core.wasm')) });

test('golden vectors: wasm under node equals native, line by line', () => {
  const native = spawnSync(join(ROOT, 'build', 'native', 'shufflelab'), ['golden'], { encoding: 'utf8' });
  assert.equal(native.status, 0, native.stderr);
  const nativeLines = native.stdout.trimEnd().split('\n');
  const wasmLines = core.goldenVectors().trimEnd().split('\n');
  assert.ok(nativeLines.length > 100, `only ${nativeLines.length} lines`);
  assert.equal(wasmLines.length, nativeLines.length);
  for (let i = 0; i < nativeLines.length; i++) assert.equal(wasmLines[i], nativeLines[i]);
  assert.ok(!native.stdout.includes('error'), 'a golden generator failed to build');
});
