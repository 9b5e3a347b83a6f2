#include "ui/ui_dice.hpp"

#include "imgui.h"
#include "ui/ui_widgets.hpp"

namespace shufflelab::ui {

bool DicePanel::draw(DiceLabState&, PanelContext&) {
  ImGui::TextUnformatted("Dice lab");
  explain("Every way of squeezing random bits into a range, with its exact bias.");
  return false;
}

bool DicePanel::command(std::string_view, DiceLabState&, PanelContext&) { return false; }

std::string DicePanel::describe_json(const DiceLabState& state, PanelContext&) {
  return "{\"method\":" + json_string(state.method) + ",\"sides\":" + std::to_string(state.sides) + "}";
}

}  // namespace shufflelab::ui
