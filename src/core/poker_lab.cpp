#include "core/poker_lab.hpp"

namespace shufflelab {

void decode_poker_lab(FieldReader& fields, PokerLabState& state) { fields.decimal("seed", 0, 4294967295u, state.seed); }

void encode_poker_lab(const PokerLabState& state, FieldWriter& out) { out.add("seed", state.seed); }

}  // namespace shufflelab
