// fast_select.hpp: "strike the i-th remaining card" on a set of at most 64
// cards without PDEP, for CPUs and WebAssembly that lack a fast one.
//
// Broadword select (after Vigna, "Broadword Implementation of Rank/Select
// Queries", 2008): the set is eight bytes, and a 64-bit word keeps in its
// byte k how many cards bytes 0..k of the set hold. The byte holding the i-th
// card is found by comparing i with all eight counts at once (one
// subtraction: a byte gets its top bit when its count is <= i) and a
// trailing-zero count; the card inside that byte comes from a 256 x 8 table
// (position of the r-th set bit of a byte). Striking the card subtracts one
// from the counts of its byte and every byte above it (the bytes without the
// top bit), so the counts are never recomputed: no popcount, no loop, no
// branch, and from one strike to the next only four operations on the counts
// wait for each other (the set's bytes stay in memory, so a strike waits for
// the previous one's table lookup only when both fall in the same byte).
// Results equal clear_nth_set_bit / PDEP (bits.hpp) card for card.
// Limits: at most 64 cards; i must be below remaining().
#pragma once
#include <array>
#include <bit>
#include <cstdint>

namespace shufflelab {

namespace detail {
// kNthBitOfByte[b][r]: position of the r-th (from 0) set bit of b; 8 if b has fewer.
inline constexpr std::array<std::array<std::uint8_t, 8>, 256> kNthBitOfByte = [] {
  std::array<std::array<std::uint8_t, 8>, 256> table{};
  for (unsigned byte = 0; byte < 256; ++byte) {
    unsigned rank = 0;
    for (auto& entry : table[byte]) entry = 8;
    for (unsigned bit = 0; bit < 8; ++bit)
      if ((byte >> bit) & 1) table[byte][rank++] = static_cast<std::uint8_t>(bit);
  }
  return table;
}();
}  // namespace detail

class SelectCardSet {
 public:
  static constexpr std::uint64_t kOnes = 0x0101010101010101;  // 1 in every byte
  static constexpr std::uint64_t kHighs = kOnes << 7;         // top bit of every byte

  // Cards 0..n-1, 1 <= n <= 64.
  explicit constexpr SelectCardSet(std::uint32_t n) {
    const std::uint64_t cards = ~std::uint64_t{0} >> (64 - n);
    for (unsigned k = 0; k < 8; ++k) {
      bytes_[k] = static_cast<std::uint8_t>(cards >> (8 * k));
      counts_ |= std::uint64_t{n < 8 * (k + 1) ? n : 8 * (k + 1)} << (8 * k);
    }
  }

  constexpr std::uint64_t cards() const {
    std::uint64_t cards = 0;
    for (unsigned k = 0; k < 8; ++k) cards |= std::uint64_t{bytes_[k]} << (8 * k);
    return cards;
  }
  constexpr std::uint32_t remaining() const { return static_cast<std::uint32_t>(counts_ >> 56); }

  // Removes and returns the i-th smallest remaining card (i < remaining()).
  constexpr std::uint32_t strike(std::uint32_t i) {
    // Byte k gets its top bit iff count_k <= i (no borrows: counts <= 64,
    // i < 64); the bytes without it (the card's byte and those above) are
    // the ones whose counts drop by one.
    const std::uint64_t above = ~(((i * kOnes) | kHighs) - counts_) & kHighs;
    counts_ -= above >> 7;
    const auto byte_index = static_cast<unsigned>(std::countr_zero(above)) >> 3;
    const auto below = static_cast<std::uint32_t>(((counts_ << 8) >> (8 * byte_index)) & 0xff);
    const std::uint8_t bit = detail::kNthBitOfByte[bytes_[byte_index]][i - below];
    bytes_[byte_index] = static_cast<std::uint8_t>(bytes_[byte_index] ^ (1u << bit));
    return 8 * byte_index + bit;
  }

 private:
  std::uint64_t counts_ = 0;             // byte k: cards in bytes 0..k of the set
  std::array<std::uint8_t, 8> bytes_{};  // the set, byte k = cards 8k..8k+7
};

}  // namespace shufflelab
