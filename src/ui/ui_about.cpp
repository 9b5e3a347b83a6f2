#include "ui/ui_about.hpp"

#include <string>

#include "imgui.h"
#include "ui/kit/layout.hpp"
#include "ui/kit/table.hpp"
#include "ui/kit/widgets.hpp"

namespace shufflelab::ui {

namespace {
// data/dieharder.tsv: generator, test, p-value, verdict; hovering a row shows how to reproduce it.
void draw_dieharder_table(const std::vector<AboutDieharderRow>& rows) {
  Table table("dieharder", 4, ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH);
  if (!table) return;
  for (const char* header : {"generator", "test", "p-value", "verdict"}) table.column(header);
  ImGui::TableHeadersRow();
  for (const AboutDieharderRow& shown : rows) {
    const DieharderRow& row = *shown.row;
    const std::string* cells[4] = {&row.generator, &row.test, &row.p_value, &row.verdict};
    ImGui::TableNextRow();
    for (int i = 0; i < 4; ++i) {
      ImGui::TableSetColumnIndex(i);
      if (i == 3) {
        const ImVec4 colour = row.verdict == "FAILED" ? colors::kError : row.verdict == "WEAK" ? colors::kAccent : colors::kGood;
        cell_text(colour, row.verdict);
      } else {
        cell_text(*cells[i]);
      }
      if (ImGui::IsItemHovered() && !shown.command.empty()) ImGui::SetTooltip("%s", shown.command.c_str());
    }
  }
}
}  // namespace

void draw_about_panel(AboutSession& session) {
  const AboutView& view = session.view();
  // Present mode: the title large and the introduction in the text's own colour, read first.
  if (result_first()) {
    headline(colors::kAccent, view.title.c_str());
    ImGui::TextWrapped("%s", view.intro.c_str());
  } else {
    ImGui::TextUnformatted(view.title.c_str());
    explain(view.intro.c_str());
  }
  for (const AboutSection& s : view.sections) {
    section(s.title.c_str());
    if (!s.intro.empty()) explain(s.intro.c_str());
    for (const std::string& item : s.items) bullet(item.c_str());
    if (s.dieharder) draw_dieharder_table(view.dieharder);
  }
}

}  // namespace shufflelab::ui
