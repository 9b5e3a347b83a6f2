// The Assembly lab's editor in the browser: a 6502 Galois LFSR typed in (by
// the hook's command and by real key presses into the editor, reached by a
// click or by Tab alone) is compared
// with the core's galois16 over all 65,535 nonzero states; one wrong tap is
// reported at its first differing state (found here by brute force over a
// model of the routine); a link with the source opens on the compared
// result; hostile sources get their message while the page keeps drawing
// and the last good routine stays.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { launch, openApp, state, command, waitForState, nextFrames, waitForLabText, SHOTS } from './browser.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

const galois = (taps) => [
  'HI = $84',
  'LO = $85',
  'next:   ldx #8',
  'shift:  lsr HI',
  '        ror LO          ; out bit in carry',
  '        bcc skip',
  '        lda HI',
  `        eor #$${taps}`,
  '        sta HI',
  'skip:   dex',
  '        bne shift',
  '        lda HI',
  '        rts',
].join('\n') + '\n';

// The routine as JS: 8 right shifts, the taps' high byte XORed in on a 1 out.
function step(s, tapsHigh) {
  for (let i = 0; i < 8; i++) {
    const out = s & 1;
    s >>= 1;
    if (out) s ^= tapsHigh << 8;
  }
  return s;
}

const SETUP = '#v=1&lab=asm&edit=1&cpu=6502&entry=next&state=HI%2CLO&against=galois16&seed=ACE1&calls=4';
// The comparison of the source now in the editor: while a newer edit assembles, the last good routine's verdict stays
// on screen (goodIsCurrent false), and a test that took it would judge an older source.
const verdictShown = (s) => Boolean(s.asm?.editor?.goodIsCurrent && s.asm.editor.check?.verdict) && !s.asm.editor.check.running;

async function sendSource(page, source) {
  const s = await command(page, 'src=' + encodeURIComponent(source));
  assert.ok(s, 'src= accepted');
}

test('typed by the hook: equal for all 65,535 nonzero states; one wrong tap: its first differing state', async () => {
  const { page, context, problems } = await openApp(env, SETUP);
  await sendSource(page, galois('b4'));
  let s = await waitForState(page, verdictShown, 'the comparison of the Galois LFSR', { timeout: 120000 });
  assert.equal(s.asm.editor.check.equal, true, s.asm.editor.check.verdict);
  assert.equal(s.asm.editor.check.statesChecked, 65535);
  assert.match(s.asm.editor.check.verdict, /65,535/);
  // The stepper runs it: outputs are the model's high bytes from the seed.
  s = await command(page, 'run');
  let x = 0xace1;
  const expected = [];
  for (let i = 0; i < 4; i++) expected.push((x = step(x, 0xb4)) >> 8);
  s = await state(page);
  assert.deepEqual(s.asm.outputs, expected);
  await waitForLabText(page, 'Assembly', ['65,535', '3: next:   ldx #8']);
  await page.screenshot({ path: join(SHOTS, 'asm-edit-equal@1x.png') });

  await sendSource(page, galois('b5'));
  s = await waitForState(page, (t) => verdictShown(t) && t.asm.editor.check.equal === false, 'the wrong tap reported', { timeout: 120000 });
  let first = 1;
  while (step(first, 0xb5) === step(first, 0xb4)) first++;
  const d = s.asm.editor.check.difference;
  assert.deepEqual(d.before, [first >> 8, first & 0xff]);
  assert.equal(d.output, step(first, 0xb5) >> 8);
  assert.equal(d.expectedOutput, step(first, 0xb4) >> 8);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a link with the source opens on the assembled, compared result', async () => {
  const hash = SETUP + '&src=' + encodeURIComponent(galois('b4'));
  const { page, context, problems } = await openApp(env, hash);
  const s = await waitForState(page, verdictShown, 'the linked routine compared', { timeout: 120000 });
  assert.equal(s.asm.editor.check.equal, true);
  assert.equal(s.asm.editor.errors.length, 0);
  // The page writes the source back packed (srcz=, shorter than percent-encoding), and that link opens the same routine.
  assert.match(s.hash, /&srcz=[A-Za-z0-9_-]+/);
  assert.ok(s.hash.length < hash.length, `${s.hash.length} >= ${hash.length}`);
  const again = await openApp(env, s.hash);
  const t = await waitForState(again.page, verdictShown, 'the packed link compared', { timeout: 120000 });
  assert.equal(t.asm.editor.sourceLength, galois('b4').length);
  assert.equal(t.asm.editor.check.equal, true);
  assert.deepEqual(again.problems, []);
  await again.context.close();
  assert.deepEqual(problems, []);
  await context.close();
});

test('typed with the keyboard into the editor: the same verdict', async () => {
  const { page, context, problems } = await openApp(env, SETUP);
  let s = await nextFrames(page, 2);
  const r = s.asm.editorRect;
  assert.ok(r[2] > r[0] && r[3] > r[1], `the editor is drawn: ${r}`);
  await page.mouse.click((r[0] + r[2]) / 2, (r[1] + r[3]) / 2);
  await waitForState(page, (t) => t.asm.editorActive, 'the editor takes the keys');
  // One line a frame, then Enter: the line's characters reach the field before the new line.
  for (const line of galois('b4').split('\n').slice(0, -1)) {
    await page.keyboard.type(line);
    await nextFrames(page, 1);
    await page.keyboard.press('Enter');
    await nextFrames(page, 1);
  }
  s = await waitForState(page, (t) => verdictShown(t) && t.asm.editor.sourceLength === galois('b4').length,
                         'the typed routine compared', { timeout: 120000 });
  assert.equal(s.asm.editor.check.equal, true, s.asm.editor.check.verdict);
  assert.equal(s.asm.editor.check.statesChecked, 65535);
  // Escape leaves the editor and keeps the text.
  await page.keyboard.press('Escape');
  s = await waitForState(page, (t) => !t.asm.editorActive, 'Escape leaves the editor');
  assert.equal(s.asm.editor.sourceLength, galois('b4').length);
  assert.deepEqual(problems, []);
  await context.close();
});

test('keyboard only: Tab reaches the editor, Enter enters it, typing edits the source, Escape leaves it', async () => {
  const { page, context, problems } = await openApp(env, SETUP + '&src=' + encodeURIComponent(galois('b4')));
  let s = await waitForState(page, verdictShown, 'the linked routine compared', { timeout: 120000 });
  const length = s.asm.editor.sourceLength;
  // A key is seen in the app's next frame and the focus settles a frame or two later.
  const press = async (key) => {
    await page.keyboard.press(key);
    return nextFrames(page, 4);
  };
  // Tab: navigation on; Right: into the lab; then Tab from field to field (Entry, State bytes, Seed, Calls) to the
  // editor: the focus ring goes around it. Enter enters it (ImGui 1.86 activates a multi-line field on Enter or Space).
  s = await press('Tab');
  assert.equal(s.keyboard.navigation, true, 'Tab switches the keyboard navigation on');
  s = await press('ArrowRight');
  const onEditor = (t) => t.keyboard.ring && t.keyboard.ring.every((v, i) => Math.abs(v - t.asm.editorRect[i]) <= 2);
  let tabs = 0;
  for (; tabs < 16 && !onEditor(s); ++tabs) s = await press('Tab');
  assert.ok(onEditor(s), `the ring ${s.keyboard.ring} is on the editor ${s.asm.editorRect} after ${tabs} Tabs`);
  assert.equal(s.asm.editorActive, false, 'the ring on it, not yet typing into it');
  s = await press('Enter');
  s = await waitForState(page, (t) => t.asm.editorActive, 'Enter: the editor takes the keys');
  assert.equal(s.asm.editor.sourceLength, length, 'Enter entered the editor without typing a new line');
  // The end of the text (the source ends with a new line), then a comment typed there.
  s = await press('Control+End');
  await page.keyboard.type('; tabbed in');
  s = await waitForState(page, (t) => verdictShown(t) && t.asm.editor.sourceLength === length + 11,
                         'the typed comment in the source, compared again', { timeout: 120000 });
  assert.equal(s.asm.editor.errors.length, 0, 'a comment keeps it assembling');
  assert.equal(s.asm.editor.check.equal, true, s.asm.editor.check.verdict);
  s = await press('Escape');
  s = await waitForState(page, (t) => !t.asm.editorActive, 'Escape leaves the editor');
  assert.equal(s.asm.editor.sourceLength, length + 11, 'Escape keeps the text');
  assert.deepEqual(problems, []);
  await context.close();
});

test('hostile sources: a message, the page keeps drawing, the last good routine stays', async () => {
  const { page, context, problems } = await openApp(env, SETUP);
  await sendSource(page, galois('b4'));
  await waitForState(page, verdictShown, 'the good routine compared', { timeout: 120000 });
  const many = Array.from({ length: 10000 }, () => '  lda #300').join('\n');
  const hostile = [
    ['binary junk', 'next: lda #1\n\u0001\u0002\u0000 junk\n', /not text/],
    ['a label twice', 'next: lda #1\nnext: rts\n', /next/],
    ['an operand out of range, 10,000 lines', many, /./],
  ];
  for (const [what, source, message] of hostile) {
    await sendSource(page, source);
    // Assembled in the worker: its errors come with its answer.
    const s = await waitForState(page, (t) => t.asm.editor.waiting === '' && t.asm.editor.errors.length > 0, what,
                                 { timeout: 120000 });
    assert.match(s.asm.editor.errors[0].message, message, what);
    assert.equal(s.asm.editor.good, true, `${what}: the last good routine stays`);
    assert.equal(s.asm.editor.goodIsCurrent, false, what);
    assert.equal(s.asm.editor.check.equal, true, `${what}: its comparison stays`);
  }
  // An endless loop assembles; the stepper stops it, naming where.
  await sendSource(page, 'HI = $84\nLO = $85\nnext: jmp next\n');
  await waitForState(page, (t) => t.asm.editor.goodIsCurrent, 'the endless loop assembled', { timeout: 120000 });
  await command(page, 'run');
  const s = await nextFrames(page, 3);
  assert.match(s.asm.error, /has not returned.*line 3, .jmp next/, s.asm.error);
  await page.screenshot({ path: join(SHOTS, 'asm-edit-hostile@1x.png') });
  assert.deepEqual(problems, []);
  await context.close();
});

test('on a phone: a tap on the editor raises the keyboard; what is typed goes into the source', async () => {
  const DPR = 3;
  const { page, context, problems } = await openApp(env, SETUP + '&src=' + encodeURIComponent(galois('b4')),
                                                    { scale: DPR, width: 390, height: 844, touch: true, isMobile: true });
  let s = await waitForState(page, verdictShown, 'the linked routine compared', { timeout: 120000 });
  const r = s.asm.editorRect.map((v) => v / DPR);
  assert.ok(r[3] > r[1] && r[1] < 844, `the editor is on the first screen: ${r}`);
  await page.touchscreen.tap((r[0] + r[2]) / 2, Math.min((r[1] + r[3]) / 2, r[1] + 20));
  await page.waitForFunction(() => document.activeElement && document.activeElement.id === 'text-proxy');
  const before = s.asm.editor.sourceLength;
  await page.keyboard.type('; phone');
  s = await waitForState(page, (t) => t.asm.editor.sourceLength === before + 7, 'the typed comment in the source');
  assert.equal(s.asm.editor.errors.length, 0, 'a comment keeps it assembling');
  await page.screenshot({ path: join(SHOTS, 'asm-edit-phone.png') });
  assert.deepEqual(problems, []);
  await context.close();
});

test("the routine's output goes to the Check lab: 4,096 bytes, and its LFSR is found out", async () => {
  const { page, context, problems } = await openApp(env, SETUP + '&src=' + encodeURIComponent(galois('b4')));
  let s = await waitForState(page, verdictShown, 'the linked routine compared', { timeout: 120000 });
  const r = s.asm.sendToCheckRect;
  assert.ok(r[2] > r[0], `the button is drawn: ${r}`);
  await page.mouse.click((r[0] + r[2]) / 2, (r[1] + r[3]) / 2);
  s = await waitForState(page, (t) => t.lab === 'check' && t.check?.file?.state === 'done', 'the Check lab read the bytes', { timeout: 120000 });
  assert.equal(s.check.file.report.facts.bytes, 4096);
  // A 16-bit LFSR's bits obey a recurrence of length 16: Berlekamp-Massey finds exactly that.
  assert.equal(s.check.file.report.facts.linear_complexity, 16);
  assert.deepEqual(problems, []);
  await context.close();
});
