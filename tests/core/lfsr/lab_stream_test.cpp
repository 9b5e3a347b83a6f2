// The lab's raw-stream download: bytes from the step shown, checked against
// generators written out here from their published definitions.
#include "core/lfsr/lab_stream.hpp"

#include <gtest/gtest.h>

#include "test_support.hpp"

namespace shufflelab {
namespace {

LabTimeline timeline_for(const LfsrLabState& s) {
  auto t = LabTimeline::make(s);
  EXPECT_TRUE(t) << t.error();
  return std::move(t.value());
}

// SplitMix64 as in Vigna's splitmix64.c (the published constants); the lab's
// byte is the top byte of each 64-bit output.
std::uint8_t splitmix_top_byte(std::uint64_t& x) {
  return static_cast<std::uint8_t>(test::splitmix64(x) >> 56);
}

TEST(LabStream, SplitMixFromTheStepShown) {
  LfsrLabState s = lab_defaults(LabGen::splitmix64);
  s.seed = 1;
  s.t = 5;  // five outputs already shown: the stream starts with the sixth
  LabTimeline timeline = timeline_for(s);
  auto stream = lab_stream(s, timeline, 4096);
  ASSERT_TRUE(stream) << stream.error();
  std::uint64_t x = 1;
  for (int i = 0; i < 5; ++i) splitmix_top_byte(x);
  for (std::size_t i = 0; i < 4096; ++i) ASSERT_EQ(stream.value().bytes[i], splitmix_top_byte(x)) << "byte " << i;
  EXPECT_EQ(stream.value().filename, "shufflelab-splitmix64-t5.bin");
  EXPECT_NE(stream.value().command.find("shufflelab stream --gen splitmix64 "), std::string::npos);
  EXPECT_TRUE(stream.value().command.ends_with(" --bytes 4096"));
}

// One Chip's LCRNG (Numerical Recipes' a = 1664525, c = 1013904223 mod 2^32);
// the lab's byte is the top 8 bits of each new state.
TEST(LabStream, OneChipLcg) {
  LfsrLabState s = lab_defaults(LabGen::lcg32);
  s.seed = 0x932D217C;
  s.t = 1000;
  LabTimeline timeline = timeline_for(s);
  auto stream = lab_stream(s, timeline, 1000);
  ASSERT_TRUE(stream) << stream.error();
  std::uint32_t x = 0x932D217C;
  for (int i = 0; i < 1000; ++i) x = x * 1664525u + 1013904223u;
  for (std::size_t i = 0; i < 1000; ++i) {
    x = x * 1664525u + 1013904223u;
    ASSERT_EQ(stream.value().bytes[i], x >> 24) << "byte " << i;
  }
}

TEST(LabStream, RefusesSizesOutsideTheBrowserLimit) {
  LfsrLabState s = lab_defaults(LabGen::tarot32);
  LabTimeline timeline = timeline_for(s);
  EXPECT_FALSE(lab_stream(s, timeline, 0));
  auto big = lab_stream(s, timeline, kMaxLabStreamBytes + 1);
  ASSERT_FALSE(big);
  EXPECT_NE(big.error().find("shufflelab stream"), std::string::npos);
  LfsrLabState other = lab_defaults(LabGen::z80);
  EXPECT_FALSE(lab_stream(other, timeline, 16));
}

}  // namespace
}  // namespace shufflelab
