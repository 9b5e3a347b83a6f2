// bias.hpp: exact matrices against counts derived by hand or enumerated here
// with plain nested loops, and empirical matrices against the exact law.
#include "core/shuffle/bias.hpp"

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <map>
#include <random>
#include <utility>
#include <vector>

namespace shufflelab {
namespace {

ShuffleSpec spec_of(ShuffleAlgo algo, std::uint32_t n, std::uint32_t take = 0, std::uint32_t key_bound = 0) {
  auto made = make_shuffle_spec(algo, n, take, key_bound);
  EXPECT_TRUE(made) << made.error();
  return made.value();
}

BiasMatrix exact(const ShuffleSpec& spec) {
  auto matrix = exact_bias(spec);
  EXPECT_TRUE(matrix) << matrix.error();
  return matrix.value();
}

void expect_every_cell(const BiasMatrix& m, std::uint64_t count, std::uint64_t total) {
  EXPECT_EQ(m.total, total);
  for (std::uint32_t p = 0; p < m.n; ++p)
    for (std::uint32_t c = 0; c < m.n; ++c) EXPECT_EQ(m.at(p, c), count) << "position " << p << " card " << c;
}

TEST(Bias, FisherYatesFourCardsIsExactlyUniform) {
  // Derivation: the 4 * 3 * 2 = 24 draw lists give 24 different decks (each
  // draw fixes the card of one position for good), i.e. all 4! orders once.
  // A given card sits at a given position in 3! = 6 of them: 6 / 24 everywhere.
  expect_every_cell(exact(spec_of(ShuffleAlgo::FisherYates, 4)), 6, 24);
  // Pencil-and-paper and PDEP: 4 * 3 * 2 * 1 lists, the same argument.
  expect_every_cell(exact(spec_of(ShuffleAlgo::Pencil, 4)), 6, 24);
  expect_every_cell(exact(spec_of(ShuffleAlgo::Pdep, 4)), 6, 24);
}

using Naive3 = std::array<std::array<std::uint64_t, 3>, 3>;

// All 27 draw lists of "swap position i with any position", i = 0, 1, 2:
// position x card counts, and how often each order comes up.
Naive3 naive_three_cards(std::map<std::array<int, 3>, int>* orders = nullptr) {
  Naive3 counts{};
  for (int a = 0; a < 3; ++a)
    for (int b = 0; b < 3; ++b)
      for (int c = 0; c < 3; ++c) {
        std::array<int, 3> deck = {0, 1, 2};
        std::swap(deck[0], deck[static_cast<std::size_t>(a)]);
        std::swap(deck[1], deck[static_cast<std::size_t>(b)]);
        std::swap(deck[2], deck[static_cast<std::size_t>(c)]);
        for (std::size_t p = 0; p < 3; ++p) ++counts[p][static_cast<std::size_t>(deck[p])];
        if (orders) ++(*orders)[deck];
      }
  return counts;
}

TEST(Bias, NaiveSwapThreeCardsMatchesBruteForce) {
  std::map<std::array<int, 3>, int> orders;
  const Naive3 counts = naive_three_cards(&orders);
  // The well-known shape: 27 lists onto 6 orders cannot be even; three orders
  // come up 5 times and three 4 times.
  std::map<int, int> multiplicities;
  for (const auto& [order, times] : orders) ++multiplicities[times];
  EXPECT_EQ(multiplicities, (std::map<int, int>{{4, 3}, {5, 3}}));

  const BiasMatrix m = exact(spec_of(ShuffleAlgo::Naive, 3));
  EXPECT_EQ(m.total, 27u);
  for (std::uint32_t p = 0; p < 3; ++p)
    for (std::uint32_t c = 0; c < 3; ++c) EXPECT_EQ(m.at(p, c), counts[p][c]) << "position " << p << " card " << c;
  // Not uniform (uniform would be 9 everywhere).
  EXPECT_NE(m.at(0, 1), 9u);
}

TEST(Bias, SattoloNeverLeavesACardInPlace) {
  // 3! = 6 lists give the 6 cyclic orders of 4 cards; no card stays put, and
  // by symmetry each card visits each of the other 3 positions 2 times.
  const BiasMatrix m = exact(spec_of(ShuffleAlgo::Sattolo, 4));
  EXPECT_EQ(m.total, 6u);
  for (std::uint32_t p = 0; p < 4; ++p)
    for (std::uint32_t c = 0; c < 4; ++c) EXPECT_EQ(m.at(p, c), p == c ? 0u : 2u);
}

TEST(Bias, SortKeysTiesFavourTheOriginalOrder) {
  // Two cards, keys in {0, 1}: (0,0) (0,1) (1,1) keep the order, only (1,0)
  // swaps, so card 0 is on top 3 times out of 4.
  const BiasMatrix m = exact(spec_of(ShuffleAlgo::SortKeys, 2, 0, 2));
  EXPECT_EQ(m.total, 4u);
  EXPECT_EQ(m.at(0, 0), 3u);
  EXPECT_EQ(m.at(0, 1), 1u);
  EXPECT_EQ(m.at(1, 0), 1u);
  EXPECT_EQ(m.at(1, 1), 3u);
}

TEST(Bias, PartialShuffleTopIsUniform) {
  // n = 5, take 2: 5 * 4 = 20 lists; the top card is each card in 4 of them
  // (one per second draw), the second card likewise.
  const BiasMatrix m = exact(spec_of(ShuffleAlgo::Partial, 5, 2));
  EXPECT_EQ(m.total, 20u);
  for (std::uint32_t c = 0; c < 5; ++c) {
    EXPECT_EQ(m.at(4, c), 4u);
    EXPECT_EQ(m.at(3, c), 4u);
  }
}

TEST(Bias, OutcomeCountsAndLimits) {
  EXPECT_EQ(ExactBias::outcomes(spec_of(ShuffleAlgo::FisherYates, 6)), 720u);
  EXPECT_EQ(ExactBias::outcomes(spec_of(ShuffleAlgo::Naive, 6)), 46656u);  // 6^6
  EXPECT_EQ(ExactBias::outcomes(spec_of(ShuffleAlgo::FisherYates, 1)), 1u);
  EXPECT_EQ(ExactBias::outcomes(spec_of(ShuffleAlgo::FisherYates, 52)), ~std::uint64_t{0});  // saturated
  EXPECT_TRUE(ExactBias::make(spec_of(ShuffleAlgo::FisherYates, 12)));   // 479001600
  EXPECT_FALSE(ExactBias::make(spec_of(ShuffleAlgo::FisherYates, 13)));  // 6227020800 > 2^32
}

TEST(Bias, ChunkedRunsAddUpAndCanBeCancelled) {
  const ShuffleSpec spec = spec_of(ShuffleAlgo::Naive, 4);
  auto made = ExactBias::make(spec);
  ASSERT_TRUE(made);
  ExactBias chunked = made.value();
  while (!chunked.done()) chunked.run(7);
  EXPECT_EQ(chunked.matrix().counts, exact(spec).counts);

  int calls = 0;
  auto cancelled = exact_bias(spec, [&](std::uint64_t done, std::uint64_t total) {
    EXPECT_LE(done, total);
    return ++calls < 3;
  }, 10);
  ASSERT_FALSE(cancelled);
  EXPECT_EQ(cancelled.error(), "cancelled");
  EXPECT_EQ(calls, 3);
}

TEST(Bias, EmpiricalFisherYatesIsCloseToUniform) {
  // Draws from mt19937 with rejection (no modulo bias). Each cell counts a
  // binomial(M, 1/4): sd = sqrt(M * 3/16) ~ 212 for M = 240000; allow 6 sd.
  std::mt19937 rng(1234);
  auto draw = [&](std::uint32_t bound) {
    const std::uint32_t limit = 0xFFFFFFFFu - (0xFFFFFFFFu % bound);
    std::uint32_t x;
    do x = static_cast<std::uint32_t>(rng()); while (x >= limit);
    return x % bound;
  };
  constexpr std::uint64_t kShuffles = 240000;
  auto m = empirical_bias(spec_of(ShuffleAlgo::FisherYates, 4), kShuffles, draw);
  ASSERT_TRUE(m);
  EXPECT_EQ(m->total, kShuffles);
  const double sd = std::sqrt(kShuffles * 3.0 / 16.0);
  for (std::uint32_t p = 0; p < 4; ++p)
    for (std::uint32_t c = 0; c < 4; ++c)
      EXPECT_NEAR(static_cast<double>(m->at(p, c)), kShuffles / 4.0, 6 * sd) << p << " " << c;

  // The naive swap's bias shows up at the brute-force probability (not 1/3).
  auto naive = empirical_bias(spec_of(ShuffleAlgo::Naive, 3), kShuffles, draw);
  ASSERT_TRUE(naive);
  const double p01 = static_cast<double>(naive_three_cards()[0][1]) / 27.0;
  ASSERT_GT(std::abs(p01 - 1.0 / 3.0), 0.03);
  EXPECT_NEAR(static_cast<double>(naive->at(0, 1)), kShuffles * p01, 6 * std::sqrt(kShuffles * p01 * (1 - p01)));
}

}  // namespace
}  // namespace shufflelab
