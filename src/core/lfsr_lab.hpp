// lfsr_lab.hpp: what the LFSR stepper shows at bit-step t, computed from the
// lab state alone so any t can be shown directly (scrubbing, links) without
// replaying from the seed: the register comes from galois_jump_ahead.
//
// Vocabulary follows the tarot article (seed 000): eight bit-steps make one
// call of its LFSR(), whose result is the register's top byte afterwards.
#pragma once
#include <cstdint>
#include <vector>

#include "core/lfsr.hpp"
#include "core/url_fields.hpp"

namespace shufflelab {

// The LFSR lab's state: the tarot register of seed 000 at bit-step t.
struct LfsrLabState {
  int width = 32;
  std::uint64_t mask = 0xCF;        // the article's top-byte mask
  std::uint64_t seed = 0xDEADBEEF;  // nonzero, fits the width
  std::uint64_t t = 0;              // bit-steps from the seed
  bool operator==(const LfsrLabState&) const = default;
};

constexpr std::uint64_t kMaxLfsrStep = (std::uint64_t{1} << 53);  // exact in a JS number

// Link fields: width (if not 32), seed, mask, t.
void decode_lfsr_lab(FieldReader& fields, LfsrLabState& state);
void encode_lfsr_lab(const LfsrLabState& state, FieldWriter& out);

struct LfsrView {
  GaloisLfsr lfsr;            // register at bit-step t
  std::uint64_t t = 0;
  int shifts_into_byte = 0;   // t mod 8: shifts done in the current LFSR() call
  int last_out_bit = -1;      // bit that fell out at step t (-1 at t = 0)
  bool taps_applied = false;  // whether that bit XORed the mask in
  std::vector<int> fallen_bits;              // bits that fell out during this call, oldest first
  std::vector<std::uint8_t> recent_bytes;    // completed LFSR() results, oldest first (at most 16)
};

LfsrView lfsr_view(const LfsrLabState& state);

}  // namespace shufflelab
