// `shufflelab asm`: assembling (bytes checked against Debian's ca65 + ld65 and
// by hand) and --run, the routine beside the generator it claims to be. The
// expected first difference is found by the few lines of LFSR below.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const CLI = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'build', 'native', 'shufflelab');
const run = (...args) => spawnSync(CLI, args, { encoding: 'utf8' });
const dir = mkdtempSync(join(tmpdir(), 'shufflelab-asm-'));
const file = (name, text) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

// The 16-bit Galois LFSR of the galois16 preset (taps $B400), by hand in ca65 syntax.
const galois16 = (highTaps) => `; 16-bit Galois LFSR, eight bit-steps a call, the high byte in A
        .org $0600
lfsr_hi = $F0
lfsr_lo = $F1
lfsr16: ldx #8
step:   lsr lfsr_hi
        ror lfsr_lo
        bcc next
        lda lfsr_hi
        eor #${highTaps}
        sta lfsr_hi
next:   dex
        bne step
        lda lfsr_hi
        rts
`;

// One call: eight bit-steps of a right-shifting Galois LFSR; [byte, state].
function galoisCall(s, taps) {
  for (let i = 0; i < 8; i++) s = (s >>> 1) ^ (s & 1 ? taps : 0);
  return [s >>> 8, s];
}
const hex = (v, digits) => v.toString(16).toUpperCase().padStart(digits, '0');

test('asm -o writes the bytes ca65 + ld65 write for the same file, and prints the listing', () => {
  const source = file('galois16.s', galois16('$B4'));
  const ours = join(dir, 'ours.bin');
  const r = run('asm', '--cpu', '6502', source, '-o', ours);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /^0600 {2}A2 08 {7}2 {5}lfsr16: ldx #8$/m);
  assert.match(r.stdout, /^0606 {2}90 06 {7}2\/3 {3}\s*bcc next$/m);

  const cfg = file('ld65.cfg', 'MEMORY { M: start = $0600, size = $FA00, file = %O; }\nSEGMENTS { CODE: load = M, type = rw; }\n');
  const object = join(dir, 'theirs.o');
  const theirs = join(dir, 'theirs.bin');
  const tools = spawnSync('sh', ['-c', `ca65 -o '${object}' '${source}' && ld65 -C '${cfg}' -o '${theirs}' '${object}'`], { encoding: 'utf8' });
  assert.equal(tools.status, 0, `ca65/ld65 (Debian's cc65, installed by ./lab): ${tools.stderr}`);
  assert.deepEqual(readFileSync(ours), readFileSync(theirs));
  assert.equal(readFileSync(ours).length, 20);
});

test('asm -o fills gaps: $FF between 6502 bytes, $3FFF between PIC16 words (two bytes each, little-endian)', () => {
  const out = join(dir, 'gap.bin');
  let r = run('asm', '--cpu', '6502', file('gap.s', '        .org $0600\n        nop\n        .org $0604\n        rts\n'), '-o', out);
  assert.equal(r.status, 0, r.stderr);
  assert.deepEqual([...readFileSync(out)], [0xea, 0xff, 0xff, 0xff, 0x60]);
  // RETLW k = 11 01xx kkkk kkkk (Microchip's mid-range table): 0x3401, 0x3402.
  r = run('asm', '--cpu', 'pic16', file('gap.asm', '        org 0\n        retlw 1\n        org 3\n        retlw 2\n'), '-o', out);
  assert.equal(r.status, 0, r.stderr);
  assert.deepEqual([...readFileSync(out)], [0x01, 0x34, 0xff, 0x3f, 0xff, 0x3f, 0x02, 0x34]);
});

test('asm errors: FILE:LINE:COL: message for every error, exit 2, no output file', () => {
  const source = file('bad.s', '        .org $0600\nstart:  lda #1\nstart:  rts\n        bogus 3\n');
  const out = join(dir, 'never.bin');
  const r = run('asm', '--cpu', '6502', source, '-o', out);
  assert.equal(r.status, 2);
  const lines = r.stderr.trim().split('\n');
  assert.equal(lines.length, 2, r.stderr);
  assert.match(lines[0], new RegExp(`^${source.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:3:\\d+: .*start`));
  assert.match(lines[1], /:4:\d+: .*bogus/i);
  assert.equal(r.stdout, '');
  assert.throws(() => readFileSync(out));
});

test('asm --run: the routine equals galois16 over every state (exit 0)', () => {
  const r = run('asm', '--cpu', '6502', file('ok.s', galois16('$B4')), '--run', 'lfsr16', '--against', 'galois16',
    '--state', 'lfsr_hi,lfsr_lo');
  assert.equal(r.status, 0, r.stderr + r.stdout);
  assert.match(r.stdout, /^equal to galois16 for all 65,535 nonzero states \(one call from each\) and 1,000 consecutive calls/);
  assert.match(r.stdout, /period of the routine's own state from 0001: 65,535 calls/);
  // The same state given as hex addresses.
  const again = run('asm', '--cpu', '6502', file('ok2.s', galois16('$B4')), '--run', 'lfsr16', '--against', 'galois16',
    '--state', '$F0,F1', '--calls', '10');
  assert.equal(again.status, 0, again.stderr);
  assert.match(again.stdout, /and 10 consecutive calls/);
});

test('asm --run: one wrong tap bit is reported with its first differing state (exit 1)', () => {
  const r = run('asm', '--cpu', '6502', file('wrong.s', galois16('$B5')), '--run', 'lfsr16', '--against', 'galois16',
    '--state', 'F0,F1');
  assert.equal(r.status, 1, r.stderr);
  let first = 0;
  for (let s = 1; s < 0x10000 && !first; s++) {
    const [a, b] = [galoisCall(s, 0xb500), galoisCall(s, 0xb400)];
    if (a[0] !== b[0] || a[1] !== b[1]) first = s;
  }
  const [theirsByte, theirsState] = galoisCall(first, 0xb500);
  const [oursByte, oursState] = galoisCall(first, 0xb400);
  assert.equal(r.stdout.split('\n')[0],
    `different from galois16: from state ${hex(first, 4)} the routine returns $${hex(theirsByte, 2)} and leaves state ` +
    `${hex(theirsState, 4)}; galois16 returns $${hex(oursByte, 2)} and state ${hex(oursState, 4)}`);
});

test('asm --run: an endless loop stops at its budget, naming the address and line (exit 1)', () => {
  const r = run('asm', '--cpu', '6502', file('loop.s', '        .org $0600\nlfsr16: lda $F0\nspin:   jmp spin\n'),
    '--run', 'lfsr16', '--against', 'galois16', '--state', 'F0,F1', '--budget', '500');
  assert.equal(r.status, 1, r.stderr);
  assert.match(r.stdout, /^stopped from state 0001 at \$0602 \(line 3\): still running after its budget of 500 cycles/);
});

test('asm: bad arguments get one line on stderr and exit 2', () => {
  const ok = file('args.s', galois16('$B4'));
  for (const [args, message] of [
    [['--cpu', '8086', ok], /--cpu/],
    [['--cpu', '6502'], /missing the source file/],
    [['--cpu', '6502', join(dir, 'missing.s')], /cannot open/],
    [['--cpu', '6502', ok, '-o'], /-o needs a file name/],
    [['--cpu', '6502', ok, '--run', 'lfsr16', '--against', 'galois16'], /--state/],
    [['--cpu', '6502', ok, '--against', 'galois16'], /go with --run/],
    [['--cpu', '6502', ok, '--run', 'lfsr16', '--against', 'galois99', '--state', 'F0,F1'], /--against: "galois99"/],
    [['--cpu', '6502', ok, '--run', 'lfsr16', '--against', 'galois16', '--state', 'F0'], /state: galois16 keeps 2 state bytes, got 1 address/],
    [['--cpu', '6502', ok, '--run', 'lfsr16', '--against', 'galois16', '--state', 'F0,1F0'], /\$01F0 is on the stack/],
    [['--cpu', '6502', ok, '--run', 'lfsr16', '--against', 'galois16', '--state', 'F0,XYZ'], /--state/],
    [['--cpu', '6502', ok, '--run', 'nowhere', '--against', 'galois16', '--state', 'F0,F1'], /no label "nowhere"/],
    [['--cpu', '6502', ok, '--run', 'lfsr16', '--against', 'galois16', '--state', 'F0,F1', '--calls', '0'], /--calls/],
  ]) {
    const r = run('asm', ...args);
    assert.equal(r.status, 2, `${args.join(' ')} -> ${r.status}: ${r.stdout}`);
    assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
    assert.match(r.stderr, message);
    assert.equal(r.stdout, '');
  }
});

test('asm --run: the project\'s own 6502 listing equals galois16 and xorshift16 over every state', () => {
  const listing = readFileSync(join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'asm', '6502', 'prng6502.s'), 'utf8');
  const source = file('prng6502.s', '.org $4000\n' + listing);  // where the core keeps it (ld65 would place it)
  for (const [label, claim, state] of [['galois16', 'galois16', 'G16HI,G16LO'], ['xorshift16', 'xorshift16', 'XS16HI,XS16LO']]) {
    const r = run('asm', '--cpu', '6502', source, '--run', label, '--against', claim, '--state', state);
    assert.equal(r.status, 0, r.stdout + r.stderr);
    assert.match(r.stdout, new RegExp(`^equal to ${claim} for all 65,535 nonzero states`));
    assert.match(r.stdout, /period of the routine's own state from 0001: 65,535 calls/);
  }
});

// The Game Boy listing kept by the lab, with a d6 entry calling its fixed roller (roll_fdr takes top = n - 1 in B).
const seed000 = () => readFileSync(join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'asm', 'sm83', 'seed000.asm'), 'utf8') +
  '\nd6_fdr:\n        ld b,5\n        call roll_fdr\n        inc a\n        ret\n';

test('asm --run: the Game Boy listing\'s Fast Dice Roller equals d6-fdr@tarot32, saying over how many calls (exit 0)', () => {
  const r = run('asm', '--cpu', 'sm83', file('seed000.asm', seed000()), '--run', 'd6_fdr', '--against', 'd6-fdr@tarot32',
    '--state', 'FLIPS,RNG,LFSR0,C001,C002,C003', '--calls', '500');
  assert.equal(r.status, 0, r.stdout + r.stderr);
  // The listing holds no state (equates only): the run starts from register 1 with an empty queue.
  assert.match(r.stdout, /^equal to d6-fdr@tarot32 over 500 consecutive calls from state 00 00 00000001 \(its state is too wide/);
  assert.match(r.stdout, /\nthe state bytes as loaded are a state d6-fdr@tarot32 refuses: the run starts from state 00 00 00000001\n/);
  assert.match(r.stdout, /\nstate bytes: flips left in the queue, the queue byte \(next flip lowest\), then the generator's state\n/);
  // The faces, counted again from the definitions: tarot32's bytes, lowest bit first, Lumbroso's loop.
  let lfsr = 1, queue = 0, flips = 0;
  const flip = () => {
    if (flips === 0) {
      for (let i = 0; i < 8; i++) lfsr = ((lfsr >>> 1) ^ (lfsr & 1 ? 0xcf000000 : 0)) >>> 0;
      queue = lfsr >>> 24;
      flips = 8;
    }
    flips--;
    const bit = queue & 1;
    queue >>= 1;
    return bit;
  };
  const faces = [0, 0, 0, 0, 0, 0, 0];
  for (let call = 0; call < 500; call++) {
    let v = 1, c = 0;
    for (;;) {
      v *= 2;
      c = 2 * c + flip();
      if (v < 6) continue;
      if (c < 6) break;
      v -= 6;
      c -= 6;
    }
    faces[c + 1]++;
  }
  assert.match(r.stdout, new RegExp(`\\nfaces over the 500 consecutive calls: ${faces.slice(1).map((n, i) => `${i + 1}: ${n}`).join(', ')}\\n`));
  // The same routine claimed as the article's roller differs (exit 1), naming the call and both faces.
  const wrong = run('asm', '--cpu', 'sm83', file('seed000b.asm', seed000()), '--run', 'd6_fdr', '--against',
    'd6-fdr-tarot@tarot32', '--state', 'FLIPS,RNG,LFSR0,C001,C002,C003');
  assert.equal(wrong.status, 1, wrong.stdout + wrong.stderr);
  assert.match(wrong.stdout, /^different from d6-fdr-tarot@tarot32: at call \d+ of the run from state 00 00 00000001 the routine returns face \d and leaves state [0-9A-F]{2} [0-9A-F]{2} [0-9A-F]{8}; d6-fdr-tarot@tarot32 gives face \d and state /);
});
