// The determinism digest computed by the core module inside Chromium equals
// the native CLI's, line by line.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { launch, openApp, ROOT } from './browser.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

test('golden vectors: Chromium equals native', async () => {
  const native = spawnSync(join(ROOT, 'build', 'native', 'shufflelab'), ['golden'], { encoding: 'utf8' });
  assert.equal(native.status, 0, native.stderr);
  const { page, context, problems } = await openApp(env, '');
  const browserText = await page.evaluate(async () => {
    const { default: create } = await import('./shufflelab_core.mjs');
    const core = await create();
    return core.goldenVectors();
  });
  const a = native.stdout.trimEnd().split('\n');
  const b = browserText.trimEnd().split('\n');
  assert.equal(b.length, a.length);
  for (let i = 0; i < a.length; i++) assert.equal(b[i], a[i]);
  assert.deepEqual(problems, []);
  await context.close();
});
