// ui_asm.hpp: the assembly lab panel (draws core/asm/asm_lab_session's view):
// the C++ of the core, our listing and the core's WebAssembly side by side
// (ui_lanes' code table), one cursor for all, the registers and flags live,
// and the measured cost table. Every control sends the session a command;
// the panel keeps only where the lanes last scrolled to and the editor's
// text while it is being typed (each edit is sent as src=).
#pragma once
#include <string>

#include "core/asm/asm_lab_session.hpp"
#include "ui/panel_context.hpp"
#include "ui/ui_lanes.hpp"

namespace shufflelab::ui {

class AsmPanel {
 public:
  void draw(AsmLabSession& session, PanelContext& ctx);
  // The session's object plus where the editor was drawn ("editorRect", screen pixels; the tests type there).
  std::string describe_json(AsmLabSession& session) const;

 private:
  void draw_controls(AsmLabSession& s);
  void draw_edit_setup(AsmLabSession& s);
  void draw_editor(AsmLabSession& s, PanelContext& ctx);
  void draw_comparison(AsmLabSession& s);
  void draw_send_to_check(AsmLabSession& s, PanelContext& ctx);
  void draw_lanes(const AsmRunView& run);
  void draw_machine(const AsmRunView& run);
  void draw_costs(AsmLabSession& s);

  LaneScroll scroll_;
  std::string source_;            // the editor's text (the session's src, or what is being typed)
  std::string entry_, state_;     // the setup fields' text
  bool editor_active_ = false;    // last frame
  float editor_rect_[4] = {0, 0, 0, 0};
  float send_rect_[4] = {0, 0, 0, 0};  // "Check ... in the Check lab" (the hook reports both)
  int move_to_line_ = 0;          // an error clicked: put the cursor on its line
  int move_to_column_ = 0;
  std::string send_error_;        // why the output could not be sent to the Check lab
};

}  // namespace shufflelab::ui
