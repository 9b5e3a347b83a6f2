#include "app/worker_job_runner.hpp"

#include <emscripten.h>

#include <cstdlib>

#include "core/job_catalog.hpp"

// clang-format off
// The text goes to the worker as a string beside the parameters (a 1 MB source too).
EM_JS(void, js_job_start, (int id, const char* kind, const char* params, const char* text, int size), {
  window.shufflelabJobs.start(id, UTF8ToString(kind), UTF8ToString(params), size ? UTF8ToString(text, size) : undefined);
});
EM_JS(void, js_job_cancel, (int id), { window.shufflelabJobs.cancel(id); });
EM_JS(int, js_job_workers, (), { return window.shufflelabJobs.workers(); });
// Writes state (0 none, 1 running, 2 done, 3 failed, 4 cancelled) and progress;
// returns a malloc'd summary string.
EM_JS(char*, js_job_poll, (int id, int* state, double* progress, int* result_length), {
  const j = window.shufflelabJobs.poll(id);
  HEAP32[state >> 2] = j.state;
  HEAPF64[progress >> 3] = j.progress;
  HEAP32[result_length >> 2] = j.result ? j.result.length : 0;
  return stringToNewUTF8(j.summary || "");
});
EM_JS(void, js_job_result, (int id, double* out, int length), {
  const r = window.shufflelabJobs.poll(id).result;
  HEAPF64.set(r.subarray(0, length), out >> 3);
});
// A finished job's payload text as a malloc'd string ("" when it has none).
EM_JS(char*, js_job_payload, (int id), {
  return stringToNewUTF8(window.shufflelabJobs.poll(id).payload || "");
});
// clang-format on

namespace shufflelab::web {

// A split job is cut into several parts per worker, queued in the pool: a
// worker that finishes early takes the next part, so the job ends when the
// work does, not when the slowest worker's fixed half does (a browser's
// workers share the cores with the page and its drawing).
constexpr unsigned kPartsPerWorker = 8;

int WorkerJobRunner::start(const std::string& kind, const std::string& params, const std::string& text) {
  const int id = next_id_++;
  const auto parts = split_job(kind, params, static_cast<unsigned>(js_job_workers()) * kPartsPerWorker);
  if (parts.size() < 2) {
    js_job_start(id, kind.c_str(), params.c_str(), text.data(), static_cast<int>(text.size()));
    return id;
  }
  Split& split = splits_[id];
  split.kind = kind;
  split.results.resize(parts.size());
  for (const std::string& part : parts) {
    const int part_id = next_id_++;
    split.parts.push_back(part_id);
    js_job_start(part_id, kind.c_str(), part.c_str(), text.data(), static_cast<int>(text.size()));
  }
  return id;
}

void WorkerJobRunner::cancel(int id) {
  const auto it = splits_.find(id);
  if (it == splits_.end()) return js_job_cancel(id);
  for (int part : it->second.parts) js_job_cancel(part);
}

JobStatus WorkerJobRunner::poll(int worker_job) {
  JobStatus s;
  int state = 0, length = 0;
  char* summary = js_job_poll(worker_job, &state, &s.progress, &length);
  s.summary = summary ? summary : "";
  std::free(summary);
  s.state = static_cast<JobStatus::State>(state);
  if (s.state == JobStatus::State::done && length > 0) {
    s.result.resize(static_cast<std::size_t>(length));
    js_job_result(worker_job, s.result.data(), length);
  }
  if (s.state == JobStatus::State::done) {
    char* payload = js_job_payload(worker_job);
    s.payload = payload ? payload : "";
    std::free(payload);
  }
  return s;
}

JobStatus WorkerJobRunner::status(int id) {
  const auto it = splits_.find(id);
  if (it == splits_.end()) return poll(id);
  Split& split = it->second;
  if (split.final_status) return *split.final_status;
  using State = JobStatus::State;
  JobStatus whole;
  whole.state = State::running;
  std::size_t finished = 0;
  for (std::size_t k = 0; k < split.parts.size(); ++k) {
    if (!split.results[k].empty()) {
      whole.progress += 1.0;
      ++finished;
      continue;
    }
    JobStatus part = poll(split.parts[k]);
    if (part.state == State::failed || part.state == State::cancelled) {
      for (int other : split.parts) js_job_cancel(other);
      part.progress = 0;
      return *(split.final_status = part);
    }
    if (part.state == State::done) split.results[k] = std::move(part.result), ++finished;
    whole.progress += part.state == State::done ? 1.0 : part.progress;
  }
  whole.progress /= static_cast<double>(split.parts.size());
  whole.summary = std::to_string(finished) + " of " + std::to_string(split.parts.size()) + " parts done";
  if (finished < split.parts.size()) return whole;
  auto merged = merge_job_results(split.kind, split.results);
  if (!merged) whole.state = State::failed, whole.summary = merged.error();
  else whole.state = State::done, whole.progress = 1.0, whole.result = std::move(merged.value().result),
       whole.summary = std::move(merged.value().summary);
  return *(split.final_status = whole);
}

}  // namespace shufflelab::web
