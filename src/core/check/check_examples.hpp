// check_examples.hpp: example files the check lab makes itself, so a learner
// can put a fair and a biased source side by side: decks from any of the
// shuffle lab's algorithms and rolls from any of its draw methods, both fed
// by any of its generators (core/shuffle/shuffle_source.hpp). Bytes come
// from `shufflelab stream` / the LFSR lab's raw download.
#pragma once
#include <cstdint>
#include <string>

#include "core/base/result.hpp"
#include "core/shuffle/shuffle.hpp"
#include "core/shuffle/shuffle_source.hpp"

namespace shufflelab {

constexpr std::uint64_t kMaxExampleDecks = 1'000'000;
constexpr std::uint64_t kMaxExampleRolls = 100'000'000;

// `count` decks of n cards, one a line, cards 0..n-1 separated by commas, top card first.
Result<std::string> example_decks(ShuffleAlgo algo, std::uint32_t n, std::uint64_t count, const DrawSourceSpec& source);

// `count` rolls of a d`sides` (faces 1..sides), twenty a line.
Result<std::string> example_rolls(std::uint32_t sides, std::uint64_t count, const DrawSourceSpec& source);

}  // namespace shufflelab
