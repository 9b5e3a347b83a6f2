#include "bench/bench.hpp"

#include "core/base/text_format.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace shufflelab::bench {

namespace {
constexpr int kFullRounds = 7;
constexpr double kFullSampleNs = 2e7;   // 20 ms
constexpr double kSmokeSampleNs = 2e5;  // 0.2 ms

std::string format_number(double value) {
  char buffer[64];
  const double magnitude = std::fabs(value);
  const char* format = magnitude >= 1000 ? "%.0f" : magnitude >= 100 ? "%.1f" : magnitude >= 1 ? "%.2f" : "%.4f";
  std::snprintf(buffer, sizeof buffer, format, value);
  return buffer;
}

// Six significant digits: the report is read by people and tools/bench.mjs.
std::string json_number(double value) { return shufflelab::json_number(value, 6); }

std::string ratio_text(const Row& row) {
  if (!row.ratio) return "";
  char buffer[64];
  if (row.ratio_kind == "speedup") {
    if (row.baseline) return "baseline";
    if (*row.ratio >= 1)
      std::snprintf(buffer, sizeof buffer, "%.2fx faster", *row.ratio);
    else
      std::snprintf(buffer, sizeof buffer, "%.2fx slower", 1 / *row.ratio);
  } else {
    if (row.baseline) return "bound";
    std::snprintf(buffer, sizeof buffer, "%.4fx bound", *row.ratio);
  }
  return buffer;
}

std::string pad(std::string text, std::size_t width) {
  if (text.size() < width) text.append(width - text.size(), ' ');
  return text;
}
}  // namespace

double median(std::vector<double> values) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  const std::size_t mid = values.size() / 2;
  return values.size() % 2 ? values[mid] : (values[mid - 1] + values[mid]) / 2;
}

TargetSpec speedup_at_least(double factor, const std::string& platform) {
  char text[64];
  std::snprintf(text, sizeof text, ">= %gx faster than the baseline", factor);
  return {text, platform, [factor](const Row& row) { return row.ratio && *row.ratio >= factor; }};
}

const std::vector<std::string>& case_groups() {
  static const std::vector<std::string> groups{"shuffle52", "shuffle78", "bits52", "bits78",  "range64",  "lemire64",
                                               "lfsr32",    "pdep52",    "onechip", "period64", "bias52",
                                               "comparator8", "riffle52", "check_decks", "check_bm", "check_bm_long", "check_rolls", "asm6502"};
  return groups;
}

bool filter_matches_a_group(std::string_view filter) {
  for (const std::string& group : case_groups())
    if (group.find(filter) != std::string::npos) return true;
  return false;
}

bool Context::wants(std::string_view group) const {
  return options_.filter.empty() || group.find(options_.filter) != std::string_view::npos;
}

bool Context::check(bool ok, const std::string& what) {
  if (!ok) {
    report_.failures.push_back(what);
    out_ << "CHECK FAILED: " << what << "\n";
    out_.flush();
  }
  return ok;
}

std::vector<std::vector<double>> Context::time_variants(std::vector<Timed>& variants, int full_rounds) {
  const double sample_ns = smoke() ? kSmokeSampleNs : kFullSampleNs;
  const int rounds = smoke() ? 1 : full_rounds > 0 ? full_rounds : kFullRounds;
  const auto timed_run = [&](Timed& variant, std::uint64_t iterations) {
    const double start = platform_.thread_cpu_ns();
    consume(variant.run(iterations));
    return platform_.thread_cpu_ns() - start;
  };
  // Calibration doubles as warm-up (caches, branch predictors, wasm tier-up).
  std::vector<std::uint64_t> iterations(variants.size(), 1);
  for (std::size_t i = 0; i < variants.size(); ++i) {
    for (;;) {
      const double elapsed = timed_run(variants[i], iterations[i]);
      if (elapsed >= sample_ns) break;
      const double grow = elapsed > 0 ? sample_ns * 1.2 / elapsed : 100.0;
      iterations[i] = std::max(iterations[i] * 2, static_cast<std::uint64_t>(static_cast<double>(iterations[i]) *
                                                                              std::min(grow, 100.0)));
    }
  }
  std::vector<std::vector<double>> samples(variants.size());
  for (int round = 0; round < rounds; ++round) {
    for (std::size_t k = 0; k < variants.size(); ++k) {
      const std::size_t i = (static_cast<std::size_t>(round) + k) % variants.size();
      samples[i].push_back(timed_run(variants[i], iterations[i]) / static_cast<double>(iterations[i]));
    }
  }
  return samples;
}

void Context::add_row(Row row, const std::optional<TargetSpec>& target) {
  if (target) {
    Target judged{target->text, target->platform, std::nullopt, ""};
    if (smoke())
      judged.why_not = "not judged in --smoke";
    else if (target->platform != "any" && target->platform != platform_.name)
      judged.why_not = "judged in the " + target->platform + " run";
    else
      judged.met = target->judge(row);
    row.target = judged;
  }
  out_ << format_row(row) << "\n";
  out_.flush();
  report_.rows.push_back(std::move(row));
}

void Context::add_timed_rows(const std::string& group, const std::vector<Timed>& variants,
                             const std::vector<std::vector<double>>& samples_ns, const std::string& unit,
                             double unit_scale) {
  double baseline_value = 0;
  for (std::size_t i = 0; i < variants.size(); ++i)
    if (variants[i].baseline) baseline_value = median(samples_ns[i]) * unit_scale;
  for (std::size_t i = 0; i < variants.size(); ++i) {
    Row row;
    row.group = group;
    row.variant = variants[i].name;
    row.baseline = variants[i].baseline;
    row.unit = unit;
    for (double sample : samples_ns[i]) row.samples.push_back(sample * unit_scale);
    row.value = median(row.samples);
    if (baseline_value > 0 && row.value > 0) {
      row.ratio = baseline_value / row.value;
      row.ratio_kind = "speedup";
    }
    if (variants[i].note) row.note = variants[i].note(row);
    add_row(std::move(row), variants[i].target);
  }
}

std::string format_row(const Row& row) {
  std::string line = pad(row.group, 10) + " " + pad(row.variant, 50) + " " +
                     pad(std::string(12 - std::min<std::size_t>(12, format_number(row.value).size()), ' ') +
                             format_number(row.value) + " " + row.unit,
                         26) +
                     " " + pad(ratio_text(row), 14);
  if (row.target) {
    line += " | target " + row.target->text + ": ";
    line += row.target->met ? (*row.target->met ? "met" : "MISSED") : row.target->why_not;
  }
  if (!row.note.empty()) line += " | " + row.note;
  while (!line.empty() && line.back() == ' ') line.pop_back();
  return line;
}

std::string report_json(const Report& report, const std::string& machine_json) {
  std::string out = "{\n  \"platform\": " + json_string(report.platform) +
                    ",\n  \"mode\": " + json_string(report.smoke ? "smoke" : "full") + ",\n  \"machine\": " +
                    machine_json + ",\n  \"seconds\": " + json_number(report.seconds) +
                    ",\n  \"checksum\": " + json_string(std::to_string(report.checksum)) + ",\n  \"failures\": [";
  for (std::size_t i = 0; i < report.failures.size(); ++i) out += (i ? ", " : "") + json_string(report.failures[i]);
  out += "],\n  \"rows\": [";
  for (std::size_t i = 0; i < report.rows.size(); ++i) {
    const Row& row = report.rows[i];
    out += std::string(i ? "," : "") + "\n    {\"group\": " + json_string(row.group) +
           ", \"variant\": " + json_string(row.variant) + ", \"baseline\": " + (row.baseline ? "true" : "false") +
           ", \"unit\": " + json_string(row.unit) + ", \"value\": " + json_number(row.value) + ", \"samples\": [";
    for (std::size_t s = 0; s < row.samples.size(); ++s) out += (s ? ", " : "") + json_number(row.samples[s]);
    out += "], \"ratio\": " + (row.ratio ? json_number(*row.ratio) : std::string("null")) +
           ", \"ratio_kind\": " + (row.ratio ? json_string(row.ratio_kind) : std::string("null")) +
           ", \"note\": " + json_string(row.note) + ", \"target\": ";
    if (row.target) {
      out += "{\"text\": " + json_string(row.target->text) + ", \"platform\": " + json_string(row.target->platform) +
             ", \"met\": " + (row.target->met ? (*row.target->met ? "true" : "false") : "null") + "}";
    } else {
      out += "null";
    }
    out += ", \"line\": " + json_string(format_row(row)) + "}";
  }
  return out + "\n  ]\n}\n";
}

Report run_benchmarks(const Options& options, const Platform& platform, std::ostream& out) {
  Report report;
  report.platform = platform.name;
  report.smoke = options.smoke;
  const double start = platform.wall_ns();
  out << "shufflelab bench (" << platform.name << ", " << (options.smoke ? "smoke" : "full") << "): ";
  if (options.smoke)
    out << "every check, one short sample per variant; times are NOT meaningful and targets are not judged\n";
  else
    out << "median of " << kFullRounds
        << " interleaved rounds, CPU time of the measuring thread (wall time for the threaded sweep)\n";
  Context ctx(options, platform, out, report);
  run_shuffle_cases(ctx);
  run_bit_cases(ctx);
  run_job_cases(ctx);
  run_check_cases(ctx);
  run_asm_cases(ctx);
  report.seconds = (platform.wall_ns() - start) / 1e9;
  out << "checksum " << report.checksum << ", " << report.rows.size() << " rows, " << report.failures.size()
      << " failed checks, " << format_number(report.seconds) << " s\n";
  return report;
}

}  // namespace shufflelab::bench
