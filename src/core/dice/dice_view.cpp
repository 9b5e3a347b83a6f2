#include "core/dice/dice_view.hpp"

#include <cmath>
#include <cstdarg>
#include <cstdio>

#include "core/base/text_format.hpp"
#include "core/base/url_fields.hpp"

namespace shufflelab {

namespace {

// printf into a std::string (the texts here are short).
#if defined(__GNUC__)
__attribute__((format(printf, 1, 2)))
#endif
std::string format(const char* fmt, ...) {
  char buffer[512];
  va_list args;
  va_start(args, fmt);
  std::vsnprintf(buffer, sizeof buffer, fmt, args);
  va_end(args);
  return buffer;
}

// The step of about `ticks` intervals over `span`: 1, 2, 2.5 or 5 times a power of ten.
double nice_step(double span, int ticks) {
  const double raw = span / ticks;
  const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
  for (double m : {1.0, 2.0, 2.5, 5.0, 10.0})
    if (raw <= m * magnitude) return m * magnitude;
  return 10.0 * magnitude;
}

ToneLine verdict_line(const char* format_text, double chi_square, double dof, double p) {
  return {format(format_text, number_text(chi_square, 6).c_str(), dof, p_value_text(p).c_str(),
                 std::string(read_p_value(p)).c_str()),
          p >= 0.001 ? Tone::good : Tone::bad};
}

std::string state_key(const DiceLabState& fields) {
  FieldWriter w;
  encode_dice_lab(fields, w);
  return w.text();
}

}  // namespace

// ---- texts

std::string number_text(double x, int digits) {
  if (std::isinf(x)) return "infinite";
  return format("%.*g", digits, x);
}

std::string rolls_to_notice_text(double rolls) {
  if (std::isinf(rolls)) return "never (fair)";
  if (rolls < 1e6) return grouped(static_cast<std::uint64_t>(std::ceil(rolls)));
  return format("%.1e", rolls);
}

std::string fraction_text(const Fraction& f) {
  if (f.denominator() == BigUint(1)) return f.numerator().to_string();
  std::string text = f.to_string();
  if (text.size() <= 44) return text;
  return "(a fraction with a " + std::to_string(f.denominator().to_string().size()) + "-digit denominator)";
}

std::string face_list_text(const std::vector<std::uint64_t>& values, std::size_t shown) {
  if (values.empty()) return "none";
  std::string out;
  for (std::size_t i = 0; i < values.size() && i < shown; ++i) out += (i ? ", " : "") + std::to_string(values[i] + 1);
  if (values.size() > shown) out += " ... (" + std::to_string(values.size()) + " in all)";
  return out;
}

std::string p_value_text(double p) { return p < 1e-300 ? "< 1e-300" : "= " + number_text(p, 3); }

// ---- histogram

HistogramScale histogram_scale(const HistogramSeries& series) {
  HistogramScale scale;
  scale.deviation = series.deviation && series.fair > 0;
  scale.fair = series.fair;
  double lo = 0, hi = 0;
  auto extend = [&](double v) {
    lo = std::min(lo, v);
    hi = std::max(hi, v);
  };
  for (auto values : {series.exact, series.sampled, series.band_high, series.band_low})
    for (double p : values) extend(scale.plotted(p));
  if (!scale.deviation && series.fair > 0) extend(series.fair);
  if (scale.deviation) {
    const double m = std::max({-lo, hi, 1e-12});
    lo = -m * 1.15;
    hi = m * 1.15;
  } else {
    hi = hi > 0 ? hi * 1.12 : 1.0;
    lo = 0;
  }
  scale.lo = lo;
  scale.hi = hi;
  const double step = nice_step(hi - lo, 4);
  for (double t = std::ceil(lo / step) * step; t <= hi + step * 1e-9; t += step) {
    const double percent = std::fabs(t) < step * 1e-6 ? 0.0 : t * 100.0;
    scale.ticks.push_back({t, format(scale.deviation ? "%+.3g%%" : "%.3g%%", percent)});
  }
  return scale;
}

std::vector<HistogramColumn> histogram_columns(const HistogramSeries& series, const HistogramScale& scale,
                                               std::size_t cells_per_column) {
  std::vector<HistogramColumn> columns;
  const std::size_t cells = series.cells();
  const std::size_t group = std::max<std::size_t>(cells_per_column, 1);
  auto widen = [](bool& has, double& low, double& high, double lo_value, double hi_value) {
    low = has ? std::min(low, lo_value) : lo_value;
    high = has ? std::max(high, hi_value) : hi_value;
    has = true;
  };
  for (std::size_t first = 0; first < cells; first += group) {
    HistogramColumn c;
    c.first = first;
    c.end = std::min(cells, first + group);
    for (std::size_t i = first; i < c.end; ++i) {
      if (i < series.exact.size()) {
        const double v = scale.plotted(series.exact[i]);
        widen(c.has_exact, c.exact_lo, c.exact_hi, v, v);
      }
      if (i < series.sampled.size()) {
        const double v = scale.plotted(series.sampled[i]);
        widen(c.has_sampled, c.sampled_lo, c.sampled_hi, v, v);
      }
      if (i < series.band_low.size())
        widen(c.has_band, c.band_lo, c.band_hi, scale.plotted(series.band_low[i]), scale.plotted(series.band_high[i]));
      if (i < series.never.size() && series.never[i]) c.never = true;
    }
    columns.push_back(c);
  }
  return columns;
}

std::int64_t axis_label_stride(double cell_width, double min_label_width) {
  double step = 1;
  while (step * cell_width < min_label_width) {
    const double m = step / std::pow(10.0, std::floor(std::log10(step)));
    step *= (m == 2.0) ? 2.5 : 2.0;  // 1, 2, 5, 10, 20, 50, ...
  }
  return static_cast<std::int64_t>(step);
}

// ---- one die

std::vector<StatRow> die_stat_rows(const DieLaw& law) {
  const FaceStats& s = law.stats;
  const bool fair = s.total_variation.is_zero();
  const Tone fair_tone = fair ? Tone::good : Tone::plain;
  std::vector<StatRow> rows;
  rows.push_back({"How it was computed", law.how});
  rows.push_back({"Max / min ratio",
                  s.max_min_ratio ? fraction_text(*s.max_min_ratio) + " = " + number_text(s.max_min_ratio->to_double(), 9)
                                  : std::string("infinite: some face never comes up"),
                  fair_tone});
  rows.push_back({"Distance from fair",
                  "total variation " + (fair ? std::string("0: exactly fair")
                                             : fraction_text(s.total_variation) + " = " +
                                                   number_text(s.total_variation_approx, 6)),
                  fair_tone});
  auto faces = [](const std::vector<std::uint64_t>& list) {
    return std::to_string(list.size()) + (list.empty() ? "" : ": " + face_list_text(list));
  };
  rows.push_back({"Favoured faces", faces(s.favoured)});
  rows.push_back({"Starved faces", faces(s.starved)});
  if (!s.never.empty()) rows.push_back({"Never comes up", face_list_text(s.never), Tone::bad});
  if (!law.method->coin_flips()) rows.push_back({"Words thrown away", grouped(law.rejected) + " of " + grouped(law.inputs)});
  const bool whole_bits = law.expected_bits.denominator() == BigUint(1);
  rows.push_back({"Bits per roll", number_text(law.expected_bits.to_double(), 6) + " on average" +
                                       (whole_bits ? std::string() : " (" + fraction_text(law.expected_bits) + ")") +
                                       ";  the least possible is log2 n = " + number_text(law.log2_sides, 6)});
  rows.push_back({"Rolls to notice", rolls_to_notice_text(rolls_to_notice(law)) +
                                         " (about when a chi-square test against a fair die starts to see the bias)"});
  return rows;
}

MethodRow method_row(const DieLaw& law) {
  MethodRow row;
  row.fair = law.stats.total_variation.is_zero();
  row.total_variation = row.fair ? "0 (fair)" : number_text(law.stats.total_variation_approx, 4);
  if (law.stats.max_min_ratio) row.max_min_ratio = number_text(law.stats.max_min_ratio->to_double(), 6);
  row.never = law.stats.never.size();
  row.bits_per_roll = number_text(law.expected_bits.to_double(), 4);
  row.rolls_to_notice = rolls_to_notice_text(rolls_to_notice(law));
  return row;
}

DieSampleView die_sample_view(const DieLaw& law, std::span<const std::uint64_t> counts, std::uint64_t rolls,
                              std::uint64_t bits_drawn) {
  DieSampleView view;
  view.counts.assign(counts.begin(), counts.end());
  view.rolls = rolls;
  view.verdict = judge_sample(counts, law.probabilities);
  for (std::uint64_t c : counts) view.frequencies.push_back(static_cast<double>(c) / static_cast<double>(rolls));
  view.bits_per_roll = static_cast<double>(bits_drawn) / static_cast<double>(rolls);
  const SampleVerdict& v = view.verdict;
  view.uniform_line = verdict_line("Against a fair die: chi-square %s with %g degrees of freedom, p %s: %s.",
                                   v.chi_square_uniform, v.dof_uniform, v.p_uniform);
  view.exact_line = verdict_line("Against this method's exact law: chi-square %s, %g degrees of freedom, p %s: %s.",
                                 v.chi_square_exact, v.dof_exact, v.p_exact);
  return view;
}

std::vector<ToneLine> die_face_lines(const DieLaw& law, std::size_t face, const DieSampleView* sample) {
  std::vector<ToneLine> lines;
  const Fraction p = law.probability(face);
  if (law.method->coin_flips()) {
    lines.push_back({"Exact probability: " + fraction_text(p)});
  } else {
    lines.push_back({"Exact: " + grouped(law.weights[face]) + " of the " + grouped(law.total) + " accepted words"});
    lines.push_back({"  = " + fraction_text(p)});
  }
  const double fair = 1.0 / static_cast<double>(law.sides);
  const double exact = law.probabilities[face];
  lines.push_back({format("  = %s  (fair: %s, %+.4g%%)", number_text(exact, 9).c_str(), number_text(fair, 9).c_str(),
                          (exact - fair) / fair * 100.0)});
  if (law.weights[face].is_zero()) lines.push_back({"This face can never come up.", Tone::bad});
  if (sample) {
    lines.push_back({"Sampled: " + grouped(sample->counts[face]) + " of " + grouped(sample->rolls) + " = " +
                     number_text(sample->frequencies[face], 6)});
    lines.push_back({"Expected 2-sigma range: " + number_text(sample->verdict.band_low[face], 6) + " to " +
                     number_text(sample->verdict.band_high[face], 6)});
  }
  return lines;
}

// ---- expressions

ExprChartView expr_chart_view(const DiceDistribution* law, const DistributionView* view,
                              const DiceExprSampleResult* sample) {
  ExprChartView chart;
  if (law && view) {
    chart.first_total = law->min_total;
    chart.exact = view->probabilities;
    const auto totals = static_cast<std::int64_t>(law->counts.size());
    const std::string outcomes = law->outcomes.bit_length() > 64
                                     ? "about 2^" + std::to_string(law->outcomes.bit_length() - 1)
                                     : grouped(law->outcomes);
    chart.law_line = format("%zu totals from %lld to %lld; mean %s, standard deviation %s; %s equally likely outcomes.",
                            law->counts.size(), static_cast<long long>(law->min_total),
                            static_cast<long long>(law->min_total + totals - 1), number_text(view->mean, 6).c_str(),
                            number_text(view->standard_deviation, 6).c_str(), outcomes.c_str());
  }
  if (sample) {
    if (!law) chart.first_total = sample->min_total;
    const double rolls = static_cast<double>(std::max<std::uint64_t>(sample->rolls, 1));
    for (std::uint64_t c : sample->counts) chart.frequencies.push_back(static_cast<double>(c) / rolls);
    // The sample's cells and the law's both start at the lowest possible total.
    if (law && chart.exact.size() == chart.frequencies.size() && chart.first_total == sample->min_total)
      chart.verdict = judge_sample(sample->counts, chart.exact);
  }
  return chart;
}

std::vector<std::string> expr_total_lines(const ExprChartView& chart, const DiceDistribution* law,
                                          const DiceExprSampleResult* sample, std::size_t cell) {
  std::vector<std::string> lines;
  if (law && cell < law->counts.size()) {
    const BigUint& ways = law->counts[cell];
    if (law->outcomes.bit_length() <= 64)
      lines.push_back("Exact: " + grouped(ways) + " of " + grouped(law->outcomes) + " outcomes");
    lines.push_back("  = " + fraction_text(Fraction(ways, law->outcomes)) + " = " + number_text(chart.exact[cell], 9));
  }
  if (sample && cell < chart.frequencies.size())
    lines.push_back("Sampled: " + grouped(sample->counts[cell]) + " of " + grouped(sample->rolls) + " = " +
                    number_text(chart.frequencies[cell], 6));
  return lines;
}

ToneLine expr_verdict_line(const SampleVerdict& verdict) {
  return verdict_line("Against the exact law of fair dice: chi-square %s, %g degrees of freedom, p %s: %s.",
                      verdict.chi_square_exact, verdict.dof_exact, verdict.p_exact);
}

// ---- Z80 d20

Z80Row z80_row(const DieLaw& law) {
  auto share = [&](std::size_t face) {
    if (law.method->coin_flips()) return fraction_text(law.probability(face));
    return grouped(law.weights[face]) + "/" + grouped(law.total);
  };
  Z80Row row;
  row.face1 = share(0);
  row.face20 = share(19);
  row.face20_never = law.weights[19].is_zero();
  row.max_min_ratio = law.stats.max_min_ratio ? "x" + number_text(law.stats.max_min_ratio->to_double(), 4) : "x infinite";
  return row;
}

std::string sampled_share_text(std::uint64_t count, std::uint64_t rolls) {
  return grouped(count) + " (" + number_text(100.0 * static_cast<double>(count) / static_cast<double>(rolls), 3) + "%)";
}

std::string printed_ratio_text(std::span<const std::uint32_t> counts) {
  const auto [lo, hi] = std::minmax_element(counts.begin() + 1, counts.begin() + 21);
  return "x" + number_text(static_cast<double>(*hi) / static_cast<double>(*lo), 4);
}

// ---- setup keys

namespace {

// The source fields every sample uses; the rest at their defaults.
DiceLabState source_fields(const DiceLabState& state) {
  DiceLabState fields;
  fields.method = state.method;
  fields.bits = state.bits;
  fields.gen = state.gen;
  fields.seed = state.seed;
  fields.rolls = state.rolls;
  return fields;
}

}  // namespace

std::string die_sample_key(const DiceLabState& state) {
  DiceLabState fields = source_fields(state);
  fields.sides = state.sides;
  return state_key(fields);
}

std::string expr_sample_key(const DiceLabState& state) {
  DiceLabState fields = source_fields(state);
  fields.expr = state.expr;
  return state_key(fields);
}

std::string z80_sample_key(const std::string& seed, std::uint64_t rolls) {
  DiceLabState fields;
  fields.seed = seed;
  fields.rolls = rolls;
  return state_key(fields);
}

}  // namespace shufflelab
