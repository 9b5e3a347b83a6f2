// The word-parallel Berlekamp-Massey (core/check/linear_complexity) against
// the bit-serial textbook one (core/gen/linear_complexity, Massey 1969) on
// sequences built to make the update C + x^m B shift by whole words and by
// every bit offset: a low-order recurrence that runs for m bits with no
// discrepancy, then one flipped bit. The connection polynomial found must
// also generate the whole sequence (checked term by term here).
#include <gtest/gtest.h>

#include <vector>

#include "core/check/linear_complexity.hpp"
#include "core/gen/linear_complexity.hpp"
#include "test_support.hpp"

namespace shufflelab {
namespace {

TEST(LinearComplexityShifts, LongQuietStretchesThenAFlipEqualTheBitSerialAlgorithm) {
  std::uint64_t state = 7;
  for (std::size_t quiet : {63u, 64u, 65u, 128u, 191u, 200u, 256u, 300u}) {
    const std::size_t order = 9, n = 2 * (order + quiet) + 150;
    std::vector<int> taps(order);
    for (int& t : taps) t = static_cast<int>(test::splitmix64(state) & 1);
    taps.back() = 1;
    std::vector<int> s(n);
    for (std::size_t j = 0; j < n; ++j) {
      if (j < order) s[j] = static_cast<int>(test::splitmix64(state) & 1);
      else
        for (std::size_t i = 0; i < order; ++i) s[j] ^= taps[i] & s[j - 1 - i];
      if (j == order + quiet) s[j] ^= 1;  // the first discrepancy after `quiet` predicted bits
      if (j > 2 * (order + quiet)) s[j] = static_cast<int>(test::splitmix64(state) & 1);
    }
    PackedBits packed;
    for (int x : s) packed.push(x != 0);
    const std::vector<std::uint8_t> unpacked(s.begin(), s.end());
    for (std::size_t prefix : {order + quiet + 1, 2 * (order + quiet), n}) {
      const LinearComplexity lc = berlekamp_massey(packed, prefix);
      const std::vector<std::uint8_t> head(unpacked.begin(), unpacked.begin() + static_cast<std::ptrdiff_t>(prefix));
      ASSERT_EQ(lc.complexity, static_cast<std::size_t>(linear_complexity(head))) << quiet << " " << prefix;
      const auto c = [&](std::size_t i) { return static_cast<int>((lc.connection[i / 64] >> (i % 64)) & 1); };
      for (std::size_t j = lc.complexity; j < prefix; ++j) {
        int v = 0;
        for (std::size_t i = 1; i <= lc.complexity; ++i) v ^= c(i) & s[j - i];
        ASSERT_EQ(v, s[j]) << "quiet=" << quiet << " prefix=" << prefix << " j=" << j;
      }
    }
  }
}

}  // namespace
}  // namespace shufflelab
