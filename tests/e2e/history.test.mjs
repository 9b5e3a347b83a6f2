// The browser's Back and Forward: a lab picked in the navigation, a finding
// opened and a lesson step each make a history entry (pushState); any other
// change rewrites the current entry (replaceState). Back and Forward open the
// entry's address as a link does, in the same page (no reload).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openApp, state, command, waitForState, nextFrames } from './browser.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

const historyLength = (page) => page.evaluate(() => history.length);

async function back(page, until, what) {
  await page.goBack({ waitUntil: 'commit' });
  return waitForState(page, until, `Back: ${what}`, { timeout: 10000 });
}
async function forward(page, until, what) {
  await page.goForward({ waitUntil: 'commit' });
  return waitForState(page, until, `Forward: ${what}`, { timeout: 10000 });
}

test('labs and findings: Back and Forward move between them; a change inside a lab makes no entry', async () => {
  const { page, context, problems } = await openApp(env, '#v=1&lab=findings');
  await page.evaluate(() => { window.stillThisPage = true; });
  let s = await nextFrames(page, 2);
  const start = await historyLength(page);

  // A click on "Dice" in the navigation column.
  const r = s.nav.dice;
  await page.mouse.click((r[0] + r[2]) / 2, (r[1] + r[3]) / 2);
  s = await waitForState(page, (x) => x.lab === 'dice', 'the click opens Dice');
  await page.waitForFunction(() => location.hash.includes('lab=dice'));
  assert.equal(await historyLength(page), start + 1, 'a new entry for Dice');
  assert.ok(await command(page, 'sides=12'));
  await page.waitForFunction(() => location.hash.includes('sides=12'));
  assert.equal(await historyLength(page), start + 1, 'a field changed in place');

  assert.ok(await command(page, 'lab=findings'));
  await page.waitForFunction(() => location.hash.includes('lab=findings'));
  assert.ok(await command(page, 'open=1'));  // the first finding, as its Open button
  s = await waitForState(page, (x) => x.lab !== 'findings', 'the finding opens its lab');
  const finding = s.hash;
  await page.waitForFunction((h) => location.hash === h, finding);
  assert.equal(await historyLength(page), start + 3);

  s = await back(page, (x) => x.lab === 'findings', 'from the finding to the findings');
  s = await back(page, (x) => x.lab === 'dice', 'to Dice');
  assert.equal(s.dice.sides, 12, 'Dice as it was left');
  s = await back(page, (x) => x.lab === 'findings', 'to the first page');
  s = await forward(page, (x) => x.lab === 'dice', 'Dice again');
  s = await forward(page, (x) => x.lab === 'findings', 'the findings again');
  s = await forward(page, (x) => x.hash === finding, 'the finding again');
  assert.equal(await page.evaluate(() => window.stillThisPage), true, 'the same page throughout, never reloaded');
  assert.deepEqual(s.notices, []);
  assert.deepEqual(problems, []);
  await context.close();
});

test('lesson steps: Next makes an entry per step; Back and Forward walk them, each step as its link opens it', async () => {
  const { page, context, problems } = await openApp(env, '#v=1&lab=dice');
  await nextFrames(page, 2);
  const start = await historyLength(page);
  assert.ok(await command(page, 'tour=loaded-dice'));
  await page.waitForFunction(() => location.hash.endsWith('&tour=loaded-dice&step=1'));
  assert.ok(await command(page, 'tour_next'));
  await page.waitForFunction(() => location.hash.endsWith('&step=2'));
  assert.ok(await command(page, 'tour_next'));
  await page.waitForFunction(() => location.hash.endsWith('&step=3'));
  assert.equal(await historyLength(page), start + 3);
  const step3 = (await state(page)).hash;

  let s = await back(page, (x) => x.hash.endsWith('&tour=loaded-dice&step=2'), 'step 2');
  assert.equal(s.tour.step, 2);
  s = await back(page, (x) => x.hash.endsWith('&tour=loaded-dice&step=1'), 'step 1');
  s = await back(page, (x) => !x.tour, 'the lab before the lesson');
  assert.equal(s.lab, 'dice');
  s = await forward(page, (x) => x.tour && x.tour.step === 1, 'step 1 again');
  s = await forward(page, (x) => x.tour && x.tour.step === 2, 'step 2 again');
  s = await forward(page, (x) => x.hash === step3, 'step 3 again');
  assert.equal(await historyLength(page), start + 3, 'walking made no entries');
  assert.deepEqual(problems, []);
  await context.close();
});
