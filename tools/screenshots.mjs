// ./lab shots: a screenshot of every lab at device scale factor 1 and 2 into build/shots.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { launch, openApp, SHOTS } from '../tests/e2e/browser.mjs';

const views = (process.argv[2] || 'lfsr,about').split(',');
mkdirSync(SHOTS, { recursive: true });
const env = await launch();
try {
  for (const lab of views) {
    for (const scale of [1, 2]) {
      const hash = lab.startsWith('#') ? lab : `#v=1&lab=${lab}`;
      const { page, context } = await openApp(env, hash, { scale });
      await page.waitForTimeout(300);
      const file = join(SHOTS, `${lab.replace(/[^a-z0-9]+/gi, '_')}@${scale}x.png`);
      await page.screenshot({ path: file });
      console.log(file);
      await context.close();
    }
  }
} finally {
  await env.close();
}
