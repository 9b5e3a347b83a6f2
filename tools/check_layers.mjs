// check_layers.mjs: the core's includes run one way (a ctest test).
//   node tools/check_layers.mjs [src/core]
// Layers, lowest first: base/ (what every part uses), gen/ and cpu/
// (generators, CPUs) and assembler/, the labs' folders, then the cross-lab files in src/core
// itself. A file may include its own folder, any lower layer, and a lab may
// include the labs listed before it in LAB_ORDER (a lab builds on another's
// model, never the other way round). No file-level include cycle either.
// Prints every offending include and exits 1 when there is one.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, dirname, sep } from 'node:path';

const LAB_ORDER = ['asm', 'dice', 'lfsr', 'shuffle', 'poker', 'check', 'chooser'];
const root = process.argv[2] ?? new URL('../src/core', import.meta.url).pathname;

// A folder's place: [layer, rank among the labs].
function place(folder) {
  if (folder === 'base') return [0, 0];
  if (folder === 'gen' || folder === 'cpu' || folder === 'assembler') return [1, 0];
  const lab = LAB_ORDER.indexOf(folder);
  if (lab >= 0) return [2, lab];
  if (folder === '') return [3, 0];
  return null;
}

function files(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...files(path));
    else if (/\.(c|h)pp$/.test(name)) out.push(path);
  }
  return out;
}

const problems = [];
const graph = new Map();  // "lfsr/lfsr_lab.hpp" -> included core files
for (const path of files(root)) {
  const file = relative(root, path).split(sep).join('/');
  const folder = dirname(file) === '.' ? '' : dirname(file);
  const mine = place(folder);
  if (!mine) problems.push(`${file}: the folder "${folder}" has no layer (add it to tools/check_layers.mjs)`);
  const text = readFileSync(path, 'utf8');
  const includes = [];
  text.split('\n').forEach((line, index) => {
    const m = /^\s*#\s*include\s+"([^"]+)"/.exec(line);
    if (!m) return;
    if (!m[1].startsWith('core/')) {
      // The core's own generated headers (no folder) are fine; anything else is outside the core.
      if (m[1].includes('/')) problems.push(`${file}:${index + 1}: includes "${m[1]}", outside the core`);
      return;
    }
    const target = m[1].slice('core/'.length);
    includes.push(target);
    const targetFolder = dirname(target) === '.' ? '' : dirname(target);
    if (targetFolder === folder || !mine) return;
    const theirs = place(targetFolder);
    if (!theirs) return;
    const upward = theirs[0] > mine[0] || (theirs[0] === 2 && mine[0] === 2 && theirs[1] >= mine[1]);
    if (upward) problems.push(`${file}:${index + 1}: includes ${m[1]}, a layer above or beside it`);
  });
  graph.set(file, includes);
}

// File-level cycles (a .cpp including its own header is no cycle: headers only).
const state = new Map();
function visit(file, stack) {
  if (state.get(file) === 'done') return;
  if (state.get(file) === 'open') {
    problems.push(`include cycle: ${[...stack.slice(stack.indexOf(file)), file].join(' -> ')}`);
    return;
  }
  state.set(file, 'open');
  for (const next of graph.get(file) ?? []) if (next.endsWith('.hpp')) visit(next, [...stack, file]);
  state.set(file, 'done');
}
for (const file of graph.keys()) if (file.endsWith('.hpp')) visit(file, []);

if (problems.length) {
  for (const p of problems) console.log(p);
  console.log(`${problems.length} include(s) against the layers`);
  process.exit(1);
}
console.log(`${graph.size} core files: every include runs one way`);
