// fast_shuffle.hpp: bulk shuffles that spend few generator calls and no
// divisions, with results identical to shuffle.hpp's for the same draws.
//
// Batched draws (Lemire's multiply-and-reject method applied to a product of
// bounds, as in Brackett-Rozinsky and Lemire, "Batched Ranged Random Integer
// Generation", 2024): a 32-bit random fraction r is multiplied by the bounds
// b1, b2, ... in turn; each product's high half is a draw and its low half
// carries on. The draws spell floor(r * P / 2^32) in mixed radix, P = b1*b2*...,
// and the batch is redrawn from the next fraction when the last low half is
// below 2^32 mod P, which leaves every draw list exactly equally likely.
// A batch takes consecutive bounds while P <= 2^26 (at most 8), so it is
// redrawn with probability below 2^-6 and all products fit in 64 bits,
// which keeps the code fast in WebAssembly too (no 128-bit multiply).
// Fractions are the halves of 64-bit words, the low half first.
//
// Fisher-Yates here is shuffle.hpp's (top-down: step s swaps position n-1-s
// with the draw for bound n-s); the pencil form strikes the draw-th remaining
// card (shuffle.hpp's Pdep, n <= 64). Limit: n <= kMaxShuffleCards.
#pragma once
#include <array>
#include <cstddef>
#include <cstdint>
#include <numeric>
#include <span>
#include <utility>
#include <vector>

#include "core/bits.hpp"
#include "core/generators.hpp"

namespace shufflelab {

constexpr unsigned kBatchProductBits = 26;
constexpr std::uint32_t kMaxBatchDraws = 8;

// Draws for the bounds first_bound, first_bound - 1, ..., first_bound - count + 1.
struct DrawBatch {
  std::uint32_t first_bound = 0;
  std::uint32_t count = 0;
  std::uint32_t reject_below = 0;  // 2^32 mod (product of the bounds)
};

// The batch starting at first_bound (2..2^16): as many bounds >= 2 as keep the
// product within 2^kBatchProductBits, at most kMaxBatchDraws.
constexpr DrawBatch make_draw_batch(std::uint32_t first_bound) {
  std::uint64_t product = 1;
  std::uint32_t count = 0;
  while (count < kMaxBatchDraws && first_bound - count >= 2 &&
         product * (first_bound - count) <= (std::uint64_t{1} << kBatchProductBits)) {
    product *= first_bound - count;
    ++count;
  }
  return {first_bound, count, static_cast<std::uint32_t>((std::uint64_t{1} << 32) % product)};
}

// The batches covering the bounds n, n-1, ..., 2 (the draws of a Fisher-Yates
// run, and of a pencil run before its last, always-0 draw).
class BatchPlan {
 public:
  explicit BatchPlan(std::uint32_t n);  // 1 <= n <= kMaxShuffleCards
  std::uint32_t n() const { return n_; }
  const std::vector<DrawBatch>& batches() const { return batches_; }

 private:
  std::uint32_t n_;
  std::vector<DrawBatch> batches_;
};

// 32-bit fractions from a callable returning 64-bit words (NextWord may be a
// reference type: then the source is shared, not copied).
template <class NextWord>
class HalfWords {
 public:
  explicit HalfWords(NextWord next_word) : next_word_(next_word) {}
  std::uint32_t operator()() {
    ++used_;
    if (high_pending_) {
      high_pending_ = false;
      return static_cast<std::uint32_t>(word_ >> 32);
    }
    word_ = next_word_();
    high_pending_ = true;
    return static_cast<std::uint32_t>(word_);
  }
  std::uint64_t fractions_used() const { return used_; }

 private:
  NextWord next_word_;
  std::uint64_t word_ = 0;
  std::uint64_t used_ = 0;
  bool high_pending_ = false;
};

// xoshiro256** as a callable word source (the default fast path's generator).
struct XoshiroWords {
  Xoshiro256ss generator;
  std::uint64_t operator()() { return generator.next(); }
};

namespace detail {

// The batch's draws (K == batch.count), redrawn while rejected.
template <unsigned K, class Fractions>
inline void fill_batch(const DrawBatch& batch, Fractions& fractions, std::uint32_t* draws) {
  for (;;) {
    std::uint32_t fraction = fractions();
    for (unsigned j = 0; j < K; ++j) {
      const std::uint64_t product = std::uint64_t{fraction} * (batch.first_bound - j);
      draws[j] = static_cast<std::uint32_t>(product >> 32);
      fraction = static_cast<std::uint32_t>(product);
    }
    if (fraction >= batch.reject_below) return;
  }
}

// Calls f(std::integral_constant<unsigned, count>{}) so batch loops unroll.
template <class F>
inline void with_batch_size(std::uint32_t count, F&& f) {
  switch (count) {
    case 1: f(std::integral_constant<unsigned, 1>{}); break;
    case 2: f(std::integral_constant<unsigned, 2>{}); break;
    case 3: f(std::integral_constant<unsigned, 3>{}); break;
    case 4: f(std::integral_constant<unsigned, 4>{}); break;
    case 5: f(std::integral_constant<unsigned, 5>{}); break;
    case 6: f(std::integral_constant<unsigned, 6>{}); break;
    case 7: f(std::integral_constant<unsigned, 7>{}); break;
    default: f(std::integral_constant<unsigned, 8>{}); break;
  }
}

// Fisher-Yates swaps for one batch: bound b pairs with position b - 1.
template <unsigned K, class Fractions>
inline void fisher_yates_batch(const DrawBatch& batch, Fractions& fractions, std::uint32_t* deck) {
  std::uint32_t draws[K];
  fill_batch<K>(batch, fractions, draws);
  for (unsigned j = 0; j < K; ++j) std::swap(deck[batch.first_bound - 1 - j], deck[draws[j]]);
}

template <std::uint32_t N>
struct FixedPlan {
  static constexpr std::size_t kSize = [] {
    std::size_t size = 0;
    for (std::uint32_t bound = N; bound >= 2; bound -= make_draw_batch(bound).count) ++size;
    return size;
  }();
  static constexpr std::array<DrawBatch, kSize> kBatches = [] {
    std::array<DrawBatch, kSize> batches{};
    std::uint32_t bound = N;
    for (auto& batch : batches) {
      batch = make_draw_batch(bound);
      bound -= batch.count;
    }
    return batches;
  }();
};

template <std::uint32_t N, class Fractions, std::size_t... I>
inline void fisher_yates_fixed_batches(Fractions& fractions, std::uint32_t* deck, std::index_sequence<I...>) {
  (fisher_yates_batch<FixedPlan<N>::kBatches[I].count>(FixedPlan<N>::kBatches[I], fractions, deck), ...);
}

}  // namespace detail

// The n-1 draws a batched Fisher-Yates run makes (bounds n, n-1, ..., 2), in
// order; `draws` has n-1 elements. Returns the 32-bit fractions used.
template <class NextWord>
std::uint64_t batched_draws(const BatchPlan& plan, NextWord& next_word, std::span<std::uint32_t> draws) {
  HalfWords<NextWord&> fractions(next_word);
  std::uint32_t* out = draws.data();
  for (const DrawBatch& batch : plan.batches()) {
    detail::with_batch_size(batch.count,
                            [&](auto k) { detail::fill_batch<decltype(k)::value>(batch, fractions, out); });
    out += batch.count;
  }
  return fractions.fractions_used();
}

// Fisher-Yates on batched draws: deck (n elements) ends as
// shuffle_with_draws({FisherYates, n}, batched_draws(plan, same words)).
template <class NextWord>
void fisher_yates_batched(const BatchPlan& plan, std::span<std::uint32_t> deck, NextWord& next_word) {
  std::iota(deck.begin(), deck.end(), std::uint32_t{0});
  HalfWords<NextWord&> fractions(next_word);
  for (const DrawBatch& batch : plan.batches())
    detail::with_batch_size(batch.count,
                            [&](auto k) { detail::fisher_yates_batch<decltype(k)::value>(batch, fractions, deck.data()); });
}

// The same with the plan fixed at compile time (fully unrolled): identical
// decks for identical words.
template <std::uint32_t N, class NextWord>
void fisher_yates_batched_fixed(std::span<std::uint32_t, N> deck, NextWord& next_word) {
  std::iota(deck.begin(), deck.end(), std::uint32_t{0});
  HalfWords<NextWord&> fractions(next_word);
  detail::fisher_yates_fixed_batches<N>(fractions, deck.data(),
                                        std::make_index_sequence<detail::FixedPlan<N>::kSize>{});
}

// Pencil and paper on a 64-bit card set (n <= 64): card t is the draw-th
// remaining card, struck with PDEP where the CPU has a fast one (bits.hpp).
// deck ends as shuffle_with_draws({Pdep, n}, batched_draws(...) + final 0).
template <class NextWord>
void pencil_batched(const BatchPlan& plan, std::span<std::uint32_t> deck, NextWord& next_word) {
  const std::uint32_t n = plan.n();
  std::uint64_t cards = ~std::uint64_t{0} >> (64 - n);
  HalfWords<NextWord&> fractions(next_word);
  std::uint32_t* out = deck.data();
  for (const DrawBatch& batch : plan.batches()) {
    detail::with_batch_size(batch.count, [&](auto k) {
      constexpr unsigned kCount = decltype(k)::value;
      std::uint32_t draws[kCount];
      detail::fill_batch<kCount>(batch, fractions, draws);
      for (unsigned j = 0; j < kCount; ++j) *out++ = strike_nth_card(cards, draws[j]);
    });
  }
  *out = static_cast<std::uint32_t>(ctz64(cards));
}

// The default fast path: batched Fisher-Yates on xoshiro256** (seeded by
// SplitMix64 as its authors advise), with the plan fixed at compile time for
// the decks of the seed articles (52 and 78 cards; in WebAssembly the
// runtime plan's per-batch dispatch measured ~20% slower). Same decks as
// fisher_yates_batched for the same words, whatever n.
class FastShuffler {
 public:
  FastShuffler(std::uint32_t n, std::uint64_t seed) : plan_(n), words_{Xoshiro256ss::from_seed(seed)} {}
  std::uint32_t n() const { return plan_.n(); }
  void shuffle(std::span<std::uint32_t> deck);  // deck.size() == n()
  // The words the next shuffle will read come from here (tests copy it).
  const XoshiroWords& words() const { return words_; }

 private:
  BatchPlan plan_;
  XoshiroWords words_;
};

}  // namespace shufflelab
