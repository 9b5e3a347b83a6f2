// Tests for period.hpp. Independent sources: brute-force walks of every state
// (functional graph: tail and cycle length of each state), stepping the real
// GaloisLfsr / Z80Lfsr, lfsr.cpp's galois_jump_ahead, matrix powers and ranks
// written here, determinant expansion, and published primitive polynomials
// (Xilinx XAPP052).
#include "core/gen/period.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <map>
#include <numeric>
#include <random>
#include <vector>

namespace shufflelab {
namespace {

using u128 = unsigned __int128;
using Step = std::function<std::uint64_t(std::uint64_t)>;

// ---- brute force ---------------------------------------------------------------

struct BruteForce {
  std::vector<std::uint64_t> period;  // cycle length each state ends on
  std::vector<std::uint32_t> tail;    // steps before reaching that cycle
  std::map<std::uint64_t, u128> periodic, reaching;
  std::uint64_t max_period = 0;
  std::uint32_t max_tail = 0;
};

// Walks the functional graph of `step` on all 2^width states.
BruteForce brute_force(int width, const Step& step) {
  const std::size_t n = std::size_t{1} << width;
  BruteForce b;
  b.period.assign(n, 0);
  b.tail.assign(n, 0);
  std::vector<std::uint8_t> color(n, 0);  // 0 new, 1 on the current path, 2 done
  std::vector<std::uint64_t> path;
  for (std::size_t start = 0; start < n; ++start) {
    if (color[start]) continue;
    path.clear();
    std::uint64_t s = start;
    while (color[static_cast<std::size_t>(s)] == 0) {
      color[static_cast<std::size_t>(s)] = 1;
      path.push_back(s);
      s = step(s);
    }
    std::size_t unresolved = path.size();
    if (color[static_cast<std::size_t>(s)] == 1) {  // closed a new cycle
      const auto at = static_cast<std::size_t>(std::find(path.begin(), path.end(), s) - path.begin());
      for (std::size_t i = at; i < path.size(); ++i) b.period[static_cast<std::size_t>(path[i])] = path.size() - at;
      unresolved = at;
    }
    for (std::size_t i = unresolved; i-- > 0;) {
      const auto next = static_cast<std::size_t>(i + 1 < path.size() ? path[i + 1] : s);
      b.period[static_cast<std::size_t>(path[i])] = b.period[next];
      b.tail[static_cast<std::size_t>(path[i])] = b.tail[next] + 1;
    }
    for (auto v : path) color[static_cast<std::size_t>(v)] = 2;
  }
  for (std::size_t s = 0; s < n; ++s) {
    b.reaching[b.period[s]] += 1;
    if (b.tail[s] == 0) b.periodic[b.period[s]] += 1;
    b.max_period = std::max(b.max_period, b.period[s]);
    b.max_tail = std::max(b.max_tail, b.tail[s]);
  }
  return b;
}

void expect_matches_brute_force(const LinearMap& map, const Step& step, bool check_every_seed) {
  BruteForce b = brute_force(map.width, step);
  const auto r = analyse_map(map);
  ASSERT_TRUE(r.has_value()) << r.error();
  const MapAnalysis& a = r.value();
  EXPECT_EQ(a.max_period, b.max_period);
  EXPECT_EQ(a.max_tail, static_cast<int>(b.max_tail));
  EXPECT_EQ(a.maximal, b.max_period == (std::uint64_t{1} << map.width) - 1);
  EXPECT_EQ(a.invertible, b.max_tail == 0);
  ASSERT_EQ(a.cycle_lengths.size(), b.periodic.size());
  u128 weak = 0;
  for (const auto& c : a.cycle_lengths) {
    EXPECT_EQ(c.periodic_states, b.periodic[c.length]) << "length " << c.length;
    EXPECT_EQ(c.states_reaching, b.reaching[c.length]) << "length " << c.length;
    EXPECT_EQ(c.cycles * c.length, c.periodic_states);
    if (c.length < b.max_period) weak += b.reaching[c.length];
  }
  if (b.max_period > 1) weak -= 1;  // the zero state
  EXPECT_EQ(a.weak_seeds, weak);
  EXPECT_EQ(a.nonzero_states, (u128{1} << map.width) - 1);
  const std::uint64_t stride = check_every_seed ? 1 : 37;
  for (std::uint64_t s = 1; s < (std::uint64_t{1} << map.width); s += stride) {
    const auto seed = analyse_seed(map, a, s);
    ASSERT_TRUE(seed.has_value());
    ASSERT_EQ(seed->period, b.period[static_cast<std::size_t>(s)]) << "seed " << s;
    ASSERT_EQ(seed->tail, static_cast<int>(b.tail[static_cast<std::size_t>(s)])) << "seed " << s;
  }
}

Step galois_step(int width, std::uint64_t taps) {
  return [=](std::uint64_t s) {
    GaloisLfsr l{width, taps, s};
    l.step_bit();
    return l.state;
  };
}

// ---- linear algebra written for the tests ---------------------------------------

using Matrix = std::array<std::uint64_t, 64>;  // columns

std::uint64_t apply(const Matrix& m, int w, std::uint64_t v) {
  std::uint64_t out = 0;
  for (int j = 0; j < w; ++j)
    if ((v >> j) & 1) out ^= m[static_cast<std::size_t>(j)];
  return out;
}

Matrix multiply(const Matrix& a, const Matrix& b, int w) {
  Matrix c{};
  for (int j = 0; j < w; ++j) c[static_cast<std::size_t>(j)] = apply(a, w, b[static_cast<std::size_t>(j)]);
  return c;
}

Matrix matrix_of(int w, const Step& step) {
  Matrix m{};
  for (int j = 0; j < w; ++j) m[static_cast<std::size_t>(j)] = step(std::uint64_t{1} << j);
  return m;
}

Matrix identity(int w) {
  Matrix m{};
  for (int j = 0; j < w; ++j) m[static_cast<std::size_t>(j)] = std::uint64_t{1} << j;
  return m;
}

Matrix power(Matrix base, std::uint64_t e, int w) {
  Matrix r = identity(w);
  for (; e; e >>= 1, base = multiply(base, base, w))
    if (e & 1) r = multiply(r, base, w);
  return r;
}

int rank(Matrix m, int w) {
  int r = 0;
  for (int bit = 63; bit >= 0; --bit) {
    int pivot = -1;
    for (int j = r; j < w; ++j)
      if ((m[static_cast<std::size_t>(j)] >> bit) & 1) pivot = j;
    if (pivot < 0) continue;
    std::swap(m[static_cast<std::size_t>(pivot)], m[static_cast<std::size_t>(r)]);
    for (int j = 0; j < w; ++j)
      if (j != r && ((m[static_cast<std::size_t>(j)] >> bit) & 1)) m[static_cast<std::size_t>(j)] ^= m[static_cast<std::size_t>(r)];
    ++r;
  }
  return r;
}

Matrix evaluate_poly(Gf2Poly p, const Matrix& t, int w) {
  Matrix sum{}, term = identity(w);
  for (int i = 0; i <= p.degree(); ++i, term = multiply(term, t, w))
    if (p.coefficient(i))
      for (int j = 0; j < w; ++j) sum[static_cast<std::size_t>(j)] ^= term[static_cast<std::size_t>(j)];
  return sum;
}

bool is_zero(const Matrix& m) {
  return std::all_of(m.begin(), m.end(), [](std::uint64_t c) { return c == 0; });
}

// det(xI - T) by expansion over permutations (the determinant equals the
// permanent in characteristic 2), polynomials as bit masks.
std::uint64_t charpoly_by_expansion(const Matrix& t, int w) {
  std::vector<int> perm(static_cast<std::size_t>(w));
  std::iota(perm.begin(), perm.end(), 0);
  std::uint64_t det = 0;
  do {
    std::uint64_t product = 1;
    for (int i = 0; i < w && product; ++i) {
      const int j = perm[static_cast<std::size_t>(i)];
      // entry (i, j) of xI - T: row i of column j, plus x on the diagonal
      const std::uint64_t entry = ((t[static_cast<std::size_t>(j)] >> i) & 1) | (i == j ? 2u : 0u);
      std::uint64_t next = 0;
      for (int b = 0; b < 2; ++b)
        if ((entry >> b) & 1) next ^= product << b;
      product = next;
    }
    det ^= product;
  } while (std::next_permutation(perm.begin(), perm.end()));
  return det;
}

// Minimal polynomial: first linear dependency among I, T, T^2, ... with each
// w x w matrix flattened into one 64-bit word (w <= 8).
std::uint64_t minpoly_by_flattening(const Matrix& t, int w) {
  auto flatten = [w](const Matrix& m) {
    std::uint64_t v = 0;
    for (int j = 0; j < w; ++j) v |= m[static_cast<std::size_t>(j)] << (j * w);
    return v;
  };
  std::vector<std::pair<std::uint64_t, std::uint64_t>> basis;  // (vector, which powers)
  Matrix p = identity(w);
  for (int k = 0;; ++k, p = multiply(p, t, w)) {
    std::uint64_t v = flatten(p), combo = std::uint64_t{1} << k;
    for (const auto& [bv, bc] : basis)
      if (v & bv & (~bv + 1)) {  // shares the lowest set bit of bv
        v ^= bv;
        combo ^= bc;
      }
    if (!v) return combo;
    basis.push_back({v, combo});
    // Keep the basis reduced so that each vector owns a distinct lowest bit.
    for (auto& [bv, bc] : basis)
      if (bv != v && (bv & v & (~v + 1))) {
        bv ^= v;
        bc ^= combo;
      }
  }
}

std::vector<std::uint64_t> primes_by_trial_division(std::uint64_t n) {
  std::vector<std::uint64_t> primes;
  for (std::uint64_t d = 2; d < (1u << 21) && d * d <= n; ++d)
    if (n % d == 0) {
      primes.push_back(d);
      while (n % d == 0) n /= d;
    }
  EXPECT_LT(n, std::uint64_t{1} << 42) << "cofactor too large to be known prime";
  if (n > 1) primes.push_back(n);
  return primes;
}

// T^tail s is on a cycle of exactly `period` (and T^(tail-1) s is not on it),
// checked with matrix powers.
void expect_exact_period(const Matrix& t, int w, std::uint64_t s, int tail, std::uint64_t period) {
  const std::uint64_t u = apply(power(t, static_cast<std::uint64_t>(tail), w), w, s);
  EXPECT_EQ(apply(power(t, period, w), w, u), u);
  for (auto q : primes_by_trial_division(period)) EXPECT_NE(apply(power(t, period / q, w), w, u), u) << q;
  if (tail > 0) {
    const std::uint64_t before = apply(power(t, static_cast<std::uint64_t>(tail - 1), w), w, s);
    EXPECT_NE(apply(power(t, period, w), w, before), before);
  }
}

// For every cycle length L: #{s : T^L s = s} = 2^(w - rank(T^L - I)) must be
// the number of periodic states whose cycle length divides L.
void expect_fixed_point_counts(const Matrix& t, const MapAnalysis& a) {
  const int w = a.width;
  for (const auto& c : a.cycle_lengths) {
    Matrix m = power(t, c.length, w);
    for (int j = 0; j < w; ++j) m[static_cast<std::size_t>(j)] ^= std::uint64_t{1} << j;
    u128 expected = 0;
    for (const auto& d : a.cycle_lengths)
      if (c.length % d.length == 0) expected += d.periodic_states;
    EXPECT_EQ(u128{1} << (w - rank(m, w)), expected) << "length " << c.length;
  }
  // Periodic states form the image of T^w.
  EXPECT_EQ(rank(power(t, static_cast<std::uint64_t>(w), w), w), w - a.nilpotent_dimension);
}

// ---- small maps against brute force ------------------------------------------------

TEST(Period, EveryTarotMaskAtSmallWidthsMatchesBruteForce) {
  for (int w = 4; w <= 11; ++w)
    for (std::uint64_t mask = 0; mask < 256; ++mask) {
      SCOPED_TRACE("width " + std::to_string(w) + " mask " + std::to_string(mask));
      const std::uint64_t taps = tarot_taps(w, mask);
      expect_matches_brute_force(galois_map(w, taps), galois_step(w, taps), w <= 7);
    }
}

TEST(Period, MaximalTarotMasksMatchBruteForce) {
  for (int w = 4; w <= 16; w += (w < 12 ? 1 : 4)) {
    std::vector<std::uint8_t> expected;
    for (std::uint64_t mask = 0; mask < 256; ++mask) {
      // Step seed 1 until it returns; give up after 2^w steps (tail seeds).
      GaloisLfsr l{w, tarot_taps(w, mask), 1};
      std::uint64_t steps = 0;
      do {
        l.step_bit();
        ++steps;
      } while (l.state != 1 && steps <= (std::uint64_t{1} << w));
      if (steps == (std::uint64_t{1} << w) - 1) expected.push_back(static_cast<std::uint8_t>(mask));
    }
    EXPECT_EQ(maximal_tarot_masks(w), expected) << "width " << w;
  }
  EXPECT_TRUE(maximal_tarot_masks(3).empty());
  EXPECT_TRUE(maximal_tarot_masks(65).empty());
}

TEST(Period, WiderGaloisRegistersMatchBruteForce) {
  std::mt19937_64 rng(2024);
  for (int w : {13, 16, 18}) {
    for (int i = 0; i < 2; ++i) {
      const std::uint64_t taps = rng() & width_mask(w);
      SCOPED_TRACE("width " + std::to_string(w) + " taps " + std::to_string(taps));
      expect_matches_brute_force(galois_map(w, taps), galois_step(w, taps), false);
    }
  }
}

TEST(Period, RandomAndStructuredMatricesMatchBruteForce) {
  std::mt19937_64 rng(31337);
  std::vector<LinearMap> maps;
  for (int w = 1; w <= 10; ++w) {
    for (int i = 0; i < 12; ++i) {
      LinearMap m;
      m.width = w;
      const int density = 1 + static_cast<int>(rng() % 4);  // sparse maps are often singular
      for (int j = 0; j < w; ++j) {
        std::uint64_t c = rng();
        for (int k = 1; k < density; ++k) c &= rng();
        m.columns[static_cast<std::size_t>(j)] = c & width_mask(w);
      }
      maps.push_back(m);
    }
    LinearMap id, zero, shift, twin;
    id.width = zero.width = shift.width = twin.width = w;
    for (int j = 0; j < w; ++j) {
      id.columns[static_cast<std::size_t>(j)] = std::uint64_t{1} << j;
      shift.columns[static_cast<std::size_t>(j)] = j + 1 < w ? std::uint64_t{1} << (j + 1) : 0;  // nilpotent
    }
    // Copies of one companion block: repeated factors split over several
    // blocks. The last column of a companion block holds x^k mod its
    // polynomial: x^3 + x + 1 -> x + 1, x^2 + x + 1 -> x + 1, (x+1)^2 -> 1.
    const int block = w % 3 == 0 ? 3 : 2;
    const std::uint64_t last_column = block == 3 ? 0b011 : (w % 2 == 0 ? 0b11 : 0b01);
    for (int b = 0; b + block <= w; b += block) {
      for (int j = 0; j + 1 < block; ++j) twin.columns[static_cast<std::size_t>(b + j)] = std::uint64_t{1} << (b + j + 1);
      twin.columns[static_cast<std::size_t>(b + block - 1)] = last_column << b;
    }
    maps.insert(maps.end(), {id, zero, shift, twin});
  }
  for (const auto& m : maps) {
    SCOPED_TRACE("width " + std::to_string(m.width));
    expect_matches_brute_force(m, [&](std::uint64_t s) { return m.apply(s); }, m.width <= 8);
    const Matrix t = m.columns;
    if (m.width <= 7) {
      EXPECT_EQ(characteristic_polynomial(m).bits, u128{charpoly_by_expansion(t, m.width)});
    }
    if (m.width <= 8) {
      EXPECT_EQ(minimal_polynomial(m).bits, u128{minpoly_by_flattening(t, m.width)});
    }
    // Every kernel-basis vector of each factor is annihilated by it.
    const MapAnalysis analysis = analyse_map(m).value();
    for (const auto& f : analysis.factors) {
      const auto basis = kernel_basis(m, f.poly);
      EXPECT_EQ(static_cast<int>(basis.size()), m.width - rank(evaluate_poly(f.poly, t, m.width), m.width));
      for (auto v : basis) EXPECT_EQ(apply(evaluate_poly(f.poly, t, m.width), m.width, v), 0u);
    }
  }
}

// ---- the real generators ---------------------------------------------------------------

TEST(Period, Tarot32PeriodsCheckedByJumpAhead) {
  // Stepping seed 1 until it returns (done once outside the suite, ~10 s)
  // gives 3757580295 bit-steps for mask CF, 4158654495 for C5 and
  // 4294967295 for AF; jump-ahead re-checks every analysed period here.
  const std::vector<std::pair<std::uint64_t, std::uint64_t>> known = {
      {0xCF, 3757580295u}, {0xC5, 4158654495u}, {0xAF, 4294967295u}};
  for (const auto& [mask, period] : known) {
    const auto r = analyse_galois(GaloisLfsr{32, tarot_taps(32, mask), 1});
    ASSERT_TRUE(r.has_value());
    EXPECT_EQ(r->seed.period, period) << mask;
  }
  std::mt19937_64 rng(5);
  for (std::uint64_t mask : {0xCFu, 0xC5u, 0xAFu, 0x4Fu, 0x01u, 0x80u, 0xFFu, 0x3Cu}) {
    const std::uint64_t taps = tarot_taps(32, mask);
    const Matrix t = matrix_of(32, galois_step(32, taps));
    for (std::uint64_t seed : {std::uint64_t{1}, std::uint64_t{0x80000000u}, rng() & 0xffffffffu, rng() & 0xffffffffu}) {
      const auto r = analyse_galois(GaloisLfsr{32, taps, seed});
      ASSERT_TRUE(r.has_value());
      SCOPED_TRACE("mask " + std::to_string(mask) + " seed " + std::to_string(seed));
      expect_exact_period(t, 32, seed, r->seed.tail, r->seed.period);
      // lfsr.cpp's own jump-ahead agrees.
      GaloisLfsr on_cycle{32, taps, apply(power(t, static_cast<std::uint64_t>(r->seed.tail), 32), 32, seed)};
      EXPECT_EQ(galois_jump_ahead(on_cycle, r->seed.period), on_cycle.state);
    }
    expect_fixed_point_counts(t, analyse_map(galois_map(32, taps)).value());
  }
}

TEST(Period, Tarot32MaximalMasksCheckedByJumpAhead) {
  const std::uint64_t n = 4294967295u;  // 2^32 - 1 = 3 * 5 * 17 * 257 * 65537
  const auto primes = primes_by_trial_division(n);
  const auto masks = maximal_tarot_masks(32);
  for (std::uint64_t mask = 0; mask < 256; ++mask) {
    // Seed 1 has period 2^32 - 1 iff T^n 1 = 1 and T^(n/q) 1 != 1 for all q.
    GaloisLfsr l{32, tarot_taps(32, mask), 1};
    bool maximal = galois_jump_ahead(l, n) == 1;
    for (std::size_t i = 0; i < primes.size() && maximal; ++i) maximal = galois_jump_ahead(l, n / primes[i]) != 1;
    EXPECT_EQ(std::count(masks.begin(), masks.end(), mask) == 1, maximal) << "mask " << mask;
  }
}

TEST(Period, WeakSeedsReallyCycleShort) {
  // Each kernel-basis seed of an irreducible factor p cycles with period
  // ord(x mod p): step the real register and count.
  for (std::uint64_t mask : {0xCFu, 0xC5u}) {
    const LinearMap map = galois_map(32, tarot_taps(32, mask));
    const MapAnalysis a = analyse_map(map).value();
    for (const auto& f : a.factors) {
      if (f.order > 200000) continue;
      for (auto seed : kernel_basis(map, f.poly)) {
        GaloisLfsr l{32, tarot_taps(32, mask), seed};
        std::uint64_t steps = 0;
        do {
          l.step_bit();
          ++steps;
        } while (l.state != seed && steps <= f.order);
        EXPECT_EQ(steps, f.order) << "mask " << mask << " factor " << to_string(f.poly);
        EXPECT_EQ(analyse_seed(map, a, seed)->period, f.order);
      }
    }
  }
}

Step z80_step() {
  return [](std::uint64_t s) {
    Z80Lfsr z = Z80Lfsr::from_packed(s);
    z.next_byte();
    return z.packed();
  };
}

TEST(Period, Z80RoutineIsLinearAndItsPeriodsAreExact) {
  const Step step = z80_step();
  std::mt19937_64 rng(80);
  for (int i = 0; i < 1000; ++i) {
    const std::uint64_t a = rng(), b = rng();
    ASSERT_EQ(step(a ^ b), step(a) ^ step(b));
  }
  const Matrix t = matrix_of(64, step);
  for (std::uint64_t seed : {std::uint64_t{1}, std::uint64_t{0x0123456789ABCDEFull}, rng(), rng(), rng()}) {
    const auto r = analyse_z80(Z80Lfsr::from_packed(seed));
    ASSERT_TRUE(r.has_value());
    expect_exact_period(t, 64, seed, r->seed.tail, r->seed.period);
  }
  const MapAnalysis a = analyse_z80(Z80Lfsr::from_packed(1))->map;
  expect_fixed_point_counts(t, a);
  EXPECT_EQ(a.max_period, analyse_map(z80_map())->max_period);
  // The minimal polynomial annihilates T, and no proper divisor obtained by
  // dropping one irreducible factor does.
  EXPECT_TRUE(is_zero(evaluate_poly(a.minimal, t, 64)));
  for (const auto& f : a.factors)
    EXPECT_FALSE(is_zero(evaluate_poly(divide(a.minimal, f.poly).quotient, t, 64))) << to_string(f.poly);
}

TEST(Period, Z80ShortCyclesByEnumeration) {
  // After L calls the state is the last L outputs followed by the old bytes
  // shifted down, so T^L s = s forces byte i = byte i+L: a state of period
  // dividing L is fixed by its first L bytes. Enumerate them for L = 1, 2.
  const Step step = z80_step();
  const MapAnalysis a = analyse_z80(Z80Lfsr::from_packed(1))->map;
  for (int l : {1, 2}) {
    u128 fixed = 0;
    for (std::uint64_t head = 0; head < (std::uint64_t{1} << (8 * l)); ++head) {
      std::uint64_t s = 0;
      for (int i = 0; i < 8; ++i) s = (s << 8) | ((head >> (8 * (i % l))) & 0xff);
      std::uint64_t v = s;
      for (int k = 0; k < l; ++k) v = step(v);
      fixed += v == s ? 1 : 0;
    }
    u128 expected = 0;
    for (const auto& c : a.cycle_lengths)
      if (static_cast<std::uint64_t>(l) % c.length == 0) expected += c.periodic_states;
    EXPECT_EQ(fixed, expected) << "L = " << l;
  }
  // Weak seeds found from the factorisation really cycle that fast.
  const LinearMap map = z80_map();
  for (const auto& f : a.factors) {
    if (f.order > 100000) continue;
    for (auto seed : kernel_basis(map, f.poly)) {
      Z80Lfsr z = Z80Lfsr::from_packed(seed);
      std::uint64_t calls = 0;
      do {
        z.next_byte();
        ++calls;
      } while (z.packed() != seed && calls <= f.order);
      EXPECT_EQ(calls, f.order) << to_string(f.poly);
    }
  }
}

TEST(Period, PublishedPrimitivePolynomialsGiveMaximalFibonacciRegisters) {
  // Xilinx XAPP052 taps (bits numbered 1..n): the new bit is the XOR of the
  // tapped bits, everything shifts up by one.
  const std::vector<std::vector<int>> taps = {{8, 6, 5, 4}, {16, 15, 13, 4}, {32, 22, 2, 1}, {64, 63, 61, 60}};
  for (const auto& t : taps) {
    const int n = t[0];
    const LinearMap map = linear_map_from(n, [&](std::uint64_t s) {
      std::uint64_t feedback = 0;
      for (int tap : t) feedback ^= (s >> (tap - 1)) & 1;
      return ((s << 1) | feedback) & width_mask(n);
    });
    const auto a = analyse_map(map);
    ASSERT_TRUE(a.has_value());
    EXPECT_TRUE(a->maximal) << n;
    EXPECT_EQ(a->max_period, mersenne(n));
    EXPECT_EQ(a->weak_seeds, 0u);
    ASSERT_EQ(a->cycle_lengths.size(), 2u);
    EXPECT_EQ(a->cycle_lengths[1].cycles, 1u);
  }
}

TEST(Period, RejectsBadInput) {
  LinearMap bad;
  bad.width = 0;
  EXPECT_FALSE(analyse_map(bad).has_value());
  bad.width = 65;
  EXPECT_FALSE(analyse_map(bad).has_value());
  bad.width = 4;
  bad.columns[0] = 0x10;  // bit 4 is outside a 4-bit state
  EXPECT_FALSE(analyse_map(bad).has_value());
  const LinearMap ok = galois_map(8, 0xB8);
  const auto zero = analyse_seed(ok, 0);
  ASSERT_FALSE(zero.has_value());
  EXPECT_NE(zero.error().find("zero"), std::string::npos);
  EXPECT_FALSE(analyse_seed(ok, 0x100).has_value());
  EXPECT_FALSE(analyse_galois(GaloisLfsr{32, 0xCF000000u, 0}).has_value());
  EXPECT_FALSE(analyse_z80(Z80Lfsr{}).has_value());
  // An analysis of a different map is detected.
  const MapAnalysis other = analyse_map(galois_map(8, 0x8E)).value();
  EXPECT_FALSE(analyse_seed(galois_map(8, 0x01), other, 1).has_value());
}

}  // namespace
}  // namespace shufflelab
