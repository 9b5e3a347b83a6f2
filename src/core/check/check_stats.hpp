// check_stats.hpp: the chi-square machinery every check shares: a count
// histogram against an exact law (tail cells merged until each expects at
// least five), the critical value for a level, and how many samples a bias
// of the observed size needs before a test exposes it.
// p-values are chi-square survival functions Q(dof/2, x/2) from
// core/dice/range.hpp's regularised incomplete gamma.
#pragma once
#include <cstdint>
#include <span>

namespace shufflelab {

struct ChiSquare {
  double statistic = 0;
  double dof = 0;
  double p = 1;
};

// P(X >= x) for X ~ chi-square(dof).
double chi_square_survival(double x, double dof);

// observed[k] counts samples with value k; law[k] = P(value = k); total = sum of observed.
// Neighbouring cells are merged, from the smaller values up, until each merged
// cell expects >= 5 samples (the last short cell joins the one before). A count
// in a cell of probability 0 makes the statistic infinite and p = 0.
ChiSquare binned_chi_square(std::span<const std::uint64_t> observed, std::span<const double> law, std::uint64_t total);

// The x with chi_square_survival(x, dof) = alpha (bisection to 1e-12 relative).
double chi_square_critical(double alpha, double dof);

// The statistic grows like dof + samples * (effect per sample) when a bias is
// real. From one run (statistic at `samples`), about how many samples in all
// make the expected statistic reach `critical`; 0 when the run shows no excess
// over chance (statistic <= dof).
double samples_to_expose(const ChiSquare& test, std::uint64_t samples, double critical);

}  // namespace shufflelab
