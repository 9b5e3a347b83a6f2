// lcg_period.hpp: exact cycle structure of x -> a x + c mod 2^k (k = 1..64),
// the map of every power-of-two LCG here (lcg32 and its 8/16-bit presets,
// PCG32's inner LCG, SplitMix64's Weyl counter with a = 1).
//
// For odd a the map is a permutation in a group of order 2^(2k-1), so every
// cycle length is a power of two and f^(2^k) is the identity. The states on
// cycles dividing 2^j are the fixed points of f^(2^j) = (A, C): the solutions
// of (A - 1) x = -C mod 2^k, which number 2^v when 2^v = gcd(A - 1, 2^k)
// divides C, else none. Counting them for j = 0..k gives the exact number of
// states on each cycle length in O(k) steps (the same doubling as jump-ahead).
// Known cases it reproduces: Hull-Dobell (c odd, a = 1 mod 4: one cycle
// through all 2^k states) and the multiplicative bound 2^(k-2) (Knuth, TAOCP
// vol. 2, 3.2.1.2, Theorems A and B).
#pragma once
#include <cstdint>
#include <vector>

#include "core/base/result.hpp"
#include "core/gen/gf2.hpp"

namespace shufflelab {

struct LcgCycleClass {
  int log2_length = 0;  // cycle length 2^log2_length
  Uint128 states = 0;   // states on cycles of that length
};

struct LcgCycles {
  int modulus_bits = 0;
  int max_log2_period = 0;            // the longest cycle is 2^max_log2_period
  std::vector<LcgCycleClass> classes; // ascending length, only nonempty ones
  Uint128 seeds = 0;                  // valid seeds: 2^k, minus the stuck zero when c = 0
  Uint128 weak_seeds = 0;             // valid seeds on a cycle shorter than the longest
};

// Fails for k outside 1..64 and for even a (not a permutation: states merge).
Result<LcgCycles> lcg_cycles(std::uint64_t a, std::uint64_t c, int modulus_bits);
// log2 of the period of one state's cycle (same conditions).
Result<int> lcg_seed_log2_period(std::uint64_t a, std::uint64_t c, int modulus_bits, std::uint64_t seed);

}  // namespace shufflelab
