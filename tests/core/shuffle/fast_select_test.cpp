// fast_select.hpp against a plain walk over the bits (written here), for
// every set size and many strike orders, and whole deals against
// ShuffleStepper's pencil-and-paper (pdep) shuffle fed the same draws.
#include "core/shuffle/fast_select.hpp"

#include <gtest/gtest.h>

#include <bit>
#include <random>
#include <vector>

#include "core/shuffle/shuffle.hpp"

namespace shufflelab {
namespace {

// The i-th set bit of x, counting up from bit 0.
std::uint32_t walk_to_nth_set_bit(std::uint64_t x, std::uint32_t i) {
  for (std::uint32_t bit = 0; bit < 64; ++bit)
    if ((x >> bit) & 1) {
      if (i == 0) return bit;
      --i;
    }
  return 64;
}

TEST(FastSelect, TableStrikesTheRightBitOfEveryByte) {
  for (std::uint32_t byte = 0; byte < 256; ++byte) {
    const auto bits = static_cast<std::uint32_t>(std::popcount(byte));
    for (std::uint32_t above = 0; above < bits; ++above) {
      // `above` set bits over it: it is set bit number bits - 1 - above from the bottom.
      const std::uint32_t bit = walk_to_nth_set_bit(byte, bits - 1 - above);
      const std::uint32_t entry = detail::kStrikeFromTop[8 * byte + above];
      EXPECT_EQ(entry >> 16, bit) << byte << " " << above;
      EXPECT_EQ(entry & 0xffff, 8 * (byte & ~(1u << bit))) << byte << " " << above;
    }
  }
}

TEST(FastSelect, RankSpreadHasTheRankAndTopBitInEveryByte) {
  for (std::uint32_t i = 0; i < 64; ++i)
    for (unsigned k = 0; k < 8; ++k) EXPECT_EQ((detail::kRankSpread[i] >> (8 * k)) & 0xff, 0x80 + i) << i << " " << k;
}

TEST(FastSelect, EveryStrikeMatchesAWalkOverTheBits) {
  std::mt19937_64 rng(8);
  for (std::uint32_t n = 1; n <= 64; ++n) {
    for (int round = 0; round < 40; ++round) {
      SelectCardSet set(n);
      std::uint64_t reference = n == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << n) - 1;
      for (std::uint32_t left = n; left > 0; --left) {
        ASSERT_EQ(set.remaining(), left);
        ASSERT_EQ(set.cards(), reference);
        // Ends first, then random ranks: lowest, highest, anything between.
        const std::uint32_t i = round == 0 ? 0 : round == 1 ? left - 1 : static_cast<std::uint32_t>(rng() % left);
        const std::uint32_t expected = walk_to_nth_set_bit(reference, i);
        ASSERT_EQ(set.strike(i), expected) << "n = " << n << ", i = " << i;
        reference &= ~(std::uint64_t{1} << expected);
      }
      EXPECT_EQ(set.cards(), 0u);
    }
  }
}

TEST(FastSelect, DealsEqualThePencilShuffleStepper) {
  std::mt19937_64 rng(52);
  for (std::uint32_t n : {1u, 5u, 52u, 64u}) {
    for (int round = 0; round < 20; ++round) {
      std::vector<std::uint32_t> draws(n), deal;
      for (std::uint32_t t = 0; t < n; ++t) draws[t] = static_cast<std::uint32_t>(rng() % (n - t));
      SelectCardSet set(n);
      for (std::uint32_t draw : draws) deal.push_back(set.strike(draw));
      ShuffleStepper stepper(make_shuffle_spec(ShuffleAlgo::Pdep, n).value());
      SequenceDraws replay(draws);
      std::vector<ShuffleEvent> events;
      while (!stepper.done()) stepper.step(replay, events);
      EXPECT_EQ(deal, stepper.cards()) << n;
    }
  }
}

}  // namespace
}  // namespace shufflelab
