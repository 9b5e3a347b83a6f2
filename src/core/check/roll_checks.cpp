#include "core/check/roll_checks.hpp"

#include <algorithm>
#include <cmath>

#include "core/base/text_format.hpp"
#include "core/check/check_stats.hpp"

namespace shufflelab {
namespace {

// Counts of faces 1..s (index 0 = lowest face), whichever way the file numbered them.
std::vector<std::uint64_t> face_counts(const RollParser& rolls) {
  std::vector<std::uint64_t> out(rolls.sides(), 0);
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
  const std::vector<double> uniform(s, 1.0 / static_cast<double>(s));
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
    CheckTest t;
    t.key = "pairs";
    t.name = "pairs of rolls (1st with 2nd, 3rd with 4th, ...)";
    const std::uint64_t pairs = n / 2;
    const double expected = static_cast<double>(pairs) / static_cast<double>(s * s);
    double worst_z = 0;
    std::uint64_t worst_a = 0, worst_b = 0;
    for (std::uint64_t a = 0; a < s; ++a)
      for (std::uint64_t b = 0; b < s; ++b) {
        const auto row = a + rolls.first_face(), column = b + rolls.first_face();
        const double o = static_cast<double>(rolls.pairs()[row * (kMaxPairSides + 1) + column]);
        t.statistic += (o - expected) * (o - expected) / expected;
        const double z = (o - expected) / std::sqrt(expected);
        if (std::abs(z) > std::abs(worst_z)) worst_z = z, worst_a = row, worst_b = column;
      }
    t.dof = static_cast<double>(s * s - 1);
    t.p = chi_square_survival(t.statistic, t.dof);
    t.observed = "most deviant pair: " + std::to_string(worst_a) + " then " + std::to_string(worst_b) + ", " +
                 format_value(worst_z) + " sd from " + format_value(expected);
    t.meaning = "a roll depends on the one before it (the generator's steps are correlated)";
    if (expected >= 5) report.tests.push_back(t);
    else report.notes.push_back("pairs test skipped: fewer than 5 pairs expected per cell (need " +
                                grouped(10 * s * s) + " rolls)");
  }
  judge(report, "rolls", n);
  return report;
}

}  // namespace shufflelab
