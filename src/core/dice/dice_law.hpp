// dice_law.hpp: the exact law of one die roll for every method of the dice
// lab, how far it is from fair, and how a sample compares with it.
//
// Exact laws: for 8- and 16-bit words every one of the 2^B words is pushed
// through the method (RangeReducer::map_word) and counted; for 31, 32 and 64
// bits the counts come from range.hpp's closed forms (exact_range_counts).
// Coin-flip rollers get their rational law from fdr.hpp (solve_fdr_exact);
// it does not depend on B as long as the bits are fair.
//
// Samples: Pearson's chi-square against the uniform law and against the exact
// law, and a +-2 sigma band per face (binomial spread sqrt(N p (1-p))).
// Expression laws (dice_expr.hpp) travel through a job's flat double result
// as 32-bit limbs, which doubles hold exactly.
#pragma once
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/dice/dice_expr.hpp"
#include "core/dice/dice_lab.hpp"
#include "core/base/rational.hpp"
#include "core/base/result.hpp"

namespace shufflelab {

struct DieLaw {
  const DiceMethodInfo* method = nullptr;
  std::uint64_t sides = 0;
  unsigned bits = 0;
  std::string how;                  // one line: how the law was obtained
  std::vector<BigUint> weights;     // P(face i+1) = weights[i] / total
  BigUint total;                    // accepted words, or the coin roller's common denominator
  BigUint inputs;                   // range methods: 2^B words (coin rollers: 0)
  BigUint rejected;                 // words a range method throws away
  std::vector<double> probabilities;
  FaceStats stats;
  Fraction expected_bits;  // random bits used per roll
  double log2_sides = 0;   // the least any method can use on average

  Fraction probability(std::size_t face_index) const { return Fraction(weights[face_index], total); }
};

Result<DieLaw> exact_die_law(const DiceMethodInfo& method, std::uint64_t sides, unsigned bits);

// About how many rolls a chi-square test against the uniform law needs to
// notice the bias: N with N * n * sum (p_i - 1/n)^2 = 3 sqrt(2 (n-1)), i.e.
// the statistic's expected excess reaches three of its standard deviations.
// Infinity for a fair law (and for n = 1).
double rolls_to_notice(const DieLaw& law);

// One law per dice_methods() entry, in that order (failures say why).
std::vector<Result<DieLaw>> all_die_laws(std::uint64_t sides, unsigned bits);

struct SampleVerdict {
  std::uint64_t rolls = 0;
  double chi_square_uniform = 0, p_uniform = 1, dof_uniform = 0;
  double chi_square_exact = 0, p_exact = 1, dof_exact = 0;  // against the method's exact law
  std::vector<double> band_low, band_high;                  // frequency E/N -+ 2 sigma/N, clamped to [0, 1]
};

// counts.size() == exact_probabilities.size() >= 1; the exact law may have
// zero cells (faces that never come up): they leave the exact test's degrees
// of freedom, and a count in one makes its statistic infinite.
SampleVerdict judge_sample(std::span<const std::uint64_t> counts, std::span<const double> exact_probabilities);

// One sentence on what a chi-square p-value says about a sample and a law.
std::string_view read_p_value(double p);

// Whether exact_dice_distribution(expr) is cheap enough (well under 20 ms)
// to compute while drawing a frame; otherwise it runs as a job.
bool expression_law_is_quick(const DiceExpr& expr);

// Flat doubles [min_total, number of totals, denominator, counts...], each
// big number as [limb count, 32-bit limbs, least significant first].
std::vector<double> distribution_to_doubles(const DiceDistribution& dist);
Result<DiceDistribution> distribution_from_doubles(std::span<const double> values);

// Probabilities of each total (counts / outcomes), the mean and the standard deviation.
struct DistributionView {
  std::vector<double> probabilities;
  double mean = 0, standard_deviation = 0;
};
DistributionView view_distribution(const DiceDistribution& dist);

// The extreme totals of an expression (to size a histogram of samples).
struct TotalRange {
  std::int64_t min_total = 0, max_total = 0;
};
TotalRange expression_total_range(const DiceExpr& expr);

}  // namespace shufflelab
