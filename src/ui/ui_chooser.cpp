// Sections: [SECTION] Pickers  [SECTION] Recommendation  [SECTION] Table  [SECTION] Draw
#include "ui/ui_chooser.hpp"

#include <algorithm>
#include <string>

#include "imgui.h"
#include "ui/kit/job_row.hpp"
#include "ui/kit/layout.hpp"
#include "ui/kit/table.hpp"
#include "ui/kit/widgets.hpp"

namespace shufflelab::ui {

namespace {

void send(ChooserSession& s, const std::string& command) { (void)s.apply(parse_lab_command(command)); }

// [SECTION] Pickers

void draw_pickers(ChooserSession& s) {
  const ChooserLabState& state = s.state();
  const float em = ImGui::GetFontSize();
  ImGui::SetNextItemWidth(em * 9.0f);
  if (ImGui::BeginCombo("CPU", state.cpu.c_str())) {
    for (const std::string& id : chooser_cpu_ids())
      if (ImGui::Selectable(id.c_str(), state.cpu == id)) send(s, "cpu=" + id);
    ImGui::EndCombo();
  }
  flow(em * 14.0f + ImGui::GetStyle().ItemInnerSpacing.x + ImGui::CalcTextSize("Use").x);  // wraps on phones
  ImGui::SetNextItemWidth(em * 14.0f);
  const ChooserUseInfo* current = nullptr;
  for (const auto& u : chooser_uses())
    if (u.id == state.use) current = &u;
  if (ImGui::BeginCombo("Use", current ? std::string(current->title).c_str() : state.use.c_str())) {
    for (const auto& u : chooser_uses())
      if (ImGui::Selectable(std::string(u.title).c_str(), state.use == u.id)) send(s, "use=" + std::string(u.id));
    ImGui::EndCombo();
  }
}

// [SECTION] Recommendation

// Returns the command of the button pressed ("" for none).
std::string draw_pick(const ChooserPickView& pick) {
  std::string open;
  section("Recommendation");
  headline(ImGui::GetStyleColorVec4(ImGuiCol_Text), pick.headline.c_str());  // large in present mode
  ImGui::PushTextWrapPos(0.0f);
  for (const std::string* line : {&pick.verdict, &pick.period, &pick.bias, &pick.reach, &pick.cost})
    if (!line->empty()) ImGui::TextUnformatted(line->c_str());
  ImGui::PopTextWrapPos();
  // The rule's long statement: folded in present mode, like the controls (the Text view has it too).
  if (controls_shown("The rule in full")) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::PushStyleColor(ImGuiCol_Text, colors::kMuted);
    ImGui::TextUnformatted(pick.rule.c_str());
    ImGui::PopStyleColor();
    ImGui::PopTextWrapPos();
  }
  if (ImGui::Button("Open the generator (LFSR lab)")) open = "open_generator";
  flow(button_width(pick.use_label.c_str()));
  if (ImGui::Button(pick.use_label.c_str())) open = "open_use";
  if (!pick.asm_link.empty()) {
    flow(button_width("Open the listing (Assembly lab)"));
    if (ImGui::Button("Open the listing (Assembly lab)")) open = "open_listing";
  }
  // Columns never break a word: on phones the table scrolls sideways (kit/table), the generator's name kept.
  section("Trade-offs, in the rule's order");
  const int columns = static_cast<int>(pick.candidate_headers.size());
  if (columns == 0) return open;
  // Present mode: the table in the height the screen leaves, scrolling, so the pick ends on the screen.
  const bool framed = result_first();
  if (framed) ImGui::BeginChild("tradeoffs", ImVec2(0.0f, result_height(ImGui::GetFontSize() * 8.0f, 0.0f)));
  if (Table table{"candidates", columns, ImGuiTableFlags_Borders}) {
    ImGui::TableSetupScrollFreeze(1, 0);
    for (const std::string& h : pick.candidate_headers) table.column(h.c_str());
    ImGui::TableHeadersRow();
    for (const auto& cells : pick.candidates) {
      ImGui::TableNextRow();
      for (const std::string& cell : cells) ImGui::TableNextColumn(), cell_text(cell);
    }
  }
  if (framed) ImGui::EndChild();
  return open;
}

// [SECTION] Table

// Returns the command of the generator button pressed ("" for none).
std::string draw_table(const ChooserViewModel& view) {
  std::string open;
  section("Generators");
  const int columns = static_cast<int>(view.table_headers.size());
  if (columns == 0) return open;
  Table table("generators", columns, ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg);
  if (!table) return open;
  ImGui::TableSetupScrollFreeze(1, 0);
  for (const std::string& h : view.table_headers) table.column(h.c_str());
  ImGui::TableHeadersRow();
  for (const ChooserTableRowView& r : view.rows) {
    ImGui::PushID(r.name.c_str());
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    if (ImGui::SmallButton(r.name.c_str())) open = "open_row=" + r.name;
    cell_item();
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", r.summary.c_str());
    for (std::size_t i = 0; i < r.cells.size(); ++i) {
      ImGui::TableNextColumn(), cell_text(r.cells[i]);
      if (!r.notes[i].empty() && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", r.notes[i].c_str());
    }
    ImGui::PopID();
  }
  return open;
}

}  // namespace

// [SECTION] Draw

void ChooserPanel::draw(ChooserSession& s) {
  ImGui::TextUnformatted("Chooser");
  help_marker("Every number here is computed by the core when the panel opens: periods from the generators' "
              "algebra, costs by running our listings on the CPU interpreters, dieharder from the recorded runs.");
  if (!result_first())
    explain("Which generator and die roller for an 8-bit game? Pick a CPU and a use; the table shows every "
            "generator, the recommendation follows the stated rule from the numbers shown.");
  if (controls_shown("Pick a CPU and a use")) draw_pickers(s);
  const ChooserLabView view = s.view();
  const JobSlot<ChooserViewModel>& job = *view.job;
  // The view being computed (in the worker) replaces the one on screen when it is in.
  if (job.running() || !job.error.empty() || job.status.state == JobStatus::State::cancelled) {
    const char* caption = view.shown ? "The table below is for the previous choice." : nullptr;
    if (job_progress_row(JobRowView{job.status, job.error, job.running(), nullptr, caption})) send(s, "cancel");
  }
  if (!view.shown) return;
  if (!view.shown->error.empty()) return field_error(view.shown->error);
  std::string open;  // a button's command, sent once the view is drawn (it may open another lab)
  if (view.shown->pick) {
    ResultRegion result;
    open = draw_pick(*view.shown->pick);
  }
  if (std::string row = draw_table(*view.shown); !row.empty()) open = row;
  if (!open.empty()) send(s, open);
}

}  // namespace shufflelab::ui
