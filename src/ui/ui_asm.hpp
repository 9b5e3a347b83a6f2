// ui_asm.hpp: the assembly lab panel (shows core/asm/asm_listing + asm_session):
// the C++ of the core, our listing and the core's WebAssembly side by side
// (ui_lanes' code table), one cursor for all,
// the registers and flags live, and the measured cost table.
#pragma once
#include <optional>
#include <string>
#include <string_view>

#include "core/asm/asm_lab.hpp"
#include "ui/ui_lanes.hpp"
#include "ui/panel_context.hpp"

namespace shufflelab::ui {

class AsmPanel {
 public:
  bool draw(AsmLabState& state, PanelContext& ctx);
  bool command(std::string_view name, AsmLabState& state, PanelContext& ctx);
  std::string describe_json(const AsmLabState& state, PanelContext& ctx);

 private:
  // Brings session_ to instruction step state.t (re-running from the start when going back).
  void sync(AsmLabState& state);
  void draw_lanes(const AsmLabState& state);
  void draw_machine();
  void draw_costs(const AsmLabState& state);

  std::optional<AsmSession> session_;
  LaneScroll scroll_;
  AsmLabState session_state_;
  std::string error_;
  bool playing_ = false;
  double accumulator_ = 0.0;
  float steps_per_second_ = 6.0f;
  std::optional<Result<std::vector<AsmCostTable>>> costs_;
};

}  // namespace shufflelab::ui
