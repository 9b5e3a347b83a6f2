// The link corpus (tests/links/v1.tsv) in Chromium: each link typed into the
// address bar opens its lab with the stated number of problems, and the
// address bar then shows the canonical link. (The field-by-field meaning of
// each link is checked natively and in wasm by tests/core/link_corpus_test.cpp.)
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openApp, state, setHash, waitForHash } from './browser.mjs';
import { corpus } from './corpus.mjs';

const SENTINEL = '#v=1&lab=poker&seed=00000001&t=0';

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

test(`every corpus link (${corpus.length}) opens in the browser and the address bar shows its canonical form`, async () => {
  assert.ok(corpus.length >= 40);
  // A small window: every link draws frames in software GL, and the address, not the layout, is under test.
  const { page, context, problems } = await openApp(env, SENTINEL, { width: 640, height: 480 });
  for (const { link, canonical, notices, lab } of corpus) {
    // Through a different link first, so each link is a real change of the address. (location.hash
    // equals what was just assigned at once, before the app has seen it: wait for the app's state.)
    await setHash(page, SENTINEL);
    await waitForHash(page, SENTINEL, { timeout: 10000 });
    await setHash(page, link);
    // The app has applied the link (its state) and written its canonical form into the address bar.
    await page.waitForFunction((c) => window.shufflelab.state().hash === c && location.hash === c, canonical, { timeout: 10000 })
      .catch(async () => assert.fail(`${link}: address bar shows ${page.url()}, the app ${(await state(page)).hash}, instead of ${canonical}`));
    const s = await state(page);
    assert.equal(s.hash, canonical, link);
    assert.equal(s.notices.length, notices, `${link}: ${JSON.stringify(s.notices)}`);
    if (lab) assert.equal(s.lab, lab, link);
  }
  assert.deepEqual(problems, []);
  await context.close();
});
