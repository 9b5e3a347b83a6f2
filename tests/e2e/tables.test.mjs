// Tables never wrap a cell inside a word: on a phone (390x844, device scale
// factor 3, touch) and a laptop (1280x800), every column of every table a lab
// draws is at least as wide as the longest word drawn in it; a table whose
// words do not fit scrolls sideways. The hook's `tables` gives, per column,
// the width ImGui gave its cells and the longest word drawn there (pixels).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openApp, goTo, nextFrames } from './browser.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

const LINKS = [
  '#v=1&lab=about',
  '#v=1&lab=dice',
  '#v=1&lab=dice&view=z80',
  '#v=1&lab=lfsr&seed=DEADBEEF&mask=CF&t=13',
  '#v=1&lab=lfsr&tab=claims',
  '#v=1&lab=lfsr&tab=period',
  '#v=1&lab=shuffle&tab=human',
];

for (const device of [
  { name: 'phone 390x844', options: { width: 390, height: 844, scale: 3, isMobile: true } },
  { name: 'laptop 1280x800', options: { width: 1280, height: 800 } },
]) {
  test(`${device.name}: no table cell narrower than its longest word`, async () => {
    const { page, context, problems } = await openApp(env, '#v=1&lab=about', device.options);
    let tablesSeen = 0, scrolling = 0;
    for (const link of LINKS) {
      await goTo(page, link);
      const s = await nextFrames(page, 4);  // widths measured in one frame lay out the next
      for (const [t, table] of s.tables.entries()) {
        ++tablesSeen;
        if (table.scrolls) ++scrolling;
        for (const [c, column] of table.columns.entries())
          assert.ok(column.width + 0.5 >= column.word,
                    `${link}: table ${t} column ${c} is ${column.width} px wide, its longest word ${column.word} px`);
      }
      if (link === '#v=1&lab=about') assert.equal(s.tables.length, 1, 'About draws its dieharder table');
    }
    assert.ok(tablesSeen >= LINKS.length, `${tablesSeen} tables checked`);
    if (device.options.width === 390) assert.ok(scrolling >= 1, 'on the phone, some table scrolls sideways');
    assert.deepEqual(problems, []);
    await context.close();
  });
}
