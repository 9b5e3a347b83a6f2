#include "ui/kit/layout.hpp"

#include <algorithm>

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

bool controls_shown(const char* label) {
  if (!g_result_first) return true;
  ImGui::PushStyleColor(ImGuiCol_Text, colors::kMuted);
  const bool open = ImGui::CollapsingHeader(label);
  ImGui::PopStyleColor();
  return open;
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
