#include "ui/ui_about.hpp"

#include <string>

#include "imgui.h"
#include "ui/kit/widgets.hpp"

namespace shufflelab::ui {

namespace {
// data/dieharder.tsv: generator, test, p-value, verdict; hovering a row shows how to reproduce it.
void draw_dieharder_table(const std::vector<AboutDieharderRow>& rows) {
  const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_SizingFixedFit;
  if (!ImGui::BeginTable("dieharder", 4, flags)) return;
  ImGui::TableSetupColumn("generator");
  ImGui::TableSetupColumn("test");
  ImGui::TableSetupColumn("p-value");
  ImGui::TableSetupColumn("verdict");
  ImGui::TableHeadersRow();
  for (const AboutDieharderRow& shown : rows) {
    const DieharderRow& row = *shown.row;
    const std::string* cells[4] = {&row.generator, &row.test, &row.p_value, &row.verdict};
    ImGui::TableNextRow();
    for (int i = 0; i < 4; ++i) {
      ImGui::TableSetColumnIndex(i);
      if (i == 3) {
        const ImVec4 colour = row.verdict == "FAILED" ? colors::kError : row.verdict == "WEAK" ? colors::kAccent : colors::kGood;
        ImGui::TextColored(colour, "%s", row.verdict.c_str());
      } else {
        ImGui::TextUnformatted(cells[i]->c_str());
      }
      if (ImGui::IsItemHovered() && !shown.command.empty()) ImGui::SetTooltip("%s", shown.command.c_str());
    }
  }
  ImGui::EndTable();
}
}  // namespace

void draw_about_panel(AboutSession& session) {
  const AboutView& view = session.view();
  ImGui::TextUnformatted(view.title.c_str());
  explain(view.intro.c_str());
  for (const AboutSection& s : view.sections) {
    section(s.title.c_str());
    if (!s.intro.empty()) explain(s.intro.c_str());
    for (const std::string& item : s.items) bullet(item.c_str());
    if (s.dieharder) draw_dieharder_table(view.dieharder);
  }
}

}  // namespace shufflelab::ui
