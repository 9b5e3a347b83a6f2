// ui_asm.cpp: the Assembly lab panel.
// Index of this file:
// [SECTION] Controls
// [SECTION] Lanes, machine state and cost table
// [SECTION] Panel entry point: draw
#include "ui/ui_asm.hpp"

#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <string>
#include <vector>

#include "imgui.h"
#include "ui/kit/layout.hpp"
#include "ui/kit/table.hpp"
#include "ui/kit/widgets.hpp"

namespace shufflelab::ui {

namespace {
void send(AsmLabSession& s, const std::string& command) { (void)s.apply(parse_lab_command(command)); }
}  // namespace

// [SECTION] Controls

void AsmPanel::draw_controls(AsmLabSession& s) {
  const float em = ImGui::GetFontSize();
  ImGui::SetNextItemWidth(std::min(em * 22.0f, ImGui::GetContentRegionAvail().x));
  if (ImGui::BeginCombo("##algo", s.state().algorithm.c_str())) {
    // Grouped by instruction set: listings added later sit with their CPU's.
    std::vector<const AsmAlgorithmInfo*> listings;
    for (const auto& a : asm_algorithms()) listings.push_back(&a);
    std::stable_sort(listings.begin(), listings.end(),
                     [](const AsmAlgorithmInfo* x, const AsmAlgorithmInfo* y) { return x->isa < y->isa; });
    for (const AsmAlgorithmInfo* listing : listings) {
      const AsmAlgorithmInfo& a = *listing;
      const std::string label = std::string(asm_isa_info(a.isa).name) + ": " + std::string(a.title);
      if (ImGui::Selectable(label.c_str(), a.id == s.state().algorithm)) send(s, "algo=" + std::string(a.id));
    }
    ImGui::EndCombo();
  }
  if (const AsmSession* run = s.view().run) {
    const std::string_view inputs = run->info().inputs;
    flow(ImGui::CalcTextSize(inputs.data(), inputs.data() + inputs.size()).x);
    ImGui::TextColored(colors::kMuted, "%.*s", static_cast<int>(inputs.size()), inputs.data());
  }
  // The controls wrap on narrow screens rather than run off the edge.
  if (ImGui::Button("Step")) send(s, "step");
  flow(button_width("Back"));
  if (ImGui::Button("Back")) send(s, "back");
  flow(em * 4);
  if (ImGui::Button(s.view().playing ? "Pause" : "Run", ImVec2(em * 4, 0))) send(s, "toggle_play");
  flow(button_width("To the end"));
  if (ImGui::Button("To the end")) send(s, "run");
  flow(button_width("Reset"));
  if (ImGui::Button("Reset")) send(s, "reset");
  flow(em * 9);
  ImGui::SetNextItemWidth(em * 9);
  float speed = static_cast<float>(s.view().speed);
  if (ImGui::SliderFloat("##asmspeed", &speed, 1.0f, 200.0f, "%.0f steps/s", ImGuiSliderFlags_Logarithmic))
    send(s, "speed=" + std::to_string(std::clamp(static_cast<int>(speed + 0.5f), 1, 200)));
}

// [SECTION] Lanes, machine state and cost table

void AsmPanel::draw_lanes(const AsmSession& run) {
  // Result first (present mode): the lanes always shown, as tall as the screen leaves above the machine's state.
  if (!result_first() && !ImGui::CollapsingHeader("Assembly lanes", ImGuiTreeNodeFlags_DefaultOpen)) return;
  const std::ptrdiff_t row = run.current_row() >= 0 ? run.current_row() : run.last_row();
  const float natural = std::max(ImGui::GetFontSize() * 15.0f, ImGui::GetContentRegionAvail().y * 0.5f);
  const float height = result_height(natural, ImGui::GetTextLineHeightWithSpacing() * 6.0f);
  draw_code_table("lanes", run, row, scroll_, height);
}

void AsmPanel::draw_machine(const AsmSession& run) {
  const auto& isa = asm_isa_info(run.info().isa);
  ImGui::Text("%" PRIu64 " instructions, %" PRIu64 " %.*s, call %u", run.instructions(), run.cycles(),
              static_cast<int>(isa.cycle_unit.size()), isa.cycle_unit.data(), run.calls_done() + (run.done() ? 0 : 1));
  draw_machine_state(run);
  std::string outputs;
  for (auto o : run.outputs()) outputs += (outputs.empty() ? "" : " ") + std::to_string(o);
  if (outputs.size() > 300) outputs = outputs.substr(0, 300) + " ...";
  ImGui::TextWrapped("Outputs so far: %s", outputs.empty() ? "(none yet)" : outputs.c_str());
}

void AsmPanel::draw_costs(AsmLabSession& s) {
  if (!ImGui::CollapsingHeader("Cost per instruction set (measured by running the listings)")) return;
  const Result<std::vector<AsmCostTable>>& costs = s.costs();
  if (!costs) return field_error(costs.error());
  for (const auto& table : costs.value()) {
    ImGui::TextColored(colors::kAccent, "%.*s", static_cast<int>(table.title.size()), table.title.data());
    Table cost_table(std::string(table.group).c_str(), 5, ImGuiTableFlags_RowBg);
    if (!cost_table) continue;
    for (const char* h : {"instruction set", "routine", "code bytes", "RAM bytes", "cycles per output"}) cost_table.column(h);
    ImGui::TableHeadersRow();
    const ImVec4 disabled = ImGui::GetStyle().Colors[ImGuiCol_TextDisabled];
    for (const auto& c : table.rows) {
      ImGui::TableNextRow();
      ImGui::TableSetColumnIndex(0);
      cell_text(std::string(asm_isa_info(c.isa).name));
      ImGui::TableSetColumnIndex(1);
      cell_text(std::string(c.name));
      ImGui::TableSetColumnIndex(2);
      cell_text(std::to_string(c.code_bytes));
      ImGui::TableSetColumnIndex(3);
      if (c.ram_bytes) cell_text(std::to_string(*c.ram_bytes)); else cell_text(disabled, "-");
      ImGui::TableSetColumnIndex(4);
      if (c.cycles_per_output) {
        const auto& unit = asm_isa_info(c.isa).cycle_unit;
        char cost[96];
        std::snprintf(cost, sizeof cost, "%.1f %.*s per %.*s", *c.cycles_per_output, static_cast<int>(unit.size()), unit.data(),
                      static_cast<int>(c.output.size()), c.output.data());
        cell_text(cost);
      } else {
        cell_text(disabled, "(the browser's compiler decides)");
      }
    }
  }
}

// [SECTION] Panel entry point: draw

void AsmPanel::draw(AsmLabSession& s) {
  ImGui::TextUnformatted("Assembly side by side");
  help_marker("Our own listings for five instruction sets, run on interpreters in the core (the Z80 one is "
              "checked against the z80ex emulator instruction by instruction). The C++ lane is the core's real "
              "source, cut out at build time.");
  if (!result_first())
    explain("Pick an algorithm and step it: the lit assembly line and the lit C++ line are the same moment.");
  if (controls_shown("Setup: the listing and its inputs")) draw_controls(s);
  const AsmLabView& view = s.view();
  field_error(view.error);
  if (!view.run) return;
  {
    ResultRegion result;
    draw_lanes(*view.run);
  }
  draw_machine(*view.run);
  draw_costs(s);
}

}  // namespace shufflelab::ui
