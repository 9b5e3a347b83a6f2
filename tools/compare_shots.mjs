// compare_shots.mjs: screenshots before and after a change, pixel by pixel.
//   node tools/compare_shots.mjs BEFORE_DIR AFTER_DIR
// For every PNG present in both folders: equal, or how many pixels differ
// and the box they span. Exits 1 when any differs. (A refactoring that must
// not change behaviour: ./lab shots before, copy build/shots, ./lab shots after.)
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { decodePng } from './png.mjs';

const [before, after] = process.argv.slice(2);
if (!before || !after) {
  console.error('usage: node tools/compare_shots.mjs BEFORE_DIR AFTER_DIR');
  process.exit(2);
}
let differing = 0, compared = 0;
for (const name of readdirSync(before).filter((n) => n.endsWith('.png')).sort()) {
  if (!existsSync(join(after, name))) continue;
  compared++;
  const a = readFileSync(join(before, name)), b = readFileSync(join(after, name));
  if (a.equals(b)) continue;
  const pa = decodePng(a), pb = decodePng(b);
  if (pa.width !== pb.width || pa.height !== pb.height) {
    console.log(`${name}: size ${pa.width}x${pa.height} -> ${pb.width}x${pb.height}`);
    differing++;
    continue;
  }
  let count = 0, x0 = Infinity, y0 = Infinity, x1 = -1, y1 = -1;
  for (let y = 0; y < pa.height; y++)
    for (let x = 0; x < pa.width; x++) {
      let same = true;
      for (let k = 0; k < 3; k++)
        if (pa.pixels[(y * pa.width + x) * pa.channels + k] !== pb.pixels[(y * pb.width + x) * pb.channels + k]) same = false;
      if (same) continue;
      count++, x0 = Math.min(x0, x), y0 = Math.min(y0, y), x1 = Math.max(x1, x), y1 = Math.max(y1, y);
    }
  if (count === 0) continue;
  console.log(`${name}: ${count} pixels differ in [${x0},${y0}]-[${x1},${y1}]`);
  differing++;
}
console.log(`${compared} screenshots compared, ${differing} differ`);
process.exit(differing ? 1 : 0);
