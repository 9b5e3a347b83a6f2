// tools/bench.mjs: the benchmarks natively and in WebAssembly, same flags.
//   node tools/bench.mjs [--smoke] [--filter SUBSTR]      (./lab bench builds first)
// Runs build/native/shufflelab bench --json build/bench.json, then
// node --no-experimental-fetch build/wasm/bench_node.cjs --json build/bench-wasm.json,
// prints both tables as they run, then the wasm/native ratio of every timed
// row, and rewrites build/bench.json with both runs and the ratios.
// Exit status: 1 if either run fails a check or cannot run (missed targets
// are reported, not fatal).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const nativeCli = join(root, 'build', 'native', 'shufflelab');
const wasmBench = join(root, 'build', 'wasm', 'bench_node.cjs');
const nativeJson = join(root, 'build', 'bench.json');
const wasmJson = join(root, 'build', 'bench-wasm.json');
const flags = process.argv.slice(2);
const smoke = flags.includes('--smoke');
// The wasm/native target (issue 28: the browser as fast as native): every hot
// row, same source on both sides: the default shuffle and its swap floor, the
// One Chip sweep on one thread and its floor, the strike WebAssembly has and
// its array deal.
const WASM_LIMIT = 1.3;
const wasmTargetRow = (row) =>
  (/^shuffle(52|78)$/.test(row.group) && (row.variant.startsWith('default fast path') || row.floor)) ||
  (row.group === 'onechip' && (row.variant.includes('1 thread') || row.floor)) ||
  (row.group === 'pdep52' && (row.variant.includes('kept byte counts') || row.floor));

function machine() {
  let model = '';
  try {
    model = (readFileSync('/proc/cpuinfo', 'utf8').match(/^model name\s*:\s*(.*)$/m) || [])[1] || '';
  } catch { /* not Linux */ }
  return {
    cpu: model || (os.cpus()[0] || {}).model || '',
    nproc: os.availableParallelism ? os.availableParallelism() : os.cpus().length,
    loadavg: os.loadavg().map((x) => Number(x.toFixed(2))),
    node: process.version,
  };
}

function run(label, command, args) {
  if (!existsSync(command === process.execPath ? args[1] : command)) {
    console.error(`[bench] ${label}: ${command === process.execPath ? args[1] : command} is missing (run ./lab bench)`);
    return false;
  }
  console.log(`\n[bench] ${label}`);
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) console.error(`[bench] ${label} exited with status ${result.status}`);
  return result.status === 0;
}

const pad = (text, width) => String(text).padEnd(width);
const number = (x) => (x >= 100 ? x.toFixed(1) : x >= 1 ? x.toFixed(2) : x.toFixed(4));

const before = machine();
let ok = run('native', nativeCli, ['bench', ...flags, '--json', nativeJson]);
const nativeReport = ok ? JSON.parse(readFileSync(nativeJson, 'utf8')) : null;
ok = run('wasm (node)', process.execPath, ['--no-experimental-fetch', wasmBench, ...flags, '--json', wasmJson]) && ok;
const wasmReport = existsSync(wasmJson) ? JSON.parse(readFileSync(wasmJson, 'utf8')) : null;

const comparisons = [];
if (nativeReport && wasmReport) {
  console.log('\n[bench] wasm / native, same source (times: CPU time; > 1 means wasm is slower)');
  console.log('  std::shuffle rows compare two standard libraries: libstdc++ natively, libc++ in wasm.');
  const nativeRows = new Map(nativeReport.rows.map((row) => [`${row.group}|${row.variant}`, row]));
  for (const row of wasmReport.rows) {
    const twin = nativeRows.get(`${row.group}|${row.variant}`);
    if (!twin || row.unit.startsWith('bits') || !(twin.value > 0)) continue;
    const ratio = row.value / twin.value;
    const entry = { group: row.group, variant: row.variant, unit: row.unit, native: twin.value, wasm: row.value, ratio };
    let line = `${pad(row.group, 10)} ${pad(row.variant, 58)} ${number(twin.value).padStart(9)} ->` +
      ` ${number(row.value).padStart(9)} ${pad(row.unit, 16)} ${ratio.toFixed(2)}x`;
    if (wasmTargetRow(row)) {
      entry.target = { text: `<= ${WASM_LIMIT}x slower than native`, met: smoke ? null : ratio <= WASM_LIMIT };
      line += ` | target ${entry.target.text}: ${smoke ? 'not judged in --smoke' : entry.target.met ? 'met' : 'MISSED'}`;
    }
    comparisons.push(entry);
    console.log(line);
  }
}

writeFileSync(nativeJson, JSON.stringify({
  machine: { ...before, loadavg_after: machine().loadavg },
  mode: smoke ? 'smoke' : 'full',
  native: nativeReport,
  wasm: wasmReport,
  wasm_vs_native: comparisons,
}, null, 2) + '\n');
console.log(`\n[bench] wrote ${nativeJson} (load average before ${before.loadavg.join(' ')}, ` +
  `after ${machine().loadavg.join(' ')}, ${before.nproc} CPUs: ${before.cpu})`);
process.exit(ok ? 0 : 1);
