// chooser_session.hpp: the Chooser as one session. It owns the "chooser"
// job (core/chooser/chooser_job) that builds the view for the pickers' CPU
// and use, and the last finished view, which stays on screen while the next
// one computes. apply() is the one way the lab changes (the pickers, the
// buttons, a link, the test hook and the CLI send the same commands).
//
// Commands: cpu=ID|all, use=d20|d6|deck52|deck78 (the pickers), cancel (the
// progress row's Cancel), open_generator (the pick's generator in the LFSR
// lab), open_use (its die in the Dice lab or its shuffle in the Shuffle lab),
// open_listing (its listing in the Assembly lab), open_row=NAME (a table
// row's generator in the LFSR lab). The open_* commands open a link of the
// view on screen, as its buttons do, through the app's OpenLink.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "core/base/job_slot.hpp"
#include "core/base/lab_session.hpp"
#include "core/chooser/chooser_view.hpp"

namespace shufflelab {

struct ChooserLabView {
  const JobSlot<ChooserViewModel>* job = nullptr;  // never null: the view being computed, or the last one
  const ChooserViewModel* shown = nullptr;         // the last finished view (maybe another choice's); null before it
};

class ChooserSession final : public LabSession {
 public:
  // `state` is the lab's part of the whole link state; it outlives the session.
  ChooserSession(ChooserLabState& state, JobRunner& jobs, OpenLink open_link)
      : state_(state), jobs_(jobs), open_link_(std::move(open_link)) {}

  Result<bool> apply(const LabCommand& command) override;  // true: the state changed
  void tick(double seconds) override;  // starts the job for a new choice; takes its view when it is done
  bool busy() const override;          // the view for the current choice is not in yet
  std::vector<TextLine> text() override;
  std::string describe_json() override;
  std::vector<CsvExport> csv_exports() override;

  const ChooserLabState& state() const { return state_; }
  ChooserLabView view() const { return {&job_, shown_ ? &*shown_ : nullptr}; }

 private:
  std::string key() const;
  const ChooserViewModel* current() const;  // the shown view when it is the current choice's
  Result<bool> open(const LabCommand& command);

  ChooserLabState& state_;
  JobRunner& jobs_;
  OpenLink open_link_;
  JobSlot<ChooserViewModel> job_;          // its result stays empty: start() clears it, shown_ must not
  std::optional<ChooserViewModel> shown_;  // the last finished view
};

}  // namespace shufflelab
