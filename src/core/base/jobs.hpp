// jobs.hpp: long computations (sampling 10^8 rolls, 10^6 shuffles, the 2^32
// One Chip sweep, brute-force periods) as resumable jobs. A job does a bounded
// slice of work per step() call, so whoever runs it (a Web Worker, a CLI loop,
// a test) can report progress and stop it between slices.
//
// A job is named by a kind and a parameter string in link syntax
// ("width=32&mask=CF&seed=00000001"), so the browser can rebuild the same job
// inside a worker from two strings (core/job_catalog builds any kind).
// Results are a flat vector of doubles (counts up to 2^53 are exact) plus a
// one-line text summary.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/result.hpp"

namespace shufflelab {

class Job {
 public:
  virtual ~Job() = default;
  // Does about `budget` units of work; returns the fraction done in [0, 1].
  virtual double step(std::uint64_t budget) = 0;
  virtual bool done() const = 0;
  virtual std::vector<double> result() const = 0;
  virtual std::string summary() const = 0;
  // Text a result carries beyond its numbers (a serialized view model, such as
  // the chooser's table); most jobs have none.
  virtual std::string payload() const { return {}; }
};

// Runs a job to the end in slices (CLI and tests).
template <typename OnProgress>
void run_job_to_end(Job& job, std::uint64_t slice, OnProgress&& on_progress) {
  while (!job.done()) on_progress(job.step(slice));
}


}  // namespace shufflelab
