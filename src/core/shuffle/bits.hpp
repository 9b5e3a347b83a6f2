// bits.hpp: the bit tricks behind the bitset shuffle of seed 003.
//
// PDEP ("parallel bit deposit", bit scatter) writes the low bits of a value,
// in order, into the set-bit positions of a mask. Scattering "all ones except
// bit n" into a card set x clears the n-th remaining card of x; XOR and a
// trailing-zero count then name the card. That is the whole shuffle step.
//
// pdep() uses the BMI2 instruction when the CPU has a fast one (x86-64 only,
// checked once at run time; Zen1/Zen2 and older AMD run it in slow microcode,
// so they get the software loop) and a portable loop everywhere else,
// including WebAssembly. Both give identical results for every input.
//
// RankBitset extends the trick past 64 cards with a two-level popcount index
// (per word, per 8-word group), as the article's closing note suggests:
// striking the i-th remaining card costs a scan of the group counts (8 for
// 4096 cards, 128 at the 65536 limit), at most 8 word counts and one PDEP.
#pragma once
#include <bit>
#include <cstdint>
#include <vector>

namespace shufflelab {

// Number of trailing zero bits; 64 for x == 0 (never undefined, unlike the builtin).
constexpr int ctz64(std::uint64_t x) { return std::countr_zero(x); }
constexpr int popcount64(std::uint64_t x) { return std::popcount(x); }

// Portable PDEP: one loop turn per set bit of the mask.
// (Branch-free body: a few percent faster than an `if` on random values.)
constexpr std::uint64_t pdep_u64_soft(std::uint64_t value, std::uint64_t mask) {
  std::uint64_t result = 0;
  for (std::uint64_t value_bit = 1; mask != 0; value_bit <<= 1) {
    const std::uint64_t lowest = mask & (~mask + 1);
    result |= lowest & (std::uint64_t{0} - static_cast<std::uint64_t>((value & value_bit) != 0));
    mask ^= lowest;
  }
  return result;
}

#if defined(__x86_64__) && !defined(__EMSCRIPTEN__)
#define SHUFFLELAB_HAS_PDEP_INSTRUCTION 1
// BMI2 present at all (the oracle test compares against it when true).
bool cpu_has_bmi2();
// The intrinsics _pdep_u64 / _tzcnt_u64, compiled for BMI2. Call only when
// cpu_has_bmi2(). pdep_u64_hardware is the instruction itself;
// strike_nth_card_hardware is the article's whole step on a <= 64-card set.
std::uint64_t pdep_u64_hardware(std::uint64_t value, std::uint64_t mask);
std::uint32_t strike_nth_card_hardware(std::uint64_t& cards, unsigned n);

namespace detail {
// The same instruction as inline asm, so inline code and templates compiled
// without BMI2 can use it (GCC and clang refuse to inline the intrinsic into
// a function without target("bmi2")). Only reached when kFastHardwarePdep.
inline std::uint64_t pdep_instruction(std::uint64_t value, std::uint64_t mask) {
  std::uint64_t result;
  asm("pdepq %2, %1, %0" : "=r"(result) : "r"(value), "rm"(mask));
  return result;
}
}  // namespace detail
#endif

// True when pdep_u64() runs the instruction (present and not microcoded).
bool pdep_uses_hardware();

namespace detail {
extern const bool kFastHardwarePdep;  // set once at start-up
std::uint64_t clear_nth_set_bit_by_select(std::uint64_t x, unsigned n);  // n < 64
}  // namespace detail

// PDEP with run-time dispatch; identical results on every platform.
inline std::uint64_t pdep_u64(std::uint64_t value, std::uint64_t mask) {
#ifdef SHUFFLELAB_HAS_PDEP_INSTRUCTION
  if (detail::kFastHardwarePdep) return detail::pdep_instruction(value, mask);
#endif
  return pdep_u64_soft(value, mask);
}

// Position of the n-th set bit of x (n < popcount(x)), broadword: byte
// popcounts, one prefix-sum multiply, then a short walk inside one byte.
// (About 5 ns without a popcount instruction, against ~30 ns for the PDEP
// loop; measured on x86-64.)
int select_nth_set_bit(std::uint64_t x, unsigned n);

// x with its n-th set bit (counting from bit 0, n = 0 is the lowest) cleared;
// x unchanged when n >= popcount(x). This is pdep_u64(~(1 << n), x); without
// a fast PDEP it clears the bit found by select_nth_set_bit instead.
inline std::uint64_t clear_nth_set_bit(std::uint64_t x, unsigned n) {
  if (n >= 64) return x;
#ifdef SHUFFLELAB_HAS_PDEP_INSTRUCTION
  if (detail::kFastHardwarePdep) return detail::pdep_instruction(~(std::uint64_t{1} << n), x);
#endif
  return detail::clear_nth_set_bit_by_select(x, n);
}

// The seed's shuffle step on a set of at most 64 cards: removes the n-th
// remaining card (n < popcount(cards)) and returns its number.
inline std::uint32_t strike_nth_card(std::uint64_t& cards, unsigned n) {
  const std::uint64_t rest = clear_nth_set_bit(cards, n);
  const auto card = static_cast<std::uint32_t>(ctz64(cards ^ rest));
  cards = rest;
  return card;
}

// A set of cards 0..size-1 supporting "strike the i-th remaining card".
class RankBitset {
 public:
  static constexpr std::uint32_t kWordsPerGroup = 8;
  static constexpr std::uint32_t kMaxSize = 65536;

  // All cards 0..size-1 present. size <= kMaxSize.
  explicit RankBitset(std::uint32_t size);

  std::uint32_t size() const { return size_; }
  std::uint32_t remaining() const { return remaining_; }
  bool contains(std::uint32_t card) const { return (words_[card >> 6] >> (card & 63)) & 1; }

  // Removes and returns the i-th smallest remaining card (i < remaining()).
  std::uint32_t strike(std::uint32_t i);

 private:
  std::uint32_t size_;
  std::uint32_t remaining_;
  std::vector<std::uint64_t> words_;
  std::vector<std::uint8_t> word_counts_;     // popcount of each word (<= 64)
  std::vector<std::uint16_t> group_counts_;   // popcount of each 8-word group (<= 512)
};

}  // namespace shufflelab
