#include "core/shuffle/fast_shuffle.hpp"

namespace shufflelab {

BatchPlan::BatchPlan(std::uint32_t n) : n_(n) {
  for (std::uint32_t bound = n; bound >= 2; bound -= batches_.back().count) batches_.push_back(make_draw_batch(bound));
}

namespace {
// One compile-time plan, flattened (everything inlined, the rare redraws
// too) and with the generator in a local, so its state stays in registers for
// the whole shuffle; otherwise it went back to memory after every word. A
// function of its own per deck size: sharing one flattened body with the
// other paths cost as much again. after_draws measured faster here than
// as_drawn (the block twister's choice).
template <std::uint32_t N>
[[gnu::flatten, gnu::noinline]] void shuffle_fixed(std::span<std::uint32_t, N> deck, XoshiroWords& state) {
  XoshiroWords words = state;
  fisher_yates_batched_fixed<N, BatchSwaps::after_draws>(deck, words);
  state = words;
}
}  // namespace

void FastShuffler::shuffle(std::span<std::uint32_t> deck) {
  switch (plan_.n()) {
    case 52: shuffle_fixed<52>(deck.first<52>(), words_); break;
    case 78: shuffle_fixed<78>(deck.first<78>(), words_); break;
    default: fisher_yates_batched(plan_, deck, words_); break;
  }
}

}  // namespace shufflelab
