// The LFSR lab panel's view models, on hand-made inputs whose expected text
// and numbers are worked out in the comments.
#include "core/lfsr/lfsr_lab_view.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace shufflelab {
namespace {

LfsrLabState tarot(int width, std::uint64_t seed) {
  LfsrLabState s;
  s.width = width;
  s.seed = seed;
  return s;
}

// The register view at bit-step t, `shifts` into the current byte.
LfsrView register_at(int width, std::uint64_t t, int shifts) {
  LfsrView v;
  v.width = width;
  v.t = t;
  v.shifts_into_byte = shifts;
  return v;
}

using Names = std::vector<std::string>;
Names label_names(const RegisterStepperView& r, bool long_names) {
  Names names;
  for (const RegisterByteLabel& label : r.byte_labels) names.push_back(long_names ? label.long_name : label.name);
  return names;
}

TEST(LfsrLabViewModel, UnitsAndBits) {
  EXPECT_EQ(lab_unit_plural(LabGen::tarot32), "bit-steps");
  EXPECT_EQ(lab_unit_word(LabGen::tarot32, 1), "bit-step");
  EXPECT_EQ(lab_unit_word(LabGen::z80, 2), "calls");
  EXPECT_EQ(lab_unit_word(LabGen::lcg32, 0), "outputs");
  EXPECT_EQ(bits_string(0b1011, 6), "001011");
  EXPECT_EQ(bits_string(0xFF, 8), "11111111");
}

TEST(LfsrLabViewModel, SetupKeyIgnoresTimeAndLanes) {
  LfsrLabState a = tarot(32, 0xDEADBEEF), b = a;
  b.t = 77;
  b.lanes = true;
  EXPECT_EQ(lfsr_setup_key(a), lfsr_setup_key(b));
  EXPECT_NE(lfsr_setup_key(a, true), lfsr_setup_key(b, true));  // t=0 vs t=77
  b.t = 0;
  EXPECT_EQ(lfsr_setup_key(a, true), lfsr_setup_key(b, true));  // lanes alone do not count
  b.seed = 1;
  EXPECT_NE(lfsr_setup_key(a), lfsr_setup_key(b));
}

// Tarot, width 20, bit-step 13: call 13/8 + 1 = 2, five shifts into it; the
// byte labels are the 8-cell groups from the top: lfsr0 (output), lfsr1, lfsr2.
TEST(LfsrLabViewModel, TarotRegisterLabelsRowsAndMask) {
  LfsrLabState s = tarot(20, 0x12345);
  LfsrView v = register_at(20, 13, 5);
  v.fallen_bits = {1, 0};
  v.top_after = {0x65, 0x32};  // 0110 0101, 0011 0010
  v.recent_bytes = {0xAB, 0x01};
  const RegisterStepperView r = register_stepper_view(s, v);
  EXPECT_TRUE(r.tarot);
  EXPECT_EQ(r.byte_number, 2u);
  EXPECT_EQ(label_names(r, false), (Names{"lfsr0", "lfsr1", "lfsr2"}));
  EXPECT_EQ(label_names(r, true), (Names{"lfsr0 (output)", "lfsr1", "lfsr2"}));
  EXPECT_EQ(r.taps_hex, "CF");  // the top-byte mask, two digits
  ASSERT_EQ(r.call_rows.size(), 2u);
  EXPECT_EQ(r.call_rows[0].shift, 1);
  EXPECT_EQ(r.call_rows[0].fell_out, 1);
  EXPECT_EQ(r.call_rows[0].lfsr0_after, "01100101  65");
  EXPECT_EQ(r.call_rows[1].lfsr0_after, "00110010  32");
  EXPECT_EQ(r.fallen, "10");
  EXPECT_EQ(r.recent_bytes, "ab 01");
}

TEST(LfsrLabViewModel, FullTapsShowTheWholeMask) {
  LfsrLabState s = tarot(12, 0x1);
  s.full_taps = true;
  LfsrView v = register_at(12, 0, 0);
  v.taps = 0x829;
  EXPECT_EQ(register_stepper_view(s, v).taps_hex, "829");  // (12 + 3) / 4 = 3 digits
}

// Fibonacci, width 12: labels "bit 11" (cells 11..4) and "bit 3" (cells 3..0);
// three bits fallen, byte so far 101b: bits 0 and 2 are 1, bit 1 is 0, 3..7 not yet.
TEST(LfsrLabViewModel, FibonacciLabelsAndByteSoFar) {
  LfsrLabState s = lab_defaults(LabGen::fibonacci);
  s.width = 12;
  LfsrView v = register_at(12, 3, 3);
  v.byte_so_far = 0b101;
  const RegisterStepperView r = register_stepper_view(s, v);
  EXPECT_FALSE(r.tarot);
  EXPECT_EQ(r.byte_number, 1u);
  EXPECT_EQ(label_names(r, true), (Names{"bit 11", "bit 3"}));
  const std::array<int, 8> expected{1, 0, 1, -1, -1, -1, -1, -1};
  EXPECT_EQ(r.byte_bits, expected);
}

// A made-up analysis: 2^40 - 1 = 1,099,511,627,775 nonzero states, 2^36 =
// 68,719,476,736 weak seeds, a share of 1/16 = 6.25 %.
LabAnalysis made_up_analysis() {
  LabAnalysis a;
  a.seed.period = 1234567;
  a.seed.tail = 0;
  a.seed.annihilator = Gf2Poly{0b10011};
  a.map.max_period = 4294967295u;
  a.map.nonzero_states = (Uint128{1} << 40) - 1;
  a.map.weak_seeds = Uint128{1} << 36;
  a.weak_share = 0.0625;
  FactorInfo x, primitive, not_primitive;
  x.poly = kGf2X, x.multiplicity = 2, x.minimal_multiplicity = 1;
  primitive.poly = Gf2Poly{0b10011}, primitive.multiplicity = 1, primitive.order = 15;          // x^4+x+1: 15 = 2^4 - 1
  not_primitive.poly = Gf2Poly{0b11111}, not_primitive.multiplicity = 1, not_primitive.order = 5;  // divides x^5 + 1
  a.map.factors = {x, primitive, not_primitive};
  a.map.cycle_lengths = {CycleClass{15, 15, 1, 15}, CycleClass{1000, 2000000, 2000, 2000000}};
  WeakSeedExample dies, cycles, single;
  dies.seed = 0x3, dies.reaches_zero = true, dies.tail = 2, dies.factor = kGf2X;
  cycles.seed = 0x1F, cycles.factor = Gf2Poly{0b11111}, cycles.period = 5;
  single.seed = 0x7, single.factor = Gf2Poly{0b11}, single.period = 1;
  a.examples = {dies, cycles, single};
  return a;
}

TEST(LfsrLabViewModel, PeriodFiguresAndFactorRows) {
  const PeriodView p = period_view(tarot(12, 0xABC), made_up_analysis());
  EXPECT_EQ(p.seed_period, "1,234,567");
  EXPECT_EQ(p.seed_period_unit, "bit-steps");
  EXPECT_EQ(p.max_period, "4,294,967,295");
  EXPECT_EQ(p.nonzero_states, "1,099,511,627,775");
  EXPECT_EQ(p.weak_seeds, "68,719,476,736");
  EXPECT_DOUBLE_EQ(p.weak_percent, 6.25);
  ASSERT_EQ(p.factors.size(), 3u);
  EXPECT_EQ(p.factors[0].poly, "x");
  EXPECT_EQ(p.factors[0].order, "- (not invertible)");
  EXPECT_FALSE(p.factors[0].primitive);
  EXPECT_EQ(p.factors[1].poly, "x^4 + x + 1");
  EXPECT_EQ(p.factors[1].order, "15");
  EXPECT_TRUE(p.factors[1].primitive);
  EXPECT_EQ(p.factors[2].order, "5");
  EXPECT_FALSE(p.factors[2].primitive);  // 5 != 2^4 - 1
  ASSERT_EQ(p.cycle_lengths.size(), 2u);
  EXPECT_EQ(p.cycle_lengths[0], "15: 1 cycle");
  EXPECT_EQ(p.cycle_lengths[1], "1,000: 2,000 cycles");
  EXPECT_FALSE(p.seed_dies);  // annihilator x^4+x+1, not x^0
  EXPECT_EQ(p.units, "bit-steps");
}

TEST(LfsrLabViewModel, WeakSeedRowsNameTheSeedInRegisterDigits) {
  const PeriodView p = period_view(tarot(12, 0xABC), made_up_analysis());
  ASSERT_EQ(p.examples.size(), 3u);
  EXPECT_EQ(p.examples[0].seed, 0x3u);
  EXPECT_EQ(p.examples[0].text, "003: falls into 0 after 2 bit-steps (factor x)");
  EXPECT_EQ(p.examples[1].text, "01F: cycle of 5 bit-steps (factor of degree 4)");
  EXPECT_EQ(p.examples[2].text, "007: cycle of 1 bit-step (factor of degree 1)");
}

TEST(LfsrLabViewModel, SeedThatDiesIsAnnihilatedByAPowerOfX) {
  LabAnalysis a = made_up_analysis();
  a.seed.tail = 3;
  a.seed.annihilator = Gf2Poly{0b1000};  // x^3
  EXPECT_TRUE(period_view(tarot(12, 0x8), a).seed_dies);
  a.seed.annihilator = Gf2Poly{0b1001};  // x^3 + 1: a tail, then a cycle
  EXPECT_FALSE(period_view(tarot(12, 0x8), a).seed_dies);
}

TEST(LfsrLabViewModel, TimelineSpansOneCycle) {
  LfsrLabState s = tarot(32, 1);
  LabAnalysis a;
  a.seed.period = 100;
  a.seed.tail = 3;
  EXPECT_EQ(timeline_range(s, &a), 103u);  // tail + period
  s.t = 500;
  EXPECT_EQ(timeline_range(s, &a), 500u);  // never below t
  s.t = 0;
  a.seed.period = std::uint64_t{1} << 60;
  EXPECT_EQ(timeline_range(s, &a), kMaxLfsrStep);  // capped at 2^53
  EXPECT_EQ(timeline_range(s, nullptr), kMaxLfsrStep);
  EXPECT_EQ(timeline_range(lab_defaults(LabGen::glibc), nullptr), kMaxReplaySteps);
}

TEST(LfsrLabViewModel, StepCheckLimitAndVerdict) {
  EXPECT_EQ(step_check_limit(tarot(20, 1), nullptr), 1048575u);  // 2^20 - 1
  EXPECT_EQ(step_check_limit(tarot(40, 1), nullptr), 1099511627775u);
  EXPECT_EQ(step_check_limit(tarot(41, 1), nullptr), 0u);
  EXPECT_EQ(step_check_limit(lab_defaults(LabGen::lcg32), nullptr), 0u);
  const LfsrLabState z80 = lab_defaults(LabGen::z80);
  EXPECT_EQ(step_check_limit(z80, nullptr), 0u);
  LabAnalysis a;
  a.seed.period = std::uint64_t{1} << 36;
  a.seed.tail = 2;
  EXPECT_EQ(step_check_limit(z80, &a), (std::uint64_t{1} << 36) + 2);
  a.seed.period += 1;
  EXPECT_EQ(step_check_limit(z80, &a), 0u);

  SeedPeriod cycle;
  cycle.period = 15;
  EXPECT_TRUE(step_check_agrees(cycle, 15));
  EXPECT_FALSE(step_check_agrees(cycle, 14));
  SeedPeriod tail = cycle;
  tail.tail = 2;  // the seed itself never comes back
  EXPECT_TRUE(step_check_agrees(tail, 0));
  EXPECT_FALSE(step_check_agrees(tail, 15));
}

TEST(LfsrLabViewModel, ClaimAndDiceText) {
  MapAnalysis m;
  FactorInfo one, big;
  one.poly = Gf2Poly{0b11}, one.multiplicity = 2;  // (x + 1)^2
  big.poly = Gf2Poly{(Uint128{1} << 30) | 1}, big.multiplicity = 1;
  m.factors = {one, big};
  EXPECT_EQ(factor_degrees(m), "1, 1, 30");
  EXPECT_EQ(short_percent(0.0123), "1.230");
  EXPECT_EQ(short_percent(0.5), "50.00");
  DiceRollRecord roll;
  roll.first_flip = 6;  // call 1, bit 6
  roll.flips = 5;       // flips 6..10: the last is bit 2 of call 2
  EXPECT_EQ(flip_span(roll), "call 1 bit 6 .. call 2 bit 2");
}

TEST(LfsrLabViewModel, LatticeDescription) {
  DualVector planes;
  planes.dims = 3;
  planes.s = {9, -6, 1};
  planes.length = 10.954451;  // sqrt(120), cut (not rounded) to two decimals
  planes.hyperplanes = 15;
  EXPECT_EQ(lattice_description(planes, "planes"),
            "s = (9, -6, 1): every triple lies on one of 15 parallel planes s . x = k m + r, 10.95 apart (times 1/|s|)");
  DualVector lines;
  lines.dims = 2;
  lines.s = {1, 2};
  lines.length = 2.236;
  lines.hyperplanes = 1234;
  EXPECT_EQ(lattice_description(lines, "lines"),
            "s = (1, 2): every pair lies on one of 1,234 parallel lines s . x = k m + r, 2.23 apart (times 1/|s|)");
}

}  // namespace
}  // namespace shufflelab
