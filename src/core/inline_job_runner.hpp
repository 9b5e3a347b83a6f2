// inline_job_runner.hpp: a JobRunner that advances a job by one slice each
// time its status is asked for, on the calling thread (the CLI, native tests,
// the UI smoke test). It builds jobs through core/job_catalog.
#pragma once
#include <map>
#include <memory>
#include <string>

#include "core/base/job_slot.hpp"
#include "core/base/jobs.hpp"

namespace shufflelab {

class InlineJobRunner final : public JobRunner {
 public:
  int start(const std::string& kind, const std::string& params, const std::string& text = {}) override;
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

}  // namespace shufflelab
