// rational.hpp: exact non-negative integers of any size (BigUint) and reduced
// non-negative fractions (Fraction), for the exact laws of the dice lab.
//
// Why a bigint: the exact probabilities of the lab have denominators such as
// 2^T * (2^L - 1) (coin-flip rollers with an eventual period of L flips) or
// 6^1000 (1000d6); neither fits in 128 bits.
//
// Representation: little-endian base-2^32 limbs without leading zeros (zero is
// the empty vector), so it behaves the same on wasm32 and x86-64. Division is
// Knuth's Algorithm D (TAOCP vol. 2, 4.3.1); gcd is Euclid's. Subtraction
// requires a >= b (the callers compare first); there is no sign.
#pragma once
#include <compare>
#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace shufflelab {

using WideCount = unsigned __int128;

class BigUint {
 public:
  BigUint() = default;
  BigUint(std::uint64_t value);  // NOLINT: implicit on purpose, small constants read naturally
  static BigUint from_wide(WideCount value);
  static BigUint power_of_two(std::size_t exponent);
  static BigUint power(std::uint64_t base, std::uint64_t exponent);

  bool is_zero() const { return limbs_.empty(); }
  std::size_t bit_length() const;
  void set_bit(std::size_t index);
  std::uint64_t low_u64() const;  // the value modulo 2^64
  double to_double() const;       // nearest-ish double (truncated to 64 significant bits first)
  std::string to_string() const;  // decimal

  BigUint& operator+=(const BigUint& other);
  BigUint& operator-=(const BigUint& other);  // requires *this >= other
  BigUint& operator*=(const BigUint& other);
  BigUint& operator<<=(std::size_t bits);
  BigUint& operator>>=(std::size_t bits);
  friend BigUint operator+(BigUint a, const BigUint& b) { return a += b; }
  friend BigUint operator-(BigUint a, const BigUint& b) { return a -= b; }
  friend BigUint operator*(const BigUint& a, const BigUint& b);
  friend BigUint operator<<(BigUint a, std::size_t bits) { return a <<= bits; }
  friend BigUint operator>>(BigUint a, std::size_t bits) { return a >>= bits; }
  friend bool operator==(const BigUint& a, const BigUint& b) = default;
  friend std::strong_ordering operator<=>(const BigUint& a, const BigUint& b);

  // {quotient, remainder}; divisor must be non-zero.
  static std::pair<BigUint, BigUint> divmod(const BigUint& dividend, const BigUint& divisor);
  friend BigUint gcd(BigUint a, BigUint b);
  // |a - b|
  friend BigUint abs_diff(const BigUint& a, const BigUint& b);

 private:
  void trim();
  std::uint32_t divmod_small(std::uint32_t divisor);  // in place, returns remainder
  std::vector<std::uint32_t> limbs_;
};

// numerator/denominator in lowest terms; the denominator is never zero.
class Fraction {
 public:
  Fraction() : den_(1) {}
  Fraction(BigUint numerator, BigUint denominator);  // reduces; denominator must be non-zero
  const BigUint& numerator() const { return num_; }
  const BigUint& denominator() const { return den_; }
  bool is_zero() const { return num_.is_zero(); }
  double to_double() const;
  std::string to_string() const;  // "p/q" (always with the slash, "0/1" for zero)
  friend bool operator==(const Fraction& a, const Fraction& b) = default;
  friend std::strong_ordering operator<=>(const Fraction& a, const Fraction& b);

 private:
  BigUint num_;
  BigUint den_;
};

// a / b as a double, good to about 1e-15 relative, for any sizes (b non-zero).
double ratio_to_double(const BigUint& a, const BigUint& b);

}  // namespace shufflelab
