// deck_sample_tests.hpp: what a sample of a reader's decks is checked with
// beyond its position x card matrix: the Check lab's deck tests (fixed
// points, cycles, rising sequences, Lehmer digits, ...) with their p-values
// and verdict. The shuffle lab sits below the Check lab, so it sees them
// through this interface; core/code_deck_tests implements it for the app
// (the decks are counted as they come, the tests run as a job once the
// sample is complete).
#pragma once
#include <cstdint>
#include <span>
#include <string>

#include "core/base/job_slot.hpp"

namespace shufflelab {

struct DeckSampleReport {
  bool failed = false;
  std::string verdict;  // one line
  std::string text;     // the Check lab's report text: every test with its p-value
};

class DeckSampleTests {
 public:
  virtual ~DeckSampleTests() = default;
  virtual void start(std::uint32_t n) = 0;  // a new sample of n-card decks (0: none); the last tests go
  virtual void add(std::span<const std::uint32_t> deck) = 0;
  virtual void finish() = 0;  // the sample is complete: the tests start on the decks added since start()
  virtual void poll() = 0;    // once a frame: takes the tests' report when it comes
  virtual void cancel() = 0;
  // The tests' job: its progress and error, and once done its report (`result`).
  virtual const JobSlot<DeckSampleReport>& job() const = 0;
};

}  // namespace shufflelab
