// Phones: a 390x844 CSS px screen at devicePixelRatio 3 with touch (isMobile).
// A finger drag scrolls the lab, taps still click, a slider still drags, a
// help marker opens on a tap and closes on the next, and tapping a text field
// focuses a real <input> (so the on-screen keyboard opens) whose typing reaches
// the field. Screenshots go to build/shots/touch-*.png.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { launch, openApp, state, nextFrames, SHOTS } from './browser.mjs';

let env;
before(async () => { env = await launch(); mkdirSync(SHOTS, { recursive: true }); });
after(async () => { await env?.close(); });

const PHONE = { width: 390, height: 844, scale: 3, isMobile: true };
const DPR = 3;
const waitFor = (page, fn, arg, timeout = 10000) => page.waitForFunction(fn, arg, { timeout });
// Frames the app has built (its own counter in the hook's state) since the call:
// touch events queued before it have then been applied (main.cpp, apply_touch).
const frames = (page, n = 3) => nextFrames(page, n);
const labScroll = (s) => (s.touch.scroll.find((w) => w.name.startsWith('shufflelab/lab_')) || { y: 0, maxY: 0 });

// A one-finger drag in CSS px through the DevTools protocol (playwright's
// touchscreen only taps), one touchMove per app frame; it returns once the app
// has built three frames after the finger lifted (the release applied).
async function drag(page, from, to, steps = 12) {
  const cdp = await page.context().newCDPSession(page);
  const point = (x, y) => [{ x, y, id: 1, radiusX: 4, radiusY: 4, force: 1 }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point(...from) });
  await frames(page, 2);
  for (let i = 1; i <= steps; ++i) {
    const x = from[0] + ((to[0] - from[0]) * i) / steps, y = from[1] + ((to[1] - from[1]) * i) / steps;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: point(x, y) });
    await frames(page, 1);
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await frames(page, 3);
  await cdp.detach();
}

test('a phone gets coarse-pointer tap targets and a vertical finger drag scrolls the lab', async () => {
  const { page, context, problems } = await openApp(env, '#v=1&lab=dice', PHONE);
  let s = await state(page);
  assert.equal(s.touch.coarse, true);  // (pointer: coarse): bigger frames and spacing
  const before = labScroll(s);
  assert.ok(before.maxY > 400, `the dice lab is taller than the screen (maxY ${before.maxY})`);
  await page.screenshot({ path: join(SHOTS, 'touch-dice-top.png') });

  await drag(page, [200, 700], [200, 300]);
  s = await state(page);
  const after = labScroll(s);
  // The content follows the finger: 400 CSS px up = 1200 backing px of scroll.
  assert.ok(Math.abs(after.y - before.y - 400 * DPR) < 60, `scrollY ${before.y} -> ${after.y}`);
  assert.equal(s.lab, 'dice');
  await page.screenshot({ path: join(SHOTS, 'touch-dice-scrolled.png') });

  // And back down: the scroll stops at the top.
  await drag(page, [200, 200], [200, 800]);
  assert.equal(labScroll(await state(page)).y, 0);
  assert.deepEqual(problems, []);
  await context.close();
});

test('taps click buttons and a finger still drags the shuffle timeline', async () => {
  const { page, context, problems } = await openApp(env, '#v=1&lab=shuffle&algo=naive&n=52&seed=7&t=1', PHONE);
  let s = await state(page);
  const [x0, y0, x1, y1] = s.shuffle.timelineRect;
  assert.ok(y1 / DPR < 844, 'the timeline is on the first screen');
  const y = (y0 + y1) / 2 / DPR;
  await drag(page, [(x0 + (x1 - x0) * 0.05) / DPR, y], [(x0 + (x1 - x0) * 0.6) / DPR, y]);
  await waitFor(page, () => window.shufflelab.state().shuffle.t > 20);
  s = await state(page);
  assert.ok(Math.abs(s.shuffle.t - 0.6 * 51) <= 3, `t = ${s.shuffle.t}`);
  assert.equal(labScroll(s).y, 0, 'a drag along the slider does not scroll');
  await page.screenshot({ path: join(SHOTS, 'touch-shuffle-scrubbed.png') });

  assert.deepEqual(problems, []);
  await context.close();
});

test('a tap clicks a button', async () => {
  const { page, context, problems } = await openApp(env, '#v=1&lab=poker&seed=DEADBEEF', PHONE);
  assert.equal((await state(page)).poker.t, 0);
  await page.touchscreen.tap(...CALL_BUTTON);
  await waitFor(page, () => window.shufflelab.state().poker.t === 1);
  await page.touchscreen.tap(...CALL_BUTTON);
  await waitFor(page, () => window.shufflelab.state().poker.t === 2);
  await waitFor(page, () => location.hash.includes('t=2'));
  assert.deepEqual(problems, []);
  await context.close();
});

// The poker lab's controls open with "Seed [DEADBEEF] (?)": where the field is
// comes from the app once it is being edited (textProxy.rect, backing px).
const SEED_FIELD = [100, 208];  // CSS px, inside the seed field at 390x844, under the wrapped title (see build/shots/touch-poker.png)
const CALL_BUTTON = [40, 253];  // "Call >", first on the row below
const SIDES_FIELD = [64, 274];  // the dice lab's "Sides" number (an InputScalar), see build/shots/touch-dice-fields.png

test('a tap on a help marker shows its text until the next tap', async () => {
  const { page, context, problems } = await openApp(env, '#v=1&lab=poker&seed=DEADBEEF', PHONE);
  await page.screenshot({ path: join(SHOTS, 'touch-poker.png') });
  // Find the field first, then leave it: the marker sits just right of it.
  await page.touchscreen.tap(...SEED_FIELD);
  await waitFor(page, () => window.shufflelab.state().touch.textProxy.active);
  const [, fy0, fx1, fy1] = (await state(page)).touch.textProxy.rect;
  await page.touchscreen.tap(380, 120);  // plain text: leaves the field
  await waitFor(page, () => !window.shufflelab.state().touch.textProxy.active);
  assert.equal((await state(page)).touch.help, '');

  const marker = [fx1 / DPR + 24, (fy0 + fy1) / 2 / DPR];
  await page.touchscreen.tap(...marker);
  await waitFor(page, () => window.shufflelab.state().touch.help !== '');
  let s = await state(page);
  assert.match(s.touch.help, /LCRNG state before the deal/);
  await frames(page, 3);
  assert.match((await state(page)).touch.help, /LCRNG/, 'it stays open after the finger lifts');
  await page.screenshot({ path: join(SHOTS, 'touch-help-open.png') });
  await page.touchscreen.tap(200, 800);
  await waitFor(page, () => window.shufflelab.state().touch.help === '');
  s = await state(page);
  assert.equal(s.poker.seed, 'DEADBEEF', 'the taps changed nothing');
  assert.deepEqual(problems, []);
  await context.close();
});

test('tapping the seed field focuses a real <input>; typing there changes the seed and the link', async () => {
  const { page, context, problems } = await openApp(env, '#v=1&lab=poker&seed=DEADBEEF', PHONE);
  assert.equal(await page.evaluate(() => document.activeElement.tagName), 'CANVAS');
  await page.touchscreen.tap(...SEED_FIELD);
  await waitFor(page, () => document.activeElement && document.activeElement.id === 'text-proxy');
  const input = await page.evaluate(() => {
    const e = document.activeElement, r = e.getBoundingClientRect();
    return { tag: e.tagName, inputMode: e.inputMode, cap: e.getAttribute('autocapitalize'), rect: [r.left, r.top, r.right, r.bottom] };
  });
  assert.equal(input.tag, 'INPUT');
  assert.equal(input.inputMode, 'text');  // hex: letters A-F too
  assert.equal(input.cap, 'characters');
  // The <input> lies over the field (within a pixel), so the page scrolls it into view with the keyboard.
  assert.ok(input.rect[0] <= SEED_FIELD[0] && input.rect[2] >= SEED_FIELD[0] && input.rect[1] <= SEED_FIELD[1] &&
            input.rect[3] >= SEED_FIELD[1], `input at ${input.rect}`);
  let s = await state(page);
  assert.equal(s.touch.textProxy.mode, 'hex');
  const [, ry0, , ry1] = s.touch.textProxy.rect;
  // Frames are 36 CSS px and react 4 px beyond their edges (style.TouchExtraPadding): 44 px targets.
  assert.ok((ry1 - ry0) / DPR >= 35.5, `a text field is ${(ry1 - ry0) / DPR} CSS px high`);

  // Erase the old seed with End and Backspace, type a new one (lower case: the
  // field takes capitals), then Enter leaves the field and the keyboard goes.
  await page.keyboard.press('End');
  for (let i = 0; i < 8; ++i) await page.keyboard.press('Backspace');
  await page.keyboard.type('1234abcd');
  await page.keyboard.press('Enter');
  await waitFor(page, () => window.shufflelab.state().poker.seed === '1234ABCD');
  s = await state(page);
  assert.match(s.hash, /seed=1234ABCD/);
  await waitFor(page, () => location.hash.includes('seed=1234ABCD'));
  await waitFor(page, () => document.activeElement.tagName !== 'INPUT');
  assert.equal(await page.evaluate(() => document.getElementById('text-proxy').value), '');
  await page.screenshot({ path: join(SHOTS, 'touch-seed-typed.png') });

  // IME-style text (insertText, as a phone keyboard's composition commits it) goes in too.
  await page.touchscreen.tap(...SEED_FIELD);
  await waitFor(page, () => document.activeElement.id === 'text-proxy');
  await page.keyboard.press('End');
  for (let i = 0; i < 8; ++i) await page.keyboard.press('Backspace');
  await page.keyboard.insertText('C0FFEE');
  await page.keyboard.press('Enter');
  await waitFor(page, () => window.shufflelab.state().poker.seed === '00C0FFEE' || window.shufflelab.state().poker.seed === 'C0FFEE');
  assert.deepEqual(problems, []);
  await context.close();
});

test('a numeric field gets a numeric keyboard', async () => {
  const { page, context, problems } = await openApp(env, '#v=1&lab=dice', PHONE);
  await page.screenshot({ path: join(SHOTS, 'touch-dice-fields.png') });
  await page.touchscreen.tap(...SIDES_FIELD);
  await waitFor(page, () => document.activeElement.id === 'text-proxy');
  assert.equal(await page.evaluate(() => document.activeElement.inputMode), 'numeric');
  assert.equal((await state(page)).touch.textProxy.mode, 'numeric');
  await page.keyboard.press('End');
  for (let i = 0; i < 4; ++i) await page.keyboard.press('Backspace');
  await page.keyboard.type('6');
  await page.keyboard.press('Enter');
  await waitFor(page, () => location.hash.includes('sides=6&'));
  await waitFor(page, () => document.activeElement.tagName !== 'INPUT');
  assert.deepEqual(problems, []);
  await context.close();
});

test('each field declares its keyboard: Tab from the numeric Sides field reaches the seed field, which takes text', async () => {
  // The seed "0123456789ABCDEF"-style text looks like hex, but the dice seed
  // field also takes decimal and 0x forms: it declares text, not hex.
  const { page, context, problems } = await openApp(env, '#v=1&lab=dice&gen=splitmix64&seed=12345', PHONE);
  await page.touchscreen.tap(...SIDES_FIELD);
  await waitFor(page, () => document.activeElement.id === 'text-proxy');
  assert.equal((await state(page)).touch.textProxy.mode, 'numeric');
  let mode = 'numeric';
  for (let i = 0; i < 8 && mode === 'numeric'; ++i) {
    await page.keyboard.press('Tab');
    await frames(page, 3);
    mode = (await state(page)).touch.textProxy.mode;
  }
  assert.equal(mode, 'text');
  assert.equal(await page.evaluate(() => document.activeElement.inputMode), 'text');
  await page.keyboard.press('End');
  for (let i = 0; i < 24; ++i) await page.keyboard.press('Backspace');
  await page.keyboard.type('4242');
  await page.keyboard.press('Enter');
  await waitFor(page, () => window.shufflelab.state().dice.seed === '4242');
  assert.deepEqual(problems, []);
  await context.close();
});
