// Exports produce valid files: the canvas as PNG (parsed back here: signature,
// IHDR size equal to the canvas backing store), CSV of histograms and
// matrices (parsed back by an RFC 4180 reader written here, compared with
// laws counted by brute force), and the raw generator stream (compared with
// the LFSR stepped here and with the CLI command the page prints).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { launch, openApp, command, state, ROOT } from './browser.mjs';

const waitFor = (page, fn, arg, timeout = 60000) => page.waitForFunction(fn, arg, { timeout, polling: 100 });

// RFC 4180: CRLF after every record; quoted fields double their quotes.
function parseCsv(text) {
  const rows = [];
  let row = [], field = '', i = 0;
  while (i < text.length) {
    if (text[i] === '"') {
      i++;
      for (;;) {
        assert.ok(i < text.length, 'unterminated quote');
        if (text[i] === '"' && text[i + 1] === '"') { field += '"'; i += 2; }
        else if (text[i] === '"') { i++; break; }
        else field += text[i++];
      }
    } else {
      while (i < text.length && !',\r\n'.includes(text[i])) { assert.notEqual(text[i], '"'); field += text[i++]; }
    }
    row.push(field); field = '';
    if (text[i] === ',') { i++; continue; }
    assert.equal(text.slice(i, i + 2), '\r\n', `record must end in CRLF at ${i}`);
    i += 2; rows.push(row); row = [];
  }
  for (const r of rows) assert.equal(r.length, rows[0].length, 'rows must be rectangular');
  return rows;
}

async function downloadText(page, name) {
  const [download] = await Promise.all([page.waitForEvent('download'), command(page, name)]);
  return { name: download.suggestedFilename(), bytes: readFileSync(await download.path()) };
}

let env;
before(async () => { env = await launch(); });
after(async () => { await env?.close(); });

test('Save PNG downloads a PNG of the canvas at its backing size', async () => {
  const { page, context, problems } = await openApp(env, '#v=1&lab=lfsr&seed=DEADBEEF&mask=CF&t=13', { scale: 2 });
  const [download] = await Promise.all([page.waitForEvent('download'), command(page, 'save_png')]);
  assert.equal(download.suggestedFilename(), 'shufflelab-lfsr.png');
  const png = readFileSync(await download.path());
  assert.deepEqual([...png.subarray(0, 8)], [137, 80, 78, 71, 13, 10, 26, 10]);
  assert.equal(png.subarray(12, 16).toString('ascii'), 'IHDR');
  const size = await page.evaluate(() => [canvas.width, canvas.height]);
  assert.deepEqual([png.readUInt32BE(16), png.readUInt32BE(20)], size);
  assert.ok(png.length > 10000, 'the PNG looks empty');
  assert.deepEqual(problems, []);
  await context.close();
});

test('CSV of a die law: x % 6 over bytes gives 43, 43, 43, 43, 42, 42 of 256', async () => {
  const { page, context, problems } = await openApp(env, '#v=1&lab=dice&method=modulo&sides=6&bits=8&view=die');
  await waitFor(page, () => window.shufflelab.state().csv.includes('die'));
  const { name, bytes } = await downloadText(page, 'csv=die');
  assert.equal(name, 'shufflelab-d6-modulo-8bit.csv');
  const rows = parseCsv(bytes.toString('utf8'));
  assert.deepEqual(rows[0], ['face', 'weight', 'total', 'probability', 'decimal', 'fair_share']);
  // Count by brute force which face each byte gives.
  const weights = [0, 0, 0, 0, 0, 0];
  for (let x = 0; x < 256; x++) weights[x % 6]++;
  assert.deepEqual(rows.slice(1).map((r) => Number(r[1])), weights);
  for (const r of rows.slice(1)) {
    assert.equal(r[2], '256');
    const [p, q] = r[3].split('/').map(Number);
    assert.equal(p / q, Number(r[1]) / 256);
    assert.equal(Number(r[4]), Number(r[1]) / 256);
  }
  assert.deepEqual(problems, []);
  await context.close();
});

test('CSV of every method for the Z80 d20: method x face fractions, brute-forced over the 256 bytes', async () => {
  const { page, context, problems } = await openApp(env, '#v=1&lab=dice&view=z80');
  await waitFor(page, () => window.shufflelab.state().csv.includes('methods'));
  const { name, bytes } = await downloadText(page, 'csv=methods');
  assert.equal(name, 'shufflelab-d20-8bit-methods.csv');
  const rows = parseCsv(bytes.toString('utf8'));
  assert.equal(rows[0].length, 21);
  const row = (label) => rows.find((r) => r[0] === label);
  const reduce = (p, q) => { const g = (a, b) => (b ? g(b, a % b) : a); const d = g(p, q); return `${p / d}/${q / d}`; };
  // x % 20, (x * 20) >> 8, and the printed rollDie whose multiply returns (H + 1) * L = 20 * x.
  const count = (face) => { const w = new Array(20).fill(0); for (let x = 0; x < 256; x++) w[face(x)]++; return w.map((c) => reduce(c, 256)); };
  assert.deepEqual(row('modulo').slice(1), count((x) => x % 20));
  assert.deepEqual(row('mulhi').slice(1), count((x) => (x * 20) >> 8));
  assert.deepEqual(row('mulhi-minus1').slice(1), count((x) => (x * 19) >> 8));
  assert.deepEqual(row('rollDie as printed').slice(1), count((x) => (x * 20) >> 8));
  assert.equal(row('mulhi-minus1')[20], '0/1', 'DIESIDES-1 with an exact multiply never rolls 20');
  assert.deepEqual(problems, []);
  await context.close();
});

test('CSV of a bias matrix: the naive shuffle of 3 cards over all 27 draw lists', async () => {
  // Brute force: every draw list of the naive swap-with-any shuffle.
  const counts = [[0, 0, 0], [0, 0, 0], [0, 0, 0]];
  for (let a = 0; a < 3; a++) for (let b = 0; b < 3; b++) for (let c = 0; c < 3; c++) {
    const deck = [0, 1, 2];
    [a, b, c].forEach((r, i) => { [deck[i], deck[r]] = [deck[r], deck[i]]; });
    deck.forEach((card, position) => { counts[position][card]++; });
  }
  const { page, context, problems } = await openApp(env, '#v=1&lab=shuffle&algo=naive&n=3&tab=bias');
  assert.deepEqual((await state(page)).csv, [], 'nothing to export before a matrix exists');
  await command(page, 'bias_exact');
  await waitFor(page, () => window.shufflelab.state().shuffle.bias.jobState === 2);
  const { name, bytes } = await downloadText(page, 'csv=bias');
  assert.equal(name, 'shufflelab-naive-3-exact.csv');
  const rows = parseCsv(bytes.toString('utf8'));
  assert.deepEqual(rows[0], ['position', 'card_0', 'card_1', 'card_2']);
  assert.deepEqual(rows.slice(1).map((r) => r.slice(1).map(Number)), counts);
  assert.deepEqual(problems, []);
  await context.close();
});

test('CSV of the One Chip sweep histogram equals the panel and sums to the seeds swept', { timeout: 240000 }, async () => {
  const { page, context, problems } = await openApp(env, '#v=1&lab=poker&seed=DEADBEEF');
  await command(page, 'sweep_sample');
  await waitFor(page, () => window.shufflelab.state().poker.sweep.state === 2, null, 200000);
  const sweep = (await state(page)).poker.sweep;
  const { name, bytes } = await downloadText(page, 'csv=calls');
  assert.equal(name, 'shufflelab-onechip-calls-sample.csv');
  const rows = parseCsv(bytes.toString('utf8'));
  assert.deepEqual(rows[0], ['calls', 'seeds']);
  let total = 0;
  for (const [calls, seeds] of rows.slice(1)) {
    assert.equal(Number(seeds), sweep.histogram[Number(calls)]);
    total += Number(seeds);
  }
  assert.equal(total, 2 ** 24);
  assert.equal(rows.length - 1, sweep.histogram.filter((c) => c > 0).length);
  assert.deepEqual(problems, []);
  await context.close();
});

test('raw stream download: tarot LFSR bytes from the step shown, and the CLI command writes the same', async () => {
  const { page, context, problems } = await openApp(env, '#v=1&lab=lfsr&seed=DEADBEEF&mask=CF&t=13');
  const { name, bytes } = await downloadText(page, 'download_stream=4096');
  assert.equal(name, 'shufflelab-tarot32-t13.bin');
  assert.equal(bytes.length, 4096);
  // The article's LFSR(): 8 Galois steps, shifting right, XOR of CF into the top byte on a 1.
  let s = 0xDEADBEEFn;
  const stepBit = () => { const b = s & 1n; s >>= 1n; if (b) s ^= 0xCFn << 24n; };
  for (let i = 0; i < 13; i++) stepBit();
  for (let k = 0; k < 4096; k++) {
    for (let i = 0; i < 8; i++) stepBit();
    assert.equal(bytes[k], Number(s >> 24n), `byte ${k}`);
  }
  const { streamCommand, streamError } = (await state(page)).lfsr;
  assert.equal(streamError, '');
  const args = streamCommand.split(' ');
  assert.equal(args[0], 'shufflelab');
  const cli = spawnSync(join(ROOT, 'build', 'native', 'shufflelab'), args.slice(1));
  assert.equal(cli.status, 0, String(cli.stderr));
  assert.ok(Buffer.compare(cli.stdout, bytes) === 0, 'the printed command must write the same bytes');

  // Too large for the browser: a message, no download, the state kept.
  assert.notEqual(await command(page, 'download_stream=99999999'), true);
  assert.match((await state(page)).lfsr.streamError, /shufflelab stream/);
  assert.deepEqual(problems, []);
  await context.close();
});
