// range.hpp: every way the seed articles squeeze a random B-bit word x into a
// die roll (a value in [0, n), face = value + 1), the exact bias of each and
// the bits it costs. Methods (RangeMethod, facts from the seeds and papers):
// modulo; seed 001's float scaling (RAND_MAX = 2^B - 1, B = 31 is glibc);
// seed 002's shift, MAXU8 loop and 8-bit multiply-high rollDie (with DIESIDES
// and with DIESIDES-1); mask-and-reject; Lemire's nearly divisionless
// method (2019). A method may reject a word; draw() then takes another.
//
// Exact counts (how many of the 2^B words give each value) come from closed
// forms, for every B in 1..64 and n <= kMaxExactFaces; float uses bisection
// over its own monotone double computation. The tests check each against
// brute force at B = 8 and 16. Also: coin flips from words, distance-from-
// uniform statistics, and the chi-square p-value used to test samplers.
#pragma once
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <utility>
#include <vector>

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

// Serves the bits of B-bit words one at a time, least significant first
// (the order of the tarot article's coinFlip), fetching a word when empty.
template <class NextWord>
class CoinsFromWords {
 public:
  CoinsFromWords(NextWord next_word, unsigned bits) : next_word_(std::move(next_word)), bits_(bits) {}
  unsigned operator()() {
    if (left_ == 0) {
      word_ = next_word_();
      left_ = bits_;
    }
    const auto bit = static_cast<unsigned>(word_ & 1);
    word_ >>= 1;
    --left_;
    return bit;
  }

 private:
  NextWord next_word_;
  unsigned bits_;
  unsigned left_ = 0;
  std::uint64_t word_ = 0;
};

// How many of the 2^bits equally likely words give each value; `rejected`
// words give none (the method draws again).
struct RangeCounts {
  RangeMethod method;
  std::uint64_t n;
  unsigned bits;
  std::vector<WideCount> counts;  // index = value = face - 1
  WideCount rejected = 0;
  WideCount inputs() const { return WideCount{1} << bits; }
  WideCount accepted() const { return inputs() - rejected; }
};

// Exact per-value counts by closed forms; n <= kMaxExactFaces.
Result<RangeCounts> exact_range_counts(RangeMethod method, std::uint64_t n, unsigned bits);

// Bits drawn per accepted value: bits * 2^bits / accepted (a geometric number of words).
Fraction expected_bits_per_value(const RangeCounts& counts);

// How far a law over n faces is from uniform. The law is weights / total.
struct FaceStats {
  Fraction min_probability;
  Fraction max_probability;
  std::optional<Fraction> max_min_ratio;  // empty when some face never comes up
  Fraction total_variation;               // (1/2) sum |p_i - 1/n|
  double total_variation_approx = 0;
  std::vector<std::uint64_t> favoured;  // values with p > 1/n
  std::vector<std::uint64_t> starved;   // values with p < 1/n (including never)
  std::vector<std::uint64_t> never;     // values with p == 0
};
// weights non-empty, total = sum of weights, total > 0.
FaceStats face_stats(const std::vector<BigUint>& weights, const BigUint& total);
std::vector<BigUint> to_big_weights(const std::vector<WideCount>& counts);

// Pearson's statistic sum (O - E)^2 / E with E = total * p; an observation in
// a cell of probability 0 makes it +infinity.
double chi_square_statistic(std::span<const std::uint64_t> observed, std::span<const double> probabilities);
// P(X >= statistic) for X ~ chi-square(df) = Q(df/2, statistic/2).
double chi_square_p_value(double statistic, double degrees_of_freedom);
// Regularised upper incomplete gamma Q(a, x), a > 0, x >= 0 (series for
// x < a + 1, Lentz's continued fraction otherwise; Numerical Recipes 6.2).
double regularized_upper_gamma(double a, double x);

}  // namespace shufflelab
