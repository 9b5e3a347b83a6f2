// dice_view.hpp: what the dice lab panel shows, computed from the laws and
// samples so the panel only draws it (and so it is tested without ImGui):
//  - the texts of numbers (fractions short enough to read, rolls to notice,
//    p-values, face lists);
//  - the histogram's vertical scale (deviation from fair or plain, its
//    percent ticks) and the per-column extremes when columns merge cells;
//  - the rows of the law's statistics, of the method comparison and of the
//    Z80 d20 table, and the verdict lines of a sample;
//  - the setup keys that say which settings a sample belongs to.
#pragma once
#include <algorithm>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/dice/dice_lab.hpp"
#include "core/dice/dice_law.hpp"
#include "core/dice/dice_sample.hpp"

namespace shufflelab {

// ---- texts

// "%.*g", or "infinite".
std::string number_text(double x, int digits = 6);
// Rolls to notice a bias: "never (fair)", a grouped whole number below 1e6, else "%.1e".
std::string rolls_to_notice_text(double rolls);
// The fraction when at most 44 characters (an integer without "/1"), else its denominator's size.
std::string fraction_text(const Fraction& f);
// 0-based values as faces "1, 2, ..." (the first `shown`, then the count), or "none".
std::string face_list_text(const std::vector<std::uint64_t>& values, std::size_t shown = 14);
// "= 0.0123" or "< 1e-300" (after "p").
std::string p_value_text(double p);

// ---- histogram

struct HistogramSeries {
  std::span<const double> exact;      // probability per cell
  std::span<const double> sampled;    // frequency per cell (may be empty)
  std::span<const double> band_low;   // expected spread per cell (may be empty)
  std::span<const double> band_high;
  std::vector<bool> never;            // cells that never come up (may be empty)
  double fair = 0;                    // uniform probability, 0 for none
  bool deviation = false;             // plot (p - fair) / fair
  std::size_t cells() const { return std::max(exact.size(), sampled.size()); }
};

struct AxisTick {
  double value = 0;   // in plotted units
  std::string label;  // percent: "12.5%", or "+2%" for deviations
};

// The vertical range: 12% headroom above a plain plot (which starts at 0,
// and reaches at least the fair share); a deviation plot is symmetric with
// 15% headroom. Ticks at a 1-2-2.5-5 step giving about four intervals.
struct HistogramScale {
  bool deviation = false;  // plotting (p - fair) / fair
  double fair = 0;
  double lo = 0, hi = 1;
  std::vector<AxisTick> ticks;
  double plotted(double p) const { return deviation ? (p - fair) / fair : p; }
};
HistogramScale histogram_scale(const HistogramSeries& series);

// One drawn column covering cells [first, end): the extremes of each series
// over those cells, in plotted units (has_* false when a series has none).
struct HistogramColumn {
  std::size_t first = 0, end = 0;
  bool has_exact = false, has_sampled = false, has_band = false, never = false;
  double exact_lo = 0, exact_hi = 0, sampled_lo = 0, sampled_hi = 0, band_lo = 0, band_hi = 0;
};
std::vector<HistogramColumn> histogram_columns(const HistogramSeries& series, const HistogramScale& scale,
                                               std::size_t cells_per_column);

// A step between x labels of 1, 2, 5, 10, 20, 50, ... cells: the first whose
// labels are at least min_label_width apart when a cell is cell_width wide.
std::int64_t axis_label_stride(double cell_width, double min_label_width);

// ---- one die

enum class Tone { plain, good, bad };

struct ToneLine {
  std::string text;
  Tone tone = Tone::plain;
};

struct StatRow {
  std::string what, value;
  Tone tone = Tone::plain;
};
// The rows under the die's chart: ratio, distance from fair, favoured and
// starved faces, words thrown away, bits per roll, rolls to notice.
std::vector<StatRow> die_stat_rows(const DieLaw& law);

// One method in the "every method" table.
struct MethodRow {
  bool fair = false;
  std::string total_variation;  // "0 (fair)" or 4 digits
  std::optional<std::string> max_min_ratio;  // empty: infinite
  std::size_t never = 0;
  std::string bits_per_roll;
  std::string rolls_to_notice;
};
MethodRow method_row(const DieLaw& law);

// A sample of one die against its law.
struct DieSampleView {
  std::vector<std::uint64_t> counts;
  std::uint64_t rolls = 0;
  std::vector<double> frequencies;  // count / rolls per face
  SampleVerdict verdict;
  double bits_per_roll = 0;
  ToneLine uniform_line, exact_line;  // the two chi-square sentences: good when p >= 0.001
};
DieSampleView die_sample_view(const DieLaw& law, std::span<const std::uint64_t> counts, std::uint64_t rolls,
                              std::uint64_t bits_drawn);

// The lines of a face's tooltip after "Face i" (exact law; the sample's, if any).
std::vector<ToneLine> die_face_lines(const DieLaw& law, std::size_t face, const DieSampleView* sample);

// ---- expressions

struct ExprChartView {
  std::int64_t first_total = 0;
  std::vector<double> exact;        // probability per total (empty without a law)
  std::vector<double> frequencies;  // sampled frequency per total (empty without a sample)
  std::optional<SampleVerdict> verdict;  // when the sample's totals line up with the law's
  std::string law_line;                  // totals, mean, deviation, outcomes
};
// law and view together or neither; sample when it is for the shown settings.
ExprChartView expr_chart_view(const DiceDistribution* law, const DistributionView* view,
                              const DiceExprSampleResult* sample);
// The tooltip lines of total first_total + cell (after "Total t").
std::vector<std::string> expr_total_lines(const ExprChartView& chart, const DiceDistribution* law,
                                          const DiceExprSampleResult* sample, std::size_t cell);
// The sample's verdict sentence against the law of fair dice (good when p >= 0.001).
ToneLine expr_verdict_line(const SampleVerdict& verdict);

// ---- Z80 d20

struct Z80Row {
  std::string face1, face20;  // bytes out of the accepted ones, or the exact probability
  bool face20_never = false;
  std::string max_min_ratio;  // "x1.333" or "x infinite"
};
Z80Row z80_row(const DieLaw& law);
// "c (p%)" for a sampled face count.
std::string sampled_share_text(std::uint64_t count, std::uint64_t rolls);
// The printed rollDie's largest over smallest face count, "x..." (faces 1..20 of counts).
std::string printed_ratio_text(std::span<const std::uint32_t> counts);

// ---- which settings a sample belongs to (link text of the fields it used)

std::string die_sample_key(const DiceLabState& state);
std::string expr_sample_key(const DiceLabState& state);
std::string z80_sample_key(const std::string& seed, std::uint64_t rolls);

}  // namespace shufflelab
