// range.hpp: every way the seed articles squeeze a random B-bit word x into a
// die roll (a value in [0, n), face = value + 1), the exact bias of each and
// the bits it costs. Methods (RangeMethod, facts from the seeds and papers):
// modulo; seed 001's float scaling (RAND_MAX = 2^B - 1, B = 31 is glibc);
// seed 002's shift, MAXU8 loop and 8-bit multiply-high rollDie (with DIESIDES
// and with DIESIDES-1); mask-and-reject; Lemire's nearly divisionless
// method (2019). A method may reject a word; draw() then takes another.
//
// Exact counts (how many of the 2^B words give each value) come from closed
// forms, for every B in 1..64 and n <= kMaxExactFaces; float uses bisection
// over its own monotone double computation. The tests check each against
// brute force at B = 8 and 16. Also: distance-from-uniform statistics and the
// chi-square p-value used to test samplers (coin flips from words, the
// coin-flip rollers' input, are in core/gen/coin_flips.hpp).
#pragma once
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <utility>
#include <vector>

#include "core/base/rational.hpp"
#include "core/base/result.hpp"
#include "core/gen/coin_flips.hpp"  // CoinsFromWords
#include "core/gen/range_method.hpp"

namespace shufflelab {

// How many of the 2^bits equally likely words give each value; `rejected`
// words give none (the method draws again).
struct RangeCounts {
  RangeMethod method;
  std::uint64_t n;
  unsigned bits;
  std::vector<WideCount> counts;  // index = value = face - 1
  WideCount rejected = 0;
  WideCount inputs() const { return WideCount{1} << bits; }
  WideCount accepted() const { return inputs() - rejected; }
};

// Exact per-value counts by closed forms; n <= kMaxExactFaces.
Result<RangeCounts> exact_range_counts(RangeMethod method, std::uint64_t n, unsigned bits);

// Bits drawn per accepted value: bits * 2^bits / accepted (a geometric number of words).
Fraction expected_bits_per_value(const RangeCounts& counts);

// How far a law over n faces is from uniform. The law is weights / total.
struct FaceStats {
  Fraction min_probability;
  Fraction max_probability;
  std::optional<Fraction> max_min_ratio;  // empty when some face never comes up
  Fraction total_variation;               // (1/2) sum |p_i - 1/n|
  double total_variation_approx = 0;
  std::vector<std::uint64_t> favoured;  // values with p > 1/n
  std::vector<std::uint64_t> starved;   // values with p < 1/n (including never)
  std::vector<std::uint64_t> never;     // values with p == 0
};
// weights non-empty, total = sum of weights, total > 0.
FaceStats face_stats(const std::vector<BigUint>& weights, const BigUint& total);
std::vector<BigUint> to_big_weights(const std::vector<WideCount>& counts);

// Pearson's statistic sum (O - E)^2 / E with E = total * p; an observation in
// a cell of probability 0 makes it +infinity.
double chi_square_statistic(std::span<const std::uint64_t> observed, std::span<const double> probabilities);
// P(X >= statistic) for X ~ chi-square(df) = Q(df/2, statistic/2).
double chi_square_p_value(double statistic, double degrees_of_freedom);
// Regularised upper incomplete gamma Q(a, x), a > 0, x >= 0 (series for
// x < a + 1, Lentz's continued fraction otherwise; Numerical Recipes 6.2).
double regularized_upper_gamma(double a, double x);

}  // namespace shufflelab
