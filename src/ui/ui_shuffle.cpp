#include "ui/ui_shuffle.hpp"

#include "imgui.h"
#include "ui/ui_widgets.hpp"

namespace shufflelab::ui {

bool ShufflePanel::draw(ShuffleLabState&, PanelContext&) {
  ImGui::TextUnformatted("Shuffle lab");
  return false;
}

bool ShufflePanel::command(std::string_view, ShuffleLabState&, PanelContext&) { return false; }

std::string ShufflePanel::describe_json(const ShuffleLabState& state, PanelContext&) {
  return "{\"seed\":" + std::to_string(state.seed) + "}";
}

}  // namespace shufflelab::ui
