#include "core/code_deck_tests.hpp"

#include "core/check/check_view_wire.hpp"
#include "core/check/deck_tally_wire.hpp"

namespace shufflelab {

void CodeDeckTests::start(std::uint32_t n) {
  job_.clear(jobs_);
  tally_ = n ? std::make_unique<DeckTally>(n) : nullptr;
  deck_.assign(n, 0);
}

void CodeDeckTests::add(std::span<const std::uint32_t> deck) {
  if (!tally_ || deck.size() != tally_->size()) return;
  for (std::size_t i = 0; i < deck.size(); ++i) deck_[i] = static_cast<std::uint16_t>(deck[i]);
  tally_->add(deck_);
}

void CodeDeckTests::finish() {
  if (!tally_ || tally_->decks() == 0) return;
  job_.start(jobs_, "deck_tests", "", "", encode_deck_tally(*tally_));
}

void CodeDeckTests::poll() {
  if (!job_.poll(jobs_)) return;
  auto view = decode_check_report_view(job_.status.payload);
  if (!view) {
    job_.error = view.error();
    return;
  }
  job_.result = DeckSampleReport{view->failed, view->verdict, std::move(view->text)};
}

}  // namespace shufflelab
