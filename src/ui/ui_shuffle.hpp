// ui_shuffle.hpp: the shuffle lab panel.
#pragma once
#include <string>
#include <string_view>

#include "core/shuffle_lab.hpp"
#include "ui/panel_context.hpp"

namespace shufflelab::ui {

class ShufflePanel {
 public:
  bool draw(ShuffleLabState& state, PanelContext& ctx);
  bool command(std::string_view name, ShuffleLabState& state, PanelContext& ctx);
  std::string describe_json(const ShuffleLabState& state, PanelContext& ctx);
};

}  // namespace shufflelab::ui
