// gf2.hpp: polynomials over GF(2) of degree <= 64 and the number theory that
// exact LFSR periods need.
//
// Gf2Poly keeps coefficient i in bit i of an unsigned __int128, so x^64 fits.
// Arithmetic modulo f works for 1 <= deg f <= 64 (residues fit a uint64).
// Factoring: square-free decomposition (gcd with the derivative, square roots
// in characteristic 2), distinct-degree factorisation via x^(2^i) mod f, then
// Cantor-Zassenhaus splitting with the trace map. Orders (Lidl/Niederreiter,
// Finite Fields, Thms 3.8-3.9): ord(x mod p) divides 2^d-1 for irreducible p
// of degree d; ord(x mod p^k) = ord(x mod p) * 2^ceil(log2 k); lcm over the
// factors. Integers < 2^64: trial division, deterministic Miller-Rabin (first
// 12 prime bases) and Pollard-Brent rho in Montgomery arithmetic.
// Functions are total: inputs outside the stated range give the stated
// fallback, never undefined behaviour.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "core/base/result.hpp"

namespace shufflelab {

using Uint128 = unsigned __int128;

struct Gf2Poly {
  Uint128 bits = 0;  // bit i = coefficient of x^i

  constexpr Gf2Poly() = default;
  constexpr explicit Gf2Poly(Uint128 coefficient_bits) : bits(coefficient_bits) {}

  int degree() const;  // -1 for the zero polynomial
  bool is_zero() const { return bits == 0; }
  bool coefficient(int i) const { return i >= 0 && i < 128 && ((bits >> i) & 1) != 0; }

  friend bool operator==(const Gf2Poly&, const Gf2Poly&) = default;
  // Numeric order of the bit patterns: lower degree first.
  friend bool operator<(const Gf2Poly& a, const Gf2Poly& b) { return a.bits < b.bits; }
};

constexpr Gf2Poly kGf2One{1};
constexpr Gf2Poly kGf2X{2};

inline Gf2Poly operator+(Gf2Poly a, Gf2Poly b) { return Gf2Poly{a.bits ^ b.bits}; }

// Product; requires deg a + deg b <= 127 (higher terms are dropped).
Gf2Poly multiply(Gf2Poly a, Gf2Poly b);

struct Gf2DivMod {
  Gf2Poly quotient;
  Gf2Poly remainder;
};
// Division with remainder; dividing by zero gives {0, a}.
Gf2DivMod divide(Gf2Poly a, Gf2Poly b);
Gf2Poly gcd(Gf2Poly a, Gf2Poly b);  // monic (every nonzero poly is), gcd(0,0) = 0
Gf2Poly derivative(Gf2Poly a);

// a*b mod f and a^e mod f for 1 <= deg f <= 64; any other f gives 0.
Gf2Poly mulmod(Gf2Poly a, Gf2Poly b, Gf2Poly f);
Gf2Poly powmod(Gf2Poly a, std::uint64_t e, Gf2Poly f);

struct Gf2Factor {
  Gf2Poly poly;
  int multiplicity = 0;
  friend bool operator==(const Gf2Factor&, const Gf2Factor&) = default;
};

// f = prod part^multiplicity with square-free, pairwise coprime parts and
// distinct multiplicities (ascending). Zero, constants and degree > 64: empty.
std::vector<Gf2Factor> squarefree_decomposition(Gf2Poly f);

// Irreducible factors with multiplicities, ascending by polynomial. Zero,
// constants and degree > 64: empty.
std::vector<Gf2Factor> factor(Gf2Poly f);

// Rabin's test; false outside degree 1..64.
bool is_irreducible(Gf2Poly f);

// Integer factorisation into primes, ascending. n = 0 or 1: empty.
struct PrimePower {
  std::uint64_t prime = 0;
  int exponent = 0;
  friend bool operator==(const PrimePower&, const PrimePower&) = default;
};
bool is_prime_u64(std::uint64_t n);
std::vector<PrimePower> factor_u64(std::uint64_t n);
std::uint64_t mersenne(int d);  // 2^d - 1 for 0 <= d <= 64

// ord(x mod p) for an irreducible p != x of degree <= 64; 0 for anything else.
// `mersenne_factors`, if given, must be factor_u64(2^deg p - 1) (saves the
// integer factoring when many polynomials of one degree are tested).
std::uint64_t order_of_x_irreducible(Gf2Poly p);
std::uint64_t order_of_x_irreducible(Gf2Poly p, const std::vector<PrimePower>& mersenne_factors);

// ord(x mod p^k) = ord(x mod p) * 2^ceil(log2 k), k >= 1.
std::uint64_t order_of_prime_power(std::uint64_t order_of_p, int k);

// Smallest t >= 1 with x^t = 1 mod f. Fails when x divides f (x is then not
// invertible), for f = 0 and for degree > 64.
Result<std::uint64_t> order_of_x(Gf2Poly f);

// Irreducible of degree n with ord(x) = 2^n - 1.
bool is_primitive(Gf2Poly f);
bool is_primitive(Gf2Poly f, const std::vector<PrimePower>& mersenne_factors);

// "x^32 + x^31 + x^7 + 1"; "0" for zero.
std::string to_string(Gf2Poly f);
// Coefficient bits in hex, "0x1CF000001" style (uppercase digits).
std::string to_hex(Gf2Poly f);
// Decimal digits of a 128-bit count.
std::string to_decimal(Uint128 v);

}  // namespace shufflelab
