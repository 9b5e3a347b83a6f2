// fast_lfsr.hpp: the tarot-style Galois LFSR (lfsr.hpp) eight output bytes per
// table step instead of one bit per step.
//
// After s bit-steps a right-shifting Galois register of w bits holds
// (state >> s) XOR F_s(low s bits of state), with F_s linear over GF(2): the
// bits that fall out in those steps are the low s bits, mixed by the taps.
// For w <= 64 and s = 64 the shifted part is gone, and for s >= 8 the top
// byte of (state >> s) is zero, so the state after 64 steps and all eight
// output bytes (the top byte after 8, 16, ..., 64 steps) are linear in the
// state. One 256-entry table per state byte holds both; a step is one lookup
// per state byte, all independent, XORed together. ByteGenerator::fill looks
// up one byte at a time, each lookup waiting for the previous one.
// Limit: widths 32..64 (narrower registers keep ByteGenerator::fill).
// Output is byte for byte GaloisLfsr::next_byte()'s.
#pragma once
#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/gen/lfsr.hpp"
#include "core/base/result.hpp"

namespace shufflelab {

class GaloisWordTable {
 public:
  static constexpr int kMinWidth = 32;

  // The tables for lfsr's width and taps (its state does not matter).
  static Result<GaloisWordTable> make(const GaloisLfsr& lfsr);

  // Writes `count` bytes, exactly count next_byte() calls, and advances lfsr.
  // lfsr must have the width and taps the tables were built for.
  void fill(GaloisLfsr& lfsr, std::uint8_t* out, std::size_t count) const;

 private:
  explicit GaloisWordTable(const GaloisLfsr& lfsr);

  // What one state byte contributes over 64 steps: to the state after them,
  // and to the eight output bytes (the k-th at bits 8k).
  struct Entry {
    std::uint64_t state;
    std::uint64_t bytes;
  };
  std::vector<std::array<Entry, 256>> tables_;  // one per state byte, ceil(width / 8)
};

}  // namespace shufflelab
