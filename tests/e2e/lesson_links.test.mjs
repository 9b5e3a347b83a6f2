// A lesson step is its link: every step of every built-in lesson, reached the
// ways a reader moves (the lesson bar's Next, Page Down on the canvas, a click
// on a step number, Back), shows exactly the Text view (web/textview.js) that
// the same step opened from its link shows: the same words and numbers, its
// run= result included, and never a result "computed for ... the setup has
// changed since". Two pages side by side: one walks, the other opens links.
// The page that opens links is a phone (390x844, DPR 3, touch): there each
// step's result must be on the first screen, without scrolling.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openApp, state, command, goTo, nextFrames, waitForState } from './browser.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

const TOURS = ['gameboy-tarot', 'loaded-dice', 'how-to-shuffle', 'break-the-shuffle', 'how-people-shuffle'];
// State and text are under test, and every frame is software GL: a small window, wide enough for the
// lesson bar's step numbers (hidden at 700 CSS px and below).
const SMALL = { width: 760, height: 480 };
const PHONE = { width: 390, height: 844, scale: 3, isMobile: true };
const field = (hash, key) => new URLSearchParams(hash.replace(/^#/, '')).get(key);
// The Text view; with `partial`, cut before a sweep's counts (a cancelled 2^32-seed sweep
// shows how far each page got, which is not the link's to say).
const viewText = (page, partial = false) => page.evaluate((cut) => {
  const text = document.getElementById('text-view-body').textContent;
  const at = cut ? Math.min(...['Every seed', 'Sample of seeds'].map((h) => (text.indexOf(h) + 1 || text.length + 1) - 1)) : text.length;
  return text.slice(0, at);
}, partial);

// The step's run= job has finished in the page (the hook's job states), or,
// for the 2^32-seed sweep, is running (it is then cancelled: its text would
// follow its progress).
async function jobDone(page, what) {
  const s = await state(page);
  const run = field(s.hash, 'run');
  if (!run) return s;
  const deadline = { timeout: 90000, polling: 100 };
  try {
    if (run === 'sweep') {
      await page.waitForFunction(() => window.shufflelab.state().poker.sweep.state === 1, null, deadline);
      return s;
    }
    await page.waitForFunction((r) => {
      const st = window.shufflelab.state();
      if (st.lab === 'lfsr') return st.lfsr.stepJob.state === 2;
      if (st.lab === 'dice') return (st.dice.view === 'z80' ? st.dice.z80.sample : st.dice.sample).state === 2;
      if (st.lab === 'shuffle') return r === 'predict' ? st.shuffle.predict.jobState === 2 : st.shuffle.bias.jobState === 2;
      if (st.lab === 'poker') return st.poker[r === 'hands' ? 'hands' : 'sweep'].state === 2;
      return false;
    }, run, deadline);
  } catch {
    assert.fail(`${what}: the run=${run} job did not finish; state ${JSON.stringify(await state(page)).slice(0, 1200)}`);
  }
  return state(page);
}

// Waits until the walking page's Text view is the one the link's page shows
// (both are rebuilt a few times a second as jobs finish) and both show this
// step (its words: two views still showing the step before are equal too);
// fails with both texts.
async function sameText(walked, opened, what, partial, words) {
  let a = '', b = '';
  for (let tries = 0; tries < 600; tries++) {
    b = await viewText(opened, partial);
    a = await viewText(walked, partial);
    if (a === b && a.includes(words)) return a;
    await nextFrames(walked, 2);
  }
  if (a === b) assert.fail(`${what}: both Text views lack the step's words ${JSON.stringify(words)}: ${a.slice(0, 600)}`);
  const at = [...a].findIndex((c, i) => c !== b[i]);
  assert.fail(`${what}: the Text view differs from the step's link at ${at}:\n  walked: ...${a.slice(Math.max(0, at - 80), at + 200)}\n` +
              `  link:   ...${b.slice(Math.max(0, at - 80), at + 200)}`);
}

test('every step of every built-in lesson, by Next, Page Down, a step number and Back, shows what its link shows', async () => {
  const walk = await openApp(env, '#v=1&lab=about', SMALL);
  const link = await openApp(env, '#v=1&lab=about', PHONE);
  const offScreen = [];
  const bar = walk.page.locator('#lesson-bar');
  for (const id of TOURS) {
    await goTo(walk.page, `#v=1&tour=${id}&step=1`);
    const steps = (await state(walk.page)).tour.steps;
    // Forward by Next and Page Down in turn, then back to step 2 by a click on its number and on to 3 by Back from 4.
    const moves = [];
    for (let k = 2; k <= steps; k++) moves.push([k, k % 2 ? 'pagedown' : 'next']);
    moves.push([2, 'step number'], [1, 'back']);
    for (const [k, how] of [[1, 'link'], ...moves]) {
      const what = `${id} step ${k} by ${how}`;
      if (how === 'next') await bar.locator('.lesson-next').click();
      else if (how === 'back') await bar.locator('.lesson-back').click();
      else if (how === 'step number') await bar.locator(`.lesson-step[data-step="${k}"]`).click();
      else if (how === 'pagedown') { await walk.page.focus('#canvas'); await walk.page.keyboard.press('PageDown'); }
      const walked = await walk.page.waitForFunction((kk) => window.shufflelab.state().tour?.step === kk, k, { timeout: 10000 })
        .then(() => state(walk.page));
      assert.equal(walked.tour.id, id, what);
      const opened = await goTo(link.page, `#v=1&tour=${id}&step=${k}`, { canonical: walked.hash });
      assert.deepEqual(walked.notices, [], what);
      assert.deepEqual(opened.notices, [], what);
      await Promise.all([jobDone(walk.page, what), jobDone(link.page, `${what} (link)`)]);
      const sweep = field(walked.hash, 'run') === 'sweep';
      if (sweep) {
        for (const p of [walk.page, link.page]) {
          await p.evaluate(() => window.shufflelab.command('cancel_sweep'));
          await p.waitForFunction(() => window.shufflelab.state().poker.sweep.state === 4, null, { timeout: 10000 });
        }
      }
      const text = await sameText(walk.page, link.page, what, sweep, walked.tour.text.slice(0, 40));
      assert.ok(!/changed since/.test(text), `${what}: a stale result: ${text.slice(0, 600)}`);
      assert.ok(walked.hash.endsWith(`&tour=${id}&step=${k}`), `${what}: ${walked.hash}`);
      assert.ok(walked.tour.title.length > 0 && walked.tour.text.length > 20, what);
      if (how === 'link' || how === 'next' || how === 'pagedown') {
        // The phone: the result's top on the first screen and at least half the screen of it (or all of it) in view.
        const p = await waitForState(link.page, (st) => st.legibility.result !== null, `${what}: a result drawn on the phone`);
        const [, y0, , y1] = p.legibility.result;
        const h = p.legibility.height;  // the canvas, above the lesson bar
        const shown = Math.min(y1, h) - Math.max(y0, 0);
        if (!(y0 >= 0 && shown >= Math.min(y1 - y0, h / 2) - 1)) offScreen.push(`${id} step ${k}: result ${y0}..${y1} in ${h}`);
      }
    }
    // Past the last step there is no Next; leaving the lesson drops tour= from the link.
    await goTo(walk.page, `#v=1&tour=${id}&step=${steps}`);
    const last = await command(walk.page, 'tour_next');  // the hook answers a refused command with {error}
    assert.ok(!last || last.error, `${id}: tour_next after the last step: ${JSON.stringify(last).slice(0, 200)}`);
    assert.ok(!(await command(walk.page, 'tour_exit'))?.error, `${id}: tour_exit`);
    const out = await state(walk.page);
    assert.equal(out.tour, null, id);
    assert.ok(!out.hash.includes('tour='), out.hash);
  }
  assert.deepEqual(offScreen, [], 'lesson steps whose result is not on the phone\'s first screen');
  assert.deepEqual(walk.problems, []);
  assert.deepEqual(link.problems, []);
  await walk.context.close();
  await link.context.close();
});
