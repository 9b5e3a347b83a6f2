// Present mode (present=1, projectors): the smallest
// text the app drew (the hook's legibility, measured from the frame's glyphs)
// and the lesson bar's computed font sizes at 1920x1080; WCAG AA contrast
// (4.5:1, the WCAG 2.1 relative-luminance formula) of the theme's text, hint
// and mark colours and of the lesson bar in both themes; at 1920x1080, for
// every lab's default link and a lesson step of every lab that has one, the
// result where the viewport shows it, large, and the lesson bar compact.
// (Each lesson step's result on a phone's first screen: lesson_links.test.mjs.)
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openApp, command, goTo, nextFrames, waitForState } from './browser.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });


// WCAG 2.1: relative luminance of an sRGB colour and the contrast ratio of two.
function luminance(hex) {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
const contrast = (a, b) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
};
const cssHex = (rgb) => '#' + rgb.match(/\d+/g).slice(0, 3).map((n) => Number(n).toString(16).padStart(2, '0')).join('');

// The lesson bar's visible text: each element's font size and its colour on the bar's (or its button's) background.
const barText = (page) => page.evaluate(() => {
  const bar = document.getElementById('lesson-bar');
  const out = [];
  for (const el of bar.querySelectorAll('*')) {
    if (!el.textContent.trim() || el.children.length || !el.getClientRects().length) continue;
    const style = getComputedStyle(el);
    if (style.display === 'none' || style.visibility === 'hidden') continue;
    let bg = 'rgba(0, 0, 0, 0)';
    for (let e = el; e && /rgba\(0, 0, 0, 0\)|transparent/.test(bg); e = e.parentElement) bg = getComputedStyle(e).backgroundColor;
    out.push({ cls: el.className, size: parseFloat(style.fontSize), color: style.color, bg, disabled: el.disabled === true });
  }
  return out;
});

for (const theme of ['dark', 'light']) {
  test(`present mode at 1920x1080, ${theme} theme: text 24 CSS px or more, contrast 4.5:1, Next keeps it`, async () => {
    const link = '#v=1&tour=how-to-shuffle&step=2&present=1';
    const { page, context, problems } = await openApp(env, link, { width: 1920, height: 1080 });
    await command(page, `theme=${theme}`);
    await page.locator('#lesson-bar').waitFor({ state: 'visible', timeout: 10000 });
    let s = await waitForState(page, (st) => st.shuffle.bias.jobState === 2 && st.legibility.result !== null && st.prefs.theme === theme,
                                'the naive matrix drawn', { timeout: 60000 });
    s = await nextFrames(page, 2);
    assert.equal(s.present, true);
    assert.ok(s.hash.endsWith('&present=1'), s.hash);
    assert.deepEqual(s.nav, {}, 'no navigation column in present mode');
    assert.ok(s.legibility.text >= 24, `smallest text ${s.legibility.text} CSS px`);
    for (const t of await barText(page)) assert.ok(t.size >= 24, `lesson bar ${t.cls}: ${t.size} px`);
    // (The result's size and place: the 1920x1080 test of every lab below.)
    // Contrast: every text colour of the theme on both backgrounds the app draws.
    const c = s.prefs.colors;
    for (const ink of ['text', 'hint', 'muted', 'accent', 'error', 'good'])
      for (const bg of ['windowBg', 'childBg'])
        assert.ok(contrast(c[ink], c[bg]) >= 4.5, `${theme}: ${ink} ${c[ink]} on ${bg} ${c[bg]}: ${contrast(c[ink], c[bg]).toFixed(2)}`);
    for (const t of await barText(page)) {
      if (t.disabled) continue;  // WCAG exempts inactive controls
      const ratio = contrast(cssHex(t.color), cssHex(t.bg));
      assert.ok(ratio >= 4.5, `${theme} lesson bar ${t.cls}: ${t.color} on ${t.bg}: ${ratio.toFixed(2)}`);
    }
    // Next keeps present mode (a link field, like embed=1); the bar's toggle leaves it, and the link says so.
    await page.locator('#lesson-bar .lesson-next').click();
    s = await waitForState(page, (st) => st.tour.step === 3, 'step 3');
    assert.ok(s.present && s.hash.endsWith('&step=3&present=1'), s.hash);
    await page.locator('#lesson-bar .lesson-present').click();
    s = await waitForState(page, (st) => !st.present, 'present mode left');
    assert.ok(!s.hash.includes('present='), s.hash);
    // The navigation is drawn again in the next frame.
    await waitForState(page, (st) => Object.keys(st.nav).length > 0, 'the navigation back');
    assert.deepEqual(problems, []);
    await context.close();
  });
}

// The views a projector shows, at 1920x1080 with present=1. Every result starts in the top third of the screen.
// `large`: a chart, the bias matrix or the lanes, sized to the room left, so at least 60% of the viewport's height
// (648 of 1080 px: most of the screen, under the lesson bar, the panel's title line, the folded controls and a tab
// row). Results that fit a screen (a register, a deal, a 52-card deck, the chooser's pick) end on it; `longer` ones
// are longer than a screen by nature and scroll (the Check lab's reports, the LFSR stepper's call table).
const PROJECTOR = { width: 1920, height: 1080 };
const VIEWS = [
  { link: '#v=1&tour=how-to-shuffle&step=2', lab: 'shuffle', large: true },
  { link: '#v=1&tour=loaded-dice&step=1', lab: 'dice', large: true },
  { link: '#v=1&tour=gameboy-tarot&step=1', lab: 'lfsr', longer: true },
  { link: '#v=1&lab=lfsr', lab: 'lfsr' },
  { link: '#v=1&lab=dice', lab: 'dice', large: true },
  { link: '#v=1&tour=break-the-shuffle&step=5', lab: 'poker' },
  { link: '#v=1&lab=shuffle', lab: 'shuffle' },
  { link: '#v=1&lab=poker', lab: 'poker' },
  { link: '#v=1&lab=asm', lab: 'asm', large: true },
  { link: '#v=1&lab=choose', lab: 'choose' },
  { link: '#v=1&lab=check', lab: 'check', longer: true },
  { link: '#v=1&lab=findings', lab: 'findings', none: true },
  { link: '#v=1&lab=about', lab: 'about', none: true },
];

// Where the page shows the canvas and the lesson bar, in CSS px of the viewport.
const pageBoxes = (page) => page.evaluate(() => {
  const box = (el) => { const r = el.getBoundingClientRect(); return { top: r.top, bottom: r.bottom, height: r.height }; };
  const bar = document.getElementById('lesson-bar');
  return { canvas: box(document.getElementById('canvas')), bar: bar && !bar.hidden ? box(bar) : null };
});

for (const theme of ['dark', 'light']) {
  test(`1920x1080 present mode, ${theme} theme: every lab's result large and on the screen, text 24 CSS px or more`, async () => {
    const { page, context, problems } = await openApp(env, '#v=1&lab=about&present=1', PROJECTOR);
    await command(page, `theme=${theme}`);
    const misses = [];
    for (const view of VIEWS) {
      const link = `${view.link}&present=1`;
      await goTo(page, link);
      // Every job the link starts done (the workers idle), then drawn.
      await page.waitForFunction(() => window.shufflelabJobs.busy() === 0, null, { timeout: 120000 });
      await waitForState(page, (st) => st.lab === view.lab && st.prefs.theme === theme && (view.none || st.legibility.result !== null),
                         `${link}: its result drawn`, { timeout: 60000 });
      await nextFrames(page, 3);  // drawn after the last result came in
      // A frame with the result (a fresh clone's run once read one without it, right after one with it).
      const s = await waitForState(page, (st) => view.none || st.legibility.result !== null, `${link}: its result drawn again`,
                                   { timeout: 60000 });
      assert.equal(s.present, true, link);
      if (s.legibility.text < 24) misses.push(`${link}: smallest text ${s.legibility.text} CSS px`);
      const { canvas, bar } = await pageBoxes(page);
      const vh = PROJECTOR.height;
      if (bar) {
        for (const t of await barText(page)) if (t.size < 24) misses.push(`${link}: lesson bar ${t.cls} ${t.size} px`);
        // Compact: the step's words and its buttons in at most a fifth of the screen.
        if (bar.height > vh * 0.2) misses.push(`${link}: the lesson bar is ${bar.height} of ${vh} px high`);
      }
      if (view.none) continue;
      const [, y0, , y1] = s.legibility.result;
      const top = canvas.top + y0, bottom = canvas.top + y1;
      console.log(`# ${theme} ${link}: result ${top.toFixed(0)}..${bottom.toFixed(0)} of ${vh} px ` +
                  `(${(((bottom - top) / vh) * 100).toFixed(0)}%), bar ${bar ? bar.height.toFixed(0) : 0} px, text ${s.legibility.text} px`);
      if (top < canvas.top || top > canvas.top + (vh - canvas.top) / 3) misses.push(`${link}: the result starts at ${top} px`);
      if (!view.longer && bottom > vh + 1) misses.push(`${link}: the result ends at ${bottom} px, below the ${vh} px screen`);
      if (view.large && bottom - top < vh * 0.6) misses.push(`${link}: the result is ${(bottom - top).toFixed(0)} of ${vh} px high`);
    }
    assert.deepEqual(misses, []);
    assert.deepEqual(problems, []);
    await context.close();
  });
}

test('normal mode, both themes: hints and (?) marks at 4.5:1', async () => {
  const { page, context, problems } = await openApp(env, '#v=1&lab=dice');
  for (const theme of ['light', 'dark']) {
    await command(page, `theme=${theme}`);
    const s = await waitForState(page, (st) => st.prefs.theme === theme && st.frames > 0, theme);
    const c = (await nextFrames(page, 2)).prefs.colors;
    for (const ink of ['hint', 'muted'])
      for (const bg of ['windowBg', 'childBg'])
        assert.ok(contrast(c[ink], c[bg]) >= 4.5, `${theme}: ${ink} ${c[ink]} on ${bg}: ${contrast(c[ink], c[bg]).toFixed(2)}`);
    assert.equal(s.present, false);
  }
  assert.deepEqual(problems, []);
  await context.close();
});
