// 200+ malformed or hostile fragments: the page never goes blank, throws no
// uncaught exception, shows the notice, and never puts the hash into the DOM.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openApp, state, setHash, nextFrames } from './browser.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

// A fixed-seed generator so the same hashes are tried every run.
const FIXED_COUNT = 17;  // the hand-written ones below: each is malformed and must raise a notice
function* hostileHashes() {
  let x = 0x9e3779b9;
  const next = () => { x ^= x << 13; x >>>= 0; x ^= x >>> 17; x ^= x << 5; x >>>= 0; return x; };
  const fixed = [
    '#v=1&lab=lfsr&seed=zz&mask=', '#v=1&lab=<img src=x onerror=alert(1)>', '#v=1&lab=lfsr&seed=<script>',
    '#v=999&lab=lfsr', '#v=1&lab=lfsr&t=' + '9'.repeat(400), '#v=1&lab=lfsr&width=-1', '#v=1&lab=lfsr&width=1e9',
    '#v=1&lab=lfsr&seed=' + 'F'.repeat(17), '#v=1&lab=lfsr&seed=0', '#v=1&lab=nope', '#v=1&lab=dice&sides=0',
    '#v=1&lab=dice&sides=99999999999', '#v=1&lab=dice&bits=0', '#v=1&lab=dice&method=%00', '#%E0%A4%A',
    '#v=1&lab=lfsr&mask=0x', '#v=1&lab=lfsr&' + 'a=b&'.repeat(600),
  ];
  yield* fixed;
  const alphabet = 'v=1&lab=lfsrdicemaskseedt0123456789ABCDEF<>"\'%#;/\\ \u00e9\u4e2d';
  for (let i = fixed.length; i < 210; i++) {
    const len = next() % 300;
    let h = i % 2 ? '#v=1&lab=lfsr&' : '#';
    for (let k = 0; k < len; k++) h += alphabet[next() % alphabet.length];
    yield h;
  }
}

test('hostile hashes: no blank page, no uncaught error, notice shown, no HTML injection', async () => {
  // A small window: hundreds of links each draw frames in software GL; state and the DOM are under test.
  const { page, context, problems } = await openApp(env, '', { width: 640, height: 480 });
  // The page's own scripts (index.html's and the one app.js adds); no link may add one. (The sandbox's
  // code_sandbox.js, which the first run of a reader's code adds, is the page's own too: not counted.)
  const SCRIPTS = 'script:not([src="code_sandbox.js"])';
  const ownScripts = await page.evaluate((q) => document.querySelectorAll(q).length, SCRIPTS);
  let tried = 0, withNotice = 0;
  const silentFixed = [];
  for (const hash of hostileHashes()) {
    // The state once the page's hashchange handler has applied this hash (after a fixed 5 ms
    // the previous hash's state, and its notice, could still be the one read).
    const s = await setHash(page, hash);
    assert.ok(typeof s.lab === 'string' && s.lab.length > 0, `no state for ${hash.slice(0, 60)}`);
    if (s.notices.length) withNotice++;
    else if (tried < FIXED_COUNT) silentFixed.push(hash.slice(0, 60));
    tried++;
  }
  // Let the last hashes be drawn (two frames built after them), then check the page is still alive and clean.
  await nextFrames(page, 2);
  const dom = await page.evaluate((q) => ({
    imgs: document.querySelectorAll('img').length,
    scripts: document.querySelectorAll(q).length,
    bodyText: document.body.innerText,
    canvasVisible: document.getElementById('canvas').getBoundingClientRect().width > 0,
  }), SCRIPTS);
  assert.equal(dom.imgs, 0);
  assert.equal(dom.scripts, ownScripts, `unexpected scripts: ${dom.scripts}`);
  assert.ok(dom.canvasVisible);
  assert.ok(!dom.bodyText.includes('onerror'));
  assert.ok(tried >= 200);
  // Random text may be a valid link with unknown keys (ignored by design); the
  // hand-written malformed ones must all be reported.
  assert.deepEqual(silentFixed, []);
  console.log(`# ${tried} hostile hashes, ${withNotice} raised a notice`);
  assert.deepEqual(problems, []);
  const after = await state(page);
  assert.ok(after.frames > 0);
  await context.close();
});
