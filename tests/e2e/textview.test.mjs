// The text view (web/textview.js + core/lab_text): what each lab shows is in
// the accessibility tree as text, the "Text view" button shows it as a panel
// whose numbers can be selected, a hostile note stays text, and updates are
// throttled while a lab plays.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openApp, state, command } from './browser.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

const viewText = (page) => page.evaluate(() => document.getElementById('text-view-body').textContent);
async function waitForText(page, needle) {
  await page.waitForFunction((n) => document.getElementById('text-view-body').textContent.includes(n), needle, { timeout: 10000 });
}

test('LFSR mask CF seed 1: title and 3757580295 in the accessibility tree', async () => {
  const { page, context, problems } = await openApp(env, '#v=1&lab=lfsr&seed=00000001&mask=CF&t=0');
  await waitForText(page, '3757580295');
  const snapshot = await page.locator('body').ariaSnapshot();
  assert.match(snapshot, /heading "LFSR"/, snapshot);
  assert.ok(snapshot.includes('3757580295'), snapshot);
  // The canvas points at the text view; the section is a labelled live region.
  const attrs = await page.evaluate(() => ({
    canvas: document.getElementById('canvas').getAttribute('aria-label'),
    live: document.getElementById('text-view').getAttribute('aria-live'),
    display: getComputedStyle(document.getElementById('text-view')).display,
  }));
  assert.match(attrs.canvas, /text view/i);
  assert.equal(attrs.live, 'polite');
  assert.notEqual(attrs.display, 'none');  // hidden visually, not from screen readers
  assert.deepEqual(problems, []);
  await context.close();
});

test('every lab: its title and a key number', async () => {
  // 2^32 - 1 - 3757580295 ... the numbers below are derived by hand: the tarot
  // README finding, d20 on bytes, the 52-card deck, One Chip's 39-call worst deal.
  const labs = [
    ['#v=1&lab=lfsr&seed=00000001&mask=CF&t=0', 'LFSR', (s) => ['3757580295', 'Seed: 00000001']],
    ['#v=1&lab=dice&method=mulhi-minus1&sides=20&bits=8', 'Dice', (s) => [`d${s.dice.sides} from 8-bit words`, 'Face 20: probability 0 ']],
    ['#v=1&lab=shuffle&algo=fisher-yates&n=52&t=0', 'Shuffle', (s) => [`Deck: ${s.shuffle.n} cards`]],
    ['#v=1&lab=poker&seed=932D217C&t=39', 'One Chip poker', () => ['Call 39 of 39', 'verdict: dealt', 'Seed: 932D217C']],
    ['#v=1&lab=asm', 'Assembly', () => ['Instructions executed: 0,']],
    ['#v=1&lab=findings', 'Findings', () => ['3757580295', 'One Chip\'s worst deal']],
    ['#v=1&lab=about', 'About', () => ['#v=1&lab=dice']],
  ];
  const { page, context, problems } = await openApp(env, '');
  for (const [hash, title, keys] of labs) {
    await page.evaluate((h) => { location.hash = h; }, hash);
    const s = await state(page);
    for (const key of keys(s)) await waitForText(page, key);
    const first = await page.evaluate(() => document.querySelector('#text-view-body h2')?.textContent);
    assert.equal(first, title, hash);
  }
  assert.deepEqual(problems, []);
  await context.close();
});

test('the Text view button shows the text, which can be selected', async () => {
  const { page, context } = await openApp(env, '#v=1&lab=poker&seed=932D217C&t=39');
  await waitForText(page, 'Call 39 of 39');
  const button = page.getByRole('button', { name: 'Text view' });
  assert.equal(await button.getAttribute('aria-pressed'), 'false');
  // Reachable from the keyboard: Shift+Tab leaves the focused canvas for the button.
  await page.focus('#canvas');
  await page.keyboard.press('Shift+Tab');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'text-view-toggle');
  await page.keyboard.press('Enter');
  assert.equal(await button.getAttribute('aria-pressed'), 'true');
  const box = await page.locator('#text-view').boundingBox();
  assert.ok(box.width > 200 && box.height > 200, JSON.stringify(box));
  const item = page.locator('#text-view li', { hasText: 'Call 39 of 39' });
  assert.ok(await item.isVisible());
  await item.selectText();
  const selected = await page.evaluate(() => String(window.getSelection()));
  assert.ok(selected.includes('Call 39 of 39'), selected);
  await button.click();
  assert.equal(await button.getAttribute('aria-pressed'), 'false');
  const hidden = await page.locator('#text-view').boundingBox();
  assert.ok(!hidden || hidden.width <= 1, JSON.stringify(hidden));
  await context.close();
});

test('a hostile note creates no element and appears only as text', async () => {
  const note = 'Hi <img src=x onerror=window.pwned=1> <script>window.pwned=2</script>';
  const { page, context, problems } = await openApp(env, '#v=1&lab=poker&seed=00000002&t=3');
  await waitForText(page, 'Seed: 00000002');
  const count = () => page.evaluate(() => ({
    all: document.querySelectorAll('*').length, imgs: document.querySelectorAll('img').length,
    scripts: document.querySelectorAll('script').length,
  }));
  const before = await count();
  await page.evaluate((n) => { location.hash = '#v=1&lab=poker&seed=00000002&t=3&note=' + encodeURIComponent(n); }, note);
  await waitForText(page, note);
  const afterNote = await count();
  // The note is one more <p> in the view: nothing else.
  assert.equal(afterNote.all, before.all + 1);
  assert.equal(afterNote.imgs, 0);
  assert.equal(afterNote.scripts, before.scripts);
  const p = await page.evaluate(() => Array.from(document.querySelectorAll('#text-view-body p')).map((e) => [e.children.length, e.textContent]));
  assert.ok(p.some(([kids, text]) => kids === 0 && text.includes(note)), JSON.stringify(p));
  assert.equal(await page.evaluate(() => window.pwned), undefined);
  // A seed with markup is refused (a notice), never shown as markup.
  await page.evaluate(() => { location.hash = '#v=1&lab=lfsr&seed=<img src=x onerror=window.pwned=3>'; });
  await waitForText(page, 'Seed: ');
  assert.equal(await page.evaluate(() => document.querySelectorAll('img').length), 0);
  assert.ok(!(await viewText(page)).includes('onerror'));
  assert.equal(await page.evaluate(() => window.pwned), undefined);
  assert.deepEqual(problems, []);
  await context.close();
});

test('updates are throttled while the LFSR lab plays', async () => {
  const { page, context } = await openApp(env, '#v=1&lab=lfsr&seed=DEADBEEF&mask=CF&t=0');
  await waitForText(page, 'Seed: DEADBEEF');
  await command(page, 'play');
  await page.evaluate(() => {
    window.textViewUpdates = 0;
    new MutationObserver(() => { window.textViewUpdates++; })
      .observe(document.getElementById('text-view'), { subtree: true, childList: true, characterData: true });
  });
  const t0 = (await state(page)).lfsr.t;
  await page.waitForTimeout(2000);
  const t1 = (await state(page)).lfsr.t;
  const updates = await page.evaluate(() => window.textViewUpdates);
  await command(page, 'pause');
  assert.ok(t1 > t0, `the lab played (${t0} -> ${t1})`);
  assert.ok(updates >= 1 && updates <= 10, `updates in 2 s: ${updates}`);
  // After pausing, the view settles on the shown step.
  const t = (await state(page)).lfsr.t;
  await waitForText(page, `Step t = ${t} bit-step`);
  await context.close();
});
