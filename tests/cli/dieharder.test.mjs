// Debian's dieharder on several generators' streams (short runs). The run must
// reproduce the recorded table (data/dieharder.tsv, shown in the app and in
// docs/check.md) and show the expected lessons: the linear tarot LFSR fails the
// 32x32 binary-rank test, RANDU fails several tests, xoshiro256** fails none.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runAll, recordFor } from '../../tools/dieharder.mjs';

test('dieharder results reproduce the record and teach the expected lessons', () => {
  const table = runAll();
  assert.equal(table, recordFor());  // the small generators' rows: `node tools/dieharder.mjs --small --check`
  const rows = table.trim().split('\n').slice(1).map((l) => l.split('\t'));
  const verdict = (gen, t) => rows.find((r) => r[0] === gen && r[1] === t)?.[3];
  assert.equal(verdict('tarot32 CF', 'diehard_rank_32x32'), 'FAILED');
  assert.equal(verdict('tarot32 AF', 'diehard_rank_32x32'), 'FAILED');  // maximal mask, still linear
  assert.ok(rows.filter((r) => r[0] === 'lcg32 randu' && r[3] === 'FAILED').length >= 2);
  assert.ok(rows.filter((r) => r[0] === 'xoshiro256**').every((r) => r[3] !== 'FAILED'));
});
