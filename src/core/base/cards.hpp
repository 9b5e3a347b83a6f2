// cards.hpp: what a card number means, once for every lab, so the same number
// is never drawn as two different cards.
//  - standard 52-card deck: One Chip Video Poker's numbering (seed 004), which
//    its article explains: rank = card >> 2 (0 = "2" ... 12 = "A") and
//    suit = card & 3 in the order hearts, diamonds, clubs, spades (suit + 3 is
//    the PC console's character code for that suit's symbol). Card 0 is the
//    2 of Hearts, card 51 the Ace of Spades.
//  - tarot 78-card deck: 0..21 the major arcana (The Fool .. The World), then
//    the four minor suits wands, cups, swords, pentacles, Ace..King each.
//  - numbers: the card is its number.
#pragma once
#include <cstdint>
#include <string>

namespace shufflelab {

enum class CardFaces : std::uint8_t { numbers, standard, tarot };

enum class CardSuit : std::int8_t { none = -1, hearts, diamonds, clubs, spades, wands, cups, swords, pentacles };

struct CardFace {
  std::string corner;  // "10", "Q", "XVIII", "17"
  std::string name;    // "Queen of Hearts", "The Moon", "card 17"
  CardSuit suit = CardSuit::none;
  bool major = false;  // tarot major arcana
  bool red = false;    // hearts, diamonds; tarot cups and pentacles (drawn warm)
};

CardFace card_face(CardFaces faces, std::uint32_t card);

}  // namespace shufflelab
