// job_runner.hpp: how panels run long core jobs (core/base/jobs.hpp) without
// freezing the frame. The web app runs them in a Web Worker (src/app); the
// native smoke test and fallbacks use InlineJobRunner, which does a few
// milliseconds of work per frame on the calling thread.
#pragma once
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/base/jobs.hpp"

namespace shufflelab::ui {

struct JobStatus {
  enum class State { none, running, done, failed, cancelled };
  State state = State::none;
  double progress = 0.0;
  std::string summary;  // the job's own one-line summary, or the error
  std::vector<double> result;
  std::string payload;  // Job::payload() of a finished job
};

class JobRunner {
 public:
  virtual ~JobRunner() = default;
  virtual int start(const std::string& kind, const std::string& params) = 0;  // returns a job id
  virtual void cancel(int id) = 0;
  virtual JobStatus status(int id) = 0;  // called once per frame by the panel that owns the job

  // Counts the changes to what panels show of their jobs (a start, a refusal,
  // a finish): the text mirror rebuilds when it moves (ui/kit/job_slot.hpp).
  std::uint64_t shown_results_revision() const { return shown_results_revision_; }
  void note_shown_results_changed() { ++shown_results_revision_; }

 private:
  std::uint64_t shown_results_revision_ = 0;
};

class InlineJobRunner final : public JobRunner {
 public:
  int start(const std::string& kind, const std::string& params) override;
  void cancel(int id) override;
  JobStatus status(int id) override;  // advances the job by one slice

 private:
  struct Entry {
    std::shared_ptr<Job> job;
    JobStatus status;
  };
  std::map<int, Entry> jobs_;
  int next_id_ = 1;
};

}  // namespace shufflelab::ui
