// Dice lab view model (core/dice/dice_view.hpp): the texts, the histogram's
// scale and columns, the rows of the tables and the setup keys. Expected
// values are worked out by hand in the comments.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "core/dice/dice_view.hpp"

namespace shufflelab {
namespace {

const double kInf = std::numeric_limits<double>::infinity();

DieLaw law_of(const char* method, std::uint64_t sides, unsigned bits) {
  auto law = exact_die_law(*find_dice_method(method), sides, bits);
  EXPECT_TRUE(law) << law.error();
  return *law;
}

bool starts_with(const std::string& text, const std::string& prefix) { return text.rfind(prefix, 0) == 0; }
bool ends_with(const std::string& text, const std::string& suffix) {
  return text.size() >= suffix.size() && text.compare(text.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// ------------------------------------------------------------------ texts

TEST(DiceView, NumberTexts) {
  EXPECT_EQ(number_text(1.0 / 3.0), "0.333333");
  EXPECT_EQ(number_text(12345678.0, 4), "1.235e+07");
  EXPECT_EQ(number_text(kInf), "infinite");
  EXPECT_EQ(rolls_to_notice_text(kInf), "never (fair)");
  EXPECT_EQ(rolls_to_notice_text(999.2), "1,000");  // rounded up: a count of rolls
  EXPECT_EQ(rolls_to_notice_text(1234567.0), "1.2e+06");
  EXPECT_EQ(p_value_text(0.0), "< 1e-300");
  EXPECT_EQ(p_value_text(0.012345), "= 0.0123");
}

TEST(DiceView, FractionAndFaceListTexts) {
  EXPECT_EQ(fraction_text(Fraction(6, 3)), "2");
  EXPECT_EQ(fraction_text(Fraction(2, 6)), "1/3");
  // 1/10^50: "1/" and 51 digits is 53 characters, over the 44 shown.
  EXPECT_EQ(fraction_text(Fraction(BigUint(1), BigUint::power(10, 50))), "(a fraction with a 51-digit denominator)");
  EXPECT_EQ(face_list_text({}), "none");
  EXPECT_EQ(face_list_text({0, 2}), "1, 3");
  std::vector<std::uint64_t> sixteen;
  for (std::uint64_t v = 0; v < 16; ++v) sixteen.push_back(v);
  EXPECT_EQ(face_list_text(sixteen), "1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14 ... (16 in all)");
}

// ------------------------------------------------------------------ histogram

TEST(DiceView, PlainScaleHasHeadroomAndPercentTicks) {
  // Highest value: the fair share 1/3 > 0.3; times 1.12 = 0.37333. A quarter
  // of that, 0.0933, rounds up to the step 0.1: ticks 0, 10, 20, 30 %.
  const std::vector<double> exact{0.1, 0.3, 0.2};
  HistogramSeries s;
  s.exact = exact;
  s.fair = 1.0 / 3.0;
  const HistogramScale scale = histogram_scale(s);
  EXPECT_FALSE(scale.deviation);
  EXPECT_EQ(scale.lo, 0.0);
  EXPECT_NEAR(scale.hi, 0.37333333, 1e-8);
  ASSERT_EQ(scale.ticks.size(), 4u);
  EXPECT_EQ(scale.ticks[0].label, "0%");
  EXPECT_EQ(scale.ticks[1].label, "10%");
  EXPECT_EQ(scale.ticks[3].label, "30%");
  EXPECT_NEAR(scale.ticks[3].value, 0.3, 1e-12);
  EXPECT_DOUBLE_EQ(scale.plotted(0.2), 0.2);
}

TEST(DiceView, DeviationScaleIsSymmetric) {
  // Around 1/4: 0.2 -> -20 %, 0.3 -> +20 %; 15 % headroom: +-0.23. A quarter
  // of 0.46 is 0.115, which rounds up to the step 0.2: ticks -20, +0, +20 %.
  const std::vector<double> exact{0.2, 0.3};
  HistogramSeries s;
  s.exact = exact;
  s.fair = 0.25;
  s.deviation = true;
  const HistogramScale scale = histogram_scale(s);
  EXPECT_TRUE(scale.deviation);
  EXPECT_NEAR(scale.lo, -0.23, 1e-12);
  EXPECT_NEAR(scale.hi, 0.23, 1e-12);
  ASSERT_EQ(scale.ticks.size(), 3u);
  EXPECT_EQ(scale.ticks[0].label, "-20%");
  EXPECT_EQ(scale.ticks[1].label, "+0%");
  EXPECT_EQ(scale.ticks[2].label, "+20%");
  EXPECT_NEAR(scale.plotted(0.2), -0.2, 1e-12);
}

TEST(DiceView, EmptyPlainScaleSpansZeroToOne) {
  HistogramSeries s;
  const HistogramScale scale = histogram_scale(s);
  EXPECT_EQ(scale.lo, 0.0);
  EXPECT_EQ(scale.hi, 1.0);
}

TEST(DiceView, ColumnsKeepTheExtremesOfTheirCells) {
  const std::vector<double> exact{0.1, 0.4, 0.2, 0.3, 0.0};
  const std::vector<double> sampled{0.2, 0.25, 0.3};
  const std::vector<double> low{0.05, 0.3, 0.1, 0.2, 0.0}, high{0.15, 0.5, 0.3, 0.4, 0.0};
  HistogramSeries s;
  s.exact = exact;
  s.sampled = sampled;
  s.band_low = low;
  s.band_high = high;
  s.never = {false, false, false, false, true};
  const HistogramScale scale = histogram_scale(s);
  const auto columns = histogram_columns(s, scale, 2);
  ASSERT_EQ(columns.size(), 3u);  // cells 0-1, 2-3, 4
  EXPECT_EQ(columns[0].first, 0u);
  EXPECT_EQ(columns[0].end, 2u);
  EXPECT_DOUBLE_EQ(columns[0].exact_lo, 0.1);
  EXPECT_DOUBLE_EQ(columns[0].exact_hi, 0.4);
  EXPECT_DOUBLE_EQ(columns[0].sampled_lo, 0.2);
  EXPECT_DOUBLE_EQ(columns[0].sampled_hi, 0.25);
  EXPECT_DOUBLE_EQ(columns[0].band_lo, 0.05);
  EXPECT_DOUBLE_EQ(columns[0].band_hi, 0.5);
  EXPECT_FALSE(columns[0].never);
  EXPECT_TRUE(columns[1].has_sampled);  // only cell 2 has a sample
  EXPECT_DOUBLE_EQ(columns[1].sampled_lo, 0.3);
  EXPECT_DOUBLE_EQ(columns[1].sampled_hi, 0.3);
  EXPECT_EQ(columns[2].end, 5u);
  EXPECT_TRUE(columns[2].has_exact);
  EXPECT_FALSE(columns[2].has_sampled);
  EXPECT_TRUE(columns[2].never);
  EXPECT_EQ(histogram_columns(s, scale, 1).size(), 5u);
}

TEST(DiceView, AxisLabelStrideIsOneTwoFive) {
  EXPECT_EQ(axis_label_stride(30, 24), 1);  // 30 px apart already
  EXPECT_EQ(axis_label_stride(10, 24), 5);  // 10, 20 < 24 <= 50
  EXPECT_EQ(axis_label_stride(1, 24), 50);  // 1, 2, 5, 10, 20 < 24 <= 50
}

// ------------------------------------------------------------------ one die

// mulhi-minus1, d20 on bytes: value (x * 19) >> 8 never reaches 19, so face
// 20 never comes up; 19 faces share 256 bytes as 10 x 13 + 9 x 14, all above
// 256/20 = 12.8: 19 favoured, 1 starved, total variation = 1/20.
TEST(DiceView, StatRowsOfABiasedDie) {
  const auto rows = die_stat_rows(law_of("mulhi-minus1", 20, 8));
  auto find = [&](const std::string& what) {
    for (const StatRow& r : rows)
      if (r.what == what) return r;
    ADD_FAILURE() << what;
    return StatRow{};
  };
  EXPECT_EQ(find("Max / min ratio").value, "infinite: some face never comes up");
  EXPECT_EQ(find("Distance from fair").value, "total variation 1/20 = 0.05");
  EXPECT_EQ(find("Favoured faces").value, "19: 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14 ... (19 in all)");
  EXPECT_EQ(find("Starved faces").value, "1: 20");
  EXPECT_EQ(find("Never comes up").value, "20");
  EXPECT_EQ(find("Never comes up").tone, Tone::bad);
  EXPECT_EQ(find("Words thrown away").value, "0 of 256");
  // log2 20 = 4.3219281
  EXPECT_EQ(find("Bits per roll").value, "8 on average;  the least possible is log2 n = 4.32193");
  EXPECT_TRUE(ends_with(find("Rolls to notice").value, " (about when a chi-square test against a fair die starts to see the bias)"));
}

// mask-and-reject, d6 on bytes: 192 of 256 bytes accepted, 8 * 256 / 192 = 32/3 bits per roll.
TEST(DiceView, StatRowsOfAFairDie) {
  const auto rows = die_stat_rows(law_of("reject", 6, 8));
  ASSERT_EQ(rows.size(), 8u);  // no "Never comes up"
  EXPECT_EQ(rows[1].value, "1 = 1");
  EXPECT_EQ(rows[1].tone, Tone::good);
  EXPECT_EQ(rows[2].value, "total variation 0: exactly fair");
  EXPECT_EQ(rows[3].value, "0");
  EXPECT_EQ(rows[5].value, "64 of 256");
  // log2 6 = 2.5849625
  EXPECT_EQ(rows[6].value, "10.6667 on average (32/3);  the least possible is log2 n = 2.58496");
  EXPECT_TRUE(starts_with(rows[7].value, "never (fair) ("));
}

TEST(DiceView, MethodRows) {
  const MethodRow fair = method_row(law_of("reject", 6, 8));
  EXPECT_TRUE(fair.fair);
  EXPECT_EQ(fair.total_variation, "0 (fair)");
  EXPECT_EQ(fair.max_min_ratio, std::optional<std::string>("1"));
  EXPECT_EQ(fair.never, 0u);
  EXPECT_EQ(fair.bits_per_roll, "10.67");
  EXPECT_EQ(fair.rolls_to_notice, "never (fair)");
  const MethodRow biased = method_row(law_of("mulhi-minus1", 20, 8));
  EXPECT_FALSE(biased.fair);
  EXPECT_EQ(biased.total_variation, "0.05");
  EXPECT_FALSE(biased.max_min_ratio);
  EXPECT_EQ(biased.never, 1u);
  EXPECT_EQ(biased.bits_per_roll, "8");
}

TEST(DiceView, DieSampleOfAPerfectlyEvenCount) {
  // Ten of each face in 60 rolls: chi-square 0 against both laws (5 degrees of freedom), p = 1.
  // Band per face: 1/6 -+ 2 sqrt(60 (1/6)(5/6)) / 60 = 0.1666667 -+ 0.0962250.
  const DieLaw law = law_of("reject", 6, 8);
  const std::vector<std::uint64_t> counts(6, 10);
  const DieSampleView v = die_sample_view(law, counts, 60, 640);
  ASSERT_EQ(v.frequencies.size(), 6u);
  EXPECT_DOUBLE_EQ(v.frequencies[0], 1.0 / 6.0);
  EXPECT_DOUBLE_EQ(v.bits_per_roll, 640.0 / 60.0);
  EXPECT_EQ(v.uniform_line.text,
            "Against a fair die: chi-square 0 with 5 degrees of freedom, p = 1: consistent with this law.");
  EXPECT_EQ(v.uniform_line.tone, Tone::good);
  EXPECT_EQ(v.exact_line.text,
            "Against this method's exact law: chi-square 0, 5 degrees of freedom, p = 1: consistent with this law.");
  const auto lines = die_face_lines(law, 0, &v);
  ASSERT_EQ(lines.size(), 5u);
  EXPECT_EQ(lines[0].text, "Exact: 32 of the 192 accepted words");
  EXPECT_EQ(lines[1].text, "  = 1/6");
  EXPECT_EQ(lines[3].text, "Sampled: 10 of 60 = 0.166667");
  EXPECT_EQ(lines[4].text, "Expected 2-sigma range: 0.0704416 to 0.262892");
}

TEST(DiceView, DieSampleOfOneFaceOnlyFails) {
  // 60 ones: (60-10)^2/10 + 5 (0-10)^2/10 = 250 + 50 = 300.
  const std::vector<std::uint64_t> counts{60, 0, 0, 0, 0, 0};
  const DieSampleView v = die_sample_view(law_of("reject", 6, 8), counts, 60, 640);
  EXPECT_TRUE(starts_with(v.uniform_line.text, "Against a fair die: chi-square 300 with 5 degrees of freedom, p "));
  EXPECT_TRUE(ends_with(v.uniform_line.text, "far too unlikely for chance: the sample does not follow this law."));
  EXPECT_EQ(v.uniform_line.tone, Tone::bad);
}

TEST(DiceView, FaceLinesOfAFaceThatNeverComesUp) {
  // mulhi-minus1 d20: value 0 takes x = 0..13 (19 x < 256): 14/256 = 7/128 = 0.0546875, +9.375 % over 1/20.
  const DieLaw law = law_of("mulhi-minus1", 20, 8);
  const auto first = die_face_lines(law, 0, nullptr);
  ASSERT_EQ(first.size(), 3u);
  EXPECT_EQ(first[0].text, "Exact: 14 of the 256 accepted words");
  EXPECT_EQ(first[1].text, "  = 7/128");
  EXPECT_EQ(first[2].text, "  = 0.0546875  (fair: 0.05, +9.375%)");
  const auto last = die_face_lines(law, 19, nullptr);
  ASSERT_EQ(last.size(), 4u);
  EXPECT_EQ(last[1].text, "  = 0");
  EXPECT_EQ(last[2].text, "  = 0  (fair: 0.05, -100%)");
  EXPECT_EQ(last[3].text, "This face can never come up.");
  EXPECT_EQ(last[3].tone, Tone::bad);
  // A coin-flip roller has no words: one exact probability.
  EXPECT_EQ(die_face_lines(law_of("fdr", 6, 8), 0, nullptr)[0].text, "Exact probability: 1/6");
}

// ------------------------------------------------------------------ expressions

// 2d2: totals 2, 3, 4 in 1, 2, 1 of 4 ways; mean 3, variance (1 + 0 + 1) / 4 = 1/2, sd 0.707107.
DiceDistribution two_d2() {
  DiceDistribution d;
  d.min_total = 2;
  d.counts = {BigUint(1), BigUint(2), BigUint(1)};
  d.outcomes = BigUint(4);
  return d;
}

TEST(DiceView, ExpressionChartLinesUpSampleAndLaw) {
  const DiceDistribution law = two_d2();
  const DistributionView view = view_distribution(law);
  DiceExprSampleResult sample;
  sample.rolls = 100;
  sample.min_total = 2;
  sample.counts = {25, 50, 25};
  const ExprChartView chart = expr_chart_view(&law, &view, &sample);
  EXPECT_EQ(chart.first_total, 2);
  EXPECT_EQ(chart.law_line, "3 totals from 2 to 4; mean 3, standard deviation 0.707107; 4 equally likely outcomes.");
  ASSERT_EQ(chart.frequencies.size(), 3u);
  EXPECT_DOUBLE_EQ(chart.frequencies[1], 0.5);
  ASSERT_TRUE(chart.verdict);
  EXPECT_EQ(expr_verdict_line(*chart.verdict).text,
            "Against the exact law of fair dice: chi-square 0, 2 degrees of freedom, p = 1: consistent with this law.");
  const auto lines = expr_total_lines(chart, &law, &sample, 1);
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_EQ(lines[0], "Exact: 2 of 4 outcomes");
  EXPECT_EQ(lines[1], "  = 1/2 = 0.5");
  EXPECT_EQ(lines[2], "Sampled: 50 of 100 = 0.5");
}

TEST(DiceView, ExpressionChartWithoutMatchingCells) {
  const DiceDistribution law = two_d2();
  const DistributionView view = view_distribution(law);
  DiceExprSampleResult sample;
  sample.rolls = 4;
  sample.min_total = 1;  // another expression's totals: no verdict
  sample.counts = {1, 2, 1};
  EXPECT_FALSE(expr_chart_view(&law, &view, &sample).verdict);
  const ExprChartView alone = expr_chart_view(nullptr, nullptr, &sample);
  EXPECT_EQ(alone.first_total, 1);
  EXPECT_TRUE(alone.exact.empty());
  EXPECT_TRUE(alone.law_line.empty());
  EXPECT_DOUBLE_EQ(alone.frequencies[1], 0.5);
}

// ------------------------------------------------------------------ Z80 d20

TEST(DiceView, Z80Rows) {
  const Z80Row biased = z80_row(law_of("mulhi-minus1", 20, 8));
  EXPECT_EQ(biased.face1, "14/256");
  EXPECT_EQ(biased.face20, "0/256");
  EXPECT_TRUE(biased.face20_never);
  EXPECT_EQ(biased.max_min_ratio, "x infinite");
  // mask 31 keeps 20 of every 32 bytes: 160 accepted, 8 per face.
  const Z80Row reject = z80_row(law_of("reject", 20, 8));
  EXPECT_EQ(reject.face1, "8/160");
  EXPECT_EQ(reject.max_min_ratio, "x1");
  EXPECT_EQ(z80_row(law_of("fdr", 20, 8)).face20, "1/20");
  EXPECT_EQ(sampled_share_text(1234, 100000), "1,234 (1.23%)");
  std::vector<std::uint32_t> printed(21, 12);
  printed[0] = 99;  // not a face
  printed[20] = 16;
  EXPECT_EQ(printed_ratio_text(printed), "x1.333");  // 16 / 12
}

// ------------------------------------------------------------------ setup keys

TEST(DiceView, SampleKeysFollowTheFieldsASampleUses) {
  DiceLabState a;
  DiceLabState b = a;
  b.expr = "d20";
  b.view = "expr";
  b.roll = 5;
  b.lanes = true;
  EXPECT_EQ(die_sample_key(a), die_sample_key(b));
  EXPECT_NE(expr_sample_key(a), expr_sample_key(b));
  DiceLabState c = a;
  c.sides = 6;
  EXPECT_NE(die_sample_key(a), die_sample_key(c));
  EXPECT_EQ(expr_sample_key(a), expr_sample_key(c));
  for (auto change : {+[](DiceLabState& s) { s.rolls = 100; }, +[](DiceLabState& s) { s.seed = "0000000000000001"; },
                      +[](DiceLabState& s) { s.method = "reject"; }, +[](DiceLabState& s) { s.bits = 16; }}) {
    DiceLabState d = a;
    change(d);
    EXPECT_NE(die_sample_key(a), die_sample_key(d));
    EXPECT_NE(expr_sample_key(a), expr_sample_key(d));
  }
  EXPECT_EQ(z80_sample_key("0123456789ABCDEF", 100), z80_sample_key("0123456789ABCDEF", 100));
  EXPECT_NE(z80_sample_key("0123456789ABCDEF", 100), z80_sample_key("0123456789ABCDEF", 1000));
  EXPECT_NE(z80_sample_key("0123456789ABCDEF", 100), z80_sample_key("0000000000000001", 100));
}

}  // namespace
}  // namespace shufflelab
