// ui_chooser.hpp: the generator chooser (core/chooser): the table of every
// generator, filtered by CPU, and the recommendation for a CPU and a use with
// buttons that open each piece in its lab. Draws core/chooser's view model.
// Test-hook commands: cpu=<id|all>, use=<d20|d6|deck52|deck78>.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "core/chooser/chooser_lab.hpp"
#include "ui/panel_context.hpp"

namespace shufflelab::ui {

class ChooserPanel {
 public:
  // Returns a link to open when the learner presses one of the pick's buttons.
  std::string draw(ChooserLabState& state);
  bool command(std::string_view name, ChooserLabState& state);
  std::string describe_json(const ChooserLabState& state);
  std::vector<CsvExport> csv_exports(const ChooserLabState& state);
};

}  // namespace shufflelab::ui
