// The app's own wasm (the first download) links none of the Check lab's
// readers and checks, nor what makes a report into what the app shows (the
// panel's rows, the Text view's lines, the hook's JSON), nor the LFSR lab's
// lattice search (an LCG's lines and planes), nor the assembly listings'
// interpreters: they run as jobs in the
// worker's core module, loaded on first use, and the app decodes what the
// job made (core/check/check_view_wire, core/lfsr/lattice_wire;
// docs/architecture.md, "What loads when"). A function linked in
// brings its message texts into the wasm's data, so each module is looked for
// by a message only it writes; the worker's module must hold every one of them
// (else the search would find nothing anywhere and prove nothing).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const SITE = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'build', 'wasm', 'site');
const app = readFileSync(join(SITE, 'shufflelab.wasm'));
const worker = readFileSync(join(SITE, 'shufflelab_core.wasm'));

// A message per module, each written by that module alone (grep src/ for it).
const kOnlyInTheChecks = {
  'check/deck_input': 'expected a card number (0..999)',
  'check/roll_input': 'expected a whole number (a die face)',
  'check/byte_input': 'half a byte: hex bytes are two digits',
  'check/check_session': 'what to check must be decks, rolls or bytes',
  'check/deck_checks (deck_report)': 'the permutations are made of a different number of cycles',
  'check/roll_checks': 'most deviant face: ',
  'check/byte_checks': 'chi-square of byte counts (ent)',
  'check/deck_diagnosis': 'the off-by-one Fisher-Yates (random(i)',
  'check/linear_complexity': 'no LFSR lab form',
  'check/check_lab (make_check_report_view, the panel\'s rows)': ' df)',
  'check/check_report (report_text, the Text view\'s lines)': ', corrected p ',
  'check/check_report (report_json, the hook\'s JSON)': ',"p_adjusted":',
  'lfsr/lfsr_lattice (the "lcg_lattice" job)': 'computing the lattice\'s lines and planes',
  'lfsr/lfsr_lattice (lattice_description)': ' apart (times 1/|s|)',
  'dice/dice_law (exact_die_law, the "die_laws" job)': 'exact rational law of the coin-flip roller (its flips repeat',
  'dice/range (exact_range_counts)': 'sides: exact tables stop at ',
  'dice/fdr (solve_fdr_exact)': 'n: exact coin-flip laws stop at n = ',
  'dice/dice_z80 (article_checks, the "dice_checks" job)': 'spreads the 256 bytes over the faces',
  // The assembly listings run in the worker ("asm_run", "asm_lanes", "asm_costs", "asm_output_hex").
  'cpu/z80_cpu': 'z80: opcode ',
  'cpu/sm83_cpu': 'sm83: opcode ',
  'cpu/mos6502': '6502: opcode ',
  'cpu/pic_cpu': 'pic: return stack overflow (8 levels)',
  'asm/asm_x86 (the x86 rows\' register model)': 'x86: #DE (division fault) at \'',
  'asm/asm_session (AsmSession::step)': 'instructions (a degenerate seed?)',
};

for (const [module, message] of Object.entries(kOnlyInTheChecks)) {
  test(`${module} runs in the worker's core module, not in the app's wasm`, () => {
    assert.ok(worker.includes(message), `the worker's module should hold "${message}"`);
    assert.ok(!app.includes(message), `the app's wasm links ${module} ("${message}")`);
  });
}
