// shuffle_csv.hpp: the shuffle lab's position x card matrices, counted or exact, as CSV tables
// (core/base/csv_export: RFC 4180, exact fractions beside decimals).
#pragma once
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/base/csv_export.hpp"
#include "core/shuffle/bias.hpp"
#include "core/shuffle/shuffle_bias.hpp"

namespace shufflelab {

// A shuffle's position x card matrix, one row per position, one column per
// card: sampled or enumerated counts (each row sums to matrix.total) ...
CsvTable bias_matrix_csv(const BiasMatrix& matrix);
// ... or a method's exact law, each cell the reduced probability "p/q".
CsvTable bias_law_csv(const LawBias& law);

}  // namespace shufflelab
