#include "ui/ui_poker.hpp"

#include "imgui.h"
#include "ui/ui_widgets.hpp"

namespace shufflelab::ui {

bool PokerPanel::draw(PokerLabState&, PanelContext&) {
  ImGui::TextUnformatted("Poker lab");
  return false;
}

bool PokerPanel::command(std::string_view, PokerLabState&, PanelContext&) { return false; }

std::string PokerPanel::describe_json(const PokerLabState& state, PanelContext&) {
  return "{\"seed\":" + std::to_string(state.seed) + "}";
}

}  // namespace shufflelab::ui
