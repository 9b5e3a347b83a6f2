#include "core/gen/gf2.hpp"

#include <algorithm>
#include <bit>
#include <numeric>

namespace shufflelab {

namespace {

int degree_of(Uint128 v) {
  const auto high = static_cast<std::uint64_t>(v >> 64);
  if (high) return 127 - std::countl_zero(high);
  const auto low = static_cast<std::uint64_t>(v);
  return low ? 63 - std::countl_zero(low) : -1;
}

// Carry-less 64x64 -> 128 product, four bits of b per round.
Uint128 clmul(std::uint64_t a, std::uint64_t b) {
  Uint128 multiples[16];
  multiples[0] = 0;
  multiples[1] = a;
  for (unsigned k = 2; k < 16; ++k) multiples[k] = (k & 1) ? multiples[k - 1] ^ a : multiples[k / 2] << 1;
  Uint128 r = 0;
  for (int shift = 60; shift >= 0; shift -= 4) r = (r << 4) ^ multiples[(b >> shift) & 15];
  return r;
}

// Squaring in characteristic 2 only spreads the bits apart.
std::uint64_t spread32(std::uint64_t v) {
  v &= 0xffffffffu;
  v = (v | (v << 16)) & 0x0000ffff0000ffffull;
  v = (v | (v << 8)) & 0x00ff00ff00ff00ffull;
  v = (v | (v << 4)) & 0x0f0f0f0f0f0f0f0full;
  v = (v | (v << 2)) & 0x3333333333333333ull;
  v = (v | (v << 1)) & 0x5555555555555555ull;
  return v;
}

Uint128 square_bits(std::uint64_t a) { return Uint128{spread32(a >> 32)} << 64 | spread32(a); }

// Inverse of square_bits: keeps coefficients of even powers.
Uint128 even_coefficients_halved(Uint128 v) {
  Uint128 r = 0;
  for (int i = 0; i < 64; ++i) r |= ((v >> (2 * i)) & 1) << i;
  return r;
}

// Arithmetic modulo a fixed f with 1 <= deg f <= 64; residues are uint64.
class ModRing {
 public:
  explicit ModRing(Uint128 f) : f_(f), n_(degree_of(f)) {
    // table_[t] is the multiple q*f (deg q <= 3) whose bits n..n+3 read t, so
    // XORing it clears four bits of excess degree at once.
    for (std::uint64_t q = 0; q < 16; ++q) {
      const Uint128 m = clmul(q, static_cast<std::uint64_t>(f)) ^ (n_ == 64 ? Uint128{q} << 64 : Uint128{0});
      table_[static_cast<std::size_t>((m >> n_) & 15)] = m;
    }
  }

  int degree() const { return n_; }

  std::uint64_t reduce(Uint128 p, int top_degree = 127) const {
    int excess = top_degree - n_;
    for (; excess >= 3; excess -= 4) {
      const int shift = excess - 3;
      p ^= table_[static_cast<std::size_t>((p >> (n_ + shift)) & 15)] << shift;
    }
    for (; excess >= 0; --excess)
      if ((p >> (n_ + excess)) & 1) p ^= f_ << excess;
    return static_cast<std::uint64_t>(p);
  }

  std::uint64_t mul(std::uint64_t a, std::uint64_t b) const { return reduce(clmul(a, b), 2 * n_ - 2); }
  std::uint64_t sqr(std::uint64_t a) const { return reduce(square_bits(a), 2 * n_ - 2); }
  std::uint64_t pow(std::uint64_t a, std::uint64_t e) const {
    std::uint64_t r = one();
    for (int bit = 63; bit >= 0; --bit) {
      r = sqr(r);
      if ((e >> bit) & 1) r = mul(r, a);
    }
    return r;
  }
  std::uint64_t one() const { return reduce(1); }
  std::uint64_t x() const { return reduce(2); }

 private:
  Uint128 f_;
  int n_;
  Uint128 table_[16] = {};
};

bool valid_modulus(Gf2Poly f) { return f.degree() >= 1 && f.degree() <= 64; }

// Deterministic pseudo-random numbers for equal-degree splitting: the
// factorisation is unique, the sequence only decides how fast it is found.
struct SplitMix64 {
  std::uint64_t state;
  std::uint64_t next() {
    std::uint64_t z = (state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
};

// g: square-free product of irreducibles that all have degree d.
void split_equal_degree(Uint128 g, int d, SplitMix64& rng, std::vector<Uint128>& out) {
  const int n = degree_of(g);
  if (n == d) {
    out.push_back(g);
    return;
  }
  const ModRing ring(g);
  const std::uint64_t residue_mask = n >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << n) - 1;
  for (;;) {
    const std::uint64_t a = rng.next() & residue_mask;
    if (a < 2) continue;
    // The trace a + a^2 + ... + a^(2^(d-1)) is 0 or 1 modulo each factor,
    // independently, so the gcd picks out a random subset of the factors.
    std::uint64_t power = a, trace = a;
    for (int i = 1; i < d; ++i) {
      power = ring.sqr(power);
      trace ^= power;
    }
    const Uint128 h = gcd(Gf2Poly{g}, Gf2Poly{trace}).bits;
    const int dh = degree_of(h);
    if (dh > 0 && dh < n) {
      split_equal_degree(h, d, rng, out);
      split_equal_degree(divide(Gf2Poly{g}, Gf2Poly{h}).quotient.bits, d, rng, out);
      return;
    }
  }
}

// Irreducible factors of a square-free g (1 <= deg g <= 64).
void factor_squarefree(Uint128 g, std::vector<Uint128>& out) {
  SplitMix64 rng{0x5eed5eedull ^ static_cast<std::uint64_t>(g)};
  ModRing ring(g);
  std::uint64_t x_power = ring.x();  // x^(2^d) mod g
  for (int d = 1; 2 * d <= degree_of(g); ++d) {
    x_power = ring.sqr(x_power);
    // x^(2^d) - x is the product of all irreducibles of degree dividing d.
    const Uint128 block = gcd(Gf2Poly{g}, Gf2Poly{Uint128{x_power} ^ 2}).bits;
    if (degree_of(block) > 0) {
      split_equal_degree(block, d, rng, out);
      g = divide(Gf2Poly{g}, Gf2Poly{block}).quotient.bits;
      ring = ModRing(g);
      x_power = ring.reduce(x_power);
    }
  }
  if (degree_of(g) > 0) out.push_back(g);
}

// ---- 64-bit integers -------------------------------------------------------

// Montgomery arithmetic modulo an odd n: no 128-bit division in the hot loop.
class Montgomery {
 public:
  explicit Montgomery(std::uint64_t n) : n_(n), inverse_(n) {
    for (int i = 0; i < 5; ++i) inverse_ *= 2 - n * inverse_;  // Newton: 3 -> 96 correct bits
  }
  std::uint64_t to(std::uint64_t a) const { return static_cast<std::uint64_t>((Uint128{a % n_} << 64) % n_); }
  std::uint64_t mul(std::uint64_t a, std::uint64_t b) const {
    const Uint128 t = Uint128{a} * b;
    const std::uint64_t m = static_cast<std::uint64_t>(t) * inverse_;
    const auto mn_high = static_cast<std::uint64_t>((Uint128{m} * n_) >> 64);
    const auto t_high = static_cast<std::uint64_t>(t >> 64);
    return t_high >= mn_high ? t_high - mn_high : t_high - mn_high + n_;
  }
  std::uint64_t pow(std::uint64_t a, std::uint64_t e) const {
    std::uint64_t r = to(1);
    for (; e; e >>= 1, a = mul(a, a))
      if (e & 1) r = mul(r, a);
    return r;
  }

 private:
  std::uint64_t n_;
  std::uint64_t inverse_;
};

constexpr std::uint64_t kSmallPrimes[] = {2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37};

// Pollard rho with Brent's cycle finding and batched gcds; n odd composite.
// Returns a proper divisor or n when this constant c fails.
std::uint64_t brent_rho(std::uint64_t n, std::uint64_t c) {
  const Montgomery mont(n);
  const std::uint64_t c_m = mont.to(c);
  auto f = [&](std::uint64_t v) {
    const std::uint64_t s = mont.mul(v, v) + c_m;
    return s >= n || s < c_m ? s - n : s;
  };
  constexpr std::uint64_t kBatch = 128;
  std::uint64_t y = mont.to(2), x = y, saved = y, product = mont.to(1), g = 1;
  for (std::uint64_t r = 1; g == 1; r *= 2) {
    x = y;
    for (std::uint64_t i = 0; i < r; ++i) y = f(y);
    for (std::uint64_t k = 0; k < r && g == 1; k += kBatch) {
      saved = y;
      for (std::uint64_t i = 0; i < std::min(kBatch, r - k); ++i) {
        y = f(y);
        product = mont.mul(product, x > y ? x - y : y - x);
      }
      g = std::gcd(product, n);
    }
  }
  if (g == n) {  // the batch overshot: redo it one step at a time
    do {
      saved = f(saved);
      g = std::gcd(x > saved ? x - saved : saved - x, n);
    } while (g == 1);
  }
  return g;
}

void factor_into(std::uint64_t n, std::vector<std::uint64_t>& primes) {
  if (n == 1) return;
  if (is_prime_u64(n)) {
    primes.push_back(n);
    return;
  }
  for (std::uint64_t c = 1;; ++c) {
    const std::uint64_t d = brent_rho(n, c);
    if (d != n) {
      factor_into(d, primes);
      factor_into(n / d, primes);
      return;
    }
  }
}

}  // namespace

// ---- polynomials -------------------------------------------------------------

int Gf2Poly::degree() const { return degree_of(bits); }

Gf2Poly multiply(Gf2Poly a, Gf2Poly b) {
  Uint128 r = 0;
  for (int i = 0; i <= degree_of(b.bits); ++i)
    if ((b.bits >> i) & 1) r ^= a.bits << i;
  return Gf2Poly{r};
}

Gf2DivMod divide(Gf2Poly a, Gf2Poly b) {
  const int db = b.degree();
  if (db < 0) return {Gf2Poly{}, a};
  Uint128 q = 0, r = a.bits;
  for (int dr = degree_of(r); dr >= db; dr = degree_of(r)) {
    q |= Uint128{1} << (dr - db);
    r ^= b.bits << (dr - db);
  }
  return {Gf2Poly{q}, Gf2Poly{r}};
}

Gf2Poly gcd(Gf2Poly a, Gf2Poly b) {
  while (!b.is_zero()) {
    const Gf2Poly r = divide(a, b).remainder;
    a = b;
    b = r;
  }
  return a;
}

Gf2Poly derivative(Gf2Poly a) {
  // d/dx x^i = i x^(i-1): only odd powers survive, each moves down by one.
  constexpr Uint128 kEvenBits = (Uint128{0x5555555555555555ull} << 64) | 0x5555555555555555ull;
  return Gf2Poly{(a.bits >> 1) & kEvenBits};
}

Gf2Poly mulmod(Gf2Poly a, Gf2Poly b, Gf2Poly f) {
  if (!valid_modulus(f)) return Gf2Poly{};
  const ModRing ring(f.bits);
  return Gf2Poly{ring.mul(ring.reduce(a.bits), ring.reduce(b.bits))};
}

Gf2Poly powmod(Gf2Poly a, std::uint64_t e, Gf2Poly f) {
  if (!valid_modulus(f)) return Gf2Poly{};
  const ModRing ring(f.bits);
  return Gf2Poly{ring.pow(ring.reduce(a.bits), e)};
}

std::vector<Gf2Factor> squarefree_decomposition(Gf2Poly f) {
  if (!valid_modulus(f)) return {};
  std::vector<Gf2Factor> parts;
  const Gf2Poly df = derivative(f);
  if (df.is_zero()) {  // f is a square
    for (auto part : squarefree_decomposition(Gf2Poly{even_coefficients_halved(f.bits)}))
      parts.push_back({part.poly, 2 * part.multiplicity});
    return parts;
  }
  // gcd(f, f') keeps p^(m-1) for odd m and p^m for even m; peel one layer
  // of the odd-multiplicity factors per round.
  Gf2Poly c = gcd(f, df);
  Gf2Poly w = divide(f, c).quotient;
  for (int i = 1; w.degree() > 0; ++i) {
    const Gf2Poly y = gcd(w, c);
    const Gf2Poly part = divide(w, y).quotient;
    if (part.degree() > 0) parts.push_back({part, i});
    w = y;
    c = divide(c, y).quotient;
  }
  if (c.degree() > 0)
    for (auto part : squarefree_decomposition(Gf2Poly{even_coefficients_halved(c.bits)}))
      parts.push_back({part.poly, 2 * part.multiplicity});
  std::sort(parts.begin(), parts.end(),
            [](const Gf2Factor& a, const Gf2Factor& b) { return a.multiplicity < b.multiplicity; });
  return parts;
}

std::vector<Gf2Factor> factor(Gf2Poly f) {
  std::vector<Gf2Factor> result;
  for (const auto& part : squarefree_decomposition(f)) {
    std::vector<Uint128> irreducibles;
    factor_squarefree(part.poly.bits, irreducibles);
    for (auto p : irreducibles) result.push_back({Gf2Poly{p}, part.multiplicity});
  }
  std::sort(result.begin(), result.end(), [](const Gf2Factor& a, const Gf2Factor& b) { return a.poly < b.poly; });
  return result;
}

bool is_irreducible(Gf2Poly f) {
  const int n = f.degree();
  if (n < 1 || n > 64) return false;
  if (n == 1) return true;
  const ModRing ring(f.bits);
  // Rabin: f is irreducible iff x^(2^n) = x mod f and gcd(x^(2^(n/q)) - x, f)
  // = 1 for every prime q dividing n.
  std::uint64_t x_power = ring.x();
  std::uint64_t powers[65] = {};
  for (int k = 1; k <= n; ++k) powers[k] = x_power = ring.sqr(x_power);
  if (powers[n] != ring.x()) return false;
  for (const auto& q : factor_u64(static_cast<std::uint64_t>(n))) {
    const Gf2Poly g = gcd(f, Gf2Poly{Uint128{powers[n / static_cast<int>(q.prime)]} ^ ring.x()});
    if (g.degree() > 0) return false;
  }
  return true;
}

// ---- integers ----------------------------------------------------------------

bool is_prime_u64(std::uint64_t n) {
  if (n < 2) return false;
  for (auto p : kSmallPrimes) {
    if (n == p) return true;
    if (n % p == 0) return false;
  }
  // Miller-Rabin with the first 12 primes as bases is exact below 3.18e23.
  const Montgomery mont(n);
  std::uint64_t d = n - 1;
  int s = 0;
  while ((d & 1) == 0) {
    d >>= 1;
    ++s;
  }
  const std::uint64_t one = mont.to(1), minus_one = mont.to(n - 1);
  for (auto base : kSmallPrimes) {
    std::uint64_t v = mont.pow(mont.to(base), d);
    if (v == one || v == minus_one) continue;
    bool composite = true;
    for (int i = 1; i < s && composite; ++i) {
      v = mont.mul(v, v);
      if (v == minus_one) composite = false;
    }
    if (composite) return false;
  }
  return true;
}

std::vector<PrimePower> factor_u64(std::uint64_t n) {
  std::vector<std::uint64_t> primes;
  if (n == 0) return {};
  for (std::uint64_t p = 2; p < 1000 && p * p <= n; p += (p == 2 ? 1 : 2))
    while (n % p == 0) {
      primes.push_back(p);
      n /= p;
    }
  factor_into(n, primes);
  std::sort(primes.begin(), primes.end());
  std::vector<PrimePower> result;
  for (auto p : primes) {
    if (!result.empty() && result.back().prime == p)
      ++result.back().exponent;
    else
      result.push_back({p, 1});
  }
  return result;
}

std::uint64_t mersenne(int d) {
  if (d <= 0) return 0;
  return d >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << d) - 1;
}

// ---- orders ------------------------------------------------------------------

std::uint64_t order_of_x_irreducible(Gf2Poly p) {
  if (!valid_modulus(p)) return 0;
  return order_of_x_irreducible(p, factor_u64(mersenne(p.degree())));
}

std::uint64_t order_of_x_irreducible(Gf2Poly p, const std::vector<PrimePower>& mersenne_factors) {
  if (p == kGf2X || !is_irreducible(p)) return 0;
  const ModRing ring(p.bits);
  // The multiplicative group of GF(2^d) has 2^d - 1 elements; strip every
  // prime from that bound while x^(bound/q) is still 1.
  std::uint64_t order = mersenne(p.degree());
  for (const auto& pp : mersenne_factors)
    for (int i = 0; i < pp.exponent && ring.pow(ring.x(), order / pp.prime) == ring.one(); ++i) order /= pp.prime;
  return order;
}

std::uint64_t order_of_prime_power(std::uint64_t order_of_p, int k) {
  int doublings = 0;
  while ((1 << doublings) < k) ++doublings;
  return order_of_p << doublings;
}

Result<std::uint64_t> order_of_x(Gf2Poly f) {
  using R = Result<std::uint64_t>;
  if (f.is_zero()) return R::fail("the zero polynomial has no order");
  if (f.degree() > 64) return R::fail("degree above 64 is not supported");
  if (!f.coefficient(0)) return R::fail("x divides the polynomial, so x has no multiplicative order modulo it");
  std::uint64_t order = 1;
  for (const auto& fac : factor(f)) {
    const std::uint64_t o = order_of_prime_power(order_of_x_irreducible(fac.poly), fac.multiplicity);
    order = order / std::gcd(order, o) * o;
  }
  return R::ok(order);
}

bool is_primitive(Gf2Poly f) {
  if (!valid_modulus(f)) return false;
  return is_primitive(f, factor_u64(mersenne(f.degree())));
}

bool is_primitive(Gf2Poly f, const std::vector<PrimePower>& mersenne_factors) {
  if (!valid_modulus(f) || !f.coefficient(0) || !is_irreducible(f)) return false;
  const ModRing ring(f.bits);
  const std::uint64_t group_order = mersenne(f.degree());
  for (const auto& pp : mersenne_factors)
    if (ring.pow(ring.x(), group_order / pp.prime) == ring.one()) return false;
  return true;
}

// ---- text ----------------------------------------------------------------------

std::string to_string(Gf2Poly f) {
  if (f.is_zero()) return "0";
  std::string out;
  for (int i = f.degree(); i >= 0; --i) {
    if (!f.coefficient(i)) continue;
    if (!out.empty()) out += " + ";
    out += i == 0 ? "1" : i == 1 ? "x" : "x^" + std::to_string(i);
  }
  return out;
}

std::string to_hex(Gf2Poly f) {
  static const char* kDigits = "0123456789ABCDEF";
  std::string digits;
  for (Uint128 v = f.bits; v; v >>= 4) digits += kDigits[static_cast<int>(v & 15)];
  if (digits.empty()) digits = "0";
  std::reverse(digits.begin(), digits.end());
  return "0x" + digits;
}

std::string to_decimal(Uint128 v) {
  std::string digits;
  do {
    digits += static_cast<char>('0' + static_cast<int>(v % 10));
    v /= 10;
  } while (v);
  std::reverse(digits.begin(), digits.end());
  return digits;
}

}  // namespace shufflelab
