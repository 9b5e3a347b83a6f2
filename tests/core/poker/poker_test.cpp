// poker.hpp: the LCRNG and the One Chip deal against a transcription of the
// article's steps written here, and the cycle sweep against replaying every
// seed of a range one by one.
#include "core/poker/poker.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <random>
#include <vector>

#include "test_support.hpp"

namespace shufflelab {
namespace {

struct ReferenceDeal {
  std::vector<std::uint32_t> cards;
  std::uint32_t calls = 0;
};

// The article: step the LCRNG, take the top 6 bits, keep them if below 52 and
// not dealt yet; ten cards.
ReferenceDeal reference_deal(std::uint32_t seed) {
  ReferenceDeal deal;
  std::uint32_t state = seed;
  while (deal.cards.size() < 10) {
    state = state * 1664525u + 1013904223u;
    ++deal.calls;
    const std::uint32_t card = state >> 26;
    if (card < 52 && std::find(deal.cards.begin(), deal.cards.end(), card) == deal.cards.end())
      deal.cards.push_back(card);
  }
  return deal;
}

TEST(Poker, LcrngSteps) {
  // 1664525 * 0 + 1013904223 and 1664525 * 1013904223 + 1013904223 mod 2^32,
  // worked out with Python integers.
  EXPECT_EQ(lcrng_next(0), 1013904223u);
  EXPECT_EQ(lcrng_next(1013904223u), 1196435762u);
  EXPECT_EQ(lcrng_card(0xFFFFFFFFu), 63u);
  EXPECT_EQ(lcrng_card(0x04000000u), 1u);
}

TEST(Poker, JumpAgreesWithSteppingAndTheCycleIsFull) {
  std::uint32_t state = 0xC0FFEE;
  for (std::uint64_t k = 0; k <= 3000; ++k) {
    ASSERT_EQ(lcrng_jump(0xC0FFEE, k), state) << k;
    state = lcrng_next(state);
  }
  EXPECT_EQ(lcrng_jump(lcrng_jump(5, 123456789), 987654321), lcrng_jump(5, 123456789 + 987654321));
  // Hull-Dobell: c odd and a - 1 divisible by 4 give one cycle of all 2^32
  // states. Check it: back home after 2^32 steps, not after 2^31.
  for (std::uint32_t x : {0u, 1u, 0xDEADBEEFu}) {
    EXPECT_EQ(lcrng_jump(x, kLcrngPeriod), x);
    EXPECT_NE(lcrng_jump(x, kLcrngPeriod / 2), x);
  }
}

TEST(Poker, CardNames) {
  EXPECT_EQ(card_name(0), "2h");
  EXPECT_EQ(card_name(1), "2d");
  EXPECT_EQ(card_name(2), "2c");
  EXPECT_EQ(card_name(3), "2s");
  EXPECT_EQ(card_name(32), "Th");
  EXPECT_EQ(card_name(36), "Jh");
  EXPECT_EQ(card_name(51), "As");
  EXPECT_EQ(card_name(52), "??");
  EXPECT_EQ(card_rank(51), 12u);
  EXPECT_EQ(card_suit(50), 2u);
}

TEST(Poker, DealFromSeedZero) {
  // From a separate Python transcription of the article's steps.
  const OneChipDeal deal = one_chip_deal(0);
  const std::vector<std::uint8_t> want = {15, 17, 42, 24, 39, 21, 40, 32, 37, 50};
  EXPECT_EQ(std::vector<std::uint8_t>(deal.cards.begin(), deal.cards.end()), want);
  EXPECT_EQ(deal.calls, 11u);
}

TEST(Poker, DealsMatchTheArticleSteps) {
  std::mt19937 rng(52);
  for (int i = 0; i < 20000; ++i) {
    const auto seed = static_cast<std::uint32_t>(rng());
    std::vector<DealCall> trace;
    const OneChipDeal deal = one_chip_deal(seed, &trace);
    const ReferenceDeal want = reference_deal(seed);
    ASSERT_EQ(std::vector<std::uint32_t>(deal.cards.begin(), deal.cards.end()), want.cards) << seed;
    ASSERT_EQ(deal.calls, want.calls);
    ASSERT_EQ(deal.calls, 10 + deal.too_high + deal.duplicates);
    ASSERT_EQ(trace.size(), deal.calls);
    ASSERT_EQ(trace.back().state, deal.final_state);
    std::uint32_t dealt = 0;
    for (const DealCall& call : trace) {
      ASSERT_EQ(call.value, call.state >> 26);
      dealt += call.verdict == DealVerdict::Dealt;
      if (call.verdict == DealVerdict::TooHigh) {
        ASSERT_GE(call.value, 52u);
      }
    }
    ASSERT_EQ(dealt, 10u);
  }
}

TEST(Poker, SweepEqualsReplayingEachSeed) {
  struct Range {
    std::uint64_t first, count;
  };
  // Includes the wrap from position 2^32 - 1 back to 0.
  for (const Range range : {Range{0, 40000}, Range{kLcrngPeriod - 20000, 40000}, Range{0x9E3779B9, 30000}}) {
    const SweepStats want = test::replay_sweep<SweepStats>(lcrng_jump(0, range.first), range.count, [](std::uint32_t seed) { return reference_deal(seed).calls; });
    for (bool vector_path : {true, false}) {
      // Window 10 and 16: many seeds need more calls than the window holds,
      // exercising the direct replay inside the sweep.
      for (std::uint32_t window : {64u, 16u, 10u}) {
        CycleSweeper sweeper(range.first, range.count, window, vector_path);
        EXPECT_EQ(sweeper.uses_vector_path(), vector_path && CycleSweeper::vector_path_available());
        for (std::uint64_t chunk = 1; !sweeper.done(); chunk = chunk * 3 + 1) sweeper.run(chunk);
        test::expect_same_sweep(sweeper.stats(), want,
                          "first " + std::to_string(range.first) + " window " + std::to_string(window) +
                              (vector_path ? " vector" : " portable"));
      }
    }
  }
}

TEST(Poker, StatsKeepTheSmallestSeedOfTheMaximum) {
  SweepStats a, b;
  a.add(500, 20);
  a.add(300, 20);
  a.add(100, 19);
  EXPECT_EQ(a.max_calls, 20u);
  EXPECT_EQ(a.max_seed, 300u);
  b.add(200, 20);
  b.add(50, 11);
  a.merge(b);
  EXPECT_EQ(a.max_seed, 200u);
  EXPECT_EQ(a.seeds, 5u);
  EXPECT_EQ(a.total_calls, 90u);
  EXPECT_EQ(a.histogram[20], 3u);
  EXPECT_DOUBLE_EQ(a.mean_calls(), 18.0);
}

TEST(Poker, WholeSweepReportsProgressAndStopsWhenCancelled) {
  std::atomic<bool> cancel{false};
  std::vector<std::uint64_t> reports;
  const SweepStats stats = sweep_all_seeds(
      [&](std::uint64_t done, std::uint64_t total) {
        reports.push_back(done);
        EXPECT_EQ(total, kLcrngPeriod);
        if (reports.size() == 2) cancel = true;
      },
      &cancel, 4096);
  EXPECT_EQ(reports, (std::vector<std::uint64_t>{4096, 8192}));
  test::expect_same_sweep(stats, test::replay_sweep<SweepStats>(lcrng_jump(0, 0), 8192, [](std::uint32_t seed) { return reference_deal(seed).calls; }), "cancelled sweep");
}

}  // namespace
}  // namespace shufflelab
