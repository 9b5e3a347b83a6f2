#include "core/shuffle/fast_shuffle.hpp"

namespace shufflelab {

BatchPlan::BatchPlan(std::uint32_t n) : n_(n) {
  for (std::uint32_t bound = n; bound >= 2; bound -= batches_.back().count) batches_.push_back(make_draw_batch(bound));
}

namespace {
// Both functions are flattened (everything inlined, the rare redraws too)
// with the generator in a local, so its state stays in registers for the
// whole shuffle; otherwise it went back to memory after every word.

// The run-time plan: natively the fastest (shuffle52 50-51 ns against 58 ns
// for the fixed plan, shuffle78 75-78 against 96 ns, same run).
[[gnu::flatten, gnu::noinline]] void shuffle_by_plan(const BatchPlan& plan, std::span<std::uint32_t> deck,
                                                     XoshiroWords& state) {
  XoshiroWords words = state;
  fisher_yates_batched(plan, deck, words);
  state = words;
}

#ifdef __EMSCRIPTEN__
// One compile-time plan: in WebAssembly the run-time plan's per-batch
// dispatch measured ~20% slower. A function of its own per deck size:
// sharing one flattened body with the other paths cost as much again.
// after_draws measured faster here than as_drawn (the block twister's choice).
template <std::uint32_t N>
[[gnu::flatten, gnu::noinline]] void shuffle_fixed(std::span<std::uint32_t, N> deck, XoshiroWords& state) {
  XoshiroWords words = state;
  fisher_yates_batched_fixed<N, BatchSwaps::after_draws>(deck, words);
  state = words;
}
#endif
}  // namespace

void FastShuffler::shuffle(std::span<std::uint32_t> deck) {
#ifdef __EMSCRIPTEN__
  switch (plan_.n()) {
    case 52: return shuffle_fixed<52>(deck.first<52>(), words_);
    case 78: return shuffle_fixed<78>(deck.first<78>(), words_);
    default: break;
  }
#endif
  shuffle_by_plan(plan_, deck, words_);
}

}  // namespace shufflelab
