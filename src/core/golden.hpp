// golden.hpp: one text digest of what every generator, range method, dice
// roller and shuffle produces from fixed seeds. The same function runs
// natively (shufflelab golden), in the wasm module under node and in Chromium;
// the determinism tests compare those three outputs line by line, so a
// platform difference (32-bit size_t, float rounding, shifts) shows up at once.
#pragma once
#include <string>

namespace shufflelab {

std::string golden_vectors();

}  // namespace shufflelab
