// bits.hpp against bit-by-bit reference versions written here from the
// definitions (PDEP: the k-th lowest set bit of the mask receives bit k of the
// value), plus hand-worked examples.
#include "core/shuffle/bits.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

namespace shufflelab {
namespace {

std::uint64_t reference_pdep(std::uint64_t value, std::uint64_t mask) {
  std::uint64_t result = 0;
  int k = 0;
  for (int bit = 0; bit < 64; ++bit) {
    if (!((mask >> bit) & 1)) continue;
    if ((value >> k) & 1) result |= std::uint64_t{1} << bit;
    ++k;
  }
  return result;
}

// Position of the n-th set bit counting from bit 0, or -1.
int reference_select(std::uint64_t x, unsigned n) {
  unsigned seen = 0;
  for (int bit = 0; bit < 64; ++bit)
    if ((x >> bit) & 1) {
      if (seen == n) return bit;
      ++seen;
    }
  return -1;
}

// Random words with every density: sparse, dense and in between.
std::vector<std::uint64_t> sample_words() {
  std::mt19937_64 rng(3003);
  std::vector<std::uint64_t> words = {0, 1, ~std::uint64_t{0}, std::uint64_t{1} << 63, 0x8000000000000001,
                                      0x5555555555555555, 0xAAAAAAAAAAAAAAAA, 0x00000000FFFFFFFF};
  for (int i = 0; i < 3000; ++i) {
    std::uint64_t w = rng();
    if (i % 3 == 1) w &= rng() & rng();
    if (i % 3 == 2) w |= rng() | rng();
    words.push_back(w);
  }
  return words;
}

TEST(Bits, CtzAndPopcountAreDefinedForZero) {
  EXPECT_EQ(ctz64(0), 64);
  EXPECT_EQ(ctz64(1), 0);
  EXPECT_EQ(ctz64(std::uint64_t{1} << 63), 63);
  EXPECT_EQ(ctz64(0b101000), 3);
  EXPECT_EQ(popcount64(0), 0);
  EXPECT_EQ(popcount64(~std::uint64_t{0}), 64);
}

TEST(Bits, PdepHandExamples) {
  // Mask 0b11010 has set bits 1, 3, 4; value 0b101 sends bit 0 -> 1, bit 1 (0)
  // -> 3, bit 2 -> 4: result 0b10010.
  EXPECT_EQ(pdep_u64_soft(0b101, 0b11010), 0b10010u);
  EXPECT_EQ(pdep_u64(0b101, 0b11010), 0b10010u);
  // Scattering all ones fills the mask; scattering into an empty mask gives 0.
  EXPECT_EQ(pdep_u64_soft(~std::uint64_t{0}, 0xF0F0), 0xF0F0u);
  EXPECT_EQ(pdep_u64_soft(~std::uint64_t{0}, 0), 0u);
  // Only the low popcount(mask) bits of the value matter.
  EXPECT_EQ(pdep_u64_soft(0b100, 0b11), 0u);
}

TEST(Bits, PdepMatchesTheReferenceOnRandomWords) {
  const auto words = sample_words();
  for (std::size_t i = 0; i + 1 < words.size(); ++i) {
    const std::uint64_t value = words[i], mask = words[i + 1];
    const std::uint64_t want = reference_pdep(value, mask);
    ASSERT_EQ(pdep_u64_soft(value, mask), want) << std::hex << value << " " << mask;
    ASSERT_EQ(pdep_u64(value, mask), want) << std::hex << value << " " << mask;
  }
}

TEST(Bits, SelectAndClearNthSetBit) {
  // 0b1011000: set bits 3, 4, 6. Clearing the 1st (0-based) removes bit 4.
  EXPECT_EQ(clear_nth_set_bit(0b1011000, 1), 0b1001000u);
  EXPECT_EQ(select_nth_set_bit(0b1011000, 2), 6);
  EXPECT_EQ(clear_nth_set_bit(0b1011000, 3), 0b1011000u);  // n >= popcount: unchanged
  EXPECT_EQ(clear_nth_set_bit(~std::uint64_t{0}, 64), ~std::uint64_t{0});
  for (std::uint64_t x : sample_words()) {
    const auto count = static_cast<unsigned>(popcount64(x));
    for (unsigned n = 0; n < 64; n += (n < count + 2 ? 1 : 7)) {
      const int want = reference_select(x, n);
      const std::uint64_t cleared = want < 0 ? x : x & ~(std::uint64_t{1} << want);
      ASSERT_EQ(clear_nth_set_bit(x, n), cleared) << std::hex << x << " n " << std::dec << n;
      ASSERT_EQ(detail::clear_nth_set_bit_by_select(x, n), cleared) << std::hex << x << " n " << std::dec << n;
      // The article's form: scatter "all ones but bit n" into x.
      ASSERT_EQ(pdep_u64_soft(~(std::uint64_t{1} << n), x), cleared);
      if (want >= 0) {
        ASSERT_EQ(select_nth_set_bit(x, n), want) << std::hex << x << " n " << std::dec << n;
      }
    }
  }
}

TEST(Bits, StrikeNthCardNamesTheCardItRemoves) {
  std::uint64_t cards = 0b110101;  // cards 0, 2, 4, 5
  EXPECT_EQ(strike_nth_card(cards, 2), 4u);
  EXPECT_EQ(cards, 0b100101u);
  EXPECT_EQ(strike_nth_card(cards, 0), 0u);
  EXPECT_EQ(strike_nth_card(cards, 1), 5u);
  EXPECT_EQ(strike_nth_card(cards, 0), 2u);
  EXPECT_EQ(cards, 0u);
}

// The index bitset against a plain sorted list with erase().
void check_rank_bitset(std::uint32_t size, std::uint32_t strikes, std::uint64_t seed) {
  RankBitset set(size);
  std::vector<std::uint32_t> model(size);
  for (std::uint32_t c = 0; c < size; ++c) model[c] = c;
  std::mt19937_64 rng(seed);
  for (std::uint32_t k = 0; k < strikes; ++k) {
    ASSERT_EQ(set.remaining(), model.size());
    const auto i = static_cast<std::uint32_t>(rng() % model.size());
    const std::uint32_t want = model[i];
    model.erase(model.begin() + static_cast<std::ptrdiff_t>(i));
    ASSERT_EQ(set.strike(i), want) << "size " << size << " strike " << k;
    ASSERT_FALSE(set.contains(want));
  }
  for (std::uint32_t c : model) ASSERT_TRUE(set.contains(c));
}

TEST(Bits, RankBitsetStrikesLikeAList) {
  for (std::uint32_t size : {1u, 2u, 63u, 64u, 65u, 511u, 512u, 513u, 1000u, 4096u})
    check_rank_bitset(size, size, size * 7 + 1);
  // The 65536 limit: only part of the deck (the list model is quadratic).
  check_rank_bitset(RankBitset::kMaxSize, 3000, 99);
}

TEST(Bits, RankBitsetEdgeRanks) {
  // Always the last remaining card, then always the first.
  RankBitset high(700);
  for (std::uint32_t k = 0; k < 700; ++k) ASSERT_EQ(high.strike(high.remaining() - 1), 699 - k);
  RankBitset low(700);
  for (std::uint32_t k = 0; k < 700; ++k) ASSERT_EQ(low.strike(0), k);
}

}  // namespace
}  // namespace shufflelab
