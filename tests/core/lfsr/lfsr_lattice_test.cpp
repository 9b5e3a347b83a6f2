// LCG lattices: RANDU's planes from its hand-derived identity, the shortest
// dual vector against brute-force search for small moduli, and the promise
// that every pair / triple lies on one of the counted hyperplanes.
#include "core/lfsr/lfsr_lattice.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <set>

namespace shufflelab {
namespace {

using I128 = __int128;

// RANDU: a = 2^16 + 3, so a^2 = 2^32 + 6 * 2^16 + 9 = 6 (a - 3) + 9 = 6a - 9
// (mod 2^31): x[n+2] - 6 x[n+1] + 9 x[n] = 0, the dual vector (9, -6, 1).
// 9x - 6y + z then lies in (-6m, 10m), a multiple of m: k = -5..9, 15 planes.
TEST(LcgLattice, RanduLiesOnFifteenPlanes) {
  const DualVector v = shortest_dual_vector(65539, 0, 31, 3);
  EXPECT_EQ(v.s, (std::array<std::int64_t, 3>{9, -6, 1}));
  EXPECT_NEAR(v.length, std::sqrt(118.0), 1e-9);
  EXPECT_EQ(v.hyperplanes, 15u);
  Lcg32 randu{65539, 0, 31, 1};
  const std::vector<LcgTriple> triples = lcg_triples(randu, 5000);
  ASSERT_EQ(triples.size(), 5000u);
  std::set<long long> planes;
  for (const auto& p : triples) {
    const long long dot = 9LL * p[0] - 6LL * p[1] + p[2];
    ASSERT_EQ(dot % (1LL << 31), 0);
    planes.insert(dot / (1LL << 31));
  }
  EXPECT_LE(planes.size(), 15u);
  EXPECT_GE(*planes.begin(), -5);
  EXPECT_LE(*planes.rbegin(), 9);
}

I128 brute_force_shortest(std::uint64_t a, int bits, int dims) {
  const I128 m = I128{1} << bits;
  const I128 a2 = static_cast<I128>(a) * a % m;
  const int reach = static_cast<int>(1.2 * std::pow(static_cast<double>(m), 1.0 / dims)) + 2;  // > Hermite bound
  I128 best = -1;
  for (int s1 = -reach; s1 <= reach; ++s1)
    for (int s2 = (dims == 3 ? -reach : 0); s2 <= (dims == 3 ? reach : 0); ++s2) {
      // s0 = -(s1 a + s2 a^2) mod m, taken nearest to zero.
      I128 s0 = -(s1 * static_cast<I128>(a) + s2 * a2) % m;
      if (s0 < 0) s0 += m;
      if (s0 > m / 2) s0 -= m;
      const I128 norm = s0 * s0 + I128{s1} * s1 + I128{s2} * s2;
      if (norm != 0 && (best < 0 || norm < best)) best = norm;
    }
  return best;
}

TEST(LcgLattice, ShortestDualVectorMatchesBruteForce) {
  std::mt19937_64 rng(8);
  for (int bits = 5; bits <= 16; ++bits) {
    for (int trial = 0; trial < 40; ++trial) {
      const std::uint64_t a = rng() & ((std::uint64_t{1} << bits) - 1);
      for (int dims : {2, 3}) {
        const DualVector v = shortest_dual_vector(a, 0, bits, dims);
        const I128 norm = I128{v.s[0]} * v.s[0] + I128{v.s[1]} * v.s[1] + I128{v.s[2]} * v.s[2];
        ASSERT_EQ(static_cast<long long>(norm), static_cast<long long>(brute_force_shortest(a, bits, dims)))
            << "a=" << a << " bits=" << bits << " dims=" << dims;
        // It is a dual vector: s0 + s1 a + s2 a^2 = 0 (mod m).
        const I128 m = I128{1} << bits;
        const I128 r = (v.s[0] + v.s[1] * static_cast<I128>(a) + v.s[2] * (static_cast<I128>(a) * a % m)) % m;
        ASSERT_EQ(static_cast<long long>(r), 0);
      }
    }
  }
}

TEST(LcgLattice, EveryPointLiesOnACountedHyperplane) {
  std::mt19937_64 rng(3);
  for (int trial = 0; trial < 30; ++trial) {
    const int bits = trial % 2 ? 32 : 31;
    Lcg32 g{static_cast<std::uint32_t>(rng()) | 1, static_cast<std::uint32_t>(rng()), bits, 0};
    g.c &= static_cast<std::uint32_t>(width_mask(bits));
    g.state = static_cast<std::uint32_t>(rng() & width_mask(bits));
    const std::vector<LcgTriple> triples = lcg_triples(g, 2000);
    const LatticeDuals duals = lattice_duals(g.a, g.c, bits);
    const I128 m = I128{1} << bits;
    for (const DualVector* v : {&duals.lines, &duals.planes}) {
      std::set<long long> ks;
      for (const auto& p : triples) {
        I128 dot = 0;
        for (int i = 0; i < v->dims; ++i) dot += I128{v->s[static_cast<std::size_t>(i)]} * p[static_cast<std::size_t>(i)];
        I128 k = dot / m;
        if (dot % m != 0 && dot < 0) --k;
        ks.insert(static_cast<long long>(k));
        // The same residue for every point: the points lie on hyperplanes s.x = k m + r.
        ASSERT_EQ(static_cast<long long>(dot - k * m),
                  static_cast<long long>([&] {
                    I128 d0 = 0;
                    for (int i = 0; i < v->dims; ++i)
                      d0 += I128{v->s[static_cast<std::size_t>(i)]} * triples[0][static_cast<std::size_t>(i)];
                    I128 k0 = d0 / m;
                    if (d0 % m != 0 && d0 < 0) --k0;
                    return d0 - k0 * m;
                  }()));
      }
      ASSERT_LE(ks.size(), v->hyperplanes);
    }
  }
}

TEST(LcgLattice, EdgeOnViewPutsTheNormalAlongScreenX) {
  const DualVector v = shortest_dual_vector(65539, 0, 31, 3);
  const auto angles = edge_on_angles(v);
  const Projection3 p = projection_from_angles(angles[0], angles[1]);
  const double sx = p.right[0] * 9 + p.right[1] * -6 + p.right[2] * 1;
  const double sy = p.up[0] * 9 + p.up[1] * -6 + p.up[2] * 1;
  EXPECT_NEAR(sx, std::sqrt(118.0), 1e-9);
  EXPECT_NEAR(sy, 0.0, 1e-9);
  EXPECT_NEAR(p.right[0] * p.up[0] + p.right[1] * p.up[1] + p.right[2] * p.up[2], 0.0, 1e-12);
}

}  // namespace
}  // namespace shufflelab
