// fast_shuffle.hpp: batch plans against their defining properties, batched
// draws against the mixed-radix digits of Lemire's value computed directly,
// and every fast path against ShuffleStepper (shuffle.hpp) fed the same draws.
#include "core/shuffle/fast_shuffle.hpp"

#include <gtest/gtest.h>

#include <array>
#include <random>
#include <vector>

#include "core/gen/fast_mt64.hpp"
#include "core/shuffle/shuffle.hpp"

namespace shufflelab {
namespace {

using Deck = std::vector<std::uint32_t>;

Deck stepper_deck(ShuffleAlgo algo, std::uint32_t n, const Deck& draws) {
  ShuffleStepper stepper(make_shuffle_spec(algo, n).value());
  SequenceDraws replay(draws);
  std::vector<ShuffleEvent> events;
  while (!stepper.done()) stepper.step(replay, events);
  return stepper.cards();
}

// Hands out a fixed list of 64-bit words.
struct ListedWords {
  std::vector<std::uint64_t> words;
  std::size_t next = 0;
  std::uint64_t operator()() { return words.at(next++); }
};

TEST(FastShuffle, BatchesAreMaximalWithExactRejectionThresholds) {
  for (std::uint32_t first = 2; first <= 65536; first = first < 300 ? first + 1 : first * 3 / 2) {
    const DrawBatch batch = make_draw_batch(first);
    ASSERT_GE(batch.count, 1u);
    ASSERT_LE(batch.count, kMaxBatchDraws);
    ASSERT_GE(first - batch.count + 1, 2u);
    std::uint64_t product = 1;
    for (std::uint32_t j = 0; j < batch.count; ++j) product *= first - j;
    EXPECT_LE(product, std::uint64_t{1} << kBatchProductBits);
    // Maximal: one more bound would break a limit.
    const std::uint32_t next = first - batch.count;
    EXPECT_TRUE(batch.count == kMaxBatchDraws || next < 2 || product * next > (std::uint64_t{1} << kBatchProductBits));
    // Lemire's threshold: the accepted fractions split evenly over the P values.
    EXPECT_LT(batch.reject_below, product);
    EXPECT_EQ(((std::uint64_t{1} << 32) - batch.reject_below) % product, 0u) << first;
  }
}

TEST(FastShuffle, PlanCoversEveryFisherYatesBoundInOrder) {
  for (std::uint32_t n : {1u, 2u, 3u, 52u, 78u, 1000u, 65536u}) {
    const BatchPlan plan(n);
    std::uint32_t expected = n;
    for (const DrawBatch& batch : plan.batches()) {
      EXPECT_EQ(batch.first_bound, expected);
      expected -= batch.count;
    }
    EXPECT_EQ(expected, n >= 2 ? 1u : n);
  }
}

// The draws of one batch are the digits of floor(r P / 2^32) in the mixed
// radix of its bounds, and r is rejected exactly when r P mod 2^32 < 2^32 mod P.
TEST(FastShuffle, BatchDigitsAreLemireValueInMixedRadix) {
  const std::uint32_t n = 52;
  const BatchPlan plan(n);
  const DrawBatch first = plan.batches().front();
  std::uint64_t product = 1;
  for (std::uint32_t j = 0; j < first.count; ++j) product *= n - j;
  const std::uint64_t threshold = (std::uint64_t{1} << 32) % product;
  std::mt19937_64 rng(3);
  std::vector<std::uint32_t> fractions{0u, 1u, 0xffffffffu, 0x80000000u};
  for (int i = 0; i < 2000; ++i) fractions.push_back(static_cast<std::uint32_t>(rng()));
  for (std::uint32_t r : fractions) {
    const std::uint64_t scaled = std::uint64_t{r} * product;  // < 2^58
    const bool accepted = (scaled & 0xffffffff) >= threshold;
    std::uint64_t value = scaled >> 32;
    Deck digits(first.count);
    for (std::uint32_t j = first.count; j-- > 0;) {
      digits[j] = static_cast<std::uint32_t>(value % (n - j));
      value /= n - j;
    }
    // The first word's low half is r; when r is rejected the first batch is
    // redrawn from the next word's low half, 7, and 7 P < 2^32 spells all-zero
    // digits.
    ListedWords words{{std::uint64_t{r} | (std::uint64_t{7} << 32), 7}};
    for (int w = 0; w < 40; ++w) words.words.push_back(rng());
    Deck draws(n - 1);
    batched_draws(plan, words, draws);
    const Deck expected = accepted ? digits : Deck(first.count, 0);
    EXPECT_EQ(Deck(draws.begin(), draws.begin() + first.count), expected) << r;
  }
  // r = 0 leaves a low half of 0 < 2^32 mod P: always rejected.
  EXPECT_GT(threshold, 0u);
}

TEST(FastShuffle, LowHalfFirstThenHighHalf) {
  ListedWords words{{0x0000000200000001, 0x0000000400000003}};
  HalfWords<ListedWords&> halves(words);
  EXPECT_EQ(halves(), 1u);
  EXPECT_EQ(halves(), 2u);
  EXPECT_EQ(halves(), 3u);
  EXPECT_EQ(halves(), 4u);
  EXPECT_EQ(halves.fractions_used(), 4u);
}

template <class Words>
void expect_twins(std::uint32_t n, const Words& words) {
  const BatchPlan plan(n);
  Words for_draws = words, for_fast = words;
  Deck draws(n - 1), deck(n);
  batched_draws(plan, for_draws, draws);
  fisher_yates_batched(plan, deck, for_fast);
  for (std::uint32_t s = 0; s + 1 < n; ++s) ASSERT_LT(draws[s], n - s);
  EXPECT_EQ(deck, stepper_deck(ShuffleAlgo::FisherYates, n, draws)) << "n = " << n;
  EXPECT_EQ(deck, shuffle_with_draws(make_shuffle_spec(ShuffleAlgo::FisherYates, n).value(), draws).value());
  // Both read the same number of words: the generators end in the same state.
  EXPECT_EQ(for_draws(), for_fast());
  if (n <= 64) {
    Words for_pencil = words;
    Deck pencil(n);
    pencil_batched(plan, pencil, for_pencil);
    Deck pencil_draws = draws;
    pencil_draws.push_back(0);
    EXPECT_EQ(pencil, stepper_deck(ShuffleAlgo::Pdep, n, pencil_draws)) << "n = " << n;
  }
}

TEST(FastShuffle, FastPathsEqualStepperForTheSameDraws) {
  for (std::uint32_t n : {1u, 2u, 3u, 7u, 52u, 63u, 64u, 78u, 500u, 65536u}) {
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      expect_twins(n, std::mt19937_64(seed));
      expect_twins(n, XoshiroWords{Xoshiro256ss::from_seed(seed)});
    }
  }
}

// Every swap order of the compile-time plan against ShuffleStepper fed the
// draws batched_draws reports, on words where every third one has a zero
// half (a zero fraction is rejected unless P is a power of two), so the
// as_drawn order's undo path runs many times.
template <std::uint32_t N>
void expect_fixed_equals_stepper(std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  ListedWords words;
  for (int w = 0; w < 200; ++w) {
    const std::uint64_t word = rng();
    words.words.push_back(w % 3 == 1 ? word & (seed % 2 ? 0xffffffff00000000u : 0xffffffffu) : word);
  }
  ListedWords for_draws = words, for_after = words, for_as_drawn = words, for_behind = words;
  std::array<std::uint32_t, N> after{}, as_drawn{}, behind{};
  Deck draws(N - 1);
  batched_draws(BatchPlan(N), for_draws, draws);
  fisher_yates_batched_fixed<N, BatchSwaps::after_draws>(after, for_after);
  fisher_yates_batched_fixed<N, BatchSwaps::as_drawn>(as_drawn, for_as_drawn);
  fisher_yates_batched_fixed<N, BatchSwaps::behind_draws>(behind, for_behind);
  const Deck expected = stepper_deck(ShuffleAlgo::FisherYates, N, draws);
  EXPECT_EQ(Deck(after.begin(), after.end()), expected) << N;
  EXPECT_EQ(Deck(as_drawn.begin(), as_drawn.end()), expected) << N;
  EXPECT_EQ(Deck(behind.begin(), behind.end()), expected) << N;
  EXPECT_EQ(for_after.next, for_draws.next);
  EXPECT_EQ(for_as_drawn.next, for_draws.next);
  EXPECT_EQ(for_behind.next, for_draws.next);
}

TEST(FastShuffle, FixedPlanInEverySwapOrderEqualsStepper) {
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    expect_fixed_equals_stepper<2>(seed);
    expect_fixed_equals_stepper<3>(seed);
    expect_fixed_equals_stepper<10>(seed);  // two batches: fewer than kDrawsAhead + 1
    expect_fixed_equals_stepper<52>(seed);
    expect_fixed_equals_stepper<78>(seed);
  }
}

TEST(FastShuffle, RejectedBatchIsRedrawnFromTheNextWordsLowHalf) {
  // n = 10: bounds 10..3 form one batch (P = 10!/2, so 2^32 mod P > 0 and the
  // fraction 0 is rejected), bound 2 the other (P = 2 divides 2^32: nothing
  // is ever rejected). Both take one word: low half, high half. Words
  // {7 << 32 | 0, 5} and {7 << 32 | 5} must give the same draws (the first
  // batch from 5, the second from 7), using two words and one.
  const std::uint32_t n = 10;
  const BatchPlan plan(n);
  ASSERT_EQ(plan.batches().size(), 2u);
  ListedWords with_zero{{std::uint64_t{7} << 32, 5}};
  ListedWords without_zero{{(std::uint64_t{7} << 32) | 5}};
  Deck rejected_first(n - 1), accepted_first(n - 1);
  EXPECT_EQ(batched_draws(plan, with_zero, rejected_first), 2u);
  EXPECT_EQ(batched_draws(plan, without_zero, accepted_first), 1u);
  EXPECT_EQ(rejected_first, accepted_first);
  // 7 * 2 / 2^32 < 1: the last draw (bound 2) is 0; 5 * 10 / 2^32 < 1: the
  // first is 0 as well.
  EXPECT_EQ(accepted_first.front(), 0u);
  EXPECT_EQ(accepted_first.back(), 0u);
}

// An independent model of the fraction schedule: digits by division from
// r * P / 2^32, batches in pairs per word, redraws from the next word's low
// half; compared with batched_draws over many words.
TEST(FastShuffle, BatchPairsShareAWordAsDocumented) {
  for (std::uint32_t n : {5u, 52u, 78u}) {
    std::mt19937_64 rng(n);
    std::vector<std::uint64_t> stream;
    for (int w = 0; w < 4000; ++w) {
      // Every 7th word has a zero low half: rejected by any batch with P not a power of two.
      const std::uint64_t word = rng();
      stream.push_back(w % 7 == 3 ? word & ~std::uint64_t{0xffffffff} : word);
    }
    ListedWords fast{stream};
    std::size_t next = 0;
    for (int round = 0; round < 50; ++round) {
      Deck expected;
      std::vector<std::uint32_t> bounds;
      for (std::uint32_t b = n; b >= 2; --b) bounds.push_back(b);
      std::size_t at = 0, batch_index = 0;
      std::uint64_t word = 0;
      while (at < bounds.size()) {
        std::uint64_t product = 1;
        std::size_t count = 0;
        while (count < 8 && at + count < bounds.size() && product * bounds[at + count] <= (1u << 26))
          product *= bounds[at + count++];
        const std::uint64_t threshold = (std::uint64_t{1} << 32) % product;
        if (batch_index % 2 == 0) word = stream.at(next++);
        std::uint64_t fraction = batch_index % 2 == 0 ? word & 0xffffffff : word >> 32;
        while (((fraction * product) & 0xffffffff) < threshold) fraction = stream.at(next++) & 0xffffffff;
        std::uint64_t value = (fraction * product) >> 32;  // < P: the digits in mixed radix
        Deck digits(count);
        for (std::size_t j = count; j-- > 0;) {
          digits[j] = static_cast<std::uint32_t>(value % bounds[at + j]);
          value /= bounds[at + j];
        }
        expected.insert(expected.end(), digits.begin(), digits.end());
        at += count;
        ++batch_index;
      }
      Deck draws(n - 1);
      batched_draws(BatchPlan(n), fast, draws);
      ASSERT_EQ(draws, expected) << "n = " << n << ", round " << round;
      ASSERT_EQ(fast.next, next) << "n = " << n;
    }
  }
}

TEST(FastShuffle, SwapsFromReadyDrawsEqualStepper) {
  for (std::uint32_t n : {1u, 2u, 52u, 78u}) {
    std::mt19937 rng(n);
    Deck draws(n > 0 ? n - 1 : 0), deck(n);
    for (std::uint32_t s = 0; s + 1 < n; ++s) draws[s] = std::uniform_int_distribution<std::uint32_t>(0, n - 1 - s)(rng);
    fisher_yates_from_draws(deck, draws.data());
    EXPECT_EQ(deck, stepper_deck(ShuffleAlgo::FisherYates, n, draws)) << n;
  }
}

#ifdef SHUFFLELAB_PAIR_LANES
// DrawsAhead against batched_draws on the same words, half of them with a
// zero half (rejected unless P is a power of two), so the draws are often
// made again one batch at a time; and on plain words, where they come from
// the lanes alone.
TEST(FastShuffle, DrawsAheadAreTheBatchedDraws) {
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    std::mt19937_64 rng(seed);
    ListedWords words;
    for (int w = 0; w < 60; ++w) {
      const std::uint64_t word = rng();
      const bool zero_half = seed % 2 == 0 && rng() % 4 == 0;
      words.words.push_back(zero_half ? word & (rng() % 2 ? 0xffffffff00000000u : 0xffffffffu) : word);
    }
    ListedWords for_draws = words, for_lanes = words, for_checked = words;
    Deck draws(51);
    batched_draws(BatchPlan(52), for_draws, draws);
    DrawsAhead<52> ahead;
    ahead.make(for_lanes);
    std::array<std::uint32_t, 52> deck{};
    ahead.shuffle(deck);
    EXPECT_EQ(Deck(deck.begin(), deck.end()), stepper_deck(ShuffleAlgo::FisherYates, 52, draws)) << seed;
    EXPECT_EQ(for_lanes.next, for_draws.next) << seed;
    // make_in_lanes says false exactly when a batch was redrawn (more words read).
    DrawsAhead<52> checked;
    EXPECT_EQ(checked.make_in_lanes(for_checked), for_draws.next == 5) << seed;
  }
}
#endif

TEST(FastShuffle, DefaultFastPathShufflesItsWords) {
  // 52 and 78 take their fixed paths, other sizes the runtime plan. 400
  // rounds: about ten 52-card shuffles with a rejected batch.
  for (std::uint32_t n : {5u, 52u, 78u, 100u}) {
    FastShuffler shuffler(n, 99);
    for (int round = 0; round < 400; ++round) {
      XoshiroWords copy = shuffler.words();
      Deck deck(n), draws(n - 1);
      shuffler.shuffle(deck);
      batched_draws(BatchPlan(n), copy, draws);
      EXPECT_EQ(deck, stepper_deck(ShuffleAlgo::FisherYates, n, draws)) << n;
      EXPECT_EQ(copy(), XoshiroWords(shuffler.words())()) << n;
    }
  }
}

TEST(FastShuffle, BlockMersenneTwisterAsTheStandardOne) {
  for (std::uint64_t seed : {0ull, 1ull, 5489ull, 0xdeadbeefcafef00dull}) {
    std::mt19937_64 reference(seed);
    Mt19937_64Block block(seed);
    for (int i = 0; i < 2000; ++i) ASSERT_EQ(block(), reference()) << seed << " " << i;
  }
  // C++ standard [rand.predef]: a default-constructed mt19937_64's 10000th
  // output is 9981545732273789042.
  Mt19937_64Block standard;
  std::uint64_t value = 0;
  for (int i = 0; i < 10000; ++i) value = standard();
  EXPECT_EQ(value, 9981545732273789042u);
}

}  // namespace
}  // namespace shufflelab
