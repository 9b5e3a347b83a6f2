// The Share dialog and the sender's note: a note in eight scripts (and one of
// &, %, #, +, spaces and quotes) written through the dialog opens in another
// page exactly as written, as DOM text, in the hook and in the Text view;
// bad notes get the core's message and keep the last valid one; Copy puts
// the link (or the lesson step) on the clipboard, or selects it; the QR code,
// decoded by zbar (zbarimg, a real decoder), is the link; the dialog is a
// labelled modal that keeps its keys and closes on Escape. Screenshots of
// the dialog and a note at 390x844 (DPR 3, touch) and 1920x1080, both themes.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch, openApp, state, command, setHash, waitForState, waitForLabText, SHOTS } from './browser.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

const DICE = '#v=1&lab=dice&method=modulo&sides=6&bits=8&gen=z80&seed=0123456789ABCDEF&rolls=1000000&expr=3d6+2&view=die';
const NOTES = {
  accents: 'Déjà vu: naïve Ångström, señor, Straße',
  Greek: 'Το ζάρι είναι δίκαιο; Όχι ακριβώς.',
  Cyrillic: 'Колода перемешана честно? Проверим.',
  CJK: 'このシャッフルは公平ですか？洗牌公平吗',
  Hebrew: 'האם הקוביה הוגנת? בדקו 6 פאות.',
  Arabic: 'هل النرد عادل؟ جرّب ٦ أوجه.',
  emoji: '🎲 rolls, 🃏 deals 👍🏽',
  'quotes and symbols': '“fair” isn’t ≈ ‘random’ ✓ — ½ ≠ ⅓',
  ASCII: 'Q&A: 100% sure? #1 + #2 = "yes" & \'no\'  (two spaces) a+b%20c',
};
// RFC 3986 by hand: every UTF-8 byte but A-Z a-z 0-9 - . _ ~ as %XX (upper case).
const rfc3986 = (text) => Array.from(new TextEncoder().encode(text), (b) =>
  /[A-Za-z0-9._~-]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : '%' + b.toString(16).toUpperCase().padStart(2, '0')).join('');

const dialogOpen = (page) => page.evaluate(() => document.getElementById('share-dialog').open);
async function openDialogByKey(page) {
  await page.locator('#canvas').focus();
  await page.keyboard.press('s');
  await page.waitForFunction(() => document.getElementById('share-dialog').open, null, { timeout: 10000 });
  assert.equal(await page.evaluate(() => document.activeElement.id), 'share-note', 'focus starts in the note');
}
// Types a note as a reader does (fill sends an input event) and returns what the dialog shows.
async function writeNote(page, text) {
  await page.fill('#share-note', text);
  return page.evaluate(() => ({
    output: document.getElementById('share-output').value,
    problem: document.getElementById('share-note-problem').hidden ? '' : document.getElementById('share-note-problem').textContent,
    invalid: document.getElementById('share-note').getAttribute('aria-invalid'),
  }));
}
const shownNote = (page) => page.evaluate(() => {
  const bar = document.getElementById('note-bar'), text = document.getElementById('note-text');
  const r = bar.getBoundingClientRect(), canvas = document.getElementById('canvas').getBoundingClientRect();
  return { hidden: bar.hidden, text: text.textContent, dir: text.dir, direction: getComputedStyle(text).direction,
    kids: text.children.length, barBottom: r.bottom, canvasTop: canvas.top };
});
// The app hands the note to the page at the end of the frame after the link opened.
const waitForNoteText = (page, note) =>
  page.waitForFunction((n) => document.getElementById('note-text').textContent === n, note, { timeout: 10000 });
const utf8 = (s) => Buffer.from(s, 'utf8').toString('hex');

test('a note in eight scripts and ASCII punctuation, written in the dialog, opens in another page exactly as written', async () => {
  const writer = await openApp(env, DICE);
  const reader = await openApp(env, '#v=1&lab=lfsr');
  await openDialogByKey(writer.page);
  for (const [script, note] of Object.entries(NOTES)) {
    const shown = await writeNote(writer.page, note);
    assert.equal(shown.problem, '', script);
    assert.equal(shown.output, env.base + DICE + '&note=' + rfc3986(note), `${script}: the link carries the note, encoded`);
    const url = new URL(shown.output);
    await setHash(reader.page, url.hash);
    const s = await waitForState(reader.page, (x) => x.note === note, `${script}: the note in the reader's hook`);
    assert.equal(utf8(s.note), utf8(note), `${script}: same UTF-8 in the hook`);
    assert.deepEqual(s.notices, [], script);
    assert.equal(s.dice.sides, 6, script);
    await waitForNoteText(reader.page, note);
    const dom = await shownNote(reader.page);
    assert.equal(dom.hidden, false, script);
    assert.equal(utf8(dom.text), utf8(note), `${script}: the DOM shows exactly the note`);
    assert.equal(dom.kids, 0, `${script}: text only`);
    assert.equal(dom.dir, 'auto', script);
    assert.ok(dom.canvasTop >= dom.barBottom - 0.5, `${script}: the note does not cover the canvas`);
    await waitForLabText(reader.page, 'Dice', note);
  }
  // The direction the browser gives right-to-left notes (dir=auto reads the first strong character).
  await setHash(reader.page, '#v=1&lab=dice&note=' + rfc3986(NOTES.Hebrew));
  await waitForNoteText(reader.page, NOTES.Hebrew);
  assert.ok(await reader.page.evaluate(() => document.getElementById('note-text').matches(':dir(rtl)')), 'Hebrew reads right to left');
  await setHash(reader.page, '#v=1&lab=dice&note=' + rfc3986(NOTES.Greek));
  await waitForNoteText(reader.page, NOTES.Greek);
  assert.ok(await reader.page.evaluate(() => document.getElementById('note-text').matches(':dir(ltr)')), 'Greek reads left to right');
  // Removing the note hides the strip and gives the canvas the whole window back.
  await writeNote(writer.page, '');
  assert.equal((await state(writer.page)).hash, DICE);
  await writer.page.keyboard.press('Escape');
  await writer.page.waitForFunction(() => document.getElementById('note-bar').hidden, null, { timeout: 10000 });
  const gone = await shownNote(writer.page);
  assert.equal(gone.hidden, true);
  assert.equal(gone.canvasTop, 0);
  assert.deepEqual([...writer.problems, ...reader.problems], []);
  await writer.context.close();
  await reader.context.close();
});

test('hand-edited links keep "Q&A" and "100% sure"; cut-off escapes are still refused', async () => {
  const { page, context, problems } = await openApp(env, '#v=1&lab=dice');
  // What the address bar leaves of a typed "note=Q & A, 100% sure": spaces become %20, the rest stays.
  let s = await setHash(page, '#v=1&lab=dice&sides=8&note=Q & A, 100% sure');
  assert.equal(s.note, 'Q & A, 100% sure');
  assert.deepEqual(s.notices, []);
  assert.ok(s.hash.endsWith('&note=Q%20%26%20A%2C%20100%25%20sure'), s.hash);
  s = await setHash(page, '#v=1&lab=dice&note=caf%C3%A');
  assert.equal(s.note, '');
  assert.match(s.notices[0], /note: .*cut off/);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a note too long or with a control character gets the message and keeps the last valid note', async () => {
  const { page, context, problems } = await openApp(env, '#v=1&lab=dice');
  await openDialogByKey(page);
  const good = await writeNote(page, 'Roll it 600 times.');
  const long = await writeNote(page, 'x'.repeat(281));
  assert.equal(long.problem, 'note: longer than 280 characters; the link keeps the last valid note');
  assert.equal(long.invalid, 'true');
  assert.equal(long.output, good.output, 'the link keeps the last valid note');
  assert.equal((await state(page)).note, 'Roll it 600 times.');
  const control = await writeNote(page, 'Two\nlines');
  assert.equal(control.problem, 'note: holds a control character (character 4); the link keeps the last valid note');
  assert.equal(control.output, good.output);
  const bidi = await writeNote(page, 'abc\u202Efed');
  assert.match(bidi.problem, /^note: holds a bidirectional control \(character 4\)/);
  // 280 characters of two UTF-16 units each (emoji) are within the limit: it counts characters.
  const emoji = await writeNote(page, '🎲'.repeat(280));
  assert.equal(emoji.problem, '');
  assert.equal(emoji.invalid, 'false');
  assert.equal((await state(page)).note, '🎲'.repeat(280));
  // The message is announced (role=alert) and tied to the field.
  await writeNote(page, 'x'.repeat(300));
  const a11y = await page.evaluate(() => ({
    role: document.getElementById('share-note-problem').getAttribute('role'),
    describedBy: document.getElementById('share-note').getAttribute('aria-describedby'),
  }));
  assert.equal(a11y.role, 'alert');
  assert.ok(a11y.describedBy.split(' ').includes('share-note-problem'));
  assert.deepEqual(problems, []);
  await context.close();
});

test('Copy puts the link or the lesson step on the clipboard, or selects it; a lesson step reads back as one', async () => {
  const { page, context, problems } = await openApp(env, DICE);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.base });
  await openDialogByKey(page);
  const note = 'Six faces from one byte: 256 = 42·6 + 4, so faces 1–4 come up more.';
  const shown = await writeNote(page, note);
  await page.click('#share-copy');
  await page.waitForFunction(() => document.getElementById('share-copy-status').textContent === 'Link copied.');
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), shown.output);
  assert.equal(shown.output, env.base + DICE + '&note=' + rfc3986(note));

  await page.check('#share-as-step');
  const line = await page.inputValue('#share-output');
  assert.equal(line, DICE + '\t' + note);
  await page.click('#share-copy');
  await page.waitForFunction(() => document.getElementById('share-copy-status').textContent === 'Lesson step copied.');
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), line);
  // The app's own lesson reader takes the line: one step, this state, the note as its text.
  await page.keyboard.press('Escape');
  const s = await command(page, 'tour_text=' + encodeURIComponent('title\tShared\n' + line + '\n'));
  assert.equal(s.tour.steps, 1);
  assert.equal(s.tour.text, note);
  assert.equal(s.dice.sides, 6);
  assert.equal(s.dice.method, 'modulo');

  // Without the Clipboard API the link is selected for Ctrl+C.
  await page.evaluate(() => Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true }));
  await openDialogByKey(page);
  await page.uncheck('#share-as-step');
  await page.click('#share-copy');
  const selected = await page.evaluate(() => {
    const o = document.getElementById('share-output');
    return { focused: document.activeElement === o, start: o.selectionStart, end: o.selectionEnd, length: o.value.length,
      status: document.getElementById('share-copy-status').textContent };
  });
  assert.equal(selected.focused, true);
  assert.equal(selected.start, 0);
  assert.equal(selected.end, selected.length);
  assert.match(selected.status, /^Selected: press Ctrl\+C/);
  assert.deepEqual(problems, []);
  await context.close();
});

// zbarimg (Debian's zbar-tools) reads the QR code in a screenshot of the dialog.
const shotDir = mkdtempSync(join(tmpdir(), 'share-qr-'));
async function decodeQr(page, name) {
  const file = join(shotDir, name + '.png');
  writeFileSync(file, await page.locator('#share-qr').screenshot());
  return execFileSync('zbarimg', ['--quiet', '--raw', file], { encoding: 'utf8' }).replace(/\n$/, '');
}

test('the QR code decodes (zbarimg) to the link, at a size readable from the back of a room', async () => {
  const { page, context, problems } = await openApp(env, DICE, { width: 1920, height: 1080 });
  await openDialogByKey(page);
  for (const note of ['', NOTES.CJK, NOTES.ASCII, 'z'.repeat(280)]) {
    const shown = await writeNote(page, note);
    await page.waitForFunction((link) => document.getElementById('share-qr').dataset.text === link, shown.output);
    assert.equal(await decodeQr(page, 'qr'), shown.output, `QR of the link with note ${note.slice(0, 20)}`);
  }
  const box = await page.locator('#share-qr').boundingBox();
  assert.ok(box.width >= 500, `QR ${box.width} CSS px wide at 1920x1080`);
  assert.deepEqual(problems, []);
  await context.close();
});

test('the dialog: labelled modal, keys stay in it, Escape closes it and focus returns to the canvas; button opens it too', async () => {
  const { page, context, problems } = await openApp(env, '#v=1&lab=lfsr&seed=DEADBEEF&mask=CF&t=13');
  await openDialogByKey(page);
  const snapshot = await page.locator('#share-dialog').ariaSnapshot();
  assert.match(snapshot, /dialog "Share what is on screen"/);
  assert.match(snapshot, /textbox "Note \(optional\)"/);
  assert.match(snapshot, /checkbox "As a lesson step/);
  assert.match(snapshot, /button "Copy"/);
  assert.match(snapshot, /img "QR code of the link"/);
  // Arrow keys and Space in the note edit the note: the LFSR lab does not step or play.
  await page.keyboard.type('Step 13 ');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Home');
  const s = await state(page);
  assert.equal(s.lfsr.t, 13);
  assert.equal(s.note, 'Step 13 ');
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => !document.getElementById('share-dialog').open);
  assert.equal(await page.evaluate(() => document.activeElement.id), 'canvas');
  // The app's button (hook: the navigation column's "Share... (S)") opens it as the key does.
  await page.evaluate(() => window.shufflelabShare.open());
  assert.equal(await dialogOpen(page), true);
  await page.click('#share-close');
  assert.equal(await dialogOpen(page), false);
  assert.deepEqual(problems, []);
  await context.close();
});

test('screenshots: the dialog and a note at 390x844 (DPR 3, touch) and 1920x1080, both themes', async () => {
  mkdirSync(SHOTS, { recursive: true });
  const devices = { phone: { width: 390, height: 844, scale: 3, isMobile: true, touch: true }, projector: { width: 1920, height: 1080 } };
  for (const [device, options] of Object.entries(devices)) {
    const { page, context, problems } = await openApp(env, DICE + '&note=' + rfc3986(NOTES.Arabic + ' — ' + NOTES['quotes and symbols']), options);
    for (const theme of ['dark', 'light']) {
      await command(page, 'theme=' + theme);
      await page.waitForFunction((light) => document.documentElement.classList.contains('share-theme-light') === light, theme === 'light');
      await page.screenshot({ path: join(SHOTS, `share-note-${device}-${theme}.png`) });
      await page.evaluate(() => window.shufflelabShare.open());
      await writeNote(page, NOTES.emoji + ' ' + NOTES['quotes and symbols']);
      const link = await page.inputValue('#share-output');
      await page.waitForFunction((l) => document.getElementById('share-qr').dataset.text === l, link);
      await page.screenshot({ path: join(SHOTS, `share-dialog-${device}-${theme}.png`) });
      // Everything fits the width; buttons are big enough to tap.
      const fit = await page.evaluate(() => {
        const d = document.getElementById('share-dialog').getBoundingClientRect();
        const b = document.getElementById('share-copy').getBoundingClientRect();
        return { left: d.left, right: d.right, width: innerWidth, copyHeight: b.height };
      });
      assert.ok(fit.left >= 0 && fit.right <= fit.width, `${device} ${theme}: ${JSON.stringify(fit)}`);
      assert.ok(fit.copyHeight >= 44, `${device}: Copy is ${fit.copyHeight} px high`);
      assert.equal(await decodeQr(page, `${device}-${theme}`), link, `${device} ${theme}: the QR code`);
      await page.keyboard.press('Escape');
    }
    assert.deepEqual(problems, []);
    await context.close();
  }
});
