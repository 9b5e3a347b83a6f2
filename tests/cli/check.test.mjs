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
  const r = check(['decks', '-', '--json', '--alpha', '1e-6'], decks(500, 10, fisherYates));
  assert.equal(r.status, 0, r.stdout);
  assert.equal(JSON.parse(r.stdout).failed, false);
});

test('bad input: exit 2, one line naming line and column', () => {
  for (const [input, where] of [
    ['1,2,3\n3,2,2\n', 'line 2, column 5'],
    ['1,2,3\n1,2\n', 'line 2, column 4'],
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
