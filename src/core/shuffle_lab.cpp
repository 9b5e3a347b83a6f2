#include "core/shuffle_lab.hpp"

namespace shufflelab {

void decode_shuffle_lab(FieldReader& fields, ShuffleLabState& state) { fields.decimal("seed", 0, 4294967295u, state.seed); }

void encode_shuffle_lab(const ShuffleLabState& state, FieldWriter& out) { out.add("seed", state.seed); }

}  // namespace shufflelab
