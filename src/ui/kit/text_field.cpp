#include "ui/kit/text_field.hpp"

#include "imgui.h"
#include "imgui_internal.h"  // GetActiveID

namespace shufflelab::ui {

namespace {
ImGuiID g_declared_id = 0;  // the active field that declared its kind
TextFieldKind g_declared_kind = TextFieldKind::text;
}  // namespace

std::string_view text_field_kind_name(TextFieldKind kind) {
  switch (kind) {
    case TextFieldKind::text: return "text";
    case TextFieldKind::numeric: return "numeric";
    case TextFieldKind::hex: return "hex";
  }
  return "text";
}

void declare_text_field(TextFieldKind kind) {
  // An InputScalar with -/+ buttons is a group: ImGui reports the active
  // text inside it as the group's item.
  if (!ImGui::IsItemActive()) return;
  g_declared_id = ImGui::GetItemID();
  g_declared_kind = kind;
}

TextFieldKind active_text_field_kind() {
  const ImGuiID active = ImGui::GetActiveID();
  return active != 0 && active == g_declared_id ? g_declared_kind : TextFieldKind::text;
}

}  // namespace shufflelab::ui
