#include "core/check/check_stats.hpp"

#include <cmath>
#include <limits>
#include <vector>

#include "core/dice/range.hpp"

namespace shufflelab {

double chi_square_survival(double x, double dof) { return chi_square_p_value(x, dof); }

ChiSquare binned_chi_square(std::span<const std::uint64_t> observed, std::span<const double> law, std::uint64_t total) {
  const double samples = static_cast<double>(total);
  struct Cell {
    double observed = 0, expected = 0;
  };
  std::vector<Cell> cells;
  Cell open;
  bool impossible = false;
  for (std::size_t k = 0; k < law.size(); ++k) {
    const double o = k < observed.size() ? static_cast<double>(observed[k]) : 0.0;
    if (law[k] <= 0) {
      impossible = impossible || o > 0;
      continue;
    }
    open.observed += o;
    open.expected += law[k] * samples;
    if (open.expected >= 5) {
      cells.push_back(open);
      open = {};
    }
  }
  for (std::size_t k = law.size(); k < observed.size(); ++k) impossible = impossible || observed[k] > 0;
  if (open.expected > 0) {
    if (cells.empty()) cells.push_back(open);
    else {
      cells.back().observed += open.observed;
      cells.back().expected += open.expected;
    }
  }
  ChiSquare result;
  result.dof = cells.size() > 1 ? static_cast<double>(cells.size() - 1) : 0.0;
  if (impossible) {
    result.statistic = std::numeric_limits<double>::infinity();
    result.p = 0;
    return result;
  }
  for (const Cell& c : cells) result.statistic += (c.observed - c.expected) * (c.observed - c.expected) / c.expected;
  result.p = result.dof > 0 ? chi_square_survival(result.statistic, result.dof) : 1.0;
  return result;
}

double chi_square_critical(double alpha, double dof) {
  double low = 0, high = dof + 10 * std::sqrt(2 * dof) + 100;
  while (chi_square_survival(high, dof) > alpha) high *= 2;
  for (int i = 0; i < 200 && high - low > 1e-12 * high; ++i) {
    const double mid = 0.5 * (low + high);
    (chi_square_survival(mid, dof) > alpha ? low : high) = mid;
  }
  return 0.5 * (low + high);
}

double samples_to_expose(const ChiSquare& test, std::uint64_t samples, double critical) {
  const double excess = test.statistic - test.dof;
  if (!(excess > 0) || !std::isfinite(excess)) return 0;
  return static_cast<double>(samples) * (critical - test.dof) / excess;
}

}  // namespace shufflelab
