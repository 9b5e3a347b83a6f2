// code_deck_tests.hpp: the Check lab's deck tests for the shuffle lab's
// "Your code" samples (the DeckSampleTests port), in bounded memory: a
// DeckTally keeps counts only.
#pragma once
#include <memory>

#include "core/check/deck_checks.hpp"
#include "core/shuffle/deck_sample_tests.hpp"

namespace shufflelab {

class CodeDeckTests final : public DeckSampleTests {
 public:
  void start(std::uint32_t n) override;
  void add(std::span<const std::uint32_t> deck) override;
  DeckSampleReport report() override;

 private:
  std::unique_ptr<DeckTally> tally_;
  std::vector<std::uint16_t> deck_;
};

}  // namespace shufflelab
