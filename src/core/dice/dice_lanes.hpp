// dice_lanes.hpp: the assembly listings that run the dice lab's roll at its step
// (core/asm/lab_lanes: what a lane is and how it runs).
#pragma once
#include "core/asm/lab_lanes.hpp"
#include "core/dice/dice_lab.hpp"

namespace shufflelab {

// Dice roll `roll` (0-based) of the lab's method, generator and seed.
static_assert(kMaxDiceStepRoll < kMaxAsmCalls, "the coin-queue lane runs roll + 1 calls");
struct DiceRoll {
  std::uint64_t roll = 0;
  std::vector<std::uint64_t> words;  // words read by that roll (rejected ones first)
  std::uint64_t words_before = 0;    // words read by the earlier rolls
  std::uint64_t value = 0;           // 0..sides-1 (the face is value + 1)
};
Result<DiceRoll> dice_lab_roll(const DiceLabState& state);
// mulhi-minus1 -> z80-roll-minus1, mulhi -> z80-roll-exact and 6502-roll-mulhi,
// maxu8 -> z80-maxu8 (8-bit words, up to 255 sides); reject (mask and reject)
// on z80 bytes -> z80-reject, on tarot32 bytes -> 6502-reject and sm83-reject,
// on onechip bytes -> pic-reject; lemire on 64-bit SplitMix64 words ->
// x86-lemire; fdr-tarot and fdr on tarot32 bytes -> sm83-roll and sm83-fdr
// (2..128 sides).
LabLanes dice_lab_lanes(const DiceLabState& state);

}  // namespace shufflelab
