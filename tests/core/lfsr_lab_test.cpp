// The tarot register of seed 000, checked against the article's own
// byte-wise procedure re-implemented here (four bytes, carries between them,
// XOR of the top byte with the mask when the carry out of lfsr3 is set).
#include "core/lfsr_lab.hpp"

#include <gtest/gtest.h>

#include <array>

namespace shufflelab {
namespace {

struct ArticleLfsr {  // lfsr0 is the top byte; returns lfsr0 after 8 shifts
  std::array<unsigned, 4> b;
  unsigned mask;
  void shift_once() {
    unsigned carry_in = 0;
    for (auto& byte : b) {
      const unsigned carry_out = (byte & 1) ? 128 : 0;
      byte = (byte >> 1) + carry_in;
      carry_in = carry_out;
    }
    if (carry_in == 128) b[0] ^= mask;
  }
  unsigned state() const { return b[0] << 24 | b[1] << 16 | b[2] << 8 | b[3]; }
};

TEST(LfsrLab, ViewAtEveryStepMatchesTheArticleProcedure) {
  for (std::uint64_t seed : {0xDEADBEEFull, 0x00000001ull, 0x80000000ull}) {
    for (unsigned mask : {0xCFu, 0xC5u, 0x01u}) {
      ArticleLfsr ref{{static_cast<unsigned>(seed >> 24) & 255, static_cast<unsigned>(seed >> 16) & 255,
                       static_cast<unsigned>(seed >> 8) & 255, static_cast<unsigned>(seed) & 255},
                      mask};
      std::vector<std::uint8_t> bytes;
      for (std::uint64_t t = 0; t <= 300; ++t) {
        if (t > 0) {
          ref.shift_once();
          if (t % 8 == 0) bytes.push_back(static_cast<std::uint8_t>(ref.b[0]));
        }
        const LfsrView v = lfsr_view(LfsrLabState{32, mask, seed, t});
        ASSERT_EQ(v.lfsr.state, ref.state()) << "t=" << t;
        ASSERT_EQ(v.shifts_into_byte, static_cast<int>(t % 8));
        const std::size_t shown = std::min<std::size_t>(bytes.size(), 16);
        ASSERT_EQ(v.recent_bytes.size(), shown);
        for (std::size_t i = 0; i < shown; ++i) ASSERT_EQ(v.recent_bytes[i], bytes[bytes.size() - shown + i]);
      }
    }
  }
}

TEST(LfsrLab, LargeStepUsesJumpAheadAndAgreesWithStepping) {
  // Stepping 100000 bits one at a time is the independent route here.
  GaloisLfsr r{32, tarot_taps(32, 0xCF), 0x12345678};
  for (int i = 0; i < 100000; ++i) r.step_bit();
  const LfsrView v = lfsr_view(LfsrLabState{32, 0xCF, 0x12345678, 100000});
  EXPECT_EQ(v.lfsr.state, r.state);
}

TEST(LfsrLab, LastBitAndTapsAtStepOne) {
  // Seed 1: the only set bit falls out at the first step, so the mask lands in the top byte.
  const LfsrView v = lfsr_view(LfsrLabState{32, 0xCF, 1, 1});
  EXPECT_EQ(v.last_out_bit, 1);
  EXPECT_TRUE(v.taps_applied);
  EXPECT_EQ(v.lfsr.state, 0xCF000000u);
}

}  // namespace
}  // namespace shufflelab
