// `shufflelab check` as a project's test suite runs it: exit status, JSON and
// the human text reading the same report, stdin, and bad input named by line
// and column. Decks come from node's own Math.random Fisher-Yates and from
// Sattolo's algorithm written here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const CLI = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'build', 'native', 'shufflelab');
const check = (args, input) => spawnSync(CLI, ['check', ...args], { input, encoding: 'utf8' });

function decks(count, n, shuffle) {
  const lines = [];
  for (let d = 0; d < count; d++) {
    const deck = Array.from({ length: n }, (_, i) => i + 1);
    shuffle(deck);
    lines.push(deck.join(','));
  }
  return lines.join('\n') + '\n';
}
const below = (k) => Math.floor(Math.random() * k);
const fisherYates = (a) => { for (let i = a.length - 1; i > 0; i--) { const j = below(i + 1); [a[i], a[j]] = [a[j], a[i]]; } };
const sattolo = (a) => { for (let i = a.length - 1; i > 0; i--) { const j = below(i); [a[i], a[j]] = [a[j], a[i]]; } };

test('Sattolo decks: exit 1, JSON and text agree on the failing tests', () => {
  const input = decks(300, 20, sattolo);
  const json = check(['decks', '-', '--json'], input);
  assert.equal(json.status, 1, json.stderr);
  const report = JSON.parse(json.stdout);
  assert.equal(report.kind, 'decks');
  assert.equal(report.failed, true);
  assert.equal(report.facts.decks, 300);
  const failed = report.tests.filter((t) => t.failed).map((t) => t.key);
  assert.ok(failed.includes('cycles'), failed.join());
  for (const t of report.tests) assert.equal(t.failed, t.p_adjusted < report.alpha);
  const text = check(['decks', '-'], input);
  assert.equal(text.status, 1);
  for (const t of report.tests) assert.ok(text.stdout.includes(`${t.failed ? 'FAIL' : 'pass'} ${t.name}`), t.name);
  assert.ok(text.stdout.trim().endsWith(report.verdict));
});

test('Fisher-Yates on Math.random: exit 0 (at alpha 1e-6, so a fair run fails once in a million)', () => {
  // 1,500 decks: more than the 1,093 that catch the naive swap at this level (below: "not enough to tell").
  const r = check(['decks', '-', '--json', '--alpha', '1e-6'], decks(1500, 10, fisherYates));
  assert.equal(r.status, 0, r.stdout);
  assert.equal(JSON.parse(r.stdout).failed, false);
});

test('bad input: exit 2, one line naming line and column, quoting the line', () => {
  for (const [input, where] of [
    ['1,2,3\n3,2,2\n', 'line 2, column 5: card 2 appears twice in this deck (first at column 3); line 2 reads "3,2,2"'],
    ['1,2,3\n1,2\n', 'line 2, column 4'],
    // The first line lacks a card: the two after it agree, so line 1 is named.
    ['1,2,3\n1,2,3,4\n4,3,2,1\n', 'line 1, column 6: this deck has 3 cards, the decks on lines 2 and 3 have 4; line 1 reads "1,2,3"'],
    ['', 'empty'],
    ['\u0000\u0001\u0002', 'binary'],
  ]) {
    const r = check(['decks', '-'], input);
    assert.equal(r.status, 2, input);
    assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
    assert.ok(r.stderr.includes(where), r.stderr);
  }
  assert.equal(check(['decks', '/no/such/file']).status, 2);
  assert.equal(check(['rolls', '-', '--sides', '6'], '1 2 7\n').status, 2);
  assert.equal(check(['bytes', '-', '--format', 'hex'], '00 1\n').status, 2);
});

test('rolls and hex bytes read from stdin', () => {
  const rolls = Array.from({ length: 6000 }, () => 1 + below(6)).join(' ');
  const r = check(['rolls', '-', '--sides', '6', '--json', '--alpha', '1e-6'], rolls);
  assert.equal(r.status, 0, r.stderr + r.stdout);
  assert.equal(JSON.parse(r.stdout).facts.rolls, 6000);
  const hex = Array.from({ length: 3000 }, () => below(256).toString(16).padStart(2, '0')).join(' ');
  const b = check(['bytes', '-', '--json'], hex);
  assert.equal(JSON.parse(b.stdout).facts.bytes, 3000, b.stderr);
});

test('check-example: a fair and a biased source side by side', () => {
  const make = (...args) => spawnSync(CLI, ['check-example', ...args], { encoding: 'utf8' });
  const fair = make('decks', '--count', '2000');
  const naive = make('decks', '--algo', 'naive', '--count', '2000');
  assert.equal(fair.stdout.trim().split('\n').length, 2000);
  assert.equal(check(['decks', '-'], fair.stdout).status, 0);
  assert.equal(check(['decks', '-'], naive.stdout).status, 1);
  assert.equal(make('decks', '--algo', 'partial').status, 2);
});

// The naive swap written here (swap card i with any card): the sample needed to
// catch it, recomputed with SciPy's exact noncentral chi-square.
const naive = (a) => { for (let i = 0; i < a.length; i++) { const j = below(a.length); [a[i], a[j]] = [a[j], a[i]]; } };

// 100 naive decks are usually too few, not always: the cycles test catches them in about 1 run in 12 (5 of 60
// runs on Math.random here), so this test deals them from a fixed seed (Mulberry32) to be the same every run.
function mulberry32(seed) {
  return () => {
    seed = (seed + 0x6D2B79F5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

test('too few decks: "not enough to tell" with the number needed (SciPy agrees), exit 3', () => {
  const random = mulberry32(1);
  const fewDecks = decks(100, 52, (a) => {
    for (let i = 0; i < a.length; i++) { const j = Math.floor(random() * a.length); [a[i], a[j]] = [a[j], a[i]]; }
  });
  const r = check(['decks', '-', '--json'], fewDecks);
  assert.equal(r.status, 3, r.stdout + r.stderr);
  const report = JSON.parse(r.stdout);
  assert.equal(report.failed, false);
  assert.equal(report.inconclusive, true);
  const needed = Number(report.verdict.match(/needs about ([\d,]+) decks of 52 cards to catch the naive swap/)[1].replace(/,/g, ''));
  // The naive law of one card's position by brute force over the n steps, its distance from uniform, then the
  // smallest D whose noncentral chi-square ((n-1)^2 df, noncentrality D (n-1) distance) passes the critical
  // value at alpha / 6 with chance 0.9.
  const py = spawnSync('/usr/bin/python3', ['-c', `
from scipy.stats import chi2, ncx2
import numpy as np
n = 52
law = np.zeros((n, n))
for card in range(n):
    where = np.zeros(n); where[card] = 1
    for i in range(n):
        here = where[i]; where = where * (n - 1) / n + here / n; where[i] = 1 / n
    law[:, card] = where
distance = ((law - 1 / n) ** 2).sum(); k = (n - 1) ** 2; critical = chi2.isf(0.001 / 6, k)
d = 1
while ncx2.sf(critical, k, d * (n - 1) * distance) < 0.9: d += 1
print(d)`], { encoding: 'utf8' });
  assert.equal(py.status, 0, py.stderr);
  const exact = Number(py.stdout.trim());
  assert.ok(Math.abs(needed - exact) <= 0.01 * exact, `the report says ${needed}, SciPy ${exact}`);
  const text = check(['decks', '-'], fewDecks);
  assert.ok(!text.stdout.includes('PASS'), text.stdout);
  assert.ok(text.stdout.trim().endsWith(report.verdict));
});

test("node's own Array.prototype.sort with a random comparator is named as V8's sort", () => {
  const sorted = (a) => { a.sort(() => Math.random() - 0.5); };
  const r = check(['decks', '-', '--json'], decks(5000, 52, sorted));
  assert.equal(r.status, 1, r.stdout + r.stderr);
  const report = JSON.parse(r.stdout);
  assert.match(report.diagnosis[0], /^Best fit: a random comparator: .*V8/);
  assert.match(report.diagnosis.at(-1), /\): cmp-v8 \+/);
  const naiveReport = JSON.parse(check(['decks', '-', '--json'], decks(20000, 52, naive)).stdout);
  assert.match(naiveReport.diagnosis.at(-1), /\): naive \+/);
});
