// test_support.hpp: helpers several core test files need, kept once.
//  - splitmix64: Vigna's SplitMix64 step (published constants), a stream of
//    test inputs that owes nothing to the generators under test;
//  - replay_sweep / expect_same_sweep: a One Chip sweep recomputed seed by
//    seed with a test's own reference deal, and the field-by-field comparison;
//  - ScriptedJobRunner: a job runner whose every job finishes at once with a
//    result the test gives.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "core/base/job_slot.hpp"

namespace shufflelab::test {

inline std::uint64_t splitmix64(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

// Seeds at LCRNG cycle positions [first, first + count) from `start` (the
// state at position first), each dealt by calls_of(seed) -> call count.
template <class Stats, class CallsOf>
Stats replay_sweep(std::uint32_t start, std::uint64_t count, CallsOf&& calls_of) {
  Stats stats;
  std::uint32_t state = start;
  for (std::uint64_t k = 0; k < count; ++k) {
    stats.add(state, static_cast<std::uint32_t>(calls_of(state)));
    state = state * 1664525u + 1013904223u;  // One Chip's LCRNG, as its article prints it
  }
  return stats;
}

template <class Stats>
void expect_same_sweep(const Stats& got, const Stats& want, const std::string& what) {
  std::vector<std::uint64_t> a = got.histogram, b = want.histogram;
  a.resize(std::max(a.size(), b.size()), 0);
  b.resize(a.size(), 0);
  EXPECT_EQ(a, b) << what;
  EXPECT_EQ(got.seeds, want.seeds) << what;
  EXPECT_EQ(got.total_calls, want.total_calls) << what;
  EXPECT_EQ(got.max_calls, want.max_calls) << what;
  EXPECT_EQ(got.max_seed, want.max_seed) << what;
}

class ScriptedJobRunner final : public JobRunner {
 public:
  explicit ScriptedJobRunner(std::vector<double> result) : result_(std::move(result)) {}
  int start(const std::string&, const std::string&) override { return ++started_; }
  void cancel(int) override {}
  JobStatus status(int) override {
    JobStatus s;
    s.state = JobStatus::State::done;
    s.progress = 1.0;
    s.result = result_;
    return s;
  }

 private:
  std::vector<double> result_;
  int started_ = 0;
};

}  // namespace shufflelab::test
