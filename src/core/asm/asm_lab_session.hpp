// asm_lab_session.hpp: the Assembly lab as one session. It owns the
// listing's run (core/asm/asm_session, one instruction a step), its playback
// and the measured cost tables. apply() is the one way the lab changes (the
// panel's buttons, a lesson step, a link, the test hook and the CLI send the
// same commands), tick() plays, and view() is what the panel, the Text view
// and the hook's JSON show.
//
// Commands: step, back, t=N (the instruction step), run (to the end: the
// "To the end" button), reset (step 0; stops playback, as its button did),
// play, pause, toggle_play (the Run/Pause button), speed=N (1..200
// instructions a second while playing: the slider), algo=ID (another
// listing, from step 0: the picker). Only reset stops playback: the Step,
// Back and To the end buttons never did.
//
// The editor (core/asm/asm_editor): edit (open it on the listing's source,
// from asm/), edit=new (empty), edit=0 (back to the listings), src=TEXT
// (percent-encoded), cpu=, entry=, state=, against= (each opens the editor),
// seed=HEX and calls=N (the stepper's run and the compared calls), check
// (compare again), cancel (stop the comparison). The stepper then runs the
// reader's last good routine.
//
// The step shown is where the run really is: past the listing's end or an
// instruction that failed, the link's t= moves back to it.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "core/asm/asm_editor.hpp"
#include "core/asm/asm_lab.hpp"
#include "core/asm/asm_session.hpp"
#include "core/base/lab_session.hpp"

namespace shufflelab {

struct AsmLabView {
  const AsmSession* run = nullptr;  // null: the listing cannot start (`error` says why)
  std::string error;                // why it cannot start, or the instruction that failed
  bool playing = false;
  int speed = 6;  // instructions a second while playing
};

class AsmLabSession final : public LabSession {
 public:
  // `state` is the lab's part of the whole link state; it outlives the session.
  AsmLabSession(AsmLabState& state, JobRunner& jobs) : state_(state), editor_(jobs) {}

  Result<bool> apply(const LabCommand& command) override;  // true: the state changed
  void tick(double seconds) override;                      // playback, the comparison's job
  bool busy() const override { return state_.edit.on && editor_.busy(); }
  void forget_results() override {
    editor_.forget();
    run_.reset();
  }
  std::vector<TextLine> text() override;
  std::string describe_json() override;

  const AsmLabState& state() const { return state_; }
  const AsmLabView& view();
  // The cost per instruction set, measured by running the listings (about
  // 20 ms the first time it is asked for, then kept).
  const Result<std::vector<AsmCostTable>>& costs();
  const AsmEditor& editor() const { return editor_; }

 private:
  // Brings the run to step state_.t (from the start when going back) and
  // moves t back to where the run stopped; playback ends with the listing.
  void settle();
  Result<AsmSession> start_run();
  Result<bool> apply_edit(const LabCommand& command);
  void text_of_editor(TextLines& out);
  std::string editor_json() const;

  AsmLabState& state_;
  AsmEditor editor_;
  std::optional<AsmSession> run_;
  AsmLabState run_state_;  // the setup run_ was started for, and the step it is at
  std::string error_;
  AsmLabView view_;
  bool playing_ = false;
  double accumulator_ = 0.0;
  int speed_ = 6;
  std::optional<Result<std::vector<AsmCostTable>>> costs_;
};

}  // namespace shufflelab
