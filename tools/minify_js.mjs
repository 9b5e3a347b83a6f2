// minify_js.mjs FILE: shrinks Emscripten's JS glue in place with Debian's
// terser (node-terser). Emscripten 3.1.6 only strips its whitespace (closure
// is not packaged), so its names stay long. Top-level names are renamed too:
// the page reaches the glue only through `Module` (web/app.js), kept here.
import terser from '/usr/share/nodejs/terser/dist/bundle.min.cjs';
import { readFileSync, writeFileSync } from 'node:fs';

const file = process.argv[2];
if (!file) {
  console.error('usage: node tools/minify_js.mjs FILE.js');
  process.exit(2);
}
const source = readFileSync(file, 'utf8');
const result = await terser.minify(source, {
  ecma: 2020,
  toplevel: true,
  compress: { passes: 2 },
  mangle: { toplevel: true, reserved: ['Module'] },
});
if (result.error || !result.code) {
  console.error(`${file}: terser failed: ${result.error ?? 'no output'}`);
  process.exit(1);
}
writeFileSync(file, result.code);
