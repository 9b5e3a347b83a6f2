// ./lab shots [views] [devices]: screenshots of every lab on every device of
// issue 15 (a phone upright at DPR 3 with touch, and at 2 and 1 without, a
// tablet at 2, a laptop and a projector at 1) in the dark and the light theme, into build/shots as
// <view>-<device>-<theme>.png. Views: lab names or links, comma-separated
// (default: every lab); devices: names from DEVICES (default: all six).
// One page for all of it: the viewport changes through the DevTools protocol.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launch, openApp, goTo, command, SHOTS } from '../tests/e2e/browser.mjs';

const DEVICES = {
  phone: { width: 390, height: 844, scale: 3, touch: true },
  'phone@2': { width: 390, height: 844, scale: 2, touch: false },
  'phone@1': { width: 390, height: 844, scale: 1, touch: false },
  tablet: { width: 820, height: 1180, scale: 2, touch: true },
  laptop: { width: 1280, height: 800, scale: 1, touch: false },
  projector: { width: 1920, height: 1080, scale: 1, touch: false },
};
const LABS = 'findings,lfsr,dice,shuffle,poker,asm,choose,check,about';
const views = (process.argv[2] || LABS).split(',');
const devices = (process.argv[3] || Object.keys(DEVICES).join(',')).split(',');

const frames = (page, n) => page.evaluate((k) => new Promise((ok) => {
  const step = () => (k-- > 0 ? requestAnimationFrame(step) : ok());
  step();
}), n);

mkdirSync(SHOTS, { recursive: true });
const env = await launch();
try {
  const { page } = await openApp(env, '#v=1&lab=findings');
  const cdp = await page.context().newCDPSession(page);
  for (const name of devices) {
    const d = DEVICES[name];
    if (!d) throw new Error(`unknown device ${name}: one of ${Object.keys(DEVICES).join(', ')}`);
    await cdp.send('Emulation.setDeviceMetricsOverride', { width: d.width, height: d.height, deviceScaleFactor: d.scale, mobile: d.touch });
    await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: d.touch, maxTouchPoints: 1 });
    for (const view of views) {
      const hash = view.startsWith('#') ? view : `#v=1&lab=${view}`;
      await goTo(page, hash);
      for (const theme of ['dark', 'light']) {
        await command(page, `theme=${theme}`);
        await frames(page, hash.includes('run=') || hash.includes('lab=check') ? 30 : 3);
        const file = join(SHOTS, `${view.replace(/[^a-z0-9]+/gi, '_').slice(0, 80)}-${name}-${theme}.png`);  // a link with a source is long
        // Through the protocol: page.screenshot would use the context's own viewport and scale.
        const shot = await cdp.send('Page.captureScreenshot', { format: 'png' });
        writeFileSync(file, Buffer.from(shot.data, 'base64'));
        console.log(file);
      }
    }
  }
} finally {
  await env.close();
}
