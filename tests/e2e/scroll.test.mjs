// The wheel and trackpads: the region under the pointer scrolls the way the
// browser reports (deltaY > 0: content moves up, the scroll position grows)
// by the distance it reports, in its unit: pixels (CSS pixels, what Chromium
// sends for a mouse wheel and a trackpad), lines (Firefox's mouse wheel) and
// pages. Positions come from the hook (touch.scroll: backing pixels, with the
// visible rectangle of each scrollable region).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openApp, state, nextFrames, waitForState, labRegion, wheel } from './browser.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

const region = (s, part) => s.touch.scroll.find((w) => w.name.includes(part));

// Puts the mouse over the middle of what shows of `rect` (backing pixels) and lets the app see it there.
async function hover(page, rect, dpr) {
  const { width, height } = page.viewportSize();
  const x0 = Math.max(rect[0] / dpr, 0), x1 = Math.min(rect[2] / dpr, width);
  const y0 = Math.max(rect[1] / dpr, 0), y1 = Math.min(rect[3] / dpr, height);
  assert.ok(x1 > x0 && y1 > y0, `region ${rect} on screen`);
  await page.mouse.move((x0 + x1) / 2, (y0 + y1) / 2);
  await nextFrames(page, 2);
}

async function labScrolledTo(page, y, what) {
  const s = await waitForState(page, (x) => labRegion(x)?.y === y, what, { timeout: 10000 });
  return labRegion(s);
}

test('About at 1280x800: a notch down scrolls down by its 100 pixels, a notch up scrolls back; the ends hold', async () => {
  const { page, context, problems } = await openApp(env, '#v=1&lab=about');
  const s = await waitForState(page, (x) => labRegion(x)?.maxY > 1000, 'About scrolls');
  const lab = labRegion(s);
  assert.equal(lab.y, 0, 'opens at the top');
  await hover(page, lab.visible, 1);
  await page.mouse.wheel(0, -100);  // up at the top: nothing moves (it used to jump to the bottom)
  await nextFrames(page, 3);
  assert.equal(labRegion(await state(page)).y, 0);
  await page.mouse.wheel(0, 100);
  await labScrolledTo(page, 100, 'a notch down: 100 CSS px down');
  await page.mouse.wheel(0, 100);
  await labScrolledTo(page, 200, 'a second notch');
  await page.mouse.wheel(0, -100);
  await labScrolledTo(page, 100, 'a notch up: 100 CSS px back');
  await page.mouse.wheel(0, 1e6);
  await labScrolledTo(page, lab.maxY, 'far down: stops at the bottom');
  await page.mouse.wheel(0, -1e6);
  await labScrolledTo(page, 0, 'far up: stops at the top');
  assert.deepEqual(problems, []);
  await context.close();
});

test('line and page modes, and a trackpad\'s small pixel deltas, at device scale factor 2', async () => {
  const dpr = 2;
  const { page, context, problems } = await openApp(env, '#v=1&lab=about', { scale: dpr });
  let s = await waitForState(page, (x) => labRegion(x)?.maxY > 2000, 'About scrolls');
  const lab = labRegion(s);
  await hover(page, lab.visible, dpr);
  // A line is one line of the app's text: the 16 CSS px font and the space between lines.
  const line = s.touch.wheelLine;
  assert.ok(line / dpr >= 16 && line / dpr <= 32, `a line is ${line / dpr} CSS px`);
  await wheel(page, { deltaMode: 1, deltaY: 3 });  // Firefox's notch: three lines
  let y = Math.trunc(3 * line);
  await labScrolledTo(page, y, 'three lines down');
  await wheel(page, { deltaMode: 1, deltaY: -1 });
  y -= Math.trunc(line);
  await labScrolledTo(page, y, 'one line up');
  // A page is seven eighths of what the region shows (as a browser pages).
  const visible = lab.visible[3] - lab.visible[1];
  assert.ok(visible > 0.8 * 800 * dpr, `the lab region shows ${visible} px`);
  await wheel(page, { deltaMode: 2, deltaY: 1 });
  y += Math.trunc(0.875 * visible);
  await labScrolledTo(page, y, 'a page down');
  await wheel(page, { deltaMode: 2, deltaY: -1 });
  y -= Math.trunc(0.875 * visible);
  await labScrolledTo(page, y, 'a page up');
  // A trackpad: 12 events of a quarter CSS px (half a backing pixel) one at a time: 3 CSS px in all, none lost to rounding.
  for (let i = 0; i < 12; ++i) await wheel(page, { deltaMode: 0, deltaY: 0.25 });
  await labScrolledTo(page, y + 3 * dpr, 'a trackpad\'s small deltas add up');
  for (let i = 0; i < 12; ++i) await wheel(page, { deltaMode: 0, deltaY: -0.25 });
  await labScrolledTo(page, y, 'and back up');
  assert.deepEqual(problems, []);
  await context.close();
});

test('sideways: deltaX and Shift+wheel scroll the hovered table; the wheel over it still scrolls the page', async () => {
  const { page, context, problems } = await openApp(env, '#v=1&lab=about', { width: 390, height: 844 });
  const lab = labRegion(await waitForState(page, (x) => labRegion(x)?.maxY > 1000, 'About scrolls'));
  // Down to the dieharder table, near the end: wheel over the text at the top.
  await page.mouse.move(195, 120);
  await nextFrames(page, 2);
  await page.mouse.wheel(0, 1e6);
  await waitForState(page, (x) => region(x, '/dieharder_'), 'the dieharder table, scrolling sideways at 390 px');
  await page.mouse.wheel(0, 1e6);  // again: the table's rows are measured once it shows
  let s = await waitForState(page, (x) => labRegion(x).y === labRegion(x).maxY, 'the page at its end');
  const table = region(s, '/dieharder_');
  const end = labRegion(s).y;
  assert.ok(table.maxX > 30 && table.x === 0, `table ${JSON.stringify(table)}`);
  await hover(page, table.visible, 1);
  await wheel(page, { deltaMode: 0, deltaX: 30 });
  s = await waitForState(page, (x) => region(x, '/dieharder_').x === 30, 'deltaX 30: the table 30 px sideways');
  assert.equal(labRegion(s).y, end, 'the page did not move');
  await page.keyboard.down('Shift');
  await page.mouse.wheel(0, -20);  // Shift: a vertical wheel turns sideways (up is left)
  await page.keyboard.up('Shift');
  s = await waitForState(page, (x) => region(x, '/dieharder_').x === 10, 'Shift+wheel up 20: 20 px back left');
  assert.equal(labRegion(s).y, end, 'the page did not move');
  await page.mouse.wheel(0, -40);  // vertical over a table that only scrolls sideways: the page moves
  await labScrolledTo(page, end - 40, 'the page under the table scrolls up');
  assert.equal(region(await state(page), '/dieharder_').x, 10);
  assert.deepEqual(problems, []);
  await context.close();
});
