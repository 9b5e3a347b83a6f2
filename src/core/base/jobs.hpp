// jobs.hpp: long computations (sampling 10^8 rolls, 10^6 shuffles, the 2^32
// One Chip sweep, brute-force periods) as resumable jobs. A job does a bounded
// slice of work per step() call, so whoever runs it (a Web Worker, a CLI loop,
// a test) can report progress and stop it between slices.
//
// A job is named by a kind and a parameter string in link syntax
// ("width=32&mask=CF&seed=00000001"), so the browser can rebuild the same job
// inside a worker from two strings. Results are a flat vector of doubles
// (counts up to 2^53 are exact) plus a one-line text summary.
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

// Builds a job from its kind and parameters; the message names the problem.
Result<std::shared_ptr<Job>> make_job(std::string_view kind, std::string_view params);

// Jobs whose work splits into independent parts (the browser runs the parts
// on several workers at once). split_job: the parts' parameters, or empty
// when the kind does not split (or the parameters are bad: make_job says
// why). merge_job_results: the whole job's result and summary from the
// finished parts' results, equal to running it unsplit.
std::vector<std::string> split_job(std::string_view kind, std::string_view params, unsigned parts);
struct MergedJobResult {
  std::vector<double> result;
  std::string summary;
};
Result<MergedJobResult> merge_job_results(std::string_view kind, const std::vector<std::vector<double>>& parts);

// Runs a job to the end in slices (CLI and tests).
template <typename OnProgress>
void run_job_to_end(Job& job, std::uint64_t slice, OnProgress&& on_progress) {
  while (!job.done()) on_progress(job.step(slice));
}

// Counts the period of a tarot-form Galois LFSR by stepping it until the seed
// comes back: the brute-force check of the GF(2) answer (widths up to 40).
// result(): {period, steps taken}; 0 period means the seed sits on a tail.
class LfsrStepPeriodJob final : public Job {
 public:
  LfsrStepPeriodJob(int width, std::uint64_t taps, std::uint64_t seed);
  double step(std::uint64_t budget) override;
  bool done() const override { return done_; }
  std::vector<double> result() const override;
  std::string summary() const override;

 private:
  int width_;
  std::uint64_t taps_, seed_, state_, steps_ = 0, limit_;
  bool done_ = false, returned_ = false;
};

}  // namespace shufflelab
