#include "core/lfsr/lfsr_lab_view.hpp"

#include <algorithm>

#include "core/base/parse.hpp"
#include "core/base/text_format.hpp"
#include "core/base/url_fields.hpp"

namespace shufflelab {

std::string lab_unit_plural(LabGen gen) { return std::string(lab_step_unit(gen)) + "s"; }

std::string lab_unit_word(LabGen gen, std::uint64_t n) {
  return n == 1 ? std::string(lab_step_unit(gen)) : lab_unit_plural(gen);
}

std::string bits_string(std::uint64_t value, int width) {
  std::string s;
  for (int i = width - 1; i >= 0; --i) s += ((value >> i) & 1) ? '1' : '0';
  return s;
}

std::string lfsr_setup_key(const LfsrLabState& state, bool with_t) {
  LfsrLabState key = state;
  if (!with_t) key.t = 0;
  key.lanes = false;
  key.tab = "stepper";
  key.run.clear();
  FieldWriter out;
  encode_lfsr_lab(key, out);
  return out.text();
}

// ---------------------------------------------------------------------------
// Register stepper

namespace {

std::vector<RegisterByteLabel> byte_labels(bool tarot, int width) {
  std::vector<RegisterByteLabel> labels;
  for (int from_top = 0; from_top < width; from_top += 8) {
    RegisterByteLabel label;
    if (tarot && width >= 8) {
      label.name = "lfsr" + std::to_string(from_top / 8);
      label.long_name = from_top == 0 ? "lfsr0 (output)" : label.name;
    } else {
      label.name = label.long_name = "bit " + std::to_string(width - 1 - from_top);
    }
    labels.push_back(std::move(label));
  }
  return labels;
}

}  // namespace

RegisterStepperView register_stepper_view(const LfsrLabState& state, const LfsrView& view) {
  RegisterStepperView out;
  out.tarot = state.gen == LabGen::tarot32;
  out.t = view.t;
  out.byte_number = view.t / 8 + 1;
  out.shifts_into_byte = view.shifts_into_byte;
  out.byte_labels = byte_labels(out.tarot, view.width);
  out.taps_hex = state.full_taps ? format_hex_upper(view.taps, (view.width + 3) / 4) : format_hex_upper(state.mask, 2);
  for (std::size_t i = 0; i < view.top_after.size() && i < view.fallen_bits.size(); ++i)
    out.call_rows.push_back({static_cast<int>(i + 1), view.fallen_bits[i],
                             bits_string(view.top_after[i], 8) + "  " + format_hex_upper(view.top_after[i], 2)});
  for (int i = 0; i < 8; ++i)
    out.byte_bits[static_cast<std::size_t>(i)] = i < view.shifts_into_byte ? (view.byte_so_far >> i) & 1 : -1;
  for (int b : view.fallen_bits) out.fallen += b ? '1' : '0';
  out.recent_bytes = format_hex_bytes(view.recent_bytes.data(), view.recent_bytes.size());
  return out;
}

// ---------------------------------------------------------------------------
// Period tab

namespace {

FactorRow factor_row(const FactorInfo& f) {
  const bool invertible = f.poly != kGf2X;
  return {to_string(f.poly), f.multiplicity, f.minimal_multiplicity,
          invertible ? grouped(f.order) : "- (not invertible)",
          invertible && f.order == mersenne(f.poly.degree())};
}

WeakSeedRow weak_seed_row(const LfsrLabState& state, const WeakSeedExample& e) {
  const std::string hex = format_hex_upper(e.seed, lab_seed_digits(state));
  std::string text = hex + ": ";
  if (e.reaches_zero)
    text += "falls into 0 after " + std::to_string(e.tail) + " " + lab_unit_plural(state.gen) + " (factor x)";
  else
    text += "cycle of " + grouped(e.period) + " " + lab_unit_word(state.gen, e.period) + " (factor of degree " +
            std::to_string(e.factor.degree()) + ")";
  return {e.seed, hex, std::move(text)};
}

}  // namespace

PeriodView period_view(const LfsrLabState& state, const LabAnalysis& analysis) {
  const MapAnalysis& m = analysis.map;
  const SeedPeriod& p = analysis.seed;
  PeriodView out;
  out.seed_period = grouped(p.period);
  out.seed_period_unit = lab_unit_word(state.gen, p.period);
  out.tail = p.tail;
  out.max_period = grouped(m.max_period);
  out.nonzero_states = grouped(to_decimal(m.nonzero_states));
  out.maximal = m.maximal;
  out.weak_seeds = grouped(to_decimal(m.weak_seeds));
  out.weak_percent = analysis.weak_share * 100.0;
  for (const FactorInfo& f : m.factors) out.factors.push_back(factor_row(f));
  for (const CycleClass& c : m.cycle_lengths)
    out.cycle_lengths.push_back(grouped(c.length) + ": " + grouped(to_decimal(c.cycles)) + " cycle" +
                                (c.cycles == 1 ? "" : "s"));
  for (const WeakSeedExample& e : analysis.examples) out.examples.push_back(weak_seed_row(state, e));
  // A seed that dies is annihilated by x^tail alone.
  out.seed_dies = p.tail < 128 && p.annihilator.bits == (Uint128{1} << p.tail);
  out.units = lab_unit_plural(state.gen);
  return out;
}

std::uint64_t timeline_range(const LfsrLabState& state, const LabAnalysis* analysis) {
  const std::uint64_t max = lab_max_step(state.gen);
  std::uint64_t range = max;
  if (analysis && analysis->seed.period > 0) {
    const Uint128 cycle = Uint128{analysis->seed.period} + static_cast<unsigned>(analysis->seed.tail);
    range = cycle < max ? static_cast<std::uint64_t>(cycle) : max;
  }
  return std::max({range, state.t, std::uint64_t{1}});
}

std::uint64_t step_check_limit(const LfsrLabState& state, const LabAnalysis* analysis) {
  if (state.gen == LabGen::z80) {
    if (!analysis || analysis->seed.period > (std::uint64_t{1} << 36)) return 0;
    return static_cast<std::uint64_t>(analysis->seed.tail) + analysis->seed.period;
  }
  if (!lab_gen_steps_bits(state.gen) || state.width > 40) return 0;
  return width_mask(state.width);  // more steps than nonzero states: the seed is on a tail
}

bool step_check_agrees(const SeedPeriod& seed, std::uint64_t counted) {
  return counted == (seed.tail ? 0 : seed.period);
}

// ---------------------------------------------------------------------------
// Claims, dice

std::string factor_degrees(const MapAnalysis& map) {
  std::string s;
  for (const FactorInfo& f : map.factors)
    for (int k = 0; k < f.multiplicity; ++k) s += (s.empty() ? "" : ", ") + std::to_string(f.poly.degree());
  return s;
}

std::string short_percent(double share) { return std::to_string(share * 100.0).substr(0, 5); }

std::string flip_span(const DiceRollRecord& roll) {
  const std::uint64_t last = roll.first_flip + roll.flips - 1;
  return "call " + std::to_string(roll.first_flip / 8 + 1) + " bit " + std::to_string(roll.first_flip % 8) +
         " .. call " + std::to_string(last / 8 + 1) + " bit " + std::to_string(last % 8);
}

LfsrLabState tarot_setup(int width, std::uint64_t mask, std::uint64_t seed) {
  LfsrLabState s;
  s.width = width, s.mask = mask, s.seed = seed;
  return s;
}

std::vector<ClaimRow> claim_rows(const ArticleClaims& c) {
  std::vector<ClaimRow> rows;
  const LfsrLabState cf = tarot_setup(32, 0xCF, 1), c5 = tarot_setup(32, 0xC5, 1);
  rows.push_back({"Tarot (seed 000): with mask CF the LFSR runs " + grouped(c.tarot_claimed) +
                      " (2^32 - 1) bit-steps before it repeats, through every nonzero 32-bit value.",
                  "From seed 1, mask CF repeats after " + grouped(c.tarot_cf.seed.period) +
                      " bit-steps, and no seed does better: CF is " + (c.tarot_cf.map.maximal ? "" : "not ") +
                      "maximal. Its characteristic polynomial factors into degrees " + factor_degrees(c.tarot_cf.map) +
                      ".",
                  c.tarot_cf.seed.period == c.tarot_claimed, "tarot", "Open CF", cf});
  rows.push_back({"Its text names the polynomial C5 (%11000101).",
                  "From seed 1, mask C5 repeats after " + grouped(c.tarot_c5.seed.period) + " bit-steps: " +
                      (c.tarot_c5.map.maximal ? std::string("maximal.")
                                              : "not maximal either (degrees " + factor_degrees(c.tarot_c5.map) +
                                                    "). The Period tab lists the masks that are."),
                  c.tarot_c5.seed.period == c.tarot_claimed, "c5", "Open C5", c5});
  std::string weak_truth = "With CF, " + grouped(to_decimal(c.tarot_cf.map.weak_seeds)) + " nonzero seeds (" +
                           short_percent(c.tarot_cf.weak_share) + "%) sit on shorter cycles.";
  LfsrLabState weak = cf;
  if (!c.tarot_cf.examples.empty()) {
    const WeakSeedExample& e = c.tarot_cf.examples.front();
    weak_truth += " Seed " + format_hex_upper(e.seed, 8) + " repeats after only " + grouped(e.period) + " bit-steps.";
    weak.seed = e.seed;
  }
  rows.push_back({"Other than not being all 0s, it does not much matter what the 32 bits start as.", weak_truth,
                  c.tarot_cf.map.weak_seeds == 0, "weak", "Open", weak});
  const LfsrLabState z80 = lab_defaults(LabGen::z80);
  rows.push_back({"Z80 (seed 002): the routine is a \"64-bit LFSR\"; a maximal one would run 2^64 - 1 = " +
                      grouped(c.z80_suggested) + " calls from any nonzero seed.",
                  "Its longest cycle is " + grouped(c.z80.map.max_period) + " calls (from 0102030405060708: " +
                      grouped(c.z80.seed.period) + "); the characteristic polynomial factors into degrees " +
                      factor_degrees(c.z80.map) + ".",
                  c.z80.map.max_period == c.z80_suggested, "z80_routine", "Open", z80});
  LfsrLabState ones = z80;
  ones.seed = ~std::uint64_t{0};
  rows.push_back({"(Same claim, one seed.)",
                  "Seed FFFFFFFFFFFFFFFF is a fixed point: it returns after " + grouped(c.z80_all_ones.period) +
                      " call and outputs FF forever.",
                  c.z80_all_ones.period > 1, "z80", "Open", ones});
  return rows;
}

}  // namespace shufflelab
