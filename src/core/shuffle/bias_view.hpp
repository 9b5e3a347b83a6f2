// bias_view.hpp: what the shuffle lab's Bias tab draws from a finished
// position x card matrix, computed once per result and colour scale (not every
// frame) and testable without ImGui.
//  - deviation of every cell from a uniform shuffle: p n - 1, with p the
//    sampled or enumerated count over the total, or the exact law's fraction;
//  - the colour scale's limit (the |deviation| drawn at full colour): fixed,
//    or auto: the 95th percentile of |deviation| rounded up by nice_limit, so
//    a few extreme cells saturate instead of washing out the rest; for a
//    sample never below 4 standard errors, so noise stays pale;
//  - a sampled cell's estimate, its standard error and its z under uniformity.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/shuffle/bias.hpp"
#include "core/shuffle/shuffle_bias.hpp"

namespace shufflelab {

// In the order of the panel's "colour scale" combo.
enum class BiasColourScale : std::uint8_t { automatic, one_percent, ten_percent, hundred_percent };

struct BiasMatrixView {
  std::uint32_t n = 0;
  double uniform = 0;                  // 1/n
  std::vector<double> deviation;       // [position * n + card]: p n - 1
  double max_deviation = 0;            // the largest |deviation|
  double colour_limit = 0.01;          // |deviation| drawn at full colour
  std::string limit_plus, limit_minus;  // the legend's ends: "+10%", "-10%" (or "+0.0005" below 1%)
  std::optional<BiasSummary> summary;  // count matrices only, not exact laws
  double max_deviation_percent() const { return 100 * max_deviation; }
  // One cell's relative standard error under uniformity, in percent (count matrices).
  double standard_error_percent() const { return summary ? 100 * summary->relative_standard_error : 0; }
  double deviation_at(std::uint32_t position, std::uint32_t card) const {
    return deviation[std::size_t{position} * n + card];
  }
};

// `sampled`: the counts are a sample (the scale then respects its noise).
BiasMatrixView bias_matrix_view(const BiasMatrix& matrix, bool sampled, BiasColourScale scale);
BiasMatrixView bias_matrix_view(const LawBias& law, BiasColourScale scale);

// One cell of a sample: estimate p = count / M, its standard error
// sqrt(p (1 - p) / M), and z = (p - 1/n) / sqrt((1/n)(1 - 1/n) / M).
struct SampledCell {
  double estimate = 0;
  double standard_error = 0;
  double z = 0;
};
SampledCell sampled_cell(const BiasMatrix& matrix, std::uint32_t position, std::uint32_t card);

}  // namespace shufflelab
