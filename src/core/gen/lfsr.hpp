// lfsr.hpp: right-shifting Galois LFSRs in the form of the Game Boy tarot
// article (seed 000): the register shifts right one bit; when a 1 falls out,
// the tap mask is XORed into the register. Its 32-bit instance keeps the state
// in four bytes lfsr0..lfsr3 with lfsr0 the most significant, XORs the byte
// mask into lfsr0 only, and returns lfsr0 after eight shifts.
//
// GaloisLfsr generalises that to any width 4..64 and any full-width tap mask;
// `tarot_taps(width, mask8)` places an 8-bit "top byte" mask at the top of the
// register, which is what the article's code does for width 32.
// The all-zero state is a fixed point and is refused by `make_galois_lfsr`.
//
// Bit-steps are the unit of time everywhere (URL `t`, timelines). Jumping to a
// large t uses GF(2) matrix powers (jump_ahead) instead of replaying.
#pragma once
#include <cstdint>
#include <string>

#include "core/base/result.hpp"

namespace shufflelab {

constexpr int kMinLfsrWidth = 4;
constexpr int kMaxLfsrWidth = 64;

constexpr std::uint64_t width_mask(int width) {
  return width >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << width) - 1;
}

// Tap mask for the tarot form: an 8-bit mask XORed into the top byte. For
// widths below 8 the mask is truncated to the register's top bits.
constexpr std::uint64_t tarot_taps(int width, std::uint64_t mask8) {
  mask8 &= 0xff;
  return width >= 8 ? mask8 << (width - 8) : (mask8 >> (8 - width));
}

struct GaloisLfsr {
  int width = 32;
  std::uint64_t taps = 0;   // XORed into the register when a 1 falls out
  std::uint64_t state = 1;  // never zero

  // One bit-step. Returns the bit that fell out of the bottom.
  int step_bit() {
    const int out = static_cast<int>(state & 1);
    state >>= 1;
    if (out) state ^= taps;
    return out;
  }

  // The article's LFSR(): eight bit-steps, then the top byte of the register.
  std::uint8_t next_byte() {
    for (int i = 0; i < 8; ++i) step_bit();
    return top_byte();
  }

  std::uint8_t top_byte() const {
    return width >= 8 ? static_cast<std::uint8_t>(state >> (width - 8)) : static_cast<std::uint8_t>(state);
  }
};

// Validates width, taps and seed; the message says which one is wrong.
Result<GaloisLfsr> make_galois_lfsr(int width, std::uint64_t taps, std::uint64_t seed);

// State after `steps` bit-steps from `state`, in O(width^2 log steps) word
// operations by squaring the transition matrix over GF(2).
std::uint64_t galois_jump_ahead(const GaloisLfsr& lfsr, std::uint64_t steps);

}  // namespace shufflelab
