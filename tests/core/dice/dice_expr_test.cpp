// Dice notation: parser errors and limits, exact laws against brute-force
// enumeration of every outcome written here (independent of the DP and the
// convolution), closed forms for kh1/kl1, and a fixed-seed sampler check.
#include "core/dice/dice_expr.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "test_support.hpp"

namespace shufflelab {
namespace {

using test::splitmix64;

DiceExpr parse(const std::string& text) {
  auto r = parse_dice_expr(text);
  EXPECT_TRUE(r) << text << ": " << r.error();
  return r.value();
}

std::string parse_error(const std::string& text) {
  auto r = parse_dice_expr(text);
  EXPECT_FALSE(r) << text;
  return r ? "" : r.error();
}

TEST(DiceParse, Terms) {
  const DiceExpr e = parse("3d6+2");
  ASSERT_EQ(e.terms.size(), 2u);
  EXPECT_EQ(e.terms[0].count, 3u);
  EXPECT_EQ(e.terms[0].sides, 6u);
  EXPECT_EQ(e.terms[1].constant, 2);
  EXPECT_TRUE(e.terms[1].is_constant());

  const DiceExpr pct = parse("d%");
  EXPECT_EQ(pct.terms[0].count, 1u);
  EXPECT_EQ(pct.terms[0].sides, 100u);

  const DiceExpr adv = parse("2d20kh1");
  EXPECT_EQ(adv.terms[0].rule, KeepRule::keep_highest);
  EXPECT_EQ(adv.terms[0].kept(), 1u);
  EXPECT_TRUE(adv.terms[0].keeps_highest());

  const DiceExpr stats = parse("4d6dl1");
  EXPECT_EQ(stats.terms[0].kept(), 3u);
  EXPECT_TRUE(stats.terms[0].keeps_highest());
  EXPECT_FALSE(parse("4d6dh1").terms[0].keeps_highest());
  EXPECT_FALSE(parse("2d20kl1").terms[0].keeps_highest());

  const DiceExpr mixed = parse(" - 1d4 + 2D8 - 3 ");
  ASSERT_EQ(mixed.terms.size(), 3u);
  EXPECT_TRUE(mixed.terms[0].negative);
  EXPECT_FALSE(mixed.terms[1].negative);
  EXPECT_TRUE(mixed.terms[2].negative);
  EXPECT_EQ(mixed.terms[1].position, 10u);  // the "2" after " - 1d4 + "
}

TEST(DiceParse, ErrorsNamePositions) {
  EXPECT_EQ(parse_error("3d+2"), "at 3: expected number of sides after 'd'");
  EXPECT_EQ(parse_error("10d"), "at 4: expected number of sides after 'd'");
  EXPECT_EQ(parse_error(""), "at 1: empty expression (expected a number or a die such as d6)");
  EXPECT_EQ(parse_error("3d6x"), "at 4: expected '+', '-' or the end, found 'x'");
  EXPECT_EQ(parse_error("3d6+"), "at 5: expected a number or a die after '+'");
  EXPECT_EQ(parse_error("2d20k1"), "at 6: expected 'h' or 'l' after 'k'");
  EXPECT_EQ(parse_error("4d6dl"), "at 6: expected a number after 'dl'");
  EXPECT_EQ(parse_error("2d20kh3"), "at 5: can keep 1 to 2 dice, not 3");
  EXPECT_EQ(parse_error("4d6dl4"), "at 4: can drop 0 to 3 dice, not 4");
  EXPECT_EQ(parse_error("0d6"), "at 1: number of dice must be at least 1");
  EXPECT_EQ(parse_error("d0"), "at 2: a die needs at least 1 side");
  EXPECT_EQ(parse_error("1001d6"), "at 1: at most 1000 dice");
  EXPECT_EQ(parse_error("d1000001"), "at 2: at most 1000000 sides");
  EXPECT_EQ(parse_error("600d6+401d6"), "at 7: more than 1000 dice in the expression");
  EXPECT_EQ(parse_error("1+99999999999999999999999"), "at 3: constant must be at most 1000000000");
  EXPECT_EQ(parse_error("x"), "at 1: expected a number or a die such as d6");
  EXPECT_NE(parse_error(std::string(1001, '1')).find("longer than 1000"), std::string::npos);
}

// ---------------------------------------------------------------------------
// Brute force: a term list written by hand, every die enumerated.

struct BruteTerm {
  int sign;
  int count;
  int sides;  // 0 for a constant
  int keep;   // 0: all; +k: k highest; -k: k lowest
  int constant;
};

std::map<std::int64_t, std::uint64_t> enumerate_law(const std::vector<BruteTerm>& terms) {
  std::vector<int> dice_sides;
  std::int64_t constant = 0;
  for (const auto& t : terms) {
    if (t.sides == 0) constant += t.sign * t.constant;
    for (int i = 0; i < t.count; ++i) dice_sides.push_back(t.sides);
  }
  std::vector<int> faces(dice_sides.size(), 1);
  std::map<std::int64_t, std::uint64_t> law;
  for (;;) {
    std::int64_t total = constant;
    std::size_t at = 0;
    for (const auto& t : terms) {
      if (t.sides == 0) continue;
      std::vector<int> rolled(faces.begin() + static_cast<std::ptrdiff_t>(at),
                              faces.begin() + static_cast<std::ptrdiff_t>(at + static_cast<std::size_t>(t.count)));
      at += static_cast<std::size_t>(t.count);
      std::sort(rolled.begin(), rolled.end());
      int from = 0, to = t.count;  // kept slice of the sorted dice
      if (t.keep > 0) from = t.count - t.keep;
      if (t.keep < 0) to = -t.keep;
      for (int i = from; i < to; ++i) total += t.sign * rolled[static_cast<std::size_t>(i)];
    }
    ++law[total];
    std::size_t i = 0;  // odometer
    while (i < faces.size() && faces[i] == dice_sides[i]) faces[i++] = 1;
    if (i == faces.size()) break;
    ++faces[i];
  }
  return law;
}

void expect_law(const std::string& text, const std::vector<BruteTerm>& terms) {
  SCOPED_TRACE(text);
  const auto dist = exact_dice_distribution(parse(text));
  ASSERT_TRUE(dist) << dist.error();
  const auto law = enumerate_law(terms);
  std::uint64_t outcomes = 0;
  for (const auto& [total, count] : law) outcomes += count;
  EXPECT_EQ(dist->outcomes.to_string(), std::to_string(outcomes));
  EXPECT_EQ(dist->min_total, law.begin()->first);
  ASSERT_EQ(dist->counts.size(), static_cast<std::size_t>(law.rbegin()->first - law.begin()->first + 1));
  for (std::size_t i = 0; i < dist->counts.size(); ++i) {
    const auto it = law.find(dist->min_total + static_cast<std::int64_t>(i));
    EXPECT_EQ(dist->counts[i].to_string(), std::to_string(it == law.end() ? 0 : it->second)) << "total " << i;
  }
}

TEST(DiceExact, MatchesEnumeration) {
  expect_law("3d6", {{1, 3, 6, 0, 0}});
  expect_law("3d6+2", {{1, 3, 6, 0, 0}, {1, 0, 0, 0, 2}});
  expect_law("d20", {{1, 1, 20, 0, 0}});
  expect_law("d%", {{1, 1, 100, 0, 0}});
  expect_law("2d20kh1", {{1, 2, 20, 1, 0}});
  expect_law("2d20kl1", {{1, 2, 20, -1, 0}});
  expect_law("4d6dl1", {{1, 4, 6, 3, 0}});
  expect_law("4d6dh1", {{1, 4, 6, -3, 0}});
  expect_law("2d8-1d4+3", {{1, 2, 8, 0, 0}, {-1, 1, 4, 0, 0}, {1, 0, 0, 0, 3}});
  expect_law("-2d6kh1-5", {{-1, 2, 6, 1, 0}, {-1, 0, 0, 0, 5}});
  expect_law("5d4kh2+3d3kl2", {{1, 5, 4, 2, 0}, {1, 3, 3, -2, 0}});
  expect_law("6d5dl2-2d6dh1", {{1, 6, 5, 4, 0}, {-1, 2, 6, -1, 0}});
  expect_law("4d6kh4", {{1, 4, 6, 0, 0}});
  expect_law("7d3kh3", {{1, 7, 3, 3, 0}});
  expect_law("5d1kh2+1", {{1, 5, 1, 2, 0}, {1, 0, 0, 0, 1}});
}

TEST(DiceExact, HandValues) {
  // 3d6: 27 of the 216 outcomes total 10 (the classic table).
  const auto three = exact_dice_distribution(parse("3d6"));
  ASSERT_TRUE(three);
  EXPECT_EQ(three->counts[10 - 3].to_string(), "27");
  // 10d20kh1: the maximum is <= f in f^10 of 20^10 outcomes, so P(max = f)
  // has f^10 - (f-1)^10 outcomes; kl1 mirrors it.
  const auto high = exact_dice_distribution(parse("10d20kh1"));
  const auto low = exact_dice_distribution(parse("10d20kl1"));
  ASSERT_TRUE(high && low);
  auto pow10 = [](std::uint64_t f) {
    std::uint64_t r = 1;
    for (int i = 0; i < 10; ++i) r *= f;
    return r;
  };
  for (std::uint64_t f = 1; f <= 20; ++f) {
    EXPECT_EQ(high->counts[f - 1].to_string(), std::to_string(pow10(f) - pow10(f - 1)));
    EXPECT_EQ(low->counts[f - 1].to_string(), std::to_string(pow10(21 - f) - pow10(20 - f)));
  }
}

TEST(DiceExact, LargeButFeasible) {
  // 200d6: the counts add up to 6^200 and are symmetric about 700.
  const auto big = exact_dice_distribution(parse("200d6"));
  ASSERT_TRUE(big);
  BigUint sum;
  for (const auto& c : big->counts) sum += c;
  EXPECT_EQ(sum, BigUint::power(6, 200));
  EXPECT_EQ(big->counts.front(), BigUint(1));
  EXPECT_EQ(big->counts[100], big->counts[big->counts.size() - 101]);
  // 100d6kh3 totals 18 exactly when at least three dice show 6:
  // 6^100 - sum_{m<3} C(100, m) 5^(100-m).
  const auto keep = exact_dice_distribution(parse("100d6kh3"));
  ASSERT_TRUE(keep);
  const BigUint not_three_sixes =
      BigUint::power(5, 100) + BigUint(100) * BigUint::power(5, 99) + BigUint(4950) * BigUint::power(5, 98);
  EXPECT_EQ(keep->counts.back(), BigUint::power(6, 100) - not_three_sixes);
}

TEST(DiceExact, RefusesHugeWork) {
  const auto r = exact_dice_distribution(parse("1000d1000000"));
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().find("too large"), std::string::npos);
  EXPECT_FALSE(exact_dice_distribution(parse("3d1000000kh2")));
}

TEST(DiceSampler, FollowsTheExactLaw) {
  for (const std::string text : {"2d20kh1", "4d6dl1", "3d6+2", "2d8-1d4"}) {
    SCOPED_TRACE(text);
    const DiceExpr expr = parse(text);
    const auto dist = exact_dice_distribution(expr);
    auto sampler = DiceSampler::make(expr, RangeMethod::lemire, 32);
    ASSERT_TRUE(dist && sampler);
    std::vector<double> p;
    for (const auto& c : dist->counts) p.push_back(ratio_to_double(c, dist->outcomes));
    std::vector<std::uint64_t> observed(p.size(), 0);
    std::uint64_t seed = 77;
    for (int i = 0; i < 50000; ++i) {
      const std::int64_t total = sampler->roll([&] { return splitmix64(seed); });
      ++observed[static_cast<std::size_t>(total - dist->min_total)];
    }
    EXPECT_GT(chi_square_p_value(chi_square_statistic(observed, p), static_cast<double>(p.size() - 1)), 1e-4);
  }
}

TEST(DiceSampler, ShiftMethodFailsTheFairLaw) {
  // seed 002's shift method on 8-bit words: a d20 lands in 11..20 almost always.
  const DiceExpr expr = parse("d20");
  const auto dist = exact_dice_distribution(expr);
  auto sampler = DiceSampler::make(expr, RangeMethod::shift, 8);
  ASSERT_TRUE(dist && sampler);
  std::vector<std::uint64_t> observed(20, 0);
  std::uint64_t seed = 5;
  for (int i = 0; i < 5000; ++i)
    ++observed[static_cast<std::size_t>(sampler->roll([&] { return splitmix64(seed); }) - 1)];
  EXPECT_LT(chi_square_p_value(chi_square_statistic(observed, std::vector<double>(20, 0.05)), 19), 1e-6);
}

TEST(DiceSampler, RefusesDiceWiderThanTheWord) {
  const auto r = DiceSampler::make(parse("2d6+d300"), RangeMethod::modulo, 8);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().substr(0, 5), "at 5:");
}

}  // namespace
}  // namespace shufflelab
