#include "core/inline_job_runner.hpp"

#include "core/job_catalog.hpp"

namespace shufflelab {

int InlineJobRunner::start(const std::string& kind, const std::string& params, const std::string& text) {
  const int id = next_id_++;
  Entry e;
  auto job = make_job(kind, params, text);
  if (!job) {
    e.status.state = JobStatus::State::failed;
    e.status.summary = job.error();
  } else {
    e.job = job.value();
    e.status.state = JobStatus::State::running;
  }
  jobs_[id] = std::move(e);
  return id;
}

void InlineJobRunner::cancel(int id) {
  auto it = jobs_.find(id);
  if (it == jobs_.end() || it->second.status.state != JobStatus::State::running) return;
  it->second.job.reset();
  it->second.status.state = JobStatus::State::cancelled;
}

JobStatus InlineJobRunner::status(int id) {
  auto it = jobs_.find(id);
  if (it == jobs_.end()) return {};
  Entry& e = it->second;
  if (e.status.state == JobStatus::State::running) {
    e.status.progress = e.job->step(1u << 16);  // small slice: this runs on the UI thread
    e.status.summary = e.job->summary();
    if (e.job->done()) {
      e.status.state = JobStatus::State::done;
      e.status.result = e.job->result();
      e.status.payload = e.job->payload();
    }
  }
  return e.status;
}

}  // namespace shufflelab
