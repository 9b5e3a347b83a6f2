// The dice lab from the command line: `dice` (a range method's exact face
// counts), `fdr` (coin-flip rollers' exact law) and `roll` (dice notation).
#include <cmath>
#include <cstdio>
#include <string>

#include "cli/cli.hpp"
#include "core/dice/dice_expr.hpp"
#include "core/dice/fdr.hpp"
#include "core/dice/range.hpp"

namespace shufflelab::cli {
namespace {

std::string method_list() {
  std::string out;
  for (const auto& info : range_methods()) {
    out += "        ";
    out += info.name;
    out.append(info.name.size() < 14 ? 14 - info.name.size() : 1, ' ');
    out += info.summary;
    out += "\n";
  }
  out.pop_back();  // the registry adds the final newline
  return out;
}

void require_exact(ArgList& args) {
  if (!args.flag("exact")) throw UsageError("add --exact (this command prints exact laws only)");
}

std::string approx_text(double x) {
  char buffer[40];
  std::snprintf(buffer, sizeof buffer, "%.9g", x);
  return buffer;
}

// `offset` turns value indices into the labels the command prints (1 for faces, 0 for FDR outcomes).
std::string label_list(const std::vector<std::uint64_t>& values, std::uint64_t offset) {
  if (values.empty()) return "none";
  std::string out;
  for (const std::uint64_t v : values) out += (out.empty() ? "" : " ") + std::to_string(v + offset);
  return out;
}

void print_stats(std::ostream& out, const FaceStats& stats, std::uint64_t offset, const Fraction& bits,
                 std::uint64_t n) {
  out << "never " << label_list(stats.never, offset) << "\n";
  out << "favoured " << label_list(stats.favoured, offset) << "\n";
  out << "starved " << label_list(stats.starved, offset) << "\n";
  out << "min_probability " << stats.min_probability.to_string() << "\n";
  out << "max_probability " << stats.max_probability.to_string() << "\n";
  out << "max_min_ratio " << (stats.max_min_ratio ? stats.max_min_ratio->to_string() : "inf") << "\n";
  out << "total_variation " << stats.total_variation.to_string() << " " << approx_text(stats.total_variation_approx)
      << "\n";
  out << "expected_bits " << bits.to_string() << " " << approx_text(bits.to_double()) << " log2_n "
      << approx_text(std::log2(static_cast<double>(n))) << "\n";
}

int run_dice(ArgList& args, std::ostream& out) {
  const RangeMethod method = value_or_usage_error(parse_range_method("--method", args.require("method")));
  const std::uint64_t sides = args.decimal("sides", 1, kMaxExactFaces);
  const auto bits = static_cast<unsigned>(args.decimal("bits", 1, kMaxWordBits));
  require_exact(args);
  const bool stats = args.flag("stats");
  args.finish();
  const RangeCounts counts = value_or_usage_error(exact_range_counts(method, sides, bits));
  for (std::size_t v = 0; v < counts.counts.size(); ++v)
    out << v + 1 << " " << BigUint::from_wide(counts.counts[v]).to_string() << "\n";
  if (stats) {
    out << "inputs " << BigUint::from_wide(counts.inputs()).to_string() << "\n";
    out << "rejected " << BigUint::from_wide(counts.rejected).to_string() << "\n";
    print_stats(out, face_stats(to_big_weights(counts.counts), BigUint::from_wide(counts.accepted())), 1,
                expected_bits_per_value(counts), sides);
  }
  return 0;
}

int run_fdr(ArgList& args, std::ostream& out) {
  const std::uint64_t n = args.decimal("n", 1, kMaxExactFdrSides);
  const FdrVariant variant = value_or_usage_error(parse_fdr_variant("--variant", args.require("variant")));
  require_exact(args);
  const bool stats = args.flag("stats");
  args.finish();
  const FdrExact law = value_or_usage_error(solve_fdr_exact(n, variant));
  for (std::size_t k = 0; k < law.probabilities.size(); ++k)
    out << k << " " << law.probabilities[k].to_string() << "\n";
  out << "E[flips] " << law.expected_flips.to_string() << "\n";
  if (stats) {
    out << "preperiod_flips " << law.preperiod_flips << "\n";
    out << "period_flips " << law.period_flips << "\n";
    print_stats(out, face_stats(law.weights, law.common_denominator), 0, law.expected_flips, n);
  }
  return 0;
}

int run_roll(ArgList& args, std::ostream& out) {
  const std::string text = args.require("expr");
  require_exact(args);
  args.finish();
  const DiceExpr expr = value_or_usage_error(parse_dice_expr(text));
  const DiceDistribution dist = value_or_usage_error(exact_dice_distribution(expr));
  for (std::size_t i = 0; i < dist.counts.size(); ++i)
    out << dist.min_total + static_cast<std::int64_t>(i) << " " << Fraction(dist.counts[i], dist.outcomes).to_string()
        << "\n";
  return 0;
}

const SubcommandRegistrar dice_command(
    "dice",
    "  dice --method METHOD --sides N --bits B --exact [--stats]\n"
    "      For each face 1..N: how many of the 2^B equally likely B-bit words (B = 1..64;\n"
    "      31 is glibc rand) give it, one 'face count' line each; words a method rejects\n"
    "      count for no face. --stats adds rejected words, never/favoured/starved faces,\n"
    "      min/max probability, total variation from uniform and bits per roll. METHOD:\n" +
        method_list(),
    {"exact", "stats"}, run_dice);

const SubcommandRegistrar fdr_command(
    "fdr",
    "  fdr --n N --variant published|tarot --exact [--stats]\n"
    "      Exact law of Lumbroso's Fast Dice Roller on fair coin flips (published) or of\n"
    "      the Game Boy tarot variant (an overshoot subtracts n-1): 'k p/q' for k = 0..N-1\n"
    "      (reduced), then 'E[flips] p/q'. N <= 4096; the tarot variant needs N >= 2.",
    {"exact", "stats"}, run_fdr);

const SubcommandRegistrar roll_command(
    "roll",
    "  roll --expr EXPR --exact\n"
    "      Exact law of a dice expression such as 3d6+2, d20, 2d20kh1, 2d20kl1, 4d6dl1,\n"
    "      4d6dh1, d%, 2d8-1d4+3: 'total p/q' per total from the lowest to the highest,\n"
    "      as reduced fractions.",
    {"exact"}, run_roll);

}  // namespace
}  // namespace shufflelab::cli
