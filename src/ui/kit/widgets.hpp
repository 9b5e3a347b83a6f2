// widgets.hpp: small ImGui helpers shared by the panels (help markers,
// field errors, colours). Drawing only; no algorithm logic lives in src/ui.
#pragma once
#include <string>

#include "imgui.h"

namespace shufflelab::ui {

namespace colors {
inline const ImVec4 kError{0.95f, 0.45f, 0.40f, 1.0f};
inline const ImVec4 kMuted{0.62f, 0.65f, 0.72f, 1.0f};
inline const ImVec4 kAccent{0.98f, 0.78f, 0.35f, 1.0f};
inline const ImVec4 kGood{0.45f, 0.85f, 0.55f, 1.0f};
}  // namespace colors

// "(?)" that shows `text` in a tooltip, as imgui_demo does.
void help_marker(const char* text);

// A red line under a field; empty message draws nothing.
void field_error(const std::string& message);

// Wrapped muted paragraph for teaching text.
void explain(const char* text);

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

// A hex text field bound to `buffer`; returns true when the text changed.
bool hex_field(const char* label, char* buffer, std::size_t size, float width);

}  // namespace shufflelab::ui
