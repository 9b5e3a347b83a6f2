// The tarot article's coin-flip queue, checked against its program written
// out here as printed in seed 000: the four-byte LFSR(), coinFlip() with the
// globals rng and coinFlipsRemaining, and getRandomNumber() with "v > 77",
// "c <= 77" and the subtraction of 77.
#include "core/lfsr/lfsr_dice.hpp"

#include <gtest/gtest.h>

#include <array>
#include <string>
#include <vector>

namespace shufflelab {
namespace {

struct ArticleProgram {
  std::array<unsigned, 4> lfsr;  // lfsr0..lfsr3
  unsigned mask;
  unsigned rng = 0, coin_flips_remaining = 0;

  unsigned LFSR() {
    for (int x = 0; x < 8; ++x) {
      unsigned carry_in = 0;
      for (auto& byte : lfsr) {
        const unsigned carry_out = (byte & 1) ? 128 : 0;
        byte = (byte >> 1) + carry_in;
        carry_in = carry_out;
      }
      if (carry_in == 128) lfsr[0] ^= mask;
    }
    return lfsr[0];
  }
  int coinFlip() {
    if (coin_flips_remaining == 0) {
      rng = LFSR();
      coin_flips_remaining = 8;
    }
    const int result = rng & 1;
    rng >>= 1;
    coin_flips_remaining -= 1;
    return result;
  }
};

struct Flip {
  int value;
  std::uint64_t roll;
  int flip_in_roll;
  bool ends_roll;
  unsigned remaining_after;
};
struct Roll {
  std::uint64_t first_flip, value;
  std::string bits;
};

TEST(TarotDice, EveryByteMatchesTheArticlesProgram) {
  for (unsigned mask : {0xCFu, 0xC5u}) {
    const std::uint32_t seed = 0xDEADBEEF;
    ArticleProgram program{{seed >> 24, (seed >> 16) & 255, (seed >> 8) & 255, seed & 255}, mask};
    std::vector<Flip> flips;
    std::vector<Roll> rolls;
    while (flips.size() < 8 * 400 + 64) {  // getRandomNumber(), again and again
      Roll roll{flips.size(), 0, ""};
      unsigned v = 1, c = 0;
      int n = 0;
      while (true) {
        v = v * 2;
        const int flip = program.coinFlip();
        c = c * 2 + static_cast<unsigned>(flip);
        roll.bits += flip ? '1' : '0';
        flips.push_back({flip, rolls.size() + 1, ++n, false, program.coin_flips_remaining});
        if (v > 77) {
          if (c <= 77) break;
          v = v - 77;
          c = c - 77;
        }
      }
      flips.back().ends_roll = true;
      roll.value = c;
      rolls.push_back(roll);
    }
    const GaloisLfsr lfsr{32, tarot_taps(32, mask), seed};
    for (std::uint64_t call = 1; call <= 400; ++call) {
      const TarotDiceView view = tarot_dice_view(lfsr, call);
      ASSERT_TRUE(view.available);
      std::uint8_t byte = 0;
      for (std::size_t k = 0; k < 8; ++k) {
        const Flip& f = flips[(call - 1) * 8 + k];
        const CoinFlipUse& u = view.bits[k];
        byte = static_cast<std::uint8_t>(byte | (f.value << k));
        ASSERT_EQ(u.value, f.value);
        ASSERT_EQ(u.roll, f.roll) << "call " << call << " bit " << k;
        ASSERT_EQ(u.flip_in_roll, f.flip_in_roll);
        ASSERT_EQ(u.ends_roll, f.ends_roll);
        ASSERT_EQ(static_cast<unsigned>(u.remaining_after), f.remaining_after);
      }
      ASSERT_EQ(view.rng, byte);
      ASSERT_FALSE(view.rolls.empty());
      ASSERT_EQ(view.rolls.front().index, view.bits[0].roll);
      ASSERT_EQ(view.rolls.back().index, view.bits[7].roll);
      ASSERT_EQ(view.rolls_before, view.rolls.front().index - 1);
      for (const DiceRollRecord& r : view.rolls) {
        const Roll& expected = rolls[r.index - 1];
        ASSERT_TRUE(r.returned);
        ASSERT_EQ(r.first_flip, expected.first_flip);
        ASSERT_EQ(r.value, expected.value);
        ASSERT_EQ(r.bits, expected.bits);
        ASSERT_EQ(r.flips, expected.bits.size());
      }
    }
  }
}

TEST(TarotDice, OutsideTheReplayWindowThereIsNoView) {
  const GaloisLfsr lfsr{32, tarot_taps(32, 0xCF), 1};
  EXPECT_FALSE(tarot_dice_view(lfsr, 0).available);
  EXPECT_FALSE(tarot_dice_view(lfsr, kMaxDiceReplayCalls + 1).available);
  EXPECT_TRUE(tarot_dice_view(lfsr, kMaxDiceReplayCalls).available);
}

TEST(TarotDice, AStuckRegisterEndsRollsAtOnce) {
  // Mask 00 at width 8: the register shifts its bits out and stays 0, so
  // every flip is 0; c stays 0 and the first v > 77 (v = 128) returns 0.
  const TarotDiceView view = tarot_dice_view(GaloisLfsr{8, 0, 0xFF}, 5);
  ASSERT_TRUE(view.available);
  EXPECT_EQ(view.rng, 0);
  for (const auto& r : view.rolls) {
    EXPECT_TRUE(r.returned);
    EXPECT_EQ(r.value, 0u);
    EXPECT_EQ(r.flips, 7u);
  }
}

}  // namespace
}  // namespace shufflelab
