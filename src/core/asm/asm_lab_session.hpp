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
//
// The run itself, the cost tables and the routine's bytes for the Check lab
// are jobs ("asm_run", "asm_costs", "asm_output_hex": core/asm/asm_jobs), so
// the app's download holds no interpreter; natively they finish inside the
// call that asks. In the browser the last run stays on screen until the next
// has come, and playback asks for its next step only then.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "core/asm/asm_editor.hpp"
#include "core/asm/asm_jobs.hpp"
#include "core/asm/asm_lab.hpp"
#include "core/asm/asm_session.hpp"
#include "core/asm/machine_view.hpp"
#include "core/base/job_slot.hpp"
#include "core/base/lab_session.hpp"

namespace shufflelab {

struct AsmLabView {
  const AsmRunView* run = nullptr;  // null: the listing cannot start (`error` says why) or its first run is on its way
  std::string error;                // why it cannot start, or the instruction that failed
  bool loading = false;             // the run shown is not yet of the setup and step asked for
  bool playing = false;
  int speed = 6;  // instructions a second while playing
};

class AsmLabSession final : public LabSession {
 public:
  // `state` is the lab's part of the whole link state; it outlives the session.
  AsmLabSession(AsmLabState& state, JobRunner& jobs) : state_(state), jobs_(jobs), editor_(jobs) {}

  Result<bool> apply(const LabCommand& command) override;  // true: the state changed
  void tick(double seconds) override;                      // playback, the comparison's job
  bool busy() const override { return (state_.edit.on && editor_.busy()) || run_awaited(); }
  bool animating() const override { return playing_; }
  void forget_results() override {
    editor_.forget();
    run_job_.clear(jobs_);
    run_.reset();
    run_key_.clear();
  }
  std::vector<TextLine> text() override;
  std::string describe_json() override;

  const AsmLabState& state() const { return state_; }
  const AsmLabView& view();
  // The run shown is not of the setup and step asked for (the hook's asmLoading).
  bool run_awaited() const { return !wanted_key_.empty() && run_key_ != wanted_key_; }
  // The cost per instruction set, measured by running the listings in the
  // worker (about 20 ms), then kept; null until it has come (`costs_error` then says why not, if it failed).
  const AsmCostsView* costs();
  const std::string& costs_error() const { return costs_job_.error; }
  // The reader's good routine's output bytes over kMaxAsmCalls calls from the
  // seed, for the Check lab: start_output_hex asks, take_output_hex gives them
  // (or why not) once, when they have come.
  void start_output_hex();
  bool output_hex_running() const { return output_job_.running(); }
  std::optional<Result<std::string>> take_output_hex();
  const AsmEditor& editor() const { return editor_; }

 private:
  // Brings the run to step state_.t (from the start when going back) and
  // moves t back to where the run stopped; playback ends with the listing.
  void settle();
  // Starts the run of wanted_key_ unless it is shown or one runs; takes a run that came.
  void ask_run(AsmLabState setup);
  Result<bool> apply_edit(const LabCommand& command);
  void text_of_editor(TextLines& out);
  std::string editor_json() const;

  AsmLabState& state_;
  JobRunner& jobs_;
  AsmEditor editor_;
  JobSlot<AsmRunView> run_job_;
  std::optional<AsmRunView> run_;  // the last run that came, kept while the next is computed
  std::string run_key_;            // the setup and step run_ answers (asm_run_request, joined)
  std::string wanted_key_;         // the setup and step asked for ("": no run to ask)
  std::string error_;
  AsmLabView view_;
  bool playing_ = false;
  double accumulator_ = 0.0;
  int speed_ = 6;
  JobSlot<AsmCostsView> costs_job_;
  JobSlot<std::string> output_job_;
};

}  // namespace shufflelab
