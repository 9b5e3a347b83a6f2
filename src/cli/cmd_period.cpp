// `shufflelab period` and `shufflelab maximal`: exact periods of the tarot
// Galois LFSR and the Z80 routine from their GF(2) factorisation (core/gen/period).
#include <iomanip>
#include <sstream>

#include "cli/cli.hpp"
#include "core/base/parse.hpp"
#include "core/gen/period.hpp"

namespace shufflelab::cli {
namespace {

std::string percent(Uint128 part, Uint128 whole) {
  std::ostringstream out;
  out << std::setprecision(6) << 100.0L * static_cast<long double>(part) / static_cast<long double>(whole) << "%";
  return out.str();
}

std::string polynomial_line(const char* label, Gf2Poly p) {
  return std::string(label) + ": " + to_string(p) + "  [" + to_hex(p) + "]\n";
}

void print_analysis(std::ostream& out, const LinearMap& map, const MapAnalysis& a, int seed_hex_digits) {
  out << polynomial_line("characteristic polynomial", a.characteristic);
  if (a.minimal == a.characteristic)
    out << "minimal polynomial: the same\n";
  else
    out << polynomial_line("minimal polynomial", a.minimal);
  for (const auto& f : a.factors) {
    out << "factor " << to_string(f.poly) << ": degree " << f.poly.degree() << ", multiplicity " << f.multiplicity;
    if (f.minimal_multiplicity != f.multiplicity) out << " (" << f.minimal_multiplicity << " in the minimal polynomial)";
    if (f.order)
      out << ", ord(x) = " << f.order << (f.order == mersenne(f.poly.degree()) ? " (primitive)" : "") << "\n";
    else
      out << ", not invertible: a seed may walk a tail of up to " << f.minimal_multiplicity
          << " step(s) before its cycle\n";
  }
  out << "maximal: " << (a.maximal ? "yes" : "no") << ", longest cycle " << a.max_period << " of 2^" << a.width
      << "-1 = " << to_decimal(a.nonzero_states) << "\n";
  for (const auto& c : a.cycle_lengths)
    out << "cycle length " << c.length << ": " << to_decimal(c.cycles) << " cycle(s), " << to_decimal(c.states_reaching)
        << " state(s) end there" << (c.length == 1 ? " (the zero state included)" : "") << "\n";
  out << "weak seeds (ending on a shorter cycle): " << to_decimal(a.weak_seeds) << " of "
      << to_decimal(a.nonzero_states) << " nonzero seeds = " << percent(a.weak_seeds, a.nonzero_states) << "\n";
  // The irreducible factor with the smallest order carries the shortest cycle.
  const FactorInfo* shortest = nullptr;
  for (const auto& f : a.factors)
    if (f.order && (!shortest || f.order < shortest->order)) shortest = &f;
  if (shortest && shortest->order < a.max_period)
    out << "shortest cycle: length " << shortest->order << ", e.g. seed "
        << format_hex_upper(kernel_basis(map, shortest->poly).front(), seed_hex_digits) << "\n";
}

int run_period(ArgList& args, std::ostream& out) {
  const std::string gen = args.require("gen");
  const bool want_max = args.flag("max");
  std::optional<std::string> seed_text = args.get("seed");
  if (want_max && seed_text) throw UsageError("give either --seed or --max, not both");
  if (!want_max && !seed_text) throw UsageError("missing option --seed (or --max for the longest cycle)");

  LinearMap map;
  std::string header;  // printed once the seed is known to be valid
  int digits = 16;
  std::uint64_t seed = 0;
  if (gen == "tarot32") {
    const int width = static_cast<int>(args.decimal("width", kMinLfsrWidth, kMaxLfsrWidth, 32));
    const std::uint64_t mask = args.hex("mask", 2);
    args.finish();
    digits = (width + 3) / 4;
    if (seed_text) seed = value_or_usage_error(parse_hex("--seed", *seed_text, digits));
    const std::uint64_t taps = tarot_taps(width, mask);
    if (seed_text) value_or_usage_error(make_galois_lfsr(width, taps, seed));  // names the bad field
    map = galois_map(width, taps);
    header = "generator: tarot Galois LFSR, width " + std::to_string(width) + ", top-byte mask " +
             format_hex_upper(mask, 2) + ", taps 0x" + format_hex_upper(taps, digits) + "; time unit: bit-steps\n";
  } else if (gen == "z80") {
    args.finish();
    if (seed_text) seed = value_or_usage_error(parse_hex("--seed", *seed_text, 16));
    map = z80_map();
    header = "generator: Z80 LFSR routine, 64-bit state (byte +0 first); time unit: calls = output bytes\n";
  } else {
    throw UsageError("--gen must be tarot32 or z80, got '" + gen + "'");
  }

  const MapAnalysis analysis = value_or_usage_error(analyse_map(map));
  if (want_max) {
    out << header;
    print_analysis(out, map, analysis, digits);
    out << "longest period over all seeds:\n" << analysis.max_period << "\n";
    return 0;
  }
  const SeedPeriod s = value_or_usage_error(analyse_seed(map, analysis, seed));  // refuses a zero seed
  out << header;
  print_analysis(out, map, analysis, digits);
  out << polynomial_line("seed annihilator", s.annihilator);
  out << "seed " << format_hex_upper(seed, digits) << ": tail " << s.tail << ", period:\n" << s.period << "\n";
  return 0;
}

int run_maximal(ArgList& args, std::ostream& out) {
  const std::string gen = args.require("gen");
  if (gen != "tarot32") throw UsageError("--gen must be tarot32 (the only generator with a top-byte mask)");
  const int width = static_cast<int>(args.decimal("width", kMinLfsrWidth, kMaxLfsrWidth, 32));
  args.finish();
  std::string line;
  for (auto mask : maximal_tarot_masks(width)) line += (line.empty() ? "" : " ") + format_hex_upper(mask, 2);
  out << line << "\n";
  return 0;
}

const SubcommandRegistrar kPeriod(
    "period",
    "  period --gen tarot32 [--width W] --mask HH (--seed HEX | --max)\n"
    "  period --gen z80 (--seed 16HEX | --max)\n"
    "      exact period from the GF(2) factorisation; last line: the seed's cycle length\n"
    "      (bit-steps for tarot32, output bytes for z80) or, with --max, the longest one",
    {"max"}, run_period);

const SubcommandRegistrar kMaximal("maximal",
                                   "  maximal --gen tarot32 [--width W]\n"
                                   "      every top-byte mask giving period 2^W-1, as uppercase hex",
                                   {}, run_maximal);

}  // namespace
}  // namespace shufflelab::cli
