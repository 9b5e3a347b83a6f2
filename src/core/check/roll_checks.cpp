#include "core/check/roll_checks.hpp"

#include <algorithm>
#include <cmath>

#include "core/base/text_format.hpp"
#include "core/check/check_stats.hpp"

namespace shufflelab {
namespace {

// Counts of faces 1..s (index 0 = lowest face), whichever way the file numbered them.
std::vector<std::uint64_t> face_counts(const RollParser& rolls) {
  std::vector<std::uint64_t> out(static_cast<std::size_t>(rolls.sides()), 0);
  for (std::size_t v = rolls.first_face(); v < rolls.counts().size(); ++v) out[v - rolls.first_face()] = rolls.counts()[v];
  return out;
}

CheckTest faces_test(std::string key, std::string name, const std::vector<std::uint64_t>& counts,
                     const std::vector<double>& law, std::uint64_t rolls, unsigned first_face) {
  const ChiSquare chi = binned_chi_square(counts, law, rolls);
  CheckTest t = make_test(std::move(key), std::move(name), chi.statistic, chi.dof, chi.p);
  std::size_t worst = 0;
  double worst_z = 0;
  for (std::size_t f = 0; f < counts.size(); ++f) {
    const double e = law[f] * static_cast<double>(rolls);
    const double z = e > 0 ? (static_cast<double>(counts[f]) - e) / std::sqrt(e) : 0;
    if (std::abs(z) > std::abs(worst_z)) worst_z = z, worst = f;
  }
  t.observed = "most deviant face: " + std::to_string(worst + first_face) + " came up " + grouped(counts[worst]) +
               " times, expected " + format_value(law[worst] * static_cast<double>(rolls));
  return t;
}

// Independence of a roll and the next: the s x s table of pairs against the
// product of its margins (Pearson's test of independence), so an unfair but
// memoryless die passes; faces that never come up leave the table.
void report_pairs(CheckReport& report, const RollParser& rolls) {
  constexpr std::size_t kStride = kMaxPairSides + 1;
  const auto& cells = rolls.pairs();
  std::vector<double> first(kStride, 0), second(kStride, 0);
  double pairs = 0;
  for (std::size_t a = 0; a < kStride; ++a)
    for (std::size_t b = 0; b < kStride; ++b) {
      const double o = static_cast<double>(cells[a * kStride + b]);
      first[a] += o, second[b] += o, pairs += o;
    }
  CheckTest t = make_test("pairs", "pairs of rolls (1st with 2nd, 3rd with 4th, ...): independence", 0, 0, 1);
  double worst_z = 0, least_expected = pairs;
  std::size_t worst_a = 0, worst_b = 0, rows = 0, columns = 0;
  for (std::size_t a = 0; a < kStride; ++a) rows += first[a] > 0, columns += second[a] > 0;
  for (std::size_t a = 0; a < kStride; ++a)
    for (std::size_t b = 0; b < kStride; ++b) {
      if (first[a] == 0 || second[b] == 0) continue;
      const double expected = first[a] * second[b] / pairs, o = static_cast<double>(cells[a * kStride + b]);
      t.statistic += (o - expected) * (o - expected) / expected;
      least_expected = std::min(least_expected, expected);
      const double z = (o - expected) / std::sqrt(expected);
      if (std::abs(z) > std::abs(worst_z)) worst_z = z, worst_a = a, worst_b = b;
    }
  t.dof = static_cast<double>((rows - 1) * (columns - 1));
  if (t.dof < 1 || least_expected < 5) {
    report.notes.push_back("pairs test skipped: fewer than 5 pairs expected in some cell (about " +
                           grouped(10 * rolls.sides() * rolls.sides()) + " rolls needed)");
    return;
  }
  t.p = chi_square_survival(t.statistic, t.dof);
  t.observed = "most deviant pair: " + std::to_string(worst_a) + " then " + std::to_string(worst_b) + ", " +
               format_value(worst_z) + " sd from what the faces' own frequencies predict";
  t.meaning = "a roll depends on the one before it (the generator's steps are correlated)";
  report.tests.push_back(t);
}

// Up/down patterns of non-overlapping triples against their law for three
// independent rolls of a die with the observed face frequencies (exact sums
// over s^3 triples, with the frequencies estimated from the same rolls).
void report_step_patterns(CheckReport& report, const RollParser& rolls, const std::vector<std::uint64_t>& counts) {
  const auto& observed = rolls.step_patterns();
  std::uint64_t triples = 0;
  for (const std::uint64_t c : observed) triples += c;
  std::vector<double> p(counts.size());
  for (std::size_t f = 0; f < counts.size(); ++f) p[f] = static_cast<double>(counts[f]) / static_cast<double>(rolls.rolls());
  std::vector<double> law(9, 0.0);
  const auto step = [](std::size_t a, std::size_t b) -> std::size_t { return a > b ? 0 : a == b ? 1 : 2; };
  for (std::size_t a = 0; a < p.size(); ++a)
    for (std::size_t b = 0; b < p.size(); ++b)
      for (std::size_t c = 0; c < p.size(); ++c) law[3 * step(a, b) + step(b, c)] += p[a] * p[b] * p[c];
  const std::vector<std::uint64_t> cells(observed.begin(), observed.end());
  const ChiSquare chi = binned_chi_square(cells, law, triples);
  if (triples < 100 || chi.dof < 1) {
    report.notes.push_back("up/down test skipped: fewer than 300 rolls");
    return;
  }
  CheckTest t = make_test("up_down", "up/down patterns of three rolls (1st-3rd, 4th-6th, ...)", chi.statistic, chi.dof,
                          chi.p);
  const double up_up = static_cast<double>(observed[8]) / static_cast<double>(triples);
  t.observed = "two rises in a row " + format_value(100 * up_up) + "% of triples, independent rolls give " +
               format_value(100 * law[8]) + "%";
  t.meaning = "rises and falls follow each other in a pattern: the rolls are not independent";
  report.tests.push_back(t);
}

}  // namespace

CheckReport roll_report(const RollParser& rolls, const DieLaw* method_law, double alpha) {
  const std::uint64_t s = rolls.sides(), n = rolls.rolls();
  CheckReport report;
  report.kind = "rolls";
  report.alpha = alpha;
  report.facts.push_back({"rolls", "rolls read", static_cast<double>(n), grouped(n)});
  report.facts.push_back({"sides", "sides", static_cast<double>(s), std::to_string(s)});
  report.facts.push_back({"first_face", "lowest face", static_cast<double>(rolls.first_face()), std::to_string(rolls.first_face())});
  const std::vector<std::uint64_t> counts = face_counts(rolls);
  const std::vector<double> uniform(static_cast<std::size_t>(s), 1.0 / static_cast<double>(s));
  report.tests.push_back(faces_test("faces", "faces against a fair d" + std::to_string(s), counts, uniform, n,
                                    rolls.first_face()));
  report.tests.back().meaning = "some faces come up more often than others";
  if (method_law) {
    report.tests.push_back(faces_test("faces_method", "faces against " + std::string(method_law->method->name) + " on " +
                                                          std::to_string(method_law->bits) + "-bit words",
                                      counts, method_law->probabilities, n, rolls.first_face()));
    report.tests.back().meaning = "these rolls do not follow that method's exact law: it is not how they were made";
  }
  if (s <= kMaxPairSides) {
    report_pairs(report, rolls);
    report_step_patterns(report, rolls, counts);
  }
  judge(report, "rolls", n);
  return report;
}

}  // namespace shufflelab
