// node:test: what the app's first download leaves to the worker's core module
// (docs/architecture.md, "What loads when"). The built-in lessons' steps are
// built by the worker's "tour" job; the app's wasm holds only their headings.
// The findings (titles, sources, links, sentences) are built by its "findings" job,
// an LCG's lattice lines and planes (with their sentences) by its "lcg_lattice" job,
// the Dice lab's exact laws by its "die_laws" job, the assembly listings' runs
// (interpreters, listings, C++ snippets, wasm text) by "asm_run" and "asm_lanes".
// The words are looked for as bytes: string literals sit in a wasm data
// section as they are, so the headings found in the app's wasm show the
// search works there.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const SITE = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'build', 'wasm', 'site');
const { default: createShufflelabCore } = await import(join(SITE, 'shufflelab_core.mjs'));
const coreWasm = readFileSync(join(SITE, 'shufflelab_core.wasm'));
const appWasm = readFileSync(join(SITE, 'shufflelab.wasm'));
const core = await createShufflelabCore({ wasmBinary: coreWasm });

// A job run in the core module as the worker runs it: its numbers and its payload.
function runJob(kind, params, text) {
  const job = text === undefined ? core.makeJob(kind, params) : core.makeTextJob(kind, params, text);
  while (!job.done()) job.step(1 << 16);
  const out = { numbers: Array.from(core.jobResult(job)), payload: job.payload() };
  job.delete();
  return out;
}

// Each piece is in the worker's core module and not in the app's wasm.
function onlyInCoreModule(pieces) {
  for (const piece of pieces) {
    assert.ok(has(coreWasm, piece), `the core module holds "${piece}"`);
    assert.ok(!has(appWasm, piece), `the app's wasm holds "${piece}"`);
  }
}

const LESSONS = ['gameboy-tarot', 'loaded-dice', 'how-to-shuffle', 'break-the-shuffle', 'how-people-shuffle'];

// The lesson file the worker hands the app (core/tours.hpp's format).
function lessonFile(id) {
  return runJob('tour', 'id=' + id).payload;
}

// The pieces of a sentence between the words the core computes (any with a
// digit, and hex such as DEADBEEF or CF): the parts the source writes as
// literals. Pieces shorter than 30 bytes are left out.
function literalPieces(sentence) {
  const pieces = [];
  let run = [];
  for (const word of sentence.split(' ').concat(['0'])) {
    if (/[0-9]|^[A-F]{2,}/.test(word)) pieces.push(run.join(' ')), run = [];
    else run.push(word);
  }
  return pieces.filter((p) => Buffer.byteLength(p) >= 30);
}

const has = (wasm, text) => wasm.includes(Buffer.from(text, 'utf8'));

test('each built-in lesson comes from the worker\'s core module; the app\'s wasm has its title but none of its steps', () => {
  for (const id of LESSONS) {
    const lines = lessonFile(id).split('\n').filter((l) => l !== '');
    const title = lines.find((l) => l.startsWith('title\t')).slice('title\t'.length);
    assert.ok(has(appWasm, title), `${id}: the app lists its title`);
    const steps = lines.filter((l) => l.startsWith('#v=1'));
    assert.ok(steps.length >= 4, `${id}: ${steps.length} steps`);
    for (const step of steps) {
      // Some pieces are also written by a lab ("array.sort(() => Math.random() -"): each step
      // needs one the core module holds and the app's wasm does not. Were the
      // lessons linked into the app, it would hold every piece the core module holds.
      const pieces = literalPieces(step.split('\t')[1]).filter((p) => has(coreWasm, p));
      assert.ok(pieces.length > 0, `${id}: the core module holds a piece of "${step}"`);
      assert.ok(pieces.some((p) => !has(appWasm, p)), `${id}: the app's wasm holds every piece of "${step}"`);
    }
  }
});

// The findings as the worker's "findings" job hands them to the app (core/gallery_wire.hpp's format).
function findings() {
  const lines = runJob('findings', '').payload.split('\n');
  assert.equal(lines[0], 'shufflelab findings 1');
  return lines.filter((l) => l.startsWith('entry ')).map((l) => {
    const [title, source, link, sentence] = l.split(' ').slice(1).map(decodeURIComponent);
    return { title, source, link, sentence };
  });
}

test('the findings come from the worker\'s core module; the app\'s wasm has none of their titles or sentences', () => {
  const entries = findings();
  assert.ok(entries.length >= 10, `${entries.length} findings`);
  for (const { title, sentence } of entries) {
    assert.ok(has(coreWasm, title), `the core module holds the title "${title}"`);
    assert.ok(!has(appWasm, title), `the app's wasm holds the title "${title}"`);
    // Were the findings linked into the app, it would hold every piece the core module holds.
    const pieces = literalPieces(sentence).filter((p) => has(coreWasm, p));
    assert.ok(pieces.length > 0, `the core module holds a piece of "${sentence}"`);
    for (const p of pieces) assert.ok(!has(appWasm, p), `the app's wasm holds "${p}" of "${title}"`);
  }
});

test('the app ships its two DejaVu fonts and not ImGui\'s default font (src/app/no_default_font.cpp)', () => {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
  // ImGui's ProggyClean, as imgui_draw.cpp (Debian's source, in .cache) writes it: compressed TTF in base85.
  const draw = readFileSync(join(root, '.cache', 'imgui-1.86', 'imgui_draw.cpp'), 'utf8');
  const base85 = draw.match(/proggy_clean_ttf_compressed_data_base85\[[^\]]*\] =\s*"([^"]{64})/)[1];
  assert.equal(has(appWasm, base85), false, 'the app\'s wasm holds ImGui\'s default font');
  // The fonts the app draws with are there, as the build cut them (build/wasm/generated). wasm-opt splits data
  // segments at runs of zeros, so the bytes looked for are the font's first 48 in a row with no zero.
  for (const font of ['ui_font.ttf', 'mono_font.ttf']) {
    const ttf = readFileSync(join(root, 'build', 'wasm', 'generated', font));
    let start = 0;
    while (ttf.subarray(start, start + 48).includes(0)) start++;
    assert.ok(appWasm.includes(ttf.subarray(start, start + 48)), `${font} is in the app's wasm`);
  }
});

test('RANDU\'s lines and planes come from the worker\'s core module; the app\'s wasm only asks for them', () => {
  const { numbers, payload } = runJob('lcg_lattice', 'a=65539&c=0&bits=31');
  const sentences = payload.split('\n');
  // a^2 = 6a - 9 (mod 2^31) for a = 65539: s = (9, -6, 1), |s| = sqrt(118); 9x - 6y + z lies in (-6m, 10m): 15 planes.
  assert.deepEqual(numbers.slice(6, 12), [3, 9, -6, 1, 15, Math.sqrt(118)]);
  // The camera that shows the planes edge-on: the normal (9, -6, 1) along the screen's x axis.
  assert.deepEqual(numbers.slice(12), [Math.atan2(-6, 9), Math.asin(1 / Math.sqrt(118))]);
  assert.equal(sentences.length, 2);
  assert.equal(sentences[1], 's = (9, -6, 1): every triple lies on one of 15 parallel planes s . x = k m + r, 10.86 apart (times 1/|s|)');
  assert.ok(has(appWasm, 'lcg_lattice'), 'the app starts the job by its kind');
  onlyInCoreModule([' s . x = k m + r, ', ' apart (times 1/|s|)']);
});

test('a die\'s exact laws come from the worker\'s core module; the app\'s wasm only asks for them', () => {
  const { numbers, payload } = runJob('die_laws', 'sides=6&bits=8');
  const lines = payload.split('\n');
  // The first method, x % 6 over the 256 bytes: 256 = 6 * 42 + 4, so faces 1..4 get 43 bytes and 5, 6 get 42;
  // then the total 256, the inputs 256, none rejected, and 8 bits per roll (8/1), each as [limbs, limb...].
  assert.deepEqual(numbers.slice(0, 23), [1, 6, 1, 43, 1, 43, 1, 43, 1, 43, 1, 42, 1, 42, 1, 256, 1, 256, 0, 1, 8, 1, 1]);
  assert.equal(lines.length, 11, 'one line per method');
  assert.equal(lines[0], 'all 256 words of 8 bits enumerated and counted');
  assert.ok(has(appWasm, 'die_laws'), 'the app starts the job by its kind');
  onlyInCoreModule([' bits enumerated and counted', 'counted arithmetically over all 2^']);
});

// A Z80 die roll "as printed" run by the worker: (x * (n - 1)) >> 8, the Z80 article's formula.
function laneViews(x, n) {
  const request = ['shufflelab lane request 1',
    `lane z80-roll-minus1 1 ${x} ${n} 1  0 outputs  0 1 value call  -`, `labvalue ${(x * (n - 1)) >> 8}`].join('\n') + '\n';
  return runJob('asm_lanes', '', request).payload.split('\n');
}

test('the assembly listings run in the worker\'s core module; the app\'s wasm has no interpreter, listing or snippet', () => {
  for (const [x, n] of [[0x80, 6], [0xff, 20], [0, 2]]) {
    const lines = laneViews(x, n);
    assert.equal(lines[0], 'shufflelab lanes 1');
    const lane = lines.find((l) => l.startsWith('lane ')).split(' ');
    assert.equal(lane[1], 'z80-roll-minus1');
    assert.equal(lines.find((l) => l.startsWith('lanevalue ')), `lanevalue ${(x * (n - 1)) >> 8}`, `x=${x} n=${n}`);
    assert.ok(lines.some((l) => l.startsWith('row ')), 'the listing\'s rows come with the view');
  }
  assert.ok(has(appWasm, 'asm_lanes') && has(appWasm, 'asm_run'), 'the app starts the jobs by their kinds');
  onlyInCoreModule([
    'Load: copy a value between registers, memory and immediates (no flags)',  // a Z80 mnemonic's hover text
    'ld hl,(SEED+6)',                                                          // a row of the Z80 listing
    'static_cast<std::uint32_t>(seed[6]) << 16',                               // the Z80 LFSR's C++ snippet
    'has not returned after',                                                  // the interpreters' runaway stop
    'WebAssembly: the build extracts the wasm of the Z80',                     // the lanes' wasm column
    '(not yet: the call has not returned)',                                    // a lane's value before its call returns
  ]);
});
