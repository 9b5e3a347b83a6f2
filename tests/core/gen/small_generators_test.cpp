// The small generators of 8-bit code (core/gen/generator_presets.hpp), their
// exact LCG cycle structure (core/gen/lcg_period.hpp) and Berlekamp-Massey
// (core/gen/linear_complexity.hpp). Independent sources: every state walked
// by stepping the generator itself until it returns (widths 8 and 16), the
// published full-period rules (Knuth, TAOCP vol. 2, 3.2.1.2, Theorem A:
// Hull-Dobell; Theorem B: 2^(k-2) for c = 0, a = 3 or 5 mod 8), the published
// outputs of Metcalf's and the CPCWiki routines re-derived by hand below, and
// an exhaustive search over every shorter LFSR for Berlekamp-Massey.
// xorshift32's full 2^32 - 1 walk takes ~7 s of CPU natively (too long for
// the three test builds); here seeds are sampled, see the report for the run.
#include "core/gen/generator_presets.hpp"

#include <gtest/gtest.h>

#include <map>
#include <random>
#include <type_traits>
#include <variant>
#include <vector>

#include "core/gen/generators.hpp"
#include "core/gen/lcg_period.hpp"
#include "core/gen/linear_complexity.hpp"
#include "core/gen/period.hpp"
#include "core/lfsr/lfsr_analysis.hpp"

namespace shufflelab {
namespace {

ByteGenerator preset(std::string_view name, std::string seed) {
  auto g = make_generator(name, {{"seed", seed}});
  EXPECT_TRUE(g.has_value()) << name << ": " << (g ? "" : g.error());
  return g.value();
}

// The engine's own step on a bare state: bit-steps for the shift registers,
// one output for xorshift and the LCGs.
std::uint64_t step_state(ByteGenerator::Engine engine, std::uint64_t state) {
  return std::visit(
      [&](auto& g) -> std::uint64_t {
        using T = std::decay_t<decltype(g)>;
        if constexpr (std::is_same_v<T, GaloisLfsr> || std::is_same_v<T, FibonacciLfsr>) {
          g.state = state;
          g.step_bit();
          return g.state;
        } else if constexpr (std::is_same_v<T, Xorshift> || std::is_same_v<T, Lcg32>) {
          g.state = static_cast<std::uint32_t>(state);
          return g.next();
        } else {
          ADD_FAILURE() << "not a small generator";
          return state;
        }
      },
      engine);
}

// Cycle length -> number of states on such cycles, by walking every state
// of a permutation (each state visited once).
std::map<std::uint64_t, std::uint64_t> walk_cycles(const ByteGenerator::Engine& engine, int width, bool skip_zero) {
  const std::size_t n = std::size_t{1} << width;
  std::vector<bool> seen(n, false);
  std::map<std::uint64_t, std::uint64_t> states_on;
  for (std::size_t s = skip_zero ? 1 : 0; s < n; ++s) {
    if (seen[s]) continue;
    std::uint64_t length = 0, x = s;
    do {
      seen[static_cast<std::size_t>(x)] = true;
      x = step_state(engine, x);
      ++length;
    } while (x != s && length <= n);
    EXPECT_EQ(x, s) << "not a permutation";
    states_on[length] += length;
  }
  return states_on;
}

TEST(SmallGenerators, PresetsBuildThePublishedRoutines) {
  // Metcalf's C: xs = 1; xs ^= xs << 7 (0x0081); xs ^= xs >> 9 (0x0081);
  // xs ^= xs << 8 (0x8181), so the first high byte is 0x81; the next state
  // is 0x8181 -> 0x4101 -> 0x4121 -> 0x6021 (high byte 0x60).
  ByteGenerator xs16 = preset("xorshift16", "1");
  EXPECT_EQ(xs16.next_byte(), 0x81);
  EXPECT_EQ(xs16.next_byte(), 0x60);
  EXPECT_EQ(xs16.name(), "xorshift");
  // Marsaglia's xor32 from y = 1: y ^= y << 13 (0x2001), y ^= y >> 17 (same),
  // y ^= y << 5 (0x2001 ^ 0x40020 = 0x42021).
  Xorshift xs32 = std::get<Xorshift>(preset("xorshift32", "1").engine());
  EXPECT_EQ(xs32.next(), 0x42021u);
  // CPCWiki's 5x + 1 mod 256 from 0: 1, 6, 31, 156.
  ByteGenerator lcg8 = preset("lcg8", "0");
  for (int expected : {1, 6, 31, 156}) EXPECT_EQ(lcg8.next_byte(), expected);
  // GETRAND: 5 * 0 + 13841 = 0x3611 (high byte 0x36); 5 * 13841 + 13841 = 83046 = 0x14466 -> 0x4466.
  ByteGenerator lcg16 = preset("lcg16", "0");
  EXPECT_EQ(lcg16.next_byte(), 0x36);
  EXPECT_EQ(lcg16.next_byte(), 0x44);
  // Wikipedia's Galois example: 0xACE1 -> lsb 1: (0xACE1 >> 1) ^ 0xB400 = 0xE270.
  GaloisLfsr g16 = std::get<GaloisLfsr>(preset("galois16", "ACE1").engine());
  g16.step_bit();
  EXPECT_EQ(g16.state, 0xE270u);
  // Wikipedia's Fibonacci example: 0xACE1, bit = 1^0^0^1 = 0 -> 0x5670.
  FibonacciLfsr f16 = std::get<FibonacciLfsr>(preset("fibonacci16", "ACE1").engine());
  f16.step_bit();
  EXPECT_EQ(f16.state, 0x5670u);
}

TEST(SmallGenerators, PresetsTakeOnlyASeedAndRoundTripThroughTheirParams) {
  EXPECT_FALSE(make_generator("xorshift16", {{"seed", "1"}, {"width", "32"}}).has_value());
  EXPECT_FALSE(make_generator("xorshift16", {{"seed", "0"}}).has_value());
  EXPECT_FALSE(make_generator("xorshift16", {{"seed", "10000"}}).has_value());  // 17 bits
  EXPECT_FALSE(make_generator("lcg8", {{"seed", "256"}}).has_value());
  for (const auto& p : generator_presets()) {
    ByteGenerator g = preset(p.name, "1");
    g.next_byte();
    auto again = make_generator(g.name(), g.params());
    ASSERT_TRUE(again.has_value()) << p.name << ": " << again.error();
    ByteGenerator copy = again.value();
    for (int i = 0; i < 64; ++i) ASSERT_EQ(g.next_byte(), copy.next_byte()) << p.name;
  }
}

TEST(SmallGenerators, ShiftRegisterAndXorshiftPeriodsByWalkingEveryState) {
  for (std::string_view name : {"galois8", "galois16", "fibonacci8", "fibonacci16", "xorshift16"}) {
    ByteGenerator g = preset(name, "1");
    const int width = std::visit([](const auto& e) {
      if constexpr (requires { e.width; }) return e.width;
      else return 0;
    }, g.engine());
    const auto walked = walk_cycles(g.engine(), width, true);
    // The published maximal taps: one cycle through all 2^w - 1 nonzero states.
    ASSERT_EQ(walked.size(), 1u) << name;
    EXPECT_EQ(walked.begin()->first, (std::uint64_t{1} << width) - 1) << name;

    auto lab = lab_state_for(name);
    ASSERT_TRUE(lab.has_value()) << name;
    auto analysis = analyse_lab(*lab);
    ASSERT_TRUE(analysis.has_value()) << name;
    EXPECT_EQ(analysis->map.max_period, walked.begin()->first) << name;
    EXPECT_TRUE(analysis->map.maximal) << name;
    EXPECT_EQ(analysis->map.weak_seeds, 0u) << name;
  }
}

TEST(SmallGenerators, Xorshift32IsMaximalOnSampledSeeds) {
  auto lab = lab_state_for("xorshift32");
  ASSERT_TRUE(lab.has_value());
  auto analysis = analyse_lab(*lab);
  ASSERT_TRUE(analysis.has_value());
  EXPECT_EQ(analysis->map.max_period, 0xffffffffu);
  EXPECT_EQ(analysis->map.weak_seeds, 0u);
  // Marsaglia (2003) lists (13, 17, 5) among the triples with period
  // 2^32 - 1 for every nonzero seed, which the analysis above reproduces;
  // stepping sampled seeds rules out any cycle shorter than 2^20.
  std::mt19937 rng(5);
  for (int i = 0; i < 3; ++i) {
    const std::uint32_t seed = static_cast<std::uint32_t>(rng()) | 1;
    Xorshift x = std::get<Xorshift>(preset("xorshift32", "1").engine());
    x.state = seed;
    for (int k = 0; k < (1 << 20); ++k) ASSERT_NE(x.next(), seed);
  }
}

std::map<std::uint64_t, std::uint64_t> lcg_classes(const LcgCycles& c) {
  std::map<std::uint64_t, std::uint64_t> m;
  for (const auto& k : c.classes) m[std::uint64_t{1} << k.log2_length] = static_cast<std::uint64_t>(k.states);
  return m;
}

TEST(LcgCycles, EqualsAWalkOfEveryStateForSmallModuli) {
  struct Case { std::uint32_t a, c; int bits; };
  // The presets, a multiplicative LCG (a = 3, 5 mod 8), c even, a = 3 mod 4, a = 1.
  for (const Case& k : std::vector<Case>{{5, 1, 8}, {5, 13841, 16}, {3, 0, 16}, {65539 & 0xffff, 0, 16}, {5, 0, 8},
                                         {5, 2, 8}, {7, 1, 8}, {7, 3, 16}, {1, 1, 8}, {1, 4, 8}, {13, 6, 16}}) {
    Lcg32 engine{k.a, k.c, k.bits, 0};
    const auto walked = walk_cycles(ByteGenerator::Engine{engine}, k.bits, false);
    auto cycles = lcg_cycles(k.a, k.c, k.bits);
    ASSERT_TRUE(cycles.has_value());
    EXPECT_EQ(lcg_classes(*cycles), walked) << k.a << " " << k.c << " " << k.bits;
    // Every state's own period, stepped.
    for (std::uint32_t s = 0; s < (1u << k.bits); s += k.bits == 8 ? 7 : 2999) {
      Lcg32 g{k.a, k.c, k.bits, s};
      std::uint64_t n = 0;
      do ++n, g.next(); while (g.state != s);
      auto p = lcg_seed_log2_period(k.a, k.c, k.bits, s);
      ASSERT_TRUE(p.has_value());
      EXPECT_EQ(std::uint64_t{1} << *p, n) << k.a << " " << k.c << " seed " << s;
    }
  }
  EXPECT_FALSE(lcg_cycles(4, 1, 8).has_value());   // even a: not a permutation
  EXPECT_FALSE(lcg_cycles(5, 1, 65).has_value());
}

TEST(LcgCycles, ReproducesKnuthsTheoremsAAndB) {
  // Theorem A (Hull-Dobell): c odd and a = 1 mod 4 give one cycle of all 2^k states.
  for (const auto& p : kLcgPresets) {
    if (p.c == 0) continue;
    auto c = lcg_cycles(p.a, p.c, p.modulus_bits);
    ASSERT_TRUE(c.has_value());
    EXPECT_EQ(c->max_log2_period, p.modulus_bits) << p.name;
    EXPECT_EQ(c->weak_seeds, 0u) << p.name;
  }
  auto pcg = lcg_cycles(6364136223846793005ULL, 2 * 54 + 1, 64);
  ASSERT_TRUE(pcg.has_value());
  EXPECT_EQ(pcg->max_log2_period, 64);
  // Theorem B: RANDU (c = 0, a = 65539 = 3 mod 8, m = 2^31) peaks at 2^29, on
  // odd seeds only; the 2^30 - 1 nonzero even seeds fall short.
  auto randu = lcg_cycles(65539, 0, 31);
  ASSERT_TRUE(randu.has_value());
  EXPECT_EQ(randu->max_log2_period, 29);
  EXPECT_EQ(randu->seeds, (Uint128{1} << 31) - 1);
  EXPECT_EQ(randu->weak_seeds, (Uint128{1} << 30) - 1);
}

// Shortest LFSR by trying every connection polynomial of every length.
int exhaustive_linear_complexity(const std::vector<std::uint8_t>& s) {
  const int n = static_cast<int>(s.size());
  for (int length = 0; length <= n; ++length) {
    for (std::uint32_t taps = 0; taps < (1u << length); ++taps) {
      bool generates = true;
      for (int i = length; i < n && generates; ++i) {
        int bit = 0;
        for (int j = 1; j <= length; ++j) bit ^= ((taps >> (j - 1)) & 1) & s[static_cast<std::size_t>(i - j)];
        generates = bit == s[static_cast<std::size_t>(i)];
      }
      if (generates) return length;
    }
  }
  return n;
}

TEST(LinearComplexity, MatchesAnExhaustiveSearchOnShortSequences) {
  std::mt19937 rng(9);
  for (int trial = 0; trial < 300; ++trial) {
    std::vector<std::uint8_t> bits(1 + rng() % 16);
    for (auto& b : bits) b = static_cast<std::uint8_t>(rng() & 1);
    if (trial % 5 == 0) std::fill(bits.begin(), bits.end(), 0), bits.back() = 1;  // 0...01: complexity n
    ASSERT_EQ(linear_complexity(bits), exhaustive_linear_complexity(bits)) << trial;
  }
}

TEST(LinearComplexity, AnMSequenceOfDegreeNHasComplexityN) {
  // The Fibonacci register's fallen bits are the m-sequence of its primitive
  // polynomial (degree = width): linear complexity = width (Massey 1969).
  EXPECT_EQ(linear_complexity(output_bits(preset("fibonacci16", "ACE1"), 4096)), 16);
  EXPECT_EQ(linear_complexity(output_bits(preset("fibonacci8", "1"), 4096)), 8);
  // A long random-looking stream: about n/2.
  const int lc = linear_complexity(output_bits(preset("xorshift32", "1"), 512));
  EXPECT_LE(lc, 256 + 8);
  EXPECT_GE(lc, 32);
}

}  // namespace
}  // namespace shufflelab
