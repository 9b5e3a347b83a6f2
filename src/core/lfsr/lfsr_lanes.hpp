// lfsr_lanes.hpp: the assembly listings that run the LFSR lab's generator at its t
// (core/asm/lab_lanes: what a lane is and how it runs).
#pragma once
#include "core/asm/lab_lanes.hpp"
#include "core/lfsr/lfsr_lab.hpp"

namespace shufflelab {

class LabTimeline;

// The LFSR lab at its t: tarot32 (width 32, mask CF) -> sm83-lfsr and
// 6502-lfsr, tarot32 (width 16, mask B4) -> 6502-lfsr16, z80 -> z80-lfsr,
// lcg32 with the onechip preset -> pic-lcrng and 6502-lcrng, xorshift of
// width 16 or 32 -> 6502-xorshift16 or 6502-xorshift32. Moves `timeline`
// (whoever advances it from its last at() calls at(t) first: core/lfsr/lfsr_session).
LabLanes lfsr_lab_lanes(const LfsrLabState& state, LabTimeline& timeline);

}  // namespace shufflelab
