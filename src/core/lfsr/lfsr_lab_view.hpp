// lfsr_lab_view.hpp: what the LFSR lab's panel shows, as numbers and text
// ready to draw, so the panel does no arithmetic of its own: the register
// stepper's byte labels and per-shift rows, the period tab's figures (weak
// share as a percentage, which factors are primitive), the stepping check's
// verdict, the timeline's span and the claims' strings. Tested in
// tests/core/lfsr/lfsr_lab_view_test.cpp.
#pragma once
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "core/lfsr/lfsr_analysis.hpp"
#include "core/lfsr/lfsr_dice.hpp"
#include "core/lfsr/lfsr_lab.hpp"
#include "core/lfsr/lfsr_lattice.hpp"

namespace shufflelab {

// "bit-steps", "calls", "outputs"; unit_word: singular when n == 1.
std::string lab_unit_plural(LabGen gen);
std::string lab_unit_word(LabGen gen, std::uint64_t n);
// The register as '0'/'1' digits, most significant first.
std::string bits_string(std::uint64_t value, int width);

// The setup a cached result depends on: the link text with t = 0 (and
// without lanes, which only say how the lab is shown). with_t keeps t.
std::string lfsr_setup_key(const LfsrLabState& state, bool with_t = false);

// --- Register stepper (tarot32, fibonacci) ---------------------------------
struct RegisterByteLabel {
  std::string name;       // "lfsr1", "bit 23"
  std::string long_name;  // where there is room: "lfsr0 (output)"; else = name
};
struct CallShiftRow {      // tarot32: one shift of the current LFSR() call
  int shift = 0;           // 1-based
  int fell_out = 0;
  std::string lfsr0_after; // "01100101  65"
};
struct RegisterStepperView {
  bool tarot = false;
  std::uint64_t t = 0;
  std::uint64_t byte_number = 0;   // 1-based: the LFSR() call / output byte being built
  int shifts_into_byte = 0;
  std::vector<RegisterByteLabel> byte_labels;  // one per 8 cells, from the top
  std::string taps_hex;            // tarot32: what is XORed in (mask or full taps)
  std::vector<CallShiftRow> call_rows;
  std::array<int, 8> byte_bits{};  // fibonacci: bit i of the byte so far, -1 not fallen yet
  std::string fallen;              // this byte's fallen bits, oldest first, '0'/'1'
  std::string recent_bytes;        // hex
};
RegisterStepperView register_stepper_view(const LfsrLabState& state, const LfsrView& view);

// --- Period tab ------------------------------------------------------------
struct FactorRow {
  std::string poly;
  int multiplicity = 0, minimal_multiplicity = 0;
  std::string order;  // grouped, or "- (not invertible)" for x
  bool primitive = false;
};
struct WeakSeedRow {
  std::uint64_t seed = 0;
  std::string seed_hex;
  std::string text;  // "falls into 0 after 3 bit-steps (factor x)" / "cycle of ..."
};
struct PeriodView {
  std::string seed_period, seed_period_unit;  // "4,294,967,295", "bit-steps"
  int tail = 0;
  std::string max_period, nonzero_states;
  bool maximal = false;
  std::string weak_seeds;
  double weak_percent = 0.0;
  std::vector<FactorRow> factors;
  std::vector<std::string> cycle_lengths;  // "15: 1 cycle"
  std::vector<WeakSeedRow> examples;
  // The seed is weak: it dies into zero (after `tail` steps) or runs a short cycle.
  bool seed_dies = false;
  std::string units;  // plural unit
};
PeriodView period_view(const LfsrLabState& state, const LabAnalysis& analysis);

// The timeline slider's top: one full cycle (tail + period) of this seed,
// capped at the generator's max step; never below t or 1.
std::uint64_t timeline_range(const LfsrLabState& state, const LabAnalysis* analysis);

// The longest stepping check worth running (0: none): a register of at most
// 40 bits needs at most 2^w - 1 steps; a Z80 seed the algebra puts on a cycle
// of at most 2^36 calls needs tail + period.
std::uint64_t step_check_limit(const LfsrLabState& state, const LabAnalysis* analysis);
// Stepping counts the steps until the seed itself returns: 0 for a seed on a
// tail (it never returns), else the period.
bool step_check_agrees(const SeedPeriod& seed, std::uint64_t counted);

// --- Claims, dice -------------------------------------------------
// "1, 1, 30": the degrees of the characteristic polynomial's factors, with multiplicity.
std::string factor_degrees(const MapAnalysis& map);
// share in [0, 1] as a percentage cut to 5 characters: 0.0123 -> "1.230".
std::string short_percent(double share);
// "call 1 bit 0 .. call 2 bit 3": where a draw's flips came from.
std::string flip_span(const DiceRollRecord& roll);

// A tarot32 setup at t = 0 (the other fields their defaults).
LfsrLabState tarot_setup(int width, std::uint64_t mask, std::uint64_t seed);

// One row of the claims tab: the article's words, what the numbers say, and
// the setup its Open button shows (the command claim=ID).
struct ClaimRow {
  std::string claim, truth;
  bool holds = false;
  const char* id = "";      // tarot, c5, weak, z80_routine, z80
  const char* button = "";  // "Open CF", "Open"
  LfsrLabState target;
};
std::vector<ClaimRow> claim_rows(const ArticleClaims& claims);

}  // namespace shufflelab
