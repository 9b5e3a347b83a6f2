// The verdict's arithmetic, worked by hand: Bonferroni over the tests, the
// projected sample count rounded to two significant digits, and the JSON and
// text both carrying each test's verdict.
#include <gtest/gtest.h>

#include "core/check/check_report.hpp"

namespace shufflelab {
namespace {

TEST(CheckReport, BonferroniVerdictAndProjection) {
  CheckReport r;
  r.kind = "decks";
  r.tests.push_back(make_test("a", "test a", 30, 1, 0.0002));  // x 3 = 0.0006 < 0.001: fails
  r.tests.push_back(make_test("b", "test b", 12, 1, 0.0004));  // x 3 = 0.0012: passes
  r.tests.push_back(make_test("c", "test c", 0.5, 1, 0.5));    // below its degrees of freedom: no excess
  judge(r, "decks", 1000);
  EXPECT_TRUE(r.failed);
  EXPECT_TRUE(r.tests[0].failed);
  EXPECT_FALSE(r.tests[1].failed);
  EXPECT_DOUBLE_EQ(r.tests[1].p_adjusted, 0.0012);
  EXPECT_DOUBLE_EQ(r.tests[2].p_adjusted, 1.0);
  EXPECT_EQ(r.tests[2].more, "no excess over chance: nothing to extrapolate");
  // Test b: excess 11 over 1000 decks; the critical value at 0.001/3 on 1 dof is 12.8731 (SciPy's
  // chi2.isf(0.001/3, 1)), so 1000 * 11.8731 / 11 = 1,079.4 decks in all: 79 more.
  EXPECT_NE(r.tests[1].more.find("about 79 more decks"), std::string::npos) << r.tests[1].more;
  EXPECT_EQ(r.verdict.rfind("FAIL: 1 of 3 tests", 0), 0u) << r.verdict;
  EXPECT_NE(report_text(r).find("FAIL test a"), std::string::npos);
  EXPECT_NE(report_json(r).find("\"key\":\"b\",\"name\":\"test b\",\"statistic\":12,\"dof\":1"), std::string::npos);
}

TEST(CheckReport, CountsKeepTwoSignificantDigits) {
  EXPECT_EQ(format_count(8), "8");
  EXPECT_EQ(format_count(95.4), "95");
  EXPECT_EQ(format_count(1549), "1,500");
  EXPECT_EQ(format_count(1550), "1,600");
  EXPECT_EQ(format_count(82270.4), "82,000");
}

}  // namespace
}  // namespace shufflelab
