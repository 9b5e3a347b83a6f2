// ui_asm.cpp: the Assembly lab panel.
// Index of this file:
// [SECTION] State and commands
// [SECTION] Lanes, machine state and cost table
// [SECTION] Panel entry points: draw, describe_json
#include "ui/ui_asm.hpp"

#include <algorithm>
#include <cinttypes>
#include <cstdio>

#include "core/base/parse.hpp"
#include "imgui.h"
#include "ui/ui_lanes.hpp"
#include "ui/kit/layout.hpp"
#include "ui/kit/widgets.hpp"

namespace shufflelab::ui {


// [SECTION] State and commands

void AsmPanel::sync(AsmLabState& state) {
  const bool same_run = session_ && session_state_.algorithm == state.algorithm &&
                        session_state_.inputs.seed == state.inputs.seed && session_state_.inputs.x == state.inputs.x &&
                        session_state_.inputs.n == state.inputs.n && session_state_.inputs.calls == state.inputs.calls;
  if (!same_run || state.t < session_state_.t) {
    session_.reset();
    error_.clear();
    auto algo = parse_asm_algorithm("algo", state.algorithm);
    if (!algo) return void(error_ = algo.error());
    auto s = AsmSession::start(algo.value(), state.inputs);
    if (!s) return void(error_ = s.error());
    session_.emplace(std::move(s.value()));
    session_state_ = state;
    session_state_.t = 0;
  }
  while (session_state_.t < state.t && !session_->done()) {
    auto r = session_->step();
    if (!r) {
      error_ = r.error();
      break;
    }
    ++session_state_.t;
  }
  state.t = session_state_.t;  // clamp to where the run really is (done, or stopped by an error)
}

bool AsmPanel::command(std::string_view name, AsmLabState& state, PanelContext&) {
  if (name == "step") ++state.t;
  else if (name == "back") state.t = state.t ? state.t - 1 : 0;
  else if (name == "reset") state.t = 0;
  else if (name == "run") state.t = kMaxAsmStep;
  else if (name.rfind("algo=", 0) == 0) {
    if (!parse_asm_algorithm("algo", name.substr(5))) return false;
    state.algorithm = std::string(name.substr(5));
    state.t = 0;
  } else return false;
  sync(state);
  return true;
}

// [SECTION] Lanes, machine state and cost table

void AsmPanel::draw_lanes(const AsmLabState&) {
  if (!ImGui::CollapsingHeader("Assembly lanes", ImGuiTreeNodeFlags_DefaultOpen)) return;
  const std::ptrdiff_t row = session_->current_row() >= 0 ? session_->current_row() : session_->last_row();
  const float height = std::max(ImGui::GetFontSize() * 15.0f, ImGui::GetContentRegionAvail().y * 0.5f);
  draw_code_table("lanes", *session_, row, scroll_, height);
}

void AsmPanel::draw_machine() {
  const auto& isa = asm_isa_info(session_->info().isa);
  ImGui::Text("%" PRIu64 " instructions, %" PRIu64 " %.*s, call %u", session_->instructions(), session_->cycles(),
              static_cast<int>(isa.cycle_unit.size()), isa.cycle_unit.data(), session_->calls_done() + (session_->done() ? 0 : 1));
  draw_machine_state(*session_);
  std::string outputs;
  for (auto o : session_->outputs()) outputs += (outputs.empty() ? "" : " ") + std::to_string(o);
  if (outputs.size() > 300) outputs = outputs.substr(0, 300) + " ...";
  ImGui::TextWrapped("Outputs so far: %s", outputs.empty() ? "(none yet)" : outputs.c_str());
}

void AsmPanel::draw_costs(const AsmLabState&) {
  if (!ImGui::CollapsingHeader("Cost per instruction set (measured by running the listings)")) return;
  if (!costs_) costs_ = asm_cost_tables();  // about 20 ms once; kept
  if (!*costs_) return field_error(costs_->error());
  for (const auto& table : costs_->value()) {
    ImGui::TextColored(colors::kAccent, "%.*s", static_cast<int>(table.title.size()), table.title.data());
    if (!ImGui::BeginTable(std::string(table.group).c_str(), 5, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit)) continue;
    for (const char* h : {"instruction set", "routine", "code bytes", "RAM bytes", "cycles per output"}) ImGui::TableSetupColumn(h);
    ImGui::TableHeadersRow();
    for (const auto& c : table.rows) {
      ImGui::TableNextRow();
      ImGui::TableSetColumnIndex(0);
      ImGui::TextUnformatted(std::string(asm_isa_info(c.isa).name).c_str());
      ImGui::TableSetColumnIndex(1);
      ImGui::TextUnformatted(std::string(c.name).c_str());
      ImGui::TableSetColumnIndex(2);
      ImGui::Text("%u", c.code_bytes);
      ImGui::TableSetColumnIndex(3);
      if (c.ram_bytes) ImGui::Text("%u", *c.ram_bytes); else ImGui::TextDisabled("-");
      ImGui::TableSetColumnIndex(4);
      if (c.cycles_per_output) {
        const auto& unit = asm_isa_info(c.isa).cycle_unit;
        ImGui::Text("%.1f %.*s per %.*s", *c.cycles_per_output, static_cast<int>(unit.size()), unit.data(),
                    static_cast<int>(c.output.size()), c.output.data());
      } else {
        ImGui::TextDisabled("(the browser's compiler decides)");
      }
    }
    ImGui::EndTable();
  }
}

// [SECTION] Panel entry points: draw, describe_json

bool AsmPanel::draw(AsmLabState& state, PanelContext&) {
  const AsmLabState before = state;
  sync(state);
  ImGui::TextUnformatted("Assembly side by side");
  help_marker("Our own listings for five instruction sets, run on interpreters in the core (the Z80 one is "
              "checked against the z80ex emulator instruction by instruction). The C++ lane is the core's real "
              "source, cut out at build time.");
  explain("Pick an algorithm and step it: the lit assembly line and the lit C++ line are the same moment.");
  const float em = ImGui::GetFontSize();
  ImGui::SetNextItemWidth(std::min(em * 22.0f, ImGui::GetContentRegionAvail().x));
  if (ImGui::BeginCombo("##algo", state.algorithm.c_str())) {
    for (const auto& a : asm_algorithms()) {
      const std::string label = std::string(asm_isa_info(a.isa).name) + ": " + std::string(a.title);
      if (ImGui::Selectable(label.c_str(), a.id == state.algorithm)) state.algorithm = std::string(a.id), state.t = 0;
    }
    ImGui::EndCombo();
  }
  if (session_) {
    const std::string_view inputs = session_->info().inputs;
    flow(ImGui::CalcTextSize(inputs.data(), inputs.data() + inputs.size()).x);
    ImGui::TextColored(colors::kMuted, "%.*s", static_cast<int>(inputs.size()), inputs.data());
  }
  // The controls wrap on narrow screens rather than run off the edge.
  if (ImGui::Button("Step")) ++state.t;
  flow(button_width("Back"));
  if (ImGui::Button("Back")) state.t = state.t ? state.t - 1 : 0;
  flow(em * 4);
  if (ImGui::Button(playing_ ? "Pause" : "Run", ImVec2(em * 4, 0))) playing_ = !playing_;
  flow(button_width("To the end"));
  if (ImGui::Button("To the end")) state.t = kMaxAsmStep;
  flow(button_width("Reset"));
  if (ImGui::Button("Reset")) state.t = 0, playing_ = false;
  flow(em * 9);
  ImGui::SetNextItemWidth(em * 9);
  ImGui::SliderFloat("##asmspeed", &steps_per_second_, 1.0f, 200.0f, "%.0f steps/s", ImGuiSliderFlags_Logarithmic);
  if (playing_) {
    accumulator_ += static_cast<double>(ImGui::GetIO().DeltaTime) * steps_per_second_;
    while (accumulator_ >= 1.0) ++state.t, accumulator_ -= 1.0;
  }
  sync(state);
  if (session_ && session_->done()) playing_ = false;
  field_error(error_);
  if (!session_) return !(before == state);
  draw_lanes(state);
  draw_machine();
  draw_costs(state);
  return !(before == state);
}

std::string AsmPanel::describe_json(const AsmLabState& state, PanelContext&) {
  std::string out = "{\"algorithm\":" + json_string(state.algorithm) + ",\"t\":" + std::to_string(state.t);
  if (session_) {
    const std::ptrdiff_t row = session_->current_row() >= 0 ? session_->current_row() : session_->last_row();
    out += ",\"done\":" + std::string(session_->done() ? "true" : "false") + ",\"row\":" + std::to_string(row) +
           ",\"cycles\":" + std::to_string(session_->cycles()) + ",\"outputs\":[";
    bool first = true;
    for (auto o : session_->outputs()) out += (first ? "" : ",") + std::to_string(o), first = false;
    out += "]";
    if (row >= 0) {
      const AsmRow& lit = session_->program().rows[static_cast<std::size_t>(row)];
      const auto wasm = wasm_lane_count(session_->info().algorithm, lit.cpp_file, lit.cpp_line);
      out += ",\"cppLine\":" + std::to_string(lit.cpp_line) + ",\"wasmRows\":" + std::to_string(wasm.rows) +
             ",\"wasmLit\":" + std::to_string(wasm.lit);
    }
  }
  if (!error_.empty()) out += ",\"error\":" + json_string(error_);
  return out + "}";
}

}  // namespace shufflelab::ui
