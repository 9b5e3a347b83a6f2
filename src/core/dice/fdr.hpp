// fdr.hpp: the exact law of Lumbroso's Fast Dice Roller and of the tarot
// article's variant (the rollers themselves: core/gen/coin_flips.hpp).
//
// Exact law: v never depends on the flips and flips -> c is injective, so after
// t flips the live state is (v_t, S_t), S_t = set of live c values, each of
// probability 2^-t. That state evolves deterministically in a finite space, so
// it is eventually periodic (Brent's cycle finder); each outcome's 2^-t summed
// over the pre-period plus a geometric series over one period gives exact
// fractions over 2^T (2^L - 1), T = pre-period + period L.
#pragma once
#include <cstdint>
#include <string_view>
#include <vector>

#include "core/base/rational.hpp"
#include "core/base/result.hpp"
#include "core/gen/coin_flips.hpp"

namespace shufflelab {

constexpr std::uint64_t kMaxExactFdrSides = 4096;

struct FdrExact {
  std::uint64_t n = 0;
  FdrVariant variant = FdrVariant::published;
  std::vector<Fraction> probabilities;  // outcome k = 0..n-1, reduced
  Fraction expected_flips;
  std::vector<BigUint> weights;  // the same probabilities over common_denominator
  BigUint common_denominator;    // weights sum to it: the roller stops with probability 1
  std::uint64_t preperiod_flips = 0;
  std::uint64_t period_flips = 0;  // 0: the roller always stops within preperiod_flips
};

// n <= kMaxExactFdrSides; fails with a message if the period is too long.
Result<FdrExact> solve_fdr_exact(std::uint64_t n, FdrVariant variant);

}  // namespace shufflelab
