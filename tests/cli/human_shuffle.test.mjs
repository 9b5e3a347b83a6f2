// Random-comparator sorts and riffles from the CLI, against things we did not
// write: node's own Array.prototype.sort (V8) and Python's fractions.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const CLI = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'build', 'native', 'shufflelab');
const run = (...args) => spawnSync(CLI, args, { encoding: 'utf8' });

// Exact law from `bias --exact`: cells as probabilities (numerators over 2^E, E on stderr).
function exactLaw(algo, n) {
  const r = run('bias', '--algo', algo, '--n', String(n), '--exact');
  assert.equal(r.status, 0, r.stderr);
  const e = Number(/rows sum to 2\^(\d+)/.exec(r.stderr)[1]);
  return r.stdout.trim().split('\n').map((line) => line.split(',').map((x) => Number(BigInt(x)) / 2 ** e));
}

// Pearson's sum over the n^2 cells times (n-1)/n: a chi-square with (n-1)^2
// degrees of freedom when the law is right (see core/shuffle/shuffle_bias.hpp).
function chiSquare(law, counts, runs) {
  const n = law.length;
  let chi = 0;
  for (let p = 0; p < n; p++)
    for (let c = 0; c < n; c++) {
      const expected = law[p][c] * runs;
      if (expected === 0) { assert.equal(counts[p][c], 0); continue; }
      chi += (counts[p][c] - expected) ** 2 / expected;
    }
  return chi * (n - 1) / n;
}

test('the V8 model matches node\'s own Array.prototype.sort with a random comparator', () => {
  // 10^6 sorts of 6 cards with the comparator of the web's favourite bad shuffle.
  const n = 6, runs = 1_000_000;
  const counts = Array.from({ length: n }, () => new Array(n).fill(0));
  const base = [0, 1, 2, 3, 4, 5];
  for (let m = 0; m < runs; m++) {
    const deck = base.slice().sort(() => Math.random() - 0.5);
    for (let p = 0; p < n; p++) counts[p][deck[p]]++;
  }
  const df = (n - 1) ** 2;
  const bound = df + 8 * Math.sqrt(2 * df);  // about 6 sigma above the mean of 25
  const v8 = chiSquare(exactLaw('cmp-v8', n), counts, runs);
  assert.ok(v8 < bound, `V8 model: chi-square ${v8.toFixed(1)} with ${df} degrees of freedom`);
  // The test can fail: the other sorts' laws are far from what node does.
  for (const other of ['cmp-insertion', 'cmp-merge', 'cmp-binary-insertion']) {
    const chi = chiSquare(exactLaw(other, n), counts, runs);
    assert.ok(chi > 100 * bound, `${other} should not fit node's sort: chi-square ${chi.toFixed(0)}`);
  }
});

test('riffle distances equal an independent computation with Python fractions', () => {
  // Python: Eulerian numbers by their alternating sum (not the recurrence the
  // core uses) and the distance 1/2 sum_r A(n,r) |C(2^k+n-r, n)/2^(kn) - 1/n!|.
  const py = `
from fractions import Fraction
from math import comb, factorial
n, K = 20, 8
A = [sum((-1)**j * comb(n + 1, j) * (r - j)**n for j in range(r + 1)) for r in range(n + 1)]
for k in range(1, K + 1):
    d = sum(A[r] * abs(Fraction(comb(2**k + n - r, n), 2**(k*n)) - Fraction(1, factorial(n))) for r in range(1, n + 1)) / 2
    print(k, f"{d.numerator}/{d.denominator}")
`;
  const p = spawnSync('/usr/bin/python3', ['-c', py], { encoding: 'utf8' });
  assert.equal(p.status, 0, p.stderr);
  const r = run('riffle', '--n', '20', '--k', '8', '--exact');
  assert.equal(r.status, 0, r.stderr);
  const ours = r.stdout.trim().split('\n').slice(0, 8).map((line) => { const [k, , f] = line.split(' '); return `${k} ${f}`; });
  assert.deepEqual(ours, p.stdout.trim().split('\n'));
});

test('riffle --n 52 reproduces Bayer and Diaconis (1992), Table 1, and the Faro order', () => {
  const published = ['1.000', '1.000', '1.000', '1.000', '0.924', '0.614', '0.334', '0.167', '0.085', '0.043'];
  const r = run('riffle', '--n', '52', '--k', '10');
  assert.equal(r.status, 0, r.stderr);
  const lines = r.stdout.trim().split('\n');
  lines.slice(0, 10).forEach((line, i) => assert.equal(Number(line.split(' ')[1]).toFixed(3), published[i], line));
  assert.match(r.stdout, /below 1\/2 from k = 7\n/);
  assert.match(r.stdout, /faro out-shuffles to restore 52 cards: 8\n/);
});

test('riffle and bias refuse bad input with one line and status 2', () => {
  for (const args of [['riffle', '--n', '1001'], ['riffle', '--k', '0'], ['riffle', '--n', 'x'],
    ['bias', '--algo', 'cmp-v8', '--n', '64', '--exact'], ['bias', '--algo', 'cmp-merge', '--n', '11', '--exact'],
    ['bias', '--algo', 'overhand', '--n', '5', '--exact']]) {
    const r = run(...args);
    assert.equal(r.status, 2, args.join(' '));
    assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
  }
});
