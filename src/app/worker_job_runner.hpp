// worker_job_runner.hpp: JobRunner backed by the page's pool of Web Workers
// that load the core ES module (web/worker.js, web/app.js). This side starts,
// polls and cancels. Cancel terminates the job's worker and starts a fresh
// one, so control returns at once even mid-slice. A job the core can split
// (core/job_catalog.hpp split_job: the 2^32-seed One Chip sweep) runs as several parts
// per worker from the pool's queue, and its parts' results are merged here when all are done.
#pragma once
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/base/job_slot.hpp"

namespace shufflelab::web {

class WorkerJobRunner final : public JobRunner {
 public:
  int start(const std::string& kind, const std::string& params, const std::string& text = {}) override;
  void cancel(int id) override;
  JobStatus status(int id) override;

 private:
  JobStatus poll(int worker_job);
  struct Split {
    std::string kind;
    std::vector<int> parts;  // worker job ids
    std::vector<std::vector<double>> results;  // of finished parts, by index
    std::optional<JobStatus> final_status;  // once merged, failed or cancelled
  };
  int next_id_ = 1;
  std::map<int, Split> splits_;
};

}  // namespace shufflelab::web
