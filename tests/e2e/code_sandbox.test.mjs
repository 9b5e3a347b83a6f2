// The sandbox for a reader's shuffle in Chromium (web/code_sandbox.js,
// web/code_worker.js): hostile code gets its message while the page keeps
// drawing and nothing reaches a server; Chromium's own Array.prototype.sort
// with a random comparator, enumerated in the worker, has the core's
// cmp-v8-chromium law; Fisher-Yates is uniform; the same request gives the
// same trace, counts and samples.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { launch, openApp, nextFrames, setHash, waitForState, SITE } from './browser.mjs';

let env, app, trap;
const trapped = [];  // every request the trap server saw
before(async () => {
  env = await launch();
  app = await openApp(env, '#v=1&lab=shuffle&n=8');
  // No run was asked for, so the sandbox is not loaded yet: load it as the first request would.
  await app.page.evaluate(() => window.shufflelabLoadCodeSandbox());
  trap = createServer((req, res) => { trapped.push(req.url); res.writeHead(200, { 'Access-Control-Allow-Origin': '*' }).end('x'); });
  await new Promise((ok) => trap.listen(0, '127.0.0.1', ok));
});
after(async () => { await app?.context.close(); await env?.close(); trap?.close(); });

// Runs a request in the page's sandbox; resolves with every text it hands over.
async function runCode(page, request, budgetMs = 2000) {
  return page.evaluate(async ({ request, budgetMs }) => {
    const texts = [];
    const handle = window.shufflelabCodeSandbox.run(request, (text) => texts.push(text), { budgetMs });
    await handle.done;
    return texts;
  }, { request, budgetMs });
}
const frames = async (page) => (await page.evaluate(() => window.shufflelab.state())).frames;
const errorOf = (text) => {
  const m = /^error kind=(\S+) line=(\d+) column=(\d+) draws=(\d+)\n(.*)$/.exec(text);
  assert.ok(m, `not an error text: ${text.slice(0, 200)}`);
  return { kind: m[1], line: Number(m[2]), column: Number(m[3]), draws: Number(m[4]), message: m[5] };
};
const fn = (body) => `function shuffle(deck, rand) {\n${body}\n}`;

test('hostile code: each gets its message, no request leaves the sandbox, the page keeps drawing', async () => {
  const { page } = app;
  const url = `http://127.0.0.1:${trap.address().port}/`;
  // The trap server answers a request made from outside the sandbox (so an empty log means something).
  assert.equal((await fetch(url + 'control')).status, 200);
  assert.deepEqual(trapped.splice(0), ['/control']);

  // An endless loop after three draws: stopped at the budget, with its draws; the page draws frames meanwhile.
  const before = await frames(page);
  const spinning = runCode(page, { source: fn('rand(2); rand(3); rand(4);\nfor (;;) {}'), n: 8, seed: 1, mode: 'trace' }, 1500);
  await nextFrames(page, 3);
  const [loop] = await spinning;
  assert.ok(await frames(page) > before + 2);
  assert.deepEqual(errorOf(loop), { kind: 'timeout', line: 0, column: 0, draws: 3, message: 'the run was stopped after 1.5 s without finishing, having made 3 draws' });
  // One that draws without end: in a sample (nothing recorded) the budget stops it; in a trace the record's size does.
  const drawing = errorOf((await runCode(page, { source: fn('for (;;) rand(2);'), n: 8, seed: 1, mode: 'sample', decks: 10 }, 1000))[0]);
  assert.equal(drawing.kind, 'timeout');
  assert.ok(drawing.draws > 1000, JSON.stringify(drawing));
  const recorded = errorOf((await runCode(page, { source: fn('for (;;) rand(2);'), n: 8, seed: 1, mode: 'trace' }, 60000))[0]);
  assert.deepEqual([recorded.kind, recorded.draws], ['too-big', 200000]);
  assert.equal(errorOf((await runCode(page, { source: fn('while (true) {}'), n: 8, seed: 1, mode: 'exact' }, 1000))[0]).kind, 'timeout');

  const attempts = {
    fetch: `rand(2); fetch('${url}fetch');`,
    xhr: `rand(2); const x = new XMLHttpRequest(); x.open('GET', '${url}xhr'); x.send();`,
    socket: `rand(2); new WebSocket('ws://127.0.0.1:${trap.address().port}/ws');`,
    events: `rand(2); new EventSource('${url}events');`,
    importScripts: `rand(2); importScripts('${url}loaded-script.js');`,
    worker: `rand(2); new Worker('${url}worker.js');`,
    beacon: `rand(2); navigator.sendBeacon('${url}beacon', 'x');`,
    font: `rand(2); new FontFace('x', 'url(${url}font)').load();`,
    prototypeFetch: `rand(2); Object.getPrototypeOf(Object.getPrototypeOf(self)).fetch.call(self, '${url}proto');`,
    evalImport: `rand(2); eval('imp' + 'ort("${url}eval.js")');`,
    functionImport: `rand(2); Function('return imp' + 'ort("${url}function.js")')();`,
    asyncConstructor: `rand(2); (async function () {}).constructor('await imp' + 'ort("${url}async.js")')();`,
    stringTimer: `rand(2); setTimeout('imp' + 'ort("${url}timer.js")'); throw new Error('after the timer');`,
    document: `rand(2); document.title = 'x';`,
    parent: `rand(2); parent.location = '${url}parent';`,
    storage: `rand(2); indexedDB.open('x');`,
    postMessage: `rand(2); postMessage({ type: 'done', text: 'trace n=8 draws=0' });`,
    close: `rand(2); close();`,
  };
  for (const [name, body] of Object.entries(attempts)) {
    const [text] = await runCode(page, { source: fn(body), n: 8, seed: 1, mode: 'trace' });
    const got = errorOf(text);
    assert.equal(got.kind, 'throw', `${name}: ${text}`);
    assert.equal(got.line, 2, `${name}: ${text}`);
    assert.equal(got.draws, 1, `${name}: ${text}`);
  }
  const imported = errorOf((await runCode(page, { source: fn(`return import('${url}import.js');`), n: 8, seed: 1, mode: 'trace' }))[0]);
  assert.deepEqual([imported.kind, imported.line, imported.column], ['parse', 2, 8]);
  assert.match(imported.message, /import/);

  // Unbounded memory: stopped (the worker's heap limit or the budget), never the page.
  const memory = errorOf((await runCode(page, { source: fn('const a = []; for (;;) a.push(new Array(1 << 20).fill(rand(2)));'), n: 8, seed: 1, mode: 'trace' }, 1000))[0]);
  assert.ok(['memory', 'timeout'].includes(memory.kind), JSON.stringify(memory));
  // Code that throws, and code that does not parse: their lines and columns.
  const thrown = errorOf((await runCode(page, { source: fn('  rand(3);\n  throw new Error("boom");'), n: 8, seed: 1, mode: 'trace' }))[0]);
  assert.deepEqual([thrown.kind, thrown.line, thrown.column, thrown.draws, thrown.message], ['throw', 3, 9, 1, 'Error: boom']);
  const parse = errorOf((await runCode(page, { source: fn('  rand(2) rand(3);'), n: 8, seed: 1, mode: 'trace' }))[0]);
  assert.deepEqual(parse, { kind: 'parse', line: 2, column: 11, draws: 0, message: 'Unexpected identifier \'rand\'' });
  // 100 KB of code (a long comment) runs.
  const long = fn('/*' + 'x'.repeat(100 * 1024) + '*/ for (let i = deck.length - 1; i > 0; i--) { const j = rand(i + 1); [deck[i], deck[j]] = [deck[j], deck[i]]; }');
  const [longText] = await runCode(page, { source: long, n: 8, seed: 1, mode: 'trace' });
  assert.match(longText, /^trace n=8 draws=7\n/);

  const after = await frames(page);
  await nextFrames(page, 2);
  assert.ok(await frames(page) >= after + 2);
  assert.equal(await page.evaluate(() => window.shufflelab.state().lab), 'shuffle');
  // A request made late (a timer, a promise) would have had every later run's time to arrive.
  assert.deepEqual(trapped, []);
  assert.deepEqual(app.problems, []);
});

test('without the policy header (a static host) the removed globals alone stop every request', async () => {
  // The same site from a server that sends no Content-Security-Policy at all.
  const bare = createServer((req, res) => {
    try {
      const name = new URL(req.url, 'http://x').pathname.slice(1) || 'index.html';
      if (!/^[\w.-]+$/.test(name)) throw new Error('not a site file');
      const type = name.endsWith('.html') ? 'text/html' : name.endsWith('.wasm') ? 'application/wasm' : 'text/javascript';
      res.writeHead(200, { 'Content-Type': type }).end(readFileSync(join(SITE, name)));
    } catch { res.writeHead(404).end(); }
  });
  await new Promise((ok) => bare.listen(0, '127.0.0.1', ok));
  // No service worker here: it would add the policy (checked below).
  const context = await env.browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto(`http://127.0.0.1:${bare.address().port}/index.html`);
  await page.waitForFunction(() => window.shufflelabLoadCodeSandbox);
  await page.evaluate(() => window.shufflelabLoadCodeSandbox());
  const url = `http://127.0.0.1:${trap.address().port}/`;
  for (const body of [`fetch('${url}bare-fetch')`, `importScripts('${url}bare.js')`, `new XMLHttpRequest().open('GET', '${url}bare')`,
    `eval('imp' + 'ort("${url}bare-eval.js")')`, `new FontFace('x', 'url(${url}bare-font)').load()`]) {
    const [text] = await runCode(page, { source: fn('rand(2); ' + body + ';'), n: 4, seed: 1, mode: 'trace' });
    assert.equal(errorOf(text).kind, 'throw', `${body}: ${text}`);
  }
  // Control: the policy is really absent here, so the globals were the only guard.
  const header = await page.evaluate(async () => (await fetch('code_worker.js')).headers.get('content-security-policy'));
  assert.equal(header, null);
  await context.close();
  // Once the offline copy is installed, it serves the sandbox worker with the policy even from this host.
  const offline = await env.browser.newContext();
  const installed = await offline.newPage();
  await installed.goto(`http://127.0.0.1:${bare.address().port}/index.html`);
  await installed.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30000 });
  await installed.evaluate(() => window.shufflelabLoadCodeSandbox());
  const served = await installed.evaluate(async () => (await fetch('code_worker.js')).headers.get('content-security-policy'));
  assert.equal(served, "default-src 'none'; script-src 'self' 'unsafe-eval'");
  const [late] = await runCode(installed, { source: fn(`rand(2); fetch('${url}offline-fetch');`), n: 4, seed: 1, mode: 'trace' });
  assert.equal(errorOf(late).kind, 'throw');
  await offline.close();
  bare.close();
  assert.deepEqual(trapped, []);
});

test('Chromium\'s sort with a random comparator, enumerated in the sandbox, is the core\'s cmp-v8-chromium law for n = 2..8', async () => {
  const { default: createShufflelabCore } = await import(join(SITE, 'shufflelab_core.mjs'));
  const core = await createShufflelabCore({ wasmBinary: readFileSync(join(SITE, 'shufflelab_core.wasm')) });
  const source = fn('  deck.sort(() => rand(2) ? 1 : -1);');
  for (let n = 2; n <= 8; n++) {
    const [text] = await runCode(app.page, { source, n, seed: 1, mode: 'exact' }, 10000);
    const [head, ...lines] = text.split('\n');
    assert.match(head, new RegExp(`^exact n=${n} leaves=\\d+ runs=\\d+$`), text.slice(0, 200));
    const law = core.comparatorLaw('cmp-v8-chromium', n);
    const top = 2n ** BigInt(law.exponent);
    const cells = Array.from({ length: n * n }, () => 0n);
    let leaves = 0;
    for (const line of lines) {
      const [product, count, ...deck] = line.split(' ');
      assert.equal(top % BigInt(product), 0n, line);
      leaves += Number(count);
      deck.forEach((card, position) => { cells[position * n + Number(card)] += BigInt(count) * (top / BigInt(product)); });
    }
    assert.equal(head, `exact n=${n} leaves=${lines.length} runs=${leaves}`);
    assert.deepEqual(cells, law.weights.map(BigInt), `n = ${n}`);
  }
});

test('Fisher-Yates in the sandbox is uniform for n <= 7; the same request gives the same trace, counts and samples', async () => {
  const { page } = app;
  const source = fn('  for (let i = deck.length - 1; i > 0; i--) {\n    const j = rand(i + 1);\n    [deck[i], deck[j]] = [deck[j], deck[i]];\n  }');
  for (let n = 2; n <= 7; n++) {
    const [text] = await runCode(page, { source, n, seed: 1, mode: 'exact' }, 10000);
    const [head, ...lines] = text.split('\n');
    let nFactorial = 1;
    for (let k = 2; k <= n; k++) nFactorial *= k;
    assert.equal(head, `exact n=${n} leaves=${nFactorial} runs=${nFactorial}`);
    assert.equal(new Set(lines.map((l) => l.split(' ').slice(2).join(' '))).size, nFactorial);
    for (const line of lines) assert.match(line, new RegExp(`^${nFactorial} 1 `));
  }
  const request = { source, n: 8, seed: '9007199254740993', mode: 'trace' };
  const [a] = await runCode(page, request);
  const [b] = await runCode(page, request);
  assert.equal(a, b);
  assert.match(a, /^trace n=8 draws=7\n(d \d+ \d+\n)?/);
  // 25,000 decks in chunks of 10,000 over the pool, handed over in order; twice the same.
  const sample = { source, n: 8, seed: 5, mode: 'sample', decks: 25000 };
  const first = await runCode(page, sample);
  assert.deepEqual(first.map((t) => t.split('\n')[0]), ['sample n=8 decks=10000 last=0', 'sample n=8 decks=10000 last=0', 'sample n=8 decks=5000 last=1']);
  assert.deepEqual(await runCode(page, sample), first);
  // Cancel: a million decks stopped after their first chunk; no worker goes on.
  const stopped = await page.evaluate(async (request) => {
    const texts = [];
    let handle;
    await new Promise((ok) => { handle = window.shufflelabCodeSandbox.run(request, (t) => { texts.push(t); handle.stop(); ok(); }); });
    await handle.done;
    return texts.length;
  }, { ...sample, decks: 1000000 });
  assert.equal(stopped, 1);
});

// The whole path: a link with code, the core's request in the page view, the sandbox's answer, the core's result.
const NAIVE = fn('  for (let i = 0; i < deck.length; i++) {\n    const j = rand(deck.length);\n    const t = deck[i]; deck[i] = deck[j]; deck[j] = t;\n  }');
const codeLink = (source, n, seed = 7) => `#v=1&lab=shuffle&tab=code&n=${n}&seed=${seed}&code=${encodeURIComponent(source)}`;
const resultShown = (s) => s.shuffle && s.shuffle.code && s.shuffle.code.exact && !s.shuffle.code.busy && s.shuffle.code.totalSteps > 0;

test('the sandbox loads when the Your code tab first asks for a run, not before', async () => {
  // A fresh page without the service worker (whose install fetches every file of the site), so the
  // requests are the page's own.
  const context = await env.browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  const requested = [];
  page.on('request', (r) => requested.push(new URL(r.url()).pathname.slice(1)));
  const sandboxFiles = () => requested.filter((name) => /^(code_sandbox\.js|code_worker|shuffle_runner)/.test(name));
  await page.goto(env.base + '#v=1&lab=shuffle&n=8');
  await page.waitForFunction(() => window.shufflelab && window.shufflelab.ready, null, { timeout: 20000 });
  await nextFrames(page, 3);
  assert.ok(requested.includes('code_sandbox_loader.js'), requested.join(' '));
  assert.deepEqual(sandboxFiles(), []);
  assert.equal(await page.evaluate(() => window.shufflelabCodeSandbox), undefined);
  // The code tab with no code asks for nothing yet; code asks for its trace, which loads the sandbox and runs.
  await setHash(page, '#v=1&lab=shuffle&n=3&tab=code');
  await nextFrames(page, 3);
  assert.deepEqual(sandboxFiles(), []);
  await setHash(page, codeLink(NAIVE, 3));
  const s = await waitForState(page, resultShown, 'the code\'s steps and exact matrix');
  assert.deepEqual(s.shuffle.code.exact.counts.slice(0, 3), [9, 10, 8]);
  assert.equal(sandboxFiles()[0], 'code_sandbox.js');
  assert.equal(await page.evaluate(() => document.getElementById('sandbox-status').hidden), true);
  await context.close();
});

test('a link with code opens on its steps and exact counts, the same when opened twice', async () => {
  // The naive swap's matrix by brute force over its 27 answer lists, here.
  const brute = Array.from({ length: 9 }, () => 0);
  for (let a = 0; a < 27; a++) {
    const d = [0, 1, 2];
    [a % 3, Math.floor(a / 3) % 3, Math.floor(a / 9)].forEach((j, i) => { [d[i], d[j]] = [d[j], d[i]]; });
    d.forEach((card, position) => { brute[position * 3 + card]++; });
  }
  const opened = [];
  for (let k = 0; k < 2; k++) {
    const { page, context, problems, foreign } = await openApp(env, codeLink(NAIVE, 3));
    const s = await waitForState(page, resultShown, 'the code\'s steps and exact matrix');
    assert.deepEqual(problems, []);
    assert.deepEqual(foreign, []);
    opened.push(s.shuffle.code);
    await context.close();
  }
  const [first, second] = opened;
  assert.deepEqual(second, first);
  assert.equal(first.fromLink, true);
  assert.equal(first.draws, 3);
  assert.deepEqual(first.exact.counts, brute);
  assert.deepEqual(first.exact.counts.slice(0, 3), [9, 10, 8]);
  assert.equal(first.exact.denominator, 27);
  assert.equal(first.exact.uniform, false);
});

test('the random-comparator sort through the core equals cmp-v8-chromium; a 100 KB code= gets a notice and the page keeps drawing', async () => {
  const { default: createShufflelabCore } = await import(join(SITE, 'shufflelab_core.mjs'));
  const core = await createShufflelabCore({ wasmBinary: readFileSync(join(SITE, 'shufflelab_core.wasm')) });
  const comparator = fn('  deck.sort(() => rand(2) ? 1 : -1);');
  const { page, context, problems } = await openApp(env, codeLink(comparator, 8));
  const e = (await waitForState(page, resultShown, 'the comparator sort\'s exact matrix', { timeout: 60000 })).shuffle.code.exact;
  const law = core.comparatorLaw('cmp-v8-chromium', 8);
  const top = 2n ** BigInt(law.exponent);
  assert.equal(top % BigInt(e.denominator), 0n);
  assert.deepEqual(e.counts.map((c) => BigInt(c) * (top / BigInt(e.denominator))), law.weights.map(BigInt));

  const started = await page.evaluate(() => window.shufflelabCodeSandbox.started);
  const huge = await setHash(page, codeLink('/*' + 'x'.repeat(100 * 1024) + '*/' + comparator, 8));
  assert.ok(huge.notices.length > 0, JSON.stringify(huge.notices));
  const frame = await frames(page);
  await nextFrames(page, 2);
  assert.ok(await frames(page) >= frame + 2);
  assert.equal(await page.evaluate(() => window.shufflelabCodeSandbox.started), started);
  assert.deepEqual(problems, []);
  await context.close();
});

test('code that reads Math.random is sampled instead: a million decks over the pool, through the core\'s test', async () => {
  // Math.random() - 0.5 is a fair coin per comparison, so the decks follow the core's
  // cmp-v8-chromium law for 5 cards, which is far from uniform (the largest cell is checked here).
  const { default: createShufflelabCore } = await import(join(SITE, 'shufflelab_core.mjs'));
  const core = await createShufflelabCore({ wasmBinary: readFileSync(join(SITE, 'shufflelab_core.wasm')) });
  const law = core.comparatorLaw('cmp-v8-chromium', 5);
  const largest = law.weights.map(BigInt).reduce((m, w) => (w > m ? w : m), 0n);
  assert.ok(largest * 5n > (2n ** BigInt(law.exponent)) * 6n / 5n, 'a cell 20% above 1/5');
  const source = fn('  deck.sort(() => Math.random() - 0.5);');
  const { page, context, problems } = await openApp(env, codeLink(source, 5));
  const s = await waitForState(page, (st) => st.shuffle?.code?.sample?.done, 'the sample of a million decks', { timeout: 180000 });
  const { notice, sample } = s.shuffle.code;
  assert.match(notice, /Math\.random/);
  assert.equal(sample.decks, 1000000);
  assert.equal(sample.real, true);
  assert.ok(sample.pValue < 1e-6, String(sample.pValue));
  // Then the Check lab's deck tests on the sample's counts: a "deck_tests" job in the worker's core module.
  const tested = await waitForState(page, (st) => st.shuffle?.code?.sample?.deckTests, 'the deck tests of the sample');
  const { deckTests } = tested.shuffle.code.sample;
  assert.equal(deckTests.failed, true, deckTests.text);
  assert.match(deckTests.text, /decks read: 1,000,000/);
  assert.match(deckTests.text, /FAIL position x card/);
  assert.deepEqual(problems, []);
  await context.close();
});
