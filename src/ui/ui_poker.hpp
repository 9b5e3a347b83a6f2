// ui_poker.hpp: the poker lab panel.
#pragma once
#include <string>
#include <string_view>

#include "core/poker_lab.hpp"
#include "ui/panel_context.hpp"

namespace shufflelab::ui {

class PokerPanel {
 public:
  bool draw(PokerLabState& state, PanelContext& ctx);
  bool command(std::string_view name, PokerLabState& state, PanelContext& ctx);
  std::string describe_json(const PokerLabState& state, PanelContext& ctx);
};

}  // namespace shufflelab::ui
