// Links that open on their result (run=), the sender's note (note=) and
// lessons made of links (tour=, tt=, step=): every findings entry and every
// built-in lesson step opens with its result on screen and the numbers its
// text names in the hook's state, with no command sent; Next/Back by click,
// key and swipe; hostile notes and lessons give a notice, never markup.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openApp, state, command, setHash, nextFrames } from './browser.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

const JOB = { none: 0, running: 1, done: 2, failed: 3, cancelled: 4 };
const field = (hash, key) => new URLSearchParams(hash.replace(/^#/, '')).get(key);
// The hook answers a command with the new state, or {error} when the app refused it.
const send = async (page, name) => { const r = await command(page, name); return Boolean(r && !r.error); };
const numbers = (text) => [...text.matchAll(/\d[\d,]*(?:\.\d+)?/g)].map((m) => m[0].replace(/,/g, ''));

// Waits until the app has built two more frames (its frame counter) than
// when called: a link or a step the app has already applied is then drawn and
// its run= job started (a frame starts it), so the job's state read next is
// that link's, not the previous one's.
const settle = (page) => nextFrames(page, 2, { timeout: 10000 });
async function until(page, what, predicate, arg, timeout = 30000) {
  try {
    await page.waitForFunction(predicate, arg, { timeout, polling: 50 });
  } catch {
    const s = await state(page);
    assert.fail(`${what}: not reached in ${timeout} ms; state ${JSON.stringify({ hash: s.hash, notices: s.notices, lab: s[s.lab] }).slice(0, 1500)}`);
  }
  return state(page);
}
// Edits the address bar: setHash returns once the page's hashchange handler
// has applied the link (counting frames from the assignment raced: the event
// may come after them, and the state read was the previous link's).
async function go(page, hash) {
  await setHash(page, hash);
  await settle(page);
}

// The result of the job a link's run= names is on screen: finished (or, for
// the 2^32 sweep, running with progress, then cancelled, which drops run=).
async function checkLinkedRun(page, hash, what) {
  const run = field(hash, 'run');
  const s0 = await state(page);
  if (!run) { assert.equal(s0.runText, '', what); return s0; }
  assert.ok(s0.runText.length > 20, `${what}: runText says what the link re-runs`);
  const lab = s0.lab;
  if (lab === 'lfsr') {
    const s = await until(page, `${what} period check`, () => window.shufflelab.state().lfsr.stepJob.state === 2);
    assert.equal(String(s.lfsr.stepJob.period), s.lfsr.period, what);
    return s;
  }
  if (lab === 'dice') {
    const view = s0.dice.view, sides = s0.dice.sides;
    const s = await until(page, `${what} dice sample`, ([v, n]) => {
      const d = window.shufflelab.state().dice;
      const job = v === 'z80' ? d.z80.sample : v === 'expr' ? d.expression.sample : d.sample;
      return job.state === 2 && (v !== 'die' || job.summary.includes(`d${n}`));
    }, [view, sides]);
    return s;
  }
  if (lab === 'shuffle') {
    if (run === 'predict') {
      const s = await until(page, `${what} seed search`, () => window.shufflelab.state().shuffle.predict.jobState === 2, null, 60000);
      assert.ok(s.shuffle.predict.found.includes(s.shuffle.predict.time), `${what}: the search finds the seed ${JSON.stringify(s.shuffle.predict)}`);
      return s;
    }
    const kind = run === 'sample' ? 'sampled' : run;
    const n = Number(field(hash, 'n'));
    const s = await until(page, `${what} bias ${kind}`, ([k, nn]) => {
      const b = window.shufflelab.state().shuffle.bias;
      return b.kind === k && b.jobState === 2 && b.n === nn;
    }, [kind, n], 60000);
    if (kind !== 'law') assert.equal(s.shuffle.bias.counts.length, n * n, what);
    return s;
  }
  if (lab === 'poker') {
    if (run === 'sweep') {
      const s = await until(page, `${what} sweep progress`, () => {
        const w = window.shufflelab.state().poker.sweep;
        return w.state === 1 && w.full && w.progress > 0;
      });
      assert.ok(s.hash.includes('run=sweep'), what);
      assert.ok(await send(page, 'cancel_sweep'), 'cancel_sweep');
      const c = await until(page, `${what} cancelled`, () => window.shufflelab.state().poker.sweep.state === 4, null, 30000);
      assert.ok(!c.hash.includes('run='), `${what}: cancelling drops run= (${c.hash})`);
      return s;
    }
    const slot = run === 'hands' ? 'hands' : 'sweep';
    return until(page, `${what} ${run}`, (k) => window.shufflelab.state().poker[k].state === 2, slot, 60000);
  }
  assert.fail(`${what}: run=${run} on lab ${lab}`);
}

// The numbers each findings entry's sentence names, checked against what the
// lab's state holds once the entry's link has opened.
const FINDINGS_CHECKS = {
  'The tarot mask is not maximal': (s, text) => {
    const n = numbers(text);
    assert.equal(s.lfsr.tab, 'period');
    assert.equal(s.lfsr.claims.tarotClaimed, n[0]);  // "runs through all 4294967295"
    assert.equal(s.lfsr.period, n.find((x) => x === s.lfsr.period) ?? 'missing', text);
    assert.ok(text.includes(`after ${s.lfsr.period} bit-steps`), text);
    const share = Number(text.match(/([\d.]+)% of all seeds/)[1]);
    assert.equal(Math.round(s.lfsr.analysis.weakShare * 1000) / 10, share);
    const masks = text.match(/maximal at 32 bits: ([A-F0-9, ]+)\./)[1].split(', ');
    assert.deepEqual(s.lfsr.analysis.maximalMasks, masks);
    assert.ok(text.includes(`Only ${masks.length} top-byte`));
  },
  'A fixed point in the Z80 routine': (s, text) => {
    assert.equal(s.lfsr.maxPeriod, text.match(/longest cycle is (\d+) calls/)[1]);
    assert.equal(s.lfsr.period, text.match(/repeats after (\d+) call/)[1]);
    assert.equal(Math.round(s.lfsr.analysis.weakShare * 1000) / 10, Number(text.match(/([\d.]+)% of seeds/)[1]));
  },
  'The d20 that works by accident': (s, text) => {
    const [, zero, total] = text.match(/face 20 would get (\d+) of the (\d+) inputs/);
    assert.equal(s.dice.exact.total, total);
    assert.equal(s.dice.exact.counts[19], zero);
    assert.equal(String(s.dice.z80.printedRollDieFace20), text.match(/face 20 comes from (\d+) of the/)[1]);
  },
  // All 256 bytes through the article's MAXU8 loop (the mask halves until the value is below 101), counted here.
  "MAXU8's doubled band for 1-100": (s, text) => {
    const counts = Array(101).fill(0);
    for (let x = 0; x < 256; x++) {
      let a = x, mask = 0xff;
      while (a >= 101) { mask >>= 1; a &= mask; }
      counts[a]++;
    }
    const first = counts.indexOf(4), last = counts.lastIndexOf(4);
    assert.ok(text.includes(`only values ${first}-${last} (faces ${first + 1}-${last + 1} `), text);
    assert.deepEqual(s.dice.exact.counts.map(Number), counts);
  },
  "The coin-flip roller's overshoot": (s, text) => {
    const e = s.dice.exact;
    const p = (k) => Number(e.counts[k]) / Number(e.total);
    const [, den, p0] = text.match(/cards 0-1 come up with probability 1\/(\d+) = ([\d.]+) each/);
    assert.equal(p(0), 1 / Number(den));
    assert.equal(p(1), p(0));
    assert.equal(p(0).toFixed(p0.split('.')[1].length), p0);
    const p77 = text.match(/cards \d+-77 with ([\d.]+)/)[1];
    assert.equal(p(77).toFixed(p77.split('.')[1].length), p77);
    const flips = text.match(/spends ([\d.]+) coin flips/)[1];
    assert.equal(e.expectedBits.toFixed(flips.split('.')[1].length), flips);
  },
  'rand() / RAND_MAX scaling': (s, text) => {
    const [num, den] = s.dice.exact.maxMinRatio.split('/').map(Number);
    const ratio = text.match(/([\d.]+) times as likely/)[1];
    assert.equal((num / den).toFixed(ratio.split('.')[1].length), ratio);
    assert.equal(s.dice.exact.rejected, text.match(/(\d+) value is thrown away/)[1]);
  },
  'How many decks can a seed reach?': (s, text) => {
    const log2Orders = text.match(/about 2\^(\d+\.\d)/)[1];
    assert.equal(s.shuffle.reach.log2Factorial.toFixed(1), log2Orders);
    const bits = Number(text.match(/(\d+)-bit number/)[1]);
    assert.ok(s.shuffle.reach.rows.some((r) => r.label.startsWith('shuffle.c') && r.log2 === bits));
    assert.equal((bits - s.shuffle.reach.log2Factorial).toFixed(1), text.match(/about 2\^(-\d+\.\d) of all/)[1]);
  },
  "One Chip's worst deal": (s, text) => {
    assert.equal(s.poker.calls, Number(text.match(/needs (\d+) LCRNG calls/)[1]));
    assert.equal(s.poker.tooHigh, Number(text.match(/(\d+) draws too high/)[1]));
    assert.equal(s.poker.duplicates, Number(text.match(/(\d+) duplicates/)[1]));
    assert.equal(s.poker.seed, text.match(/from seed ([0-9A-F]{8})/)[1]);
  },
  'Striking a card with PDEP': (s) => {
    const { before, after, card } = s.shuffle.pdep;
    assert.equal(BigInt('0x' + before) & ~(1n << BigInt(card)), BigInt('0x' + after));
  },
  // The exact matrix the link's run=exact computes in the worker holds the cell the text names.
  'Where array.sort(() => Math.random() - 0.5) puts the first card': (s, text) => {
    const [, position, a, b] = text.match(/card 0 ends at position (\d+) with chance [\d.]+% instead of 12\.5%, exactly (\d+)\/(\d+)/);
    const bias = s.shuffle.bias;
    const n = bias.n;
    const cell = bias.weights ? BigInt(bias.weights[Number(position) * n]) : BigInt(bias.counts[Number(position) * n]);
    const total = BigInt(bias.total);
    assert.equal(cell * BigInt(b), total * BigInt(a), `${cell}/${total} vs ${a}/${b}`);
    for (let p = 0; p < n; p++) {  // and it is the most likely position of card 0
      const other = BigInt(bias.weights ? bias.weights[p * n] : bias.counts[p * n]);
      assert.ok(other <= cell, `position ${p}`);
    }
  },
  // Bayer and Diaconis, "Trailing the dovetail shuffle to its lair" (1992), Table 1, 52 cards.
  'Seven riffles': (s, text) => {
    assert.equal(s.shuffle.algo, 'riffle');
    for (const [k, d] of [[5, '0.924'], [6, '0.614'], [7, '0.334'], [8, '0.167']]) assert.ok(text.includes(`${k}: ${d}`), text);
    assert.ok(text.includes('first at k = 7'), text);
  },
  // An out-shuffle of 52 cards replayed here until the deck is back in order.
  'Eight perfect shuffles undo themselves': (s, text) => {
    let deck = [...Array(52).keys()];
    let order = 0;
    do {
      deck = deck.flatMap((_, i) => (i < 26 ? [deck[i], deck[26 + i]] : []));
      order++;
    } while (deck.some((c, i) => c !== i));
    assert.ok(text.includes(`all: ${order} of them bring 52 cards back`), text);
  },
  // xorshift16 (7, 9, 8) and xorshift32 (13, 17, 5) are full-period: 2^w - 1 nonzero states (Marsaglia 2003).
  'Two bytes of state': (s, text) => {
    assert.equal(s.lfsr.maxPeriod, String(2 ** 16 - 1));
    assert.ok(text.includes('all 65,535 nonzero states'), text);
    assert.ok(text.includes(`runs ${(2 ** 32 - 1).toLocaleString('en-US')} steps`), text);
  },
  "The naive shuffle's uneven first position": (s, text) => {
    const b = s.shuffle.bias;
    assert.equal(b.total, Number(text.match(/gives (\d+) equally likely/)[1]));
    const [, c0, of, c1, c2] = text.match(/in (\d+) of (\d+) cases, card 1 in (\d+), card 2 in (\d+)/);
    assert.equal(b.total, Number(of));
    assert.deepEqual(b.counts.slice(0, 3), [c0, c1, c2].map(Number));
  },
};

// The walks through every finding and lesson use a small window: state and
// results are under test there, and each frame is drawn in software GL.
const SMALL = { width: 640, height: 480 };

test('every findings entry opens with its result and the numbers its text names, no command sent', async () => {
  const { page, context, problems } = await openApp(env, '#v=1&lab=findings');
  const entries = (await state(page)).findings.entries;
  await context.close();
  assert.ok(entries.length >= 9);
  assert.deepEqual(entries.map((e) => e.title).sort(), Object.keys(FINDINGS_CHECKS).sort(), 'a check for every entry');
  for (const entry of entries) {
    // A fresh page per entry: the link is what the reader opens, nothing else.
    const opened = await openApp(env, entry.link, SMALL);
    await settle(opened.page);
    const s0 = await state(opened.page);
    assert.deepEqual(s0.notices, [], entry.title);
    const s = field(entry.link, 'run') ? await checkLinkedRun(opened.page, entry.link, entry.title) : s0;
    assert.equal(s.hash, entry.link, `${entry.title}: the app writes the link back unchanged`);
    FINDINGS_CHECKS[entry.title](s, entry.text);
    assert.deepEqual(opened.problems, [], entry.title);
    await opened.context.close();
  }
});

test('a sampled bias link opened twice shows the same counts; changing an input or cancelling drops run=', async () => {
  const link = '#v=1&lab=shuffle&algo=sattolo&n=5&seed=7&shuffles=10000&run=sample';
  const seen = [];
  for (let i = 0; i < 2; i++) {
    const { page, context, problems } = await openApp(env, link);
    await settle(page);
    const s = await checkLinkedRun(page, link, `sattolo open ${i + 1}`);
    assert.equal(s.shuffle.bias.total, 10000);
    assert.ok(s.hash.includes('run=sample'), s.hash);
    // Sattolo makes one cycle: no card stays where it was.
    for (let k = 0; k < 5; k++) assert.equal(s.shuffle.bias.counts[k * 5 + k], 0);
    seen.push(s.shuffle.bias.counts);
    assert.deepEqual(problems, []);
    await context.close();
  }
  assert.deepEqual(seen[0], seen[1]);

  // Dice: a finished sample keeps run=; a new seed drops it. A long one cancelled drops it too.
  const { page, context, problems } = await openApp(env, '#v=1&lab=dice&method=modulo&sides=6&bits=8&gen=z80&seed=0123456789ABCDEF&rolls=100000&view=die&run=sample');
  await settle(page);
  let s = await checkLinkedRun(page, (await state(page)).hash, 'dice sample');
  assert.ok(s.hash.includes('run=sample'));
  assert.ok(await send(page, 'seed=00000000000000FF'));
  s = await until(page, 'new seed drops run=', () => !window.shufflelab.state().hash.includes('run='), null, 30000);
  assert.equal(s.dice.seed, '00000000000000FF');
  // The long sample's link opens, its job starts (a frame) and is cancelled in one task of the page, so the
  // workers cannot finish it in between (a hundred million rolls took under a second here: waiting to see it
  // running and then cancelling raced with its end on a busy machine).
  const longLink = '#v=1&lab=dice&method=modulo&sides=6&bits=8&gen=z80&seed=0123456789ABCDEF&rolls=100000000&view=die&run=sample';
  const { running, cancelled } = await page.evaluate((link) => {
    history.replaceState(null, '', link);
    window.Module.ccall('shufflelab_set_hash', null, ['string'], [link]);
    window.shufflelab.command('burn_frames=1');
    return { running: window.shufflelab.state(), cancelled: window.shufflelab.command('cancel') };
  }, longLink);
  assert.equal(running.dice.sample.state, JOB.running);
  assert.equal(running.dice.rolls, 100000000);
  assert.ok(running.hash.includes('run=sample'), running.hash);
  assert.equal(cancelled.dice.sample.state, JOB.cancelled);
  s = await until(page, 'cancel drops run=', () => !window.shufflelab.state().hash.includes('run='), null, 30000);
  assert.equal(s.dice.sample.state, JOB.cancelled);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a sweep link shows progress and can be cancelled', async () => {
  const link = '#v=1&lab=poker&seed=00000001&t=0&run=sweep';
  const { page, context, problems } = await openApp(env, link);
  await settle(page);
  assert.match((await state(page)).runText, /4,294,967,296 seeds/);
  await checkLinkedRun(page, link, 'sweep link');  // progress > 0, cancel, run= gone
  assert.deepEqual(problems, []);
  await context.close();
});

test('Next/Back by click on the lesson bar, by PageDown/PageUp, and by swipe', async () => {
  const { page, context, problems } = await openApp(env, '#v=1&tour=loaded-dice&step=2');
  const bar = page.locator('#lesson-bar');
  await bar.waitFor({ state: 'visible', timeout: 10000 });
  const stepIs = (k, what) => until(page, what, (kk) => window.shufflelab.state().tour.step === kk, k, 30000);
  await bar.locator('.lesson-back').click();
  await stepIs(1, 'click < Back');
  await bar.locator('.lesson-next').click();
  await stepIs(2, 'click Next >');
  await bar.locator('.lesson-next').click();
  await stepIs(3, 'click Next > again');
  // Page Down / Up on the canvas (the app's keys) and on the bar's focused button (the bar's).
  await page.focus('#canvas');
  await page.keyboard.press('PageDown');
  let s = await stepIs(4, 'PageDown');
  assert.ok(s.hash.endsWith('step=4'));
  await page.keyboard.press('PageUp');
  await stepIs(3, 'PageUp');
  await bar.locator('.lesson-next').focus();
  await page.keyboard.press('PageDown');
  await stepIs(4, 'PageDown on the bar');
  await bar.locator('.lesson-step[data-step="1"]').click();
  await stepIs(1, 'click on step 1');
  // The bar is redrawn from the page view after the step changes: wait for it, then check it marks one step.
  await bar.locator('.lesson-step[data-step="1"][aria-current="step"]').waitFor({ state: 'attached', timeout: 30000 });
  assert.equal(await bar.locator('.lesson-step[aria-current="step"]').textContent(), '1');
  assert.deepEqual(problems, []);
  await context.close();

  // Swipes at device scale factor 2, in CSS pixels on the bar.
  const t = await openApp(env, '#v=1&tour=loaded-dice&step=2', { touch: true, scale: 2 });
  const tbar = t.page.locator('#lesson-bar');
  await tbar.waitFor({ state: 'visible', timeout: 10000 });
  const cdp = await t.context.newCDPSession(t.page);
  const swipe = async (fromX, fromY, dx) => {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: fromX, y: fromY }] });
    for (let i = 1; i <= 5; i++)
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: fromX + (dx * i) / 5, y: fromY }] });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  };
  const box = await tbar.locator('.lesson-text').boundingBox();
  const sx = box.x + box.width * 0.7, sy = box.y + box.height / 2;
  await swipe(sx, sy, -200);
  await until(t.page, 'swipe left: next', () => window.shufflelab.state().tour.step === 3, null, 30000);
  await swipe(sx, sy, 200);
  await until(t.page, 'swipe right: back', () => window.shufflelab.state().tour.step === 2, null, 30000);
  // A swipe on the canvas, below the lesson bar, does not turn the page.
  const barBox = await tbar.boundingBox();
  await swipe(sx, barBox.y + barBox.height + 150, -200);
  await settle(t.page);
  assert.equal((await state(t.page)).tour.step, 2, 'swipe outside the bar');
  assert.deepEqual(t.problems, []);
  await t.context.close();
});

// Where each of the bar's controls is, in CSS pixels, and whether its label fits.
const barLayout = (page) => page.evaluate(() => {
  const out = {};
  for (const name of ['lesson-bar', 'lesson-back', 'lesson-next', 'lesson-leave', 'lesson-count', 'lesson-text']) {
    const el = name === 'lesson-bar' ? document.getElementById('lesson-bar') : document.querySelector('#lesson-bar .' + name);
    const r = el.getBoundingClientRect();
    out[name] = { x: r.x, y: r.y, w: r.width, h: r.height, cut: el.scrollWidth > el.clientWidth + 1 };
  }
  const canvas = document.getElementById('canvas').getBoundingClientRect();
  out.canvas = { y: canvas.y, h: canvas.height };
  out.viewport = { w: window.innerWidth, h: window.innerHeight };
  return out;
});

test('a phone (390x844, touch): the lesson bar stays on screen, labels whole, Back and Next in fixed places', async () => {
  const { page, context, problems } = await openApp(env, '#v=1&tour=how-to-shuffle&step=1',
                                                    { width: 390, height: 844, scale: 3, isMobile: true });
  await page.locator('#lesson-bar').waitFor({ state: 'visible', timeout: 10000 });
  const steps = (await state(page)).tour.steps;
  let first = null;
  for (let k = 1; k <= steps; k++) {
    if (k > 1) {
      await page.locator('#lesson-bar .lesson-next').tap();
      await until(page, `tap Next to ${k}`, (kk) => window.shufflelab.state().tour.step === kk, k, 30000);
    }
    await settle(page);
    const l = await barLayout(page);
    const what = `step ${k}`;
    // On screen, at the bottom, and the canvas above it (nothing of the lab under the bar).
    assert.ok(l['lesson-bar'].y >= 0 && l['lesson-bar'].y + l['lesson-bar'].h <= l.viewport.h + 0.5, `${what}: ${JSON.stringify(l)}`);
    assert.ok(l.canvas.y + l.canvas.h <= l['lesson-bar'].y + 0.5, `${what}: the canvas ends above the bar ${JSON.stringify(l)}`);
    for (const name of ['lesson-back', 'lesson-next', 'lesson-leave', 'lesson-count'])
      assert.equal(l[name].cut, false, `${what}: ${name} is cut`);
    assert.match(await page.locator('#lesson-bar .lesson-count').textContent(), new RegExp(`^step ${k} of ${steps}$`));
    // Thumb targets at least 44 CSS px high, in the same place on every step.
    assert.ok(l['lesson-back'].h >= 44 && l['lesson-next'].h >= 44, what);
    first ??= l;
    for (const name of ['lesson-back', 'lesson-next'])
      for (const c of ['x', 'y', 'w', 'h']) assert.equal(l[name][c], first[name][c], `${what}: ${name}.${c} moved`);
  }
  assert.deepEqual(problems, []);
  await context.close();
});

test('a phone: a swipe that starts on the tab row switches neither the tab nor the step; a tap on a tab does', async () => {
  const { page, context, problems } = await openApp(env, '#v=1&tour=how-to-shuffle&step=1', { width: 390, height: 844, scale: 3, isMobile: true });
  await page.locator('#lesson-bar').waitFor({ state: 'visible', timeout: 10000 });
  await settle(page);
  let s = await until(page, 'the tab row drawn', () => window.shufflelab.state().legibility.tabs !== null, null, 10000);
  assert.equal(s.shuffle.tab, 'bias');
  const [x0, y0, , y1] = s.legibility.tabs;  // CSS px in the canvas, which starts at the page's top on a phone
  const canvasTop = await page.evaluate(() => document.getElementById('canvas').getBoundingClientRect().top);
  const x = x0 + 30, y = canvasTop + (y0 + y1) / 2;  // on the first tab, Animate
  const cdp = await context.newCDPSession(page);
  for (const dx of [-200, 200, 120]) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
    for (let i = 1; i <= 5; i++)
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x + (dx * i) / 5, y }] });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    s = await settle(page);
    assert.equal(s.shuffle.tab, 'bias', `a swipe of ${dx} px from the tab row`);
    assert.equal(s.tour.step, 1, `a swipe of ${dx} px from the tab row`);
  }
  await page.touchscreen.tap(x, y);
  s = await until(page, 'a tap on Animate', () => window.shufflelab.state().shuffle.tab === 'animate', null, 30000);
  assert.equal(s.tour.step, 1);
  assert.deepEqual(problems, []);
  await context.close();
});

test('a dropped .txt lesson file opens as a lesson; embed=1 shows the lesson bar', async () => {
  const { page, context, problems } = await openApp(env, '#v=1&lab=about');
  const lesson = 'title\tDropped lesson\n#v=1&lab=dice&method=modulo&sides=6\tSix faces, <b>literally</b>\n#v=1&lab=poker&seed=00000005&t=2\tPoker\n';
  await page.evaluate((text) => {
    const dt = new DataTransfer();
    dt.items.add(new File([text], 'lesson.txt', { type: 'text/plain' }));
    window.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
  }, lesson);
  let s = await until(page, 'dropped lesson', () => window.shufflelab.state().tour?.title === 'Dropped lesson', null, 30000);
  assert.equal(s.tour.steps, 2);
  assert.equal(s.tour.text, 'Six faces, <b>literally</b>');
  assert.equal(s.lab, 'dice');
  assert.equal(s.dice.sides, 6);
  assert.ok(s.hash.includes('&tt='), s.hash);
  assert.ok(await send(page, 'tour_next'));
  s = await state(page);
  assert.equal(s.lab, 'poker');
  assert.equal(s.poker.seed, '00000005');
  assert.deepEqual(problems, []);
  await context.close();

  const e = await openApp(env, '#v=1&embed=1&tour=how-to-shuffle&step=2');
  await e.page.locator('#lesson-bar').waitFor({ state: 'visible', timeout: 10000 });
  s = await state(e.page);
  assert.equal(s.embed, true);
  assert.equal(s.tour.id, 'how-to-shuffle');
  assert.equal(s.tour.step, 2);
  assert.equal(s.nav && Object.keys(s.nav).length, 0, 'no navigation column when embedded');
  await checkLinkedRun(e.page, s.hash, 'embedded step 2');
  assert.ok(await send(e.page, 'tour_next'));
  s = await state(e.page);
  assert.equal(s.embed, true, 'the next step stays embedded');
  assert.equal(s.tour.step, 3);
  assert.deepEqual(e.problems, []);
  await e.context.close();
});

test('notes: plain text shown, hostile ones dropped with a notice, never markup', async () => {
  const { page, context, problems } = await openApp(env, '#v=1&lab=dice&sides=6&note=Hello%20%3Cscript%3Ealert(1)%3C%2Fscript%3E%20%3Cimg%20src%3Dx%20onerror%3Dalert(2)%3E');
  const dom0 = await page.evaluate(() => ({ scripts: document.querySelectorAll('script').length, all: document.querySelectorAll('*').length - document.querySelectorAll('#text-view *, #lesson-bar *').length }));
  let s = await state(page);
  assert.equal(s.note, 'Hello <script>alert(1)</script> <img src=x onerror=alert(2)>');
  assert.deepEqual(s.notices, []);
  assert.ok(s.hash.includes('&note=Hello%20%3Cscript%3E'), s.hash);
  await settle(page);
  const dropped = {
    'control character': 'abc%07def',
    'new line': 'abc%0Adef',
    'RTL override': 'abc%E2%80%AEdef',
    'invalid UTF-8': 'abc%C3%28',
    'truncated escape': 'abc%E',
    '281 characters': 'a'.repeat(281),
  };
  for (const [what, note] of Object.entries(dropped)) {
    await go(page, `#v=1&lab=dice&sides=7&note=${note}`);
    s = await state(page);
    assert.equal(s.note, '', what);
    assert.equal(s.notices.length, 1, `${what}: ${JSON.stringify(s.notices)}`);
    assert.match(s.notices[0], /note/, what);
    assert.equal(s.dice.sides, 7, `${what}: the rest of the link still opens`);
    assert.ok(!s.hash.includes('note='), what);
  }
  // 280 characters (not bytes) is the limit: 280 two-byte characters pass.
  await go(page, `#v=1&lab=dice&sides=8&note=${'%C3%A9'.repeat(280)}`);
  s = await state(page);
  assert.equal(s.note, '\u00e9'.repeat(280));
  assert.deepEqual(s.notices, []);
  // 10 KB: over the link limit, refused whole with a notice.
  await go(page, `#v=1&lab=dice&sides=9&note=${'x'.repeat(10240)}`);
  s = await state(page);
  assert.equal(s.note, '');
  assert.equal(s.notices.length, 1);
  const dom1 = await page.evaluate(() => ({
    scripts: document.querySelectorAll('script').length, all: document.querySelectorAll('*').length - document.querySelectorAll('#text-view *, #lesson-bar *').length,
    // The page's own text; the text view mirrors the lesson's words as plain text, which may name "alert".
    imgs: document.querySelectorAll('img').length,
    text: Array.from(document.body.children).filter((e) => e.id !== 'text-view' && e.id !== 'lesson-bar').map((e) => e.innerText).join('\n'),
  }));
  assert.equal(dom1.scripts, dom0.scripts);
  assert.equal(dom1.all, dom0.all, 'no element created from a note');
  assert.equal(dom1.imgs, 0);
  assert.ok(!dom1.text.includes('Hello') && !dom1.text.includes('alert'));
  assert.deepEqual(await page.evaluate(() => window.shufflelab.errors ?? []), []);
  assert.deepEqual(problems, []);
  await context.close();
});

test('hostile lessons: a notice and the last valid state, no markup, a flat heap', async () => {
  const { page, context, problems } = await openApp(env, '#v=1&lab=poker&seed=00000002&t=3');
  await settle(page);
  const dom0 = await page.evaluate(() => ({ scripts: document.querySelectorAll('script').length, all: document.querySelectorAll('*').length - document.querySelectorAll('#text-view *, #lesson-bar *').length }));
  const good = '#v=1&lab=poker&seed=00000002&t=3';
  const line = (i) => `#v=1&lab=dice&sides=${(i % 90) + 2}\tstep ${i}`;
  const huge = Array.from({ length: 10000 }, (_, i) => line(i)).join('\n');
  const badTexts = {
    '10,000 steps': huge,
    'not a link': 'hello\tworld',
    'no tab': '#v=1&lab=dice&sides=6 Six',
    'malformed line after a good one': `${line(1)}\n#v=1&lab=dice&sides=zz\tbad value`,
    'control character': '#v=1&lab=dice\tab\u0007cd',
    'RTL override': '#v=1&lab=dice\tab\u202Ecd',
    'text over 280 characters': `#v=1&lab=dice\t${'y'.repeat(281)}`,
    'no steps': '; only a comment\n\n',
    '10 KB of markup': `#v=1&lab=dice\t${'<script>alert(1)</script>'.repeat(410)}`,
  };
  const heap = [];
  for (let round = 0; round < 3; round++) {
    for (const [what, text] of Object.entries(badTexts)) {
      assert.equal(await send(page, 'tour_text=' + encodeURIComponent(text)), false, `${what}: refused`);
      const s = await state(page);
      assert.equal(s.notices.length, 1, `${what}: ${JSON.stringify(s.notices)}`);
      assert.equal(s.tour, null, what);
      assert.equal(s.hash, good, `${what}: the last valid state stays`);
    }
    // The same through the link's tt= field (the link is refused or the tour dropped, with a notice).
    for (const [what, text] of round === 0 ? Object.entries(badTexts) : []) {
      await go(page, '#v=1&lab=dice&sides=5&tt=' + encodeURIComponent(text) + '&step=1');
      const s = await state(page);
      assert.equal(s.tour, null, `tt ${what}`);
      assert.ok(s.notices.length >= 1, `tt ${what}: ${JSON.stringify(s.notices)}`);
      assert.ok(!s.hash.includes('tt='), `tt ${what}`);
    }
    await go(page, good);
    await command(page, 'burn_frames=100');
    heap.push((await state(page)).heap);
  }
  // A valid lesson with markup in it: text only.
  assert.ok(await send(page, 'tour_text=' + encodeURIComponent('title\tMy <script>x</script>\n#v=1&lab=dice&sides=6\tSix <img src=x onerror=alert(1)>')));
  let s = await state(page);
  assert.equal(s.tour.title, 'My <script>x</script>');
  assert.equal(s.tour.text, 'Six <img src=x onerror=alert(1)>');
  await settle(page);
  // The lesson bar shows the words as written, as text.
  assert.deepEqual(await page.evaluate(() => {
    const bar = document.getElementById('lesson-bar');
    return [bar.querySelector('.lesson-title').textContent, bar.querySelector('.lesson-text').textContent,
      bar.querySelectorAll('img, script').length];
  }), ['My <script>x</script>', 'Six <img src=x onerror=alert(1)>', 0]);
  // A teacher's tour of 200 steps (the most) opens from its text, but its link is too long for tt=: the link keeps the step's state.
  const many = Array.from({ length: 200 }, (_, i) => line(i)).join('\n');
  assert.ok(await send(page, 'tour_text=' + encodeURIComponent(many)));
  s = await state(page);
  assert.equal(s.tour.steps, 200);
  assert.ok(s.hash.length <= 2048 && !s.hash.includes('tt='), s.hash.slice(0, 200));
  const dom1 = await page.evaluate(() => ({
    scripts: document.querySelectorAll('script').length, all: document.querySelectorAll('*').length - document.querySelectorAll('#text-view *, #lesson-bar *').length,
    // The page's own text; the text view mirrors the lesson's words as plain text, which may name "alert".
    imgs: document.querySelectorAll('img').length,
    text: Array.from(document.body.children).filter((e) => e.id !== 'text-view' && e.id !== 'lesson-bar').map((e) => e.innerText).join('\n'),
  }));
  assert.equal(dom1.scripts, dom0.scripts);
  assert.equal(dom1.all, dom0.all);
  assert.equal(dom1.imgs, 0);
  assert.ok(!dom1.text.includes('alert'));
  const used = heap.map((h) => h.inUseBytes);
  console.log(`# heap in use after each round of hostile lessons (bytes): ${used.join(', ')}`);
  assert.ok(used[2] - used[1] < 16 * 1024, `heap grows over hostile opens: ${used.join(', ')}`);
  assert.equal(heap[2].wasmBytes, heap[0].wasmBytes);
  assert.deepEqual(problems, []);
  await context.close();
});
