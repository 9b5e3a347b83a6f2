// Browser end-to-end: the real page in headless Chromium (SwiftShader WebGL2).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { launch, openApp, state, command, setHash, waitForHash, waitForState, nextFrames, SHOTS } from './browser.mjs';

let env;
before(async () => { env = await launch(); mkdirSync(SHOTS, { recursive: true }); });
after(async () => { await env?.close(); });

test('first frame, no console errors, no request leaves the page', async () => {
  const { page, context, problems, foreign, firstFrameMs } = await openApp(env, '');
  const s = await state(page);
  assert.equal(s.lab, 'lfsr');
  assert.ok(s.frames >= 1);
  assert.deepEqual(problems, []);
  assert.deepEqual(foreign, []);
  assert.equal(await page.evaluate(() => document.getElementById('status').classList.contains('hidden')), true);
  console.log(`# first frame after navigation: ${firstFrameMs} ms`);
  await context.close();
});

test('the issue example link opens at bit-step 13 and the hash follows the state', async () => {
  const { page, context, problems } = await openApp(env, '#v=1&lab=lfsr&seed=DEADBEEF&mask=CF&t=13');
  let s = await state(page);
  assert.deepEqual([s.lfsr.seed, s.lfsr.mask, s.lfsr.t], ['DEADBEEF', 'CF', 13]);
  assert.deepEqual(s.notices, []);
  // Register after 13 bit-steps, worked out here with BigInt from the article's rule.
  let r = 0xDEADBEEFn;
  for (let i = 0; i < 13; i++) { const out = r & 1n; r >>= 1n; if (out) r ^= 0xCFn << 24n; }
  assert.equal(s.lfsr.register, r.toString(16).toUpperCase().padStart(8, '0'));

  s = await command(page, 'step_bit');
  assert.equal(s.lfsr.t, 14);
  await page.waitForFunction(() => window.location.hash.includes('t=14'));
  assert.match(await page.evaluate(() => location.hash), /^#v=1&lab=lfsr&seed=DEADBEEF&mask=CF&t=14$/);

  // Editing the address bar (hashchange) changes the state.
  await setHash(page, '#v=1&lab=lfsr&seed=00000001&mask=C5&t=3');
  s = await waitForHash(page, '#v=1&lab=lfsr&seed=00000001&mask=C5&t=3');
  assert.equal(s.lfsr.t, 3);
  assert.deepEqual([s.lfsr.seed, s.lfsr.mask], ['00000001', 'C5']);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a malformed hash shows the notice and the default state', async () => {
  const defaults = { seed: 'DEADBEEF', mask: 'CF', t: 0 };
  for (const hash of ['#v=1&lab=lfsr&seed=zz&mask=', '#v=1&lab=lfsr&' + 'x%3C'.repeat(2560)]) {
    const { page, context, problems } = await openApp(env, hash);
    const s = await state(page);
    assert.ok(s.notices.length >= 1, `no notice for ${hash.slice(0, 40)}`);
    assert.deepEqual({ seed: s.lfsr.seed, mask: s.lfsr.mask, t: s.lfsr.t }, defaults);
    assert.deepEqual(problems, []);
    const canvasShown = await page.evaluate(() => document.getElementById('canvas').getBoundingClientRect().width > 0);
    assert.ok(canvasShown);
    await context.close();
  }
});

test('crisp at device scale factor 1 and 2: backing store follows devicePixelRatio', async () => {
  for (const scale of [1, 2]) {
    const { page, context } = await openApp(env, '#v=1&lab=lfsr&seed=DEADBEEF&mask=CF&t=13', { scale });
    // The app sizes the backing store in a frame: wait for that (not for time), then check it and draw once more.
    await page.waitForFunction((k) => canvas.width === canvas.clientWidth * k && canvas.height === canvas.clientHeight * k,
                               scale, { timeout: 10000 }).catch(() => {});  // the assertions below say what is wrong
    await nextFrames(page, 2);
    const size = await page.evaluate(() => ({ w: canvas.width, h: canvas.height, cw: canvas.clientWidth, ch: canvas.clientHeight }));
    assert.equal(size.w, size.cw * scale);
    assert.equal(size.h, size.ch * scale);
    await page.screenshot({ path: join(SHOTS, `e2e-lfsr@${scale}x.png`) });
    await context.close();
  }
});

test('the canvas follows a window resize', async () => {
  const { page, context } = await openApp(env, '', { width: 900, height: 600 });
  await page.setViewportSize({ width: 640, height: 480 });
  await page.waitForFunction(() => canvas.width === 640 && canvas.height === 480, null, { timeout: 30000 });
  await context.close();
});

test('keyboard and touch reach the app', async () => {
  const { page, context } = await openApp(env, '#v=1&lab=lfsr&seed=DEADBEEF&mask=CF&t=5', { touch: true });
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => window.shufflelab.state().lfsr.t === 6, null, { timeout: 30000 });
  // Tap the "Shuffle" entry of the navigation column where the app says it drew it
  // (backing pixels, so divide by devicePixelRatio); at 800 px high the column's
  // last entries are below its fold.
  const s = await state(page);
  assert.equal(s.lab, 'lfsr');
  const [x0, y0, x1, y1] = s.nav.shuffle;
  const dpr = await page.evaluate(() => window.devicePixelRatio);
  await page.touchscreen.tap((x0 + x1) / 2 / dpr, (y0 + y1) / 2 / dpr);
  await page.waitForFunction(() => window.shufflelab.state().lab === 'shuffle', null, { timeout: 30000 });
  await context.close();
});

test('long work runs in a worker: the stepping check agrees with the algebra, and cancel is immediate', async () => {
  const { page, context, problems } = await openApp(env, '#v=1&lab=lfsr&width=20&seed=12345&mask=CF');
  await command(page, 'check_period');
  await page.waitForFunction(() => window.shufflelab.state().lfsr.stepJob.state === 2, null, { timeout: 20000 });
  let s = await state(page);
  assert.equal(String(s.lfsr.stepJob.period), s.lfsr.period);

  // Width 32 from seed 1 takes about 2^32 steps: start it, then cancel it.
  await setHash(page, '#v=1&lab=lfsr&seed=00000001&mask=CF');
  await waitForHash(page, '#v=1&lab=lfsr&seed=00000001&mask=CF&t=0');
  await command(page, 'check_period');
  // This check running with progress, not the finished width-20 check's progress.
  await waitForState(page, (x) => x.lfsr.width === 32 && x.lfsr.stepJob.state === 1 && x.lfsr.stepJob.progress > 0,
                     'the width-32 check running with progress', { timeout: 10000 });
  // Cancel stops the worker inside the command: the next read is already cancelled.
  const cancelled = await page.evaluate(() => {
    window.shufflelab.command('cancel_check');
    return window.shufflelab.state().lfsr.stepJob.state;
  });
  assert.equal(cancelled, 4, 'cancelled in the same call');
  // The worker is restartable: a new check on a small register completes.
  await setHash(page, '#v=1&lab=lfsr&width=12&seed=ABC&mask=B8');
  await waitForHash(page, '#v=1&lab=lfsr&width=12&seed=ABC&mask=B8&t=0');
  await command(page, 'check_period');
  await page.waitForFunction(() => window.shufflelab.state().lfsr.stepJob.state === 2, null, { timeout: 20000 });
  s = await state(page);
  assert.equal(String(s.lfsr.stepJob.period), s.lfsr.period);
  assert.deepEqual(problems, []);
  await context.close();
});

test('embed mode: one lab without navigation, and the example course page shows it', async () => {
  const { page, context, problems } = await openApp(env, '#v=1&embed=1&lab=lfsr&seed=00000001&mask=CF&t=3');
  const s = await state(page);
  assert.equal(s.embed, true);
  assert.deepEqual(s.nav, {});  // no navigation column was drawn
  assert.equal(s.lfsr.t, 3);
  assert.match(await page.evaluate(() => location.hash), /embed=1/);
  await context.close();

  const ctx2 = await env.browser.newContext({ viewport: { width: 1100, height: 900 } });
  const course = await ctx2.newPage();
  const errors = [];
  course.on('pageerror', (e) => errors.push(e.message));
  await course.goto(env.base + 'embed.html');
  const frame = course.frameLocator('iframe');
  await course.waitForFunction(() => {
    const f = document.querySelector('iframe');
    return f && f.contentWindow && f.contentWindow.shufflelab && f.contentWindow.shufflelab.ready;
  }, null, { timeout: 20000 });
  const inner = await course.evaluate(() => document.querySelector('iframe').contentWindow.shufflelab.state());
  assert.equal(inner.embed, true);
  assert.equal(inner.lfsr.mask, 'CF');
  await course.screenshot({ path: join(SHOTS, 'embed-example.png') });
  assert.deepEqual(errors, []);
  assert.deepEqual(problems, []);
  void frame;
  await ctx2.close();
});

// A frame that would look like the one on the canvas is not drawn again
// (ui/kit/draw_fingerprint): an idle lab costs no rasterizing, and the canvas
// keeps showing its last frame, pixel for pixel; any change is drawn.
test('an idle lab is not redrawn, keeps its picture, and a change is drawn', async () => {
  const { page, context, problems } = await openApp(env, '#v=1&lab=lfsr&seed=DEADBEEF&mask=CF&t=13', { width: 800, height: 600 });
  await waitForState(page, (s) => s.frames > 5, 'the first frames');
  let s = await nextFrames(page, 5);
  const idle = s.drawnFrames;
  s = await nextFrames(page, 30);
  assert.equal(s.drawnFrames, idle, `${s.frames} frames built while idle, ${s.drawnFrames - idle} of them drawn`);
  const before = await page.locator('#canvas').screenshot();
  await nextFrames(page, 10);
  assert.ok(before.equals(await page.locator('#canvas').screenshot()), 'the canvas changed while nothing was drawn');
  await command(page, 'step');
  s = await waitForState(page, (st) => st.lfsr.t === 14 && st.drawnFrames > idle, 'the step drawn');
  await nextFrames(page, 2);
  const after = await page.locator('#canvas').screenshot();
  assert.ok(!before.equals(after), 'the step changed nothing on the canvas');
  assert.deepEqual(problems, []);
  await context.close();
});
