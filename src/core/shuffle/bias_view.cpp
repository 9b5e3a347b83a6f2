#include "core/shuffle/bias_view.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "core/base/rational.hpp"

namespace shufflelab {

namespace {

std::string legend_text(const char* sign, double limit) {
  char text[32];
  if (limit >= 0.01) std::snprintf(text, sizeof text, "%s%.0f%%", sign, 100 * limit);
  else std::snprintf(text, sizeof text, "%s%.2g", sign, limit);
  return text;
}

// Fills max_deviation, colour_limit and the legend from view.deviation.
void finish(BiasMatrixView& view, bool sampled, BiasColourScale scale) {
  for (double d : view.deviation) view.max_deviation = std::max(view.max_deviation, std::abs(d));
  static constexpr double kFixed[] = {0.0, 0.01, 0.1, 1.0};
  double limit = kFixed[static_cast<int>(scale)];
  if (scale == BiasColourScale::automatic && !view.deviation.empty()) {
    std::vector<double> sorted(view.deviation.size());
    std::transform(view.deviation.begin(), view.deviation.end(), sorted.begin(), [](double d) { return std::abs(d); });
    std::sort(sorted.begin(), sorted.end());
    const double typical = sorted[std::min(sorted.size() - 1, sorted.size() * 95 / 100)];
    limit = view.max_deviation > 0 ? nice_limit(std::max(typical, view.max_deviation * 1e-3)) : 0.01;
    if (sampled && view.summary) limit = std::max(limit, nice_limit(4.0 * view.summary->relative_standard_error));
  } else if (scale == BiasColourScale::automatic) {
    limit = 0.01;
  }
  view.colour_limit = limit;
  view.limit_plus = legend_text("+", limit);
  view.limit_minus = legend_text("-", limit);
}

}  // namespace

BiasMatrixView bias_matrix_view(const BiasMatrix& matrix, bool sampled, BiasColourScale scale) {
  BiasMatrixView view;
  view.n = matrix.n;
  view.uniform = matrix.n ? 1.0 / matrix.n : 0.0;
  view.deviation.resize(matrix.counts.size());
  const double total = static_cast<double>(matrix.total);
  for (std::size_t k = 0; k < matrix.counts.size(); ++k)
    view.deviation[k] = static_cast<double>(matrix.counts[k]) / total * matrix.n - 1.0;
  view.summary = summarize_bias(matrix);
  finish(view, sampled, scale);
  return view;
}

BiasMatrixView bias_matrix_view(const LawBias& law, BiasColourScale scale) {
  BiasMatrixView view;
  view.n = law.n;
  view.uniform = law.n ? 1.0 / law.n : 0.0;
  view.deviation.resize(law.weights.size());
  for (std::size_t k = 0; k < law.weights.size(); ++k)
    view.deviation[k] = ratio_to_double(law.weights[k], law.total) * law.n - 1.0;
  finish(view, false, scale);
  return view;
}

SampledCell sampled_cell(const BiasMatrix& matrix, std::uint32_t position, std::uint32_t card) {
  const double m = static_cast<double>(matrix.total), uniform = 1.0 / matrix.n;
  SampledCell cell;
  cell.estimate = static_cast<double>(matrix.at(position, card)) / m;
  cell.standard_error = std::sqrt(cell.estimate * (1 - cell.estimate) / m);
  cell.z = (cell.estimate - uniform) / std::sqrt(uniform * (1 - uniform) / m);
  return cell;
}

}  // namespace shufflelab
