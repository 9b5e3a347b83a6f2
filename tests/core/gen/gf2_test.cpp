// Tests for gf2.hpp. Expected values come from independent sources: naive
// bit-by-bit reference arithmetic written here, a sieve of reducible
// polynomials, brute-force orders, trial division, published counts (OEIS)
// and published primitive polynomials (Xilinx XAPP052; Hurst's appendix of
// primitive polynomials in "VLSI Testing").
#include "core/gen/gf2.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <map>
#include <random>
#include <vector>

namespace shufflelab {
namespace {

using u128 = unsigned __int128;

// ---- reference arithmetic, one bit at a time -----------------------------------

int ref_degree(u128 v) {
  int d = -1;
  for (; v; v >>= 1) ++d;
  return d;
}

u128 ref_mul(u128 a, u128 b) {
  u128 r = 0;
  for (int i = 0; i < 128; ++i)
    if ((b >> i) & 1) r ^= a << i;
  return r;
}

u128 ref_mod(u128 a, u128 f) {
  const int df = ref_degree(f);
  for (int i = 127; i >= df; --i)
    if ((a >> i) & 1) a ^= f << (i - df);
  return a;
}

u128 ref_div(u128 a, u128 f) {
  const int df = ref_degree(f);
  u128 q = 0;
  for (int i = 127; i >= df; --i)
    if ((a >> i) & 1) {
      a ^= f << (i - df);
      q |= u128{1} << (i - df);
    }
  return q;
}

u128 ref_gcd(u128 a, u128 b) {
  while (b) {
    const u128 r = ref_mod(a, b);
    a = b;
    b = r;
  }
  return a;
}

u128 ref_mulmod(u128 a, u128 b, u128 f) { return ref_mod(ref_mul(ref_mod(a, f), ref_mod(b, f)), f); }

// Rabin's test written from scratch with the reference arithmetic.
bool ref_irreducible(u128 f) {
  const int n = ref_degree(f);
  if (n < 1) return false;
  std::vector<u128> x_pow(static_cast<std::size_t>(n) + 1);
  u128 v = ref_mod(2, f);
  for (int k = 1; k <= n; ++k) x_pow[static_cast<std::size_t>(k)] = v = ref_mulmod(v, v, f);
  if (x_pow[static_cast<std::size_t>(n)] != ref_mod(2, f)) return false;
  for (int q = 2; q <= n; ++q) {
    bool prime = true;
    for (int r = 2; r * r <= q; ++r) prime = prime && q % r != 0;
    if (!prime || n % q != 0) continue;
    if (ref_degree(ref_gcd(f, x_pow[static_cast<std::size_t>(n / q)] ^ ref_mod(2, f))) > 0) return false;
  }
  return true;
}

// reducible[f] for every polynomial of degree <= max_degree: marked when it is
// a product of two polynomials of degree >= 1.
std::vector<bool> reducible_sieve(int max_degree) {
  const std::uint64_t limit = std::uint64_t{1} << (max_degree + 1);
  std::vector<bool> reducible(static_cast<std::size_t>(limit), false);
  for (std::uint64_t a = 2; a < limit; ++a)
    for (std::uint64_t b = 2; b <= a; ++b) {
      if (ref_degree(a) + ref_degree(b) > max_degree) break;
      reducible[static_cast<std::size_t>(ref_mul(a, b))] = true;
    }
  return reducible;
}

bool trial_division_prime(std::uint64_t n) {
  if (n < 2) return false;
  for (std::uint64_t d = 2; d * d <= n; ++d)
    if (n % d == 0) return false;
  return true;
}

u128 ref_powmod(u128 base, std::uint64_t e, u128 f) {
  u128 r = ref_mod(1, f);
  for (; e; e >>= 1, base = ref_mulmod(base, base, f))
    if (e & 1) r = ref_mulmod(r, base, f);
  return r;
}

Gf2Poly from_exponents(std::initializer_list<int> exponents) {
  u128 bits = 0;
  for (int e : exponents) bits |= u128{1} << e;
  return Gf2Poly{bits};
}

u128 ref_pow(u128 base, int e) {
  u128 r = 1;
  for (int i = 0; i < e; ++i) r = ref_mul(r, base);
  return r;
}

// ---- polynomials --------------------------------------------------------------

TEST(Gf2Poly, TextForms) {
  EXPECT_EQ(to_string(from_exponents({32, 22, 2, 1, 0})), "x^32 + x^22 + x^2 + x + 1");
  EXPECT_EQ(to_string(Gf2Poly{}), "0");
  EXPECT_EQ(to_string(kGf2One), "1");
  EXPECT_EQ(to_hex(from_exponents({64, 0})), "0x10000000000000001");
  EXPECT_EQ(to_hex(from_exponents({8, 7, 6, 2, 0})), "0x1C5");
  EXPECT_EQ(to_hex(Gf2Poly{}), "0x0");
  EXPECT_EQ(to_decimal(0), "0");
  EXPECT_EQ(to_decimal(u128{1} << 64), "18446744073709551616");  // 2^64
  EXPECT_EQ(to_decimal(u128{1} << 127), "170141183460469231731687303715884105728");  // 2^127
  EXPECT_EQ(from_exponents({64, 3}).degree(), 64);
  EXPECT_EQ(Gf2Poly{}.degree(), -1);
}

TEST(Gf2Poly, MultiplyDivideGcdDerivativeByHand) {
  // (x + 1)^2 = x^2 + 2x + 1 = x^2 + 1 in characteristic 2.
  EXPECT_EQ(multiply(from_exponents({1, 0}), from_exponents({1, 0})), from_exponents({2, 0}));
  // x^3 + 1 = (x + 1)(x^2 + x + 1).
  const auto qr = divide(from_exponents({3, 0}), from_exponents({1, 0}));
  EXPECT_EQ(qr.quotient, from_exponents({2, 1, 0}));
  EXPECT_TRUE(qr.remainder.is_zero());
  // gcd((x+1)^3, (x+1)(x^2+x+1)) = x + 1.
  const Gf2Poly x1 = from_exponents({1, 0});
  EXPECT_EQ(gcd(multiply(x1, multiply(x1, x1)), multiply(x1, from_exponents({2, 1, 0}))), x1);
  // d/dx (x^3 + x^2 + x + 1) = 3x^2 + 2x + 1 = x^2 + 1; d/dx x^4 = 0;
  // d/dx (x^64 + x^63) = 64 x^63 + 63 x^62 = x^62.
  EXPECT_EQ(derivative(from_exponents({3, 2, 1, 0})), from_exponents({2, 0}));
  EXPECT_TRUE(derivative(from_exponents({4})).is_zero());
  EXPECT_EQ(derivative(from_exponents({64, 63})), from_exponents({62}));
  EXPECT_EQ(divide(x1, Gf2Poly{}).remainder, x1);  // division by zero is defined
}

TEST(Gf2Poly, ArithmeticMatchesReference) {
  std::mt19937_64 rng(12345);
  for (int trial = 0; trial < 2000; ++trial) {
    const int df = 1 + static_cast<int>(rng() % 64);
    const u128 f = (u128{1} << df) | (rng() & ((std::uint64_t{1} << (df - 1)) * 2 - 1));
    const u128 a = rng(), b = u128{rng()} << (rng() % 50);
    const u128 c = rng() >> 1;
    EXPECT_EQ(multiply(Gf2Poly{a}, Gf2Poly{c}).bits, ref_mul(a, c));
    const auto qr = divide(Gf2Poly{b}, Gf2Poly{f});
    EXPECT_EQ(qr.quotient.bits, ref_div(b, f));
    EXPECT_EQ(qr.remainder.bits, ref_mod(b, f));
    EXPECT_EQ(gcd(Gf2Poly{a}, Gf2Poly{f}).bits, ref_gcd(a, f));
    EXPECT_EQ(mulmod(Gf2Poly{a}, Gf2Poly{b}, Gf2Poly{f}).bits, ref_mulmod(a, b, f)) << "deg f " << df;
    // a^e by repeated reference multiplication for a small e.
    const int e = static_cast<int>(rng() % 40);
    u128 expected = ref_mod(1, f);
    for (int i = 0; i < e; ++i) expected = ref_mulmod(expected, a, f);
    EXPECT_EQ(powmod(Gf2Poly{a}, static_cast<std::uint64_t>(e), Gf2Poly{f}).bits, expected);
  }
  // A huge exponent 2^k is k squarings.
  const Gf2Poly f64 = from_exponents({64, 63, 61, 60, 0});
  u128 v = 2;
  for (int k = 1; k <= 63; ++k) v = ref_mulmod(v, v, f64.bits);
  EXPECT_EQ(powmod(kGf2X, std::uint64_t{1} << 63, f64).bits, v);
  EXPECT_TRUE(mulmod(kGf2X, kGf2X, kGf2One).is_zero());  // constant modulus: defined fallback
}

TEST(Gf2Poly, IrreducibilityMatchesSieveAndOeisCounts) {
  constexpr int kMaxDegree = 14;
  const auto reducible = reducible_sieve(kMaxDegree);
  // OEIS A001037: number of irreducible binary polynomials of degree n.
  const int published[kMaxDegree + 1] = {0, 2, 1, 2, 3, 6, 9, 18, 30, 56, 99, 186, 335, 630, 1161};
  std::vector<int> count(kMaxDegree + 1, 0);
  for (std::uint64_t f = 2; f < (std::uint64_t{1} << (kMaxDegree + 1)); ++f) {
    const bool expected = !reducible[static_cast<std::size_t>(f)];
    ASSERT_EQ(is_irreducible(Gf2Poly{f}), expected) << to_string(Gf2Poly{f});
    if (expected) ++count[static_cast<std::size_t>(ref_degree(f))];
  }
  for (int d = 1; d <= kMaxDegree; ++d) EXPECT_EQ(count[static_cast<std::size_t>(d)], published[d]) << d;
  EXPECT_FALSE(is_irreducible(kGf2One));
  EXPECT_FALSE(is_irreducible(Gf2Poly{u128{1} << 65 | 1}));
}

TEST(Gf2Poly, FactorSmallPolynomialsCompletely) {
  constexpr int kMaxDegree = 12;
  const auto reducible = reducible_sieve(kMaxDegree);
  for (std::uint64_t f = 2; f < (std::uint64_t{1} << (kMaxDegree + 1)); ++f) {
    const auto factors = factor(Gf2Poly{f});
    u128 product = 1;
    for (std::size_t i = 0; i < factors.size(); ++i) {
      const u128 p = factors[i].poly.bits;
      ASSERT_FALSE(reducible[static_cast<std::size_t>(p)]) << to_string(Gf2Poly{f});
      ASSERT_GE(ref_degree(p), 1);
      if (i > 0) {
        ASSERT_LT(factors[i - 1].poly.bits, p);  // ascending, merged
      }
      product = ref_mul(product, ref_pow(p, factors[i].multiplicity));
    }
    ASSERT_EQ(product, u128{f}) << to_string(Gf2Poly{f});
  }
  EXPECT_TRUE(factor(Gf2Poly{}).empty());
  EXPECT_TRUE(factor(kGf2One).empty());
}

TEST(Gf2Poly, FactorLargePolynomials) {
  std::mt19937_64 rng(777);
  for (int trial = 0; trial < 200; ++trial) {
    const int degree = 40 + static_cast<int>(rng() % 25);  // 40..64
    const u128 f = (u128{1} << degree) | (rng() & ((std::uint64_t{1} << (degree - 1)) * 2 - 1));
    const auto factors = factor(Gf2Poly{f});
    u128 product = 1;
    for (const auto& fac : factors) {
      EXPECT_TRUE(ref_irreducible(fac.poly.bits)) << to_string(fac.poly);
      product = ref_mul(product, ref_pow(fac.poly.bits, fac.multiplicity));
    }
    EXPECT_EQ(product, f);
  }
}

TEST(Gf2Poly, RepeatedFactorsByConstruction) {
  // x^3 (x+1)^5 (x^2+x+1)^2 (x^3+x+1) (x^4+x+1)^3 (x^13+x^4+x^3+x+1)^2: the
  // factors are irreducible (small ones by hand, the degree-13 one by the
  // reference Rabin test below); degree 3+5+4+3+12+26 = 53.
  const u128 x = 2, x1 = 3, q2 = 7, c3 = 0xB, q4 = 0x13;
  const u128 p13 = from_exponents({13, 4, 3, 1, 0}).bits;
  ASSERT_TRUE(ref_irreducible(p13));
  const u128 f = ref_mul(ref_mul(ref_mul(ref_pow(x, 3), ref_pow(x1, 5)), ref_mul(ref_pow(q2, 2), c3)),
                         ref_mul(ref_pow(q4, 3), ref_pow(p13, 2)));
  const std::vector<Gf2Factor> expected = {{Gf2Poly{x}, 3},  {Gf2Poly{x1}, 5}, {Gf2Poly{q2}, 2},
                                           {Gf2Poly{c3}, 1}, {Gf2Poly{q4}, 3}, {Gf2Poly{p13}, 2}};
  EXPECT_EQ(factor(Gf2Poly{f}), expected);
  // Square-free parts group the factors by multiplicity.
  const std::vector<Gf2Factor> parts = {{Gf2Poly{c3}, 1},
                                        {Gf2Poly{ref_mul(q2, p13)}, 2},
                                        {Gf2Poly{ref_mul(x, q4)}, 3},
                                        {Gf2Poly{x1}, 5}};
  EXPECT_EQ(squarefree_decomposition(Gf2Poly{f}), parts);
  // A pure square: (x^4+x+1)^2 (x+1)^4.
  const std::vector<Gf2Factor> square_parts = {{Gf2Poly{q4}, 2}, {Gf2Poly{x1}, 4}};
  EXPECT_EQ(squarefree_decomposition(Gf2Poly{ref_mul(ref_pow(q4, 2), ref_pow(x1, 4))}), square_parts);
  // (x+1)^64 = x^64 + 1: degree 64 with one factor.
  const std::vector<Gf2Factor> power64 = {{Gf2Poly{x1}, 64}};
  EXPECT_EQ(factor(from_exponents({64, 0})), power64);
}

TEST(Gf2Poly, SquarefreeDecompositionProperties) {
  std::mt19937_64 rng(99);
  for (int trial = 0; trial < 300; ++trial) {
    // Random products of small random polynomials, so repeats are common.
    u128 f = 1;
    while (ref_degree(f) < 30) {
      const u128 piece = 2 + rng() % 30;
      if (ref_degree(f) + ref_degree(piece) > 64) break;
      f = ref_mul(f, piece);
    }
    const auto parts = squarefree_decomposition(Gf2Poly{f});
    u128 product = 1;
    for (std::size_t i = 0; i < parts.size(); ++i) {
      const u128 p = parts[i].poly.bits;
      const u128 dp = (p >> 1) & ((u128{0x5555555555555555ull} << 64) | 0x5555555555555555ull);
      EXPECT_EQ(ref_gcd(p, dp), u128{1}) << "part must be square-free";
      for (std::size_t j = 0; j < i; ++j) {
        EXPECT_EQ(ref_gcd(p, parts[j].poly.bits), u128{1}) << "parts must be coprime";
        EXPECT_LT(parts[j].multiplicity, parts[i].multiplicity);
      }
      product = ref_mul(product, ref_pow(p, parts[i].multiplicity));
    }
    EXPECT_EQ(product, f);
  }
}

// ---- orders and primitivity ---------------------------------------------------------

TEST(Gf2Order, MatchesBruteForceForAllSmallPolynomials) {
  for (std::uint64_t f = 3; f < (1u << 11); f += 2) {  // constant term 1, degree 1..10
    // Multiply by x (shift, subtract f on overflow) until x^t = 1.
    const int n = ref_degree(f);
    std::uint64_t power = 1, t = 0;
    do {
      power <<= 1;
      if ((power >> n) & 1) power ^= f;
      ++t;
    } while (power != 1);
    const auto order = order_of_x(Gf2Poly{f});
    ASSERT_TRUE(order.has_value());
    ASSERT_EQ(order.value(), t) << to_string(Gf2Poly{f});
  }
  EXPECT_FALSE(order_of_x(from_exponents({5, 1})).has_value());  // x divides it
  EXPECT_FALSE(order_of_x(Gf2Poly{}).has_value());
  EXPECT_EQ(order_of_x(kGf2One).value(), 1u);
  // x^4+x^3+x^2+x+1 divides x^5 - 1 and is irreducible: order 5, not primitive.
  const Gf2Poly p5 = from_exponents({4, 3, 2, 1, 0});
  EXPECT_TRUE(is_irreducible(p5));
  EXPECT_EQ(order_of_x_irreducible(p5), 5u);
  EXPECT_FALSE(is_primitive(p5));
  EXPECT_EQ(order_of_x_irreducible(kGf2X), 0u);
  EXPECT_EQ(order_of_x_irreducible(from_exponents({2, 0})), 0u);  // (x+1)^2 is not irreducible
  EXPECT_EQ(order_of_prime_power(7, 1), 7u);
  EXPECT_EQ(order_of_prime_power(7, 2), 14u);
  EXPECT_EQ(order_of_prime_power(7, 3), 28u);
  EXPECT_EQ(order_of_prime_power(7, 5), 56u);
}

std::uint64_t totient_by_trial_division(std::uint64_t n) {
  std::uint64_t result = n;
  for (std::uint64_t p = 2; p * p <= n; ++p)
    if (n % p == 0) {
      while (n % p == 0) n /= p;
      result -= result / p;
    }
  if (n > 1) result -= result / n;
  return result;
}

TEST(Gf2Order, PrimitiveCountsMatchTotientFormula) {
  // There are phi(2^n - 1) / n primitive polynomials of degree n (OEIS A011260).
  for (int n = 1; n <= 16; ++n) {
    std::uint64_t count = 0;
    for (std::uint64_t f = (std::uint64_t{1} << n) | 1; f < (std::uint64_t{1} << (n + 1)); f += 2)
      count += is_primitive(Gf2Poly{f}) ? 1 : 0;
    EXPECT_EQ(count, totient_by_trial_division((std::uint64_t{1} << n) - 1) / static_cast<std::uint64_t>(n)) << n;
  }
}

TEST(Gf2Order, PublishedPrimitivePolynomials) {
  // Xilinx XAPP052 (Alfke, 1996), table of maximal-length taps: 8: 8,6,5,4;
  // 16: 16,15,13,4; 32: 32,22,2,1; 64: 64,63,61,60.
  // Hurst, "VLSI Testing", appendix A (minimal-term primitive polynomials):
  // 51: 16,15,1,0; 52: 3,0; 53: 16,15,1,0; 54: 37,36,1,0; 55: 24,0; 56: 22,21,1,0;
  // 57: 7,0; 58: 19,0; 12: 7,4,3,0.
  const std::vector<Gf2Poly> published = {
      from_exponents({8, 6, 5, 4, 0}),      from_exponents({16, 15, 13, 4, 0}), from_exponents({32, 22, 2, 1, 0}),
      from_exponents({64, 63, 61, 60, 0}),  from_exponents({51, 16, 15, 1, 0}), from_exponents({52, 3, 0}),
      from_exponents({53, 16, 15, 1, 0}),   from_exponents({54, 37, 36, 1, 0}), from_exponents({55, 24, 0}),
      from_exponents({56, 22, 21, 1, 0}),   from_exponents({57, 7, 0}),          from_exponents({58, 19, 0}),
      from_exponents({12, 7, 4, 3, 0})};
  for (const auto& p : published) {
    EXPECT_TRUE(is_primitive(p)) << to_string(p);
    EXPECT_EQ(order_of_x(p).value(), mersenne(p.degree())) << to_string(p);
    // Independent check of the order: x^(2^n - 1) = 1 by n reference squarings
    // (x^(2^n) = x) ...
    u128 v = 2;
    for (int k = 0; k < p.degree(); ++k) v = ref_mulmod(v, v, p.bits);
    EXPECT_EQ(v, u128{2});
    // ... and x^((2^n - 1)/q) != 1 for the primes q of 2^n - 1, found by trial
    // division up to 2^21 (for these degrees the cofactor left is below 2^42,
    // hence prime).
    std::uint64_t rest = mersenne(p.degree());
    std::vector<std::uint64_t> primes;
    for (std::uint64_t c = 3; c < (1u << 21) && c * c <= rest; c += 2)
      if (rest % c == 0) {
        primes.push_back(c);
        while (rest % c == 0) rest /= c;
      }
    ASSERT_LT(rest, std::uint64_t{1} << 42);
    if (rest > 1) primes.push_back(rest);
    for (auto q : primes) EXPECT_NE(ref_powmod(2, mersenne(p.degree()) / q, p.bits), u128{1}) << to_string(p) << " q=" << q;
  }
  // x^64 + 1 = (x+1)^64 is not primitive; neither is x^8 + 1 nor x.
  EXPECT_FALSE(is_primitive(from_exponents({64, 0})));
  EXPECT_FALSE(is_primitive(kGf2X));
  EXPECT_TRUE(is_primitive(from_exponents({1, 0})));  // x + 1: order 1 = 2^1 - 1
}

// ---- integers ---------------------------------------------------------------------------

// Prime test for factors of 2^d - 1: trial division when small; for 2^61 - 1
// every prime divisor q of 2^p - 1 (p prime) satisfies q = 1 mod 2p (Fermat),
// so trial division over q = 122k + 1 up to sqrt(2^61) is enough.
bool verified_prime_factor_of_mersenne(std::uint64_t q, int d) {
  if (q < (std::uint64_t{1} << 44)) return trial_division_prime(q);
  if (d != 61) return false;
  for (std::uint64_t c = 123; c <= 1518500250u; c += 122)
    if (q % c == 0 && q != c) return false;
  return true;
}

TEST(Gf2Integers, FactorMersenneNumbers) {
  for (int d = 1; d <= 64; ++d) {
    const std::uint64_t n = mersenne(d);
    const auto factors = factor_u64(n);
    u128 product = 1;
    for (std::size_t i = 0; i < factors.size(); ++i) {
      EXPECT_TRUE(verified_prime_factor_of_mersenne(factors[i].prime, d)) << d << ": " << factors[i].prime;
      if (i > 0) {
        EXPECT_LT(factors[i - 1].prime, factors[i].prime);
      }
      for (int e = 0; e < factors[i].exponent; ++e) product *= factors[i].prime;
    }
    EXPECT_EQ(product, u128{n}) << d;
  }
  EXPECT_EQ(mersenne(64), ~std::uint64_t{0});
  EXPECT_EQ(mersenne(0), 0u);
}

TEST(Gf2Integers, FactorSmallNumbersAndSemiprimes) {
  for (std::uint64_t n = 2; n < 20000; ++n) {
    std::uint64_t product = 1;
    for (const auto& pp : factor_u64(n)) {
      ASSERT_TRUE(trial_division_prime(pp.prime)) << n;
      for (int e = 0; e < pp.exponent; ++e) product *= pp.prime;
    }
    ASSERT_EQ(product, n);
    ASSERT_EQ(is_prime_u64(n), trial_division_prime(n)) << n;
  }
  EXPECT_TRUE(factor_u64(1).empty());
  EXPECT_TRUE(factor_u64(0).empty());
  // Two primes near 2^32, found here by trial division: rho must split them.
  auto next_prime = [](std::uint64_t v) {
    while (!trial_division_prime(v)) ++v;
    return v;
  };
  const std::uint64_t p = next_prime(4000000000u), q = next_prime(4100000000u);
  const std::vector<PrimePower> expected = {{p, 1}, {q, 1}};
  EXPECT_EQ(factor_u64(p * q), expected);
  const std::vector<PrimePower> square = {{p, 2}};
  EXPECT_EQ(factor_u64(p * p), square);
  // 3215031751 = 151 * 751 * 28351 is a strong pseudoprime to bases 2, 3, 5, 7.
  EXPECT_EQ(151ull * 751ull * 28351ull, 3215031751ull);
  EXPECT_FALSE(is_prime_u64(3215031751ull));
  EXPECT_FALSE(is_prime_u64(561));  // Carmichael number 3 * 11 * 17
  EXPECT_TRUE(is_prime_u64(p));
  EXPECT_TRUE(is_prime_u64(18446744073709551557ull));  // largest 64-bit prime, 2^64 - 59 (published)
}

}  // namespace
}  // namespace shufflelab
