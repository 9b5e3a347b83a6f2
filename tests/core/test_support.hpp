// test_support.hpp: helpers several core test files need, kept once.
//  - splitmix64: Vigna's SplitMix64 step (published constants), a stream of
//    test inputs that owes nothing to the generators under test;
//  - replay_sweep / expect_same_sweep: a One Chip sweep recomputed seed by
//    seed with a test's own reference deal, and the field-by-field comparison;
//  - send / run_jobs / all_text: a command to a lab session as the hook
//    writes it, its jobs ticked until none runs, its Text view as one string.
//  - ScriptedJobRunner: a job runner whose every job finishes at once with a
//    result the test gives.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "core/base/lab_session.hpp"
#include "core/base/job_slot.hpp"
#include "core/inline_job_runner.hpp"

namespace shufflelab::test {

inline Result<bool> send(LabSession& session, std::string_view command) {
  return session.apply(parse_lab_command(command));
}

inline void run_jobs(LabSession& session, int max_ticks = 100000) {
  for (int i = 0; i < max_ticks && session.busy(); ++i) session.tick(0.0);
  ASSERT_FALSE(session.busy());
}

// Each command is refused with an error naming its verb, and `state` stays as it was.
template <class State>
void expect_refused(LabSession& session, const State& state, const std::vector<std::string>& commands) {
  const State before = state;
  for (const std::string& command : commands) {
    auto r = send(session, command);
    ASSERT_FALSE(r) << command;
    EXPECT_NE(r.error().find(command.substr(0, command.find('='))), std::string::npos) << command << ": " << r.error();
    EXPECT_EQ(state, before) << command;
  }
}

inline std::string all_text(const std::vector<TextLine>& lines) {
  std::string out;
  for (const TextLine& l : lines) out += l.text + "\n";
  return out;
}

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
  // only_kind: script jobs of that kind only and run the others inline (the Dice lab's laws).
  explicit ScriptedJobRunner(std::vector<double> result, std::string only_kind = {})
      : result_(std::move(result)), only_kind_(std::move(only_kind)) {}
  int start(const std::string& kind, const std::string& params, const std::string& text) override {
    if (!only_kind_.empty() && kind != only_kind_) return inline_.start(kind, params, text);
    return kFirstScripted + started_++;
  }
  void cancel(int id) override {
    if (id < kFirstScripted) inline_.cancel(id);
  }
  JobStatus status(int id) override {
    if (id < kFirstScripted) return inline_.status(id);
    JobStatus s;
    s.state = JobStatus::State::done;
    s.progress = 1.0;
    s.result = result_;
    return s;
  }

 private:
  static constexpr int kFirstScripted = 1 << 20;
  std::vector<double> result_;
  std::string only_kind_;
  int started_ = 0;
  InlineJobRunner inline_;
};

// Jobs wait while `held` (a worker still loading), then run inline; it
// records the kinds started and the ids cancelled.
class HeldJobRunner final : public JobRunner {
 public:
  int start(const std::string& kind, const std::string& params, const std::string& text = {}) override {
    kinds.push_back(kind);
    return inline_.start(kind, params, text);
  }
  void cancel(int id) override {
    cancelled.push_back(id);
    inline_.cancel(id);
  }
  JobStatus status(int id) override {
    if (!held) return inline_.status(id);
    JobStatus waiting;
    waiting.state = JobStatus::State::running;
    return waiting;
  }
  bool held = true;
  std::vector<std::string> kinds;
  std::vector<int> cancelled;

 private:
  InlineJobRunner inline_;
};

}  // namespace shufflelab::test
