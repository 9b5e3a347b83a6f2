// Range methods: every closed-form count is checked against brute-force
// enumeration through implementations written here from the sources' own
// descriptions (the Z80 routines of seed 002 are emulated register by
// register), plus hand-derived cases, the seed 002 tables, BigUint against
// 128-bit arithmetic, and chi-square p-values against published tables.
#include "core/dice/range.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "test_support.hpp"

namespace shufflelab {
namespace {

using test::splitmix64;

std::string wide(WideCount x) { return BigUint::from_wide(x).to_string(); }

// ---------------------------------------------------------------------------
// Independent reference implementations, one word at a time.

// seed 002 MAXU8 on an emulated Z80 (8-bit registers) or a 16-bit analogue:
//   ld c,rangeMax; ld b,0xff; _m: cp c; ret c; srl b; and b; jr _m
std::uint64_t z80_maxu8(std::uint64_t input, std::uint64_t range_max, unsigned bits) {
  const std::uint64_t reg_mask = (std::uint64_t{1} << bits) - 1;
  std::uint64_t a = input, b = reg_mask;
  const std::uint64_t c = range_max;
  for (;;) {
    const bool carry = a < c;  // cp c: A - C borrows exactly when A < C
    if (carry) return a;       // ret c
    b = (b >> 1) & reg_mask;   // srl b
    a &= b;                    // and b
  }
}

// seed 002 rollDie: H = DIESIDES-1, L = random byte, MulHbyL adds L to HL
// (H cleared first) H times with a dec d / jr nz loop, then A = H + 1.
std::uint64_t z80_roll_die_face(std::uint8_t random_byte, unsigned die_sides) {
  std::uint8_t d = static_cast<std::uint8_t>(die_sides - 1);
  std::uint16_t hl = 0;  // ld h,0 with l reloaded into bc; hl accumulates
  const std::uint16_t bc = random_byte;
  do {
    hl = static_cast<std::uint16_t>(hl + bc);
    d = static_cast<std::uint8_t>(d - 1);
  } while (d != 0);
  return static_cast<std::uint64_t>((hl >> 8) + 1);
}

std::optional<std::uint64_t> reference_value(RangeMethod method, std::uint64_t x, std::uint64_t n, unsigned bits) {
  const std::uint64_t top = (std::uint64_t{1} << bits) - 1;  // bits <= 32 here
  switch (method) {
    case RangeMethod::modulo:
      return x % n;
    case RangeMethod::float_scale: {
      // seed 001 randomInt(0, n-1) with rand() = x and RAND_MAX = top
      const double r = static_cast<double>(x) / static_cast<double>(top);
      if (r >= 1.0) return std::nullopt;
      const int high = static_cast<int>(n) - 1, low = 0;
      return static_cast<std::uint64_t>(static_cast<int>(low + (high - low + 1) * r));
    }
    case RangeMethod::shift:
      for (unsigned s = 0;; ++s)
        if ((x >> s) < n) return x >> s;
    case RangeMethod::maxu8:
      return z80_maxu8(x, n, bits);
    case RangeMethod::maxu8_article: {
      const std::uint64_t a = z80_maxu8(x, n + 1, bits);
      return a == 0 ? n - 1 : a - 1;  // "results of 0 equal to the highest die roll"
    }
    case RangeMethod::mulhi:
      return (x * n) >> bits;
    case RangeMethod::mulhi_minus1:
      return (x * (n - 1)) >> bits;
    case RangeMethod::mask_reject: {
      std::uint64_t mask = 0;
      while (mask < n - 1) mask = mask * 2 + 1;
      if ((x & mask) >= n) return std::nullopt;
      return x & mask;
    }
    case RangeMethod::lemire: {
      // Lemire 2019, Algorithm 5, for one word: reject when the low half l < (2^B - s) mod s.
      const std::uint64_t m = x * n, l = m & top;
      if (l < n) {
        const std::uint64_t t = ((top + 1) - n) % n;
        if (l < t) return std::nullopt;
      }
      return m >> bits;
    }
  }
  return std::nullopt;
}

void expect_matches_enumeration(RangeMethod method, std::uint64_t n, unsigned bits) {
  SCOPED_TRACE(std::string(range_method_name(method)) + " n=" + std::to_string(n) + " bits=" + std::to_string(bits));
  std::vector<WideCount> counts(n, 0);
  WideCount rejected = 0;
  const auto reducer = RangeReducer::make(method, n, bits);
  ASSERT_TRUE(reducer) << reducer.error();
  for (std::uint64_t x = 0; x < (std::uint64_t{1} << bits); ++x) {
    const auto expected = reference_value(method, x, n, bits);
    ASSERT_EQ(reducer->map_word(x), expected) << "word " << x;
    if (!expected) {
      ++rejected;
      continue;
    }
    ASSERT_LT(*expected, n);
    ++counts[*expected];
  }
  const auto exact = exact_range_counts(method, n, bits);
  ASSERT_TRUE(exact) << exact.error();
  EXPECT_EQ(wide(exact->rejected), wide(rejected));
  for (std::uint64_t v = 0; v < n; ++v) EXPECT_EQ(wide(exact->counts[v]), wide(counts[v])) << "value " << v;
}

TEST(RangeExact, EveryMethodMatchesEnumerationAt8Bits) {
  for (const auto& info : range_methods())
    for (std::uint64_t n = 1; n <= 256; ++n) {
      if (info.method == RangeMethod::maxu8_article && n == 256) continue;  // rangeMax 257 exceeds the register
      expect_matches_enumeration(info.method, n, 8);
    }
}

TEST(RangeExact, EveryMethodMatchesEnumerationAt16Bits) {
  for (const auto& info : range_methods())
    for (const std::uint64_t n : {1u, 2u, 3u, 6u, 7u, 20u, 52u, 78u, 100u, 255u, 1000u, 4097u, 40000u, 65535u})
      expect_matches_enumeration(info.method, n, 16);
}

TEST(RangeExact, FloatMatchesEnumerationAt22Bits) {
  for (const std::uint64_t n : {6u, 52u, 1000u}) expect_matches_enumeration(RangeMethod::float_scale, n, 22);
}

// seed 001's randomInt(0, n-1) on a B-bit rand() for B up to 64.
std::optional<std::uint64_t> seed001_value(std::uint64_t x, std::uint64_t n, unsigned bits) {
  const std::uint64_t rand_max = bits == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << bits) - 1;
  const double r = static_cast<double>(x) / static_cast<double>(rand_max);
  if (r >= 1.0) return std::nullopt;
  return static_cast<std::uint64_t>(static_cast<double>(n) * r);
}

TEST(RangeExact, FloatBoundariesAtWideWords) {
  // Too wide to enumerate. x -> value only ever steps up (each rounding is
  // monotone), so the counts are right iff the cumulative boundary
  // start(v) = sum of counts below v is the first word giving v: check the
  // words at and just before every boundary, and random words in between.
  std::uint64_t seed = 1;
  for (const unsigned bits : {31u, 53u, 54u, 64u}) {
    for (const std::uint64_t n : {6u, 52u, 1000u}) {
      SCOPED_TRACE("bits=" + std::to_string(bits) + " n=" + std::to_string(n));
      const auto c = exact_range_counts(RangeMethod::float_scale, n, bits);
      ASSERT_TRUE(c);
      std::vector<WideCount> start{0};
      for (const WideCount k : c->counts) start.push_back(start.back() + k);
      ASSERT_EQ(start.back(), c->accepted());
      EXPECT_FALSE(seed001_value(static_cast<std::uint64_t>(c->accepted() - 1), n, bits) == std::nullopt);
      if (c->rejected > 0) {
        EXPECT_EQ(seed001_value(static_cast<std::uint64_t>(c->accepted()), n, bits), std::nullopt);
      }
      for (std::uint64_t v = 0; v < n; ++v) {
        if (c->counts[v] == 0) continue;
        EXPECT_EQ(seed001_value(static_cast<std::uint64_t>(start[v]), n, bits), v);
        if (v > 0) {
          EXPECT_EQ(seed001_value(static_cast<std::uint64_t>(start[v] - 1), n, bits), v - 1);
        }
        const WideCount inside = start[v] + splitmix64(seed) % c->counts[v];
        EXPECT_EQ(seed001_value(static_cast<std::uint64_t>(inside), n, bits), v);
      }
    }
  }
}

TEST(RangeExact, HandDerived32BitCounts) {
  // 2^32 = 4294967296 = 6 * 715827882 + 4: modulo gives values 0..3 one extra word.
  auto mod = exact_range_counts(RangeMethod::modulo, 6, 32);
  ASSERT_TRUE(mod);
  for (std::size_t v = 0; v < 6; ++v) EXPECT_EQ(wide(mod->counts[v]), v < 4 ? "715827883" : "715827882");
  // mulhi: value v starts at ceil(v * 2^32 / 6) = 0, 715827883, 1431655766,
  // 2147483648, 2863311531, 3579139414, end 4294967296.
  auto hi = exact_range_counts(RangeMethod::mulhi, 6, 32);
  ASSERT_TRUE(hi);
  const char* expected[] = {"715827883", "715827883", "715827882", "715827883", "715827883", "715827882"};
  for (std::size_t v = 0; v < 6; ++v) EXPECT_EQ(wide(hi->counts[v]), expected[v]);
  // lemire: floor(2^32 / 6) = 715827882 each, 4 words rejected.
  auto lem = exact_range_counts(RangeMethod::lemire, 6, 32);
  ASSERT_TRUE(lem);
  EXPECT_EQ(wide(lem->rejected), "4");
  EXPECT_EQ(wide(lem->counts[5]), "715827882");
  // reject: mask 7, 2^29 words per value, 2 * 2^29 rejected.
  auto rej = exact_range_counts(RangeMethod::mask_reject, 6, 32);
  ASSERT_TRUE(rej);
  EXPECT_EQ(wide(rej->counts[0]), "536870912");
  EXPECT_EQ(wide(rej->rejected), "1073741824");
}

TEST(RangeExact, FloatRejectsOnlyRandMaxUntilDoublesRunOut) {
  // Below 54 bits x / (2^B-1) < 1 is exact enough: only x = RAND_MAX gives 1.0.
  for (const unsigned bits : {8u, 31u, 32u, 53u}) {
    auto c = exact_range_counts(RangeMethod::float_scale, 6, bits);
    ASSERT_TRUE(c);
    EXPECT_EQ(wide(c->rejected), "1") << bits;
  }
  // At 64 bits RAND_MAX rounds to 2^64 and doubles just below 2^64 are 2^11
  // apart, so every x >= 2^64 - 2^10 rounds (ties to even) to 2^64: r = 1.0.
  auto c = exact_range_counts(RangeMethod::float_scale, 6, 64);
  ASSERT_TRUE(c);
  EXPECT_EQ(wide(c->rejected), "1024");
}

TEST(RangeExact, CountsAddUpForWideWords) {
  for (const auto& info : range_methods())
    for (const unsigned bits : {31u, 32u, 48u, 64u})
      for (const std::uint64_t n : {1u, 2u, 3u, 20u, 52u, 78u, 1000u, 65537u}) {
        const auto c = exact_range_counts(info.method, n, bits);
        ASSERT_TRUE(c) << c.error();
        WideCount sum = c->rejected;
        for (const WideCount x : c->counts) sum += x;
        EXPECT_EQ(wide(sum), wide(WideCount{1} << bits)) << info.name << " " << bits << " " << n;
      }
}

TEST(RangeExact, Lemire64BitIsUniform) {
  // 2^64 mod 78 by the Chinese remainder theorem: 2^64 = 0 (mod 2),
  // 1 (mod 3), 2^4 = 3 (mod 13, as 2^12 = 1); the even x < 78 with x = 1
  // (mod 3) and x = 3 (mod 13) is 16. So 16 words are rejected and each face
  // gets (18446744073709551616 - 16) / 78 = 236496718893712200.
  const auto c = exact_range_counts(RangeMethod::lemire, 78, 64);
  ASSERT_TRUE(c);
  EXPECT_EQ(wide(c->rejected), "16");
  for (const WideCount x : c->counts) EXPECT_EQ(wide(x), "236496718893712200");
}

// ---------------------------------------------------------------------------
// Seed 002's claims.

TEST(Seed002, Maxu8TableForAD20) {
  // The article shows inputs 0..27 for "a max of 20"; its values reach 0x14,
  // so rangeMax is 21 (ret c leaves when A < 21). Printed, with row 4 read as
  // "07 08 0a 0b 0c 0d 0e 0f":
  const std::uint64_t printed[28] = {0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09,
                                     0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f, 0x10, 0x11, 0x12, 0x13,
                                     0x14, 0x05, 0x06, 0x07, 0x07, 0x08, 0x0a, 0x0b};
  const auto reducer = RangeReducer::make(RangeMethod::maxu8, 21, 8);
  ASSERT_TRUE(reducer);
  std::vector<int> mismatches;
  for (int x = 0; x < 28; ++x)
    if (*reducer->map_word(static_cast<std::uint64_t>(x)) != printed[x]) mismatches.push_back(x);
  // The machine gives 08 09 for inputs 24, 25 (24 = 0b11000 -> & 0x0f = 8).
  EXPECT_EQ(mismatches, (std::vector<int>{24, 25}));
  // "1/32 : 0-4, 2/32 : 5-15, 1/32 : 16-20" holds: x mod 32 decides, and
  // 21..31 fold onto 5..15.
  const auto c = exact_range_counts(RangeMethod::maxu8, 21, 8);
  ASSERT_TRUE(c);
  for (std::size_t v = 0; v <= 20; ++v) EXPECT_EQ(wide(c->counts[v]), (v >= 5 && v <= 15) ? "16" : "8") << v;
}

TEST(Seed002, Maxu8PercentileDoublesThirtySevenToSixtyThree) {
  // "For 1-100, its 25-75" is wrong: with rangeMax 101, 2^6 <= 101 < 2^7, so
  // x mod 128 >= 101 folds to x mod 64 in 37..63; those are the doubled values.
  const auto c = exact_range_counts(RangeMethod::maxu8, 101, 8);
  ASSERT_TRUE(c);
  for (std::size_t v = 0; v <= 100; ++v) EXPECT_EQ(wide(c->counts[v]), (v >= 37 && v <= 63) ? "4" : "2") << v;
}

TEST(Seed002, RollDieAsPrintedNeverRollsTwenty) {
  // Emulate the Z80 code on all 256 bytes and compare with the method.
  std::vector<int> counts(21, 0);
  for (int x = 0; x < 256; ++x) ++counts[z80_roll_die_face(static_cast<std::uint8_t>(x), 20)];
  EXPECT_EQ(counts[20], 0);
  const auto c = exact_range_counts(RangeMethod::mulhi_minus1, 20, 8);
  ASSERT_TRUE(c);
  for (std::size_t face = 1; face <= 20; ++face)
    EXPECT_EQ(wide(c->counts[face - 1]), std::to_string(counts[face])) << face;
}

TEST(Seed002, PrintedMultiplyTableUsesTwentyOne) {
  // The "Inputs 0 - 80" table (values before inc a) run lengths: 13 zeros,
  // 12 ones, 12 twos, 12 threes, 13 fours, 12 fives, then sixes from 74.
  // (x * 21) >> 8 reproduces it except at input 61 (21 * 61 = 1281 >= 5 * 256).
  const int run_starts[] = {0, 13, 25, 37, 49, 62, 74};
  const auto reducer = RangeReducer::make(RangeMethod::mulhi, 21, 8);
  ASSERT_TRUE(reducer);
  std::vector<int> mismatches;
  for (int x = 0; x < 80; ++x) {
    int printed = 0;
    while (printed + 1 < 7 && run_starts[printed + 1] <= x) ++printed;
    if (*reducer->map_word(static_cast<std::uint64_t>(x)) != static_cast<std::uint64_t>(printed))
      mismatches.push_back(x);
  }
  EXPECT_EQ(mismatches, (std::vector<int>{61}));
  // The "200+" table: 0x10 until 207, 0x11 from 208, 0x12 from 220, 0x13 from 232, 0x14 from 244.
  for (int x = 200; x < 256; ++x) {
    const int printed = x < 208 ? 16 : x < 220 ? 17 : x < 232 ? 18 : x < 244 ? 19 : 20;
    EXPECT_EQ(*reducer->map_word(static_cast<std::uint64_t>(x)), static_cast<std::uint64_t>(printed)) << x;
  }
}

TEST(Seed002, ShiftKeepsTheTopHalf) {
  // For a d20 (values < 20), only inputs 0..9 land below 10; everything else
  // is shifted into 10..19.
  const auto c = exact_range_counts(RangeMethod::shift, 20, 8);
  ASSERT_TRUE(c);
  WideCount low = 0;
  for (std::size_t v = 0; v < 10; ++v) low += c->counts[v];
  EXPECT_EQ(wide(low), "10");
}

// ---------------------------------------------------------------------------

TEST(RangeReducer, RefusesBadArguments) {
  EXPECT_FALSE(RangeReducer::make(RangeMethod::modulo, 0, 8));
  EXPECT_FALSE(RangeReducer::make(RangeMethod::modulo, 257, 8));
  EXPECT_TRUE(RangeReducer::make(RangeMethod::modulo, 256, 8));
  EXPECT_FALSE(RangeReducer::make(RangeMethod::modulo, 6, 0));
  EXPECT_FALSE(RangeReducer::make(RangeMethod::modulo, 6, 65));
  EXPECT_FALSE(RangeReducer::make(RangeMethod::float_scale, (std::uint64_t{1} << 53) + 1, 64));
  EXPECT_FALSE(exact_range_counts(RangeMethod::modulo, kMaxExactFaces + 1, 32));
  EXPECT_EQ(parse_range_method("--method", "bogus").error().substr(0, 9), "--method:");
  EXPECT_EQ(*parse_range_method("method", "maxu8-article"), RangeMethod::maxu8_article);
}

TEST(RangeReducer, DrawFollowsTheExactLaw) {
  // Fixed seed; a wrong law (rejection or mapping bug) gives p < 1e-6.
  std::uint64_t seed = 0x5eed;
  for (const auto& info : range_methods()) {
    for (const unsigned bits : {8u, 32u}) {
      const std::uint64_t n = 20;
      const auto reducer = RangeReducer::make(info.method, n, bits);
      const auto exact = exact_range_counts(info.method, n, bits);
      ASSERT_TRUE(reducer && exact);
      std::vector<double> p;
      for (const WideCount c : exact->counts)
        p.push_back(static_cast<double>(c) / static_cast<double>(exact->accepted()));
      std::vector<std::uint64_t> observed(n, 0);
      for (int i = 0; i < 40000; ++i) ++observed[reducer->draw([&] { return splitmix64(seed); })];
      std::size_t nonzero = 0;
      for (const double q : p) nonzero += q > 0 ? 1 : 0;
      const double stat = chi_square_statistic(observed, p);
      EXPECT_GT(chi_square_p_value(stat, static_cast<double>(nonzero - 1)), 1e-4) << info.name << " " << bits;
    }
  }
}

TEST(RangeReducer, ChiSquareSeesModuloBias) {
  // 8-bit modulo 20: values 0..15 get 13/256, 16..19 get 12/256. Against the
  // uniform law 200000 draws give a statistic near 200, far beyond chance.
  std::uint64_t seed = 42;
  const auto reducer = RangeReducer::make(RangeMethod::modulo, 20, 8);
  ASSERT_TRUE(reducer);
  std::vector<std::uint64_t> observed(20, 0);
  for (int i = 0; i < 200000; ++i) ++observed[reducer->draw([&] { return splitmix64(seed); })];
  const std::vector<double> uniform(20, 1.0 / 20);
  EXPECT_LT(chi_square_p_value(chi_square_statistic(observed, uniform), 19), 1e-6);
}

TEST(CoinsFromWords, ServesLowBitFirst) {
  std::vector<std::uint64_t> words{0b1101, 0b0010};
  std::size_t next = 0;
  CoinsFromWords coins([&] { return words[next++]; }, 4);
  std::vector<unsigned> flips;
  for (int i = 0; i < 8; ++i) flips.push_back(coins());
  EXPECT_EQ(flips, (std::vector<unsigned>{1, 0, 1, 1, 0, 1, 0, 0}));
}

TEST(FaceStats, HandExample) {
  // p = 1/4, 1/4, 1/2 against 1/3: TV = (1/12 + 1/12 + 1/6) / 2 = 1/6.
  const FaceStats s = face_stats({BigUint(1), BigUint(1), BigUint(2)}, BigUint(4));
  EXPECT_EQ(s.total_variation.to_string(), "1/6");
  EXPECT_NEAR(s.total_variation_approx, 1.0 / 6, 1e-15);
  EXPECT_EQ(s.max_min_ratio->to_string(), "2/1");
  EXPECT_EQ(s.favoured, (std::vector<std::uint64_t>{2}));
  EXPECT_EQ(s.starved, (std::vector<std::uint64_t>{0, 1}));
  EXPECT_TRUE(s.never.empty());
  // A face that never comes: p = 0, 1/2, 1/2; TV = (1/3 + 1/6 + 1/6) / 2 = 1/3.
  const FaceStats z = face_stats({BigUint(0), BigUint(1), BigUint(1)}, BigUint(2));
  EXPECT_FALSE(z.max_min_ratio.has_value());
  EXPECT_EQ(z.never, (std::vector<std::uint64_t>{0}));
  EXPECT_EQ(z.total_variation.to_string(), "1/3");
}

TEST(RangeExact, ExpectedBits) {
  // reject with n = 5 at 8 bits: mask 7, accepts 5 of 8 words: 8 * 8/5 = 64/5 bits.
  const auto c = exact_range_counts(RangeMethod::mask_reject, 5, 8);
  ASSERT_TRUE(c);
  EXPECT_EQ(expected_bits_per_value(*c).to_string(), "64/5");
}

// ---------------------------------------------------------------------------
// Chi-square p-values: standard table critical values (5% column) and the
// closed forms Q(1/2, x/2) = erfc(sqrt(x/2)), Q(1, x/2) = exp(-x/2),
// Q(2, x/2) = exp(-x/2)(1 + x/2).

TEST(ChiSquare, TableValues) {
  EXPECT_NEAR(chi_square_p_value(3.841, 1), 0.05, 2e-4);
  EXPECT_NEAR(chi_square_p_value(18.307, 10), 0.05, 2e-5);
  EXPECT_NEAR(chi_square_p_value(6.635, 1), 0.01, 2e-5);
  EXPECT_NEAR(chi_square_p_value(30.144, 19), 0.05, 2e-5);
  EXPECT_NEAR(chi_square_p_value(124.342, 100), 0.05, 2e-5);
}

TEST(ChiSquare, ClosedForms) {
  for (const double x : {0.01, 0.5, 1.0, 2.0, 5.0, 20.0, 80.0}) {
    EXPECT_NEAR(chi_square_p_value(x, 1), std::erfc(std::sqrt(x / 2)), 1e-12) << x;
    EXPECT_NEAR(chi_square_p_value(x, 2), std::exp(-x / 2), 1e-12) << x;
    EXPECT_NEAR(chi_square_p_value(x, 4), std::exp(-x / 2) * (1 + x / 2), 1e-12) << x;
  }
  EXPECT_EQ(chi_square_p_value(0, 5), 1.0);
}

TEST(ChiSquare, Statistic) {
  // Observed 10, 20, 30 against 1/3 each: E = 20, (100 + 0 + 100) / 20 = 10.
  const std::vector<std::uint64_t> observed{10, 20, 30};
  EXPECT_DOUBLE_EQ(chi_square_statistic(observed, std::vector<double>(3, 1.0 / 3)), 10.0);
  EXPECT_TRUE(std::isinf(chi_square_statistic(observed, std::vector<double>{0.5, 0.5, 0.0})));
}

// ---------------------------------------------------------------------------
// BigUint / Fraction (rational.hpp) against 128-bit arithmetic and known values.

WideCount random_wide(std::uint64_t& seed, unsigned bits) {
  const WideCount x = (static_cast<WideCount>(splitmix64(seed)) << 64) | splitmix64(seed);
  return bits >= 128 ? x : x & ((WideCount{1} << bits) - 1);
}

TEST(BigUint, MatchesWideArithmetic) {
  std::uint64_t seed = 7;
  for (int i = 0; i < 3000; ++i) {
    const unsigned abits = 1 + static_cast<unsigned>(splitmix64(seed) % 127);
    const unsigned bbits = 1 + static_cast<unsigned>(splitmix64(seed) % 63);
    const WideCount a = random_wide(seed, abits), b = random_wide(seed, bbits) | 1;
    const WideCount c = random_wide(seed, 64);
    const BigUint ba = BigUint::from_wide(a), bb = BigUint::from_wide(b), bc = BigUint::from_wide(c);
    EXPECT_EQ((ba + bb).to_string(), (BigUint::from_wide(a) += bb).to_string());
    if (a >= b) {
      EXPECT_EQ((ba - bb), BigUint::from_wide(a - b));
    }
    EXPECT_EQ(bb * bc, BigUint::from_wide(b * c));
    const auto [q, r] = BigUint::divmod(ba, bb);
    EXPECT_EQ(q, BigUint::from_wide(a / b));
    EXPECT_EQ(r, BigUint::from_wide(a % b));
    const unsigned shift = static_cast<unsigned>(splitmix64(seed) % 64);
    EXPECT_EQ(ba >> shift, BigUint::from_wide(a >> shift));
    EXPECT_EQ(bc << shift, BigUint::from_wide(c << shift));
    EXPECT_EQ(ba < bb, a < b);
  }
}

TEST(BigUint, KnownValues) {
  EXPECT_EQ(BigUint::power_of_two(100).to_string(), "1267650600228229401496703205376");
  EXPECT_EQ(BigUint::power(6, 20).to_string(), "3656158440062976");
  EXPECT_EQ(BigUint::power(10, 30).to_string(), "1000000000000000000000000000000");
  BigUint factorial(1);
  for (std::uint64_t i = 2; i <= 30; ++i) factorial *= BigUint(i);
  EXPECT_EQ(factorial.to_string(), "265252859812191058636308480000000");  // 30!
  EXPECT_EQ(BigUint().to_string(), "0");
  EXPECT_DOUBLE_EQ(BigUint::power_of_two(200).to_double(), std::ldexp(1.0, 200));
}

TEST(BigUint, LongDivisionIsConsistent) {
  // Many-limb operands (beyond 128 bits): q * b + r == a and r < b.
  std::uint64_t seed = 99;
  for (int i = 0; i < 300; ++i) {
    BigUint a(1), b(1);
    const int alimbs = 1 + static_cast<int>(splitmix64(seed) % 12), blimbs = 1 + static_cast<int>(splitmix64(seed) % 6);
    for (int j = 0; j < alimbs; ++j) a = (a << 64) + BigUint(splitmix64(seed));
    for (int j = 0; j < blimbs; ++j) b = (b << 64) + BigUint(splitmix64(seed) >> (j == 0 ? 40 : 0));
    const auto [q, r] = BigUint::divmod(a, b);
    EXPECT_EQ(q * b + r, a);
    EXPECT_LT(r, b);
  }
  // Operands (as in Hacker's Delight's divmnu tests) whose first quotient
  // digit estimate is one too big, so Algorithm D takes its add-back step:
  // 0x7fffffff_80000000_00000000_00000000 / 0x80000000_00000000_00000001
  // = 0xfffffffe remainder 0x7fffffff_ffffffff_00000002 (checked with Python).
  const BigUint x = (BigUint(0x7fffffff80000000ull) << 64);
  const BigUint y = (BigUint(0x80000000ull) << 64) + BigUint(1);
  const auto [q, r] = BigUint::divmod(x, y);
  EXPECT_EQ(q.to_string(), "4294967294");
  EXPECT_EQ(r, (BigUint(0x7fffffffffffffffull) << 32) + BigUint(2));
}

TEST(Fraction, ReducesAndOrders) {
  EXPECT_EQ(Fraction(BigUint(12), BigUint(18)).to_string(), "2/3");
  EXPECT_EQ(Fraction(BigUint(0), BigUint(7)).to_string(), "0/1");
  EXPECT_LT(Fraction(BigUint(1), BigUint(3)), Fraction(BigUint(1), BigUint(2)));
  EXPECT_NEAR(Fraction(BigUint::power_of_two(300), BigUint::power(3, 190)).to_double(),
              std::pow(2.0, 300) / std::pow(3.0, 190), 1e-12 * std::pow(2.0, 300) / std::pow(3.0, 190));
}

}  // namespace
}  // namespace shufflelab
