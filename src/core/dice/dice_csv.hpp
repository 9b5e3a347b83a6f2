// dice_csv.hpp: the dice lab's laws (a die's faces, methods side by side, an expression's totals), as CSV tables
// (core/base/csv_export: RFC 4180, exact fractions beside decimals).
#pragma once
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/base/csv_export.hpp"
#include "core/base/rational.hpp"
#include "core/dice/dice_expr.hpp"
#include "core/dice/dice_law.hpp"

namespace shufflelab {

// A die's law, one row per face: face, weight, total (P = weight / total),
// probability, decimal, fair_share; with a sample also count and rolls.
CsvTable die_law_csv(const DieLaw& law, std::span<const std::uint64_t> sample_counts, std::uint64_t sample_rolls);
// Several ways of rolling the same die side by side: one row per way (a
// method, or a listing run as printed), one column per face, each cell the
// reduced probability "p/q".
struct FaceLawRow {
  std::string label;
  std::vector<Fraction> faces;
};
CsvTable face_law_matrix_csv(const std::vector<FaceLawRow>& rows);
// A dice expression's law, one row per total: total, outcomes, all_outcomes,
// probability, decimal; with a sample also count and rolls.
CsvTable expr_law_csv(const DiceDistribution& law, std::int64_t sample_min_total,
                      std::span<const std::uint64_t> sample_counts, std::uint64_t sample_rolls);

}  // namespace shufflelab
