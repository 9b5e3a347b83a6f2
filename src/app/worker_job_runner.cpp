#include "app/worker_job_runner.hpp"

#include <emscripten.h>

#include <cstdlib>

// clang-format off
EM_JS(void, js_job_start, (int id, const char* kind, const char* params), {
  window.shufflelabJobs.start(id, UTF8ToString(kind), UTF8ToString(params));
});
EM_JS(void, js_job_cancel, (int id), { window.shufflelabJobs.cancel(id); });
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
// clang-format on

namespace shufflelab::web {

int WorkerJobRunner::start(const std::string& kind, const std::string& params) {
  const int id = next_id_++;
  js_job_start(id, kind.c_str(), params.c_str());
  return id;
}

void WorkerJobRunner::cancel(int id) { js_job_cancel(id); }

ui::JobStatus WorkerJobRunner::status(int id) {
  ui::JobStatus s;
  int state = 0, length = 0;
  char* summary = js_job_poll(id, &state, &s.progress, &length);
  s.summary = summary ? summary : "";
  std::free(summary);
  s.state = static_cast<ui::JobStatus::State>(state);
  if (s.state == ui::JobStatus::State::done && length > 0) {
    s.result.resize(static_cast<std::size_t>(length));
    js_job_result(id, s.result.data(), length);
  }
  return s;
}

}  // namespace shufflelab::web
