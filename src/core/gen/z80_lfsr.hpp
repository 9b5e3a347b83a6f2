// z80_lfsr.hpp: the widely shared Z80 "64-bit LFSR" routine quoted in the Z80
// dice article (seed 002), reproduced as its instructions behave.
//
// The routine reads seed bytes +4..+7 as a 32-bit X (byte +7 most
// significant), rotates it left through carry, and XORs five shifted copies:
//   r = (X>>24 ^ X>>21 ^ X>>20 ^ X>>12 ^ X>>3) & 0xff
// (the carry flag on entry only reaches bits of E that are never read). Then
// LDDR moves bytes +0..+6 up to +1..+7 and r is stored at +0 and returned.
// So the state is a 64-bit byte-wise shift register; one call = one byte.
// It is linear over GF(2), so period.hpp can analyse it exactly.
#pragma once
#include <array>
#include <cstdint>

namespace shufflelab {

struct Z80Lfsr {
  std::array<std::uint8_t, 8> seed{};  // seed[0] is _LFSRSeed+0

  std::uint8_t next_byte() {
    const std::uint32_t x = static_cast<std::uint32_t>(seed[4]) | static_cast<std::uint32_t>(seed[5]) << 8 |
                            static_cast<std::uint32_t>(seed[6]) << 16 | static_cast<std::uint32_t>(seed[7]) << 24;
    const auto r = static_cast<std::uint8_t>((x >> 24) ^ (x >> 21) ^ (x >> 20) ^ (x >> 12) ^ (x >> 3));
    for (int i = 7; i > 0; --i) seed[static_cast<std::size_t>(i)] = seed[static_cast<std::size_t>(i - 1)];
    seed[0] = r;
    return r;
  }

  // The state as one word, byte +0 in the most significant position, so that
  // printing it as 16 hex digits lists byte +0 first (the URL/CLI format).
  std::uint64_t packed() const {
    std::uint64_t v = 0;
    for (auto b : seed) v = (v << 8) | b;
    return v;
  }
  static Z80Lfsr from_packed(std::uint64_t v) {
    Z80Lfsr z;
    for (int i = 7; i >= 0; --i, v >>= 8) z.seed[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(v);
    return z;
  }
};

}  // namespace shufflelab
