// deck_tally_wire.hpp: a DeckTally (counts only) as text and back. The Your
// code tab counts its sample's decks in the page's app and hands the counts
// to the "deck_tests" job, which runs the Check lab's deck tests in the
// worker's core module; nothing else depends on the form.
#pragma once
#include <string>
#include <string_view>

#include "core/base/result.hpp"
#include "core/check/deck_checks.hpp"

namespace shufflelab {

std::string encode_deck_tally(const DeckTally& tally);
// The tally, or what is wrong with the text (its line named): counts that no
// set of decks could give (a row that does not add up to the decks) are refused.
Result<DeckTally> decode_deck_tally(std::string_view text);

}  // namespace shufflelab
