// linear_complexity.hpp: the Berlekamp-Massey algorithm over GF(2): the
// length of the shortest LFSR that generates a bit sequence (Massey, "Shift-
// register synthesis and BCH decoding", IEEE Trans. IT-15, 1969). Minimal on
// purpose: the whole sequence in memory, O(n^2) bit operations, for the few
// thousand output bits the generator tables measure. It is also the reference
// that core/check/linear_complexity's word-parallel version (long files, with
// the polynomial and the profile) is tested and benchmarked against.
//
// An n-bit sequence from a generator that is linear in an L-bit state has
// linear complexity <= L for every output bit position taken alone; a random
// sequence has about n/2.
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/gen/generators.hpp"

namespace shufflelab {

// bits[i] is 0 or 1 (any nonzero value counts as 1).
int linear_complexity(const std::vector<std::uint8_t>& bits);

// The first `count` bits of the generator's next_byte() stream, least
// significant bit of each byte first (the order of the bit plane and of a
// raw stream read as bits).
std::vector<std::uint8_t> output_bits(ByteGenerator generator, std::size_t count);

}  // namespace shufflelab
