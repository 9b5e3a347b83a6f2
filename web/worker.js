// The compute worker: runs one core job at a time (core/base/jobs.hpp) in slices,
// posting progress about every 50 ms. Cancellation is done by the page
// terminating this worker, so no slice needs to check a flag.
import createShufflelabCore from './shufflelab_core.mjs';

const ready = createShufflelabCore();

self.onmessage = async (event) => {
  // Test hook: an uncaught error outside any job, as a real crash would be.
  if (event.data.crashForTest) { setTimeout(() => { throw new Error('worker crash requested by a test'); }); return; }
  const { id, kind, params } = event.data;
  let job = null;
  try {
    const core = await ready;
    job = core.makeJob(kind, params);
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
    self.postMessage({ id, state: 2, progress: 1, summary: job.summary(), result }, [result.buffer]);
  } catch (err) {
    self.postMessage({ id, state: 3, progress: 0, summary: String((err && err.message) || err) });
  } finally {
    if (job) job.delete();
  }
};
