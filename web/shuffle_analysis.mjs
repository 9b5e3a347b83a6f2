// The reader's-shuffle analysis for node (docs/code_sandbox.md, "From node"):
// the same enumeration and sampling as the page's sandbox worker, on a
// function or a source text, so a course can grade shuffles in a script.
// Node runs the function as it is: no sandbox, so run only code you trust.
//
//   import createShufflelabCore from './shufflelab_core.mjs';
//   import { analyzeShuffle } from './shuffle_analysis.mjs';
//   const core = await createShufflelabCore();
//   const naive = (deck, rand) => { for (let i = 0; i < deck.length; i++) { const j = rand(deck.length); [deck[i], deck[j]] = [deck[j], deck[i]]; } };
//   const result = analyzeShuffle(naive, { n: 3, core });
import { compileShuffle, exactText, sampleDecks, traceText, RunError } from './shuffle_runner.mjs';

// The protocol's exact text as numbers: answerLists (every list of rand
// answers) and leaves {product, count, deck}: `count` lists whose bounds
// multiply to `product` (a BigInt) ended with `deck`.
export function parseExactText(text) {
  const [head, ...lines] = text.split('\n');
  const fields = Object.fromEntries(head.split(' ').slice(1).map((f) => f.split('=')));
  const leaves = lines.map((line) => {
    const [product, count, ...deck] = line.split(' ');
    return { product: BigInt(product), count: Number(count), deck: deck.map(Number) };
  });
  return { n: Number(fields.n), answerLists: Number(fields.runs), leaves };
}

// analyzeShuffle(fn or source, {n, mode = 'exact', seed = 1, decks = 10000, core, maxLeaves = 2^21})
//  exact:  {text, n, answerLists, leaves, analysis}
//  sample: {text, decks: [[...], ...]}
//  trace:  {text}
// `analysis` is the core's reading of the text (core.analyzeShuffleResult,
// docs/code_protocol.md: the matrix over a common denominator, the reachable
// decks, uniform or not) when a core module is given. Errors throw a RunError {kind, line, column, draws, message}.
export function analyzeShuffle(shuffle, { n, mode = 'exact', seed = 1, decks = 10000, core = null, maxLeaves } = {}) {
  const fn = typeof shuffle === 'string' ? compileShuffle(shuffle) : shuffle;
  if (typeof fn !== 'function') throw new RunError('parse', 'analyzeShuffle needs a function or its source', {});
  if (!Number.isInteger(n) || n < 1) throw new RunError('length', `n: ${n} is not a number of cards`, {});
  const withCore = (text) => {
    if (!core || typeof core.analyzeShuffleResult !== 'function') return null;
    const answer = core.analyzeShuffleResult(text, n);
    return typeof answer === 'string' ? JSON.parse(answer) : answer;
  };
  if (mode === 'trace') {
    const text = traceText(fn, { n, seed });
    return { text, analysis: withCore(text) };
  }
  if (mode === 'sample') {
    const lines = sampleDecks(fn, { n, seed, count: decks });
    const text = `sample n=${n} decks=${lines.length} last=1\n${lines.join('\n')}`;
    return { text, decks: lines.map((line) => line.split(' ').map(Number)) };
  }
  const text = exactText(fn, { n, maxLeaves });
  return { text, ...parseExactText(text), analysis: withCore(text) };
}

export { RunError };
