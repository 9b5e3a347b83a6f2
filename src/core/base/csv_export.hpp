// csv_export.hpp: what the labs' histograms and matrices look like as CSV
// files (RFC 4180: comma separated, CRLF line ends, a field quoted when it
// holds a comma, quote or line break). Exact where the lab is exact: counts
// and weights are whole numbers, probabilities are written twice, as a
// reduced fraction "p/q" and as a decimal (17 significant digits), so a
// spreadsheet can use the decimal and a checker the fraction.
#pragma once
#include <cstdint>
#include <initializer_list>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/shuffle/bias.hpp"
#include "core/dice/dice_expr.hpp"
#include "core/dice/dice_law.hpp"
#include "core/poker/poker.hpp"
#include "core/shuffle/shuffle_bias.hpp"

namespace shufflelab {

class CsvTable {
 public:
  explicit CsvTable(std::initializer_list<std::string_view> header);
  explicit CsvTable(const std::vector<std::string>& header);
  // A row must have exactly as many cells as the header (checked: extra cells
  // are dropped, missing ones written empty, so the file stays rectangular).
  void add_row(const std::vector<std::string>& cells);
  const std::string& text() const { return text_; }
  std::size_t rows() const { return rows_; }

 private:
  void write_row(std::span<const std::string> cells);
  std::size_t columns_;
  std::size_t rows_ = 0;
  std::string text_;
};

// One field as it must be written (quoted and doubled quotes when needed).
std::string csv_field(std::string_view text);
// A double with 17 significant digits ("0" for zero), so it reads back exactly.
std::string csv_decimal(double value);

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
// A shuffle's position x card matrix, one row per position, one column per
// card: sampled or enumerated counts (each row sums to matrix.total) ...
CsvTable bias_matrix_csv(const BiasMatrix& matrix);
// ... or a method's exact law, each cell the reduced probability "p/q".
CsvTable bias_law_csv(const LawBias& law);
// The One Chip sweep: calls, seeds (seeds whose deal takes exactly that many calls).
CsvTable sweep_histogram_csv(const SweepStats& stats);

}  // namespace shufflelab
