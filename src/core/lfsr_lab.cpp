#include "core/lfsr_lab.hpp"

#include <algorithm>

namespace shufflelab {

void decode_lfsr_lab(FieldReader& fields, LfsrLabState& state) {
  LfsrLabState c = state;
  fields.decimal("width", kMinLfsrWidth, kMaxLfsrWidth, c.width);
  fields.hex("mask", 2, c.mask);
  std::uint64_t seed = 0;
  if (fields.hex("seed", 16, seed)) {
    if (seed == 0) fields.notice("seed: zero is refused (an all-zero register stays zero forever)");
    else c.seed = seed;
  }
  fields.decimal("t", 0, kMaxLfsrStep, c.t);
  // The seed must fit the width; otherwise the width is not taken either.
  if ((c.seed & width_mask(c.width)) != c.seed) {
    fields.notice("seed: more bits than the register's width " + std::to_string(c.width));
    c.width = state.width;
    if ((c.seed & width_mask(c.width)) != c.seed) c.seed = state.seed;
  }
  state = c;
}

void encode_lfsr_lab(const LfsrLabState& s, FieldWriter& out) {
  if (s.width != 32) out.add("width", static_cast<std::uint64_t>(s.width));
  out.add_hex("seed", s.seed, (s.width + 3) / 4);
  out.add_hex("mask", s.mask, 2);
  out.add("t", s.t);
}

LfsrView lfsr_view(const LfsrLabState& s) {
  LfsrView v;
  const GaloisLfsr seed{s.width, tarot_taps(s.width, s.mask), s.seed};
  v.t = s.t;
  v.shifts_into_byte = static_cast<int>(s.t % 8);

  // Replay only the last few calls: from the start of the oldest shown byte.
  constexpr std::uint64_t kShownBytes = 16;
  const std::uint64_t completed = s.t / 8;
  const std::uint64_t first_byte = completed > kShownBytes ? completed - kShownBytes : 0;
  GaloisLfsr r = seed;
  r.state = galois_jump_ahead(seed, first_byte * 8);
  for (std::uint64_t step = first_byte * 8; step < s.t; ++step) {
    const bool last = step + 1 == s.t;
    const int out = r.step_bit();
    if (step >= completed * 8) v.fallen_bits.push_back(out);
    if (last) {
      v.last_out_bit = out;
      v.taps_applied = out == 1;
    }
    if ((step + 1) % 8 == 0) v.recent_bytes.push_back(r.top_byte());
  }
  v.lfsr = r;
  return v;
}

}  // namespace shufflelab
