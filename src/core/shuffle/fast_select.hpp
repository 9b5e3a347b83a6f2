// fast_select.hpp: "strike the i-th remaining card" on a set of at most 64
// cards without PDEP, for CPUs and WebAssembly that lack a fast one.
//
// Broadword select (after Vigna, "Broadword Implementation of Rank/Select
// Queries", 2008) with kept counts: a 64-bit word holds in its byte k how many
// cards bytes 0..k of the set hold, minus one over the whole word. One
// subtraction of i from all eight counts at once gives, per byte, a top bit
// exactly where that count exceeds i (the card's byte and those above: they
// also lose the card, so the same bits, shifted down, update the counts), and
// below it how many remaining cards of the byte lie above the card. A table
// indexed by (byte, that number) gives the card's bit and the byte without it.
// Each byte is stored as its row index in that table, so a strike is: one
// load of the spread i, four dependent operations on the counts, a count of
// trailing zeros, one row load, one table load, one store. No popcount, no
// loop, no branch. Results equal clear_nth_set_bit / PDEP (bits.hpp).
// Limits: at most 64 cards; i must be below remaining().
#pragma once
#include <array>
#include <bit>
#include <cstdint>

namespace shufflelab {

namespace detail {
inline constexpr std::uint64_t kByteOnes = 0x0101010101010101;  // 1 in every byte
inline constexpr std::uint64_t kByteHighs = kByteOnes << 7;     // top bit of every byte

// kRankSpread[i]: i in every byte, with the byte's top bit set.
inline constexpr std::array<std::uint64_t, 64> kRankSpread = [] {
  std::array<std::uint64_t, 64> table{};
  for (std::size_t i = 0; i < 64; ++i) table[i] = (i * kByteOnes) | kByteHighs;
  return table;
}();

// kStrikeFromTop[8 * b + above]: strike from byte b the set bit that has
// `above` set bits over it; (bit << 16) | (8 * (b without it)), the second
// half being the new byte's row. Rows of missing bits are 0 (never read).
inline constexpr std::array<std::uint32_t, 256 * 8> kStrikeFromTop = [] {
  std::array<std::uint32_t, 256 * 8> table{};
  for (std::uint32_t byte = 0; byte < 256; ++byte) {
    std::uint32_t above = 0;
    for (std::uint32_t bit = 8; bit-- > 0;)
      if ((byte >> bit) & 1) table[8 * byte + above++] = (bit << 16) | (8 * (byte ^ (1u << bit)));
  }
  return table;
}();
}  // namespace detail

class SelectCardSet {
 public:
  // Cards 0..n-1, 1 <= n <= 64.
  explicit constexpr SelectCardSet(std::uint32_t n) {
    const std::uint64_t cards = ~std::uint64_t{0} >> (64 - n);
    std::uint64_t counts = 0;
    for (unsigned k = 0; k < 8; ++k) {
      rows_[4 * k] = static_cast<std::uint16_t>(8 * ((cards >> (8 * k)) & 0xff));
      counts |= std::uint64_t{n < 8 * (k + 1) ? n : 8 * (k + 1)} << (8 * k);
    }
    counts_less_one_ = counts - 1;
  }

  constexpr std::uint64_t cards() const {
    std::uint64_t cards = 0;
    for (unsigned k = 0; k < 8; ++k) cards |= std::uint64_t{rows_[4 * k] / 8u} << (8 * k);
    return cards;
  }
  constexpr std::uint32_t remaining() const { return static_cast<std::uint32_t>((counts_less_one_ + 1) >> 56); }

  // Removes and returns the i-th smallest remaining card (i < remaining()).
  constexpr std::uint32_t strike(std::uint32_t i) {
    // Byte k of `compared` is 0x7f + count_k - i: no borrows between bytes
    // (counts <= 64, i < 64); its top bit is set iff count_k > i, and then
    // its low bits are the number of remaining cards of byte k above the card.
    const std::uint64_t compared = counts_less_one_ - detail::kRankSpread[i];
    const std::uint64_t from_card_byte = (compared >> 7) & detail::kByteOnes;
    counts_less_one_ -= from_card_byte;
    const auto shift = static_cast<std::uint32_t>(std::countr_zero(from_card_byte));  // 8 * card's byte
    const auto above = static_cast<std::uint32_t>(compared >> shift) & 7;
    std::uint16_t& row = rows_[shift / 2];
    const std::uint32_t entry = detail::kStrikeFromTop[row + above];
    row = static_cast<std::uint16_t>(entry);
    return shift + (entry >> 16);
  }

 private:
  std::uint64_t counts_less_one_ = 0;     // byte k: cards in bytes 0..k; minus 1 over the word
  std::array<std::uint16_t, 32> rows_{};  // rows_[4k] = 8 * byte k of the set (indexed by 8k / 2)
};

}  // namespace shufflelab
