// One card numbering for the app: One Chip's article (seed 004) gives
// rank = card >> 2 (0 = "2" ... 12 = "A") and suit = card & 3, with suit + 3
// the PC console's code of the symbol: 3 heart, 4 diamond, 5 club, 6 spade.
// The tarot order (majors 0..21, then wands, cups, swords, pentacles, Ace to
// King) is the one the tarot article's 78-card deck uses.
#include "core/base/cards.hpp"

#include <gtest/gtest.h>

#include <set>
#include <string>

namespace shufflelab {
namespace {

TEST(Cards, OneChipNumbering) {
  EXPECT_EQ(card_face(CardFaces::standard, 0).name, "Two of Hearts");     // 0 >> 2 = 0, 0 & 3 = 0
  EXPECT_EQ(card_face(CardFaces::standard, 35).corner, "10");             // 35 >> 2 = 8 -> "10"
  EXPECT_EQ(card_face(CardFaces::standard, 35).suit, CardSuit::spades);   // 35 & 3 = 3
  EXPECT_EQ(card_face(CardFaces::standard, 51).name, "Ace of Spades");    // 12, 3
  EXPECT_EQ(card_face(CardFaces::standard, 6).name, "Three of Clubs");    // 1, 2
  EXPECT_EQ(card_face(CardFaces::standard, 42).name, "Queen of Clubs");   // 10, 2
  EXPECT_TRUE(card_face(CardFaces::standard, 5).red);                     // diamonds
  EXPECT_FALSE(card_face(CardFaces::standard, 7).red);                    // spades
}

TEST(Cards, EveryStandardCardIsDrawnOnce) {
  std::set<std::string> names;
  for (std::uint32_t c = 0; c < 52; ++c) names.insert(card_face(CardFaces::standard, c).name);
  EXPECT_EQ(names.size(), 52u);
}

TEST(Cards, TarotAndNumbers) {
  EXPECT_EQ(card_face(CardFaces::tarot, 0).name, "The Fool");
  EXPECT_EQ(card_face(CardFaces::tarot, 21).name, "The World");
  EXPECT_EQ(card_face(CardFaces::tarot, 22).name, "Ace of Wands");        // first minor card
  EXPECT_EQ(card_face(CardFaces::tarot, 77).name, "King of Pentacles");   // 22 + 4 * 14 - 1
  EXPECT_EQ(card_face(CardFaces::numbers, 17).name, "card 17");
}

}  // namespace
}  // namespace shufflelab
