// roll_checks.hpp: is a pile of die rolls what a fair die (or one of the dice
// lab's range methods) makes?
//  - faces: chi-square of the face counts against the uniform law;
//  - faces against a method: the same counts against the exact law of a dice
//    lab method (core/dice/dice_law), to answer "is my d20 the Z80 rollDie?":
//    a high p here and a low one against uniform points at that method;
//  - pairs: rolls 1-2, 3-4, ... as one draw from s^2 equally likely pairs
//    (non-overlapping pairs are independent, so the chi-square law holds);
//    a die that remembers its last roll fails it.
#pragma once
#include "core/check/check_report.hpp"
#include "core/check/roll_input.hpp"
#include "core/dice/dice_law.hpp"

namespace shufflelab {

// `method_law`: compare with this law too (its sides must match the rolls'); may be null.
CheckReport roll_report(const RollParser& rolls, const DieLaw* method_law, double alpha);

}  // namespace shufflelab
