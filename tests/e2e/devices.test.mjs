// Every lab on every device (issue 15): a phone upright at device scale 3
// with touch (and the same phone at 1 and 2), a tablet at 2, a laptop and a
// projector at 1. The lab region takes >= 85% of the phone's width, and the
// smallest text and cell each lab drew (measured by the app from the frame's
// glyph quads and the cells its panels noted, in CSS px; see
// src/ui/kit/legibility.hpp) stay at or above the minimums: text
// 12 CSS px, cells 14 CSS px; and no text runs past the edge of a window or
// a table column that does not scroll sideways (cut off, as a reader sees it). One page for all of it: the viewport, scale and
// touch change through the DevTools protocol between rounds.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openApp, state, command, nextFrames, waitForState } from './browser.mjs';

const MIN_TEXT_CSS = 12;  // the minimums
const MIN_CELL_CSS = 14;
const DEVICES = [
  { name: 'phone@3 touch', width: 390, height: 844, scale: 3, touch: true },
  { name: 'phone@2', width: 390, height: 844, scale: 2, touch: false },
  { name: 'phone@1', width: 390, height: 844, scale: 1, touch: false },
  { name: 'tablet@2', width: 820, height: 1180, scale: 2, touch: true },
  { name: 'laptop@1', width: 1280, height: 800, scale: 1, touch: false },
  { name: 'projector@1', width: 1920, height: 1080, scale: 1, touch: false },
];
// Each lab's main views, including the ones below its first screen that a
// link opens directly (tabs, the lanes, a bias matrix, a shuffled tarot deck).
const VIEWS = [
  '#v=1&lab=findings',
  '#v=1&lab=lfsr',
  '#v=1&lab=lfsr&gen=z80&seed=0102030405060708&t=40',
  '#v=1&lab=lfsr&tab=period',
  '#v=1&lab=dice',
  '#v=1&lab=dice&sides=100',
  '#v=1&lab=dice&lanes=1',
  '#v=1&lab=shuffle',
  '#v=1&lab=shuffle&n=78&gen=tarot32&method=fdr-tarot&bits=8&t=20',
  '#v=1&lab=shuffle&n=300&t=5',
  '#v=1&lab=shuffle&algo=pdep&n=52&t=3',
  '#v=1&lab=poker',
  '#v=1&lab=asm',
  '#v=1&lab=asm&algo=6502-shuffle',
  '#v=1&lab=choose&cpu=z80&use=d20',
  '#v=1&lab=choose&cpu=6502&use=deck52',
  '#v=1&lab=check',
  '#v=1&lab=check&what=bytes&bytes=20000',
  '#v=1&lab=shuffle&algo=riffle&n=52&rounds=7&tab=human',
  '#v=1&lab=shuffle&algo=cmp-v8&n=8',
  '#v=1&lab=about',
];
// Views a job draws (a bias matrix, a sweep's histogram): on the phones,
// where they are tightest.
const JOB_VIEWS = ['#v=1&lab=shuffle&algo=naive&n=6&tab=bias&run=exact', '#v=1&lab=poker&run=sample'];

let env;
let page;
let cdp;
before(async () => {
  env = await launch();
  ({ page } = await openApp(env, '#v=1&lab=findings'));
  cdp = await page.context().newCDPSession(page);
});
after(async () => { await env?.close(); });

async function emulate(d) {
  await cdp.send('Emulation.setDeviceMetricsOverride', {
    width: d.width, height: d.height, deviceScaleFactor: d.scale, mobile: d.touch,
  });
  await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: d.touch, maxTouchPoints: 1 });
  // The canvas follows its CSS size x devicePixelRatio, the fonts the ratio, in
  // the app's next frame (main.cpp, follow_canvas_size): wait for the backing
  // store and the app's display width of this device (every device here differs
  // from the one before in both), not for a number of animation frames. If they
  // never come, the assertions after this say which one is wrong.
  await page.waitForFunction(([w, scale]) => window.devicePixelRatio === scale &&
      document.querySelector('canvas').width === w * scale &&
      Math.abs(window.shufflelab.state().legibility.width - w) < 1, [d.width, d.scale], { timeout: 30000 })
    .catch(() => {});
  await nextFrames(page, 2);  // and a frame drawn with them
}

// Opens a link as an edited address bar does, then builds UI frames without
// presenting them (the test hook's burn_frames: software GL at DPR 3 takes
// ~0.5 s a frame here) and reads what the last one drew.
async function open(hash) {
  // One call into the page: at DPR 3 each waits for a ~0.5 s software-GL frame.
  const go = (h, frames) => page.evaluate(([link, k]) => {
    if (link) {  // what the page's hashchange handler does (web/app.js)
      history.replaceState(null, '', link);
      window.Module.ccall('shufflelab_set_hash', null, ['string'], [link]);
    }
    return window.shufflelab.command(`burn_frames=${k}`);
  }, [h, frames]);
  if (!hash.includes('run=')) return go(hash, 3);
  // A link's job runs in a worker: the frame built in the same call starts it
  // (so the job state read next is this link's, not the last device's), then
  // the view it draws (a bias matrix as cells, a sweep's histogram) once it
  // has finished: wait for that state, not for a number of 250 ms polls.
  await go(hash, 1);
  const finished = (s) => (s.lab === 'poker' ? s.poker.sweep.state : s.shuffle.bias.jobState) >= 2;
  await waitForState(page, finished, `${hash}: the link's job finished`, { timeout: 240000, interval: 250 });
  return go('', 3);
}

test('every lab keeps legible text and cells on phones, tablets, laptops and projectors', async () => {
  const failures = [];
  const seen = [];
  for (const d of DEVICES) {
    await emulate(d);
    const s0 = await state(page);
    const backing = await page.evaluate(() => document.querySelector('canvas').width);
    assert.equal(backing, d.width * d.scale, `${d.name}: canvas backing store`);
    assert.ok(Math.abs(s0.legibility.width - d.width) < 1, `${d.name}: display ${s0.legibility.width}`);
    for (const hash of d.width < 900 && d.scale !== 2 ? [...VIEWS, ...JOB_VIEWS] : VIEWS) {
      const s = await open(hash);
      const l = s.legibility;
      seen.push(`${d.name} ${hash}: lab ${l.labWidth} text ${l.text} cell ${l.cell} clipped ${l.clipped}`);
      if (d.width < 900 && l.labWidth < 0.85 * d.width) failures.push(`${d.name} ${hash}: lab region ${l.labWidth} of ${d.width} CSS px`);
      if (!(l.text >= MIN_TEXT_CSS - 0.01)) failures.push(`${d.name} ${hash}: text ${l.text} CSS px`);
      if (l.cell > 0 && l.cell < MIN_CELL_CSS - 0.01) failures.push(`${d.name} ${hash}: cell ${l.cell} CSS px`);
      if (l.clipped > 0) failures.push(`${d.name} ${hash}: ${l.clipped} glyphs cut off at an edge, the first at ${l.clippedAt}`);
    }
  }
  if (process.env.SHUFFLELAB_DEVICES_LOG) console.log(seen.join('\n'));
  assert.deepEqual(failures, []);
});

test('the measure sees small text: at 75% text size the minimum text follows the font', async () => {
  await emulate(DEVICES[4]);
  await open('#v=1&lab=about');
  // The font follows the scale in the app's next frame: four frames built by the app after each command.
  await command(page, 'ui_scale=75');
  const small = (await nextFrames(page, 4)).legibility.text;
  await command(page, 'ui_scale=100');
  const normal = (await nextFrames(page, 4)).legibility.text;
  // The font is rasterised at round(16 x scale) backing px: 12 and 16 at DPR 1.
  assert.ok(Math.abs(small - 12) < 0.6, `75%: ${small}`);
  assert.ok(Math.abs(normal - 16) < 0.6, `100%: ${normal}`);
});
