#include "ui/kit/widgets.hpp"

namespace shufflelab::ui {

void help_marker(const char* text) {
  ImGui::SameLine();
  ImGui::TextDisabled("(?)");
  if (ImGui::IsItemHovered()) {
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 32.0f);
    ImGui::TextUnformatted(text);
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
  }
}

void field_error(const std::string& message) {
  if (message.empty()) return;
  ImGui::PushStyleColor(ImGuiCol_Text, colors::kError);
  ImGui::TextWrapped("%s", message.c_str());
  ImGui::PopStyleColor();
}

void explain(const char* text) {
  ImGui::PushStyleColor(ImGuiCol_Text, colors::kMuted);
  ImGui::TextWrapped("%s", text);
  ImGui::PopStyleColor();
}

void section(const char* title) {
  ImGui::Spacing();
  ImGui::PushStyleColor(ImGuiCol_Text, colors::kAccent);
  ImGui::TextUnformatted(title);
  ImGui::PopStyleColor();
  ImGui::Separator();
}

MonoFont::MonoFont() {
  ImFontAtlas* atlas = ImGui::GetIO().Fonts;
  if (atlas->Fonts.Size > 1) ImGui::PushFont(atlas->Fonts[1]), pushed_ = true;
}

MonoFont::~MonoFont() {
  if (pushed_) ImGui::PopFont();
}

bool hex_field(const char* label, char* buffer, std::size_t size, float width) {
  ImGui::SetNextItemWidth(width);
  return ImGui::InputText(label, buffer, size, ImGuiInputTextFlags_CharsHexadecimal | ImGuiInputTextFlags_CharsUppercase);
}

}  // namespace shufflelab::ui
