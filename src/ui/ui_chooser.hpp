// ui_chooser.hpp: the generator chooser (core/chooser): the table of every
// generator, filtered by CPU, and the recommendation for a CPU and a use with
// buttons that open each piece in its lab. The view is built by the core's
// "chooser" job in the worker pool and drawn as the strings it carries; the
// last view stays on screen while the next one computes.
// Test-hook commands: cpu=<id|all>, use=<d20|d6|deck52|deck78>.
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/chooser/chooser_view.hpp"
#include "ui/kit/job_row.hpp"
#include "ui/panel_context.hpp"

namespace shufflelab::ui {

class ChooserPanel {
 public:
  // Returns a link to open when the learner presses one of the pick's buttons.
  std::string draw(ChooserLabState& state, JobRunner& jobs);
  bool command(std::string_view name, ChooserLabState& state);
  std::string describe_json(const ChooserLabState& state) const;
  std::vector<CsvExport> csv_exports(const ChooserLabState& state) const;
  // The screen-reader lines of the view for `state`, null until it is in.
  const std::vector<std::string>* text_lines(const ChooserLabState& state) const;

 private:
  // Starts the job when the setup changed; takes its view when it finishes.
  void refresh(const ChooserLabState& state, JobRunner& jobs);
  // The shown view when it is the one for `state`.
  const ChooserViewModel* current(const ChooserLabState& state) const;

  JobSlot<ChooserViewModel> job_;          // its result stays empty: start() clears it, shown_ must not
  std::optional<ChooserViewModel> shown_;  // the last finished view
};

}  // namespace shufflelab::ui
