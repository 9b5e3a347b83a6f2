// The generator chooser in Chromium: a link opens on its recommendation, the
// table renders (its rows in the state, its numbers in the text view, pixels
// on the canvas), the pickers' commands change the link, and the pick's
// buttons' links open each piece in its lab without a notice.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openApp, state, command } from './browser.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

test('a chooser link opens on its recommendation and the table renders', async () => {
  const { page, context, problems } = await openApp(env, '#v=1&lab=choose&cpu=z80&use=d20');
  const s = await state(page);
  assert.equal(s.lab, 'choose');
  assert.equal(s.hash, '#v=1&lab=choose&cpu=z80&use=d20');
  assert.deepEqual(s.notices, []);
  // The Z80 has one generator listing (the seed-002 LFSR); for a d20 the
  // exact multiply-high: 256 = 12 * 20 + 16, so 16 faces get 13 bytes, 4 get 12.
  assert.deepEqual(s.chooser.rows, ['z80']);
  assert.equal(s.chooser.pick.generator, 'z80');
  assert.equal(s.chooser.pick.method.method, 'mulhi');
  assert.equal(s.chooser.pick.method.listing, 'z80-roll-exact');
  assert.equal(s.chooser.pick.method.maxMinRatio, '13/12');
  // The same table as text for screen readers.
  await page.waitForFunction(() => document.getElementById('text-view-body').textContent.includes('Recommended for a d20'),
                             null, { timeout: 10000 });
  const text = await page.evaluate(() => document.getElementById('text-view-body').textContent);
  assert.match(text, /z80: 8 state bytes, period 36,028,247,263,084,545 bytes/);
  // Something is drawn: the canvas is not one flat colour.
  const shot = await page.screenshot();
  assert.ok(shot.length > 20000, `screenshot of ${shot.length} bytes`);
  // All CPUs: every generator, no recommendation.
  await command(page, 'cpu=all');
  await page.waitForFunction(() => window.shufflelab.state().hash === '#v=1&lab=choose&cpu=all&use=d20');
  const all = await state(page);
  assert.equal(all.chooser.pick, null);
  assert.ok(all.chooser.rows.includes('xorshift16') && all.chooser.rows.includes('lcg8'), all.chooser.rows.join());
  assert.equal(all.chooser.rows.length, 18);
  await command(page, 'cpu=vax');  // a bad value changes nothing
  assert.equal((await state(page)).hash, '#v=1&lab=choose&cpu=all&use=d20');
  assert.deepEqual(problems, []);
  await context.close();
});

test("the pick's links open the generator, the shuffle and the listing in their labs", async () => {
  const { page, context, problems } = await openApp(env, '#v=1&lab=choose&cpu=sm83&use=deck78');
  const pick = (await state(page)).chooser.pick;
  assert.equal(pick.generator, 'tarot32');
  assert.equal(pick.method.maxMinRatio, '1/1');  // a shuffle must be exactly uniform
  for (const [link, lab] of [[pick.links.lfsr, 'lfsr'], [pick.links.lab, 'shuffle'], [pick.links.asm, 'asm']]) {
    if (!link) continue;
    await page.evaluate((h) => { location.hash = h; }, link);
    await page.waitForFunction((l) => window.shufflelab.state().lab === l, lab, { timeout: 10000 });
    const s = await state(page);
    assert.deepEqual(s.notices, [], link);
    assert.equal(s.hash, link);
  }
  const shuffle = new URLSearchParams(pick.links.lab.slice(1));
  assert.equal(shuffle.get('n'), '78');
  assert.equal(shuffle.get('method'), pick.method.method);
  assert.deepEqual(problems, []);
  await context.close();
});
