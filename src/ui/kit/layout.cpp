#include "ui/kit/layout.hpp"

#include <algorithm>
#include <cfloat>

#include "imgui_internal.h"  // RenderArrow, RenderTextClipped, CalcWrapWidthForPos (ImGui 1.86)
#include "ui/kit/keyboard.hpp"
#include "ui/kit/legibility.hpp"
#include "ui/kit/widgets.hpp"

namespace shufflelab::ui {

namespace {
void muted_wrapped(const char* text) {
  ImGui::PushStyleColor(ImGuiCol_Text, colors::kMuted);
  ImGui::TextWrapped("%s", text);
  ImGui::PopStyleColor();
}
}  // namespace

void flow(float width, float spacing) {
  const float gap = spacing >= 0.0f ? spacing : ImGui::GetStyle().ItemSpacing.x;
  const float right_edge = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
  if (ImGui::GetItemRectMax().x + gap + width <= right_edge) ImGui::SameLine(0, gap);
}

float button_width(const char* label) {
  return ImGui::CalcTextSize(label, nullptr, true).x + ImGui::GetStyle().FramePadding.x * 2.0f;
}

TwoColumns::TwoColumns(const char* id, float min_em) {
  const float em = ImGui::GetFontSize();
  if (ImGui::GetContentRegionAvail().x < 2.0f * min_em * em + ImGui::GetStyle().ItemSpacing.x) return;
  table_ = ImGui::BeginTable(id, 2, ImGuiTableFlags_SizingStretchSame);
  if (table_) ImGui::TableNextColumn();
}

TwoColumns::~TwoColumns() {
  if (table_) ImGui::EndTable();
}

void TwoColumns::next() {
  if (table_) ImGui::TableNextColumn();
  else ImGui::Spacing();
}

KeyValueTable::KeyValueTable(const char* id, float label_em, float value_em) {
  const float em = ImGui::GetFontSize();
  if (ImGui::GetContentRegionAvail().x < (label_em + value_em) * em) return;
  table_ = ImGui::BeginTable(id, 2, ImGuiTableFlags_SizingFixedFit);
  if (!table_) return;
  ImGui::TableSetupColumn("label", ImGuiTableColumnFlags_WidthFixed, em * label_em);
  ImGui::TableSetupColumn("value", ImGuiTableColumnFlags_WidthStretch);
}

KeyValueTable::~KeyValueTable() {
  if (table_) ImGui::EndTable();
}

void KeyValueTable::row(const char* label) {
  if (table_) {
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
    muted_wrapped(label);
    ImGui::TableSetColumnIndex(1);
    return;
  }
  // Stacked: a little space between pairs, the label on its own line.
  if (!first_) ImGui::Dummy(ImVec2(0, ImGui::GetStyle().ItemSpacing.y * 0.5f));
  first_ = false;
  muted_wrapped(label);
}

namespace {
bool g_result_first = false;
}  // namespace

void set_result_first(bool on) { g_result_first = on; }
bool result_first() { return g_result_first; }

bool controls_shown(const char* label) { return !g_result_first || folded_controls(label); }

// A folded block of controls: a header only as wide as its label, on the line
// before it when it fits there and that line ends with text (the panel's
// title) or another folded block, not with a tab or a field, so folded
// controls take as few lines as they can. Its open state is kept like a
// collapsing header's, under the label's id.
bool folded_controls(const char* label) {
  const ImGuiStyle& style = ImGui::GetStyle();
  const float em = ImGui::GetFontSize();
  const ImVec2 text = ImGui::CalcTextSize(label, nullptr, true);
  // (On a phone a label longer than the line is cut at its edge, as a collapsing header's is.)
  const ImVec2 size(std::min(style.FramePadding.x * 3.0f + em + text.x, ImGui::GetContentRegionAvail().x),
                    ImGui::GetFrameHeight());
  static ImGuiID last_folded = 0;
  const ImGuiID before = GImGui->LastItemData.ID;
  const bool line_above = ImGui::GetCursorScreenPos().y <= ImGui::GetItemRectMax().y + style.ItemSpacing.y +
                                                              style.FramePadding.y * 2.0f + 1.0f;
  if ((before == 0 || before == last_folded) && line_above) flow(size.x);
  ImGuiStorage* storage = ImGui::GetStateStorage();
  const ImGuiID id = last_folded = ImGui::GetID(label);
  bool open = storage->GetBool(id, false);
  const ImVec2 at = ImGui::GetCursorScreenPos();
  bool pressed = ImGui::InvisibleButton(label, size);
  // ImGui 1.86 presses a focused button with Space only; a header opens with Enter too, as keyboard users expect.
  pressed |=
      keyboard_navigation() && ImGui::IsItemFocused() && ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Enter), false);
  if (pressed) storage->SetBool(id, open = !open);
  const ImGuiCol fill = ImGui::IsItemActive() ? ImGuiCol_HeaderActive
                        : ImGui::IsItemHovered() ? ImGuiCol_HeaderHovered : ImGuiCol_Header;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->AddRectFilled(at, ImVec2(at.x + size.x, at.y + size.y), ImGui::GetColorU32(fill), style.FrameRounding);
  const ImU32 ink = ImGui::ColorConvertFloat4ToU32(colors::kMuted);
  ImGui::RenderArrow(dl, ImVec2(at.x + style.FramePadding.x, at.y + style.FramePadding.y), ink,
                     open ? ImGuiDir_Down : ImGuiDir_Right, 1.0f);
  ImGui::PushStyleColor(ImGuiCol_Text, colors::kMuted);
  ImGui::RenderTextClipped(ImVec2(at.x + style.FramePadding.x * 2.0f + em, at.y + style.FramePadding.y),
                           ImVec2(at.x + size.x - style.FramePadding.x, at.y + size.y), label, nullptr, &text);
  ImGui::PopStyleColor();
  return open;
}

void headline(const ImVec4& colour, const char* text) {
  if (!g_result_first) {
    ImGui::PushStyleColor(ImGuiCol_Text, colour);
    ImGui::TextWrapped("%s", text);
    ImGui::PopStyleColor();
    return;
  }
  ImFont* font = ImGui::GetFont();
  const float size = ImGui::GetFontSize() * 1.5f;
  const ImVec2 at = ImGui::GetCursorScreenPos();
  const float wrap = ImGui::CalcWrapWidthForPos(at, GImGui->CurrentWindow->DC.TextWrapPos);  // as TextWrapped
  ImGui::GetWindowDrawList()->AddText(font, size, at, ImGui::ColorConvertFloat4ToU32(colour), text, nullptr, wrap);
  ImGui::Dummy(font->CalcTextSizeA(size, FLT_MAX, wrap, text));
}

float result_height(float natural, float below) {
  if (!g_result_first) return natural;
  return std::max(natural, ImGui::GetContentRegionAvail().y - below);
}

ResultRegion::ResultRegion() { ImGui::BeginGroup(); }

ResultRegion::~ResultRegion() {
  ImGui::EndGroup();
  legibility::note_result(ImGui::GetItemRectMin(), ImGui::GetItemRectMax());
}

}  // namespace shufflelab::ui
