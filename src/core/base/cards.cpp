#include "core/base/cards.hpp"

#include <array>
#include <string_view>

namespace shufflelab {

CardFace card_face(CardFaces faces, std::uint32_t card) {
  static constexpr std::array<std::string_view, 13> kRanks{"2", "3", "4", "5", "6", "7", "8",
                                                           "9", "10", "J", "Q", "K", "A"};
  static constexpr std::array<std::string_view, 13> kRankNames{
      "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "Jack", "Queen", "King", "Ace"};
  static constexpr std::array<std::string_view, 4> kSuits{"Hearts", "Diamonds", "Clubs", "Spades"};
  static constexpr std::array<std::string_view, 22> kMajors{
      "The Fool",   "The Magician", "The High Priestess", "The Empress",     "The Emperor", "The Hierophant",
      "The Lovers", "The Chariot",  "Strength",           "The Hermit",      "Wheel of Fortune", "Justice",
      "The Hanged Man", "Death",    "Temperance",         "The Devil",       "The Tower",   "The Star",
      "The Moon",   "The Sun",      "Judgement",          "The World"};
  static constexpr std::array<std::string_view, 22> kRoman{"0",    "I",   "II",  "III", "IV",   "V",    "VI",  "VII",
                                                           "VIII", "IX",  "X",   "XI",  "XII",  "XIII", "XIV", "XV",
                                                           "XVI",  "XVII", "XVIII", "XIX", "XX", "XXI"};
  static constexpr std::array<std::string_view, 14> kTarotRanks{"A", "2", "3", "4", "5", "6", "7",
                                                                "8", "9", "10", "P", "Kn", "Q", "K"};
  static constexpr std::array<std::string_view, 14> kTarotRankNames{
      "Ace", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "Page", "Knight", "Queen", "King"};
  static constexpr std::array<std::string_view, 4> kTarotSuits{"Wands", "Cups", "Swords", "Pentacles"};

  CardFace face;
  if (faces == CardFaces::standard && card < 52) {
    const std::uint32_t suit = card & 3, rank = card >> 2;
    face.corner = kRanks[rank];
    face.name = std::string(kRankNames[rank]) + " of " + std::string(kSuits[suit]);
    face.suit = static_cast<CardSuit>(suit);
    face.red = suit < 2;
  } else if (faces == CardFaces::tarot && card < 22) {
    face.corner = kRoman[card];
    face.name = kMajors[card];
    face.major = true;
  } else if (faces == CardFaces::tarot && card < 78) {
    const std::uint32_t suit = (card - 22) / 14, rank = (card - 22) % 14;
    face.corner = kTarotRanks[rank];
    face.name = std::string(kTarotRankNames[rank]) + " of " + std::string(kTarotSuits[suit]);
    face.suit = static_cast<CardSuit>(4 + suit);
    face.red = suit == 1 || suit == 3;  // cups and pentacles drawn warm, wands and swords cool
  } else {
    face.corner = std::to_string(card);
    face.name = "card " + std::to_string(card);
  }
  return face;
}

}  // namespace shufflelab
