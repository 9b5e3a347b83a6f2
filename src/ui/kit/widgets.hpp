// widgets.hpp: small ImGui helpers shared by the panels (help markers,
// field errors, colours). Drawing only; no algorithm logic lives in src/ui.
#pragma once
#include <string>

#include "imgui.h"
#include "ui/kit/keyboard.hpp"
#include "ui/kit/text_field.hpp"

namespace shufflelab::ui {

// Text colours of the current theme (apply_theme sets them with ImGui's).
namespace colors {
inline ImVec4 kError{0.95f, 0.45f, 0.40f, 1.0f};
inline ImVec4 kMuted{0.62f, 0.65f, 0.72f, 1.0f};
inline ImVec4 kAccent{0.98f, 0.78f, 0.35f, 1.0f};
inline ImVec4 kGood{0.45f, 0.85f, 0.55f, 1.0f};
inline ImVec4 kFocusRing{1.0f, 0.80f, 0.20f, 1.0f};  // the keyboard's focus ring (kit/keyboard), unlike any fill
// Boxes above the lab: a link's problems (the lesson bar and the note are the page's: web/).
inline ImVec4 kNoticeBg{0.35f, 0.16f, 0.14f, 1.0f};
// Drawn views (plots, matrices, registers, decks, bit boxes): packed colours
// for ImDrawList, set by apply_theme like the ones above.
inline ImU32 kViewBg = IM_COL32(24, 27, 36, 255);        // a plot's or a view's background
inline ImU32 kViewGrid = IM_COL32(60, 66, 82, 255);      // grid lines, empty slots
inline ImU32 kViewFrame = IM_COL32(90, 96, 112, 255);    // frames around views and cells
inline ImU32 kViewLabel = IM_COL32(160, 166, 180, 255);  // axis labels, captions
inline ImU32 kViewText = IM_COL32(220, 224, 235, 255);   // values drawn on the background
inline ImU32 kCellOff = IM_COL32(48, 54, 70, 255);       // a 0 bit, an idle cell
inline ImU32 kCellOn = IM_COL32(250, 200, 90, 255);      // a 1 bit, the current cell
inline constexpr ImU32 kCellInk = IM_COL32(20, 20, 28, 255);  // text on a bright cell (kCellOn, cards): both themes
inline ImU32 kSeriesA = IM_COL32(78, 124, 206, 255);     // the main series (exact law, counts)
inline ImU32 kSeriesAMark = IM_COL32(175, 210, 255, 255);  // its markers, drawn over other series
inline ImU32 kSeriesB = IM_COL32(250, 165, 55, 215);     // the second series (a sample)
inline ImU32 kSeriesC = IM_COL32(120, 200, 255, 255);    // a third (taps, a second roll)
inline ImU32 kBand = IM_COL32(110, 220, 130, 255);       // bands and the settled/"good" marks
inline ImU32 kWarn = IM_COL32(240, 80, 70, 255);         // impossible values, failures
inline ImU32 kReference = IM_COL32(235, 235, 235, 210);  // a reference line (the fair value)
inline ImU32 kHover = IM_COL32(255, 255, 255, 28);       // the hovered column
inline ImU32 kShadow = IM_COL32(20, 20, 28, 200);        // under an accent line, for contrast
}  // namespace colors

enum class Theme { dark, light };
// ImGui's colours and the kit's for `theme`: the dark one, or a light one with
// high contrast for projectors (dark text on white, saturated accents).
void apply_theme(Theme theme);

// "(?)" that shows `text` in a tooltip, as imgui_demo does.
void help_marker(const char* text);

// A red line under a field; empty message draws nothing.
void field_error(const std::string& message);

// Wrapped muted paragraph for teaching text.
void explain(const char* text);

// A bullet and its text, wrapped to the width (ImGui's BulletText does not wrap).
void bullet(const char* text);

// Heading text in the accent colour with a separator below.
void section(const char* title);

// Pushes the monospace font (the app's second font) for its lifetime; does
// nothing where only one font is loaded (the smoke test).
class MonoFont {
 public:
  MonoFont();
  ~MonoFont();
  MonoFont(const MonoFont&) = delete;
  MonoFont& operator=(const MonoFont&) = delete;

 private:
  bool pushed_ = false;
};

// A selectable whose label wraps to the available width (long titles in a
// narrow column); returns true when clicked.
bool wrapped_selectable(const char* id, const std::string& label, bool selected);

// The width of a number field with -/+ buttons whose text part is `text_em`
// font sizes wide: the buttons are squares of the frame height, which grows
// on touch screens, so a fixed width would squeeze the number out.
float stepper_width(float text_em);

// A wide view (register cells, a deck, a matrix) that keeps a legible size:
// when `width` does not fit, it is drawn in a child region `height` high that
// scrolls sideways (by drag on touch screens) instead of being shrunk.
class WideRegion {
 public:
  WideRegion(const char* id, float width, float height);
  ~WideRegion();
  WideRegion(const WideRegion&) = delete;
  WideRegion& operator=(const WideRegion&) = delete;

 private:
  bool child_ = false;
};

// A hex text field bound to `buffer`; returns true when the text changed.
bool hex_field(const char* label, char* buffer, std::size_t size, float width);

}  // namespace shufflelab::ui
