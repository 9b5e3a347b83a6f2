// Period analysis of the lab's generators. Independent routes: stepping the
// registers one step at a time until the seed returns (small periods), and
// for the articles' numbers (stated in the issue) jump-ahead by matrix powers:
// T^P s = s and T^(P/q) s != s for every prime q of P (trial division here).
#include "core/lfsr/lfsr_analysis.hpp"

#include <gtest/gtest.h>

#include <map>

#include "core/job_catalog.hpp"
#include "core/lfsr/lfsr_timeline.hpp"

namespace shufflelab {
namespace {

std::vector<std::uint64_t> primes_of(std::uint64_t n) {
  std::vector<std::uint64_t> out;
  for (std::uint64_t p = 2; p * p <= n; ++p)
    if (n % p == 0) {
      out.push_back(p);
      while (n % p == 0) n /= p;
    }
  if (n > 1) out.push_back(n);
  return out;
}

void expect_exact_period(const LinearMap& map, std::uint64_t seed, std::uint64_t period) {
  EXPECT_EQ(jump_linear(map, seed, period), seed);
  for (std::uint64_t q : primes_of(period)) EXPECT_NE(jump_linear(map, seed, period / q), seed) << "q=" << q;
}

TEST(LfsrAnalysis, TheArticlesClaimsVersusTheNumbers) {
  const auto claims = article_claims();
  ASSERT_TRUE(claims.has_value()) << claims.error();
  EXPECT_EQ(claims->tarot_claimed, 4294967295u);
  // Issue text: mask CF from seed 1 runs 3757580295 bit-steps, not 2^32 - 1.
  EXPECT_EQ(claims->tarot_cf.seed.period, 3757580295u);
  EXPECT_FALSE(claims->tarot_cf.map.maximal);
  expect_exact_period(galois_map(32, tarot_taps(32, 0xCF)), 1, 3757580295u);
  // C5 (the article's comment) is not maximal either; its period checked the same way.
  EXPECT_FALSE(claims->tarot_c5.map.maximal);
  EXPECT_LT(claims->tarot_c5.seed.period, 4294967295u);
  expect_exact_period(galois_map(32, tarot_taps(32, 0xC5)), 1, claims->tarot_c5.seed.period);
  // Issue text: the Z80 routine's longest cycle is 36028247263084545 calls, and
  // FFFFFFFFFFFFFFFF is a fixed point (by hand: X = FFFFFFFF, the five shifted
  // copies are all FF, their XOR is FF, and shifting FF bytes changes nothing).
  EXPECT_EQ(claims->z80_suggested, 18446744073709551615u);
  EXPECT_EQ(claims->z80.map.max_period, 36028247263084545u);
  EXPECT_EQ(claims->z80_all_ones.period, 1u);
  EXPECT_EQ(claims->z80_all_ones.tail, 0);
  Z80Lfsr ones = Z80Lfsr::from_packed(~0ull);
  ones.next_byte();
  EXPECT_EQ(ones.packed(), ~0ull);
}

TEST(LfsrAnalysis, FibonacciCharacteristicPolynomialIsItsTaps) {
  for (int w : {7, 16, 32, 64}) {
    LfsrLabState s = lab_defaults(LabGen::fibonacci);
    s.width = w;
    s.taps = default_fibonacci_taps(w);
    s.seed = 1;
    const auto a = analyse_lab(s);
    ASSERT_TRUE(a.has_value()) << a.error();
    EXPECT_EQ(a->map.characteristic.bits, (Uint128{1} << w) | s.taps);  // x^w + sum of x^i over taps
    EXPECT_TRUE(a->map.maximal);
    EXPECT_FALSE(a->seed_is_weak);
  }
}

// Every tarot mask at width 10: the analysis's weak-seed count and the
// current seed's period equal a census made by stepping all 1023 seeds.
TEST(LfsrAnalysis, WeakSeedShareMatchesACensusByStepping) {
  for (std::uint64_t mask = 0; mask < 256; mask += 7) {
    const int w = 10;
    const std::uint64_t taps = tarot_taps(w, mask);
    std::map<std::uint64_t, std::uint64_t> cycle_of;  // seed -> cycle length it ends on (1 for reaching 0)
    std::uint64_t longest = 0;
    for (std::uint64_t seed = 1; seed < 1024; ++seed) {
      // Step 1024 times to be on the cycle, then measure it.
      GaloisLfsr g{w, taps, seed};
      for (int i = 0; i < 1024; ++i) g.step_bit();
      const std::uint64_t on_cycle = g.state;
      std::uint64_t len = 0;
      do g.step_bit(), ++len;
      while (g.state != on_cycle);
      cycle_of[seed] = len;
      longest = std::max(longest, len);
    }
    std::uint64_t weak = 0;
    for (const auto& [seed, len] : cycle_of) weak += len < longest ? 1 : 0;
    LfsrLabState s{w, mask, 0x2A5, 0};
    const auto a = analyse_lab(s);
    ASSERT_TRUE(a.has_value());
    EXPECT_EQ(a->map.max_period, longest) << "mask " << mask;
    EXPECT_EQ(static_cast<std::uint64_t>(a->map.weak_seeds), weak) << "mask " << mask;
    EXPECT_DOUBLE_EQ(a->weak_share, static_cast<double>(weak) / 1023.0);
    EXPECT_EQ(a->seed.period, cycle_of[0x2A5]);
    EXPECT_EQ(a->seed_is_weak, cycle_of[0x2A5] < longest || a->seed.annihilator.bits == (Uint128{1} << a->seed.tail));
  }
}

// Each example weak seed really cycles (or dies) as stated: stepped here.
TEST(LfsrAnalysis, WeakSeedExamplesAreWhatTheySay) {
  std::vector<LfsrLabState> states;
  states.push_back(lab_defaults(LabGen::z80));
  states.push_back(LfsrLabState{16, 0x01, 0x1234, 0});  // top bit of the taps clear: not invertible
  states.push_back(LfsrLabState{32, 0xCF, 1, 0});
  LfsrLabState fib = lab_defaults(LabGen::fibonacci);
  fib.width = 20, fib.taps = 0x2C, fib.seed = 5;  // no bit 0: information is lost each step
  states.push_back(fib);
  for (const LfsrLabState& s : states) {
    const auto a = analyse_lab(s);
    ASSERT_TRUE(a.has_value()) << a.error();
    ASSERT_FALSE(a->examples.empty()) << lab_gen_name(s.gen);
    for (const WeakSeedExample& e : a->examples) {
      EXPECT_LT(e.period, a->map.max_period);
      if (e.period > (1u << 22)) continue;
      LfsrLabState at = s;
      at.seed = e.seed;
      LabTimeline timeline = LabTimeline::make(at).value();
      const std::string after_tail = ByteGenerator(timeline.at(static_cast<std::uint64_t>(e.tail))).state_string();
      // Step one at a time from the tail's end until that state returns.
      Engine walker = timeline.at(static_cast<std::uint64_t>(e.tail));
      std::uint64_t steps = 0;
      do {
        step_engine(walker, 1);
        ++steps;
      } while (ByteGenerator(walker).state_string() != after_tail && steps <= e.period);
      EXPECT_EQ(steps, e.period) << lab_gen_name(s.gen) << " seed " << e.seed;
      if (e.reaches_zero) {
        EXPECT_EQ(after_tail.find_first_not_of('0'), std::string::npos);
      }
    }
  }
}

TEST(LfsrAnalysis, NonLinearGeneratorsAreRefused) {
  EXPECT_FALSE(analyse_lab(lab_defaults(LabGen::lcg32)).has_value());
  EXPECT_FALSE(analyse_lab(lab_defaults(LabGen::pcg32)).has_value());
}

TEST(LfsrAnalysis, SteppingJobAgreesWithABruteForceCount) {
  LfsrLabState s = lab_defaults(LabGen::fibonacci);
  s.width = 12, s.taps = 0x53, s.seed = 0x9;
  std::uint64_t state = s.seed, count = 0;
  do {
    const std::uint64_t feedback = static_cast<std::uint64_t>(__builtin_popcountll(state & s.taps) & 1);
    state = (state >> 1) | (feedback << 11);
    ++count;
  } while (state != s.seed);
  auto job = make_job("lfsr_lab_step_period", lfsr_lab_step_job_params(s, 4095));
  ASSERT_TRUE(job.has_value()) << job.error();
  run_job_to_end(**job, 1000, [](double) {});
  EXPECT_EQ((*job)->result()[0], static_cast<double>(count));

  // A Z80 fixed point returns after one call; a tail seed never returns.
  LfsrLabState z = lab_defaults(LabGen::z80);
  z.seed = ~0ull;
  auto zjob = make_job("lfsr_lab_step_period", lfsr_lab_step_job_params(z, 100));
  ASSERT_TRUE(zjob.has_value()) << zjob.error();
  run_job_to_end(**zjob, 10, [](double) {});
  EXPECT_EQ((*zjob)->result()[0], 1.0);
  LfsrLabState dying{16, 0x01, 0x8040, 0};  // mask 01 at width 16 is not invertible
  auto djob = make_job("lfsr_lab_step_period", lfsr_lab_step_job_params(dying, 65535));
  ASSERT_TRUE(djob.has_value());
  run_job_to_end(**djob, 5000, [](double) {});
  EXPECT_EQ((*djob)->result()[0], 0.0);

  EXPECT_FALSE(make_job("lfsr_lab_step_period", lfsr_lab_step_job_params(lab_defaults(LabGen::glibc), 10)).has_value());
  EXPECT_FALSE(make_job("lfsr_lab_step_period", "gen=z80&seed=0102030405060708").has_value());  // no limit
}

}  // namespace
}  // namespace shufflelab
