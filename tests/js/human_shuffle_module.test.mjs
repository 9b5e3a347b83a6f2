// The ES module's riffleTable and comparatorLaw: the same exact numbers as the
// native CLI (itself checked against Python's fractions and node's own sort in
// tests/cli/human_shuffle.test.mjs), and the riffle table's wasm time.
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
const cli = (...args) => spawnSync(join(ROOT, 'build', 'native', 'shufflelab'), args, { encoding: 'utf8' });

test('riffleTable gives the CLI\'s exact fractions', () => {
  const t = core.riffleTable(20, 8);
  const r = cli('riffle', '--n', '20', '--k', '8', '--exact');
  assert.equal(r.status, 0, r.stderr);
  const lines = r.stdout.trim().split('\n').slice(0, 8);
  assert.deepEqual(t.fractions, lines.map((line) => line.split(' ')[2]));
  assert.deepEqual([...t.distances].map((d) => d.toFixed(6)), lines.map((line) => line.split(' ')[1]));
  assert.equal(core.riffleTable(52, 20).belowHalf, 7);
  assert.throws(() => core.riffleTable(1001, 3), /n: 1001 cards/);
});

test('comparatorLaw gives the CLI\'s exact weights', () => {
  for (const algo of ['cmp-v8', 'cmp-v8-chromium', 'cmp-quick-median3']) {
    const law = core.comparatorLaw(algo, 5);
    const r = cli('bias', '--algo', algo, '--n', '5', '--exact');
    assert.equal(r.status, 0, r.stderr);
    assert.deepEqual(law.weights, r.stdout.trim().split('\n').flatMap((line) => line.split(',')));
    assert.match(r.stderr, new RegExp(`2\\^${law.exponent};`));
  }
  assert.throws(() => core.comparatorLaw('fisher-yates', 5), /not a comparator sort/);
  // Quicksorts walk only their partitions, so their cap is higher than the tree walks' 10 cards.
  const quick = core.comparatorLaw('cmp-quick-first', 14);
  const r = cli('bias', '--algo', 'cmp-quick-first', '--n', '14', '--exact');
  assert.deepEqual(quick.weights, r.stdout.trim().split('\n').flatMap((line) => line.split(',')));
  assert.throws(() => core.comparatorLaw('cmp-quick-first', 23), /n: 1\.\.22 for cmp-quick-first/);
  assert.throws(() => core.comparatorLaw('cmp-merge', 11), /n: 1\.\.10 for cmp-merge/);
});
