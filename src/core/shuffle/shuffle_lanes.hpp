// shuffle_lanes.hpp: the assembly listings that run the shuffle lab's draw at its step
// (core/asm/lab_lanes: what a lane is and how it runs).
#pragma once
#include "core/asm/lab_lanes.hpp"
#include "core/shuffle/shuffle_lab.hpp"

namespace shufflelab {

// Fisher-Yates over 78 cards from tarot32 bytes through fdr-tarot -> sm83-shuffle,
// over 52 cards through reject -> 6502-shuffle;
// pdep -> x86-strike on the 64-card word holding the card, plus x86-lemire
// when the rank is drawn by Lemire from 64-bit SplitMix64 words.
LabLanes shuffle_lab_lanes(const ShuffleLabState& state, const LabRecording& recording);

}  // namespace shufflelab
