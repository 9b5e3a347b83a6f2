// period.hpp: exact periods and cycle structure of linear generators over
// GF(2): Galois LFSRs (tarot), the Z80 byte-wise register, and any other map
// given as a w x w bit matrix (w <= 64), e.g. a Fibonacci LFSR.
//
// A state s with annihilator x^a * g (g(0) = 1; the least monic m with
// m(T) s = 0) walks a tail of a steps, then cycles with period ord(x mod g).
// The characteristic polynomial comes from a Krylov decomposition (a chain of
// T-invariant subspaces, one companion block each). Per irreducible factor p,
// dim ker p(T)^k gives the cyclic blocks F2[x]/(p^e); counting the vectors of
// each block by annihilator and combining periods with lcm yields the exact
// number of states on every cycle length (theory of linear recurring
// sequences, Lidl/Niederreiter, Finite Fields, ch. 8). A 64-bit map takes
// under a millisecond, also in wasm.
// Time unit: one application of the map (a GaloisLfsr bit-step; one Z80Lfsr
// call = one output byte).
#pragma once
#include <array>
#include <cstdint>
#include <vector>

#include "core/gen/gf2.hpp"
#include "core/gen/lfsr.hpp"
#include "core/base/result.hpp"
#include "core/gen/z80_lfsr.hpp"

namespace shufflelab {

// A linear map on width-bit states; columns[j] is the image of bit j alone.
struct LinearMap {
  int width = 0;  // 1..64
  std::array<std::uint64_t, 64> columns{};

  std::uint64_t apply(std::uint64_t state) const;
};

// Builds the matrix from any linear step function on width-bit states.
template <typename Step>
LinearMap linear_map_from(int width, Step&& step) {
  LinearMap map;
  map.width = width;
  for (int j = 0; j < width && j < 64; ++j) map.columns[static_cast<std::size_t>(j)] = step(std::uint64_t{1} << j);
  return map;
}

// One bit-step of GaloisLfsr{width, taps}; state bit j is register bit j.
LinearMap galois_map(int width, std::uint64_t taps);
// One Z80Lfsr call on the state Z80Lfsr::packed() (byte +0 most significant).
LinearMap z80_map();
// One output of Xorshift at width 16 or 32 (core/gen/generators.hpp); the
// state matrix whose order over GF(2) is the generator's period.
LinearMap xorshift_map(int width);

Gf2Poly characteristic_polynomial(const LinearMap& map);
Gf2Poly minimal_polynomial(const LinearMap& map);
// Minimal polynomial of the state sequence s, T s, T^2 s, ...
Gf2Poly annihilator(const LinearMap& map, std::uint64_t state);

// A basis of the states s with h(T) s = 0: every nonzero state in its span
// has an annihilator dividing h. For an irreducible factor p != x of the
// characteristic polynomial, each nonzero such state cycles with period
// ord(x mod p) exactly, which makes short-cycle ("weak") seeds easy to show.
std::vector<std::uint64_t> kernel_basis(const LinearMap& map, Gf2Poly h);

struct FactorInfo {
  Gf2Poly poly;                       // irreducible factor of the characteristic polynomial
  int multiplicity = 0;               // in the characteristic polynomial
  int minimal_multiplicity = 0;       // in the minimal polynomial
  std::vector<int> block_exponents;   // descending: the p-part is a sum of F2[x]/(p^e)
  std::uint64_t order = 0;            // ord(x mod p); 0 for p = x
};

struct CycleClass {
  std::uint64_t length = 0;
  Uint128 periodic_states = 0;  // states lying on cycles of this length
  Uint128 cycles = 0;           // periodic_states / length
  Uint128 states_reaching = 0;  // states whose sequence ends on such a cycle (tails included)
};

struct MapAnalysis {
  int width = 0;
  Gf2Poly characteristic;
  Gf2Poly minimal;
  std::vector<FactorInfo> factors;  // ascending
  bool invertible = false;
  int nilpotent_dimension = 0;  // exponent of x in the characteristic polynomial
  int max_tail = 0;             // exponent of x in the minimal polynomial
  std::uint64_t max_period = 0; // longest cycle
  bool maximal = false;         // a single cycle through all 2^w - 1 nonzero states
  std::vector<CycleClass> cycle_lengths;  // ascending length; the zero state is in length 1
  Uint128 nonzero_states = 0;   // 2^w - 1
  Uint128 weak_seeds = 0;       // nonzero seeds whose cycle is shorter than max_period
};

struct SeedPeriod {
  std::uint64_t seed = 0;
  Gf2Poly annihilator;
  int tail = 0;              // steps before the sequence enters its cycle
  std::uint64_t period = 0;  // cycle length
};

// Fails for width outside 1..64 or columns with bits above the width.
Result<MapAnalysis> analyse_map(const LinearMap& map);
// Fails for a zero seed or bits above the width. The second form reuses a
// finished analysis (cheap: one Krylov run and a few divisions).
Result<SeedPeriod> analyse_seed(const LinearMap& map, std::uint64_t seed);
Result<SeedPeriod> analyse_seed(const LinearMap& map, const MapAnalysis& analysis, std::uint64_t seed);

struct GeneratorAnalysis {
  MapAnalysis map;
  SeedPeriod seed;
};
// Periods in bit-steps; the lfsr's state is the seed.
Result<GeneratorAnalysis> analyse_galois(const GaloisLfsr& lfsr);
// Periods in calls (output bytes).
Result<GeneratorAnalysis> analyse_z80(const Z80Lfsr& lfsr);

// Every 8-bit mask m for which GaloisLfsr{width, tarot_taps(width, m)} has
// period 2^width - 1, ascending. Empty for widths outside 4..64.
std::vector<std::uint8_t> maximal_tarot_masks(int width);

}  // namespace shufflelab
