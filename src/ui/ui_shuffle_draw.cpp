// ui_shuffle_draw.cpp: the shuffle lab's pictures (see ui_shuffle_draw.hpp).
// Index of this file:
// [SECTION] Formatting and colours
// [SECTION] Deck layout
// [SECTION] Bias matrix layout
// [SECTION] The deck
// [SECTION] The PDEP step
// [SECTION] The bias matrix
// [SECTION] Card rows and the riffle plot
// [SECTION] Readouts: the words read, the bias summary, reachable decks, the seed found
#include "ui/ui_shuffle_draw.hpp"

#include <algorithm>
#include <bit>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <optional>

#include "core/base/parse.hpp"
#include "imgui.h"
#include "ui/kit/cards.hpp"
#include "ui/kit/layout.hpp"
#include "ui/kit/legibility.hpp"
#include "ui/kit/widgets.hpp"

namespace shufflelab::ui {

//-----------------------------------------------------------------------------
// [SECTION] Formatting and colours
//-----------------------------------------------------------------------------

std::string fmt(const char* format, double value) {
  char text[64];
  std::snprintf(text, sizeof text, format, value);
  return text;
}

namespace {

constexpr float kPi = 3.14159265f;

// "2^-193.6 (about 1 in 10^58)" style powers.
std::string power_of_two_text(double log2_value) {
  char text[96];
  const double log10_value = log2_value * 0.30102999566398120;
  if (log2_value >= -20)
    std::snprintf(text, sizeof text, "2^%.2f", log2_value);
  else
    std::snprintf(text, sizeof text, "2^%.2f (about 1 in 10^%.0f)", log2_value, -log10_value);
  return text;
}

ImU32 mix(ImVec4 a, ImVec4 b, float t, float alpha = 1.0f) {
  t = std::clamp(t, 0.0f, 1.0f);
  return ImGui::ColorConvertFloat4ToU32(
      ImVec4(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t, a.z + (b.z - a.z) * t, alpha));
}

// Diverging scale (ColorBrewer RdBu ends): -1 blue, 0 near white, +1 red.
ImU32 diverging(double x) {
  const ImVec4 blue(0.13f, 0.40f, 0.67f, 1), white(0.97f, 0.97f, 0.97f, 1), red(0.70f, 0.09f, 0.17f, 1);
  const float v = static_cast<float>(std::clamp(x, -1.0, 1.0));
  return v < 0 ? mix(white, blue, -v) : mix(white, red, v);
}

ImU32 with_alpha(ImVec4 c, float alpha) { return ImGui::ColorConvertFloat4ToU32(ImVec4(c.x, c.y, c.z, alpha)); }

// Numbered cards on a rainbow (0 .. 0.78 of the hue circle) so a card is easy
// to follow; big decks drawn plain (WebGL draws 16-bit indices).
CardStyle card_style(std::uint32_t card, std::uint32_t n, bool highlight) {
  const float hue = n > 1 ? 0.78f * static_cast<float>(card) / static_cast<float>(n - 1) : 0.0f;
  return CardStyle{highlight, n > 200, hue};
}

//-----------------------------------------------------------------------------
// [SECTION] Deck layout
//-----------------------------------------------------------------------------

struct DeckGrid {
  ImVec2 origin;
  float card_w = 0, card_h = 0, gap_x = 0, gap_y = 0;
  std::uint32_t cols = 1, rows = 1;
  ImVec2 slot(std::uint32_t p) const {
    return ImVec2(origin.x + static_cast<float>(p % cols) * (card_w + gap_x),
                  origin.y + static_cast<float>(p / cols) * (card_h + gap_y));
  }
  float height() const { return static_cast<float>(rows) * (card_h + gap_y); }
};

DeckGrid layout_deck(CardFaces faces, std::uint32_t n, float avail, ImVec2 origin) {
  const float em = ImGui::GetFontSize();
  DeckGrid g;
  g.origin = origin;
  g.gap_x = em * 0.25f;
  g.gap_y = em * 0.9f;
  if (faces == CardFaces::numbers) {
    const std::string widest = std::to_string(n > 0 ? n - 1 : 0);
    const float text_w = ImGui::CalcTextSize(widest.c_str()).x;
    g.card_w = std::max(text_w + em * 0.5f, em * 1.4f);
    g.card_h = em * 1.6f;
    if (n > 200) g.gap_x = em * 0.12f;
  } else {
    // Thirteen to a row (one suit), as large as the width allows within limits.
    const float fit13 = (avail + g.gap_x) / 13.0f - g.gap_x;
    g.card_w = std::clamp(fit13, em * 2.0f, em * (faces == CardFaces::tarot ? 3.6f : 4.2f));
    // Result first (present mode): every row on the screen, the cards no smaller than on a phone; the
    // room left under the deck holds the lines saying what the colours mean and how many words were read.
    if (result_first()) {
      const float rows = std::ceil(static_cast<float>(n) / 13.0f);
      const float room = ImGui::GetContentRegionAvail().y - (origin.y - ImGui::GetCursorScreenPos().y) - em * 6.0f;
      const float fit_h = (room - (rows - 1.0f) * g.gap_y) / std::max(rows, 1.0f);
      g.card_w = std::max(em * 2.0f, std::min(g.card_w, fit_h / 1.4f));
    }
    g.card_h = g.card_w * 1.4f;
  }
  auto fit = [&] { return static_cast<std::uint32_t>(std::max(1.0f, std::floor((avail + g.gap_x) / (g.card_w + g.gap_x)))); };
  std::uint32_t cols = fit();
  if (faces != CardFaces::numbers) cols = std::min(cols, 13u);
  cols = std::min(cols, std::max(n, 1u));
  g.rows = (n + cols - 1) / cols;
  g.cols = (n + g.rows - 1) / std::max(g.rows, 1u);  // balance the rows
  return g;
}

float ease(float p) { return p * p * (3.0f - 2.0f * p); }

// The slots under the cards: settled positions get a green frame and underline (the shuffled side).
void draw_deck_slots(ImDrawList* dl, const DeckGrid& g, const ShuffleFrame& f, std::uint32_t n) {
  const float em = ImGui::GetFontSize();
  const ImU32 green = colors::kBand;
  for (std::uint32_t p = 0; p < n; ++p) {
    const ImVec2 a = g.slot(p);
    const bool settled = p >= f.settled_begin && p < f.settled_end;
    const float pad = em * 0.12f;
    dl->AddRectFilled(ImVec2(a.x - pad, a.y - pad), ImVec2(a.x + g.card_w + pad, a.y + g.card_h + pad),
                      settled ? with_alpha(colors::kGood, 0.55f) : colors::kViewGrid, n > 200 ? 0.0f : em * 0.2f);
    if (settled)
      dl->AddRectFilled(ImVec2(a.x, a.y + g.card_h + pad * 2), ImVec2(a.x + g.card_w, a.y + g.card_h + pad * 2 + em * 0.18f),
                        green, em * 0.05f);
  }
}

// Where the step's transition stands: phase 0 (cards where they were) .. 1 (where they are).
struct DeckMotion {
  bool animating = false;
  float phase = 1.0f;
};

// The cards, each between its old and its new slot; returns the hovered position or -1.
int draw_deck_cards(ImDrawList* dl, const DeckGrid& g, const ShuffleFrame& f, CardFaces faces, std::uint32_t n,
                    DeckMotion motion) {
  // Where every card is now and was one step ago.
  std::vector<std::uint32_t> now(n), was(n);
  for (std::uint32_t p = 0; p < n; ++p) now[f.deck[p]] = p, was[f.before[p]] = p;
  std::vector<bool> involved(n, false);
  for (const ShuffleEvent& m : f.moves) {
    if (m.kind == EventKind::Swap) involved[m.a] = involved[m.b] = true;
    else for (std::uint32_t p = m.a; p <= m.b && p < n; ++p) involved[p] = p == m.a;
  }
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  int hovered = -1;
  auto card_rect = [&](std::uint32_t card) {
    const ImVec2 from = g.slot(was[card]), to = g.slot(now[card]);
    ImVec2 a(from.x + (to.x - from.x) * motion.phase, from.y + (to.y - from.y) * motion.phase);
    if (motion.animating && was[card] != now[card]) a.y -= std::sin(kPi * motion.phase) * g.card_h * 0.5f;
    return a;
  };
  for (int pass = 0; pass < 2; ++pass) {  // moving cards last, on top
    for (std::uint32_t p = 0; p < n; ++p) {
      const std::uint32_t card = f.deck[p];
      const bool moving = was[card] != now[card];
      if ((pass == 1) != moving) continue;
      const ImVec2 a = card_rect(card), b(a.x + g.card_w, a.y + g.card_h);
      draw_card(dl, a, b, card_face(faces, card), faces, card_style(card, n, involved[p]));
      if (mouse.x >= a.x && mouse.x < b.x && mouse.y >= a.y && mouse.y < b.y && ImGui::IsWindowHovered())
        hovered = static_cast<int>(p);
    }
  }
  return hovered;
}

// The swap arcs (both ends move) or the lifted card's path (Move: from b to a) of this step.
void draw_move_arcs(ImDrawList* dl, const DeckGrid& g, const ShuffleFrame& f, float top_y) {
  const float em = ImGui::GetFontSize();
  const ImU32 accent = ImGui::ColorConvertFloat4ToU32(colors::kAccent);
  for (const ShuffleEvent& m : f.moves) {
    if (m.a == m.b) continue;
    const ImVec2 sa = g.slot(m.a), sb = g.slot(m.b);
    const ImVec2 p1(sa.x + g.card_w * 0.5f, sa.y), p4(sb.x + g.card_w * 0.5f, sb.y);
    const float room = std::min(p1.y, p4.y) - top_y - em * 0.1f;
    const float lift = std::min({em * 2.4f, em * 0.6f + std::abs(p4.x - p1.x) * 0.25f, room});
    const float up = std::min(p1.y, p4.y) - lift;
    dl->AddBezierCubic(p1, ImVec2(p1.x, up), ImVec2(p4.x, up), p4, colors::kShadow, 5.5f);
    dl->AddBezierCubic(p1, ImVec2(p1.x, up), ImVec2(p4.x, up), p4, accent, 2.5f);
    auto head = [&](ImVec2 tip) {
      dl->AddTriangleFilled(ImVec2(tip.x - em * 0.32f, tip.y - em * 0.5f), ImVec2(tip.x + em * 0.32f, tip.y - em * 0.5f),
                            tip, accent);
    };
    head(p1);
    if (m.kind == EventKind::Swap) head(p4);
  }
}

// The boundary between the unshuffled and the shuffled side (the article's pivot), and the pivot.
void draw_pivot_marks(ImDrawList* dl, const DeckGrid& g, const ShuffleFrame& f, std::uint32_t n) {
  const float em = ImGui::GetFontSize();
  const ImU32 green = colors::kBand;
  if (f.settled_end > f.settled_begin && f.settled_end - f.settled_begin < n) {
    const std::uint32_t edge = f.settled_begin > 0 ? f.settled_begin : f.settled_end;
    const ImVec2 s = g.slot(edge);
    const float x = edge % g.cols == 0 && edge > 0 ? g.slot(edge - 1).x + g.card_w + g.gap_x * 0.5f : s.x - g.gap_x * 0.5f;
    const float y = edge % g.cols == 0 && edge > 0 ? g.slot(edge - 1).y : s.y;
    dl->AddLine(ImVec2(x, y - em * 0.3f), ImVec2(x, y + g.card_h + em * 0.3f), green, 3.0f);
  }
  if (f.pivot >= 0 && static_cast<std::uint32_t>(f.pivot) < n) {
    const ImVec2 s = g.slot(static_cast<std::uint32_t>(f.pivot));
    const float cx = s.x + g.card_w * 0.5f, y = s.y + g.card_h + em * 0.15f;
    dl->AddTriangleFilled(ImVec2(cx, y), ImVec2(cx - em * 0.35f, y + em * 0.5f), ImVec2(cx + em * 0.35f, y + em * 0.5f),
                          green);
  }
}


//-----------------------------------------------------------------------------
// [SECTION] Bias matrix layout
//-----------------------------------------------------------------------------

// Where the matrix goes: rows are positions, columns cards; it fits the width
// and, down to a minimum, the height.
struct MatrixLayout {
  float axis = 0, cell = 0, side = 0, head = 0, legend_h = 0;
  bool ticks = false;  // cells wide enough for their numbers on the axes
};

MatrixLayout matrix_layout(std::uint32_t n) {
  const float em = ImGui::GetFontSize();
  MatrixLayout l;
  l.axis = em * 3.4f;
  const ImVec2 room = ImGui::GetContentRegionAvail();
  // Result first (present mode, a lesson on a phone): the matrix fills the room left on the screen.
  const float tall = result_first() ? room.y - em * 4.5f : std::max(room.y - em * 5.0f, em * 18.0f);
  const float side_max = std::min(room.x - l.axis - em * 7.0f, tall);
  const float largest = em * (result_first() ? 8.0f : 3.0f);
  // Never below legibility: a matrix wider than the room scrolls sideways.
  l.cell = std::clamp(side_max / static_cast<float>(n), em * legibility::kMinCellEm, largest);
  l.ticks = l.cell >= em * 1.2f;
  l.side = l.cell * static_cast<float>(n);
  l.head = em * (l.ticks ? 2.4f : 1.3f);
  l.legend_h = std::max(l.side, em * (result_first() ? 4.0f : 8.0f));  // three labels need 4 em
  return l;
}

// "card ->" above, "position" down the side, and the numbers when they fit.
void draw_matrix_axes(ImDrawList* dl, ImVec2 top, ImVec2 origin, const MatrixLayout& l, std::uint32_t n) {
  const float em = ImGui::GetFontSize();
  const ImU32 label_col = colors::kViewLabel;
  dl->AddText(ImVec2(origin.x, top.y), label_col, "card ->");
  const char* pos_label = "position";
  for (int i = 0; pos_label[i]; ++i) {
    const char ch[2] = {pos_label[i], 0};
    dl->AddText(ImVec2(top.x + em * 0.2f, origin.y + static_cast<float>(i) * em * 0.95f), label_col, ch);
  }
  if (!l.ticks) return;
  ImFont* font = ImGui::GetFont();
  const float size = em * 0.8f;
  for (std::uint32_t k = 0; k < n; ++k) {
    const std::string label = std::to_string(k);
    const ImVec2 ts = font->CalcTextSizeA(size, 1e9f, 0, label.c_str());
    const float mid = static_cast<float>(k) * l.cell + l.cell * 0.5f;
    dl->AddText(font, size, ImVec2(origin.x + mid - ts.x * 0.5f, origin.y - ts.y - em * 0.15f), label_col, label.c_str());
    dl->AddText(font, size, ImVec2(origin.x - ts.x - em * 0.3f, origin.y + mid - ts.y * 0.5f), label_col, label.c_str());
  }
}

// The colour bar with its scale.
void draw_matrix_legend(ImDrawList* dl, ImVec2 origin, const MatrixLayout& l, const BiasMatrixView& view) {
  const float em = ImGui::GetFontSize();
  const float lx = origin.x + l.side + em * 1.2f, lw = em * 1.0f, lh = l.legend_h;
  for (int k = 0; k < 64; ++k) {
    const float y0 = origin.y + lh * static_cast<float>(k) / 64.0f, y1 = origin.y + lh * static_cast<float>(k + 1) / 64.0f;
    dl->AddRectFilled(ImVec2(lx, y0), ImVec2(lx + lw, y1 + 0.5f), diverging(1.0 - 2.0 * (k + 0.5) / 64.0));
  }
  const ImU32 text_col = colors::kViewText;
  dl->AddText(ImVec2(lx + lw + em * 0.3f, origin.y - em * 0.2f), text_col, view.limit_plus.c_str());
  dl->AddText(ImVec2(lx + lw + em * 0.3f, origin.y + lh * 0.5f - em * 0.5f), text_col, "1/n");
  dl->AddText(ImVec2(lx + lw + em * 0.3f, origin.y + lh - em * 0.8f), text_col, view.limit_minus.c_str());
}

}  // namespace

//-----------------------------------------------------------------------------
// [SECTION] The deck
//-----------------------------------------------------------------------------

void draw_shuffle_deck(const ShuffleFrame& f, CardFaces faces, std::uint32_t n, bool animating, float animation) {
  const float em = ImGui::GetFontSize();
  const float avail = ImGui::GetContentRegionAvail().x;
  const ImVec2 top = ImGui::GetCursorScreenPos();
  const float margin = em * 1.6f;  // room above the first row for its arcs
  const DeckGrid g = layout_deck(faces, n, avail, ImVec2(top.x, top.y + margin));
  // The deck gets its own child window, so its own draw list: a 1000-card deck alone stays below
  // the 65536 vertices a draw list can index on WebGL.
  ImGui::PushStyleColor(ImGuiCol_ChildBg, ImVec4(0, 0, 0, 0));
  ImGui::BeginChild("deck", ImVec2(avail, margin + g.height() + em * 0.4f), false,
                    ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  draw_deck_slots(dl, g, f, n);
  DeckMotion motion;
  motion.animating = animating;
  motion.phase = animating ? ease(animation) : 1.0f;
  const int hovered = draw_deck_cards(dl, g, f, faces, n, motion);
  draw_move_arcs(dl, g, f, top.y);
  draw_pivot_marks(dl, g, f, n);
  ImGui::EndChild();
  ImGui::PopStyleColor();
  if (f.settled_end > f.settled_begin || f.pivot >= 0)
    explain("Green: positions that hold their final card (the shuffled side). Line: the boundary. "
            "Triangle: the pivot, the position the next draw works on.");
  if (hovered >= 0) {
    const auto p = static_cast<std::uint32_t>(hovered);
    ImGui::SetTooltip("position %u: %s (card %u)%s", p, card_face(faces, f.deck[p]).name.c_str(), f.deck[p],
                      p >= f.settled_begin && p < f.settled_end ? "\nfinal: this position will not change again" : "");
  }
}


//-----------------------------------------------------------------------------
// [SECTION] The PDEP step
//-----------------------------------------------------------------------------

void draw_pdep_step(const PdepStep& s, std::uint32_t n) {
  const float em = ImGui::GetFontSize();
  section("The PDEP step (seed 003)");
  if (s.words > 1)
    ImGui::Text("%u cards need %u words: the draw %u falls in word %u, where it is remaining card %u.", n, s.words,
                s.rank, s.word_index, s.rank_in_word);
  const float label_w = em * 9.5f;
  const float avail = ImGui::GetContentRegionAvail().x - label_w;
  const auto live = static_cast<unsigned>(std::popcount(s.set_before));
  // Never below legibility: the 64 bits scroll sideways where they do not fit.
  const float cell = std::clamp((avail - em) / 64.0f, em * legibility::kMinCellEm, em * 1.0f);
  {
    const WideRegion region("pdep_bits", label_w + 64 * cell, 3 * (cell + em * 0.5f) + em * 1.6f);
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    const std::uint64_t struck = s.set_before ^ s.set_after;
    struct Row {
      const char* label;
      std::uint64_t bits;
      bool value_row;
    };
    const std::string value_label = "~(1 << " + std::to_string(s.rank_in_word) + ")";
    const Row rows[] = {{"cards (mask)", s.set_before, false},
                        {value_label.c_str(), s.scatter, true},
                        {"pdep(value, mask)", s.set_after, false}};
    const ImU32 one = colors::kCellOn, zero = colors::kCellOff, dim = colors::kViewGrid;
    const ImU32 accent = ImGui::ColorConvertFloat4ToU32(colors::kAccent);
    for (int r = 0; r < 3; ++r) {
      const float y = origin.y + static_cast<float>(r) * (cell + em * 0.5f) + em * 0.2f;
      dl->AddText(ImVec2(origin.x, y + (cell - em) * 0.5f), colors::kViewText, rows[r].label);
      for (int bit = 63; bit >= 0; --bit) {
        const float x = origin.x + label_w + static_cast<float>(63 - bit) * cell;
        const bool on = (rows[r].bits >> bit) & 1;
        // In the value row only the low popcount(cards) bits are deposited; the rest are ignored.
        const bool used = !rows[r].value_row || static_cast<unsigned>(bit) < live;
        dl->AddRectFilled(ImVec2(x + 1, y), ImVec2(x + cell - 1, y + cell), used ? (on ? one : zero) : dim, 2.0f);
        legibility::note_cell(ImVec2(x, y), ImVec2(x + cell, y + cell));
        const bool mark = rows[r].value_row ? static_cast<unsigned>(bit) == s.rank_in_word : ((struck >> bit) & 1) != 0;
        if (mark) dl->AddRect(ImVec2(x, y - 1), ImVec2(x + cell, y + cell + 1), accent, 2.0f, 0, 2.0f);
      }
    }
    const float label_y = origin.y + 3 * (cell + em * 0.5f) + em * 0.2f;
    dl->AddText(ImVec2(origin.x + label_w, label_y), colors::kViewLabel, "bit 63");
    const ImVec2 b0 = ImGui::CalcTextSize("bit 0");
    dl->AddText(ImVec2(origin.x + label_w + 64 * cell - b0.x, label_y), colors::kViewLabel, "bit 0");
    ImGui::Dummy(ImVec2(label_w + 64 * cell, 3 * (cell + em * 0.5f) + em * 1.6f));
  }
  ImGui::TextWrapped("PDEP deposits the low %u bits of the value (the dim ones are ignored) into the %u set bits of "
                     "the mask, in order: set bit number %u (counting from 0) gets the 0, every other one a 1. So the "
                     "result is the mask minus its %u-th card. XOR with the mask and count trailing zeros: tzcnt = %u, "
                     "so the card is %u.",
                     live, live, s.rank_in_word, s.rank_in_word, s.card % 64, s.card);
}

//-----------------------------------------------------------------------------
// [SECTION] The bias matrix
//-----------------------------------------------------------------------------

MatrixHover draw_matrix_grid(const BiasMatrixView& view, const BiasMatrix* counts) {
  const float em = ImGui::GetFontSize();
  const std::uint32_t n = view.n;
  const MatrixLayout l = matrix_layout(n);
  // Its own child window, so its own draw list (up to 10^4 cells; WebGL indexes 16 bits).
  ImGui::PushStyleColor(ImGuiCol_ChildBg, ImVec4(0, 0, 0, 0));
  const ImVec2 size(l.axis + l.side + em * 7.0f, l.head + l.legend_h + em * 0.4f);
  std::optional<WideRegion> region;
  region.emplace("matrix_region", size.x, size.y);
  ImGui::BeginChild("matrix", size, false, ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 top = ImGui::GetCursorScreenPos();
  const ImVec2 origin(top.x + l.axis, top.y + l.head);
  draw_matrix_axes(dl, top, origin, l, n);
  for (std::uint32_t p = 0; p < n; ++p)
    for (std::uint32_t c = 0; c < n; ++c) {
      const ImVec2 a(origin.x + static_cast<float>(c) * l.cell, origin.y + static_cast<float>(p) * l.cell);
      dl->AddRectFilled(a, ImVec2(a.x + l.cell, a.y + l.cell), diverging(view.deviation_at(p, c) / view.colour_limit));
      if (l.cell >= em * 2.2f && counts) {
        const std::string count = std::to_string(counts->at(p, c));
        const ImVec2 ts = ImGui::CalcTextSize(count.c_str());
        if (ts.x < l.cell - 4)
          dl->AddText(ImVec2(a.x + (l.cell - ts.x) * 0.5f, a.y + (l.cell - ts.y) * 0.5f), colors::kCellInk,
                      count.c_str());
      }
    }
  legibility::note_cell(origin, ImVec2(origin.x + l.cell, origin.y + l.cell));
  dl->AddRect(ImVec2(origin.x - 1, origin.y - 1), ImVec2(origin.x + l.side + 1, origin.y + l.side + 1),
              colors::kViewFrame);
  draw_matrix_legend(dl, origin, l, view);
  const bool matrix_hovered = ImGui::IsWindowHovered();
  ImGui::EndChild();
  region.reset();
  ImGui::PopStyleColor();

  MatrixHover hover;
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  if (matrix_hovered && mouse.x >= origin.x && mouse.y >= origin.y && mouse.x < origin.x + l.side &&
      mouse.y < origin.y + l.side) {
    hover.card = static_cast<std::uint32_t>((mouse.x - origin.x) / l.cell);
    hover.position = static_cast<std::uint32_t>((mouse.y - origin.y) / l.cell);
    hover.inside = hover.card < n && hover.position < n;
  }
  return hover;
}


//-----------------------------------------------------------------------------
// [SECTION] Card rows and the riffle plot
//-----------------------------------------------------------------------------

// A row of 52-card faces (Predict): one line, or wrapped to the width.
void draw_card_row(const std::vector<std::uint32_t>& cards, std::size_t from, std::size_t to, bool wrap) {
  const float em = ImGui::GetFontSize();
  const float cw = em * 3.0f, ch = cw * 1.4f, gap = em * 0.3f;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float avail = ImGui::GetContentRegionAvail().x;
  const auto per_row = static_cast<std::size_t>(std::max(1.0f, std::floor((avail + gap) / (cw + gap))));
  const std::size_t count = to - from, rows = wrap ? (count + per_row - 1) / per_row : 1;
  const ImVec2 o = ImGui::GetCursorScreenPos();
  for (std::size_t k = 0; k < count; ++k) {
    const std::size_t col = wrap ? k % per_row : k, r = wrap ? k / per_row : 0;
    const ImVec2 a(o.x + static_cast<float>(col) * (cw + gap), o.y + static_cast<float>(r) * (ch + gap));
    const std::uint32_t card = cards[from + k];
    draw_card(dl, a, ImVec2(a.x + cw, a.y + ch), card_face(CardFaces::standard, card), CardFaces::standard,
              card_style(card, 52, false));
  }
  ImGui::Dummy(ImVec2(avail, static_cast<float>(rows) * (ch + gap)));
}

void draw_riffle_plot(const RiffleView& view) {
  const float em = ImGui::GetFontSize();
  // Result first (present mode): the plot takes the region's width and the screen's height left.
  const float width = ImGui::GetContentRegionAvail().x;
  const ImVec2 size(result_first() ? width : std::min(width, em * 28.0f), result_height(em * 10.0f, em * 0.5f));
  const ImVec2 top = ImGui::GetCursorScreenPos();
  ImGui::Dummy(size);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImU32 axis = ImGui::GetColorU32(ImGuiCol_TextDisabled), line = ImGui::GetColorU32(ImGuiCol_PlotLines);
  dl->AddRect(top, ImVec2(top.x + size.x, top.y + size.y), axis);
  const float half_y = top.y + size.y * 0.5f;
  dl->AddLine(ImVec2(top.x, half_y), ImVec2(top.x + size.x, half_y), axis);
  dl->AddText(ImVec2(top.x + 4.0f, half_y), axis, "1/2");
  std::vector<ImVec2> points;
  for (const auto& [x, y] : view.points) points.emplace_back(top.x + x * size.x, top.y + (1.0f - y) * size.y);
  dl->AddPolyline(points.data(), static_cast<int>(points.size()), line, 0, 2.0f);
  for (std::size_t k = 0; k < points.size(); ++k)
    dl->AddCircleFilled(points[k], view.rows[k].first_below_half ? 5.0f : 3.0f, line);
}

//-----------------------------------------------------------------------------
// [SECTION] Readouts: the words read, the bias summary, reachable decks, the seed found
//-----------------------------------------------------------------------------

// The words or coin flips this step's draw read.
void draw_inputs(const ShuffleFrame& f, const ShuffleLabState& state) {
  if (f.step == 0 || f.inputs.empty()) {
    if (f.step > 0) ImGui::TextColored(colors::kMuted, "This draw had a single possible value: nothing was read.");
    return;
  }
  const bool lin2003 = state.algo == "lin2003";
  const unsigned bits = lin2003 ? 31 : state.bits;
  std::string words, flips;
  std::size_t shown = 0;
  for (const DrawInput& in : f.inputs) {
    if (in.kind == DrawInput::Kind::flip) {
      if (flips.size() < 96) flips += in.value ? '1' : '0';
      continue;
    }
    if (shown++ >= 6) continue;
    const std::string value = lin2003 || state.method == "float" ? std::to_string(in.value)
                                                                 : "0x" + format_hex_upper(in.value, static_cast<int>((bits + 3) / 4));
    words += (words.empty() ? "" : ", ") + value;
    if (in.kind == DrawInput::Kind::discarded) words += " (warm-up, thrown away)";
    if (in.kind == DrawInput::Kind::rejected) words += " (rejected, drawn again)";
  }
  if (shown > 6) words += ", ... (" + std::to_string(shown - 6) + " more)";
  if (!flips.empty()) {
    ImGui::TextColored(colors::kMuted, "Coin flips read (lowest bit of each %u-bit word first): %s%s", bits,
                       flips.c_str(), f.inputs.size() > 96 ? "..." : "");
  }
  if (!words.empty() && flips.empty()) {
    ImGui::PushTextWrapPos(0);
    ImGui::TextColored(colors::kMuted, "%s read: %s", lin2003 ? "rand() values" : (std::to_string(bits) + "-bit words").c_str(),
                       words.c_str());
    ImGui::PopTextWrapPos();
  }
}

void draw_bias_summary(const ShuffleBiasRun& bias, const BiasMatrixView& view) {
  const std::uint32_t n = view.n;
  const ShuffleBiasResult& result = *bias.job.result;
  if (result.law) {
    ImGui::Text("Exact probabilities from %" PRIu64 " weighted draw lists: largest relative deviation from 1/%u is %s.",
                result.law->lists, n, fmt("%.3g", view.max_deviation).c_str());
    return;
  }
  const BiasMatrix& matrix = *result.matrix;
  if (bias.kind == ShuffleBiasKind::exact) {
    ImGui::Text("Exact counts over all %" PRIu64 " draw lists: largest relative deviation from 1/%u is %s.", matrix.total, n,
                fmt("%.4g", view.max_deviation).c_str());
    return;
  }
  const BiasSummary& summary = *view.summary;
  ImGui::Text("%" PRIu64 " shuffles: largest relative deviation %s; one cell's standard error is %s of 1/%u.",
              matrix.total, fmt("%.2f%%", view.max_deviation_percent()).c_str(),
              fmt("%.2f%%", view.standard_error_percent()).c_str(), n);
  const bool biased = bias_is_real(summary);
  ImGui::TextColored(biased ? colors::kError : colors::kGood,
                     "chi-square %.1f on %.0f degrees of freedom: p %s; %" PRIu64 " cells beyond 4 sigma. %s",
                     summary.chi_square, summary.degrees_of_freedom,
                     summary.p_value > 0 ? fmt("= %.3g", summary.p_value).c_str() : "< 1e-300",
                     summary.cells_beyond_4_sigma,
                     biased ? "Not uniform: this bias is real, not noise."
                            : "Consistent with a uniform shuffle at this sample size.");
  help_marker("Pearson's statistic over all n x n cells, scaled by (n-1)/n, against a chi-square with (n-1)^2 "
              "degrees of freedom. A cell beyond 4 standard errors happens by chance about once in 16000 cells.");
}

// The exact fraction, or the estimate with its standard error.
void draw_cell_tooltip(const ShuffleBiasRun& bias, const BiasMatrixView& view, std::uint32_t p, std::uint32_t c) {
  const std::string name = card_face(bias.origin.faces, c).name;
  const ShuffleBiasResult& result = *bias.job.result;
  if (result.law) {
    const Fraction fr = result.law->probability(p, c);
    std::string text = fr.to_string();
    if (text.size() > 60) text = "(a fraction with " + std::to_string(fr.denominator().to_string().size()) + "-digit denominator)";
    ImGui::SetTooltip("%s at position %u\nP = %s\n  = %.12f\n1/n = %.12f\ndeviation %+.3e of 1/n", name.c_str(), p,
                      text.c_str(), fr.to_double(), view.uniform, view.deviation_at(p, c));
    return;
  }
  const BiasMatrix& matrix = *result.matrix;
  if (bias.kind == ShuffleBiasKind::exact) {
    const Fraction fr(matrix.at(p, c), matrix.total);
    ImGui::SetTooltip("%s at position %u\nP = %" PRIu64 "/%" PRIu64 " = %s exactly (%.6f)\n1/n = %.6f", name.c_str(), p,
                      matrix.at(p, c), matrix.total, fr.to_string().c_str(), fr.to_double(), view.uniform);
    return;
  }
  const SampledCell cell = sampled_cell(matrix, p, c);
  ImGui::SetTooltip("%s at position %u\nestimate %.6f +- %.6f (one standard error)\n1/n = %.6f, z = %+.2f", name.c_str(),
                    p, cell.estimate, cell.standard_error, view.uniform, cell.z);
}

void draw_reachable_decks(const ReachView& reach, std::uint32_t n) {
  const float em = ImGui::GetFontSize();
  explain("A generator that starts from one of 2^k seeds can only ever produce 2^k different decks, however good the "
          "shuffle. A deck has n! orders.");
  ImGui::Text("log2(%u!) = %.2f: the bits needed to reach every order of %u cards.", n, reach.log2_orders, n);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float label_w = em * 16.0f, bar_max = std::max(em * 10.0f, ImGui::GetContentRegionAvail().x - label_w - em * 6.0f);
  const ImU32 bar = colors::kSeriesA, current = ImGui::ColorConvertFloat4ToU32(colors::kAccent);
  auto row = [&](const std::string& label, double value, ImU32 col, const std::string& note) {
    const ImVec2 p = ImGui::GetCursorScreenPos();
    ImGui::TextUnformatted(label.c_str());
    const float w = static_cast<float>(reach.bar_fraction(value)) * bar_max;
    dl->AddRectFilled(ImVec2(p.x + label_w, p.y + em * 0.15f), ImVec2(p.x + label_w + w, p.y + em * 0.95f), col, 3.0f);
    const std::string number = fmt("%.2f", value);
    dl->AddText(ImVec2(p.x + label_w + w + em * 0.4f, p.y), colors::kViewText, number.c_str());
    if (!note.empty() && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", note.c_str());
  };
  ImGui::Spacing();
  row("log2(n!) orders", reach.log2_orders, colors::kBand, "every order of the deck");
  for (const auto& r : reach.rows) row(r.label, r.log2_count, r.current ? current : bar, r.note);
  ImGui::Spacing();
  if (reach.seeds_fall_short) {
    ImGui::TextWrapped("So this setup reaches at most 2^%.2f of the 2^%.2f orders of %u cards: a fraction of at most %s. "
                       "Almost every deck can never come up.",
                       reach.log2_seeds, reach.log2_orders, n, power_of_two_text(reach.log2_reached_fraction).c_str());
  } else {
    ImGui::TextWrapped("Here the seeds (2^%.2f) outnumber the %u! = 2^%.2f orders, so the seed alone does not rule any "
                       "deck out (whether every deck actually comes up is another matter).",
                       reach.log2_seeds, n, reach.log2_orders);
  }
  ImGui::TextWrapped("shuffle.c seeded with time(NULL) has at most 2^32 decks; someone who knows the year it ran has "
                     "about 2^24.9 candidates, and the Predict tab shows that one hour (2^11.8) takes a moment to search.");
}

// The seeds found and, from the first, the rest of the deck.
void draw_predict_result(const SeedSearchResult& r, const std::vector<std::uint32_t>& deck) {
  if (r.found.empty()) {
    ImGui::TextColored(colors::kError, "No seed in the window gives these five cards (%" PRIu64 " tried).", r.tried);
    return;
  }
  const std::uint32_t seed = r.found.front();
  ImGui::TextColored(colors::kGood, "Tried all %" PRIu64 " seeds; %s: srand(%u), %s.", r.tried,
                     r.found.size() == 1 ? "exactly one gives these five cards"
                                         : "several give these five cards (hover for all), the first is",
                     seed, format_utc(seed).c_str());
  if (r.found.size() > 1 && ImGui::IsItemHovered()) {
    std::string all;
    for (std::uint32_t s : r.found) all += std::to_string(s) + "\n";
    ImGui::SetTooltip("%s", all.c_str());
  }
  section("The rest of the deck, predicted");
  const auto predicted = lin2003_deck(seed, 52);
  draw_card_row(predicted, kPredictShownCards, 52, true);
  const bool right = predicted == deck;
  ImGui::TextColored(right ? colors::kGood : colors::kError, right ? "Every card matches the real deck."
                                                                     : "The prediction differs from the real deck.");
}

}  // namespace shufflelab::ui
