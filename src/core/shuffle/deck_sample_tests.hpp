// deck_sample_tests.hpp: what a sample of a reader's decks is checked with
// beyond its position x card matrix: the Check lab's deck tests (fixed
// points, cycles, rising sequences, Lehmer digits, ...) with their p-values
// and verdict. The shuffle lab sits below the Check lab, so it sees them
// through this interface; core/code_deck_tests implements it for the app.
#pragma once
#include <cstdint>
#include <span>
#include <string>

namespace shufflelab {

struct DeckSampleReport {
  bool failed = false;
  std::string verdict;  // one line
  std::string text;     // the Check lab's report text: every test with its p-value
};

class DeckSampleTests {
 public:
  virtual ~DeckSampleTests() = default;
  virtual void start(std::uint32_t n) = 0;  // a new sample of n-card decks
  virtual void add(std::span<const std::uint32_t> deck) = 0;
  virtual DeckSampleReport report() = 0;  // over the decks added since start()
};

}  // namespace shufflelab
