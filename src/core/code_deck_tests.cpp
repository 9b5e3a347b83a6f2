#include "core/code_deck_tests.hpp"

namespace shufflelab {

void CodeDeckTests::start(std::uint32_t n) {
  tally_ = std::make_unique<DeckTally>(n);
  deck_.assign(n, 0);
}

void CodeDeckTests::add(std::span<const std::uint32_t> deck) {
  if (!tally_ || deck.size() != tally_->size()) return;
  for (std::size_t i = 0; i < deck.size(); ++i) deck_[i] = static_cast<std::uint16_t>(deck[i]);
  tally_->add(deck_);
}

DeckSampleReport CodeDeckTests::report() {
  if (!tally_ || tally_->decks() == 0) return {};
  // Cards are the numbers 0..n-1 the reader's function was given.
  const CheckReport report = deck_report(*tally_, DeckSpelling{}, kDefaultCheckAlpha);
  return {report.failed, report.verdict, report_text(report)};
}

}  // namespace shufflelab
