// Runs Debian's dieharder on several generators' streams (short runs) and
// prints one line per (generator, test): the recorded table data/dieharder.tsv.
//   node tools/dieharder.mjs            print the table
//   node tools/dieharder.mjs --write    rewrite data/dieharder.tsv
//   node tools/dieharder.mjs --check    exit 1 unless the fresh run equals the record
//   add --small to include SMALL_GENERATORS
// Each stream is deterministic (fixed seed), and dieharder reads it raw from
// stdin (-g 200), so a run reproduces the record exactly.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const CLI = join(ROOT, 'build', 'native', 'shufflelab');
const RECORD = join(ROOT, 'data', 'dieharder.tsv');

export const GENERATORS = [
  ['tarot32 CF', '--gen tarot32 --mask CF --seed 00000001'],
  ['tarot32 AF', '--gen tarot32 --mask AF --seed 00000001'],
  ['z80', '--gen z80 --seed 0102030405060708'],
  ['lcg32 onechip', '--gen lcg32 --preset onechip --seed 1'],
  ['lcg32 randu', '--gen lcg32 --preset randu --seed 1'],
  ['glibc rand', '--gen glibc --seed 1'],
  ['xoshiro256**', '--gen xoshiro256ss --seed 42'],
];
// The small generators of 8-bit code (core/gen/generator_presets.hpp): recorded
// too, but run only with --small (about two minutes more), so `./lab test`
// checks the first list; `node tools/dieharder.mjs --small --check` checks all.
export const SMALL_GENERATORS = [
  ['galois8', '--gen galois8 --seed 01'],
  ['galois16', '--gen galois16 --seed 0001'],
  ['fibonacci8', '--gen fibonacci8 --seed 01'],
  ['fibonacci16', '--gen fibonacci16 --seed 0001'],
  ['xorshift16', '--gen xorshift16 --seed 0001'],
  ['xorshift32', '--gen xorshift32 --seed 00000001'],
  ['lcg8', '--gen lcg8 --seed 1'],
  ['lcg16', '--gen lcg16 --seed 1'],
];
export const TESTS = [0, 2, 3, 4, 8, 15];  // birthdays, rank 32x32, rank 6x8, bitstream, count-1s stream, runs
const PSAMPLES = 10;

export function commandFor(args, test) {
  return `shufflelab stream ${args} --bytes 800000000 | dieharder -g 200 -d ${test} -p ${PSAMPLES}`;
}

export function runAll(generators = GENERATORS) {
  const rows = [];
  for (const [label, args] of generators) {
    for (const test of TESTS) {
      const r = spawnSync('bash', ['-o', 'pipefail', '-c', `"${CLI}" ${commandFor(args, test).slice('shufflelab '.length)}`],
                          { encoding: 'utf8', maxBuffer: 1 << 20 });
      // dieharder exits non-zero when its input pipe closes early; read the result line instead.
      const line = r.stdout.split('\n').find((l) => /\|\s*(PASSED|WEAK|FAILED)\s*$/.test(l));
      if (!line) throw new Error(`no dieharder result for ${label} -d ${test}: ${r.stderr.slice(0, 300)}`);
      const cells = line.split('|').map((c) => c.trim());
      rows.push([label, cells[0], cells[4], cells[5]].join('\t'));
    }
  }
  return 'generator\ttest\tp-value\tverdict\n' + rows.join('\n') + '\n';
}

// The recorded table restricted to the given generators' rows.
export function recordFor(generators = GENERATORS) {
  const labels = new Set(generators.map(([label]) => label));
  const lines = readFileSync(RECORD, 'utf8').trim().split('\n');
  return [lines[0], ...lines.slice(1).filter((l) => labels.has(l.split('\t')[0]))].join('\n') + '\n';
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const generators = process.argv.includes('--small') ? GENERATORS.concat(SMALL_GENERATORS) : GENERATORS;
  const table = runAll(generators);
  if (process.argv.includes('--write')) writeFileSync(RECORD, table);
  else if (process.argv.includes('--check')) {
    const recorded = recordFor(generators);
    if (recorded !== table) { console.error('dieharder results differ from data/dieharder.tsv:\n' + table); process.exit(1); }
  }
  process.stdout.write(table);
}
