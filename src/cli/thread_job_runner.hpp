// thread_job_runner.hpp: the CLI's JobRunner. Each job runs on threads of
// its own, to the end or until cancelled; a job whose work splits (the
// 2^32-seed sweep: core/job_catalog split_job) runs one part per thread and
// its parts' results are merged, as the page's pool of Web Workers does.
#pragma once
#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "core/base/job_slot.hpp"
#include "core/base/jobs.hpp"

namespace shufflelab::cli {

class ThreadJobRunner final : public JobRunner {
 public:
  explicit ThreadJobRunner(unsigned threads) : threads_(threads == 0 ? 1 : threads) {}
  ~ThreadJobRunner() override;
  ThreadJobRunner(const ThreadJobRunner&) = delete;
  ThreadJobRunner& operator=(const ThreadJobRunner&) = delete;

  int start(const std::string& kind, const std::string& params, const std::string& text = {}) override;
  void cancel(int id) override;
  JobStatus status(int id) override;  // progress of the parts; the merged result once all are done

 private:
  struct Part {
    std::shared_ptr<Job> job;
    std::atomic<double> progress{0.0};
    std::atomic<bool> done{false};
    std::thread thread;
  };
  struct Entry {
    std::string kind;
    std::vector<std::unique_ptr<Part>> parts;
    std::atomic<bool> cancelled{false};
    JobStatus final;  // once done, failed or cancelled
    bool finished = false;
  };
  void join(Entry& e);

  unsigned threads_;
  std::map<int, std::unique_ptr<Entry>> jobs_;
  int next_id_ = 1;
};

}  // namespace shufflelab::cli
