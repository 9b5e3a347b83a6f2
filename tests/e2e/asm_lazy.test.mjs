// The assemblers and the listings' sources are not in the app's first
// download: they are in the worker's core module, which loads the first time
// the Assembly lab's editor needs it. Checked in the built files (a message
// only the assembler has, and the first line of a listing's source, are in
// shufflelab_core.wasm and not in shufflelab.wasm) and in the page: no worker
// before the first edit, the editor says it is loading, then the errors and
// the bytes come from the worker.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { launch, openApp, command, commandNow, waitForState, SITE, ROOT } from './browser.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

const ASSEMBLER_ONLY = "expected '=' after '*' (xa65's *= sets the address)";  // core/assembler/assembler.cpp
const LISTING = readFileSync(join(ROOT, 'asm', 'z80', 'seed002.asm'), 'utf8');
const LISTING_FIRST_LINE = LISTING.split('\n')[0];

test('the app has no assembler and no listing source; the worker\'s core module has both', () => {
  const app = readFileSync(join(SITE, 'shufflelab.wasm'));
  const core = readFileSync(join(SITE, 'shufflelab_core.wasm'));
  for (const needle of [ASSEMBLER_ONLY, LISTING_FIRST_LINE]) {
    assert.ok(core.includes(needle), `the core module has ${JSON.stringify(needle)}`);
    assert.ok(!app.includes(needle), `the app's first download has ${JSON.stringify(needle)}`);
  }
});

test('the first edit loads the assembler in a worker; errors at their line, then the bytes', async () => {
  const { page, context, problems } = await openApp(env, '#v=1&lab=asm&edit=1&cpu=z80');
  assert.equal(await page.evaluate(() => window.shufflelabJobs.spawned()), 0, 'no worker before an edit needs one');
  // Hand-assembled (Z80 opcode table): LD A,1 = 3E 01, RET = C9.
  let s = await commandNow(page, 'src=' + encodeURIComponent('go: ld a,1\n frob\n ret\n'));
  assert.equal(s.asm.editor.waiting, 'Loading the assembler...');
  s = await waitForState(page, (t) => t.asm.editor.waiting === '' && t.asm.editor.errors.length > 0, 'the errors from the worker',
                         { timeout: 120000 });
  assert.equal(s.asm.editor.errors[0].line, 2);
  assert.match(s.asm.editor.errors[0].message, /frob/);
  assert.ok(await page.evaluate(() => window.shufflelabJobs.spawned()) >= 1, 'a worker assembled it');
  s = await commandNow(page, 'src=' + encodeURIComponent('go: ld a,1\n ret\n'));
  assert.equal(s.asm.editor.waiting, 'Assembling...');
  s = await waitForState(page, (t) => t.asm.editor.goodIsCurrent, 'the routine assembled', { timeout: 120000 });
  assert.equal(s.asm.editor.codeUnits, 3);
  assert.deepEqual(s.asm.editor.errors, []);

  // Editing a listing: its source comes from the worker too.
  await command(page, 'algo=z80-lfsr');
  s = await commandNow(page, 'edit');  // the last good routine's run may still be on its way
  assert.equal(s.asm.editor.waiting, "Loading the listing's source...");
  s = await waitForState(page, (t) => t.asm.editor.goodIsCurrent, 'the listing\'s source assembled', { timeout: 120000 });
  assert.equal(s.asm.editor.sourceLength, Buffer.byteLength(LISTING));
  assert.deepEqual(s.asm.editor.errors, []);
  assert.deepEqual(problems, []);
  await context.close();
});

test('offline after one visit: the editor still assembles (the service worker keeps the core module)', async () => {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  await page.goto(env.base + '#v=1&lab=asm');
  await page.waitForFunction(() => window.shufflelab && window.shufflelab.ready, null, { timeout: 60000 });
  // The service worker controls the page once it has installed, that is once every site file is in its cache.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 60000 });
  await context.setOffline(true);
  await page.reload();
  await page.waitForFunction(() => window.shufflelab && window.shufflelab.ready, null, { timeout: 60000 });
  await command(page, 'edit=new');
  await command(page, 'cpu=z80');
  await command(page, 'src=' + encodeURIComponent('go: ld a,1\n ret\n'));
  const s = await waitForState(page, (t) => t.asm.editor.goodIsCurrent, 'assembled offline', { timeout: 120000 });
  assert.equal(s.asm.editor.codeUnits, 3);
  assert.deepEqual(s.asm.editor.errors, []);
  assert.deepEqual(problems, []);
  await context.close();
});
