// ui_dice.hpp: the dice lab panel (shows core/range, core/fdr, core/dice_expr).
#pragma once
#include <string>
#include <string_view>

#include "core/dice_lab.hpp"
#include "ui/panel_context.hpp"

namespace shufflelab::ui {

class DicePanel {
 public:
  bool draw(DiceLabState& state, PanelContext& ctx);
  bool command(std::string_view name, DiceLabState& state, PanelContext& ctx);
  std::string describe_json(const DiceLabState& state, PanelContext& ctx);
};

}  // namespace shufflelab::ui
