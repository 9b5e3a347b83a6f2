#include "core/lfsr_lab.hpp"

#include <algorithm>

namespace shufflelab {

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
