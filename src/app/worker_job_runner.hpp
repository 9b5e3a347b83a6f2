// worker_job_runner.hpp: JobRunner backed by a Web Worker that loads the core
// ES module (web/worker.js). The page glue (web/app.js) owns the worker; this
// side only starts, polls and cancels. Cancel terminates the worker and starts
// a fresh one, so control returns at once even mid-slice.
#pragma once
#include "ui/job_runner.hpp"

namespace shufflelab::web {

class WorkerJobRunner final : public ui::JobRunner {
 public:
  int start(const std::string& kind, const std::string& params) override;
  void cancel(int id) override;
  ui::JobStatus status(int id) override;

 private:
  int next_id_ = 1;
};

}  // namespace shufflelab::web
