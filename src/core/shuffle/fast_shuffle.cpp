#include "core/shuffle/fast_shuffle.hpp"

namespace shufflelab {

BatchPlan::BatchPlan(std::uint32_t n) : n_(n) {
  for (std::uint32_t bound = n; bound >= 2; bound -= batches_.back().count) batches_.push_back(make_draw_batch(bound));
}

namespace {
// Both functions are flattened (everything inlined, the rare redraws too)
// with the generator in a local, so its state stays in registers for the
// whole shuffle; otherwise it went back to memory after every word.

// The run-time plan, for decks without a fixed plan.
[[gnu::flatten, gnu::noinline]] void shuffle_by_plan(const BatchPlan& plan, std::span<std::uint32_t> deck,
                                                     XoshiroWords& state) {
  XoshiroWords words = state;
  fisher_yates_batched(plan, deck, words);
  state = words;
}

// One compile-time plan per deck size, a function of its own each (in
// WebAssembly the run-time plan's per-batch dispatch measured ~20% slower,
// and sharing one flattened body with the other paths as much again). Each
// batch's swaps wait behind the next two batches' draws, so their addresses
// are ready when they run. Times the swap floor, 52 / 78 cards: natively
// 1.38 / 1.16x (the run-time plan: 1.44 / 1.28x); in WebAssembly 1.48 /
// 1.53x (the swaps after their own batch's draws: 1.75 / 1.98x; behind one
// batch: 1.5 / 1.75x; behind three or four: no better than two).
template <std::uint32_t N>
[[gnu::flatten, gnu::noinline]] void shuffle_fixed(std::span<std::uint32_t, N> deck, XoshiroWords& state) {
  XoshiroWords words = state;
  fisher_yates_batched_fixed<N, BatchSwaps::behind_draws>(deck, words);
  state = words;
}
}  // namespace

void FastShuffler::shuffle(std::span<std::uint32_t> deck) {
  switch (plan_.n()) {
    case 52: return shuffle_fixed<52>(deck.first<52>(), words_);
    case 78: return shuffle_fixed<78>(deck.first<78>(), words_);
    default: return shuffle_by_plan(plan_, deck, words_);
  }
}

}  // namespace shufflelab
