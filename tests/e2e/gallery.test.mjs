// Every findings-gallery entry opens in Chromium at exactly the promised
// state: the app writes back the entry's link unchanged, with no notice.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openApp, state, command, setHash, waitForHash } from './browser.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

test('each gallery entry opens its lab at the promised state', async () => {
  const { page, context, problems } = await openApp(env, '#v=1&lab=findings');
  const gallery = await state(page);
  assert.equal(gallery.lab, 'findings');
  const entries = gallery.findings.entries;
  assert.ok(entries.length >= 9);
  for (const entry of entries) {
    assert.ok(!/error|cannot solve/.test(entry.text), `${entry.title}: ${entry.text}`);
    await setHash(page, entry.link);
    const s = await waitForHash(page, entry.link, { timeout: 10000 });
    assert.deepEqual(s.notices, [], entry.link);
    assert.equal(s.lab, new URLSearchParams(entry.link.slice(1)).get('lab'));
  }
  // Spot checks of the numbers the labs show at those states.
  // lab === 'poker' alone could be the last entry's poker link: wait for this link.
  await setHash(page, '#v=1&lab=poker&seed=932D217C&t=39');
  assert.equal((await waitForHash(page, '#v=1&lab=poker&seed=932D217C&t=39')).poker.calls, 39);
  assert.deepEqual(problems, []);
  await context.close();
});
