#include "core/check/check_report.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "core/base/text_format.hpp"
#include "core/check/check_stats.hpp"

namespace shufflelab {

std::string format_p(double p) {
  char buffer[32];
  if (p == 0) return "0 (below 1e-300)";
  std::snprintf(buffer, sizeof buffer, p < 1e-3 ? "%.2g" : "%.4g", p);
  return buffer;
}

std::string format_value(double value) {
  if (!std::isfinite(value)) return "infinite";
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.4g", value);
  return buffer;
}

CheckTest make_test(std::string key, std::string name, double statistic, double dof, double p) {
  CheckTest t;
  t.key = std::move(key);
  t.name = std::move(name);
  t.statistic = statistic;
  t.dof = dof;
  t.p = p;
  return t;
}

std::string format_count(double count) {
  if (!(count < 1e15)) return format_value(count);
  const auto whole = static_cast<std::uint64_t>(std::llround(count));
  // Two significant digits are all a projection from one run can claim.
  std::uint64_t scale = 1;
  while (whole / scale >= 100) scale *= 10;
  return grouped(whole / scale * scale + (whole % scale >= scale / 2 && scale > 1 ? scale : 0));
}

void judge(CheckReport& report, const std::string& what, std::uint64_t samples) {
  const double tests = static_cast<double>(report.tests.size());
  std::vector<std::string> failing;
  for (CheckTest& t : report.tests) {
    t.p_adjusted = std::min(1.0, t.p * tests);
    t.failed = t.p_adjusted < report.alpha;
    if (t.failed) failing.push_back(t.name);
    if (t.failed || t.dof <= 0) continue;
    const double needed =
        samples_to_expose({t.statistic, t.dof, t.p}, samples, chi_square_critical(report.alpha / tests, t.dof));
    t.more = needed > 0 ? "a bias of this size would need about " +
                              format_count(std::max(0.0, needed - static_cast<double>(samples))) + " more " + what +
                              " to show at this level"
                        : "no excess over chance: nothing to extrapolate";
  }
  report.failed = !failing.empty();
  const std::string level = "alpha " + format_value(report.alpha) + " after correcting for " +
                            std::to_string(report.tests.size()) + " tests";
  if (!report.failed) {
    report.verdict = "PASS: no test detects a bias in these " + what + " (" + level + ")";
    return;
  }
  report.verdict = "FAIL: " + std::to_string(failing.size()) + " of " + std::to_string(report.tests.size()) +
                   " tests detect a bias in these " + what + " (" + level + "): ";
  for (std::size_t i = 0; i < failing.size(); ++i) report.verdict += (i ? "; " : "") + failing[i];
}

std::string report_text(const CheckReport& report) {
  std::string out;
  for (const CheckFact& f : report.facts) out += f.label + ": " + f.text + "\n";
  for (const CheckTest& t : report.tests) {
    out += "\n" + std::string(t.failed ? "FAIL " : "pass ") + t.name + "\n";
    out += "  statistic " + format_value(t.statistic) + " on " + format_value(t.dof) + " degrees of freedom, p " +
           format_p(t.p) + ", corrected p " + format_p(t.p_adjusted) + "\n";
    if (!t.observed.empty()) out += "  " + t.observed + "\n";
    if (t.failed && !t.meaning.empty()) out += "  " + t.meaning + "\n";
    if (!t.more.empty()) out += "  " + t.more + "\n";
  }
  if (!report.diagnosis.empty()) out += "\nDiagnosis:\n";
  for (const std::string& line : report.diagnosis) out += "  " + line + "\n";
  if (!report.notes.empty()) out += "\n";
  for (const std::string& note : report.notes) out += note + "\n";
  out += "\n" + report.verdict + "\n";
  return out;
}

std::string report_json(const CheckReport& report) {
  std::string out = "{\"kind\":" + json_string(report.kind) + ",\"alpha\":" + json_number(report.alpha);
  out += ",\"failed\":" + json_bool(report.failed) + ",\"inconclusive\":" + json_bool(report.inconclusive) +
         ",\"verdict\":" + json_string(report.verdict);
  out += ",\"facts\":{";
  for (std::size_t i = 0; i < report.facts.size(); ++i)
    out += (i ? "," : "") + json_string(report.facts[i].key) + ":" + json_number(report.facts[i].value);
  out += "},\"tests\":" + json_array(report.tests, [](const CheckTest& t) {
    return "{\"key\":" + json_string(t.key) + ",\"name\":" + json_string(t.name) +
           ",\"statistic\":" + json_number(t.statistic) + ",\"dof\":" + json_number(t.dof) +
           ",\"p\":" + json_number(t.p) + ",\"p_adjusted\":" + json_number(t.p_adjusted) +
           ",\"failed\":" + json_bool(t.failed) + ",\"observed\":" + json_string(t.observed) +
           ",\"meaning\":" + json_string(t.meaning) + ",\"more\":" + json_string(t.more) + "}";
  });
  out += ",\"series\":" + json_array(report.series, [](const CheckSeries& s) {
    const auto numbers = [](const std::vector<double>& v) {
      return json_array(v, [](double x) { return json_number(x); });
    };
    return "{\"key\":" + json_string(s.key) + ",\"label\":" + json_string(s.label) + ",\"x\":" + numbers(s.x) +
           ",\"y\":" + numbers(s.y) + "}";
  });
  const auto strings = [](const std::vector<std::string>& lines) {
    return json_array(lines, [](const std::string& line) { return json_string(line); });
  };
  out += ",\"diagnosis\":" + strings(report.diagnosis) + ",\"notes\":" + strings(report.notes);
  return out + "}";
}

}  // namespace shufflelab
