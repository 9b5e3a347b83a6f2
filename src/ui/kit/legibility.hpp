// legibility.hpp: how small a lab's views were actually drawn, so a test can
// check on every device that nothing shrank below legibility (issue 15: text
// >= 12 CSS px, cells >= 14 CSS px at 100% text size). Panels note the cells
// they draw; text is measured from the frame's vertices, so every glyph
// counts, however it was drawn.
#pragma once

#include "imgui.h"

namespace shufflelab::ui::legibility {

// The smallest legible sizes in font sizes (em): 12 and 14 CSS px at the
// default 16 px font. Views that would go below them scroll sideways instead.
inline constexpr float kMinTextEm = 0.75f;
inline constexpr float kMinCellEm = 0.875f;

// Forgets the last frame's cells (the app calls it before the panels draw).
void begin_frame();

// A cell a panel drew from `a` to `b` (a register bit, a card, a matrix
// cell, a bit box): its smaller side counts.
void note_cell(ImVec2 a, ImVec2 b);

// The smallest side of the cells noted this frame, in pixels (0: none).
float smallest_cell();

// The region of the result a panel drew this frame (its chart, matrix,
// register or deal), in screen pixels: a test checks it is on the first
// screen of a lesson step and large in present mode. Several calls: their union.
void note_result(ImVec2 a, ImVec2 b);
// false when no result was drawn this frame.
bool result_rect(ImVec2& a, ImVec2& b);
// The row of tabs a panel drew this frame (its tabs' union), for touch tests
// that swipe on it; false when none was drawn.
void note_tab_row(ImVec2 a, ImVec2 b);
bool tab_row_rect(ImVec2& a, ImVec2& b);

// The smallest font size of the glyphs in the draw lists, in pixels (0: no
// text): each glyph quad's height over the atlas glyph's height at the
// font's own size. Needs the fonts whose atlas drew them.
float smallest_text(const ImDrawList* const* lists, int count);

// How many glyphs in the draw lists run past the right edge of their clip
// rectangle (text cut off at a window's or a table column's edge). Glyphs
// ImGui clipped itself (ellipses, clipped labels) do not count; pass only
// windows that do not scroll sideways. `first` gets the first one's top-left.
int clipped_glyphs(const ImDrawList* const* lists, int count, ImVec2* first = nullptr);

}  // namespace shufflelab::ui::legibility
