// Fast Dice Roller: exact laws against hand derivations, Lumbroso's theorem
// (published: exactly uniform) with an independent E[flips] series, a
// depth-first walk over every flip sequence for the tarot variant when it
// must stop, and a fixed-seed sampler check.
#include "core/dice/fdr.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "core/dice/range.hpp"

#include "test_support.hpp"

namespace shufflelab {
namespace {

using test::splitmix64;

FdrExact solve(std::uint64_t n, FdrVariant variant) {
  auto r = solve_fdr_exact(n, variant);
  EXPECT_TRUE(r) << r.error();
  return r.value();
}

std::string fraction(const FdrExact& law, std::uint64_t k) { return law.probabilities[k].to_string(); }

TEST(FdrExact, PublishedThreeByHand) {
  // v: 1 -> 2 -> 4 >= 3 after two flips; c is uniform on 0..3; 0,1,2 stop,
  // c = 3 restarts at (v, c) = (1, 0). So P(k) = (1/4) / (1 - 1/4) = 1/3 and
  // E[flips] = 2 / (1 - 1/4) = 8/3.
  const FdrExact law = solve(3, FdrVariant::published);
  for (std::uint64_t k = 0; k < 3; ++k) EXPECT_EQ(fraction(law, k), "1/3");
  EXPECT_EQ(law.expected_flips.to_string(), "8/3");
  EXPECT_EQ(law.period_flips, 2u);
}

TEST(FdrExact, TarotThreeByHand) {
  // Overshoot subtracts 2. Flips 1-2: c uniform on 0..3; 0, 1, 2 stop (1/4
  // each); c = 3 -> (v, c) = (2, 1). From (2, 1) every flip doubles to
  // (4, 2 or 3): 2 stops, 3 -> (2, 1) again. So P(2) = 1/4 + 1/4 = 1/2 and
  // E[flips] = 2 + (1/4) * 2 = 5/2 (two flips, then 2 more on average).
  const FdrExact law = solve(3, FdrVariant::tarot);
  EXPECT_EQ(fraction(law, 0), "1/4");
  EXPECT_EQ(fraction(law, 1), "1/4");
  EXPECT_EQ(fraction(law, 2), "1/2");
  EXPECT_EQ(law.expected_flips.to_string(), "5/2");
}

TEST(FdrExact, SmallPublishedCasesByHand) {
  // n = 1: stop when the first flip is 0, else restart: E = 2.
  EXPECT_EQ(solve(1, FdrVariant::published).expected_flips.to_string(), "2/1");
  // n = 2: one flip always decides.
  EXPECT_EQ(solve(2, FdrVariant::published).expected_flips.to_string(), "1/1");
  // n = 8: exactly three flips, never a restart.
  const FdrExact eight = solve(8, FdrVariant::published);
  EXPECT_EQ(eight.expected_flips.to_string(), "3/1");
  EXPECT_EQ(eight.period_flips, 0u);
}

// E[flips] = sum_{t >= 0} P(still running after t flips). Lumbroso's
// invariant: after t flips without stopping, c is uniform on [0, v_t), so
// that probability is v_t / 2^t, with v_{t+1} = 2 v_t, minus n if >= n
// (0 = stopped). v_t is eventually periodic (pre-period mu, period L), so
// E = sum_{t<mu} v_t 2^-t + (sum_{mu<=t<mu+L} v_t 2^-t) / (1 - 2^-L),
// written over den = 2^T (2^L - 1), T = mu + L.
std::pair<WideCount, WideCount> published_expected_flips(std::uint64_t n) {
  std::vector<std::uint64_t> v{1};
  std::map<std::uint64_t, std::uint64_t> seen{{1, 0}};
  std::uint64_t mu = 0, period = 0;
  for (;;) {
    std::uint64_t next = 2 * v.back();
    if (next >= n) next -= n;
    const std::uint64_t t = v.size();
    if (const auto it = seen.find(next); it != seen.end()) {
      mu = it->second;
      period = t - mu;
      break;
    }
    seen[next] = t;
    v.push_back(next);
  }
  const std::uint64_t total = mu + period;
  const WideCount two_l = WideCount{1} << period;
  WideCount num = 0;
  for (std::uint64_t t = 0; t < total; ++t) {
    const WideCount scaled = static_cast<WideCount>(v[t]) << (total - t);
    num += t < mu ? scaled * (two_l - 1) : scaled * two_l;
  }
  return {num, (WideCount{1} << total) * (two_l - 1)};
}

TEST(FdrExact, PublishedIsUniformWithTheSeriesExpectation) {
  for (const std::uint64_t n :
       {1u, 2u, 3u, 5u, 6u, 7u, 9u, 10u, 11u, 12u, 13u, 15u, 17u, 20u, 21u, 24u, 31u, 52u, 78u, 100u}) {
    SCOPED_TRACE(n);
    const FdrExact law = solve(n, FdrVariant::published);
    for (std::uint64_t k = 0; k < n; ++k) EXPECT_EQ(fraction(law, k), "1/" + std::to_string(n));
    const auto [num, den] = published_expected_flips(n);
    EXPECT_EQ(law.expected_flips, Fraction(BigUint::from_wide(num), BigUint::from_wide(den)));
  }
}

// Depth-first walk over every flip sequence of the tarot roller, for n with
// n - 1 odd: there v_t = 2^t mod (n-1) (in 1..n-1) returns to 1 after
// ord(2) flips, leaving no live c, so every path stops by then.
struct Walk {
  std::uint64_t n;
  std::vector<WideCount> stops;  // weight of each outcome, in units of 2^-kDepth
  WideCount flips_weight = 0;    // sum over stopping paths of depth * 2^(kDepth - depth)
  static constexpr unsigned kDepth = 120;

  void visit(std::uint64_t v, std::uint64_t c, unsigned depth) {
    ASSERT_LT(depth, kDepth);
    for (std::uint64_t flip = 0; flip < 2; ++flip) {
      const std::uint64_t v2 = 2 * v, c2 = 2 * c + flip;
      if (v2 < n) {
        visit(v2, c2, depth + 1);
      } else if (c2 < n) {
        stops[c2] += WideCount{1} << (kDepth - depth - 1);
        flips_weight += static_cast<WideCount>(depth + 1) << (kDepth - depth - 1);
      } else {
        visit(v2 - (n - 1), c2 - (n - 1), depth + 1);
      }
    }
  }
};

TEST(FdrExact, TarotMatchesExhaustiveWalk) {
  const BigUint unit = BigUint::power_of_two(Walk::kDepth);
  for (std::uint64_t n = 2; n <= 90; n += 2) {
    SCOPED_TRACE(n);
    Walk walk{n, std::vector<WideCount>(n, 0)};
    walk.visit(1, 0, 0);
    const FdrExact law = solve(n, FdrVariant::tarot);
    EXPECT_EQ(law.period_flips, 0u);  // always stops
    for (std::uint64_t k = 0; k < n; ++k)
      EXPECT_EQ(law.probabilities[k], Fraction(BigUint::from_wide(walk.stops[k]), unit)) << k;
    EXPECT_EQ(law.expected_flips, Fraction(BigUint::from_wide(walk.flips_weight), unit));
  }
}

TEST(FdrExact, TarotSeventyEightFacts) {
  const FdrExact law = solve(78, FdrVariant::tarot);
  // The first overshoot is at flip 7 (v = 128). Afterwards c >= 1 and, once
  // doubled, >= 2: 0 and 1 only come out at flip 7, each with 1/128.
  EXPECT_EQ(fraction(law, 0), "1/128");
  EXPECT_EQ(fraction(law, 1), "1/128");
  // ord(2 mod 77) = lcm(3, 10) = 30: every run ends within 30 flips, so all
  // probabilities are multiples of 2^-30 and cannot be 1/78.
  EXPECT_EQ(law.preperiod_flips, 30u);
  for (const auto& p : law.probabilities) EXPECT_TRUE(BigUint::power_of_two(30) >= p.denominator());
  // The weights over the common denominator add up to it: the roller stops surely.
  BigUint sum;
  for (const auto& w : law.weights) sum += w;
  EXPECT_EQ(sum, law.common_denominator);
}

TEST(FdrSampler, DrawsFollowTheExactLaw) {
  // Fixed seed; 8-bit words served low bit first, as in the tarot article.
  for (const FdrVariant variant : {FdrVariant::published, FdrVariant::tarot}) {
    const std::uint64_t n = 78;
    const auto roller = FastDiceRoller::make(n, variant);
    ASSERT_TRUE(roller);
    const FdrExact law = solve(n, variant);
    std::vector<double> p;
    for (const auto& q : law.probabilities) p.push_back(q.to_double());
    std::uint64_t seed = 2024;
    CoinsFromWords coins([&] { return splitmix64(seed) & 0xff; }, 8);
    std::vector<std::uint64_t> observed(n, 0);
    for (int i = 0; i < 100000; ++i) ++observed[roller->draw(coins)];
    EXPECT_GT(chi_square_p_value(chi_square_statistic(observed, p), static_cast<double>(n - 1)), 1e-4);
    // And the test can tell the two laws apart: the tarot draws are not uniform.
    if (variant == FdrVariant::tarot) {
      const std::vector<double> uniform(n, 1.0 / static_cast<double>(n));
      EXPECT_LT(chi_square_p_value(chi_square_statistic(observed, uniform), static_cast<double>(n - 1)), 1e-6);
    }
  }
}

TEST(FdrExact, Limits) {
  EXPECT_FALSE(FastDiceRoller::make(1, FdrVariant::tarot));
  EXPECT_FALSE(FastDiceRoller::make(0, FdrVariant::published));
  EXPECT_FALSE(solve_fdr_exact(kMaxExactFdrSides + 1, FdrVariant::published));
  EXPECT_EQ(parse_fdr_variant("variant", "nope").error().substr(0, 8), "variant:");
  EXPECT_EQ(*parse_fdr_variant("variant", "tarot"), FdrVariant::tarot);
}

}  // namespace
}  // namespace shufflelab
