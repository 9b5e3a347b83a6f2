// dice_z80.hpp: the Z80 d20 of seed 002 instruction by instruction, and the
// "what the articles claim vs. what the numbers say" checks of the dice lab,
// each computed from the core's exact laws when asked.
//
// MulHbyL as printed: D = H; HL = L (H is cleared, L is kept); BC = L; then
// ADD HL,BC and DEC D until D reaches zero. The sum therefore starts at L, not
// 0, and the routine returns (H+1)*L mod 2^16 for H >= 1 (257*L for H = 0,
// where DEC D wraps and the loop runs 256 times). rollDie loads H with
// DIESIDES-1, so the listing as printed multiplies by DIESIDES after all; the
// lab's mulhi-minus1 method is what DIESIDES-1 gives with an exact multiply.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/result.hpp"

namespace shufflelab {

// HL after the printed MulHbyL with registers H and L.
std::uint16_t z80_mul_h_by_l(std::uint8_t h, std::uint8_t l);

// A after the printed rollDie when the LFSR returned `byte`:
// H = DIESIDES-1, L = byte, MulHbyL, A = H + 1 (8-bit).
std::uint8_t z80_roll_die_as_printed(std::uint8_t byte, std::uint8_t die_sides);

// How many of the 256 bytes make the printed rollDie return each value
// (index = returned A, 0..255).
std::vector<std::uint32_t> z80_roll_die_counts(std::uint8_t die_sides);

enum class CheckVerdict : std::uint8_t {
  holds,       // the numbers agree with the claim
  fails,       // they contradict it
  negligible,  // strictly false, but far below what anyone could notice
  accidental,  // false for the method described, true for the code printed
};

// The first `count` faces of the printed rollDie on the Z80 routine's bytes
// from `seed` (16 hex digits, as the lab's z80 generator takes it).
Result<std::vector<std::uint8_t>> z80_printed_rolls(std::string_view seed, std::uint8_t die_sides, std::size_t count);

struct ArticleCheck {
  std::string source;   // "seed 002, rollDie" ...
  std::string claim;    // what the article says, paraphrased
  std::string numbers;  // what the exact laws say, with the computed numbers
  CheckVerdict verdict = CheckVerdict::fails;
};

std::string_view verdict_label(CheckVerdict verdict);

// The checks the lab shows: the multiply-high rollDie, MAXU8's split for a
// d20 and for 1-100, the tarot roller for 78 cards, and float scaling of
// glibc rand() for 52 cards.
std::vector<ArticleCheck> article_checks();

}  // namespace shufflelab
