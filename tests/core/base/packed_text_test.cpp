// Packed link text (core/base/packed_text): a hand-packed example, round
// trips of real sources and of every byte value, and damaged values refused.
#include "core/base/packed_text.hpp"

#include <gtest/gtest.h>

#include <string>

namespace shufflelab {
namespace {

TEST(PackedText, AHandPackedExample) {
  // "abcabcabc": three literals, then a copy of 6 bytes from 3 back.
  // Flag 0b00001000 (item 3 is the copy) = 08; 61 62 63; distance-1 = 2: 00, then 2 << 4 | (6 - 3) = 23.
  // Bytes 08 61 62 | 63 00 23 in base64url: 000010 000110 000101 100010 | 011000 110000 000000 100011 = C G F i | Y w A j.
  EXPECT_EQ(pack_text("abcabcabc"), "CGFiYwAj");
  EXPECT_EQ(unpack_text("CGFiYwAj", "srcz", 100).value(), "abcabcabc");
  EXPECT_EQ(pack_text(""), "");
  EXPECT_EQ(unpack_text("", "srcz", 100).value(), "");
}

TEST(PackedText, RoundTrips) {
  std::string every_byte;
  for (int i = 0; i < 256 * 3; ++i) every_byte += static_cast<char>((i * 7) & 0xff);
  std::string run(5000, 'x');
  std::string source;
  for (int i = 0; i < 300; ++i) source += "  const j = rand(" + std::to_string(i) + ");  // карта " + std::to_string(i * i) + "\n";
  for (const std::string& text : {every_byte, run, source, std::string("a"), std::string("ab"), std::string("aaa")}) {
    const std::string packed = pack_text(text);
    const auto back = unpack_text(packed, "codez", 1 << 20);
    ASSERT_TRUE(back) << back.error();
    EXPECT_EQ(back.value(), text);
  }
  // Source code packs well: these 300 lines in under a third of their percent-encoded size.
  EXPECT_LT(pack_text(source).size() * 3, source.size());
}

TEST(PackedText, DamagedValuesAreRefusedWithWhere) {
  EXPECT_EQ(unpack_text("CGF*YwAj", "srcz", 100).error(), "srcz: character 4 is not a base64url digit");
  EXPECT_EQ(unpack_text("CGFiY", "srcz", 100).error(),
            "srcz: not a packed text (its length, 5 characters, cannot be base64url)");
  // A copy from 3 back as the first item: flag 01, then 00 23 -> bytes 01 00 23 = "AQAj".
  EXPECT_EQ(unpack_text("AQAj", "srcz", 100).error(), "srcz: byte 2 copies from before the text's start: a damaged link");
  // Cut in the middle of a copy: flag 08, 61 62 63, then one byte of the copy -> 08 61 62 63 00 = "CGFiYwA".
  EXPECT_EQ(unpack_text("CGFiYwA", "srcz", 100).error(), "srcz: the packed text is cut off at byte 5");
  EXPECT_EQ(unpack_text("CGFiYwAj", "srcz", 8).error(), "srcz: the packed text unpacks to more than 8 bytes");
}

}  // namespace
}  // namespace shufflelab
