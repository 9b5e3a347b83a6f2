// ui_asm.hpp: the assembly lab panel (draws core/asm/asm_lab_session's view):
// the C++ of the core, our listing and the core's WebAssembly side by side
// (ui_lanes' code table), one cursor for all, the registers and flags live,
// and the measured cost table. Every control sends the session a command;
// the panel keeps only where the lanes last scrolled to.
#pragma once

#include "core/asm/asm_lab_session.hpp"
#include "ui/ui_lanes.hpp"

namespace shufflelab::ui {

class AsmPanel {
 public:
  void draw(AsmLabSession& session);

 private:
  void draw_controls(AsmLabSession& s);
  void draw_lanes(const AsmSession& run);
  void draw_machine(const AsmSession& run);
  void draw_costs(AsmLabSession& s);

  LaneScroll scroll_;
};

}  // namespace shufflelab::ui
