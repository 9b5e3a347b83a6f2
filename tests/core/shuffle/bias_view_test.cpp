// bias_view_test.cpp: the Bias tab's view model. Every expected value is
// worked out by hand in the comments, from the definitions in bias_view.hpp.
#include "core/shuffle/bias_view.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace shufflelab {
namespace {

BiasMatrix matrix_of(std::uint32_t n, std::uint64_t total, std::vector<std::uint64_t> counts) {
  BiasMatrix m(n);
  m.total = total;
  m.counts = std::move(counts);
  return m;
}

// 10 x 10, 1000 shuffles, every cell 100 (p = 1/10 exactly) unless changed.
BiasMatrix uniform_ten() { return matrix_of(10, 1000, std::vector<std::uint64_t>(100, 100)); }

TEST(BiasMatrixView, DeviationsAndAutoLimitOfAnEnumeratedMatrix) {
  // p = 6/10, 4/10 with n = 2: p n - 1 = +0.2, -0.2. All four |deviations| are
  // 0.2, so the 95th percentile is 0.2, already a "nice" 2 x 10^-1.
  const BiasMatrixView v = bias_matrix_view(matrix_of(2, 10, {6, 4, 4, 6}), false, BiasColourScale::automatic);
  EXPECT_EQ(v.n, 2u);
  EXPECT_DOUBLE_EQ(v.uniform, 0.5);
  ASSERT_EQ(v.deviation.size(), 4u);
  EXPECT_NEAR(v.deviation_at(0, 0), 0.2, 1e-12);
  EXPECT_NEAR(v.deviation_at(0, 1), -0.2, 1e-12);
  EXPECT_NEAR(v.deviation_at(1, 0), -0.2, 1e-12);
  EXPECT_NEAR(v.max_deviation, 0.2, 1e-12);
  EXPECT_NEAR(v.max_deviation_percent(), 20.0, 1e-9);
  EXPECT_NEAR(v.colour_limit, 0.2, 1e-12);
  EXPECT_EQ(v.limit_plus, "+20%");
  EXPECT_EQ(v.limit_minus, "-20%");
  ASSERT_TRUE(v.summary.has_value());
}

TEST(BiasMatrixView, ASampleKeepsItsNoisePale) {
  // The same counts as a sample of M = 10: one cell's relative standard error
  // is sqrt((n - 1) / M) = sqrt(0.1) = 0.316; 4 of them = 1.26, rounded up to
  // the next 1-2-5 step: 2, which beats the percentile's 0.2.
  const BiasMatrixView v = bias_matrix_view(matrix_of(2, 10, {6, 4, 4, 6}), true, BiasColourScale::automatic);
  EXPECT_NEAR(v.summary->relative_standard_error, std::sqrt(0.1), 1e-12);
  EXPECT_NEAR(v.colour_limit, 2.0, 1e-12);
  EXPECT_EQ(v.limit_plus, "+200%");
}

TEST(BiasMatrixView, FixedScalesIgnoreTheData) {
  const BiasMatrix m = matrix_of(2, 10, {6, 4, 4, 6});
  EXPECT_DOUBLE_EQ(bias_matrix_view(m, true, BiasColourScale::one_percent).colour_limit, 0.01);
  EXPECT_DOUBLE_EQ(bias_matrix_view(m, true, BiasColourScale::ten_percent).colour_limit, 0.1);
  const BiasMatrixView whole = bias_matrix_view(m, false, BiasColourScale::hundred_percent);
  EXPECT_DOUBLE_EQ(whole.colour_limit, 1.0);
  EXPECT_EQ(whole.limit_plus, "+100%");
  EXPECT_EQ(whole.limit_minus, "-100%");
}

TEST(BiasMatrixView, AFewExtremeCellsSaturate) {
  // Rows 0..2: 103 and 97 in the first two cells: six cells at |0.03|.
  // Row 3: 200 and 0: two cells at |1|. The other 92 cells are 0.
  // Sorted |deviation|: 92 zeros (index 0..91), six 0.03 (92..97), two 1s;
  // index 100 * 95 / 100 = 95 is 0.03, rounded up to 0.05.
  BiasMatrix m = uniform_ten();
  for (std::size_t row = 0; row < 3; ++row) m.counts[row * 10] = 103, m.counts[row * 10 + 1] = 97;
  m.counts[3 * 10 + 2] = 200, m.counts[3 * 10 + 3] = 0;
  const BiasMatrixView v = bias_matrix_view(m, false, BiasColourScale::automatic);
  EXPECT_NEAR(v.max_deviation, 1.0, 1e-12);
  EXPECT_NEAR(v.deviation_at(3, 3), -1.0, 1e-12);
  EXPECT_NEAR(v.colour_limit, 0.05, 1e-15);
  EXPECT_EQ(v.limit_plus, "+5%");
}

TEST(BiasMatrixView, MostlyUniformFallsBackToAThousandthOfTheMaximum) {
  // Only 4 cells off (+-0.5): the 95th percentile is 0, so the limit is
  // max |deviation| / 1000 = 0.0005 (already 5 x 10^-4), written with %.2g.
  BiasMatrix m = uniform_ten();
  m.counts[0] = 150, m.counts[1] = 50, m.counts[10] = 50, m.counts[11] = 150;
  const BiasMatrixView v = bias_matrix_view(m, false, BiasColourScale::automatic);
  EXPECT_NEAR(v.colour_limit, 5e-4, 1e-15);
  EXPECT_EQ(v.limit_plus, "+0.0005");
  EXPECT_EQ(v.limit_minus, "-0.0005");
}

TEST(BiasMatrixView, PerfectlyUniformGetsOnePercent) {
  const BiasMatrixView v = bias_matrix_view(uniform_ten(), false, BiasColourScale::automatic);
  EXPECT_DOUBLE_EQ(v.max_deviation, 0.0);
  EXPECT_DOUBLE_EQ(v.colour_limit, 0.01);
  EXPECT_EQ(v.limit_plus, "+1%");
}

TEST(BiasMatrixView, ExactLawUsesItsFractions) {
  // P = 3/4 and 1/4 with n = 2: deviations +0.5 and -0.5; limit 0.5 (5 x 10^-1).
  LawBias law;
  law.n = 2;
  law.weights = {BigUint(3), BigUint(1), BigUint(1), BigUint(3)};
  law.total = BigUint(4);
  const BiasMatrixView v = bias_matrix_view(law, BiasColourScale::automatic);
  EXPECT_DOUBLE_EQ(v.deviation_at(0, 0), 0.5);
  EXPECT_DOUBLE_EQ(v.deviation_at(1, 0), -0.5);
  EXPECT_DOUBLE_EQ(v.colour_limit, 0.5);
  EXPECT_EQ(v.limit_plus, "+50%");
  EXPECT_FALSE(v.summary.has_value());
}

TEST(BiasMatrixView, SampledCellEstimateErrorAndZ) {
  // 60 of 100 shuffles: p = 0.6, standard error sqrt(0.6 * 0.4 / 100) =
  // sqrt(0.0024) = 0.0489898; z = (0.6 - 0.5) / sqrt(0.5 * 0.5 / 100) = 0.1 / 0.05 = 2.
  const SampledCell c = sampled_cell(matrix_of(2, 100, {60, 40, 40, 60}), 0, 0);
  EXPECT_DOUBLE_EQ(c.estimate, 0.6);
  EXPECT_NEAR(c.standard_error, 0.048989794855663557, 1e-15);
  EXPECT_NEAR(c.z, 2.0, 1e-12);
  EXPECT_NEAR(sampled_cell(matrix_of(2, 100, {60, 40, 40, 60}), 0, 1).z, -2.0, 1e-12);
}

}  // namespace
}  // namespace shufflelab
