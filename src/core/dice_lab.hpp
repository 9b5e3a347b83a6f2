// dice_lab.hpp: the dice lab's state (what a link carries) and its codec.
// (Stub wired by the lead; the dice lab owner fills it in.)
#pragma once
#include <cstdint>
#include <string>

#include "core/url_fields.hpp"

namespace shufflelab {

struct DiceLabState {
  std::string method = "mulhi-minus1";
  std::uint64_t sides = 20;
  int bits = 8;
  bool operator==(const DiceLabState&) const = default;
};

void decode_dice_lab(FieldReader& fields, DiceLabState& state);
void encode_dice_lab(const DiceLabState& state, FieldWriter& out);

}  // namespace shufflelab
