// Example files: they parse back as what they claim (count, size, a
// permutation each), the same seed gives the same file, and a fair and a
// biased source land on opposite sides of the verdict at the sample sizes the
// oracle tests establish with independently written shuffles.
#include <gtest/gtest.h>

#include "core/check/check_examples.hpp"
#include "core/check/check_session.hpp"

namespace shufflelab {
namespace {

CheckReport checked(CheckKind kind, const std::string& text) {
  CheckOptions options;
  options.kind = kind;
  auto session = std::move(CheckSession::make(options).value());
  session->feed(text);
  auto report = session->finish();
  EXPECT_TRUE(report) << report.error();
  return report ? report.value() : CheckReport{};
}

TEST(CheckExamples, DecksParseBackAndSideWithTheVerdict) {
  const DrawSourceSpec source;  // splitmix64, seed 1, lemire
  const auto fair = example_decks(ShuffleAlgo::FisherYates, 52, 2000, source);
  ASSERT_TRUE(fair) << fair.error();
  EXPECT_EQ(fair.value(), example_decks(ShuffleAlgo::FisherYates, 52, 2000, source).value());
  const CheckReport f = checked(CheckKind::decks, fair.value());
  EXPECT_EQ(f.facts[0].value, 2000);
  EXPECT_EQ(f.facts[1].value, 52);
  EXPECT_FALSE(f.failed) << report_text(f);
  const CheckReport naive = checked(CheckKind::decks, example_decks(ShuffleAlgo::Naive, 52, 2000, source).value());
  EXPECT_TRUE(naive.tests[0].failed) << report_text(naive);  // position x card
  EXPECT_FALSE(example_decks(ShuffleAlgo::Partial, 52, 10, source));
  EXPECT_FALSE(example_decks(ShuffleAlgo::FisherYates, 52, 0, source));
}

TEST(CheckExamples, RollsComeFromTheChosenMethod) {
  DrawSourceSpec source;
  source.bits = 8;
  source.method = parse_draw_method("--method", "mulhi-minus1").value();
  const auto rolls = example_rolls(20, 20000, source);
  ASSERT_TRUE(rolls) << rolls.error();
  // (x * 19) >> 8 never reaches 19 for x < 256: face 20 never comes up, so the sides read back as 19.
  const CheckReport r = checked(CheckKind::rolls, rolls.value());
  EXPECT_EQ(r.facts[0].value, 20000);
  EXPECT_EQ(r.facts[1].value, 19);
}

}  // namespace
}  // namespace shufflelab
