// cards.hpp: the one card painter every lab uses. What a card number means is
// the core's (core/base/cards.hpp: One Chip's numbering for 52 cards, the
// tarot order for 78); this only draws a CardFace.
#pragma once
#include <cstdint>

#include "core/base/cards.hpp"
#include "imgui.h"

namespace shufflelab::ui {

struct CardStyle {
  bool highlight = false;  // an accent outline: the card just moved or dealt
  bool simple = false;     // square, no outline: big decks (WebGL draws 16-bit indices)
  float hue = -1.0f;       // numbers: the card's colour on a rainbow, 0..0.78; < 0: white card
};

// A suit symbol of size s centred at c, from circles and triangles (the UI
// font has no suit glyphs).
void draw_suit(ImDrawList* dl, ImVec2 c, float s, CardSuit suit, ImU32 colour);

// The card in the rectangle [a, b].
void draw_card(ImDrawList* dl, ImVec2 a, ImVec2 b, const CardFace& face, CardFaces faces, const CardStyle& style);

}  // namespace shufflelab::ui
