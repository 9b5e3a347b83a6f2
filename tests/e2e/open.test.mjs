// One session, two front ends: for every link of the corpus, `shufflelab open
// LINK` (the core's app session run natively, jobs inline) prints exactly the
// lines the page's Text view shows for it in Chromium (jobs in the workers),
// once the link's run= job has finished on both sides. A link the page opens
// with a notice makes the CLI exit 2 with that notice.
// The one difference allowed: how long a job took here ("in 1.2 s here").
// Each link is typed into the address bar (after another link, so it is a real
// change): the app opens its lab with the corpus's number of notices and the
// address bar then shows the canonical link. (The field-by-field meaning of
// each link is checked natively and in wasm by tests/core/link_corpus_test.cpp.)
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { launch, openApp, state, setHash, waitForHash, ROOT } from './browser.mjs';
import { corpus } from './corpus.mjs';

const CLI = join(ROOT, 'build', 'native', 'shufflelab');
const run = promisify(execFile);

const SENTINEL = '#v=1&lab=poker&seed=00000001&t=0';

// Types `link` into the address bar after SENTINEL; returns the state once the
// app and the address bar both show `canonical`.
async function typeLink(page, link, canonical) {
  await setHash(page, SENTINEL);
  await waitForHash(page, SENTINEL, { timeout: 10000 });
  await setHash(page, link);
  await page.waitForFunction((c) => window.shufflelab.state().hash === c && location.hash === c, canonical, { timeout: 10000 })
    .catch(async () => assert.fail(`${link}: address bar shows ${page.url()}, the app ${(await state(page)).hash}, instead of ${canonical}`));
  return state(page);
}

const normalize = (lines) => lines.map((l) => l.replace(/ in \d+(\.\d+)? s here/, ' in N s here'));

// The CLI's answer for every link, two processes at a time (the machine has two cores).
async function cliAnswers() {
  const answers = new Array(corpus.length);
  let next = 0;
  const worker = async () => {
    while (next < corpus.length) {
      const i = next++;
      try {
        const { stdout } = await run(CLI, ['open', corpus[i].link], { maxBuffer: 1 << 24 });
        answers[i] = { code: 0, lines: stdout.split('\n').slice(0, -1) };
      } catch (e) {
        answers[i] = { code: e.code, stderr: e.stderr };
      }
    }
  };
  await Promise.all([worker(), worker()]);
  return answers;
}

// The Text view's lines, and its whole text to notice the next change (one read: a change between
// two reads would be missed).
const pageText = (page) => page.evaluate(() => {
  const body = document.getElementById('text-view-body');
  const lines = [];
  for (const el of body.children) {
    if (el.tagName === 'UL') for (const li of el.children) lines.push(li.textContent);
    else lines.push(el.textContent);
  }
  return { lines, whole: body.textContent };
});

// The page's lines once they equal `expected`, or the last lines shown when
// the text stops changing for four minutes (a job's result never came).
async function settledLines(page, expected) {
  for (;;) {
    const { lines, whole: shown } = await pageText(page);
    const got = normalize(lines);
    if (JSON.stringify(got) === JSON.stringify(expected)) return got;
    const changed = await page.waitForFunction((before) => document.getElementById('text-view-body').textContent !== before,
      shown, { timeout: 240_000, polling: 100 }).then(() => true, () => false);
    if (!changed) return got;
  }
}

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

test(`every corpus link (${corpus.length}) opens from the address bar with its canonical form, and shufflelab open prints its Text view`, { timeout: 900_000 }, async () => {
  assert.ok(corpus.length >= 40);
  const answers = cliAnswers();
  const { page, context, problems } = await openApp(env, '#v=1&lab=about', { width: 640, height: 480 });
  const all = await answers;
  const differ = [];  // every link whose lines differ, reported together
  for (const [i, { link, canonical, notices, lab }] of corpus.entries()) {
    const cli = all[i];
    const s = await typeLink(page, link, canonical);
    assert.equal(s.notices.length, notices, `${link}: ${JSON.stringify(s.notices)}`);
    if (lab) assert.equal(s.lab, lab, link);
    if (notices > 0) {
      assert.equal(cli.code, 2, `${link}: the CLI accepted a link the page opens with a notice`);
      assert.ok(cli.stderr.includes(s.notices[0]), `${link}: CLI says ${cli.stderr}, the page ${s.notices[0]}`);
      continue;
    }
    assert.equal(cli.code, 0, `${link}: ${cli.stderr}`);
    const expected = normalize(cli.lines);
    const got = await settledLines(page, expected);
    if (JSON.stringify(got) !== JSON.stringify(expected)) {
      differ.push({ link, page: got, cli: expected });
      if (process.env.OPEN_TEST_DUMP) console.error(JSON.stringify({ link, page: got, cli: expected }));
    }
  }
  assert.deepEqual(differ, []);
  assert.deepEqual(problems, []);
  await context.close();
});
