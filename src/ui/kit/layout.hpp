// layout.hpp: layouts that follow the width (phones held upright, tablets,
// projectors): two sections side by side or one above the other, and
// key/value rows whose label goes above the value when there is no room
// beside it. Panels call these instead of deciding per panel.
#pragma once

#include "imgui.h"

namespace shufflelab::ui {

// SameLine() when an item `width` wide still fits on this line (after
// `spacing`, < 0 for the style's), else a new line: rows of controls wrap on
// narrow screens instead of being clipped.
void flow(float width, float spacing = -1.0f);

// The width of a button labelled `label` (before ## ids).
float button_width(const char* label);

// Two sections side by side when each gets at least `min_em` font sizes,
// otherwise stacked. Draw the first, call next(), draw the second:
//   { TwoColumns cols("id", 28.0f); first(); cols.next(); second(); }
class TwoColumns {
 public:
  TwoColumns(const char* id, float min_em);
  ~TwoColumns();
  TwoColumns(const TwoColumns&) = delete;
  TwoColumns& operator=(const TwoColumns&) = delete;

  void next();
  bool side_by_side() const { return table_; }

 private:
  bool table_ = false;
};

// Rows of a label and its value. Beside each other when the label's column
// (`label_em`) leaves the value at least `value_em`; on narrow widths the
// label goes above its value. row() draws the label and leaves the cursor
// where the value goes; the caller draws the value (wrapped text, colours).
class KeyValueTable {
 public:
  KeyValueTable(const char* id, float label_em, float value_em = 14.0f);
  ~KeyValueTable();
  KeyValueTable(const KeyValueTable&) = delete;
  KeyValueTable& operator=(const KeyValueTable&) = delete;

  void row(const char* label);
  bool stacked() const { return !table_; }

 private:
  bool table_ = false;
  bool first_ = true;
};

// Result first: in present mode (projectors) and in a lesson on a narrow
// screen the app turns it on for the frame; a panel wraps each block of
// controls in `if (controls_shown("Setup")) { ... }`. Folded, the block is one
// closed header the reader can open, so the panel's result comes first on the
// screen; otherwise the controls draw as always. One mechanism for every panel.
void set_result_first(bool on);
bool result_first();
bool controls_shown(const char* label);
// The folded block itself, in any mode: for a panel with its own reason to put
// its result first (the Shuffle lab folds the editor of a link's code when the
// editor and the result do not both fit on the first screen).
bool folded_controls(const char* label);

// A verdict or a headline, wrapped as TextWrapped wraps: in result-first mode
// at half as large again as the text around it (read from the back of a room),
// otherwise as the text around it.
void headline(const ImVec4& colour, const char* text);

// The height a chart gets: `natural` normally; in result-first mode the room
// left below the cursor (less `below`, what the panel draws under it), when
// that is more, so the result uses most of the screen.
float result_height(float natural, float below);

// The panel's result (a chart, a matrix, a register, a deal) for its
// lifetime: drawn as one group whose rectangle the test hook reports
// (legibility::note_result), so a test can check it is on the first screen.
class ResultRegion {
 public:
  ResultRegion();
  ~ResultRegion();
  ResultRegion(const ResultRegion&) = delete;
  ResultRegion& operator=(const ResultRegion&) = delete;
};

}  // namespace shufflelab::ui
