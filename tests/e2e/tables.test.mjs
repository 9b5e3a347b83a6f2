// Tables never wrap a cell inside a word: on a phone (390x844, device scale
// factor 3, touch) and a laptop (1280x800), every column of every table a lab
// draws (About's dieharder table, the dice and LFSR tables, the chooser's two,
// the Check lab's tests) is at least as wide as the longest word drawn in it;
// a table whose words do not fit scrolls sideways. The hook's `tables` gives, per column,
// the width ImGui gave its cells and the longest word drawn there (pixels).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openApp, goTo, nextFrames, waitForState, labRegion, wheel } from './browser.mjs';

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
  '#v=1&lab=choose',
  '#v=1&lab=choose&cpu=6502&use=deck52',
  '#v=1&lab=check',
  '#v=1&lab=check&what=rolls',
];
// The tables some links must show (drawn on one of their screens): About's dieharder table, the chooser's
// trade-offs and generators, the Check lab's tests of example A and of example B.
const TABLES = { '#v=1&lab=about': 1, '#v=1&lab=choose': 2, '#v=1&lab=choose&cpu=6502&use=deck52': 2,
                 '#v=1&lab=check': 2, '#v=1&lab=check&what=rolls': 2 };

// Widths measured in one frame lay out the next, and a table that scrolls sideways is drawn (and measured) only
// in view: a table that has just come into view, or whose link changed its cells, is laid out a frame later.
// The state once two frames in a row drew the same tables.
async function settled(page) {
  let last = await nextFrames(page, 2);
  for (let k = 0; k < 20; ++k) {
    const s = await nextFrames(page, 1);
    if (JSON.stringify(s.tables) === JSON.stringify(last.tables)) return s;
    last = s;
  }
  assert.fail(`the tables' layout still changing after 20 frames: ${JSON.stringify(last.tables)}`);
}

for (const device of [
  { name: 'phone 390x844', options: { width: 390, height: 844, scale: 3, isMobile: true } },
  { name: 'laptop 1280x800', options: { width: 1280, height: 800 } },
]) {
  test(`${device.name}: no table cell narrower than its longest word`, async () => {
    const { page, context, problems } = await openApp(env, '#v=1&lab=about', device.options);
    let tablesSeen = 0, scrolling = 0;
    const dpr = device.options.scale || 1;
    for (const link of LINKS) {
      await goTo(page, link);
      // The chooser's view and the Check lab's example reports come from workers: wait until they are shown.
      await waitForState(page, (x) => (x.lab !== 'choose' || (!x.chooser.computing && x.chooser.shown)) &&
                                      (x.lab !== 'check' || (x.check.examples[0] && x.check.examples[1])),
                         `${link}: its tables' data in`, { timeout: 120000 });
      let s = await settled(page);
      let linkTables = 0;
      // Screen by screen down the lab (a table that scrolls sideways is drawn only in view).
      for (let screen = 0; ; ++screen) {
        for (const [t, table] of s.tables.entries()) {
          ++tablesSeen;
          if (table.scrolls) ++scrolling;
          for (const [c, column] of table.columns.entries())
            assert.ok(column.width + 0.5 >= column.word,
                      `${link}, screen ${screen}: table ${t} column ${c} is ${column.width} px wide, its longest word ${column.word} px`);
        }
        linkTables += s.tables.length;
        const lab = labRegion(s);
        if (!lab || lab.y >= lab.maxY || screen >= 30) break;
        await page.mouse.move((lab.visible[0] + lab.visible[2]) / 2 / dpr, (lab.visible[1] + lab.visible[3]) / 2 / dpr);
        await wheel(page, { deltaMode: 2, deltaY: 1 });
        await waitForState(page, (x) => labRegion(x).y > lab.y, `${link}: a page down`);
        s = await settled(page);
      }
      assert.ok(linkTables >= (TABLES[link] || 0), `${link} draws its ${TABLES[link]} tables (${linkTables} seen)`);
    }
    assert.ok(tablesSeen >= LINKS.length, `${tablesSeen} tables checked`);
    if (device.options.width === 390) assert.ok(scrolling >= 1, 'on the phone, some table scrolls sideways');
    assert.deepEqual(problems, []);
    await context.close();
  });
}
