// poker_lanes.hpp: the assembly listings that run One Chip's deal at its step
// (core/asm/lab_lanes: what a lane is and how it runs).
#pragma once
#include "core/asm/lab_lanes.hpp"
#include "core/poker/poker_lab.hpp"

namespace shufflelab {

// pic-lcrng for the call at the step, pic-deal for the whole deal, then
// 6502-lcrng for the call.
LabLanes poker_lab_lanes(const PokerLabState& state);

}  // namespace shufflelab
