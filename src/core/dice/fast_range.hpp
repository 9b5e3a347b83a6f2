// fast_range.hpp: Lemire's nearly divisionless method ("Fast Random Integer
// Generation in an Interval", 2019) specialised for full 64-bit words, the
// case RangeReducer handles generically (any word width, so masks and a
// variable shift of the 128-bit product on every draw).
//
// value = high half of x * n; the draw is redrawn while the low half is below
// 2^64 mod n, which leaves exactly floor(2^64 / n) words for every value.
// The threshold is computed once per bound, so a draw costs one 64x64->128
// multiply and a compare. WebAssembly has no 128-bit multiply (clang would
// call __multi3), so there the product is built from four 32-bit products.
// Results equal RangeReducer{lemire, n, 64} word for word.
#pragma once
#include <cstdint>

namespace shufflelab {

struct WideProduct {
  std::uint64_t high;
  std::uint64_t low;
};

inline WideProduct multiply_wide(std::uint64_t a, std::uint64_t b) {
#if defined(__SIZEOF_INT128__) && !defined(__wasm__)
  const unsigned __int128 product = static_cast<unsigned __int128>(a) * b;
  return {static_cast<std::uint64_t>(product >> 64), static_cast<std::uint64_t>(product)};
#else
  const std::uint64_t a_low = a & 0xffffffff, a_high = a >> 32, b_low = b & 0xffffffff, b_high = b >> 32;
  const std::uint64_t low_low = a_low * b_low, high_low = a_high * b_low, low_high = a_low * b_high;
  const std::uint64_t middle = (low_low >> 32) + (high_low & 0xffffffff) + (low_high & 0xffffffff);
  return {a_high * b_high + (high_low >> 32) + (low_high >> 32) + (middle >> 32), (middle << 32) | (low_low & 0xffffffff)};
#endif
}

class Lemire64 {
 public:
  explicit Lemire64(std::uint64_t n) : n_(n), threshold_((0 - n) % n) {}  // n >= 1
  std::uint64_t n() const { return n_; }

  // NextWord: callable returning uniform 64-bit words.
  template <class NextWord>
  std::uint64_t draw(NextWord&& next_word) const {
    WideProduct product = multiply_wide(next_word(), n_);
    while (product.low < threshold_) product = multiply_wide(next_word(), n_);
    return product.high;
  }

 private:
  std::uint64_t n_;
  std::uint64_t threshold_;  // 2^64 mod n
};

}  // namespace shufflelab
