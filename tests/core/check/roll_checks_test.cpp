// Roll checks on dice whose faults are known by construction: a fair die
// (SplitMix64, test_support), a loaded but memoryless die, and a die that
// repeats its last face half the time. Each fails exactly what it should.
#include <gtest/gtest.h>

#include <string>

#include "core/check/roll_checks.hpp"
#include "test_support.hpp"

namespace shufflelab {
namespace {

template <class Next>
CheckReport judge_rolls(int count, Next next) {
  RollParser parser(6);
  std::string text;
  for (int i = 0; i < count; ++i) text += std::to_string(next()) + (i % 25 == 24 ? "\n" : " ");
  parser.feed(text);
  parser.finish();
  EXPECT_FALSE(parser.error());
  return roll_report(parser, nullptr, kDefaultCheckAlpha);
}

bool failed(const CheckReport& r, const std::string& key) {
  for (const CheckTest& t : r.tests)
    if (t.key == key) return t.failed;
  ADD_FAILURE() << "no test " << key;
  return false;
}

TEST(RollChecks, EachFaultFailsItsOwnTest) {
  std::uint64_t s = 11;
  const auto fair = [&] { return 1 + test::splitmix64(s) % 6; };
  const CheckReport ok = judge_rolls(30000, fair);
  EXPECT_FALSE(ok.failed) << report_text(ok);
  ASSERT_EQ(ok.tests.size(), 3u);

  const auto loaded = [&] { const auto x = test::splitmix64(s) % 7; return x == 6 ? 6 : 1 + x; };  // 6 twice as often
  const CheckReport l = judge_rolls(30000, loaded);
  EXPECT_TRUE(failed(l, "faces")) << report_text(l);
  EXPECT_FALSE(failed(l, "pairs")) << report_text(l);
  EXPECT_FALSE(failed(l, "up_down")) << report_text(l);

  std::uint64_t last = 1;
  const auto sticky = [&] { return last = (test::splitmix64(s) & 1) ? last : 1 + test::splitmix64(s) % 6; };
  const CheckReport k = judge_rolls(30000, sticky);
  EXPECT_FALSE(failed(k, "faces")) << report_text(k);
  EXPECT_TRUE(failed(k, "pairs")) << report_text(k);
  EXPECT_TRUE(failed(k, "up_down")) << report_text(k);
}

}  // namespace
}  // namespace shufflelab
