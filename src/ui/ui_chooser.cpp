// Sections: [SECTION] Pickers  [SECTION] Recommendation  [SECTION] Table  [SECTION] Hook, JSON, CSV
#include "ui/ui_chooser.hpp"

#include "imgui.h"
#include "ui/kit/layout.hpp"
#include "ui/kit/widgets.hpp"

namespace shufflelab::ui {

namespace {

// [SECTION] Pickers

bool draw_pickers(const ChooserView& view, ChooserLabState& state) {
  bool changed = false;
  const float em = ImGui::GetFontSize();
  ImGui::SetNextItemWidth(em * 9.0f);
  if (ImGui::BeginCombo("CPU", state.cpu.c_str())) {
    if (ImGui::Selectable("all", state.cpu == "all")) state.cpu = "all", changed = true;
    for (AsmIsa isa : view.table->isas) {
      const std::string id(asm_isa_info(isa).id);
      if (ImGui::Selectable(id.c_str(), state.cpu == id)) state.cpu = id, changed = true;
    }
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

std::string draw_pick(const ChooserPick& pick) {
  std::string open;
  const ChooserUseInfo& use = chooser_use_info(pick.use);
  section("Recommendation");
  ImGui::PushTextWrapPos(0.0f);
  ImGui::Text("Generator %s, range method %s%s.", pick.generator().name.c_str(), pick.method().method.c_str(),
              use.deck ? ", Fisher-Yates shuffle" : "");
  ImGui::Text("Bias: %s.", pick.bias_text.c_str());
  ImGui::Text("Cost: %s.", pick.cost_text.c_str());
  ImGui::TextColored(colors::kMuted, "Rule: %s", std::string(kChooserRule).c_str());
  ImGui::PopTextWrapPos();
  if (ImGui::Button("Open the generator (LFSR lab)")) open = pick.lab_link;
  const char* second = use.deck ? "Open the shuffle (Shuffle lab)" : "Open the die (Dice lab)";
  flow(button_width(second));
  if (ImGui::Button(second)) open = pick.dice_link;
  if (!pick.asm_link.empty()) {
    flow(button_width("Open the listing (Assembly lab)"));
    if (ImGui::Button("Open the listing (Assembly lab)")) open = pick.asm_link;
  }
  // Columns keep their width and the table scrolls sideways on phones, rather
  // than wrapping numbers one digit per line.
  const float rows_height = static_cast<float>(pick.methods.size() + 1) * ImGui::GetTextLineHeightWithSpacing() +
                            ImGui::GetStyle().ScrollbarSize + 2.0f * ImGui::GetStyle().CellPadding.y * static_cast<float>(pick.methods.size() + 1);
  if (ImGui::BeginTable("methods", 6, ImGuiTableFlags_Borders | ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_ScrollX,
                        ImVec2(0.0f, rows_height))) {
    for (const char* h : {"method", "listing", "qualifies", "max/min", "bytes per use", "cycles per use"})
      ImGui::TableSetupColumn(h);
    ImGui::TableHeadersRow();
    for (const MethodCandidate& m : pick.methods) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn(), ImGui::TextUnformatted(m.method.c_str());
      ImGui::TableNextColumn(), ImGui::TextUnformatted(m.listing.empty() ? "-" : m.listing.c_str());
      ImGui::TableNextColumn(), ImGui::TextUnformatted(m.qualifies ? "yes" : "no");
      ImGui::TableNextColumn(), ImGui::TextUnformatted(m.possible ? fixed_decimals(m.max_min_ratio.to_double(), 4).c_str() : "impossible");
      ImGui::TableNextColumn(), ImGui::TextUnformatted(fixed_decimals(m.bytes_per_use.to_double(), 4).c_str());
      ImGui::TableNextColumn(), ImGui::TextUnformatted(m.cycles_per_use ? fixed_decimals(*m.cycles_per_use, 1).c_str() : "-");
    }
    ImGui::EndTable();
  }
  return open;
}

// [SECTION] Table

std::string draw_table(const ChooserView& view) {
  std::string open;
  section("Generators");
  const std::vector<AsmIsa> isas = view.cpu ? std::vector<AsmIsa>{*view.cpu} : view.table->isas;
  const int columns = 6 + static_cast<int>(isas.size());
  if (!ImGui::BeginTable("generators", columns, ImGuiTableFlags_Borders | ImGuiTableFlags_SizingFixedFit |
                                                    ImGuiTableFlags_ScrollX | ImGuiTableFlags_RowBg))
    return open;
  for (const char* h : {"generator", "state bytes", "period (bytes)", "weak seeds", "linear complexity", "dieharder"})
    ImGui::TableSetupColumn(h);
  for (AsmIsa isa : isas) ImGui::TableSetupColumn(std::string(asm_isa_info(isa).id).c_str());
  ImGui::TableHeadersRow();
  for (const ChooserRow* r : view.rows) {
    ImGui::PushID(r->name.c_str());
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    if (ImGui::SmallButton(r->name.c_str())) open = r->lab_link;
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", r->summary.c_str());
    ImGui::TableNextColumn(), ImGui::Text("%zu", r->state_bytes);
    ImGui::TableNextColumn(), ImGui::TextUnformatted(r->period_bytes ? period_text(*r).c_str() : "not computed");
    if (!r->period_bytes && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", r->period_note.c_str());
    ImGui::TableNextColumn(), ImGui::TextUnformatted(weak_share_text(*r).c_str());
    ImGui::TableNextColumn(), ImGui::Text("%d of %zu bits", r->linear_complexity, kComplexityBits);
    ImGui::TableNextColumn();
    if (r->dieharder.empty()) ImGui::TextUnformatted("not recorded");
    else ImGui::Text("%d FAILED, %d WEAK of %zu", r->dieharder_failed, r->dieharder_weak, r->dieharder.size());
    for (AsmIsa isa : isas) {
      ImGui::TableNextColumn();
      const ChooserCost* c = r->cost_on(isa);
      if (!c) continue;
      ImGui::Text("%s: %u B code, %s B RAM, %s %s/byte", c->listing.c_str(), c->code_bytes,
                  c->ram_bytes ? std::to_string(*c->ram_bytes).c_str() : "?", fixed_decimals(c->cycles_per_byte, 1).c_str(),
                  std::string(asm_isa_info(isa).cycle_unit).c_str());
    }
    ImGui::PopID();
  }
  ImGui::EndTable();
  return open;
}

}  // namespace

std::string ChooserPanel::draw(ChooserLabState& state) {
  ImGui::TextUnformatted("Chooser");
  help_marker("Every number here is computed by the core when the panel opens: periods from the generators' "
              "algebra, costs by running our listings on the CPU interpreters, dieharder from the recorded runs.");
  explain("Which generator and die roller for an 8-bit game? Pick a CPU and a use; the table shows every "
          "generator, the recommendation follows the stated rule from the numbers shown.");
  const ChooserView& view = chooser_view(state);
  if (view.error) {
    field_error(*view.error);
    return "";
  }
  draw_pickers(view, state);
  std::string open;
  if (view.pick) open = draw_pick(*view.pick);
  if (std::string row_link = draw_table(view); !row_link.empty()) open = row_link;
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

std::string ChooserPanel::describe_json(const ChooserLabState& state) {
  const ChooserView& view = chooser_view(state);
  std::vector<std::string> names;
  for (const ChooserRow* r : view.rows) names.push_back(r->name);
  return "{\"cpu\":" + json_string(state.cpu) + ",\"use\":" + json_string(state.use) +
         ",\"rows\":" + json_array(names, [](const std::string& s) { return json_string(s); }) +
         ",\"pick\":" + (view.pick ? chooser_pick_json(*view.pick) : "null") +
         ",\"error\":" + (view.error ? json_string(*view.error) : "null") + "}";
}

std::vector<CsvExport> ChooserPanel::csv_exports(const ChooserLabState& state) {
  const ChooserView& view = chooser_view(state);
  if (!view.table) return {};
  return {{"chooser", "Generator table (CSV)", "shufflelab-generators-" + state.cpu + ".csv",
           chooser_table_csv(*view.table, view.cpu)}};
}

}  // namespace shufflelab::ui
