// shuffle_lab.hpp: the shuffle lab's state (what a link carries) and its codec.
// (Stub wired by the lead; the shuffle lab owner fills it in.)
#pragma once
#include <cstdint>
#include <string>

#include "core/url_fields.hpp"

namespace shufflelab {

struct ShuffleLabState {
  std::uint64_t seed = 1;
  bool operator==(const ShuffleLabState&) const = default;
};

void decode_shuffle_lab(FieldReader& fields, ShuffleLabState& state);
void encode_shuffle_lab(const ShuffleLabState& state, FieldWriter& out);

}  // namespace shufflelab
