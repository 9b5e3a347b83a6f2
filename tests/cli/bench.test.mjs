// `shufflelab bench --smoke`: every case runs and checks out in seconds, one
// printed line per row (the same lines as in the JSON), valid JSON.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const CLI = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'build', 'native', 'shufflelab');
const GROUPS = ['shuffle52', 'shuffle78', 'bits52', 'bits78', 'range64', 'lemire64', 'lfsr32', 'pdep52', 'onechip',
  'period64', 'bias52', 'comparator8', 'riffle52', 'check_decks', 'check_bm', 'check_bm_long', 'check_rolls', 'asm6502'];

function smokeRun(...extra) {
  const dir = mkdtempSync(join(tmpdir(), 'shufflelab-bench-'));
  const json = join(dir, 'bench.json');
  const started = Date.now();
  const r = spawnSync(CLI, ['bench', '--smoke', '--json', json, ...extra], { encoding: 'utf8' });
  const seconds = (Date.now() - started) / 1000;
  const report = r.status === 0 ? JSON.parse(readFileSync(json, 'utf8')) : null;
  rmSync(dir, { recursive: true, force: true });
  return { r, report, seconds };
}

test('bench --smoke: exit 0, every group, one line per row, valid JSON', () => {
  const { r, report, seconds } = smokeRun();
  assert.equal(r.status, 0, r.stdout + r.stderr);
  assert.ok(seconds < 30, `smoke run took ${seconds} s`);
  assert.equal(report.platform, 'native');
  assert.equal(report.mode, 'smoke');
  assert.deepEqual(report.failures, []);
  const lines = r.stdout.split('\n');
  assert.match(lines[0], /^shufflelab bench \(native, smoke\)/);
  assert.match(lines.at(-2), /^checksum \d+, \d+ rows, 0 failed checks/);
  // Header, one line per row, the summary: nothing else.
  assert.equal(lines.filter((l) => l !== '').length, report.rows.length + 2);
  for (const row of report.rows) {
    assert.ok(lines.includes(row.line), `missing line: ${row.line}`);
    assert.ok(Number.isFinite(row.value) && row.value > 0, `${row.group} ${row.variant}: ${row.value}`);
    // Smoke runs never judge a target.
    if (row.target) assert.equal(row.target.met, null);
  }
  assert.deepEqual([...new Set(report.rows.map((row) => row.group))], GROUPS);
  // Timed groups have one baseline, and every other row's ratio is relative to it.
  for (const group of GROUPS) {
    const rows = report.rows.filter((row) => row.group === group);
    const baselines = rows.filter((row) => row.baseline);
    if (rows.some((row) => row.ratio_kind === 'speedup')) {
      assert.equal(baselines.length, 1, group);
      for (const row of rows) assert.ok(Math.abs(row.ratio - baselines[0].value / row.value) < 1e-4 * row.ratio, row.variant);
    }
  }
  // The entropy-optimal shuffle's bit count is a result, checked even in smoke runs.
  for (const group of ['bits52', 'bits78']) {
    const row = report.rows.find((r2) => r2.group === group && r2.variant.startsWith('entropy-optimal'));
    assert.ok(row.ratio >= 1 && row.ratio <= 1.01, `${group}: ${row.ratio}`);
  }
});

test('bench --filter runs only the matching groups', () => {
  const { r, report } = smokeRun('--filter', 'bits');
  assert.equal(r.status, 0, r.stderr);
  assert.deepEqual([...new Set(report.rows.map((row) => row.group))], ['bits52', 'bits78']);
});

test('bench: bad arguments give one line on stderr and exit status 2', () => {
  for (const args of [
    ['bench', '--filter', 'no-such-group'],
    ['bench', '--bogus'],
    ['bench', '--json', '/nonexistent-dir/bench.json'],
    ['bench', '--smoke', '--smoke'],
  ]) {
    const r = spawnSync(CLI, args, { encoding: 'utf8' });
    assert.equal(r.status, 2, `${args.join(' ')} -> ${r.status}`);
    assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
    assert.equal(r.stdout, '');
  }
});
