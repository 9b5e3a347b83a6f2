#include "core/shuffle/bits.hpp"

#ifdef SHUFFLELAB_HAS_PDEP_INSTRUCTION
#include <immintrin.h>
#endif

namespace shufflelab {

#ifdef SHUFFLELAB_HAS_PDEP_INSTRUCTION
__attribute__((target("bmi2,bmi"))) std::uint64_t pdep_u64_hardware(std::uint64_t value, std::uint64_t mask) {
  return _pdep_u64(value, mask);
}

__attribute__((target("bmi2,bmi"))) std::uint32_t strike_nth_card_hardware(std::uint64_t& cards, unsigned n) {
  const std::uint64_t rest = _pdep_u64(~(std::uint64_t{1} << n), cards);
  const auto card = static_cast<std::uint32_t>(_tzcnt_u64(cards ^ rest));
  cards = rest;
  return card;
}

bool cpu_has_bmi2() {
  __builtin_cpu_init();  // may run before the library's own constructors
  return __builtin_cpu_supports("bmi2");
}

namespace {
bool detect_fast_hardware_pdep() {
  // AMD families 15h (Excavator) and 17h (Zen1/Zen2) implement PDEP in
  // microcode at hundreds of cycles; the software path beats it there.
  return cpu_has_bmi2() && !__builtin_cpu_is("amdfam15h") && !__builtin_cpu_is("amdfam17h");
}
}  // namespace

const bool detail::kFastHardwarePdep = detect_fast_hardware_pdep();
#else
const bool detail::kFastHardwarePdep = false;
#endif

bool pdep_uses_hardware() { return detail::kFastHardwarePdep; }

namespace {
constexpr std::uint64_t kOnes = 0x0101010101010101;  // 1 in every byte

// Byte k of the result = number of set bits in bytes 0..k of x.
std::uint64_t byte_prefix_counts(std::uint64_t x) {
  std::uint64_t s = x - ((x >> 1) & 0x5555555555555555);
  s = (s & 0x3333333333333333) + ((s >> 2) & 0x3333333333333333);
  s = (s + (s >> 4)) & 0x0F0F0F0F0F0F0F0F;
  return s * kOnes;
}

// Broadword select (no popcount instruction needed, which baseline x86-64
// lacks): find the byte holding the n-th set bit by comparing n against all
// eight prefix counts at once, then walk at most seven bits inside it.
int select_in_prefix(std::uint64_t x, unsigned n, std::uint64_t prefix) {
  const std::uint64_t high_bits = kOnes << 7;
  const std::uint64_t at_most_n = ((n * kOnes) | high_bits) - prefix;  // byte k: 0x80 set iff prefix_k <= n
  const auto byte = static_cast<int>((((at_most_n & high_bits) >> 7) * kOnes) >> 56);
  const int shift = byte * 8;
  unsigned rank = n - static_cast<unsigned>(((prefix << 8) >> shift) & 0xff);
  std::uint64_t bits = (x >> shift) & 0xff;
  for (; rank > 0; --rank) bits &= bits - 1;
  return shift + ctz64(bits);
}
}  // namespace

int select_nth_set_bit(std::uint64_t x, unsigned n) { return select_in_prefix(x, n, byte_prefix_counts(x)); }

std::uint64_t detail::clear_nth_set_bit_by_select(std::uint64_t x, unsigned n) {
  const std::uint64_t prefix = byte_prefix_counts(x);
  if (n >= (prefix >> 56)) return x;  // the top byte holds popcount(x)
  return x & ~(std::uint64_t{1} << select_in_prefix(x, n, prefix));
}

RankBitset::RankBitset(std::uint32_t size)
    : size_(size),
      remaining_(size),
      words_((size + 63) / 64, ~std::uint64_t{0}),
      word_counts_(words_.size(), 64),
      group_counts_((words_.size() + kWordsPerGroup - 1) / kWordsPerGroup, 0) {
  if (size % 64 != 0) {
    words_.back() = ~std::uint64_t{0} >> (64 - size % 64);
    word_counts_.back() = static_cast<std::uint8_t>(size % 64);
  }
  for (std::size_t w = 0; w < words_.size(); ++w)
    group_counts_[w / kWordsPerGroup] = static_cast<std::uint16_t>(group_counts_[w / kWordsPerGroup] + word_counts_[w]);
}

std::uint32_t RankBitset::strike(std::uint32_t i) {
  std::size_t group = 0;
  while (i >= group_counts_[group]) i -= group_counts_[group++];
  std::size_t word = group * kWordsPerGroup;
  while (i >= word_counts_[word]) i -= word_counts_[word++];
  --word_counts_[word];
  --group_counts_[group];
  --remaining_;
  return static_cast<std::uint32_t>(word * 64) + strike_nth_card(words_[word], i);
}

}  // namespace shufflelab
