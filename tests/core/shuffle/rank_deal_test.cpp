// rank_deal.hpp against pencil and paper written here (a list of the cards
// left, the draw-th erased each step): every draw sequence of decks up to 6
// cards, random draws for every size up to 126 by both entry points, and the
// draws at their bounds (all zeros, all maximal).
#include "core/shuffle/rank_deal.hpp"

#include <gtest/gtest.h>

#include <numeric>
#include <random>
#include <vector>

namespace shufflelab {
namespace {

std::vector<std::uint32_t> pencil_and_paper(const std::vector<std::uint32_t>& draws) {
  std::vector<std::uint32_t> left(draws.size());
  std::iota(left.begin(), left.end(), 0u);
  std::vector<std::uint32_t> deck;
  for (const std::uint32_t d : draws) {
    deck.push_back(left[d]);
    left.erase(left.begin() + d);
  }
  return deck;
}

std::vector<std::uint32_t> by_ranks(const std::vector<std::uint32_t>& draws) {
  std::vector<std::uint32_t> deck(draws.size(), 999);
  deal_by_ranks(draws, deck);
  return deck;
}

TEST(RankDeal, EveryDrawSequenceOfSmallDecks) {
  for (std::uint32_t n = 1; n <= 6; ++n) {
    std::vector<std::uint32_t> draws(n, 0);
    std::size_t sequences = 0;
    for (;;) {
      ++sequences;
      ASSERT_EQ(by_ranks(draws), pencil_and_paper(draws)) << "n " << n << " sequence " << sequences;
      std::uint32_t t = n;  // next draw sequence, odometer style: draw t ranges over 0..n-1-t
      while (t-- > 0 && ++draws[t] == n - t) draws[t] = 0;
      if (t == static_cast<std::uint32_t>(-1)) break;
    }
    std::size_t factorial = 1;
    for (std::uint32_t k = 2; k <= n; ++k) factorial *= k;
    EXPECT_EQ(sequences, factorial);
  }
}

TEST(RankDeal, RandomDrawsForEverySizeAndTheBounds) {
  std::mt19937_64 random(20261127);
  for (std::uint32_t n = 1; n <= kMaxRankDealCards; ++n) {
    std::vector<std::uint32_t> zeros(n, 0), maximal(n);
    for (std::uint32_t t = 0; t < n; ++t) maximal[t] = n - 1 - t;
    EXPECT_EQ(by_ranks(zeros), pencil_and_paper(zeros)) << n;
    EXPECT_EQ(by_ranks(maximal), pencil_and_paper(maximal)) << n;
    for (int trial = 0; trial < 20; ++trial) {
      std::vector<std::uint32_t> draws(n);
      for (std::uint32_t t = 0; t < n; ++t) draws[t] = static_cast<std::uint32_t>(random() % (n - t));
      ASSERT_EQ(by_ranks(draws), pencil_and_paper(draws)) << n;
    }
  }
}

template <std::uint32_t N>
void expect_unrolled_equals_pencil(std::mt19937_64& random) {
  for (int trial = 0; trial < 200; ++trial) {
    std::vector<std::uint32_t> draws(N), deck(N);
    for (std::uint32_t t = 0; t < N; ++t) draws[t] = static_cast<std::uint32_t>(random() % (N - t));
    deal_by_ranks<N>(draws.data(), deck.data());
    ASSERT_EQ(deck, pencil_and_paper(draws)) << N;
  }
}

TEST(RankDeal, UnrolledDecksOfTheArticles) {
  std::mt19937_64 random(52078);
  expect_unrolled_equals_pencil<52>(random);
  expect_unrolled_equals_pencil<78>(random);
  expect_unrolled_equals_pencil<1>(random);
  expect_unrolled_equals_pencil<17>(random);
  expect_unrolled_equals_pencil<126>(random);
}

}  // namespace
}  // namespace shufflelab
