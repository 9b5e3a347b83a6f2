// The compute worker: runs one core job at a time (core/base/jobs.hpp) in slices,
// posting progress about every 50 ms. Cancellation is done by the page
// terminating this worker, so no slice needs to check a flag.
import createShufflelabCore from './shufflelab_core.mjs';

const ready = createShufflelabCore();
let loaded = false;
ready.then(() => { loaded = true; });

// Each worker loads the module (the checks and every other job's code) for its
// first job: fetched on the page's first use, then from the offline cache. Until
// it is in, the job's progress row says so.
function coreLoaded(id) {
  if (!loaded) self.postMessage({ id, state: 1, progress: 0, summary: 'loading the compute module' });
  return ready;
}

self.onmessage = async (event) => {
  // Test hook: an uncaught error outside any job, as a real crash would be.
  if (event.data.crashForTest) { setTimeout(() => { throw new Error('worker crash requested by a test'); }); return; }
  const { id, kind, params } = event.data;
  if (kind === 'js_sort_sample') { sampleEngineSort(id, params); return; }
  if (kind === 'check_file') { checkFile(id, params, event.data.blob); return; }
  let job = null;
  try {
    const core = await coreLoaded(id);
    job = event.data.text ? core.makeTextJob(kind, params, event.data.text) : core.makeJob(kind, params);
    let slice = 1 << 14;
    let lastPost = 0;
    while (!job.done()) {
      const t0 = performance.now();
      const progress = job.step(slice);
      const spent = performance.now() - t0;
      // Aim for slices of about 20 ms whatever the job's cost per unit.
      if (spent < 10) slice = Math.min(slice * 2, 1 << 30);
      else if (spent > 40) slice = Math.max(slice >> 1, 1);
      if (t0 - lastPost > 50) {
        self.postMessage({ id, state: 1, progress, summary: job.summary() });
        lastPost = t0;
      }
    }
    const result = core.jobResult(job);
    self.postMessage({ id, state: 2, progress: 1, summary: job.summary(), result, payload: job.payload() }, [result.buffer]);
  } catch (err) {
    self.postMessage({ id, state: 3, progress: 0, summary: String((err && err.message) || err) });
  } finally {
    if (job) job.delete();
  }
};

// The real engine: this browser's own Array.prototype.sort with the web's
// favourite bad shuffle comparator, a fixed function (no eval). params:
// "n=N&runs=M" (2 <= N <= 8, M <= 10^7). Result like an empirical bias job:
// {n, runs, counts[position * n + card]...}.
// With "n=N&answers=0110..." (2 <= N <= 63) it sorts cards 0..N-1 once with a
// comparator that logs its arguments and answers from the list (1 = negative,
// 0 or past the end = positive, non-integers like Math.random() - 0.5 gives):
// result = the sorted deck, payload = the calls "x:y x:y ...", which tell
// exactly which algorithm this engine runs.
const randomComparator = () => Math.random() - 0.5;

function sampleEngineSort(id, params) {
  const fields = new URLSearchParams(params);
  const n = Number(fields.get('n')), runs = Number(fields.get('runs'));
  const answers = fields.get('answers');
  if (answers !== null) {
    if (!(Number.isInteger(n) && n >= 2 && n <= 63 && /^[01]{0,4096}$/.test(answers))) {
      self.postMessage({ id, state: 3, progress: 0, summary: 'js_sort_sample: n must be 2..63 and answers up to 4096 0s and 1s' });
      return;
    }
    const calls = [];
    const deck = Array.from({ length: n }, (_, k) => k);
    deck.sort((x, y) => {
      const negative = answers[calls.length] === '1';
      calls.push(x + ':' + y);
      return negative ? -0.25 : 0.25;
    });
    const sorted = Float64Array.from(deck);
    self.postMessage({ id, state: 2, progress: 1, summary: calls.length + ' comparator calls by this browser',
      result: sorted, payload: calls.join(' ') }, [sorted.buffer]);
    return;
  }
  if (!(Number.isInteger(n) && n >= 2 && n <= 8 && Number.isInteger(runs) && runs >= 1 && runs <= 1e7)) {
    self.postMessage({ id, state: 3, progress: 0, summary: 'js_sort_sample: n must be 2..8 and runs 1..10^7' });
    return;
  }
  const result = new Float64Array(2 + n * n);
  result[0] = n;
  result[1] = runs;
  const start = Array.from({ length: n }, (_, k) => k);
  let lastPost = 0;
  for (let m = 0; m < runs; m++) {
    const deck = start.slice().sort(randomComparator);
    for (let p = 0; p < n; p++) result[2 + p * n + deck[p]]++;
    if ((m & 0xffff) === 0 && performance.now() - lastPost > 50) {
      self.postMessage({ id, state: 1, progress: m / runs, summary: m + ' of ' + runs + ' sorts' });
      lastPost = performance.now();
    }
  }
  self.postMessage({ id, state: 2, progress: 1, summary: runs + ' sorts by this browser', result }, [result.buffer]);
}

// The Check lab's file: read a slice at a time (so a 1 GB file never sits in
// memory whole) into the core's check, which stops at the first bad line.
const kCheckChunk = 1 << 20;
async function checkFile(id, params, blob) {
  let reader = null;
  let core = null;
  try {
    if (!blob) throw new Error('the file is no longer available: choose it again');
    core = await coreLoaded(id);
    reader = new core.CheckFileReader(params);
    const files = new FileReaderSync();
    let lastPost = 0;
    for (let at = 0; at < blob.size; at += kCheckChunk) {
      reader.feed(new Uint8Array(files.readAsArrayBuffer(blob.slice(at, at + kCheckChunk))));
      if (reader.error()) break;
      const now = performance.now();
      if (now - lastPost > 50) {
        self.postMessage({ id, state: 1, progress: at / blob.size, summary: 'read ' + Math.round(at / 1048576) + ' of ' + Math.ceil(blob.size / 1048576) + ' MB' });
        lastPost = now;
      }
    }
    const payload = reader.finish();
    self.postMessage({ id, state: 2, progress: 1, summary: reader.verdict(payload), result: new Float64Array(0), payload,
                       heapBytes: core.heapBytes() });
  } catch (err) {
    const gone = err && (err.name === 'NotFoundError' || err.name === 'NotReadableError');
    const summary = gone ? 'the file can no longer be read (moved, changed or deleted?): choose it again'
                         : String((err && err.message) || err);
    self.postMessage({ id, state: 3, progress: 0, summary });
  } finally {
    if (reader) reader.delete();
  }
}
