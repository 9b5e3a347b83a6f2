// The assembly lab: the Z80 listing, run on the core's interpreter in the
// browser, returns the same bytes as the native CLI's Z80 routine; every
// step lights a C++ line; the hash carries the step.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { launch, openApp, state, command, ROOT, SHOTS } from './browser.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

test('Z80 lane: the listing run in the browser returns the CLI bytes; lanes stay in sync', async () => {
  const { page, context, problems } = await openApp(env, '#v=1&lab=asm&algo=z80-lfsr&seed=0102030405060708&calls=4&t=0');
  for (let i = 0; i < 30; i++) {
    const s = await command(page, 'step');
    assert.ok(s.asm.cppLine > 0, `step ${s.asm.t} has no C++ line`);
  }
  await page.waitForFunction(() => location.hash.includes('&t=30'));
  const end = await command(page, 'run');
  assert.equal(end.asm.done, true);
  const cli = spawnSync(join(ROOT, 'build', 'native', 'shufflelab'),
                        ['lfsr', '--gen', 'z80', '--seed', '0102030405060708', '--bytes', '4'], { encoding: 'utf8' });
  assert.equal(cli.status, 0, cli.stderr);
  assert.deepEqual(end.asm.outputs, cli.stdout.trim().split(' ').map((h) => parseInt(h, 16)));
  await page.screenshot({ path: join(SHOTS, 'asm-z80@1x.png') });
  assert.deepEqual(problems, []);
  await context.close();
});
