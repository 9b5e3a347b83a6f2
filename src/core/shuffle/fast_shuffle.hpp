// fast_shuffle.hpp: bulk shuffles that spend few generator calls and no
// divisions, with results identical to shuffle.hpp's for the same draws.
//
// Batched draws (Lemire's multiply-and-reject method applied to a product of
// bounds, as in Brackett-Rozinsky and Lemire, "Batched Ranged Random Integer
// Generation", 2024): a 32-bit random fraction r is multiplied by the bounds
// b1, b2, ... in turn; each product's high half is a draw and its low half
// carries on. The draws spell floor(r * P / 2^32) in mixed radix, P = b1*b2*...,
// and the batch is redrawn when the last low half is below 2^32 mod P, which
// leaves every draw list exactly equally likely. A batch takes consecutive
// bounds while P <= 2^26 (at most 8), so it is redrawn with probability below
// 2^-6 and every product is a 32x32->64-bit multiply (one instruction in
// WebAssembly too; no 128-bit multiply anywhere).
// Fractions: batches go in pairs, one 64-bit word per pair (low half to the
// first batch, high half to the second; an odd last batch gets a word of its
// own); a rejected batch is redrawn from the low half of the next word. So
// which half feeds which batch is fixed at compile time, with no "is a half
// left?" test between draws (clang, hence WebAssembly, kept that test).
//
// Fisher-Yates here is shuffle.hpp's (top-down: step s swaps position n-1-s
// with the draw for bound n-s); the pencil form strikes the draw-th remaining
// card (shuffle.hpp's Pdep, n <= 64). Limit: n <= kMaxShuffleCards.
#pragma once
#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <numeric>
#include <optional>
#include <span>
#include <utility>
#include <vector>

#include "core/shuffle/bits.hpp"
#include "core/shuffle/pair_multiply.hpp"
#include "core/shuffle/rank_deal.hpp"
#include "core/gen/generators.hpp"

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

// 32-bit fractions, one at a time, from a callable returning 64-bit words,
// low half first (for draw sources such as fast_entropy.hpp's; NextWord may
// be a reference type: then the source is shared, not copied).
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

// When a batch's swaps are made (fisher_yates_batched_fixed). behind_draws
// (compile-time plans only): once the draws of the kDrawsAhead batches after
// it are made, so the draws are ready before their swaps (see FastShuffler).
enum class BatchSwaps { after_draws, as_drawn, behind_draws };
constexpr std::size_t kDrawsAhead = 2;

namespace detail {

// The batch's draws (K == batch.count) from one fraction; false if rejected.
// (The batch functions are always inlined: clang, hence the WebAssembly
// build, otherwise made calls that read each batch's bounds from memory.)
template <unsigned K>
[[gnu::always_inline]] inline bool batch_digits(const DrawBatch& batch, std::uint32_t fraction, std::uint32_t* draws) {
  for (unsigned j = 0; j < K; ++j) {
    const std::uint64_t product = std::uint64_t{fraction} * (batch.first_bound - j);
    draws[j] = static_cast<std::uint32_t>(product >> 32);
    fraction = static_cast<std::uint32_t>(product);
  }
  return fraction >= batch.reject_below;
}

// The batch's draws from `fraction`, redrawn from the low halves of further
// words while rejected.
template <unsigned K, class NextWord>
[[gnu::always_inline]] inline void fill_batch(const DrawBatch& batch, std::uint32_t fraction, NextWord& next_word,
                                              std::uint32_t* draws) {
  while (!batch_digits<K>(batch, fraction, draws)) [[unlikely]] fraction = static_cast<std::uint32_t>(next_word());
}

// Calls f(std::integral_constant<unsigned, count>{}) so batch loops unroll.
template <class F>
inline void with_batch_size(std::uint32_t count, F&& f) {
  switch (count) {
    case 1:
      f(std::integral_constant<unsigned, 1>{});
      break;
    case 2:
      f(std::integral_constant<unsigned, 2>{});
      break;
    case 3:
      f(std::integral_constant<unsigned, 3>{});
      break;
    case 4:
      f(std::integral_constant<unsigned, 4>{});
      break;
    case 5:
      f(std::integral_constant<unsigned, 5>{});
      break;
    case 6:
      f(std::integral_constant<unsigned, 6>{});
      break;
    case 7:
      f(std::integral_constant<unsigned, 7>{});
      break;
    default:
      f(std::integral_constant<unsigned, 8>{});
      break;
  }
}

// on_batch(batch, fraction) for every batch of a run-time plan, in order,
// with the fractions described at the top of this file.
template <class NextWord, class OnBatch>
inline void for_each_batch(const std::vector<DrawBatch>& batches, NextWord& next_word, OnBatch&& on_batch) {
  std::uint64_t word = 0;
  for (std::size_t i = 0; i < batches.size(); ++i) {
    word = i % 2 == 0 ? next_word() : word >> 32;
    on_batch(batches[i], static_cast<std::uint32_t>(word));
  }
}

// Fisher-Yates swaps for one batch: bound b pairs with position b - 1.
// after_draws: all the batch's draws first, then its swaps. as_drawn: each
// swap as soon as its draw is known; a rejected batch (rare) is undone, last
// swap first, and made again from accepted draws. Same deck either way; which
// is faster depends on the generator (see FastShuffler and the bench).
template <unsigned K, BatchSwaps Order, class NextWord>
[[gnu::always_inline]] inline void fisher_yates_batch(const DrawBatch& batch, std::uint32_t fraction,
                                                      NextWord& next_word, std::uint32_t* deck) {
  std::uint32_t draws[K];
  if constexpr (Order == BatchSwaps::as_drawn) {
    std::uint32_t rest = fraction;
    for (unsigned j = 0; j < K; ++j) {
      const std::uint64_t product = std::uint64_t{rest} * (batch.first_bound - j);
      std::swap(deck[batch.first_bound - 1 - j], deck[product >> 32]);
      rest = static_cast<std::uint32_t>(product);
    }
    if (rest >= batch.reject_below) [[likely]]
      return;
    batch_digits<K>(batch, fraction, draws);
    for (unsigned j = K; j-- > 0;) std::swap(deck[batch.first_bound - 1 - j], deck[draws[j]]);
    fraction = static_cast<std::uint32_t>(next_word());
  }
  fill_batch<K>(batch, fraction, next_word, draws);
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

// Batch pair P of a fixed plan: batches 2P and 2P + 1 from one word.
template <std::uint32_t N, BatchSwaps Order, std::size_t P, class NextWord>
[[gnu::always_inline]] inline void fisher_yates_fixed_pair(NextWord& next_word, std::uint32_t* deck) {
  using Plan = FixedPlan<N>;
  const std::uint64_t word = next_word();
  fisher_yates_batch<Plan::kBatches[2 * P].count, Order>(Plan::kBatches[2 * P], static_cast<std::uint32_t>(word),
                                                         next_word, deck);
  if constexpr (2 * P + 1 < Plan::kSize)
    fisher_yates_batch<Plan::kBatches[2 * P + 1].count, Order>(Plan::kBatches[2 * P + 1],
                                                               static_cast<std::uint32_t>(word >> 32), next_word, deck);
}

template <std::uint32_t N, BatchSwaps Order, class NextWord, std::size_t... P>
[[gnu::always_inline]] inline void fisher_yates_fixed_pairs(NextWord& next_word, std::uint32_t* deck,
                                                            std::index_sequence<P...>) {
  (fisher_yates_fixed_pair<N, Order, P>(next_word, deck), ...);
}

// The behind_draws order, batch I of a fixed plan: the draws of batch
// I + kDrawsAhead (from the fractions described at the top of this file;
// word holds the latest pair's word), then the swaps of batch I. Each batch
// has a row of `draws` of its own.
template <std::uint32_t N, std::size_t I, class NextWord>
[[gnu::always_inline]] inline void fixed_draws(NextWord& next_word, std::uint64_t& word, std::uint32_t* draws) {
  constexpr DrawBatch batch = FixedPlan<N>::kBatches[I];
  if constexpr (I % 2 == 0) word = next_word();
  fill_batch<batch.count>(batch, static_cast<std::uint32_t>(I % 2 == 0 ? word : word >> 32), next_word, draws);
}

template <std::uint32_t N, std::size_t I, class NextWord>
[[gnu::always_inline]] inline void fisher_yates_fixed_behind(NextWord& next_word, std::uint64_t& word,
                                                             std::uint32_t (*draws)[kMaxBatchDraws],
                                                             std::uint32_t* deck) {
  constexpr DrawBatch batch = FixedPlan<N>::kBatches[I];
  constexpr std::size_t kAhead = I + kDrawsAhead;
  if constexpr (kAhead < FixedPlan<N>::kSize) fixed_draws<N, kAhead>(next_word, word, draws[kAhead]);
  for (unsigned j = 0; j < batch.count; ++j) std::swap(deck[batch.first_bound - 1 - j], deck[draws[I][j]]);
}

// The first kDrawsAhead batches' draws (First), then every batch (I) as above.
template <std::uint32_t N, class NextWord, std::size_t... First, std::size_t... I>
[[gnu::always_inline]] inline void fisher_yates_fixed_behind_all(NextWord& next_word, std::uint32_t* deck,
                                                                 std::index_sequence<First...>,
                                                                 std::index_sequence<I...>) {
  std::uint32_t draws[sizeof...(I) + 1][kMaxBatchDraws];  // + 1: n = 1 has no batch
  std::uint64_t word = 0;
  (fixed_draws<N, First>(next_word, word, draws[First]), ...);
  (fisher_yates_fixed_behind<N, I>(next_word, word, draws, deck), ...);
}

}  // namespace detail

// The n-1 draws a batched Fisher-Yates run makes (bounds n, n-1, ..., 2), in
// order; `draws` has n-1 elements. Returns the 64-bit words used.
template <class NextWord>
std::uint64_t batched_draws(const BatchPlan& plan, NextWord& next_word, std::span<std::uint32_t> draws) {
  std::uint64_t words = 0;
  auto counted = [&] {
    ++words;
    return next_word();
  };
  std::uint32_t* out = draws.data();
  detail::for_each_batch(plan.batches(), counted, [&](const DrawBatch& batch, std::uint32_t fraction) {
    detail::with_batch_size(batch.count,
                            [&](auto k) { detail::fill_batch<decltype(k)::value>(batch, fraction, counted, out); });
    out += batch.count;
  });
  return words;
}

// Fisher-Yates on batched draws: deck (n elements) ends as
// shuffle_with_draws({FisherYates, n}, batched_draws(plan, same words)).
template <class NextWord>
void fisher_yates_batched(const BatchPlan& plan, std::span<std::uint32_t> deck, NextWord& next_word) {
  std::iota(deck.begin(), deck.end(), std::uint32_t{0});
  detail::for_each_batch(plan.batches(), next_word, [&](const DrawBatch& batch, std::uint32_t fraction) {
    detail::with_batch_size(batch.count, [&](auto k) {
      detail::fisher_yates_batch<decltype(k)::value, BatchSwaps::after_draws>(batch, fraction, next_word, deck.data());
    });
  });
}

// The same with the plan fixed at compile time (fully unrolled): identical
// decks for identical words, in any swap order.
template <std::uint32_t N, BatchSwaps Order = BatchSwaps::as_drawn, class NextWord>
void fisher_yates_batched_fixed(std::span<std::uint32_t, N> deck, NextWord& next_word) {
  std::iota(deck.begin(), deck.end(), std::uint32_t{0});
  using Plan = detail::FixedPlan<N>;
  if constexpr (Order == BatchSwaps::behind_draws)
    detail::fisher_yates_fixed_behind_all<N>(next_word, deck.data(),
                                             std::make_index_sequence<std::min(kDrawsAhead, Plan::kSize)>{},
                                             std::make_index_sequence<Plan::kSize>{});
  else
    detail::fisher_yates_fixed_pairs<N, Order>(next_word, deck.data(), std::make_index_sequence<(Plan::kSize + 1) / 2>{});
}

// A fresh deck, then Fisher-Yates' swaps from ready draws (draws[s] for the
// bound n - s). A loop, not unrolled: unrolled, these swaps measured 15-20%
// slower (each swap's loads and stores at addresses of their own, which the
// CPU's memory-dependence prediction appears to learn worse). The benchmark's
// swap floor runs this too.
inline void fisher_yates_from_draws(std::span<std::uint32_t> deck, const std::uint32_t* draws) {
  std::iota(deck.begin(), deck.end(), std::uint32_t{0});
  const std::size_t n = deck.size();
#pragma GCC unroll 1
  for (std::size_t step = 0; step + 1 < n; ++step) std::swap(deck[n - 1 - step], deck[draws[step]]);
}

#ifdef SHUFFLELAB_PAIR_LANES
namespace detail {
// DrawsAhead's layout: word g feeds batches 2g (lane 0) and 2g + 1 (lane 1);
// step j multiplies each lane by its batch's bound first_bound - j (0 past the
// batch's end or for a missing batch: that lane is not read); batch b's draws
// go to kStart[b] onwards.
template <std::uint32_t N>
struct LanePlan {
  using Plan = FixedPlan<N>;
  static constexpr std::size_t kWords = (Plan::kSize + 1) / 2;
  static constexpr std::uint32_t count(std::size_t b) { return b < Plan::kSize ? Plan::kBatches[b].count : 0; }
  static constexpr std::uint32_t bound(std::size_t b, std::uint32_t j) {
    return j < count(b) ? Plan::kBatches[b].first_bound - j : 0;
  }
  // Batch b's reject_below if step j is its last, else 0 (never below).
  static constexpr std::uint32_t limit(std::size_t b, std::uint32_t j) {
    return count(b) == j + 1 ? Plan::kBatches[b].reject_below : 0;
  }
  static constexpr std::uint32_t steps(std::size_t g) { return std::max(count(2 * g), count(2 * g + 1)); }
  static constexpr std::uint32_t quads(std::size_t g) { return (steps(g) + 3) / 4; }
  static constexpr std::array<std::uint32_t, Plan::kSize + 1> kStart = [] {
    std::array<std::uint32_t, Plan::kSize + 1> start{};
    for (std::size_t b = 0; b < Plan::kSize; ++b) start[b + 1] = start[b] + count(b);
    return start;
  }();
};
}  // namespace detail

// One shuffle's draws for a compile-time plan, made ahead of its swaps: the
// two batches of a word side by side in SIMD lanes (pair_multiply.hpp), and
// written in swap order, four at a time. If a batch is rejected, all are made
// again from the first word one batch at a time, so the draws are always
// batched_draws' for the same words. shuffle() is then the swap floor's work:
// fisher_yates_from_draws.
template <std::uint32_t N>
class DrawsAhead {
 public:
  template <class NextWord>
  void make(NextWord& next_word) {
    const NextWord first_word = next_word;
    if (make_in_lanes(next_word)) return;
    next_word = first_word;
    make_one_by_one(next_word);
  }
  // make() in two parts, so a caller can keep its first word where it was
  // (in registers it would be four more values to hold through every draw):
  // false if a batch is rejected; then make_one_by_one from the first word.
  template <class NextWord>
  [[gnu::always_inline]] bool make_in_lanes(NextWord& next_word) {
    PairLanes rejected = pair_none();
    words(next_word, rejected, std::make_index_sequence<Lanes::kWords>{});
    return !pair_any(rejected);
  }
  template <class NextWord>
  void make_one_by_one(NextWord& next_word) {
    one_by_one(next_word, std::make_index_sequence<Lanes::Plan::kSize>{});
  }

  [[gnu::always_inline]] void shuffle(std::span<std::uint32_t, N> deck) const {
    fisher_yates_from_draws(deck, draws_.data());
  }

 private:
  using Lanes = detail::LanePlan<N>;

  template <class NextWord, std::size_t... G>
  [[gnu::always_inline]] void words(NextWord& next_word, PairLanes& rejected, std::index_sequence<G...>) {
    (word<G>(next_word(), rejected, std::make_index_sequence<Lanes::steps(G)>{}), ...);
  }

  // Word G's steps (J), then its draws in fours, batch 2G's before 2G + 1's:
  // what a store writes past its batch's end is overwritten later.
  template <std::size_t G, std::size_t... J>
  [[gnu::always_inline]] void word(std::uint64_t word, PairLanes& rejected, std::index_sequence<J...>) {
    PairLanes steps[4 * Lanes::quads(G)];
    PairLanes lanes = pair_from_word(word);
    ((lanes = pair_multiply(lanes, pair_factors(Lanes::bound(2 * G, J), Lanes::bound(2 * G + 1, J))),
      steps[J] = lanes,
      rejected = (Lanes::limit(2 * G, J) | Lanes::limit(2 * G + 1, J)) == 0
                     ? rejected
                     : pair_or(rejected, pair_low_below(lanes, pair_limits(Lanes::limit(2 * G, J),
                                                                            Lanes::limit(2 * G + 1, J))))),
     ...);
    for (std::size_t pad = sizeof...(J); pad < 4 * Lanes::quads(G); ++pad) steps[pad] = lanes;
    store_batch<2 * G, 0>(steps, std::make_index_sequence<Lanes::quads(G)>{});
    store_batch<2 * G + 1, 1>(steps, std::make_index_sequence<Lanes::quads(G)>{});
  }

  template <std::size_t B, unsigned Lane, std::size_t... Q>
  [[gnu::always_inline]] void store_batch(const PairLanes* steps, std::index_sequence<Q...>) {
    (store_quad<B, Lane, Q>(steps), ...);
  }

  template <std::size_t B, unsigned Lane, std::size_t Q>
  [[gnu::always_inline]] void store_quad(const PairLanes* steps) {
    if constexpr (4 * Q < Lanes::count(B))
      pair_store_high_halves<Lane>(steps[4 * Q], steps[4 * Q + 1], steps[4 * Q + 2], steps[4 * Q + 3],
                                   draws_.data() + Lanes::kStart[B] + 4 * Q);
  }

  template <class NextWord, std::size_t... B>
  [[gnu::always_inline]] void one_by_one(NextWord& next_word, std::index_sequence<B...>) {
    std::uint64_t word = 0;
    (detail::fixed_draws<N, B>(next_word, word, draws_.data() + Lanes::kStart[B]), ...);
  }

  // + 4: the last batch's last store may write up to 3 draws past the end.
  alignas(16) std::array<std::uint32_t, N - 1 + 4> draws_{};
};
#endif

namespace detail {
// Deals n cards: strike(draw) for each batched draw, then strike(0).
template <class NextWord, class Strike>
inline void pencil_deal(const BatchPlan& plan, std::uint32_t* out, NextWord& next_word, Strike&& strike) {
  for_each_batch(plan.batches(), next_word, [&](const DrawBatch& batch, std::uint32_t fraction) {
    with_batch_size(batch.count, [&](auto k) {
      constexpr unsigned kCount = decltype(k)::value;
      std::uint32_t draws[kCount];
      fill_batch<kCount>(batch, fraction, next_word, draws);
      for (unsigned j = 0; j < kCount; ++j) *out++ = strike(draws[j]);
    });
  });
  *out = strike(0);
}
}  // namespace detail

// Pencil and paper on a 64-bit card set (n <= 64): card t is the draw-th
// remaining card, struck with PDEP where the CPU has a fast one (bits.hpp),
// else the draws are dealt at once by ranks (rank_deal.hpp).
// deck ends as shuffle_with_draws({Pdep, n}, batched_draws(...) + final 0).
template <class NextWord>
void pencil_batched(const BatchPlan& plan, std::span<std::uint32_t> deck, NextWord& next_word) {
  if (pdep_uses_hardware()) {
    std::uint64_t cards = ~std::uint64_t{0} >> (64 - plan.n());
    detail::pencil_deal(plan, deck.data(), next_word, [&](std::uint32_t i) { return strike_nth_card(cards, i); });
  } else {
    std::uint32_t draws[kMaxRankDealCards];
    std::uint32_t t = 0;
    detail::pencil_deal(plan, deck.data(), next_word, [&](std::uint32_t i) { return draws[t++] = i; });
    deal_by_ranks(std::span<const std::uint32_t>(draws, plan.n()), deck);
  }
}

// The default fast path: batched Fisher-Yates on xoshiro256** (seeded by
// SplitMix64 as its authors advise), fastest form per deck and platform, as
// measured (docs/performance.md): natively, 52 cards swap on DrawsAhead made
// by the shuffle before (the constructor makes the first), then make the
// next shuffle's, so the CPU overlaps the two; 78 cards, and both sizes in
// WebAssembly, run the compile-time plan with each batch's swaps behind the
// next two batches' draws (BatchSwaps::behind_draws); other decks run the
// run-time plan. Same decks as fisher_yates_batched for the same words,
// whatever n and platform.
class FastShuffler {
 public:
  FastShuffler(std::uint32_t n, std::uint64_t seed);
  std::uint32_t n() const { return plan_.n(); }
  void shuffle(std::span<std::uint32_t> deck);  // deck.size() == n()
  // The words the next shuffle will read come from here (tests copy it).
  const XoshiroWords& words() const { return words_; }

 private:
  BatchPlan plan_;
  XoshiroWords words_;
#ifdef SHUFFLELAB_PAIR_LANES
  XoshiroWords past_ahead_;  // past the words of the draws made ahead
  std::optional<DrawsAhead<52>> ahead_;
#endif
};

}  // namespace shufflelab
