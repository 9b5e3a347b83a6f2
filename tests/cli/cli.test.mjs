// The native shufflelab command, run as a user would.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const CLI = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'build', 'native', 'shufflelab');
const run = (...args) => spawnSync(CLI, args, { encoding: 'utf8' });

test('--help lists the subcommands', () => {
  const r = run('--help');
  assert.equal(r.status, 0);
  assert.match(r.stdout, /lfsr/);
});

test('lfsr --gen tarot32 prints the article procedure bytes', () => {
  const r = run('lfsr', '--gen', 'tarot32', '--mask', 'CF', '--seed', '00000001', '--bytes', '16');
  assert.equal(r.status, 0, r.stderr);
  let s = 1n;
  const want = [];
  for (let k = 0; k < 16; k++) {
    for (let i = 0; i < 8; i++) { const b = s & 1n; s >>= 1n; if (b) s ^= 0xcfn << 24n; }
    want.push(Number(s >> 24n).toString(16).padStart(2, '0'));
  }
  assert.equal(r.stdout, want.join(' ') + '\n');
});

test('bad arguments: one line on stderr, exit status 2', () => {
  for (const args of [
    ['lfsr', '--gen', 'tarot32', '--mask', 'CF', '--seed', '00000000', '--bytes', '4'],
    ['lfsr', '--gen', 'tarot32', '--mask', 'XYZ', '--seed', '1', '--bytes', '4'],
    ['lfsr', '--gen', 'tarot32', '--mask', 'CF', '--seed', '1', '--bytes', '-3'],
    ['lfsr', '--bogus', '1'],
    ['no-such-command'],
    [],
  ]) {
    const r = run(...args);
    assert.equal(r.status, 2, `${args.join(' ')} -> ${r.status}`);
    assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
    assert.equal(r.stdout, '');
  }
});

test('open: a note set by --do note= or typed into a link, as the Share dialog writes it', () => {
  let r = run('open', '#v=1&lab=dice&sides=6', '--do', 'note=' + encodeURIComponent('Q&A: 100% “fair”? ✓'), '--json');
  assert.equal(r.status, 0, r.stderr);
  const s = JSON.parse(r.stdout);
  assert.equal(s.note, 'Q&A: 100% “fair”? ✓');
  assert.ok(s.hash.endsWith('&note=Q%26A%3A%20100%25%20%E2%80%9Cfair%E2%80%9D%3F%20%E2%9C%93'), s.hash);
  assert.equal(s.lessonStep, s.hash.slice(0, s.hash.indexOf('&note=')) + '\tQ&A: 100% “fair”? ✓');
  // Typed by hand: '&' and '%' stay in the note.
  r = run('open', '#v=1&lab=dice&note=Q&A, 100% sure', '--json');
  assert.equal(JSON.parse(r.stdout).note, 'Q&A, 100% sure');
  r = run('open', '#v=1&lab=dice', '--do', 'note=' + 'x'.repeat(281));
  assert.equal(r.status, 2);
  assert.match(r.stderr, /note: longer than 280 characters; the link keeps the last valid note/);
});

// A built-in lesson is built by the "tour" job (as a worker builds it for the
// page): its step's text comes once it is in, and so does a notice about its step.
test('open: a built-in lesson link prints its step, or refuses a step it does not have', () => {
  let r = run('open', '#v=1&tour=loaded-dice&step=2');
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /^Dice\nLesson: Loaded dice: squeezing bytes into a range, step 2 of 6\n/);
  r = run('open', '#v=1&tour=loaded-dice&step=99');
  assert.equal(r.status, 2);
  assert.match(r.stderr, /step: the tour has 6 steps; showing the last one/);
});

// An LCG's lattice lines and planes are computed by the "lcg_lattice" job (as a
// worker computes them for the page): open waits for them on every tab. RANDU:
// a^2 = 6a - 9 (mod 2^31) for a = 65539, so every triple lies on 9x - 6y + z = k m,
// k = -5..9: 15 planes.
test('open: an lcg32 link shows its lattice once the job is done, on any tab', () => {
  for (const tab of ['', '&tab=lattice']) {
    const r = run('open', '#v=1&lab=lfsr&gen=lcg32&preset=randu&seed=00000001&t=7' + tab, '--json');
    assert.equal(r.status, 0, r.stderr);
    const hook = JSON.parse(r.stdout);
    assert.equal(hook.latticeLoading, false);
    assert.deepEqual(hook.lfsr.lattice.planes, { s: [9, -6, 1], count: 15 });
  }
});

// A link with JavaScript: the CLI says it cannot run it, and takes the page's
// answers by hand (docs/code_protocol.md). The naive swap of 3 cards over its
// 27 answer lists, counted here: card 0 stays on top in 9, card 1 gets there in 10.
test('open: a Your code link cannot run here, but takes the page\'s answers', () => {
  const source = 'function shuffle(deck, rand) {\n  for (let i = 0; i < deck.length; i++) {\n' +
    '    const j = rand(deck.length);\n    [deck[i], deck[j]] = [deck[j], deck[i]];\n  }\n}\n';
  const link = '#v=1&lab=shuffle&n=3&tab=code&code=' + encodeURIComponent(source);
  let r = run('open', link);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout.split('\n')[0], /^This link holds JavaScript, which shufflelab cannot run/);
  const lines = [];
  for (let a = 0; a < 3; a++) for (let b = 0; b < 3; b++) for (let c = 0; c < 3; c++) {
    const deck = [0, 1, 2];
    [a, b, c].forEach((j, i) => { [deck[i], deck[j]] = [deck[j], deck[i]]; });
    lines.push('27 1 ' + deck.join(' '));
  }
  const exact = `exact n=3 leaves=27 runs=27\n${lines.join('\n')}\n`;
  r = run('open', link, '--do', 'code_exact', '--do', 'code_result=2:' + encodeURIComponent(exact), '--json');
  assert.equal(r.status, 0, r.stderr);
  const { code } = JSON.parse(r.stdout).shuffle;
  assert.deepEqual(code.exact.counts.slice(0, 3), [9, 10, 8]);
  assert.equal(code.exact.reachable, 6);
  assert.equal(code.exact.uniform, false);
});

// `choose --cpu all` is the app's view of cpu=all: the same table lines as the
// page's Text view of that link (printed by `open`), and the same CSV; one
// CPU's pick is the one the link's view carries (its hook JSON).
test('choose --cpu all prints what the cpu=all link shows', () => {
  const table = run('choose', '--cpu', 'all');
  assert.equal(table.status, 0, table.stderr);
  const lines = table.stdout.trimEnd().split('\n');
  assert.equal(lines.length, 18);
  const page = run('open', '#v=1&lab=choose&cpu=all&use=d20');
  assert.equal(page.status, 0, page.stderr);
  const pageLines = page.stdout.trimEnd().split('\n');
  // The page's text: the lab's title, its setup line, then the same lines.
  assert.deepEqual(pageLines.slice(-lines.length), lines);
  assert.equal(pageLines.length, lines.length + 2);
  assert.equal(run('choose', '--cpu', 'all', '--csv').stdout, run('choose', '--csv').stdout);
  // A use needs one CPU, as the link's view of cpu=all has no pick.
  const refused = run('choose', '--cpu', 'all', '--use', 'd20');
  assert.equal(refused.status, 2);
  assert.match(refused.stderr, /--use needs one CPU/);
  const json = JSON.parse(run('choose', '--cpu', '6502', '--use', 'd20', '--json').stdout);
  const hook = JSON.parse(run('open', '#v=1&lab=choose&cpu=6502&use=d20', '--json').stdout);
  assert.deepEqual(hook.chooser.pick, json);
  // The 6502 d20's listing link carries a 32-bit seed and the die's 20 sides.
  assert.match(json.links.asm, /algo=6502-reject&seed=0000000012345678&x=00&n=20&/);
});
