// Sections: [SECTION] Job  [SECTION] Pickers  [SECTION] Recommendation  [SECTION] Table  [SECTION] Hook, JSON, CSV
#include "ui/ui_chooser.hpp"

#include "imgui.h"
#include "ui/kit/layout.hpp"
#include "ui/kit/widgets.hpp"

namespace shufflelab::ui {

// [SECTION] Job

void ChooserPanel::refresh(const ChooserLabState& state, JobRunner& jobs) {
  const std::string key = setup_key(state, encode_chooser_lab);
  if (job_.setup_key != key || job_.id == 0) job_.start(jobs, "chooser", key, key);
  if (!job_.poll(jobs)) return;
  auto view = parse_chooser_view(job_.status.payload);
  if (view) shown_ = std::move(view.value());
  else job_.error = view.error();
}

const ChooserViewModel* ChooserPanel::current(const ChooserLabState& state) const {
  return shown_ && shown_->setup == state ? &*shown_ : nullptr;
}

namespace {

// [SECTION] Pickers

bool draw_pickers(ChooserLabState& state) {
  bool changed = false;
  const float em = ImGui::GetFontSize();
  ImGui::SetNextItemWidth(em * 9.0f);
  if (ImGui::BeginCombo("CPU", state.cpu.c_str())) {
    for (const std::string& id : chooser_cpu_ids())
      if (ImGui::Selectable(id.c_str(), state.cpu == id)) state.cpu = id, changed = true;
    ImGui::EndCombo();
  }
  flow(em * 14.0f + ImGui::GetStyle().ItemInnerSpacing.x + ImGui::CalcTextSize("Use").x);  // wraps on phones
  ImGui::SetNextItemWidth(em * 14.0f);
  const ChooserUseInfo* current = nullptr;
  for (const auto& u : chooser_uses())
    if (u.id == state.use) current = &u;
  if (ImGui::BeginCombo("Use", current ? std::string(current->title).c_str() : state.use.c_str())) {
    for (const auto& u : chooser_uses())
      if (ImGui::Selectable(std::string(u.title).c_str(), state.use == u.id)) state.use = std::string(u.id), changed = true;
    ImGui::EndCombo();
  }
  return changed;
}

// [SECTION] Recommendation

std::string draw_pick(const ChooserPickView& pick) {
  std::string open;
  section("Recommendation");
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextUnformatted(pick.headline.c_str());
  ImGui::TextUnformatted(pick.bias.c_str());
  ImGui::TextUnformatted(pick.cost.c_str());
  ImGui::PushStyleColor(ImGuiCol_Text, colors::kMuted);
  ImGui::TextUnformatted(pick.rule.c_str());
  ImGui::PopStyleColor();
  ImGui::PopTextWrapPos();
  if (ImGui::Button("Open the generator (LFSR lab)")) open = pick.lab_link;
  flow(button_width(pick.use_label.c_str()));
  if (ImGui::Button(pick.use_label.c_str())) open = pick.use_link;
  if (!pick.asm_link.empty()) {
    flow(button_width("Open the listing (Assembly lab)"));
    if (ImGui::Button("Open the listing (Assembly lab)")) open = pick.asm_link;
  }
  // Columns keep their width and the table scrolls sideways on phones, rather
  // than wrapping numbers one digit per line.
  const float lines = static_cast<float>(pick.methods.size() + 1);
  const float rows_height = lines * ImGui::GetTextLineHeightWithSpacing() + ImGui::GetStyle().ScrollbarSize +
                            2.0f * ImGui::GetStyle().CellPadding.y * lines;
  const int columns = static_cast<int>(pick.method_headers.size());
  if (columns > 0 && ImGui::BeginTable("methods", columns, ImGuiTableFlags_Borders | ImGuiTableFlags_SizingFixedFit |
                                                               ImGuiTableFlags_ScrollX, ImVec2(0.0f, rows_height))) {
    for (const std::string& h : pick.method_headers) ImGui::TableSetupColumn(h.c_str());
    ImGui::TableHeadersRow();
    for (const auto& cells : pick.methods) {
      ImGui::TableNextRow();
      for (const std::string& cell : cells) ImGui::TableNextColumn(), ImGui::TextUnformatted(cell.c_str());
    }
    ImGui::EndTable();
  }
  return open;
}

// [SECTION] Table

std::string draw_table(const ChooserViewModel& view) {
  std::string open;
  section("Generators");
  const int columns = static_cast<int>(view.table_headers.size());
  if (columns == 0 || !ImGui::BeginTable("generators", columns, ImGuiTableFlags_Borders | ImGuiTableFlags_SizingFixedFit |
                                                                    ImGuiTableFlags_ScrollX | ImGuiTableFlags_RowBg))
    return open;
  for (const std::string& h : view.table_headers) ImGui::TableSetupColumn(h.c_str());
  ImGui::TableHeadersRow();
  for (const ChooserTableRowView& r : view.rows) {
    ImGui::PushID(r.name.c_str());
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    if (ImGui::SmallButton(r.name.c_str())) open = r.lab_link;
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", r.summary.c_str());
    for (std::size_t i = 0; i < r.cells.size(); ++i) {
      ImGui::TableNextColumn(), ImGui::TextUnformatted(r.cells[i].c_str());
      if (!r.notes[i].empty() && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", r.notes[i].c_str());
    }
    ImGui::PopID();
  }
  ImGui::EndTable();
  return open;
}

}  // namespace

std::string ChooserPanel::draw(ChooserLabState& state, JobRunner& jobs) {
  refresh(state, jobs);
  ImGui::TextUnformatted("Chooser");
  help_marker("Every number here is computed by the core when the panel opens: periods from the generators' "
              "algebra, costs by running our listings on the CPU interpreters, dieharder from the recorded runs.");
  explain("Which generator and die roller for an 8-bit game? Pick a CPU and a use; the table shows every "
          "generator, the recommendation follows the stated rule from the numbers shown.");
  draw_pickers(state);
  // The view being computed (in the worker) replaces the one on screen when it is in.
  if (job_.running() || !job_.error.empty() || job_.status.state == JobStatus::State::cancelled)
    job_progress_row(job_, jobs, JobRowText{nullptr, shown_ ? "The table below is for the previous choice." : nullptr});
  if (!shown_) return "";
  if (!shown_->error.empty()) {
    field_error(shown_->error);
    return "";
  }
  std::string open;
  if (shown_->pick) open = draw_pick(*shown_->pick);
  if (std::string row_link = draw_table(*shown_); !row_link.empty()) open = row_link;
  return open;
}

// [SECTION] Hook, JSON, CSV

bool ChooserPanel::command(std::string_view name, ChooserLabState& state) {
  FragmentPairs pairs{{std::string(name.substr(0, name.find('='))),
                       std::string(name.find('=') == std::string_view::npos ? "" : name.substr(name.find('=') + 1))}};
  std::vector<std::string> notices;
  FieldReader fields(pairs, notices);
  ChooserLabState next = state;
  decode_chooser_lab(fields, next);
  if (!notices.empty() || next == state) return false;
  state = next;
  return true;
}

std::string ChooserPanel::describe_json(const ChooserLabState& state) const {
  const ChooserViewModel* view = current(state);
  std::vector<std::string> names;
  if (view)
    for (const ChooserTableRowView& r : view->rows) names.push_back(r.name);
  const std::string error = view ? view->error : job_.error;
  return "{\"cpu\":" + json_string(state.cpu) + ",\"use\":" + json_string(state.use) +
         ",\"computing\":" + json_bool(!view) + ",\"shown\":" +
         (shown_ ? "{\"cpu\":" + json_string(shown_->setup.cpu) + ",\"use\":" + json_string(shown_->setup.use) + "}"
                 : std::string("null")) +
         ",\"rows\":" + json_array(names, [](const std::string& s) { return json_string(s); }) +
         ",\"pick\":" + (view && view->pick ? view->pick->json : "null") +
         ",\"error\":" + (error.empty() ? "null" : json_string(error)) + "}";
}

std::vector<CsvExport> ChooserPanel::csv_exports(const ChooserLabState& state) const {
  const ChooserViewModel* view = current(state);
  if (!view || view->csv.empty()) return {};
  return {{"chooser", "Generator table (CSV)", view->csv_filename, view->csv}};
}

const std::vector<std::string>* ChooserPanel::text_lines(const ChooserLabState& state) const {
  const ChooserViewModel* view = current(state);
  return view ? &view->text_lines : nullptr;
}

}  // namespace shufflelab::ui
