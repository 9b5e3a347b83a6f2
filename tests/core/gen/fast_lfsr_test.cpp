// fast_lfsr.hpp: the four-bytes-per-step table path against a hand-worked
// start of the tarot generator and against bit-serial GaloisLfsr::next_byte()
// for many widths, taps, seeds and lengths (including the byte-wise tail).
#include "core/gen/fast_lfsr.hpp"

#include <gtest/gtest.h>

#include <random>
#include <vector>

namespace shufflelab {
namespace {

TEST(FastLfsr, TarotStartWorkedByHand) {
  // Width 32, mask CF in the top byte (taps 0xCF000000), seed 1. By hand,
  // the state at each shift, then the top byte:
  //  byte 1: 1 -> 0xCF000000 (a 1 falls out), seven plain shifts: 0x019E0000, 01
  //  bytes 2, 3: low byte 00, eight plain shifts each: 0x00019E00, 0x0000019E, 00 00
  //  byte 4: 0xCF, 0xCF000067, 0xA8800033, 0x9B400019, 0x82A0000C, 0x41500006,
  //    0x20A80003, 0xDF540001: DF
  //  byte 5: 0xA0AA0000, then seven plain shifts: 0x01415400: 01
  //  byte 6: low byte 00: 0x00014154: 00
  //  byte 7: 0xA0AA, 0x5055, 0xCF00282A, 0x67801415, 0xFCC00A0A, 0x7E600505,
  //    0xF0300282, 0x78180141: 78
  //  byte 8: 0xF30C00A0, 0x79860050, 0x3CC30028, 0x1E618014, 0x0F30C00A,
  //    0x07986005, 0xCCCC3002, 0x66661801: 66
  GaloisLfsr lfsr{32, 0xCF000000, 1};
  const auto table = GaloisWordTable::make(lfsr);
  ASSERT_TRUE(table) << table.error();
  std::vector<std::uint8_t> bytes(8);
  table->fill(lfsr, bytes.data(), bytes.size());  // one table step
  EXPECT_EQ(bytes, (std::vector<std::uint8_t>{0x01, 0x00, 0x00, 0xDF, 0x01, 0x00, 0x78, 0x66}));
  EXPECT_EQ(lfsr.state, 0x66661801u);
  GaloisLfsr again{32, 0xCF000000, 1};
  table->fill(again, bytes.data(), 4);  // shorter than a step: bit by bit
  EXPECT_EQ(again.state, 0xDF540001u);
}

TEST(FastLfsr, SameBytesAsBitSerialForEveryWidth) {
  std::mt19937_64 rng(11);
  for (int width = GaloisWordTable::kMinWidth; width <= 64; ++width) {
    for (int trial = 0; trial < 3; ++trial) {
      const std::uint64_t taps = trial == 0 ? tarot_taps(width, 0xCF) : rng() & width_mask(width);
      const std::uint64_t seed = (rng() & width_mask(width)) | 1;
      const auto table = GaloisWordTable::make(GaloisLfsr{width, taps, 1});
      ASSERT_TRUE(table) << table.error();
      for (std::size_t count : {0u, 1u, 3u, 4u, 5u, 8u, 13u, 1001u}) {
        GaloisLfsr serial{width, taps, seed}, fast = serial;
        std::vector<std::uint8_t> expected(count), got(count);
        for (auto& byte : expected) byte = serial.next_byte();
        table->fill(fast, got.data(), count);
        ASSERT_EQ(got, expected) << "width " << width << " taps " << taps << " count " << count;
        ASSERT_EQ(fast.state, serial.state) << "width " << width;
      }
    }
  }
}

TEST(FastLfsr, FillsContinueWhereTheLastStopped) {
  GaloisLfsr serial{32, tarot_taps(32, 0x8E), 0xACE1}, fast = serial;
  const auto table = GaloisWordTable::make(fast).value();
  std::vector<std::uint8_t> expected(40), got;
  for (auto& byte : expected) byte = serial.next_byte();
  for (std::size_t part : {7u, 1u, 16u, 16u}) {
    std::vector<std::uint8_t> chunk(part);
    table.fill(fast, chunk.data(), part);
    got.insert(got.end(), chunk.begin(), chunk.end());
  }
  EXPECT_EQ(got, expected);
}

TEST(FastLfsr, NarrowRegistersAreRefused) {
  const auto table = GaloisWordTable::make(GaloisLfsr{31, tarot_taps(31, 0xCF), 1});
  ASSERT_FALSE(table);
  EXPECT_NE(table.error().find("width"), std::string::npos);
}

}  // namespace
}  // namespace shufflelab
