// riffle.hpp: the Bayer-Diaconis formulas against a brute-force Markov chain
// written here (every cut and interleaving of one GSR riffle, composed k
// times), the published 52-card table, and the Faro order against the
// multiplicative order of 2 modulo n - 1.
#include "core/shuffle/riffle.hpp"
#include "core/job_catalog.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <random>
#include <vector>

namespace shufflelab {
namespace {

using Deck = std::vector<std::uint32_t>;

// One GSR riffle of `deck`: every one of the 2^n sequences "which packet the
// next dropped card comes from" (a 0 for the top packet, whose size is the
// number of 0s) has chance 2^-n: the cut is binomial and, given the cut,
// every interleaving is equally likely. Counts outcomes with weight 1.
std::map<Deck, std::uint64_t> one_riffle(const Deck& deck) {
  const auto n = static_cast<std::uint32_t>(deck.size());
  std::map<Deck, std::uint64_t> out;
  for (std::uint32_t bits = 0; bits < (1u << n); ++bits) {
    std::uint32_t top = 0;
    for (std::uint32_t i = 0; i < n; ++i) top += ((bits >> i) & 1) == 0;
    Deck result;
    std::uint32_t a = 0, b = top;
    for (std::uint32_t i = 0; i < n; ++i) result.push_back(((bits >> i) & 1) == 0 ? deck[a++] : deck[b++]);
    ++out[result];
  }
  return out;
}

TEST(Riffle, MatrixMatchesBruteForceChain) {
  for (std::uint32_t n = 1; n <= 5; ++n) {
    Deck start(n);
    std::iota(start.begin(), start.end(), 0u);
    std::map<Deck, std::uint64_t> law{{start, 1}};  // weights over 2^(kn)
    for (std::uint32_t k = 1; k <= 3; ++k) {
      std::map<Deck, std::uint64_t> next;
      for (const auto& [deck, weight] : law)
        for (const auto& [result, count] : one_riffle(deck)) next[result] += weight * count;
      law = std::move(next);
      const RiffleMatrix matrix = riffle_matrix(n, k).value();
      EXPECT_EQ(matrix.denominator, BigUint::power_of_two(std::size_t{k} * n));
      std::vector<std::uint64_t> cells(n * n, 0);
      for (const auto& [deck, weight] : law)
        for (std::uint32_t p = 0; p < n; ++p) cells[p * n + deck[p]] += weight;
      for (std::uint32_t cell = 0; cell < n * n; ++cell)
        EXPECT_EQ(matrix.weights[cell], BigUint(cells[cell])) << "n " << n << " k " << k << " cell " << cell;
      // rising sequences: the chain's law against the Eulerian formula
      const RiffleLaw exact = RiffleTable::make(n).value().law(k);
      std::vector<std::uint64_t> by_r(n + 1, 0);
      for (const auto& [deck, weight] : law) by_r[rising_sequences(deck)] += weight;
      std::uint64_t factorial = 1;
      for (std::uint32_t m = 2; m <= n; ++m) factorial *= m;
      for (std::uint32_t r = 1; r <= n; ++r)
        EXPECT_EQ(exact.rising[r], BigUint(by_r[r]) * BigUint(factorial)) << "n " << n << " k " << k << " r " << r;
    }
  }
}

TEST(Riffle, BayerDiaconisTable) {
  // Bayer and Diaconis (1992), Table 1: total variation distance after k
  // riffles of 52 cards, k = 1..10, to three decimals.
  const double published[] = {1.000, 1.000, 1.000, 1.000, 0.924, 0.614, 0.334, 0.167, 0.085, 0.043};
  const RiffleTable table = RiffleTable::make(52).value();
  for (std::uint32_t k = 1; k <= 10; ++k)
    EXPECT_NEAR(table.law(k).distance, published[k - 1], 0.0005 + 1e-12) << "k = " << k;
  EXPECT_EQ(riffles_below_half(table, 20), 7u);
}

TEST(Riffle, SampledRiffleFollowsTheRisingSequenceLaw) {
  // 20,000 riffles of 10 cards from mt19937_64 draws: the rising-sequence
  // counts against the exact law k = 2 (chi-square, r = 1..4).
  std::mt19937_64 rng(99);
  auto draw = [&](std::uint32_t bound) { return static_cast<std::uint32_t>(rng() % bound); };
  const auto spec = make_human_shuffle_spec(ShuffleAlgo::Riffle, 10, 0, 0, 2, 0).value();
  const RiffleLaw law = RiffleTable::make(10).value().law(2);
  std::vector<double> seen(11, 0);
  const int runs = 20000;
  for (int m = 0; m < runs; ++m) seen[rising_sequences(shuffle_fast(spec, draw))] += 1;
  double chi = 0;
  for (std::uint32_t r = 1; r <= 10; ++r) {
    const double expected = ratio_to_double(law.rising[r], law.denominator) * runs;
    if (r > 4) {
      EXPECT_EQ(seen[r], 0) << r;  // two riffles make at most 4 rising sequences
      continue;
    }
    chi += (seen[r] - expected) * (seen[r] - expected) / expected;
  }
  EXPECT_LT(chi, 25.0);  // 3 degrees of freedom: p < 1e-4 beyond 21
}

TEST(Riffle, FaroOrderIsTheOrderOfTwo) {
  // An out-shuffle sends position i to 2i mod (n-1) (n even): its order is
  // the multiplicative order of 2 modulo n - 1, e.g. 8 for 52 cards.
  for (std::uint32_t n = 4; n <= 80; n += 2) {
    std::uint32_t order = 1, power = 2 % (n - 1);
    while (power != 1) power = power * 2 % (n - 1), ++order;
    EXPECT_EQ(faro_out_order(n), order) << n;
  }
  EXPECT_EQ(faro_out_order(52), 8u);
}

TEST(Riffle, OverhandKeepsPacketsAndReversesThem) {
  // Draw 0 at gaps 3 and 5 of 7 cards: packets 012 | 34 | 56 -> 56 34 012.
  const auto spec = make_human_shuffle_spec(ShuffleAlgo::Overhand, 7, 0, 0, 1, 4).value();
  const std::vector<std::uint32_t> draws{1, 1, 0, 1, 0, 1};
  EXPECT_EQ(shuffle_with_draws(spec, draws).value(), (Deck{5, 6, 3, 4, 0, 1, 2}));
  EXPECT_FALSE(make_human_shuffle_spec(ShuffleAlgo::Overhand, 7, 0, 0, 1, 1));
  EXPECT_FALSE(make_human_shuffle_spec(ShuffleAlgo::Riffle, 7, 0, 0, 0, 0));
}

TEST(Riffle, MixingCurveShowsOverhandIsSlow) {
  std::mt19937_64 rng(5);
  auto draw = [&](std::uint32_t bound) { return static_cast<std::uint32_t>(rng() % bound); };
  const auto riffle = make_human_shuffle_spec(ShuffleAlgo::Riffle, 52, 0, 0, 8, 0).value();
  const auto overhand = make_human_shuffle_spec(ShuffleAlgo::Overhand, 52, 0, 0, 8, 8).value();
  const MixingCurve r = sample_mixing(riffle, 400, draw);
  const MixingCurve o = sample_mixing(overhand, 400, draw);
  // A uniform deck keeps 51/52 adjacent pairs on average; after 8 riffles the
  // riffle is near it. An overhand shuffle keeps a pair exactly when no cut
  // falls in its gap (chance 7/8, packets keep their order) and rarely makes
  // new ones, so 8 of them keep about 51 (7/8)^8 = 17.9 pairs.
  EXPECT_NEAR(r.mean_pairs_kept[7], 51.0 / 52, 0.3);
  EXPECT_NEAR(o.mean_pairs_kept[7], 51.0 * std::pow(7.0 / 8.0, 8), 1.5);
}

}  // namespace
}  // namespace shufflelab

#include "core/shuffle/riffle_view.hpp"

namespace shufflelab {
namespace {

TEST(RiffleView, JobAndViewGiveTheTableAndTheCutOff) {
  auto job = make_job("riffle_table", "n=52&k=10");
  ASSERT_TRUE(job) << job.error();
  run_job_to_end(**job, 1, [](double) {});
  const RiffleView view = riffle_view((*job)->result()).value();
  ASSERT_EQ(view.rows.size(), 10u);
  EXPECT_EQ(view.rows[6].text, "0.334061");  // Bayer-Diaconis Table 1: .334
  EXPECT_EQ(view.below_half, 7u);
  EXPECT_TRUE(view.rows[6].first_below_half);
  EXPECT_NE(view.faro_text.find(" 8 of them"), std::string::npos);
  EXPECT_FALSE(make_job("riffle_table", "n=1001&k=3"));
  EXPECT_FALSE(riffle_view({52, 3, 1.0}));  // a truncated result is refused, not read past its end
}

}  // namespace
}  // namespace shufflelab
