// Keyboard only: Tab switches on ImGui's keyboard navigation with a focus ring
// (src/ui/kit/keyboard) on the first navigation entry, arrows move it from
// entry to entry and into the lab, Space presses, Tab goes to the next field,
// Enter commits it, Escape closes a popup; the ring is drawn around every
// control, help marks included; a click
// gives the arrows back to the labs' shortcuts. Screenshots of the ring in
// both themes go to build/shots/keyboard-ring-*.png.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { launch, openApp, state, command, nextFrames, waitForState, SHOTS } from './browser.mjs';
import { decodePng } from '../../tools/png.mjs';

let env;
before(async () => { env = await launch(); mkdirSync(SHOTS, { recursive: true }); });
after(async () => { await env?.close(); });

// A key is seen by the app in its next frame and ImGui's navigation settles a
// frame or two later: press returns the state once the app has built four
// frames after the key (its own frame counter, not the page's animation
// frames), or once `until(state)` holds when the key must change something.
async function press(page, key, until, what = key) {
  await page.keyboard.press(key);
  const s = await nextFrames(page, 4);
  return until ? waitForState(page, until, `after ${what}`, { timeout: 10000 }) : s;
}
const inside = (ring, rect) => ring && ring[0] >= rect[0] - 6 && ring[1] >= rect[1] - 6 && ring[2] <= rect[2] + 6 && ring[3] <= rect[3] + 6;

// Whether the focus ring's colour (amber in the dark theme, dark orange in the
// light one) surrounds `ring` (backing pixels at scale 1): on each of its four
// sides, pixels of that colour within a few pixels outside the item.
const RING = { dark: [255, 204, 51], light: [191, 56, 0] };
async function ringDrawn(page, ring, theme) {
  const pad = 8;
  const clip = { x: Math.max(0, ring[0] - pad), y: Math.max(0, ring[1] - pad),
    width: ring[2] - ring[0] + 2 * pad, height: ring[3] - ring[1] + 2 * pad };
  const png = decodePng(await page.screenshot({ clip }));
  const near = (x, y) => {
    const i = (y * png.width + x) * png.channels;
    return RING[theme].every((c, k) => Math.abs(png.pixels[i + k] - c) <= 25);
  };
  const sides = { left: false, right: false, top: false, bottom: false };
  for (let y = 0; y < png.height; ++y) for (let x = 0; x < png.width; ++x) {
    if (!near(x, y)) continue;
    const sx = clip.x + x, sy = clip.y + y;
    if (sx < ring[0] && sy > ring[1] && sy < ring[3]) sides.left = true;
    if (sx >= ring[2] && sy > ring[1] && sy < ring[3]) sides.right = true;
    if (sy < ring[1] && sx > ring[0] && sx < ring[2]) sides.top = true;
    if (sy >= ring[3] && sx > ring[0] && sx < ring[2]) sides.bottom = true;
  }
  return sides.left && sides.right && sides.top && sides.bottom;
}

async function ringShot(page, ring, name) {
  const pad = 24;
  await page.screenshot({ path: join(SHOTS, name), clip: { x: Math.max(0, ring[0] - pad), y: Math.max(0, ring[1] - pad),
    width: ring[2] - ring[0] + 2 * pad, height: ring[3] - ring[1] + 2 * pad } });
}

test('keyboard only: reach the dice lab through the navigation, change a field, open and close a help popup', async () => {
  const { page, context, problems } = await openApp(env, '#v=1&lab=findings');
  await command(page, 'theme=dark');
  let s = await state(page);
  assert.equal(s.keyboard.navigation, false, 'arrows belong to the labs until Tab');

  // Tab: navigation on, the ring on the first entry of the navigation (not on the column as a whole).
  s = await press(page, 'Tab', (x) => x.keyboard.navigation && x.keyboard.ring, 'Tab: navigation on with a ring');
  assert.equal(s.keyboard.navigation, true);
  assert.ok(inside(s.keyboard.ring, s.nav.findings), `ring ${s.keyboard.ring} on Findings ${s.nav.findings}`);
  assert.ok(await ringDrawn(page, s.keyboard.ring, 'dark'), 'the ring is drawn around Findings');

  // Down moves the ring entry by entry (no Space first) to "Dice"; Space opens it.
  s = await press(page, 'ArrowDown', (x) => inside(x.keyboard.ring, x.nav.lfsr), 'ArrowDown: the next entry');
  await ringShot(page, s.keyboard.ring, 'keyboard-ring-dark.png');
  await command(page, 'theme=light');
  await nextFrames(page, 2);  // drawn in the light theme
  await ringShot(page, s.keyboard.ring, 'keyboard-ring-light.png');
  await command(page, 'theme=dark');
  for (let i = 0; i < 6 && !inside(s.keyboard.ring, s.nav.dice); ++i) s = await press(page, 'ArrowDown');
  assert.ok(inside(s.keyboard.ring, s.nav.dice), `ring ${s.keyboard.ring} on Dice ${s.nav.dice}`);
  s = await press(page, 'Space', (x) => x.lab === 'dice', 'Space on Dice');
  assert.equal(s.lab, 'dice');

  // Right goes straight into the lab; Tab edits its first field (Sides).
  s = await press(page, 'ArrowRight', (x) => x.keyboard.ring && x.keyboard.ring[0] > x.nav.dice[2], 'ArrowRight into the lab');
  s = await press(page, 'Tab');
  await page.keyboard.type('12');
  s = await press(page, 'Enter');
  await page.waitForFunction(() => window.shufflelab.state().dice.sides === 12, null, { timeout: 30000 });
  await page.waitForFunction(() => location.hash.includes('sides=12'), null, { timeout: 30000 });

  // Right moves the ring along the row to the next help mark "(?)"; Space opens its text, Escape closes it.
  for (let i = 0; i < 8 && !s.keyboard.helpFocused; ++i) s = await press(page, 'ArrowRight');
  assert.notEqual(s.keyboard.helpFocused, '', 'the ring reached a help mark');
  assert.equal(s.touch.help, '', 'no help shown before it is opened');
  assert.ok(await ringDrawn(page, s.keyboard.ring, 'dark'), 'the ring is drawn around the help mark');
  await command(page, 'theme=light');
  await nextFrames(page, 2);
  assert.ok(await ringDrawn(page, s.keyboard.ring, 'light'), 'and in the light theme');
  await command(page, 'theme=dark');
  const text = s.keyboard.helpFocused;
  s = await press(page, 'Space', (x) => x.touch.help !== '', 'Space on a help mark');
  assert.equal(s.touch.help, text);
  await page.screenshot({ path: join(SHOTS, 'keyboard-help-open.png') });
  s = await press(page, 'Escape', (x) => x.touch.help === '', 'Escape closes the help');
  assert.equal(s.touch.help, '');
  assert.equal(s.keyboard.helpFocused, text, 'the ring is back on the mark');
  assert.equal(s.lab, 'dice');
  assert.equal(s.dice.sides, 12);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a click gives the arrows back to the lab: Right steps the LFSR again', async () => {
  const { page, context, problems } = await openApp(env, '#v=1&lab=lfsr&seed=DEADBEEF&mask=CF&t=5');
  let s = await press(page, 'Tab', (x) => x.keyboard.navigation, 'Tab: navigation on');
  assert.equal(s.keyboard.navigation, true);
  s = await press(page, 'ArrowRight');
  assert.equal(s.lfsr.t, 5, 'while the ring is shown, arrows move it and do not step');
  await page.mouse.click(700, 780);
  await waitForState(page, (x) => !x.keyboard.navigation, 'the click turns navigation off', { timeout: 10000 });
  s = await press(page, 'ArrowRight', (x) => x.lfsr.t !== 5, 'ArrowRight steps the LFSR');
  assert.equal(s.keyboard.navigation, false);
  assert.equal(s.lfsr.t, 6);
  assert.deepEqual(problems, []);
  await context.close();
});

// Three taps of Right dispatched at once, so all six events come between two
// frames: each tap is one step (ImGui 1.86 samples keys once a frame; a press
// that no frame saw released after the previous one was lost before).
test('three quick taps of Right between two frames step the LFSR three times', async () => {
  const { page, context, problems } = await openApp(env, '#v=1&lab=lfsr&seed=DEADBEEF&mask=CF&t=5');
  await nextFrames(page, 2);
  await page.evaluate(() => {
    for (let tap = 0; tap < 3; ++tap) {
      for (const type of ['keydown', 'keyup']) {
        const event = new KeyboardEvent(type, { key: 'ArrowRight', code: 'ArrowRight', bubbles: true, cancelable: true });
        Object.defineProperty(event, 'keyCode', { get: () => 39 });  // what Emscripten's GLFW reads
        window.dispatchEvent(event);
      }
    }
  });
  await waitForState(page, (x) => x.lfsr.t === 8, 'three steps after three taps', { timeout: 10000 });
  const s = await nextFrames(page, 6);
  assert.equal(s.lfsr.t, 8, 'and no more');
  assert.deepEqual(problems, []);
  await context.close();
});

test('Right from the first navigation entry goes into the lab, Escape leaves it, Left returns to the navigation', async () => {
  const { page, context, problems } = await openApp(env, '#v=1&lab=dice');
  let s = await press(page, 'Tab', (x) => x.keyboard.ring, 'Tab: a ring');
  assert.ok(inside(s.keyboard.ring, s.nav.findings), `ring ${s.keyboard.ring} on Findings ${s.nav.findings}`);
  s = await press(page, 'ArrowRight', (x) => x.keyboard.ring && x.keyboard.ring[0] > x.nav.findings[2], 'ArrowRight into the lab');
  assert.ok(s.keyboard.ring[2] - s.keyboard.ring[0] < 400, `ring ${s.keyboard.ring} on one control, not the whole lab`);
  s = await press(page, 'Escape', (x) => x.keyboard.ring && x.keyboard.ring[2] - x.keyboard.ring[0] > 800, 'Escape: the ring on the lab region');
  s = await press(page, 'ArrowLeft', (x) => x.keyboard.ring && x.keyboard.ring[2] <= x.nav.findings[2] + 6, 'ArrowLeft: back in the navigation');
  assert.equal(s.lab, 'dice');
  assert.deepEqual(problems, []);
  await context.close();
});
