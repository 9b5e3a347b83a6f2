#include "core/dice_lab.hpp"

namespace shufflelab {

void decode_dice_lab(FieldReader& fields, DiceLabState& state) {
  fields.token("method", 24, state.method);
  fields.decimal("sides", 1, 1000000, state.sides);
  fields.decimal("bits", 1, 64, state.bits);
}

void encode_dice_lab(const DiceLabState& state, FieldWriter& out) {
  out.add("method", state.method);
  out.add("sides", state.sides);
  out.add("bits", static_cast<std::uint64_t>(state.bits));
}

}  // namespace shufflelab
