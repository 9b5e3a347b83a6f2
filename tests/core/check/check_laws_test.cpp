// The exact laws of check_laws against brute force: every permutation of
// n = 1..8 cards enumerated with std::next_permutation and its statistics
// counted directly from their definitions.
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <vector>

#include "core/check/check_laws.hpp"
#include "core/check/deck_checks.hpp"

namespace shufflelab {
namespace {

struct Enumerated {
  std::vector<double> fixed, cycles, rising, successions;
};

// deck[position] = card, read from the top.
Enumerated enumerate(std::size_t n) {
  Enumerated e{std::vector<double>(n + 1), std::vector<double>(n + 1), std::vector<double>(n + 1),
               std::vector<double>(n)};
  std::vector<std::size_t> deck(n);
  std::iota(deck.begin(), deck.end(), 0);
  double total = 0;
  do {
    ++total;
    std::size_t fixed = 0, succ = 0, cycles = 0;
    for (std::size_t i = 0; i < n; ++i) fixed += deck[i] == i;
    for (std::size_t i = 0; i + 1 < n; ++i) succ += deck[i + 1] == deck[i] + 1;
    std::vector<bool> seen(n);
    for (std::size_t s = 0; s < n; ++s) {
      if (seen[s]) continue;
      ++cycles;
      for (std::size_t p = s; !seen[p]; p = deck[p]) seen[p] = true;
    }
    // Rising sequences, by definition: walk the cards 0, 1, 2, ... and start a new
    // sequence whenever the next card lies above the previous one in the deck.
    std::vector<std::size_t> where(n);
    for (std::size_t i = 0; i < n; ++i) where[deck[i]] = i;
    std::size_t rising = 1;
    for (std::size_t c = 1; c < n; ++c) rising += where[c] < where[c - 1];
    ++e.fixed[fixed];
    ++e.cycles[cycles];
    ++e.rising[rising];
    ++e.successions[succ];
  } while (std::next_permutation(deck.begin(), deck.end()));
  for (auto* v : {&e.fixed, &e.cycles, &e.rising, &e.successions})
    for (double& x : *v) x /= total;
  return e;
}

void expect_near_all(const std::vector<double>& got, const std::vector<double>& want, const char* what, std::size_t n) {
  ASSERT_EQ(got.size(), want.size()) << what << " n=" << n;
  for (std::size_t k = 0; k < got.size(); ++k) EXPECT_NEAR(got[k], want[k], 1e-13) << what << " n=" << n << " k=" << k;
}

TEST(CheckLaws, MatchEveryPermutationUpToEightCards) {
  for (std::size_t n = 2; n <= 8; ++n) {
    const Enumerated e = enumerate(n);
    expect_near_all(fixed_point_law(n), e.fixed, "fixed points", n);
    expect_near_all(cycle_count_law(n), e.cycles, "cycles", n);
    expect_near_all(rising_sequence_law(n), e.rising, "rising sequences", n);
    expect_near_all(succession_law(n), e.successions, "successions", n);
  }
}

TEST(CheckLaws, LargeDecksStayProbabilities) {
  // Published facts: E[fixed points] = 1, E[cycles] = H_n, E[rising sequences] = (n+1)/2, E[successions] = (n-1)/n.
  for (std::size_t n : {52u, 78u, 1000u}) {
    double harmonic = 0;
    for (std::size_t k = 1; k <= n; ++k) harmonic += 1.0 / static_cast<double>(k);
    const auto mean = [](const std::vector<double>& law) {
      double m = 0, total = 0;
      for (std::size_t k = 0; k < law.size(); ++k) m += static_cast<double>(k) * law[k], total += law[k];
      EXPECT_NEAR(total, 1.0, 1e-12);
      return m;
    };
    const double dn = static_cast<double>(n);
    EXPECT_NEAR(mean(fixed_point_law(n)), 1.0, 1e-12) << n;
    EXPECT_NEAR(mean(cycle_count_law(n)), harmonic, 1e-10) << n;
    EXPECT_NEAR(mean(rising_sequence_law(n)), (dn + 1) / 2, 1e-9) << n;
    EXPECT_NEAR(mean(succession_law(n)), (dn - 1) / dn, 1e-12) << n;
  }
}

// Lehmer digits by their definition (cards below position i that are smaller) for every permutation of 6 cards,
// and the tally's other counts, against the same enumeration.
TEST(DeckTally, CountsEveryPermutationOfSixAsDefined) {
  const std::size_t n = 6;
  DeckTally tally(n);
  std::vector<std::uint16_t> deck(n);
  std::iota(deck.begin(), deck.end(), std::uint16_t{0});
  std::vector<std::uint64_t> lehmer(n * n, 0);
  do {
    tally.add(deck);
    for (std::size_t i = 0; i < n; ++i) {
      std::size_t smaller = 0;
      for (std::size_t j = i + 1; j < n; ++j) smaller += deck[j] < deck[i];
      ++lehmer[i * n + smaller];
    }
  } while (std::next_permutation(deck.begin(), deck.end()));
  EXPECT_EQ(tally.decks(), 720u);
  EXPECT_EQ(tally.lehmer_digits(), lehmer);
  for (std::uint64_t c : tally.position_card()) EXPECT_EQ(c, 120u);
  const Enumerated e = enumerate(n);
  for (std::size_t k = 0; k <= n; ++k) {
    EXPECT_EQ(static_cast<double>(tally.fixed_points()[k]), e.fixed[k] * 720) << k;
    EXPECT_EQ(static_cast<double>(tally.cycles()[k]), e.cycles[k] * 720) << k;
    EXPECT_EQ(static_cast<double>(tally.rising_sequences()[k]), e.rising[k] * 720) << k;
  }
}

// n > 64 takes the Fenwick-tree path: the same definition on random decks of 100.
TEST(DeckTally, LehmerDigitsOfLargeDecksAsDefined) {
  const std::size_t n = 100;
  DeckTally tally(n);
  std::vector<std::uint64_t> lehmer(n * n, 0);
  std::vector<std::uint16_t> deck(n);
  std::iota(deck.begin(), deck.end(), std::uint16_t{0});
  std::uint64_t x = 12345;
  for (int round = 0; round < 50; ++round) {
    for (std::size_t i = n - 1; i > 0; --i) {
      x = x * 6364136223846793005ull + 1442695040888963407ull;  // Knuth's MMIX LCG, test input only
      std::swap(deck[i], deck[(x >> 33) % (i + 1)]);
    }
    tally.add(deck);
    for (std::size_t i = 0; i < n; ++i) {
      std::size_t smaller = 0;
      for (std::size_t j = i + 1; j < n; ++j) smaller += deck[j] < deck[i];
      ++lehmer[i * n + smaller];
    }
  }
  EXPECT_EQ(tally.lehmer_digits(), lehmer);
}

}  // namespace
}  // namespace shufflelab
