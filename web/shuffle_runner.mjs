// Runs a reader's `function shuffle(deck, rand)` and writes what it did in the
// protocol's text (docs/code_protocol.md): one recorded run (trace), every list
// of rand answers (exact) or many seeded runs (sample). Shared by the sandbox
// worker (web/code_worker.js) and node (web/shuffle_analysis.mjs); it knows
// nothing of either, so the worker adds the sandbox and node adds nothing.

// Limits: past them a run is reported, never left to grow without bound.
export const LIMITS = {
  maxCards: 1000,          // n
  maxLeaves: 1 << 21,      // exact: answer lists
  maxExactDraws: 4096,     // exact: rand calls in one run (a rejection loop's tree has no end)
  maxTraceEvents: 200000,  // trace: recorded reads, writes and draws
  maxChunk: 10000,         // sample: decks per text chunk
};

// The reader's line L is line L + 2 of what `new Function` compiles
// (`function anonymous(\n) {\n` comes first).
export const SOURCE_LINE_OFFSET = 2;

// A failed run: one of the protocol's error kinds, where, and a message.
export class RunError extends Error {
  constructor(kind, message, { line = 0, column = 0, draws = 0 } = {}) {
    super(message);
    this.kind = kind;
    this.line = line;
    this.column = column;
    this.draws = draws;
  }
}

export function errorText(err, draws = 0) {
  const e = err instanceof RunError ? err : new RunError('throw', String((err && err.message) || err), { draws });
  const message = String(e.message).replace(/[\r\n]+/g, ' ');
  return `error kind=${e.kind} line=${e.line} column=${e.column} draws=${e.draws || draws}\n${message}`;
}

// Mulberry32: a small seeded 32-bit generator; the same seed gives the same run.
export function mulberry32(seed) {
  let a = seed >>> 0;
  return function next32() {
    a = (a + 0x6D2B79F5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}

// The link's seed (a number or decimal string, up to 64 bits) and a stream
// number (a sample chunk) as one 32-bit Mulberry32 seed.
export function seed32(seed, stream = 0) {
  let s = 0n;
  try { s = BigInt(String(seed ?? 0).trim() || '0'); } catch { s = 0n; }
  s = BigInt.asUintN(64, s);
  const mixed = Number((s ^ (s >> 32n)) & 0xFFFFFFFFn);
  return (mixed ^ Math.imul(stream + 1, 0x9E3779B9)) >>> 0;
}

// An integer in [0, k) without modulo bias (32-bit draws, rejection).
function uniformBelow(next32, k) {
  if (k === 1) return 0;
  if (k <= 0x100000000) {
    const reject = 0x100000000 % k;
    for (;;) { const x = next32(); if (x >= reject) return x % k; }
  }
  for (;;) {  // k above 2^32: two draws make 53 bits
    const x = (next32() >>> 5) * 67108864 + (next32() >>> 6);
    const limit = Math.floor(9007199254740992 / k) * k;
    if (x < limit) return x % k;
  }
}

function checkBound(k, draws) {
  if (typeof k !== 'number' || !Number.isInteger(k) || k < 1 || k > Number.MAX_SAFE_INTEGER) {
    throw new RunError('throw', `rand(k) needs a whole number k of at least 1; it got ${describe(k)}`, { draws });
  }
}

function describe(value) {
  if (typeof value === 'string') return JSON.stringify(value.slice(0, 40));
  if (typeof value === 'number' || typeof value === 'boolean' || value == null) return String(value);
  return typeof value;
}

// Where in the reader's source an error was thrown: the first frame of the
// compiled function (`<anonymous>:LINE:COL`, lines counted from `lineOffset`).
function throwPlace(err, lineOffset) {
  const match = /<anonymous>:(\d+):(\d+)/.exec(String((err && err.stack) || ''));
  if (!match) return { line: 0, column: 0 };
  return { line: Math.max(0, Number(match[1]) - lineOffset), column: Number(match[2]) };
}

// The deck the function gets: a real array, or in a trace a Proxy that records
// every read and write of an index.
function traceDeck(cards, events, counter) {
  const index = (key) => (typeof key === 'string' && /^(0|[1-9]\d*)$/.test(key) ? Number(key) : -1);
  const note = (line) => {
    if (events.length >= LIMITS.maxTraceEvents) fail(counter, tooManyEvents(counter.draws));
    events.push(line);
  };
  return new Proxy(cards, {
    get(target, key, receiver) {
      const i = index(key);
      if (i >= 0) note(`r ${i}`);
      return Reflect.get(target, key, receiver);
    },
    set(target, key, value, receiver) {
      const i = index(key);
      if (i >= 0) note(`w ${i} ${typeof value === 'number' && Number.isFinite(value) ? value : describe(value).replace(/\s/g, '_')}`);
      return Reflect.set(target, key, value, receiver);
    },
  });
}

// A failure the sandbox raises inside the reader's code (in rand, Math.random
// or the deck) is kept, so a try/catch in the code cannot hide it.
function fail(counter, error) {
  if (!counter.failure) counter.failure = error;
  throw counter.failure;
}

const grouped = (count) => count.toLocaleString('en');
const tooManyEvents = (draws) => new RunError('too-big', `more than ${grouped(LIMITS.maxTraceEvents)} reads, writes and draws in one run`, { draws });

// Checks the function's result: the deck in place, or an array it returned.
function finalDeck(returned, deck, n, draws) {
  const result = returned === undefined ? deck : returned;
  if (!result || typeof result !== 'object' || typeof result.length !== 'number') {
    throw new RunError('throw', `shuffle returned ${describe(result)}, not an array (return nothing to keep the deck shuffled in place)`, { draws });
  }
  // The protocol's messages: the new length; the values as they are (the core names the doubled or missing card).
  const length = result.length;
  if (length !== n) throw new RunError('length', String(length), { draws });
  const cards = Array.from({ length: n }, (_, i) => result[i]);
  const seen = new Uint8Array(n);
  for (const v of cards) {
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v >= n || seen[v]) {
      throw new RunError('not-permutation', cards.map((c) => String(c).replace(/\s+/g, '_')).join(' '), { draws });
    }
    seen[v] = 1;
  }
  return cards;
}

// Math.random during a run is the run's own (seeded or refused); a function
// that kept Math.random from before a run (the worker installs this one
// before it compiles the code) still reaches the run's.
const realMathRandom = Math.random;
let activeMathRandom = null;
export function dispatchMathRandom() {
  return activeMathRandom ? activeMathRandom() : realMathRandom();
}

// One run. `answer(k, index)` gives rand's answer (the seeded stream or a
// scripted list); `onMath()` is told of a Math.random call and returns its
// value. Returns {deck, draws, bounds, mathCalls}; throws RunError.
export function runOnce(shuffle, n, { answer, onMath, events = null, lineOffset = SOURCE_LINE_OFFSET, onDraw = null }) {
  const counter = { draws: 0, failure: null };
  const bounds = [];
  let mathCalls = 0;
  const rand = (k) => {
    if (events && events.length >= LIMITS.maxTraceEvents) fail(counter, tooManyEvents(counter.draws));
    let a;
    try {
      checkBound(k, counter.draws);
      a = answer(k, bounds.length);
    } catch (err) {
      fail(counter, err);
    }
    bounds.push(k);
    counter.draws++;
    if (events) events.push(`d ${k} ${a}`);
    if (onDraw) onDraw(counter.draws);
    return a;
  };
  const cards = Array.from({ length: n }, (_, i) => i);
  const deck = events ? traceDeck(cards, events, counter) : cards;
  const previousRandom = Math.random;
  Math.random = dispatchMathRandom;
  activeMathRandom = () => {
    if (events && events.length >= LIMITS.maxTraceEvents) fail(counter, tooManyEvents(counter.draws));
    let value;
    try {
      value = onMath();
    } catch (err) {
      fail(counter, err);
    }
    mathCalls++;
    counter.draws++;
    if (events) events.push('m');
    if (onDraw) onDraw(counter.draws);
    return value;
  };
  let returned;
  try {
    returned = shuffle(deck, rand);
  } catch (err) {
    if (counter.failure) throw counter.failure;
    if (err instanceof RunError) throw err;
    if (err instanceof RangeError && /call stack/i.test(err.message)) {
      throw new RunError('memory', 'the code recursed too deep (the call stack ran out)', { ...throwPlace(err, lineOffset), draws: counter.draws });
    }
    const name = err && err.name ? err.name + ': ' : '';
    throw new RunError('throw', name + String((err && err.message) ?? err), { ...throwPlace(err, lineOffset), draws: counter.draws });
  } finally {
    activeMathRandom = null;
    Math.random = previousRandom;
  }
  if (counter.failure) throw counter.failure;
  if (counter.draws === 0) {
    throw new RunError('no-rand', 'the code never calls rand(k) (or Math.random), so every run gives the same deck', {});
  }
  const final = finalDeck(returned === deck ? undefined : returned, cards, n, counter.draws);
  return { deck: final, draws: counter.draws, bounds, mathCalls };
}

// trace: one run on the seed, every draw, read and write.
export function traceText(shuffle, { n, seed, lineOffset = SOURCE_LINE_OFFSET, onDraw = null }) {
  const next32 = mulberry32(seed32(seed));
  const events = [];
  const run = runOnce(shuffle, n, {
    answer: (k) => uniformBelow(next32, k), onMath: () => next32() / 4294967296, events, lineOffset, onDraw,
  });
  return `trace n=${n} draws=${run.draws}\n${events.join('\n')}\ndeck ${run.deck.join(' ')}`;
}

// sample: `count` decks from stream `stream` of the seed, one a line.
export function sampleDecks(shuffle, { n, seed, stream = 0, count, lineOffset = SOURCE_LINE_OFFSET, onDraw = null, onRun = null }) {
  const next32 = mulberry32(seed32(seed, stream));
  const lines = [];
  for (let i = 0; i < count; i++) {
    const run = runOnce(shuffle, n, {
      answer: (k) => uniformBelow(next32, k), onMath: () => next32() / 4294967296, lineOffset, onDraw,
    });
    lines.push(run.deck.join(' '));
    if (onRun) onRun(i + 1);
  }
  return lines;
}

// exact: every list of rand answers, in order, by re-running the function
// with scripted answers (an odometer over the bounds each run met). A run
// that calls Math.random, or meets another bound after the same answers, does
// not depend on rand alone: the enumeration stops (nondeterministic).
// Returns the text with the leaves aggregated by (product of bounds, deck).
export function exactText(shuffle, { n, lineOffset = SOURCE_LINE_OFFSET, onRun = null, maxLeaves = LIMITS.maxLeaves } = {}) {
  const leaves = new Map();  // "P deck" -> count
  let script = [];
  let known = [];  // the bounds met along the current script
  let runs = 0;
  let leafCount = 0;
  let firstDeck = null;
  const play = () => {
    const bounds = [];
    const run = runOnce(shuffle, n, {
      lineOffset,
      answer: (k, i) => {
        if (i < script.length) {
          if (known[i] !== k) {
            throw new RunError('nondeterministic', `after the same answers the code asked rand(${k}) where it had asked rand(${known[i]}): it depends on something besides rand`, { draws: i + 1 });
          }
          bounds.push(k);
          return script[i];
        }
        if (i >= LIMITS.maxExactDraws) {
          throw new RunError('too-big', `more than ${grouped(LIMITS.maxExactDraws)} draws in one run`, { draws: i });
        }
        bounds.push(k);
        return 0;
      },
      onMath: () => {
        throw new RunError('nondeterministic', 'the code calls Math.random, whose values cannot be enumerated', {});
      },
    });
    runs++;
    return { run, bounds };
  };
  for (;;) {
    const { run, bounds } = play();
    if (bounds.length < script.length) {
      throw new RunError('nondeterministic', 'after the same answers the code stopped drawing earlier than before: it depends on something besides rand', { draws: bounds.length });
    }
    leafCount++;
    if (leafCount > maxLeaves) {
      throw new RunError('too-big', `more than ${grouped(maxLeaves)} answer lists`, { draws: bounds.length });
    }
    if (firstDeck === null) firstDeck = run.deck.join(' ');
    let product = 1n;
    for (const k of bounds) product *= BigInt(k);
    const key = product + ' ' + run.deck.join(' ');
    leaves.set(key, (leaves.get(key) || 0) + 1);
    if (onRun) onRun(runs, leafCount);
    // The next answer list: the last answer that can still go up does, the ones after it end.
    known = bounds;
    let j = bounds.length - 1;
    const answers = script.concat(new Array(bounds.length - script.length).fill(0));
    while (j >= 0 && answers[j] + 1 >= bounds[j]) j--;
    if (j < 0) break;
    script = answers.slice(0, j + 1);
    script[j]++;
  }
  // The first answer list once more: a function that reads a clock or keeps
  // state between calls gives another deck for the same answers.
  script = [];
  const again = play();
  if (again.run.deck.join(' ') !== firstDeck) {
    throw new RunError('nondeterministic', 'the same answers gave another deck on a second run: the code depends on something besides rand', { draws: again.run.draws });
  }
  const lines = [...leaves].map(([key, count]) => {
    const space = key.indexOf(' ');
    return `${key.slice(0, space)} ${count} ${key.slice(space + 1)}`;
  });
  // leaves: the lines; runs: the answer lists (the sum of the counts).
  return `exact n=${n} leaves=${lines.length} runs=${leafCount}\n${lines.join('\n')}`;
}

// The reader's source as a function: `function shuffle(deck, rand) {...}` (or
// any statements that define `shuffle`). `Function` is the realm's Function
// constructor (the worker passes its own before it removes it). The body
// starts on line 3 of what V8 compiles (SOURCE_LINE_OFFSET).
export function compileShuffle(source, FunctionCtor = Function) {
  const importAt = findImport(source);
  if (importAt) {
    throw new RunError('parse', '`import` is not available here: the code runs alone, without modules or the network', importAt);
  }
  const made = new FunctionCtor(`${source}\n;return typeof shuffle === 'function' ? shuffle : undefined;`);
  const shuffle = made();
  if (typeof shuffle !== 'function') {
    throw new RunError('parse', 'the code defines no function shuffle(deck, rand)', { line: 1, column: 1 });
  }
  return shuffle;
}

// Any `import` word, even in a comment or a string (a scanner of strings and
// comments can be fooled by a regular expression literal): with eval and the
// Function constructor gone, the text is the only way to a dynamic import.
function findImport(source) {
  const m = /\bimport\b/.exec(source);
  if (!m) return null;
  const before = source.slice(0, m.index);
  return { line: before.split('\n').length, column: m.index - before.lastIndexOf('\n') };
}
