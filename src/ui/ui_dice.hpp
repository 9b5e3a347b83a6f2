// ui_dice.hpp: the dice lab panel. Three tabs: one die (exact bias of the
// chosen method, every method compared, sampling, one roll step by step),
// dice expressions, and the Z80 d20 with the articles' claims. It draws
// core/dice/dice_session's view (its texts, scales and table rows come from
// core/dice/dice_view) and sends the session commands; it keeps only the
// screen's: the seed and expression fields' text and the assembly lanes.
#pragma once
#include <string>
#include <string_view>

#include "core/dice/dice_session.hpp"
#include "imgui.h"
#include "ui/kit/tabs.hpp"
#include "ui/panel_context.hpp"
#include "ui/ui_lanes.hpp"

namespace shufflelab::ui {

class DicePanel {
 public:
  explicit DicePanel(JobRunner& jobs) : lanes_(jobs) {}  // the lanes run as jobs
  // Draws the session's view; every change goes to the session as a command
  // (ctx: the link to the Check lab).
  void draw(DiceSession& session, PanelContext& ctx);
  // The lane_* commands (the assembly lanes are the screen's; every other command is the session's).
  bool lane_command(std::string_view name, DiceSession& session);
  std::string describe_json(DiceSession& session);

 private:
  void sync_seed_text(const DiceLabState& state);

  void draw_die_view(DiceSession& s);
  void draw_deviation_toggle(DiceSession& s);
  void draw_die_controls(DiceSession& s);
  void draw_sides_and_bits(DiceSession& s);
  void draw_source_controls(DiceSession& s, bool show_method);
  void draw_seed_field(DiceSession& s, const char* id, ImGuiInputTextFlags flags);
  void draw_die_sampling(DiceSession& s);
  void draw_roll_stepper(DiceSession& s);  // one roll and its assembly lanes
  void draw_comparison(DiceSession& s);

  void draw_expr_view(DiceSession& s);
  void draw_expr_field(DiceSession& s);
  void draw_expr_error_caret(const DiceView& v, ImVec2 field_min, ImVec2 field_max);
  void draw_expr_sampling(DiceSession& s);

  void draw_z80_view(DiceSession& s);
  void draw_z80_seed(DiceSession& s);
  void draw_z80_table(DiceSession& s);

  // The seed field's text and the state it was copied from; the expression
  // field's text and the session's draft it was copied from.
  char seed_text_[32] = "";
  std::string shown_seed_, shown_gen_;
  bool seed_text_valid_ = false;
  char expr_text_[96] = "";
  std::string shown_expr_;
  bool expr_text_valid_ = false;
  LinkedTabs tabs_;
  LanesView lanes_;
};

}  // namespace shufflelab::ui
