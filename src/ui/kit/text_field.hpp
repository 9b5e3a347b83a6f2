// text_field.hpp: what the text field being edited accepts, declared by the
// field itself, so a phone gets the fitting on-screen keyboard (src/app puts
// a DOM <input> with that inputmode over the field). ImGui 1.86 clears an
// InputText's flags when the call returns, so the field says it right after
// it is drawn: declare_text_field(kind) records it while the field is active.
#pragma once
#include <cstdint>
#include <string_view>

namespace shufflelab::ui {

enum class TextFieldKind : std::uint8_t {
  text,     // anything: expressions, seeds that take decimal or 0x hex
  numeric,  // digits only: counts, steps, times
  hex,      // 0-9 A-F: register seeds, masks, taps
};
std::string_view text_field_kind_name(TextFieldKind kind);  // "text", "numeric", "hex"

// Call right after the field's widget (InputText, InputScalar, InputInt, ...).
void declare_text_field(TextFieldKind kind);

// What the field ImGui is editing now declared; text if it declared nothing.
TextFieldKind active_text_field_kind();

}  // namespace shufflelab::ui
