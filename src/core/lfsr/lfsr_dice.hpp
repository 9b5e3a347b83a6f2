// lfsr_dice.hpp: the tarot article's coin-flip queue (seed 000) as its code
// runs from the seed: each LFSR() call refills the global `rng` with the new
// top byte and sets coinFlipsRemaining = 8; coinFlip() returns rng's lowest
// bit and shifts rng right, so bytes are read least significant bit first;
// getRandomNumber() draws cards 0..77 from those flips with the article's
// variant of Lumbroso's Fast Dice Roller (FastDiceRoller, FdrVariant::tarot,
// core/dice/fdr.hpp's parameters, stepped flip by flip here so a roll can be shown
// half done), calling it again and again.
//
// tarot_dice_view() shows one byte: which roll consumes each of its bits,
// and each roll's flips and result. The roll in progress is finished with the
// bytes that follow (the future of a deterministic generator). The program is
// replayed from the seed, so views exist up to kMaxDiceReplayCalls calls.
#pragma once
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "core/gen/lfsr.hpp"

namespace shufflelab {

constexpr std::uint64_t kMaxDiceReplayCalls = 16384;
constexpr std::uint64_t kTarotDiceMax = 77;  // getRandomNumber() returns 0..77: a 78-card tarot deck

struct CoinFlipUse {
  int value = 0;              // the flip: bit k of rng as loaded
  std::uint64_t roll = 0;     // 1-based roll that consumed it
  int flip_in_roll = 0;       // 1-based position within that roll
  bool ends_roll = false;     // the roll returned after this flip
  int remaining_after = 0;    // coinFlipsRemaining after this flip
};

struct DiceRollRecord {
  std::uint64_t index = 0;          // 1-based
  std::uint64_t first_flip = 0;     // 0-based flip numbers; flip f is bit f%8 of call f/8 + 1
  std::uint64_t flips = 0;
  std::uint64_t value = 0;
  bool returned = true;             // false: gave up after kMaxFlipsPerRoll flips
  std::string bits;                 // the flips in the order consumed, '0'/'1'
};
// A roll is a loop; a degenerate register (say, a mask that empties it) could
// feed it a flip pattern it never leaves, so the view stops a roll there.
constexpr std::uint64_t kMaxFlipsPerRoll = 1024;

struct TarotDiceView {
  bool available = false;
  std::uint64_t call = 0;            // 1-based LFSR() call whose byte is shown
  std::uint8_t rng = 0;              // that byte, as loaded into rng
  std::array<CoinFlipUse, 8> bits{}; // its bits in the order consumed (bit 0 first)
  std::vector<DiceRollRecord> rolls; // the rolls that read this byte, oldest first
  std::uint64_t rolls_before = 0;    // rolls that had returned before this byte was loaded
};

// The byte of call `call` (1-based) of `seed` under the program above, with
// getRandomNumber() drawing 0..max_value (77 in the article; 1..kMaxFdrSides-1).
// Not available for call 0 or call > kMaxDiceReplayCalls.
TarotDiceView tarot_dice_view(const GaloisLfsr& seed, std::uint64_t call, std::uint64_t max_value = kTarotDiceMax);

}  // namespace shufflelab
