// comparator_sort.hpp: exact laws of sorting with a coin-flip comparator,
// against matrices worked out by hand for 3 cards and against plain
// simulation (std::mt19937_64 coins, chi-square) for 5 and 6 cards.
#include "core/shuffle/comparator_sort.hpp"
#include "core/shuffle/shuffle_bias.hpp"
#include "core/job_catalog.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>
#include <string>
#include <vector>

namespace shufflelab {
namespace {

std::vector<Fraction> exact_law(ComparatorSort sort, std::uint32_t n, Fraction* mean = nullptr) {
  ComparatorExact exact(sort, n);
  while (!exact.done()) exact.run(1000);
  if (mean) *mean = exact.mean_comparisons();
  return exact.probabilities();
}

// rows[position] = sixteenths of each card
void expect_sixteenths(const std::vector<Fraction>& law, const std::vector<std::vector<std::uint64_t>>& rows) {
  const std::uint32_t n = static_cast<std::uint32_t>(rows.size());
  for (std::uint32_t p = 0; p < n; ++p)
    for (std::uint32_t c = 0; c < n; ++c)
      EXPECT_EQ(law[p * n + c], Fraction(BigUint(rows[p][c]), BigUint(16))) << "position " << p << " card " << c;
}

TEST(ComparatorSort, InsertionSortThreeCardsByHand) {
  // Start 0 1 2. Card 1 vs card 0: swap on coin 1 (1/2). Card 2 then stays
  // last on its first coin 0 (1/2), stops in the middle after 1, 0 (1/4) or
  // reaches the front after 1, 1 (1/4). Cards 0 and 1 are in either order
  // with 1/2, so card 0 is at the front with 1/2 * 3/4 = 3/8, in the middle
  // with 1/2 * 1/4 + 1/2 * 1/2 = 3/8, last with 1/4; card 1 likewise.
  // Comparisons: 1 + (1 * 1/2 + 2 * 1/2) = 5/2.
  Fraction mean;
  const auto law = exact_law(ComparatorSort::Insertion, 3, &mean);
  expect_sixteenths(law, {{6, 6, 4}, {6, 6, 4}, {4, 4, 8}});
  EXPECT_EQ(mean, Fraction(BigUint(5), BigUint(2)));
  // Binary insertion on 3 cards asks the same questions (mid = 1, then 0).
  expect_sixteenths(exact_law(ComparatorSort::BinaryInsertion, 3), {{6, 6, 4}, {6, 6, 4}, {4, 4, 8}});
}

TEST(ComparatorSort, MergeSortThreeCardsByHand) {
  // Halves [0] and [1 2]. The right half becomes x y = 1 2 or 2 1 (1/2 each).
  // Merging: coin 1 keeps 0 first (0 x y, 1/2); else x leads and one more
  // coin gives x 0 y or x y 0 (1/4 each). Card 0: 1/2, 1/4, 1/4. Card 1 (and
  // card 2): front 1/2 * 1/2 = 1/4, middle 1/4 + 1/8 = 3/8, last 3/8.
  // Comparisons: 1 + 1/2 * 1 + 1/2 * 2 = 5/2.
  Fraction mean;
  const auto law = exact_law(ComparatorSort::Merge, 3, &mean);
  expect_sixteenths(law, {{8, 4, 4}, {4, 6, 6}, {4, 6, 6}});
  EXPECT_EQ(mean, Fraction(BigUint(5), BigUint(2)));
}

TEST(ComparatorSort, QuicksortFirstPivotThreeCardsByHand) {
  // Pivot card 0; coins for card 1 and card 2 (1 = left of the pivot):
  //  0,0: 0 | 1 2, then 1 vs 2 -> 0 1 2 or 0 2 1 (1/8 each)
  //  1,0: 1 0 2 (1/4);  0,1: 2 0 1 (1/4)
  //  1,1: 2 1 | 0, then pivot 2 vs 1 -> 1 2 0 or 2 1 0 (1/8 each)
  // Position 0: card 0 1/4, card 1 3/8, card 2 3/8; position 1: 1/2, 1/4,
  // 1/4; position 2: 1/4, 3/8, 3/8. Comparisons: 2 + 1/4 + 1/4 = 5/2.
  Fraction mean;
  const auto law = exact_law(ComparatorSort::QuickFirst, 3, &mean);
  expect_sixteenths(law, {{4, 6, 6}, {8, 4, 4}, {4, 6, 6}});
  EXPECT_EQ(mean, Fraction(BigUint(5), BigUint(2)));
}

TEST(ComparatorSort, V8ThreeCardsByHand) {
  // CountAndMakeRun: Compare(a[1], a[0]) < 0 (coin 1) starts a descending run.
  //  ascending, Compare(a[2], a[1]) not negative: run of 3, 0 1 2 (1/4)
  //  descending, Compare(a[2], a[1]) negative: run of 3 reversed, 2 1 0 (1/4)
  //  otherwise a run of 2 (made ascending: 0 1 or 1 0, 1/4 each), then card 2
  //  is inserted by bisection: mid = 1 first; coin 0 leaves it last (1/8),
  //  coin 1 then asks mid = 0: front or middle (1/16 each).
  // Orders: 012 3/8, 210 5/16, 102 1/8, 201 021 120 1/16 each.
  // Comparisons: 2 * 1/2 + 3 * 1/4 + 4 * 1/4 = 11/4.
  Fraction mean;
  const auto law = exact_law(ComparatorSort::V8, 3, &mean);
  expect_sixteenths(law, {{7, 3, 6}, {3, 11, 2}, {6, 2, 8}});
  EXPECT_EQ(mean, Fraction(BigUint(11), BigUint(4)));
}

TEST(ComparatorSort, EveryRowIsALaw) {
  for (const auto& info : comparator_sorts()) {
    const std::uint32_t n = 6;
    const auto law = exact_law(info.sort, n);
    for (std::uint32_t p = 0; p < n; ++p) {
      // all fractions have power-of-two denominators below 2^53: the double sum is exact
      double sum = 0;
      for (std::uint32_t c = 0; c < n; ++c) sum += law[p * n + c].to_double();
      EXPECT_EQ(sum, 1.0) << info.label << " position " << p;
    }
  }
}

TEST(ComparatorSort, ExactLawMatchesSimulation) {
  // 40,000 sorts per algorithm with coins from mt19937_64; Pearson's sum over
  // the n^2 cells (n/(n-1) times a chi-square with (n-1)^2 degrees of
  // freedom for a correct law) must stay far below the bias of a wrong model.
  std::mt19937_64 rng(20261125);
  auto coin = [&](std::uint32_t bound) { return static_cast<std::uint32_t>(rng() % bound); };
  for (const auto& info : comparator_sorts()) {
    for (std::uint32_t n : {5u, 6u}) {
      const auto law = exact_law(info.sort, n);
      const std::uint64_t runs = 40'000;
      std::vector<std::uint64_t> counts(n * n, 0);
      std::vector<std::uint32_t> deck(n);
      for (std::uint64_t m = 0; m < runs; ++m) {
        std::iota(deck.begin(), deck.end(), 0u);
        comparator_sort(info.sort, deck, coin);
        for (std::uint32_t p = 0; p < n; ++p) ++counts[p * n + deck[p]];
      }
      double chi = 0;
      for (std::uint32_t cell = 0; cell < n * n; ++cell) {
        const double expected = law[cell].to_double() * static_cast<double>(runs);
        if (expected == 0) {
          EXPECT_EQ(counts[cell], 0u) << info.label;
          continue;
        }
        const double d = static_cast<double>(counts[cell]) - expected;
        chi += d * d / expected;
      }
      const double df = (n - 1.0) * (n - 1.0);
      chi *= (n - 1.0) / n;
      EXPECT_LT(chi, df + 8 * std::sqrt(2 * df)) << info.label << " n = " << n;
    }
  }
}

TEST(ComparatorSort, AllNoLeavesInsertionSortsAndRunsAlone) {
  // Every answer "not first": insertion and binary insertion never move a
  // card, V8 sees one ascending run of all cards, quicksort puts nothing left
  // of any pivot; merge sort takes the right head every time instead and
  // median-of-three swaps the middle card to the front.
  for (const auto& info : comparator_sorts()) {
    std::vector<std::uint32_t> deck(7);
    std::iota(deck.begin(), deck.end(), 0u);
    auto never = [](std::uint32_t) { return 0u; };
    comparator_sort(info.sort, deck, never);
    const bool identity = std::is_sorted(deck.begin(), deck.end());
    EXPECT_EQ(identity, info.sort != ComparatorSort::Merge && info.sort != ComparatorSort::QuickMedian3) << info.label;
  }
}

TEST(ComparatorSort, EightCardsForEverySort) {
  // n = 8 is the size the issue asks for. The tree walks visit n! leaves for
  // the sorts that never ask a question whose answer they already know (each
  // order has exactly one answer sequence); V8's run count does ask such
  // questions, so it has more. Quicksorts walk only their partitions.
  for (const auto& info : comparator_sorts()) {
    ComparatorExact exact(info.sort, 8);
    while (!exact.done()) exact.run(1 << 16);
    if (info.sort == ComparatorSort::V8) EXPECT_GT(exact.paths(), 40320u);
    else if (info.sort != ComparatorSort::QuickFirst && info.sort != ComparatorSort::QuickMedian3)
      EXPECT_EQ(exact.paths(), 40320u) << info.label;
    // the quicksort with a first-card pivot: partitions of m cards have 2^(m-1) answer sequences
    if (info.sort == ComparatorSort::QuickFirst) EXPECT_EQ(exact.paths(), 2u + 4 + 8 + 16 + 32 + 64 + 128);
  }
}

TEST(ComparatorSort, QuicksortsGoFurther) {
  // The quicksort with a first-card pivot compares m - 1 cards with it; each
  // goes left on its own coin, so the pivot lands at s with chance
  // C(m-1, s) / 2^(m-1), and the mean number of comparisons follows
  // M(m) = m - 1 + sum_s C(m-1, s) / 2^(m-1) (M(s) + M(m-1-s)), computed here in doubles.
  const std::uint32_t n = 16;
  std::vector<double> mean(n + 1, 0.0);
  for (std::uint32_t m = 2; m <= n; ++m) {
    double binomial = 1, sum = 0;  // C(m-1, s)
    for (std::uint32_t s = 0; s < m; ++s) {
      sum += binomial * (mean[s] + mean[m - 1 - s]);
      binomial = binomial * (m - 1 - s) / (s + 1);
    }
    mean[m] = (m - 1) + sum / std::ldexp(1.0, static_cast<int>(m - 1));
  }
  Fraction exact_mean;
  const auto law = exact_law(ComparatorSort::QuickFirst, n, &exact_mean);
  EXPECT_NEAR(exact_mean.to_double(), mean[n], 1e-9 * mean[n]);
  EXPECT_EQ(comparator_sort_info(ComparatorSort::QuickFirst).max_exact_cards, 22u);
  EXPECT_EQ(comparator_sort_info(ComparatorSort::QuickMedian3).max_exact_cards, 20u);
  // Every row and column of the weights sums to 2^E exactly: each card ends somewhere, each position gets one.
  for (const auto sort : {ComparatorSort::QuickFirst, ComparatorSort::QuickMedian3}) {
    const std::uint32_t m = 14;
    ComparatorExact exact(sort, m);
    exact.run(1);
    ASSERT_TRUE(exact.done());
    const auto w = exact.weights();
    const BigUint whole = BigUint::power_of_two(exact.exponent());
    for (std::uint32_t i = 0; i < m; ++i) {
      BigUint row, column;
      for (std::uint32_t j = 0; j < m; ++j) row += w[i * m + j], column += w[j * m + i];
      EXPECT_EQ(row, whole) << "row " << i;
      EXPECT_EQ(column, whole) << "column " << i;
    }
  }
}

TEST(ComparatorSort, V8ModelStopsAt63Cards) {
  EXPECT_TRUE(make_shuffle_spec(ShuffleAlgo::CmpV8, 63));
  const auto refused = make_shuffle_spec(ShuffleAlgo::CmpV8, 64);
  ASSERT_FALSE(refused);
  EXPECT_NE(refused.error().find("galloping"), std::string::npos);
}

TEST(ComparatorSort, ChromiumsV8BisectsShortArraysWithoutARunCount) {
  // Every answer "not negative" (0) on 4 cards. node 20's V8 counts a run:
  // compare(1, 0), compare(2, 1), compare(3, 2) all keep it ascending, and
  // the whole array is one run: three calls. Chromium 156's V8 inserts by
  // bisection from the start: card 1 against card 0; card 2 against the
  // middle of [0 1] (mid = 1, card 1), then it stays; card 3 against mid = 1
  // of [0 1 2] (card 1), goes right, then against mid = 2 (card 2).
  using Calls = std::vector<std::pair<std::uint32_t, std::uint32_t>>;
  const std::vector<std::uint32_t> none;
  EXPECT_EQ(comparator_calls(ComparatorSort::V8, 4, none).calls, (Calls{{1, 0}, {2, 1}, {3, 2}}));
  EXPECT_EQ(comparator_calls(ComparatorSort::V8Chromium, 4, none).calls, (Calls{{1, 0}, {2, 1}, {3, 1}, {3, 2}}));
  // Every answer negative on 3 cards: node's V8 sees one descending run of 3
  // (two calls) and reverses it; Chromium's bisection sends card 2 to the
  // front of [1 0] in two calls (against card 0 at mid = 1, then card 1).
  const std::vector<std::uint32_t> all(8, 1);
  EXPECT_EQ(comparator_calls(ComparatorSort::V8, 3, all).calls, (Calls{{1, 0}, {2, 1}}));
  const auto chromium = comparator_calls(ComparatorSort::V8Chromium, 3, all);
  EXPECT_EQ(chromium.calls, (Calls{{1, 0}, {2, 0}, {2, 1}}));
  EXPECT_EQ(chromium.deck, (std::vector<std::uint32_t>{2, 1, 0}));
  // From 16 cards Chromium counts the run too: all "not negative" is one run
  // of n - 1 calls (Chromium 156 logs 15 calls for 16 cards, 34 for 15).
  EXPECT_EQ(comparator_calls(ComparatorSort::V8Chromium, 16, none).calls.size(), 15u);
  EXPECT_EQ(comparator_calls(ComparatorSort::V8Chromium, 15, none).calls.size(), 34u);
  EXPECT_FALSE(make_shuffle_spec(ShuffleAlgo::CmpV8Chromium, 64));
}

TEST(ComparatorSort, ReplayedDrawsAreChecked) {
  auto spec = make_shuffle_spec(ShuffleAlgo::CmpInsertion, 3).value();
  // coins 1 | 1 1: card 1 to the front, card 2 all the way: 2 1 0
  const std::vector<std::uint32_t> draws{1, 1, 1};
  EXPECT_EQ(shuffle_with_draws(spec, draws).value(), (std::vector<std::uint32_t>{2, 1, 0}));
  EXPECT_FALSE(shuffle_with_draws(spec, std::vector<std::uint32_t>{1, 1}));
  EXPECT_FALSE(shuffle_with_draws(spec, std::vector<std::uint32_t>{1, 1, 1, 0}));
  EXPECT_FALSE(shuffle_with_draws(spec, std::vector<std::uint32_t>{2, 0}));
}

TEST(ComparatorSort, RecordingReplaysToTheSameDeck) {
  for (const auto& info : comparator_sorts()) {
    auto spec = make_shuffle_spec(info.algo, 20).value();
    std::mt19937_64 a(7), b(7);
    auto draw_a = [&](std::uint32_t bound) { return static_cast<std::uint32_t>(a() % bound); };
    auto draw_b = [&](std::uint32_t bound) { return static_cast<std::uint32_t>(b() % bound); };
    const auto fast = shuffle_fast(spec, draw_a);
    const auto recording = record_shuffle(spec, draw_b);
    EXPECT_EQ(deck_at_step(recording, recording.step_ends.size()), fast) << info.label;
    // one comparison (Draw + Compare) per step
    std::size_t compares = 0;
    for (const auto& e : recording.events) compares += e.kind == EventKind::Compare;
    EXPECT_EQ(compares, recording.step_ends.size()) << info.label;
  }
}

}  // namespace
}  // namespace shufflelab

namespace shufflelab {
namespace {

BiasMatrix run_bias_job(const std::string& params) {
  auto job = make_job("shuffle_bias", params);
  EXPECT_TRUE(job) << job.error();
  if (!job) return BiasMatrix();
  run_job_to_end(**job, 1000, [](double) {});
  return bias_matrix_from_result((*job)->result()).value();
}

TEST(ComparatorSort, LabJobGivesTheExactLaws) {
  // Insertion sort on 3 cards: the sixteenths derived by hand above, over 2^E.
  const BiasMatrix m = run_bias_job("algo=cmp-insertion&n=3&mode=exact");
  const std::uint64_t want[3][3] = {{6, 6, 4}, {6, 6, 4}, {4, 4, 8}};
  for (std::uint32_t p = 0; p < 3; ++p)
    for (std::uint32_t c = 0; c < 3; ++c) EXPECT_EQ(m.at(p, c) * 16, want[p][c] * m.total) << p << " " << c;
  // One riffle of 2 cards: only cut 1 (chance 1/2) then dropping the bottom
  // card first (1/2) reverses them: 1/4.
  const BiasMatrix r = run_bias_job("algo=riffle&n=2&rounds=1&mode=exact");
  EXPECT_EQ(r.total, 4u);
  EXPECT_EQ(r.counts, (std::vector<std::uint64_t>{3, 1, 1, 3}));
  // Refused with a reason: too many cards, no law mode, no exact overhand.
  EXPECT_FALSE(make_job("shuffle_bias", "algo=cmp-merge&n=9&mode=exact"));
  EXPECT_FALSE(make_job("shuffle_bias", "algo=cmp-merge&n=4&mode=law"));
  EXPECT_FALSE(make_job("shuffle_bias", "algo=overhand&n=4&mode=exact"));
}

}  // namespace
}  // namespace shufflelab

namespace shufflelab {
namespace {

TEST(ComparatorSort, EngineViewNamesTheSortASampleComesFrom) {
  // 200,000 simulated insertion sorts of 6 cards (mt19937_64 coins), tested
  // against the exact law of every modelled sort: only insertion sort fits.
  std::vector<BiasMatrix> laws;
  for (const auto& info : comparator_sorts())
    laws.push_back(run_bias_job("algo=" + std::string(shuffle_algo_name(info.algo)) + "&n=6&mode=exact"));
  std::mt19937_64 rng(2026);
  auto coin = [&](std::uint32_t bound) { return static_cast<std::uint32_t>(rng() % bound); };
  BiasMatrix sample(6);
  std::vector<std::uint32_t> deck(6);
  for (int m = 0; m < 200000; ++m) {
    std::iota(deck.begin(), deck.end(), 0u);
    comparator_sort(ComparatorSort::Insertion, deck, coin);
    sample.add(deck);
  }
  const EngineView view = engine_view(laws, sample);
  EXPECT_EQ(view.rows.size(), comparator_sorts().size());
  EXPECT_EQ(view.matching, (std::vector<std::string>{"cmp-insertion"})) << view.verdict;
}

}  // namespace
}  // namespace shufflelab
