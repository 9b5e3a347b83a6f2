// range_method.hpp: the ways the seed articles squeeze a random B-bit word
// into a die value in [0, n) (RangeMethod; the dice lab's core/dice/range.hpp
// has their exact bias and costs). Below the labs so that the assembly lab can
// check a reader's die-roll routine against them, as the dice lab rolls them.
#pragma once
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "core/base/rational.hpp"
#include "core/base/result.hpp"

namespace shufflelab {

constexpr unsigned kMaxWordBits = 64;
constexpr std::uint64_t kMaxExactFaces = 1'000'000;
constexpr std::uint64_t kMaxFloatSides = std::uint64_t{1} << 53;  // n must be exact as a double

enum class RangeMethod : std::uint8_t {
  modulo,         // x % n
  float_scale,    // r = x / RAND_MAX as double, redraw if r >= 1.0, (int)(n*r)
  shift,          // shift x right until it is < n
  maxu8,          // Z80 MAXU8, rangeMax = n: while x >= rangeMax { mask >>= 1; x &= mask }
  maxu8_article,  // MAXU8 with rangeMax = n+1 (values 0..n, the article's d20), 0 read as face n
  mulhi,          // (x * n) >> B: rollDie with DIESIDES, Lemire's fastrange
  mulhi_minus1,   // (x * (n-1)) >> B: rollDie's DIESIDES-1 with an exact multiply (the printed
                  // MulHbyL returns (H+1)*L, which undoes the -1: see dice_z80.hpp)
  mask_reject,    // x & (smallest all-ones mask >= n-1), redraw if >= n
  lemire,         // (x * n) >> B, redraw while the low half < 2^B mod n
};

struct RangeMethodInfo {
  RangeMethod method;
  std::string_view name;     // CLI / URL spelling
  std::string_view summary;  // one line for --help and the UI
};

std::span<const RangeMethodInfo> range_methods();
std::string_view range_method_name(RangeMethod method);
// `field` names the input in the error ("--method", "method").
Result<RangeMethod> parse_range_method(std::string_view field, std::string_view text);

constexpr std::uint64_t word_bits_mask(unsigned bits) {
  return bits >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << bits) - 1;
}

class RangeReducer {
 public:
  // Checks 1 <= bits <= 64, 1 <= n <= 2^bits, and n <= 2^53 for float.
  static Result<RangeReducer> make(RangeMethod method, std::uint64_t n, unsigned bits);
  // For hot loops whose arguments are already known to pass make(): no checks.
  static RangeReducer trusted(RangeMethod method, std::uint64_t n, unsigned bits) {
    return RangeReducer(method, n, bits);
  }

  RangeMethod method() const { return method_; }
  std::uint64_t n() const { return n_; }
  unsigned bits() const { return bits_; }

  // The value in [0, n) for one word, or nullopt if the method throws it
  // away. Bits above `bits` are ignored.
  std::optional<std::uint64_t> map_word(std::uint64_t word) const {
    std::uint64_t x = word & mask_;
    switch (method_) {
      case RangeMethod::modulo:
        return x % n_;
      case RangeMethod::float_scale: {
        const double r = static_cast<double>(x) / rand_max_;
        if (r >= 1.0) return std::nullopt;
        return static_cast<std::uint64_t>(n_as_double_ * r);
      }
      case RangeMethod::shift:
        while (x >= n_) x >>= 1;
        return x;
      case RangeMethod::maxu8:
        return maxu8_loop(x, n_ - 1);
      case RangeMethod::maxu8_article: {
        const std::uint64_t a = maxu8_loop(x, n_);
        return a == 0 ? n_ - 1 : a - 1;
      }
      case RangeMethod::mulhi:
        return mul_high(x, n_);
      case RangeMethod::mulhi_minus1:
        return mul_high(x, n_ - 1);
      case RangeMethod::mask_reject:
        x &= reject_mask_;
        if (x >= n_) return std::nullopt;
        return x;
      case RangeMethod::lemire: {
        const WideCount product = static_cast<WideCount>(x) * n_;
        if ((static_cast<std::uint64_t>(product) & mask_) < lemire_threshold()) return std::nullopt;
        return static_cast<std::uint64_t>(product >> bits_);
      }
    }
    return std::nullopt;
  }

  // Draws words (NextWord: callable returning std::uint64_t whose low `bits`
  // bits are fresh random bits) until one is accepted.
  template <class NextWord>
  std::uint64_t draw(NextWord&& next_word) const {
    if (method_ == RangeMethod::lemire) {
      // Only a low half below n can be rejected, so the modulo behind the
      // threshold is computed on that rare path alone.
      WideCount product = static_cast<WideCount>(next_word() & mask_) * n_;
      std::uint64_t low = static_cast<std::uint64_t>(product) & mask_;
      if (low < n_) {
        const std::uint64_t threshold = lemire_threshold();
        while (low < threshold) {
          product = static_cast<WideCount>(next_word() & mask_) * n_;
          low = static_cast<std::uint64_t>(product) & mask_;
        }
      }
      return static_cast<std::uint64_t>(product >> bits_);
    }
    for (;;) {
      if (const auto value = map_word(next_word())) return *value;
    }
  }

 private:
  RangeReducer(RangeMethod method, std::uint64_t n, unsigned bits);

  // seed 002's loop: accept when a <= limit (the Z80's `cp c; ret c` with
  // c = limit + 1), otherwise shift the mask right and AND it in.
  std::uint64_t maxu8_loop(std::uint64_t a, std::uint64_t limit) const {
    std::uint64_t mask = mask_;
    while (a > limit) {
      mask >>= 1;
      a &= mask;
    }
    return a;
  }
  std::uint64_t mul_high(std::uint64_t x, std::uint64_t k) const {
    return static_cast<std::uint64_t>((static_cast<WideCount>(x) * k) >> bits_);
  }
  // 2^B mod n, as (2^B - n) mod n so that it fits in 64 bits (wraps to 0 when n = 2^B).
  std::uint64_t lemire_threshold() const { return (mask_ - n_ + 1) % n_; }

  RangeMethod method_;
  std::uint64_t n_;
  unsigned bits_;
  std::uint64_t mask_;
  std::uint64_t reject_mask_;
  double rand_max_;
  double n_as_double_;
};

}  // namespace shufflelab
