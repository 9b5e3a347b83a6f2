#include "core/shuffle/fast_shuffle.hpp"

namespace shufflelab {

BatchPlan::BatchPlan(std::uint32_t n) : n_(n) {
  for (std::uint32_t bound = n; bound >= 2; bound -= batches_.back().count) batches_.push_back(make_draw_batch(bound));
}

namespace {
// These functions are flattened (everything inlined, the rare redraws too)
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
// and sharing one flattened body with the other paths as much again).
template <std::uint32_t N>
[[gnu::flatten, gnu::noinline]] void shuffle_fixed(std::span<std::uint32_t, N> deck, XoshiroWords& state) {
  XoshiroWords words = state;
  fisher_yates_batched_fixed<N, BatchSwaps::behind_draws>(deck, words);
  state = words;
}

#ifdef SHUFFLELAB_PAIR_LANES
// This shuffle's swaps on the draws made ahead, then the next shuffle's
// draws. A rejected batch (2.6% of 52-card shuffles) sends them to the cold
// path, from the first word, which `state` still holds: kept in registers, it
// would be four more values to hold through every draw.
[[gnu::noinline, gnu::cold]] void make_one_by_one(DrawsAhead<52>& ahead, XoshiroWords& state) {
  ahead.make_one_by_one(state);
}

[[gnu::always_inline]] inline void shuffle_ahead(std::span<std::uint32_t, 52> deck, DrawsAhead<52>& ahead,
                                                 XoshiroWords& state) {
  ahead.shuffle(deck);
  XoshiroWords words = state;
  if (ahead.make_in_lanes(words)) [[likely]]
    state = words;
  else
    make_one_by_one(ahead, state);
}

// The same code twice: with AVX2's three-operand encoding (no register
// copies before each SSE2 instruction) it measured 2-3% faster.
[[gnu::flatten, gnu::noinline]] void shuffle_ahead_sse2(std::span<std::uint32_t, 52> deck, DrawsAhead<52>& ahead,
                                                        XoshiroWords& state) {
  shuffle_ahead(deck, ahead, state);
}
[[gnu::flatten, gnu::noinline, gnu::target("avx2")]] void shuffle_ahead_avx2(std::span<std::uint32_t, 52> deck,
                                                                             DrawsAhead<52>& ahead,
                                                                             XoshiroWords& state) {
  shuffle_ahead(deck, ahead, state);
}
const bool kHasAvx2 = __builtin_cpu_supports("avx2");
#endif
}  // namespace

FastShuffler::FastShuffler(std::uint32_t n, std::uint64_t seed) : plan_(n), words_{Xoshiro256ss::from_seed(seed)} {
#ifdef SHUFFLELAB_PAIR_LANES
  past_ahead_ = words_;
  if (n == 52) ahead_.emplace().make(past_ahead_);
#endif
}

void FastShuffler::shuffle(std::span<std::uint32_t> deck) {
#ifdef SHUFFLELAB_PAIR_LANES
  if (ahead_) {
    words_ = past_ahead_;
    if (kHasAvx2) return shuffle_ahead_avx2(deck.first<52>(), *ahead_, past_ahead_);
    return shuffle_ahead_sse2(deck.first<52>(), *ahead_, past_ahead_);
  }
#endif
  switch (plan_.n()) {
    case 52: return shuffle_fixed<52>(deck.first<52>(), words_);
    case 78: return shuffle_fixed<78>(deck.first<78>(), words_);
    default: return shuffle_by_plan(plan_, deck, words_);
  }
}

}  // namespace shufflelab
