// minify_css.mjs FILE...: shrinks the site's style sheets in place with
// Debian's clean-css (node-clean-css); web/ keeps the commented source.
// Level 1 only: it drops comments and whitespace and shortens values, but
// never merges or reorders rules, so the cascade stays as written.
import { createRequire } from 'node:module';
import { readFileSync, writeFileSync } from 'node:fs';

const CleanCSS = createRequire(import.meta.url)('/usr/share/nodejs/clean-css');
const files = process.argv.slice(2);
if (files.length === 0) {
  console.error('usage: node tools/minify_css.mjs FILE.css...');
  process.exit(2);
}
for (const file of files) {
  const result = new CleanCSS({ level: 1 }).minify(readFileSync(file, 'utf8'));
  if (result.errors.length > 0) {
    console.error(`${file}: clean-css failed: ${result.errors.join('; ')}`);
    process.exit(1);
  }
  writeFileSync(file, result.styles);
}
