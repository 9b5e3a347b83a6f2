// `shufflelab riffle`: how close k GSR riffles of n cards come to a uniform
// deck (total variation distance, Bayer and Diaconis 1992), k = 1..K.
#include <cstdio>
#include <string>

#include "cli/cli.hpp"
#include "core/shuffle/riffle.hpp"

namespace shufflelab::cli {
namespace {

int run_riffle(ArgList& args, std::ostream& out) {
  const auto n = static_cast<std::uint32_t>(args.decimal("n", 1, kMaxRiffleTheoryCards, 52));
  const auto k_max = static_cast<std::uint32_t>(args.decimal("k", 1, kMaxRiffleTheoryRounds, 10));
  const bool exact = args.flag("exact");
  args.finish();
  const RiffleTable table = value_or_usage_error(RiffleTable::make(n));
  std::uint32_t below_half = 0;
  for (std::uint32_t k = 1; k <= k_max; ++k) {
    const RiffleLaw law = table.law(k);
    char line[64];
    std::snprintf(line, sizeof line, "%u %.6f", k, law.distance);
    out << line;
    if (exact) out << ' ' << law.distance_fraction().to_string();
    out << '\n';
    if (below_half == 0 && law.distance_numerator < law.denominator) below_half = k;
  }
  if (below_half) out << "below 1/2 from k = " << below_half << '\n';
  else out << "not below 1/2 up to k = " << k_max << '\n';
  if (n % 2 == 0) out << "faro out-shuffles to restore " << n << " cards: " << faro_out_order(n) << '\n';
  return 0;
}

const SubcommandRegistrar riffle_command(
    "riffle",
    "  riffle [--n N] [--k K] [--exact]\n"
    "      Total variation distance from a uniform deck after k = 1..K GSR riffles of N cards\n"
    "      (default 52 and 10; N <= 1000, K <= 40): one line 'k distance' per k (6 decimals, computed\n"
    "      from exact big integers: Bayer-Diaconis with Eulerian numbers); --exact appends the reduced\n"
    "      fraction. Then the first k below 1/2 and, for even N, how many Faro out-shuffles restore the deck.",
    {"exact"}, run_riffle);

}  // namespace
}  // namespace shufflelab::cli
