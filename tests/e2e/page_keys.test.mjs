// Which keys are the page's (web/page_keys.js, one listener for the whole
// page): a key typed in the Share dialog's note, in any <input> or <textarea>
// of the page, or on one of the page's buttons never reaches the app (no
// lesson step turns, the dialog's "s" opens nothing); the text arrives in the
// field. With the canvas focused, Page Down turns the lesson's page again,
// and on a lesson bar button too (as the bar promises).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openApp, state, nextFrames, waitForState } from './browser.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

const LESSON = '#v=1&tour=loaded-dice&step=1';
const step = async (page) => (await state(page)).tour.step;

// Keys that would turn the page, move the lab's cursor or open the Share dialog (S), typed where `selector` has
// the focus: "n" PageDown ArrowDown ArrowRight ArrowLeft ArrowRight "os" leave "nos" in a field of one line.
async function typeInto(page, selector) {
  await page.focus(selector);
  await page.keyboard.type('n');
  for (const key of ['PageDown', 'ArrowDown', 'ArrowRight', 'ArrowLeft', 'ArrowRight']) await page.keyboard.press(key);
  await page.keyboard.type('os');
  return nextFrames(page, 4);  // the app has seen whatever reached it
}

test("keys typed in the Share dialog's note stay there; after Escape, Page Down turns the lesson's page", async () => {
  const { page, context, problems } = await openApp(env, LESSON);
  await waitForState(page, (x) => x.tour && x.tour.step === 1, 'step 1');
  await page.keyboard.press('s');  // the app's key for Share (the canvas has the focus)
  await page.waitForFunction(() => document.getElementById('share-dialog').open, null, { timeout: 10000 });
  const s = await typeInto(page, '#share-note');
  assert.equal(await page.inputValue('#share-note'), 'nos', 'the text arrives in the field');
  assert.equal(s.tour.step, 1, 'Page Down in the note turned no page');
  assert.equal(s.note, 'nos', 'the note is the field\u2019s text');
  assert.equal(await page.evaluate(() => document.getElementById('share-dialog').open), true);

  await page.keyboard.press('Escape');
  await page.waitForFunction(() => !document.getElementById('share-dialog').open, null, { timeout: 10000 });
  assert.equal(await page.evaluate(() => document.activeElement.id), 'canvas', 'the focus is back on the canvas');
  await page.keyboard.press('PageDown');
  await waitForState(page, (x) => x.tour.step === 2, 'Page Down on the canvas: step 2');
  assert.deepEqual(problems, []);
  await context.close();
});

test("any field of the page keeps its keys; the page's buttons pass Page Up and Page Down on", async () => {
  const { page, context, problems } = await openApp(env, LESSON);
  await waitForState(page, (x) => x.tour && x.tour.step === 1, 'step 1');
  // Fields a course page or a later dialog may add: an <input> and a <textarea> outside any dialog.
  await page.evaluate(() => {
    const input = document.createElement('input');
    input.id = 'test-input';
    const area = document.createElement('textarea');
    area.id = 'test-area';
    area.rows = 1;
    document.body.append(input, area);
  });
  for (const field of ['#test-input', '#test-area']) {
    const s = await typeInto(page, field);
    assert.equal(await page.inputValue(field), 'nos', `${field}: the text arrives`);
    assert.equal(s.tour.step, 1, `${field}: no page turned`);
    assert.equal(await page.evaluate(() => document.getElementById('share-dialog').open), false, `${field}: "s" not seen`);
  }
  // The lesson bar's Next button: Space presses it once (not the lab's Space too); Page Down turns the page.
  await page.focus('.lesson-next');
  await page.keyboard.press('Space');
  await waitForState(page, (x) => x.tour.step === 2, 'Space on Next: step 2');
  await page.keyboard.press('PageDown');
  await waitForState(page, (x) => x.tour.step === 3, 'Page Down on a lesson bar button: step 3');
  assert.equal(await step(page), 3);
  // The Text view button: Page Up goes on to the app.
  await page.focus('#text-view-toggle');
  await page.keyboard.press('PageUp');
  await waitForState(page, (x) => x.tour.step === 2, 'Page Up on the Text view button: step 2');
  assert.deepEqual(problems, []);
  await context.close();
});
