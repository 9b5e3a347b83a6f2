// code_deck_tests.hpp: the Check lab's deck tests for the shuffle lab's
// "Your code" samples (the DeckSampleTests port). The decks are counted here
// as they come, in bounded memory (a DeckTally keeps counts only); the tests
// run on those counts as a "deck_tests" job (core/check/deck_tests_job): in
// the browser in the worker's core module, so the app's wasm has no tests.
#pragma once
#include <memory>
#include <vector>

#include "core/check/deck_checks.hpp"
#include "core/shuffle/deck_sample_tests.hpp"

namespace shufflelab {

class CodeDeckTests final : public DeckSampleTests {
 public:
  explicit CodeDeckTests(JobRunner& jobs) : jobs_(jobs) {}
  void start(std::uint32_t n) override;
  void add(std::span<const std::uint32_t> deck) override;
  void finish() override;
  void poll() override;
  void cancel() override { job_.cancel(jobs_); }
  const JobSlot<DeckSampleReport>& job() const override { return job_; }

 private:
  JobRunner& jobs_;
  std::unique_ptr<DeckTally> tally_;
  std::vector<std::uint16_t> deck_;
  JobSlot<DeckSampleReport> job_;
};

}  // namespace shufflelab
