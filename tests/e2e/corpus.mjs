// The link corpus (tests/links/v1.tsv): one entry per link, with its
// canonical form, the number of problems it must report and its lab.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './browser.mjs';

export const corpus = readFileSync(join(ROOT, 'tests', 'links', 'v1.tsv'), 'utf8')
  .split('\n')
  .filter((line) => line && !line.startsWith(';'))
  .map((line) => {
    const [link, canonical, expect] = line.split('\t');
    const pairs = Object.fromEntries(expect.split(' ').map((p) => p.split('=')));
    return { link, canonical, notices: Number(pairs.notices ?? 0), lab: pairs.lab };
  });
