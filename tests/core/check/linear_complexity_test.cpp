// Word-parallel Berlekamp-Massey against (1) brute force: the shortest
// recurrence found by trying every connection polynomial, for all sequences
// up to 12 bits; (2) the bit-at-a-time algorithm on long sequences that cross
// many word boundaries, and every connection polynomial checked by running its
// recurrence over the sequence; (3) a primitive degree-64 polynomial from
// Xilinx XAPP052's tap table.
#include <gtest/gtest.h>

#include <vector>

#include "core/check/linear_complexity.hpp"
#include "core/gen/linear_complexity.hpp"
#include "test_support.hpp"

namespace shufflelab {
namespace {

PackedBits pack(const std::vector<int>& s) {
  PackedBits b;
  for (int x : s) b.push(x != 0);
  return b;
}

std::size_t brute_force_complexity(const std::vector<int>& s) {
  const std::size_t n = s.size();
  for (std::size_t l = 0; l <= n; ++l)
    for (std::uint32_t c = 0; c < (1u << l); ++c) {  // c_1..c_l in bits 0..l-1
      bool works = true;
      for (std::size_t j = l; j < n && works; ++j) {
        int v = 0;
        for (std::size_t i = 1; i <= l; ++i) v ^= ((c >> (i - 1)) & 1) & s[j - i];
        works = v == s[j];
      }
      if (works) return l;
    }
  return n;
}

TEST(LinearComplexity, EqualsBruteForceOnEverySequenceUpToTwelveBits) {
  for (std::size_t n = 1; n <= 12; ++n)
    for (std::uint32_t pattern = 0; pattern < (1u << n); ++pattern) {
      std::vector<int> s(n);
      for (std::size_t i = 0; i < n; ++i) s[i] = (pattern >> i) & 1;
      const LinearComplexity lc = berlekamp_massey(pack(s), n);
      ASSERT_EQ(lc.complexity, brute_force_complexity(s)) << "n=" << n << " pattern=" << pattern;
      ASSERT_EQ(lc.profile_y.back(), static_cast<double>(lc.complexity));
    }
}

TEST(LinearComplexity, EqualsTextbookAlgorithmOnLongSequences) {
  std::uint64_t state = 99;
  for (std::size_t n : {63u, 64u, 65u, 127u, 129u, 1000u, 3001u}) {
    std::vector<int> s(n);
    for (int& x : s) x = static_cast<int>(test::splitmix64(state) & 1);
    // Also a sequence that is linear of order 100 from bit 0 on (complexity <= 100).
    std::vector<int> linear(n);
    std::vector<int> taps(100);
    for (int& t : taps) t = static_cast<int>(test::splitmix64(state) & 1);
    for (std::size_t j = 0; j < n; ++j) {
      if (j < 100) linear[j] = static_cast<int>(test::splitmix64(state) & 1);
      else
        for (std::size_t i = 0; i < 100; ++i) linear[j] ^= taps[i] & linear[j - 1 - i];
    }
    for (const auto* seq : {&s, &linear}) {
      const LinearComplexity lc = berlekamp_massey(pack(*seq), n);
      const std::vector<std::uint8_t> unpacked(seq->begin(), seq->end());
      ASSERT_EQ(lc.complexity, static_cast<std::size_t>(linear_complexity(unpacked))) << n;
      if (seq == &linear) EXPECT_LE(lc.complexity, 100u);
      const auto c = [&](std::size_t i) { return static_cast<int>((lc.connection[i / 64] >> (i % 64)) & 1); };
      ASSERT_EQ(c(0), 1);
      for (std::size_t j = lc.complexity; j < n; ++j) {  // the recurrence generates the whole sequence
        int v = 0;
        for (std::size_t i = 1; i <= lc.complexity; ++i) v ^= c(i) & (*seq)[j - i];
        ASSERT_EQ(v, (*seq)[j]) << "n=" << n << " j=" << j;
      }
    }
  }
}

TEST(LinearComplexity, FindsAPrimitiveDegree64PolynomialAndPredictsTheRest) {
  // XAPP052: taps 64, 63, 61, 60 give a maximal-length LFSR, i.e. x^64 + x^63 + x^61 + x^60 + 1 is primitive;
  // its sequences obey s[j+64] = s[j+63] + s[j+61] + s[j+60] + s[j].
  std::vector<int> s(2000);
  std::uint64_t state = 7;
  for (std::size_t j = 0; j < s.size(); ++j)
    s[j] = j < 64 ? static_cast<int>(test::splitmix64(state) & 1) : s[j - 1] ^ s[j - 3] ^ s[j - 4] ^ s[j - 64];
  const PackedBits bits = pack(s);
  const LinearComplexity lc = berlekamp_massey(bits, 1000);
  ASSERT_EQ(lc.complexity, 64u);
  const auto p = characteristic_polynomial(lc);
  ASSERT_TRUE(p);
  EXPECT_EQ(to_string(*p), "x^64 + x^63 + x^61 + x^60 + 1");
  EXPECT_EQ(correct_predictions(lc, bits, 1000), 1000u);
}

TEST(LinearComplexity, NamesTheTarotFormOfMaskCF) {
  // The tarot register (lfsr.hpp) with mask CF: x^32 + x^7 + x^6 + x^5 + x^4 + x + 1 by its taps' rule; the rule
  // itself is checked on width 2 by hand: taps t0 t1, state (s0, s1) -> (s1 + t0 s0, t1 s0), char poly x^2 + t0 x + t1.
  const Gf2Poly cf{(Uint128{1} << 32) | 0xF3};
  EXPECT_NE(lfsr_lab_form(cf).find("mask CF"), std::string::npos) << lfsr_lab_form(cf);
  EXPECT_NE(lfsr_lab_form(Gf2Poly{0b111}).find("no LFSR lab form"), std::string::npos);  // width 2: below the lab's 4
}

}  // namespace
}  // namespace shufflelab
