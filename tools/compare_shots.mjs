// compare_shots.mjs: screenshots before and after a change, pixel by pixel.
//   node tools/compare_shots.mjs BEFORE_DIR AFTER_DIR
// For every PNG present in both folders: equal, or how many pixels differ
// and the box they span. Exits 1 when any differs. (A refactoring that must
// not change behaviour: ./lab shots before, copy build/shots, ./lab shots after.)
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';

// 8-bit RGB or RGBA, non-interlaced: what Chromium's screenshots are.
function decodePng(bytes) {
  let offset = 8, width = 0, height = 0, channels = 0;
  const idat = [];
  while (offset < bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    const data = bytes.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0), height = data.readUInt32BE(4);
      const depth = data[8], colour = data[9], interlace = data[12];
      if (depth !== 8 || interlace !== 0 || (colour !== 2 && colour !== 6)) throw new Error('unsupported PNG');
      channels = colour === 6 ? 4 : 3;
    } else if (type === 'IDAT') idat.push(data);
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const out = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; x++) {
      const a = x >= channels ? out[y * stride + x - channels] : 0;
      const b = y > 0 ? out[(y - 1) * stride + x] : 0;
      const c = x >= channels && y > 0 ? out[(y - 1) * stride + x - channels] : 0;
      let v = line[x];
      if (filter === 1) v += a;
      else if (filter === 2) v += b;
      else if (filter === 3) v += (a + b) >> 1;
      else if (filter === 4) {
        const p = a + b - c, pa = Math.abs(p - a), pb = Math.abs(p - b), pc = Math.abs(p - c);
        v += pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      }
      out[y * stride + x] = v & 255;
    }
  }
  return { width, height, channels, pixels: out };
}

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
