// One path: a lab's key and its hook command reach the same state (both are
// the same command to the lab's session, core/<lab>/<lab>_session; the
// buttons send it too). Each case opens the same link twice: once the key is
// pressed, once the command is sent; the link the app writes back and
// whether the lab plays must be equal.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openApp, goTo, command, nextFrames, waitForState } from './browser.mjs';

const CASES = [
  { lab: 'poker', link: '#v=1&lab=poker&seed=932D217C&t=5', key: 'ArrowRight', command: 'step' },
  { lab: 'poker', link: '#v=1&lab=poker&seed=932D217C&t=5', key: 'ArrowLeft', command: 'back' },
  { lab: 'poker', link: '#v=1&lab=poker&seed=932D217C&t=5', key: 'Space', command: 'toggle_play', playing: true },
  { lab: 'lfsr', link: '#v=1&lab=lfsr&seed=DEADBEEF&mask=CF&t=40', key: 'ArrowRight', command: 'step' },
  { lab: 'lfsr', link: '#v=1&lab=lfsr&seed=DEADBEEF&mask=CF&t=40', key: 'ArrowLeft', command: 'back' },
  { lab: 'lfsr', link: '#v=1&lab=lfsr&seed=DEADBEEF&mask=CF&t=40', key: 'ArrowUp', command: 'step_byte' },
  { lab: 'lfsr', link: '#v=1&lab=lfsr&seed=DEADBEEF&mask=CF&t=40', key: 'ArrowDown', command: 'back_byte' },
  // Home and the Reset button used to disagree about playback: both stop it now.
  { lab: 'lfsr', link: '#v=1&lab=lfsr&seed=DEADBEEF&mask=CF&t=40', before: 'play', key: 'Home', command: 'reset',
    until: (x) => x.lfsr.playing === false },
  { lab: 'shuffle', link: '#v=1&lab=shuffle&algo=fisher-yates&n=8&t=3', key: 'ArrowRight', command: 'step' },
  { lab: 'shuffle', link: '#v=1&lab=shuffle&algo=fisher-yates&n=8&t=3', key: 'ArrowLeft', command: 'back' },
  { lab: 'shuffle', link: '#v=1&lab=shuffle&algo=fisher-yates&n=8&t=3', key: 'Space', command: 'toggle_play', playing: true },
  { lab: 'findings', link: '#v=1&lab=lfsr&seed=00000001&mask=CF&t=0&tour=gameboy-tarot&step=1', key: 'PageDown', command: 'tour_next' },
];

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

// The state after `act`, once the app has built frames past it and the link moved (or the lab plays).
async function after_(page, c, act) {
  const start = await goTo(page, c.link);
  if (c.before) await command(page, c.before);
  await nextFrames(page, 2);
  await act();
  const until = c.until ?? ((x) => (c.playing ? x[c.lab]?.playing === true : x.hash !== start.hash));
  const s = await waitForState(page, until,
    `${c.link}: after ${c.key} / ${c.command}`, { timeout: 10000 });
  const playing = s[c.lab]?.playing;
  if (playing) await command(page, 'pause');
  return { hash: c.playing ? start.hash : s.hash, playing };
}

test('every key and its command give the same state', async () => {
  const { page, context, problems } = await openApp(env, '#v=1&lab=about');
  for (const c of CASES) {
    const byKey = await after_(page, c, () => page.keyboard.press(c.key));
    const byCommand = await after_(page, c, async () => assert.ok(await command(page, c.command), c.command));
    assert.deepEqual(byKey, byCommand, `${c.link}: ${c.key} vs ${c.command}`);
    if (c.before === 'play') assert.equal(byKey.playing, false, `${c.key} stops playback`);
  }
  assert.deepEqual(problems, []);
  await context.close();
});
