#include "core/fast_shuffle.hpp"

namespace shufflelab {

BatchPlan::BatchPlan(std::uint32_t n) : n_(n) {
  for (std::uint32_t bound = n; bound >= 2; bound -= batches_.back().count) batches_.push_back(make_draw_batch(bound));
}

void FastShuffler::shuffle(std::span<std::uint32_t> deck) {
  switch (plan_.n()) {
    case 52: fisher_yates_batched_fixed<52>(deck.first<52>(), words_); break;
    case 78: fisher_yates_batched_fixed<78>(deck.first<78>(), words_); break;
    default: fisher_yates_batched(plan_, deck, words_); break;
  }
}

}  // namespace shufflelab
