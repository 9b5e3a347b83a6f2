// poker_lab.hpp: the poker lab's state (what a link carries) and its codec.
// (Stub wired by the lead; the poker lab owner fills it in.)
#pragma once
#include <cstdint>
#include <string>

#include "core/url_fields.hpp"

namespace shufflelab {

struct PokerLabState {
  std::uint64_t seed = 1;
  bool operator==(const PokerLabState&) const = default;
};

void decode_poker_lab(FieldReader& fields, PokerLabState& state);
void encode_poker_lab(const PokerLabState& state, FieldWriter& out);

}  // namespace shufflelab
