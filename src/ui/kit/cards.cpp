#include "ui/kit/cards.hpp"

#include <algorithm>
#include <string>

#include "ui/kit/legibility.hpp"
#include "ui/kit/widgets.hpp"

namespace shufflelab::ui {

namespace {
constexpr float kPi = 3.14159265f;
}  // namespace

void draw_suit(ImDrawList* dl, ImVec2 c, float s, CardSuit suit, ImU32 col) {
  const float r = s * 0.27f;
  switch (suit) {
    case CardSuit::clubs:  // clubs: three leaves and a stem
      dl->AddCircleFilled(ImVec2(c.x, c.y - s * 0.22f), r, col);
      dl->AddCircleFilled(ImVec2(c.x - s * 0.24f, c.y + s * 0.08f), r, col);
      dl->AddCircleFilled(ImVec2(c.x + s * 0.24f, c.y + s * 0.08f), r, col);
      dl->AddTriangleFilled(ImVec2(c.x, c.y), ImVec2(c.x - s * 0.16f, c.y + s * 0.48f), ImVec2(c.x + s * 0.16f, c.y + s * 0.48f), col);
      break;
    case CardSuit::diamonds:  // diamonds
      dl->AddQuadFilled(ImVec2(c.x, c.y - s * 0.5f), ImVec2(c.x + s * 0.36f, c.y), ImVec2(c.x, c.y + s * 0.5f),
                        ImVec2(c.x - s * 0.36f, c.y), col);
      break;
    case CardSuit::hearts:  // hearts: two lobes and a point
      dl->AddCircleFilled(ImVec2(c.x - s * 0.21f, c.y - s * 0.14f), r, col);
      dl->AddCircleFilled(ImVec2(c.x + s * 0.21f, c.y - s * 0.14f), r, col);
      dl->AddTriangleFilled(ImVec2(c.x - s * 0.47f, c.y - s * 0.06f), ImVec2(c.x + s * 0.47f, c.y - s * 0.06f),
                            ImVec2(c.x, c.y + s * 0.48f), col);
      break;
    case CardSuit::spades:  // spades: an upside-down heart and a stem
      dl->AddCircleFilled(ImVec2(c.x - s * 0.21f, c.y + s * 0.1f), r, col);
      dl->AddCircleFilled(ImVec2(c.x + s * 0.21f, c.y + s * 0.1f), r, col);
      dl->AddTriangleFilled(ImVec2(c.x - s * 0.47f, c.y + s * 0.02f), ImVec2(c.x, c.y - s * 0.5f),
                            ImVec2(c.x + s * 0.47f, c.y + s * 0.02f), col);
      dl->AddTriangleFilled(ImVec2(c.x, c.y + s * 0.1f), ImVec2(c.x - s * 0.14f, c.y + s * 0.5f), ImVec2(c.x + s * 0.14f, c.y + s * 0.5f), col);
      break;
    case CardSuit::wands:  // wands: a staff with a bud
      dl->AddLine(ImVec2(c.x - s * 0.3f, c.y + s * 0.45f), ImVec2(c.x + s * 0.3f, c.y - s * 0.45f), col, s * 0.14f);
      dl->AddCircleFilled(ImVec2(c.x + s * 0.3f, c.y - s * 0.45f), s * 0.1f, col);
      break;
    case CardSuit::cups:  // cups: a bowl on a stem
      dl->PathArcTo(ImVec2(c.x, c.y - s * 0.2f), s * 0.34f, 0.0f, kPi, 12);
      dl->PathFillConvex(col);
      dl->AddRectFilled(ImVec2(c.x - s * 0.05f, c.y + s * 0.1f), ImVec2(c.x + s * 0.05f, c.y + s * 0.38f), col);
      dl->AddRectFilled(ImVec2(c.x - s * 0.22f, c.y + s * 0.36f), ImVec2(c.x + s * 0.22f, c.y + s * 0.46f), col);
      break;
    case CardSuit::swords:  // swords: blade and cross-guard
      dl->AddLine(ImVec2(c.x, c.y - s * 0.5f), ImVec2(c.x, c.y + s * 0.5f), col, s * 0.1f);
      dl->AddLine(ImVec2(c.x - s * 0.25f, c.y + s * 0.22f), ImVec2(c.x + s * 0.25f, c.y + s * 0.22f), col, s * 0.1f);
      break;
    case CardSuit::pentacles:  // pentacles: a coin with a star
      dl->AddCircle(c, s * 0.42f, col, 20, s * 0.08f);
      dl->AddNgon(c, s * 0.26f, col, 5, s * 0.06f);
      break;
    case CardSuit::none:
      break;
  }
}

void draw_card(ImDrawList* dl, ImVec2 a, ImVec2 b, const CardFace& face, CardFaces faces, const CardStyle& style) {
  const float w = b.x - a.x, h = b.y - a.y;
  legibility::note_cell(a, b);
  const bool simple = style.simple;
  const float round = simple ? 0.0f : std::min(w, h) * 0.12f;
  ImFont* font = ImGui::GetFont();
  const float em = ImGui::GetFontSize();
  if (faces == CardFaces::numbers) {
    float r = 1.0f, g = 1.0f, bl = 1.0f;
    if (style.hue >= 0.0f) ImGui::ColorConvertHSVtoRGB(style.hue, 0.42f, 0.93f, r, g, bl);
    dl->AddRectFilled(a, b, ImGui::ColorConvertFloat4ToU32(ImVec4(r, g, bl, 1)), round);
    const float size = std::max(std::min(em, h * 0.62f), em * legibility::kMinTextEm);
    const ImVec2 ts = font->CalcTextSizeA(size, 1e9f, 0, face.corner.c_str());
    if (ts.x <= w - 2)
      dl->AddText(font, size, ImVec2(a.x + (w - ts.x) * 0.5f, a.y + (h - ts.y) * 0.5f), colors::kCellInk,
                  face.corner.c_str());
  } else {
    dl->AddRectFilled(a, b, IM_COL32(246, 244, 238, 255), round);
    // Tarot suits: wands brown, cups red, swords steel blue, pentacles gold.
    static const ImU32 kTarotInk[4] = {IM_COL32(130, 75, 30, 255), IM_COL32(190, 35, 55, 255),
                                       IM_COL32(45, 70, 120, 255), IM_COL32(175, 125, 15, 255)};
    const ImU32 ink = face.major            ? IM_COL32(95, 60, 150, 255)
                      : face.suit >= CardSuit::wands ? kTarotInk[static_cast<int>(face.suit) - 4]
                      : face.red            ? IM_COL32(200, 35, 45, 255)
                                            : IM_COL32(25, 25, 35, 255);
    const float size = std::max(std::min(em * 0.95f, w * 0.42f), em * legibility::kMinTextEm);
    dl->AddText(font, size, ImVec2(a.x + w * 0.09f, a.y + h * 0.04f), ink, face.corner.c_str());
    if (face.major) {
      // Major arcana: the numeral above and the name's last word below.
      const std::string& name = face.name;
      const std::size_t space = name.rfind(' ');
      const std::string word = space == std::string::npos ? name : name.substr(space + 1);
      // The word only where it fits at a legible size (the numeral names the card anyway).
      const float word_size = em * legibility::kMinTextEm;
      const ImVec2 ws = font->CalcTextSizeA(word_size, 1e9f, 0, word.c_str());
      dl->AddNgonFilled(ImVec2(a.x + w * 0.5f, a.y + h * 0.5f), w * 0.16f, IM_COL32(230, 190, 80, 255), 8);
      if (ws.x <= w - 4)
        dl->AddText(font, word_size, ImVec2(a.x + (w - ws.x) * 0.5f, b.y - ws.y - h * 0.05f), ink, word.c_str());
    } else {
      draw_suit(dl, ImVec2(a.x + w * 0.5f, a.y + h * 0.6f), std::min(w * 0.55f, h * 0.45f), face.suit, ink);
    }
  }
  if (style.highlight) dl->AddRect(a, b, ImGui::ColorConvertFloat4ToU32(colors::kAccent), round, 0, 3.0f);
  else if (!simple) dl->AddRect(a, b, IM_COL32(120, 120, 130, 255), round);
}

}  // namespace shufflelab::ui
