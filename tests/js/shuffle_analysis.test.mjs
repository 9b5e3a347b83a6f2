// The reader's-shuffle enumeration from node (web/shuffle_analysis.mjs, the
// same web/shuffle_runner.mjs the sandbox worker runs): its leaves against a
// brute force over every answer list written here, Fisher-Yates uniform,
// Sattolo's (n-1)! cycles, node's own Array.prototype.sort with a random
// comparator against the core's cmp-v8 law, and the error kinds.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { analyzeShuffle, parseExactText } from '../../web/shuffle_analysis.mjs';
import { traceText, sampleDecks, compileShuffle } from '../../web/shuffle_runner.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const SITE = process.env.SHUFFLELAB_SITE || join(ROOT, 'build', 'wasm', 'site');

const naive = (deck, rand) => {
  for (let i = 0; i < deck.length; i++) { const j = rand(deck.length); const t = deck[i]; deck[i] = deck[j]; deck[j] = t; }
};
const fisherYates = (deck, rand) => {
  for (let i = deck.length - 1; i > 0; i--) { const j = rand(i + 1); [deck[i], deck[j]] = [deck[j], deck[i]]; }
};
const sattolo = (deck, rand) => {
  for (let i = deck.length - 1; i > 0; i--) { const j = rand(i); [deck[i], deck[j]] = [deck[j], deck[i]]; }
};
const factorial = (n) => (n <= 1 ? 1 : n * factorial(n - 1));

// Each deck's probability over the common denominator D (the largest product: every product divides it here).
function deckWeights(leaves) {
  const D = leaves.reduce((m, l) => (l.product > m ? l.product : m), 1n);
  const weights = new Map();
  for (const { product, count, deck } of leaves) {
    assert.equal(D % product, 0n);
    const key = deck.join(' ');
    weights.set(key, (weights.get(key) || 0n) + BigInt(count) * (D / product));
  }
  return { D, weights };
}
function matrixOf(leaves, n) {
  const { D, weights } = deckWeights(leaves);
  const m = Array.from({ length: n * n }, () => 0n);
  for (const [key, w] of weights) key.split(' ').forEach((card, position) => { m[position * n + Number(card)] += w; });
  return { D, m };
}

test('the naive swap for n = 3: the brute force over its 27 answer lists, first row 9, 10, 8', () => {
  const r = analyzeShuffle(naive, { n: 3 });
  assert.equal(r.answerLists, 27);
  assert.equal(r.leaves.reduce((sum, l) => sum + l.count, 0), 27);
  assert.equal(r.leaves.length, 6);  // one line per deck (all 27 lists have the product 27)
  // Brute force: every (a, b, c) in 0..2, the swaps written out here.
  const brute = Array.from({ length: 9 }, () => 0n);
  for (let a = 0; a < 3; a++) for (let b = 0; b < 3; b++) for (let c = 0; c < 3; c++) {
    const d = [0, 1, 2];
    [[0, a], [1, b], [2, c]].forEach(([i, j]) => { [d[i], d[j]] = [d[j], d[i]]; });
    d.forEach((card, position) => { brute[position * 3 + card] += 1n; });
  }
  const { D, m } = matrixOf(r.leaves, 3);
  assert.equal(D, 27n);
  assert.deepEqual(m, brute);
  assert.deepEqual(m.slice(0, 3), [9n, 10n, 8n]);
});

test('Fisher-Yates is uniform over n! decks for n = 2..7; Sattolo reaches (n-1)! decks, none with a card in place', () => {
  for (let n = 2; n <= 7; n++) {
    const { D, weights } = deckWeights(analyzeShuffle(fisherYates, { n }).leaves);
    assert.equal(weights.size, factorial(n), `n = ${n}`);
    for (const w of weights.values()) assert.equal(w * BigInt(factorial(n)), D, `n = ${n}`);
    const s = deckWeights(analyzeShuffle(sattolo, { n }).leaves);
    assert.equal(s.weights.size, factorial(n - 1), `Sattolo n = ${n}`);
    for (const key of s.weights.keys()) key.split(' ').forEach((card, position) => assert.notEqual(Number(card), position, key));
  }
});

test('node\'s own sort with a random comparator equals the core\'s cmp-v8 law for n = 2..8', async () => {
  const { default: createShufflelabCore } = await import(join(SITE, 'shufflelab_core.mjs'));
  const core = await createShufflelabCore({ wasmBinary: readFileSync(join(SITE, 'shufflelab_core.wasm')) });
  const randomComparator = (deck, rand) => { deck.sort(() => (rand(2) ? 1 : -1)); };
  for (let n = 2; n <= 8; n++) {
    const law = core.comparatorLaw('cmp-v8', n);
    const top = 2n ** BigInt(law.exponent);
    const { D, m } = matrixOf(analyzeShuffle(randomComparator, { n }).leaves, n);
    assert.deepEqual(m.map((w) => w * top / D), law.weights.map(BigInt), `n = ${n}`);
    assert.equal((m[0] * top) % D, 0n);
  }
});

test('a source text runs the same as the function; a trace and a sample repeat on the same seed', () => {
  const source = 'function shuffle(deck, rand) {\n  for (let i = deck.length - 1; i > 0; i--) {\n    const j = rand(i + 1);\n    [deck[i], deck[j]] = [deck[j], deck[i]];\n  }\n}';
  assert.equal(analyzeShuffle(source, { n: 5 }).text, analyzeShuffle(fisherYates, { n: 5 }).text);
  const fn = compileShuffle(source);
  const trace = traceText(fn, { n: 6, seed: '12345678901234567890' });
  assert.equal(traceText(fn, { n: 6, seed: '12345678901234567890' }), trace);
  assert.notEqual(traceText(fn, { n: 6, seed: 2 }), trace);
  const lines = trace.split('\n');
  assert.equal(lines[0], 'trace n=6 draws=5');
  assert.equal(lines.filter((l) => l.startsWith('d ')).map((l) => l.split(' ')[1]).join(','), '6,5,4,3,2');
  // Replaying the trace's answers and writes by hand gives its last line.
  const deck = [0, 1, 2, 3, 4, 5];
  for (const l of lines.slice(1, -1)) { const [op, i, v] = l.split(' '); if (op === 'w') deck[Number(i)] = Number(v); }
  assert.equal(lines.at(-1), 'deck ' + deck.join(' '));
  assert.deepEqual(sampleDecks(fn, { n: 6, seed: 9, count: 50 }), sampleDecks(fn, { n: 6, seed: 9, count: 50 }));
  // Math.random is the seed's too.
  const withMath = (d) => { d.sort(() => Math.random() - 0.5); };
  assert.equal(analyzeShuffle(withMath, { n: 8, mode: 'trace', seed: 4 }).text, analyzeShuffle(withMath, { n: 8, mode: 'trace', seed: 4 }).text);
});

test('each failure has its kind, place and draws', () => {
  const kindOf = (shuffle, n = 4, maxLeaves = 1000) => {
    try { analyzeShuffle(shuffle, { n, maxLeaves }); } catch (e) { return [e.kind, e.line, e.column, e.draws, e.message]; }
    return null;
  };
  assert.deepEqual(kindOf('function shuffle(deck, rand) {\n  rand(2);\n  null.x;\n}').slice(0, 4), ['throw', 3, 8, 1]);
  assert.equal(kindOf((d) => { d.reverse(); })[0], 'no-rand');
  // The protocol's messages: the values as they are, the new length.
  assert.deepEqual(kindOf((d, r) => { r(2); d[0] = 1; }), ['not-permutation', 0, 0, 1, '1 1 2 3']);
  assert.deepEqual(kindOf((d, r) => { r(2); d[3] = 'a b'; }), ['not-permutation', 0, 0, 1, '0 1 2 a_b']);
  assert.deepEqual(kindOf((d, r) => { r(2); d.pop(); }), ['length', 0, 0, 1, '3']);
  assert.deepEqual(kindOf((d, r) => { r(2); return 'no'; }).slice(0, 1), ['throw']);
  assert.equal(kindOf((d, r) => { d.sort(() => Math.random() - 0.5); })[0], 'nondeterministic');
  assert.equal(kindOf((d, r) => { const k = Date.now() % 2 === 2 ? 3 : 2; r(k); try { r(0.5); } catch { /* hidden */ } })[0], 'throw');
  // A rejection loop: its tree has no end; the 4,097th draw of one run stops it.
  assert.deepEqual(kindOf((d, r) => { while (r(2)) { /* again */ } }, 4, 1 << 21), ['too-big', 0, 0, 4096, 'more than 4,096 draws in one run']);
  let calls = 0;
  assert.equal(kindOf((d, r) => { r(calls++ === 0 ? 2 : 3); })[0], 'nondeterministic');
  // A cap of 1000 answer lists: 2^9 fit, 2^10 do not.
  assert.equal(kindOf((d, r) => { for (let i = 0; i < 9; i++) r(2); }), null);
  assert.deepEqual(kindOf((d, r) => { for (let i = 0; i < 10; i++) r(2); }).slice(0, 1).concat(kindOf((d, r) => { for (let i = 0; i < 10; i++) r(2); })[4]), ['too-big', 'more than 1,000 answer lists']);
  assert.deepEqual(kindOf('function shuffle(deck, rand) {\n  return import("http://127.0.0.1/");\n}').slice(0, 3), ['parse', 2, 10]);
  assert.equal(kindOf('let x = 1;')[0], 'parse');
  assert.equal(kindOf((d, r) => { r(2); const deeper = () => deeper(); deeper(); })[0], 'memory');
  // A returned array is the result; the deck may stay untouched.
  const returned = parseExactText(analyzeShuffle((d, r) => { const a = r(2); return [a, 1 - a]; }, { n: 2 }).text);
  assert.deepEqual(returned.leaves.map((l) => l.deck.join('')).sort(), ['01', '10']);
});

test('with the core module, analyzeShuffle gives the core\'s matrix, reachable decks and verdict', async () => {
  const { default: createShufflelabCore } = await import(join(SITE, 'shufflelab_core.mjs'));
  const core = await createShufflelabCore({ wasmBinary: readFileSync(join(SITE, 'shufflelab_core.wasm')) });
  const naiveResult = analyzeShuffle(naive, { n: 3, core });
  const { D, m } = matrixOf(naiveResult.leaves, 3);  // checked against the brute force above
  assert.equal(naiveResult.analysis.kind, 'exact');
  assert.equal(BigInt(naiveResult.analysis.denominator), D);
  assert.deepEqual(naiveResult.analysis.counts.map(BigInt), m);
  assert.equal(naiveResult.analysis.reachable, 6);
  assert.equal(naiveResult.analysis.uniform, false);
  const fy = analyzeShuffle(fisherYates, { n: 5, core }).analysis;
  assert.deepEqual([fy.reachable, fy.uniform], [120, true]);
  const s = analyzeShuffle(sattolo, { n: 5, core }).analysis;
  assert.deepEqual([s.reachable, s.uniform], [24, false]);
});
