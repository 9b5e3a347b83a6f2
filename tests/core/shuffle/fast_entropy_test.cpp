// fast_entropy.hpp: exact uniformity by enumerating every bit string of each
// length (all permutations must be reached by equally many strings, for
// every length: a stronger statement than "uniform in the limit"), the bits
// spent per shuffle against log2(n!) from std::lgamma, and the fast path
// against ShuffleStepper fed the same draw source.
#include "core/shuffle/fast_entropy.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <vector>

#include "core/shuffle/fast_shuffle.hpp"
#include "core/shuffle/shuffle.hpp"

namespace shufflelab {
namespace {

using Deck = std::vector<std::uint32_t>;

// Reads the bits of `string` (bit 0 first); past `length` bits it returns 0
// and notes that the string ran out (the outcome is then undecided).
struct BitString {
  std::uint64_t string = 0;
  unsigned length = 0;
  unsigned read = 0;
  bool* ran_out = nullptr;
  unsigned operator()() {
    if (read >= length) {
      *ran_out = true;
      return 0;
    }
    return static_cast<unsigned>((string >> read++) & 1);
  }
};

// For every string of `length` bits: the decks of `shuffles` consecutive
// n-card shuffles (one shared draw source), counted per outcome.
// (An outcome is keyed by its cards as base-n digits.)
template <unsigned LowWaterBits>
std::map<std::uint64_t, std::uint64_t> count_outcomes(std::uint32_t n, unsigned shuffles, unsigned length,
                                                      std::uint64_t* undecided) {
  std::map<std::uint64_t, std::uint64_t> counts;
  *undecided = 0;
  Deck deck(n);
  for (std::uint64_t string = 0; string < (std::uint64_t{1} << length); ++string) {
    bool ran_out = false;
    RecyclingDraws<BitString, 1, LowWaterBits> draws(BitString{string, length, 0, &ran_out});
    std::uint64_t outcome = 0;
    for (unsigned s = 0; s < shuffles; ++s) {
      fisher_yates_direct(deck, draws);
      for (std::uint32_t card : deck) outcome = outcome * n + card;
    }
    if (ran_out)
      ++*undecided;
    else
      ++counts[outcome];
  }
  return counts;
}

std::uint64_t factorial(std::uint32_t n) { return n <= 1 ? 1 : n * factorial(n - 1); }
std::uint64_t power(std::uint64_t base, unsigned exponent) { return exponent ? base * power(base, exponent - 1) : 1; }

template <unsigned LowWaterBits>
void expect_exactly_uniform(std::uint32_t n, unsigned shuffles, unsigned max_length, double min_decided) {
  const std::uint64_t outcomes = power(factorial(n), shuffles);
  for (unsigned length = 1; length <= max_length; ++length) {
    std::uint64_t undecided = 0;
    const auto counts = count_outcomes<LowWaterBits>(n, shuffles, length, &undecided);
    if (counts.empty()) continue;
    ASSERT_EQ(counts.size(), outcomes) << "n " << n << " length " << length;
    for (const auto& [outcome, count] : counts)
      ASSERT_EQ(count, counts.begin()->second) << "n " << n << " length " << length;
    if (length == max_length) {
      const double decided = 1.0 - static_cast<double>(undecided) / static_cast<double>(std::uint64_t{1} << length);
      EXPECT_GE(decided, min_decided) << "n " << n;
    }
  }
}

TEST(FastEntropy, EveryShuffleEquallyLikelyAtEveryLength) {
  expect_exactly_uniform<3>(3, 1, 14, 0.99);
  expect_exactly_uniform<4>(4, 1, 16, 0.99);
  expect_exactly_uniform<1>(4, 1, 16, 0.99);  // refills only when v < bound
  expect_exactly_uniform<5>(5, 1, 17, 0.99);
}

TEST(FastEntropy, LeftoverEntropyCarriesOverIndependently) {
  // Two shuffles in a row from one source: all 36 (and 576) pairs equally likely.
  expect_exactly_uniform<3>(3, 2, 16, 0.99);
  expect_exactly_uniform<4>(4, 2, 18, 0.98);
}

double log2_factorial_reference(std::uint32_t n) { return std::lgamma(n + 1.0) / std::log(2.0); }

TEST(FastEntropy, BitsPerShuffleNearLog2Factorial) {
  for (std::uint32_t n : {52u, 78u}) {
    RecyclingDraws<HalfWords<XoshiroWords>> draws(HalfWords<XoshiroWords>(XoshiroWords{Xoshiro256ss::from_seed(n)}));
    Deck deck(n);
    const int shuffles = 20000;
    for (int s = 0; s < shuffles; ++s) fisher_yates_direct(deck, draws);
    const double bits = static_cast<double>(draws.bits_used()) / shuffles;
    const double bound = log2_factorial_reference(n);
    // No method can spend less than the information it delivers.
    EXPECT_GE(bits, bound * (1 - 1e-12)) << n;
    EXPECT_LE(bits, 1.01 * bound) << n;
    // Here the whole overhead is the <= 64 bits held at the end plus ~1e-6 per draw.
    EXPECT_LE(bits, bound + 64.0 / shuffles + 1e-3) << n;
  }
}

TEST(FastEntropy, FastPathEqualsStepperForTheSameDrawSource) {
  using Draws = RecyclingDraws<HalfWords<XoshiroWords>>;
  for (std::uint32_t n : {1u, 2u, 52u, 78u, 300u}) {
    Draws fast(HalfWords<XoshiroWords>(XoshiroWords{Xoshiro256ss::from_seed(n + 7)}));
    Draws stepped = fast, via_drawref = fast;
    for (int round = 0; round < 3; ++round) {
      Deck deck(n);
      fisher_yates_direct(deck, fast);
      ShuffleStepper stepper(make_shuffle_spec(ShuffleAlgo::FisherYates, n).value());
      std::vector<ShuffleEvent> events;
      while (!stepper.done()) stepper.step(stepped, events);
      EXPECT_EQ(deck, stepper.cards()) << n;
      EXPECT_EQ(deck, shuffle_fast(make_shuffle_spec(ShuffleAlgo::FisherYates, n).value(), via_drawref)) << n;
    }
  }
}

TEST(FastEntropy, DrawsStayInRange) {
  RecyclingDraws<HalfWords<XoshiroWords>> draws(HalfWords<XoshiroWords>(XoshiroWords{Xoshiro256ss::from_seed(1)}));
  for (std::uint32_t bound : {1u, 2u, 3u, 52u, 65536u, 0xffffffffu})
    for (int i = 0; i < 1000; ++i) ASSERT_LT(draws(bound), bound);
}

}  // namespace
}  // namespace shufflelab
