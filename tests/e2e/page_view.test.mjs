// One channel from the app to the page's DOM text (web/page_view.js): the
// sender's note, the lesson bar and present mode all follow the page view the
// app publishes for the state on screen. The note belongs to a link: opening
// a lesson step or a link without a note (a finding's) removes it from the
// strip above the canvas, and Back to the link that carried it brings it back,
// as written.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openApp, state, command, setHash, waitForState } from './browser.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

// Written out here, not taken from the app: an ampersand, a percent sign, an
// accent, a typographic apostrophe and Greek (RFC 3986 encoding by node's encodeURIComponent).
const NOTE = 'Q&A: 100% sure it\u2019s d\u00e9j\u00e0 vu, \u03b1\u03b2\u03b3';
const DICE = '#v=1&lab=dice&sides=8&note=' + encodeURIComponent(NOTE);

// What the strip shows: hidden, or the note's text (and nothing but text).
const strip = (page) => page.evaluate(() => {
  const bar = document.getElementById('note-bar'), text = document.getElementById('note-text');
  return { hidden: bar.hidden, text: text.textContent, kids: text.children.length };
});
const waitForStrip = (page, shown) => page.waitForFunction((n) => {
  const bar = document.getElementById('note-bar'), text = document.getElementById('note-text');
  return n === '' ? bar.hidden : !bar.hidden && text.textContent === n;
}, shown, { timeout: 10000 });

async function back(page, until, what) {
  await page.goBack({ waitUntil: 'commit' });
  return waitForState(page, until, `Back: ${what}`, { timeout: 10000 });
}

test('the note follows the state on screen: gone on a lesson step and a link without one, back with Back', async () => {
  const { page, context, problems } = await openApp(env, DICE);
  await waitForStrip(page, NOTE);
  assert.deepEqual(await strip(page), { hidden: false, text: NOTE, kids: 0 });

  // A lesson step (a new history entry) has no note: the strip goes.
  assert.ok(await command(page, 'tour=loaded-dice'));
  let s = await waitForState(page, (x) => x.tour && x.tour.step === 1, 'the lesson opens on step 1');
  assert.equal(s.note, '');
  await waitForStrip(page, '');
  // Next, through the lesson bar's own button: still no note.
  await page.click('.lesson-next');
  s = await waitForState(page, (x) => x.tour && x.tour.step === 2, 'Next: step 2');
  assert.equal((await strip(page)).hidden, true, 'no note on step 2');

  // Back twice: step 1, then the dice link with its note, exactly as written.
  await back(page, (x) => x.tour && x.tour.step === 1, 'step 1');
  s = await back(page, (x) => x.lab === 'dice' && !x.tour, 'the dice link');
  assert.equal(s.note, NOTE);
  await waitForStrip(page, NOTE);

  // Another lab keeps the note; a finding's link, opened in the app, has none: the strip goes; Back: it is back.
  assert.ok(await command(page, 'lab=findings'));
  await waitForState(page, (x) => x.lab === 'findings' && x.note === NOTE && !x.findingsLoading, 'the findings, with the note');
  assert.ok(await command(page, 'open=1'));
  s = await waitForState(page, (x) => x.lab !== 'findings', 'the first finding opens its link');
  assert.equal(s.note, '');
  await waitForStrip(page, '');
  s = await back(page, (x) => x.lab === 'findings', 'the findings again');
  assert.equal(s.note, NOTE);
  await waitForStrip(page, NOTE);

  // The lesson step's link with a note of its own shows that note; Next leaves the linked step and its note.
  await setHash(page, '#v=1&tour=loaded-dice&step=1&note=' + encodeURIComponent('step one, from me'));
  await waitForStrip(page, 'step one, from me');
  assert.ok(await command(page, 'tour_next'));
  await waitForState(page, (x) => x.tour && x.tour.step === 2 && x.note === '', 'step 2 without the note');
  await waitForStrip(page, '');
  assert.deepEqual(problems, []);
  await context.close();
});

test('the note, the lesson bar and present mode come from one page view', async () => {
  const { page, context, problems } = await openApp(env, '#v=1&tour=loaded-dice&step=1&present=1&note=hi');
  await waitForStrip(page, 'hi');
  await page.waitForFunction(() => !document.getElementById('lesson-bar').hidden &&
    document.body.classList.contains('lesson-present'), null, { timeout: 10000 });
  // The page view the app published last carries all three (what web/page_view.js handed its readers).
  const published = await page.evaluate(() => new Promise((resolve) => window.shufflelabPageView.follow(resolve)));
  assert.equal(published.note, 'hi');
  assert.equal(published.present, true);
  assert.equal(published.lesson.step, 1);
  // Present mode off by the lesson bar's button: the bar and the strip change together with the state.
  await page.click('#lesson-bar button.lesson-present');  // (body.lesson-present is present mode)
  await waitForState(page, (x) => x.present === false, 'present mode off');
  await page.waitForFunction(() => !document.body.classList.contains('lesson-present'), null, { timeout: 10000 });
  assert.equal((await strip(page)).text, 'hi');
  assert.deepEqual(problems, []);
  await context.close();
});
