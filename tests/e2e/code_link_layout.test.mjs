// A link that carries code (Shuffle lab, tab=code) opens on the sender's
// result. Where the editor and the result do not both fit on the first screen
// (a phone: 390x844, DPR 3, touch), the editor comes folded under a "Your code"
// header, so the trace (the result rectangle the panel reports to the hook) is
// on the first screen; a tap, or Enter from the keyboard, opens the editor.
// Folding and opening change neither the link nor the result. At 1280x800 both
// fit and the editor stays where it was, above the result.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { launch, openApp, state, nextFrames, waitForState, SHOTS } from './browser.mjs';

let env;
before(async () => { env = await launch(); mkdirSync(SHOTS, { recursive: true }); });
after(async () => { await env?.close(); });

const PHONE = { width: 390, height: 844, scale: 3, isMobile: true };
const NAIVE = 'function shuffle(deck, rand) {\n  for (let i = 0; i < deck.length; i++) {\n    const j = rand(deck.length);\n' +
  '    const t = deck[i]; deck[i] = deck[j]; deck[j] = t;\n  }\n}';
const LINK = `#v=1&lab=shuffle&tab=code&n=4&seed=7&code=${encodeURIComponent(NAIVE)}`;
const resultDrawn = (s) => s.shuffle?.code?.exact && !s.shuffle.code.busy && s.shuffle.code.totalSteps > 0 &&
  s.legibility.result !== null;

// The result's top is on the first screen, with all of it or at least half the screen of it in view
// (the rule tests/e2e/lesson_links.test.mjs holds a lesson step's result to on a phone).
function assertOnFirstScreen(s, what) {
  const [, y0, , y1] = s.legibility.result;
  const h = s.legibility.height;
  const shown = Math.min(y1, h) - Math.max(y0, 0);
  assert.ok(y0 >= 0 && shown >= Math.min(y1 - y0, h / 2) - 1, `${what}: result ${y0}..${y1} in ${h}`);
}

// The naive swap's 256 answer lists for n = 4, counted here: how often card c ends at position p.
function naiveCounts(n) {
  const counts = Array.from({ length: n * n }, () => 0);
  for (let a = 0; a < n ** n; a++) {
    const deck = Array.from({ length: n }, (_, i) => i);
    for (let i = 0, rest = a; i < n; i++, rest = Math.floor(rest / n)) {
      const j = rest % n;
      [deck[i], deck[j]] = [deck[j], deck[i]];
    }
    deck.forEach((card, position) => { counts[position * n + card]++; });
  }
  return counts;
}

test('a phone opens a code link on its result, the editor folded under a header that a tap opens', async () => {
  const { page, context, problems } = await openApp(env, LINK, PHONE);
  const s = await waitForState(page, (x) => resultDrawn(x) && x.shuffle.codeEditor === 'folded',
    'the trace and exact matrix drawn, the editor folded');
  assertOnFirstScreen(s, 'folded');
  const header = s.shuffle.codeHeaderRect;  // backing pixels; legibility's rectangles are in CSS px
  assert.ok(header[3] / PHONE.scale <= s.legibility.result[1], `the header ${header} above the result ${s.legibility.result}`);
  assert.deepEqual(s.shuffle.code.exact.counts, naiveCounts(4));
  assert.equal(s.shuffle.code.fromLink, true);
  const link = await page.evaluate(() => location.hash);
  await page.screenshot({ path: join(SHOTS, 'code-link-phone-folded.png') });

  await page.touchscreen.tap((header[0] + header[2]) / 2 / PHONE.scale, (header[1] + header[3]) / 2 / PHONE.scale);
  const opened = await waitForState(page, (x) => x.shuffle.codeEditor === 'opened', 'a tap opens the editor');
  await nextFrames(page, 3);
  assert.equal(await page.evaluate(() => location.hash), link, 'opening the editor leaves the link as it was');
  assert.equal(opened.shuffle.code.source, NAIVE);
  assert.deepEqual(opened.shuffle.code.exact.counts, s.shuffle.code.exact.counts);
  assert.equal(opened.shuffle.code.fromLink, true);
  assert.ok(opened.legibility.result[1] > s.legibility.result[1], 'the opened editor pushes the result down');
  await page.screenshot({ path: join(SHOTS, 'code-link-phone-opened.png') });
  assert.deepEqual(problems, []);
  await context.close();
});

test('keyboard only: Tab, then the arrows reach the folded header; Enter opens it, Space folds and opens it', async () => {
  const { page, context, problems } = await openApp(env, LINK, PHONE);
  let s = await waitForState(page, (x) => resultDrawn(x) && x.shuffle.codeEditor === 'folded', 'the editor folded');
  const link = await page.evaluate(() => location.hash);
  const onHeader = (x) => {
    const [ring, rect] = [x.keyboard.ring, x.shuffle.codeHeaderRect];
    return ring && ring[0] >= rect[0] - 6 && ring[1] >= rect[1] - 6 && ring[2] <= rect[2] + 6 && ring[3] <= rect[3] + 6;
  };
  await page.focus('#canvas');
  await page.keyboard.press('Tab');
  s = await waitForState(page, (x) => x.keyboard.navigation && x.keyboard.ring, 'Tab: navigation on');
  // Right goes from the navigation into the lab; Down moves entry by entry (the help mark, the fields, the tabs).
  for (const key of ['ArrowRight', ...Array(12).fill('ArrowDown')]) {
    if (onHeader(s)) break;
    await page.keyboard.press(key);
    s = await nextFrames(page, 4);
  }
  assert.ok(onHeader(s), `the ring ${s.keyboard.ring} reached the header ${s.shuffle.codeHeaderRect}`);
  await page.keyboard.press('Enter');
  s = await waitForState(page, (x) => x.shuffle.codeEditor === 'opened', 'Enter opens the editor');
  await page.keyboard.press('Space');
  s = await waitForState(page, (x) => x.shuffle.codeEditor === 'folded', 'Space folds it again');
  await page.keyboard.press('Space');
  s = await waitForState(page, (x) => x.shuffle.codeEditor === 'opened', 'and opens it');
  assert.equal(await page.evaluate(() => location.hash), link, 'the link stays');
  assert.deepEqual(s.shuffle.code.exact.counts, naiveCounts(4));
  assert.deepEqual(problems, []);
  await context.close();
});

test('at 1280x800 the editor and the result both fit: the editor stays open above the result', async () => {
  const { page, context, problems } = await openApp(env, LINK);
  const s = await waitForState(page, resultDrawn, 'the trace and exact matrix drawn');
  await nextFrames(page, 3);
  const after = await state(page);
  assert.equal(after.shuffle.codeEditor, 'shown');
  assertOnFirstScreen(after, 'laptop');
  assert.deepEqual(s.shuffle.code.exact.counts, naiveCounts(4));
  assert.deepEqual(problems, []);
  await context.close();
});
