// Every link the product writes opens in Chromium without a notice and the
// app writes it back unchanged: the chooser's recommendation links for every
// CPU and use (as its buttons open them), every finding's link, every lesson
// step (reached by Next) and the links About lists. The core test
// tests/core/links_open_test.cpp checks the same writers and more (every
// picker command of every lab, `shufflelab choose`) through the app session.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openApp, state, command, goTo, waitForState, waitForLabText } from './browser.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

const CPUS = ['z80', 'sm83', 'x86-64', 'pic14', '6502'];
const USES = ['d20', 'd6', 'deck52', 'deck78'];
const LESSONS = ['gameboy-tarot', 'loaded-dice', 'how-to-shuffle', 'break-the-shuffle', 'how-people-shuffle'];

test('every link the chooser, the findings, the lessons and About write opens without a notice', async () => {
  const { page, context, problems } = await openApp(env, '#v=1&lab=about', { width: 640, height: 480 });
  const links = new Map();  // link -> who wrote it
  const add = (link, writer) => { if (link && !links.has(link)) links.set(link, writer); };

  for (const cpu of CPUS) {
    for (const use of USES) {
      const start = `#v=1&lab=choose&cpu=${cpu}&use=${use}`;
      await goTo(page, start, { canonical: start });
      const s = await waitForState(page, (x) => !x.chooser.computing && x.chooser.shown?.cpu === cpu && x.chooser.shown?.use === use,
        `the chooser's pick for ${cpu} ${use}`, { timeout: 60000 });
      assert.equal(s.chooser.error, null, start);
      for (const [button, link] of Object.entries(s.chooser.pick.links)) add(link, `${start}, its ${button} link`);
    }
  }
  const findings = (await goTo(page, '#v=1&lab=findings', { canonical: '#v=1&lab=findings' })).findings.entries;
  for (const e of findings) add(e.link, `the finding "${e.title}"`);
  for (const id of LESSONS) {
    let s = await goTo(page, `#v=1&tour=${id}&step=1`);
    add(s.hash, `lesson ${id} step 1`);
    for (let k = 2; k <= s.tour.steps; k++) {
      assert.ok(await command(page, 'tour_next'), `${id}: tour_next`);
      s = await waitForState(page, (x) => x.tour?.step === k, `${id} step ${k}`);
      add(s.hash, `lesson ${id} by Next to step ${k}`);
    }
  }
  await goTo(page, '#v=1&lab=about', { canonical: '#v=1&lab=about' });
  await waitForLabText(page, 'About', ['#v=1&lab=lfsr']);  // the Text view follows the app a few frames later
  // One line per element: the body's textContent runs a line's last link into
  // the next line's first word.
  const about = await page.evaluate(() => Array.from(document.querySelectorAll('#text-view-body p, #text-view-body li, #text-view-body h2, #text-view-body h3'), (e) => e.textContent));
  for (const link of about.join('\n').match(/#v=1[^\s)]*/g) ?? []) add(link, 'About\'s Text view');
  assert.ok(links.size >= 60, `only ${links.size} links`);
  assert.ok(about.length > 5, `About's Text view has ${about.length} lines`);

  const bad = [];
  for (const [link, writer] of links) {
    await page.evaluate((h) => {
      history.replaceState(null, '', h);
      window.Module.ccall('shufflelab_set_hash', null, ['string'], [h]);
    }, link);
    const s = await state(page);  // the app applies a link inside the call
    // About names each lab by its bare link, which the app writes back with the lab's defaults.
    const bare = /^#v=1&lab=[a-z]+$/.test(link) && s.hash.startsWith(`${link}&`);
    if (s.notices.length || (s.hash !== link && !bare)) bad.push(`${link}\n  written by ${writer}\n  notices: ${JSON.stringify(s.notices)}; written back: ${s.hash}`);
  }
  assert.deepEqual(bad, [], `${bad.length} of ${links.size} links do not open cleanly`);
  assert.deepEqual(problems, []);
  await context.close();
});
