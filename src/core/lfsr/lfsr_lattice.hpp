// lfsr_lattice.hpp: why successive LCG outputs fall on lines and planes.
// For x' = a x + c mod m, every pair (x_n, x_n+1) and triple (x_n, x_n+1,
// x_n+2) satisfies s.x = constant (mod m) for each integer vector s with
// s0 + s1 a (+ s2 a^2) = 0 (mod m): the points lie on the parallel hyperplanes
// s.x = k m + r. The shortest such s (the dual lattice's shortest vector, as
// in Knuth's spectral test, TAOCP vol. 2, 3.3.4) gives the fewest, widest
// spaced hyperplanes. RANDU (a = 65539, m = 2^31) has a^2 = 6a - 9 (mod m),
// so s = (9, -6, 1): its triples lie on 15 planes.
//
// The shortest vector is found by Lagrange reduction (2-D, exact) and LLL
// with a small exhaustive search over the reduced basis (3-D), in 128-bit
// integers; checked against brute force for small moduli in the tests.
//
// The search is not in the app's download: the LFSR session runs the
// "lcg_lattice" job (the worker's core module in the browser, inline
// natively) and reads its payload with core/lfsr/lattice_wire.
#pragma once
#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/base/jobs.hpp"
#include "core/base/url_fields.hpp"
#include "core/gen/generators.hpp"

namespace shufflelab {

struct DualVector {
  int dims = 0;                       // 2 or 3
  std::array<std::int64_t, 3> s{};    // s0 + s1 a (+ s2 a^2) = 0 mod m; first nonzero entry positive
  double length = 0.0;
  // Hyperplanes s.x = k m + r, 0 <= x_i < m, that can hold points: every
  // pair / triple lies on one of them.
  std::uint64_t hyperplanes = 0;
};

// Shortest nonzero dual vector for multiplier a, modulus 2^modulus_bits
// (1..32), in 2 or 3 dimensions; c shifts the hyperplanes (r above), not s.
DualVector shortest_dual_vector(std::uint64_t a, std::uint64_t c, int modulus_bits, int dims);

// "s = (1, -3, 9): every triple lies on one of 15 parallel planes s . x = k m + r, 0.58 apart (times 1/|s|)"
std::string lattice_description(const DualVector& d, const char* what);

// The shortest dual vectors of an LCG's pairs and triples, their sentences,
// and the camera that shows the planes edge-on.
struct LatticeDuals {
  DualVector lines;   // pairs
  DualVector planes;  // triples
  std::string lines_text, planes_text;  // lattice_description's
  std::array<double, 2> edge_on{};      // edge_on_angles(planes)
};
LatticeDuals lattice_duals(std::uint64_t a, std::uint64_t c, int modulus_bits);

// The "lcg_lattice" job: parameters a=A&c=C&bits=B (decimal), one step, its
// result and payload the duals as core/lfsr/lattice_wire writes them.
Result<std::shared_ptr<Job>> make_lcg_lattice_job(FieldReader& fields);

using LcgTriple = std::array<std::uint32_t, 3>;  // (x_n, x_n+1, x_n+2)
// `count` overlapping triples from the generator's next outputs.
std::vector<LcgTriple> lcg_triples(Lcg32 generator, std::size_t count);

struct LcgLattice {
  std::uint64_t modulus = 0;
  std::vector<LcgTriple> triples;  // for the next outputs
  LatticeDuals duals;
};

// A rotation for drawing points of the unit cube: screen x = right . p,
// screen y = up . p (right and up orthonormal).
struct Projection3 {
  std::array<double, 3> right{}, up{};
};
Projection3 projection_from_angles(double yaw, double pitch);
// yaw, pitch that put the hyperplanes' normal s along the screen's x axis:
// the planes are then seen edge-on, as vertical lines.
std::array<double, 2> edge_on_angles(const DualVector& v);

}  // namespace shufflelab
