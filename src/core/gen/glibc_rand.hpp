// glibc_rand.hpp: a bit-exact copy of what glibc's srand()/rand() return on
// Linux (the default TYPE_3 generator), so the 2003 shuffle.c of seed 001 can
// be replayed anywhere, including the browser where the C library differs.
//
// The generator keeps the last 31 words of r[i] = r[i-3] + r[i-31] (mod 2^32)
// and rand() returns the new word >> 1, i.e. 31 bits in [0, kGlibcRandMax].
// srand(s) stores s (0 is replaced by 1), fills r[1..30] with the
// Park-Miller "minimal standard" LCG r[i] = 16807 r[i-1] mod (2^31 - 1),
// computed with Schrage's method on a signed 32-bit word exactly as glibc
// does (so seeds >= 2^31 start from a negative word), and throws away the
// first 310 outputs. Facts from glibc's stdlib/random_r.c; checked against
// the real library in tests/oracle/glibc_rand_test.cpp.
#pragma once
#include <array>
#include <cstddef>
#include <cstdint>

namespace shufflelab {

constexpr std::int32_t kGlibcRandMax = 2147483647;

class GlibcRand {
 public:
  static constexpr std::size_t kWords = 31;
  using Window = std::array<std::uint32_t, kWords>;

  explicit GlibcRand(std::uint32_t seed);

  // The next rand() value, in [0, kGlibcRandMax].
  std::int32_t next() {
    const std::uint32_t word = ring_[oldest_] + ring_[lag3_];
    ring_[oldest_] = word;
    oldest_ = oldest_ + 1 == kWords ? 0 : oldest_ + 1;
    lag3_ = lag3_ + 1 == kWords ? 0 : lag3_ + 1;
    return static_cast<std::int32_t>(word >> 1);
  }

  // The exact state: the 31 most recent words, oldest first.
  Window window() const;
  // Continues from a window as returned by window().
  static GlibcRand from_window(const Window& words);

 private:
  GlibcRand() = default;
  Window ring_{};
  std::size_t oldest_ = 0;  // r[i-31]: read, then overwritten by r[i]
  std::size_t lag3_ = 28;   // r[i-3]
};

}  // namespace shufflelab
