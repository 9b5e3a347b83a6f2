#include "cli/thread_job_runner.hpp"

#include "core/job_catalog.hpp"

namespace shufflelab::cli {

namespace {
constexpr std::uint64_t kSlice = std::uint64_t{1} << 20;  // work between two looks at Cancel
}

ThreadJobRunner::~ThreadJobRunner() {
  for (auto& [id, e] : jobs_) {
    e->cancelled = true;
    join(*e);
  }
}

void ThreadJobRunner::join(Entry& e) {
  for (auto& part : e.parts)
    if (part->thread.joinable()) part->thread.join();
}

int ThreadJobRunner::start(const std::string& kind, const std::string& params, const std::string& text) {
  const int id = next_id_++;
  auto e = std::make_unique<Entry>();
  e->kind = kind;
  std::vector<std::string> pieces = split_job(kind, params, threads_);
  if (pieces.size() < 2) pieces = {params};
  for (const std::string& piece : pieces) {
    auto job = make_job(kind, piece, text);
    if (!job) {
      e->cancelled = true;
      join(*e);
      e->final.state = JobStatus::State::failed;
      e->final.summary = job.error();
      e->finished = true;
      break;
    }
    e->parts.push_back(std::make_unique<Part>());
    e->parts.back()->job = job.value();
  }
  if (!e->finished)
    for (auto& part : e->parts) {
      Part* p = part.get();
      std::atomic<bool>* cancelled = &e->cancelled;
      p->thread = std::thread([p, cancelled] {
        while (!p->job->done() && !*cancelled) p->progress = p->job->step(kSlice);
        p->done = true;
      });
    }
  jobs_[id] = std::move(e);
  return id;
}

void ThreadJobRunner::cancel(int id) {
  const auto it = jobs_.find(id);
  if (it == jobs_.end() || it->second->finished) return;
  Entry& e = *it->second;
  e.cancelled = true;
  join(e);
  e.final = JobStatus{};
  e.final.state = JobStatus::State::cancelled;
  e.finished = true;
}

JobStatus ThreadJobRunner::status(int id) {
  const auto it = jobs_.find(id);
  if (it == jobs_.end()) return {};
  Entry& e = *it->second;
  if (e.finished) return e.final;
  JobStatus s;
  s.state = JobStatus::State::running;
  bool all_done = true;
  for (const auto& part : e.parts) {
    s.progress += part->progress / static_cast<double>(e.parts.size());
    all_done = all_done && part->done;
  }
  if (!all_done) return s;
  join(e);
  e.finished = true;
  if (e.parts.size() == 1) {
    const Job& job = *e.parts.front()->job;
    s.state = JobStatus::State::done, s.progress = 1.0;
    s.result = job.result(), s.summary = job.summary(), s.payload = job.payload();
    return e.final = s;
  }
  std::vector<std::vector<double>> results;
  for (const auto& part : e.parts) results.push_back(part->job->result());
  auto merged = merge_job_results(e.kind, results);
  if (!merged) s.state = JobStatus::State::failed, s.summary = merged.error();
  else s.state = JobStatus::State::done, s.progress = 1.0, s.result = merged.value().result,
       s.summary = merged.value().summary;
  return e.final = s;
}

}  // namespace shufflelab::cli
