// The One Chip lab's histogram and claim numbers, against hand counts.
#include <gtest/gtest.h>

#include <cmath>

#include "core/poker/poker_lab.hpp"

namespace shufflelab {
namespace {

SweepStats stats_with(std::vector<std::uint64_t> histogram, std::uint32_t max_calls) {
  SweepStats s;
  s.histogram = std::move(histogram);
  for (std::uint64_t n : s.histogram) s.seeds += n;
  s.max_calls = max_calls;
  return s;
}

TEST(PokerView, BarsFoldTheTailAndScale) {
  std::vector<std::uint64_t> h(45, 0);
  h[9] = 5;    // below the first bar: not drawn
  h[10] = 100;
  h[12] = 25;
  h[39] = 1;
  h[44] = 3;   // folded into the "39 or more" bar
  const SweepHistogramView v = sweep_histogram_view(stats_with(h, 44), false);
  ASSERT_EQ(v.bars.size(), 30u);  // 10 .. 39
  EXPECT_EQ(v.bars[0].seeds, 100u);
  EXPECT_DOUBLE_EQ(v.bars[0].height, 1.0);
  EXPECT_DOUBLE_EQ(v.bars[2].height, 0.25);           // 25 / 100
  EXPECT_EQ(v.bars[29].seeds, 4u);                    // 1 + 3
  EXPECT_TRUE(v.bars[29].is_max);                     // 44 calls lands in the last bar
  EXPECT_DOUBLE_EQ(v.bars[0].percent, 100.0 * 100 / 134);  // 5 + 100 + 25 + 1 + 3 = 134 seeds
  ASSERT_EQ(v.gridlines.size(), 4u);
  EXPECT_EQ(v.gridlines[1].label, "50");              // a half of 100
}

TEST(PokerView, LogScaleKeepsSingleSeedsVisible) {
  std::vector<std::uint64_t> h(40, 0);
  h[10] = 1000000;
  h[38] = 1;
  const SweepHistogramView v = sweep_histogram_view(stats_with(h, 38), true);
  // (log10(n) + 0.3) / (log10(10^6) + 0.3): 1 seed -> 0.3 / 6.3.
  EXPECT_NEAR(v.bars[28].height, 0.3 / 6.3, 1e-12);
  EXPECT_DOUBLE_EQ(v.bars[0].height, 1.0);
  ASSERT_EQ(v.gridlines.size(), 3u);  // 1e0, 1e3, 1e6
  EXPECT_EQ(v.gridlines[2].label, "1e6");
}

TEST(PokerView, ClaimNumbers) {
  // 2^32 / C(52,5) = 4294967296 / 2598960 = 1652.5596...
  EXPECT_NEAR(deals_per_pat_hand(), 4294967296.0 / 2598960.0, 1e-9);
  // C(52,5) * 47*46*45*44*43 = 2598960 * 184072680; 2^32 of them in percent.
  EXPECT_NEAR(dealt_share_percent(), 100.0 * 4294967296.0 / (2598960.0 * 184072680.0), 1e-15);
}

}  // namespace
}  // namespace shufflelab
