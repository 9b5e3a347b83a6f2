// text_format.hpp's counted: a count and its noun, singular only for 1.
#include "core/base/text_format.hpp"

#include <gtest/gtest.h>

namespace shufflelab {
namespace {

TEST(TextFormat, CountedNounsAreSingularOnlyForOne) {
  EXPECT_EQ(counted(0, "duplicate"), "0 duplicates");
  EXPECT_EQ(counted(1, "duplicate"), "1 duplicate");
  EXPECT_EQ(counted(2, "card"), "2 cards");
  EXPECT_EQ(counted(39, "call"), "39 calls");
  EXPECT_EQ(grouped_count(1, "deck"), "1 deck");
  EXPECT_EQ(grouped_count(1000000, "roll"), "1,000,000 rolls");
}

}  // namespace
}  // namespace shufflelab
