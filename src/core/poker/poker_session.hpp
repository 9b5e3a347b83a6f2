// poker_session.hpp: the One Chip poker lab as one session. Every change to
// the lab goes through apply() (buttons, keys, lesson steps, links, the test
// hook and the CLI send the same commands), tick() plays the deal and polls
// the sweeps, and view() is everything the panel, the Text view, the hook's
// JSON and the CSV export show.
//
// Commands: step, back, first, last (each stops playback), play, pause,
// toggle_play, t=N, seed=HEX (a new deal from call 0), next_deal (from the
// state this deal ended in), open_worst (the last sweep's worst seed at its
// last call), sweep_full, sweep_sample, cancel_sweep, count_hands,
// cancel_hands, log_scale=0|1, lanes=0|1 (the assembly lanes open).
//
// The sweeps depend on no lab field: the last finished run stays on screen
// while another runs, and the link's run= names the last one started until
// it is cancelled.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/base/csv_export.hpp"
#include "core/base/job_slot.hpp"
#include "core/base/lab_command.hpp"
#include "core/base/lab_session.hpp"
#include "core/base/result.hpp"
#include "core/poker/poker.hpp"
#include "core/poker/poker_lab.hpp"

namespace shufflelab {

// One of the lab's two sweeps (every seed's call count; the reachable pat hands).
struct PokerSweepRun {
  JobSlot<std::vector<double>> job;  // setup key: the job's parameters
  bool full = false;                 // all 2^32 seeds, or the 2^24 sample
  double started = 0.0;              // session clock at the start
  double seconds = 0.0;              // start to done, once done
  std::vector<double> last;          // the last finished run's result
  bool last_full = false;
};

struct PokerView {
  PokerDealView deal;
  bool playing = false;
  bool log_scale = true;
  const PokerSweepRun* sweep = nullptr;  // never null
  const PokerSweepRun* hands = nullptr;  // never null
  std::optional<SweepStats> swept;       // the last finished sweep, decoded
  double clock = 0.0;                    // session seconds (a running job's elapsed time)
};

class PokerSession final : public LabSession {
 public:
  // `state` is the lab's part of the whole link state; it outlives the session.
  PokerSession(PokerLabState& state, JobRunner& jobs) : state_(state), jobs_(jobs) {}

  // The job the link's run= names (once, when a link or a lesson step opens).
  void forget_results() override;
  void start_linked_run() override;
  Result<bool> apply(const LabCommand& command) override;  // true: the state changed
  void tick(double seconds) override;                      // playback, 3 calls a second; polls the sweeps
  void leave() override;                                   // leaving the lab stops its sweeps
  bool busy() const override { return sweep_.job.running() || hands_.job.running(); }
  bool animating() const override { return playing_; }
  std::vector<TextLine> text() override;
  std::string describe_json() override;  // without the lanes (the screen's)
  std::vector<CsvExport> csv_exports() override;

  const PokerLabState& state() const { return state_; }
  const PokerView& view();

 private:
  void start(PokerSweepRun& run, const char* kind, bool full);
  void poll(PokerSweepRun& run);
  void note_run();
  void set_step(std::int64_t step);

  PokerLabState& state_;
  JobRunner& jobs_;
  PokerView view_;
  PokerSweepRun sweep_, hands_;
  LinkedRun linked_run_;
  std::string started_run_;  // run= of a job just started
  bool playing_ = false;
  bool log_scale_ = true;
  double play_accumulator_ = 0.0;
  double clock_ = 0.0;
};

}  // namespace shufflelab
