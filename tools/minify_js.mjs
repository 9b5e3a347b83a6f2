// minify_js.mjs [--glue] FILE...: shrinks the site's scripts in place with
// Debian's terser (node-terser); the sources in web/ keep their comments.
// --glue: Emscripten's JS glue. Emscripten 3.1.6 only strips its whitespace
// (closure is not packaged), so its top-level names are renamed too, except
// `Module`, the page's only way in (web/app.js). The page's own scripts share
// top-level names with each other, so theirs stay.
import terser from '/usr/share/nodejs/terser/dist/bundle.min.cjs';
import { readFileSync, writeFileSync } from 'node:fs';

const glue = process.argv[2] === '--glue';
const files = process.argv.slice(glue ? 3 : 2);
if (files.length === 0) {
  console.error('usage: node tools/minify_js.mjs [--glue] FILE.js...');
  process.exit(2);
}
for (const file of files) {
  const options = glue
    ? { toplevel: true, compress: { passes: 2 }, mangle: { toplevel: true, reserved: ['Module'] } }
    : { compress: true, mangle: true, module: file.endsWith('.mjs') };
  let result;
  try {
    result = await terser.minify(readFileSync(file, 'utf8'), { ecma: 2020, ...options });
  } catch (error) {
    console.error(`${file}: terser failed: ${error.message ?? error}`);
    process.exit(1);
  }
  writeFileSync(file, result.code);
}
