// ui_poker.hpp: the One Chip Video Poker lab panel (seed 004). It shows
// core/poker/poker_lab (one deal, call by call: the LCRNG state, its top 6 bits,
// the verdict, the ten cards) and runs core/poker/poker_sweep's jobs (every seed's
// call count; the reachable pat hands) in the worker, then sets the article's
// claims against the counts. Drawing and job bookkeeping only.
#pragma once
#include <optional>
#include <string>
#include <string_view>

#include "core/lab_text.hpp"
#include "core/poker/poker_lab.hpp"
#include "core/poker/poker_sweep.hpp"
#include "ui/kit/job_row.hpp"
#include "ui/panel_context.hpp"
#include "ui/ui_lanes.hpp"

namespace shufflelab::ui {

class PokerPanel {
 public:
  // Starts the job the link's run= names (once, when a link is opened).
  void start_run(PokerLabState& state, PanelContext& ctx);
  bool draw(PokerLabState& state, PanelContext& ctx);
  // Test hook / keys: step, back, first, last, play, pause, t=N, seed=HEX,
  // next_deal, sweep_full, sweep_sample, cancel_sweep, open_worst,
  // count_hands, cancel_hands, log_scale=0|1.
  bool command(std::string_view name, PokerLabState& state, PanelContext& ctx);
  std::string describe_json(const PokerLabState& state, PanelContext& ctx);
  // For the text mirror: the last finished sweep and pat-hand count.
  void text_inputs(LabTextInputs& in) const;
  // Leaving the lab stops its sweeps: they would keep every worker busy out of sight.
  void leave(JobRunner& jobs);
  // The last finished sweep's histogram as CSV.
  std::vector<CsvExport> csv_exports();

 private:
  // A sweep over seeds in the worker. Its result depends on no lab field, so
  // the last finished run stays on screen while another one runs.
  struct SweepRun {
    JobSlot<std::vector<double>> job;  // setup key: the job's parameters
    bool full = false;                 // all 2^32 seeds, or the 2^24 sample
    double started = 0.0;              // ImGui time
    double seconds = 0.0;              // start to done, once done
    std::vector<double> last;          // the last finished run's result
    bool last_full = false;
  };

  const PokerDealView& view(const PokerLabState& state);
  void sync_seed_text(const PokerLabState& state);
  void poll(SweepRun& run, JobRunner& jobs);
  void start(SweepRun& run, const char* kind, bool full, JobRunner& jobs);
  void set_step(PokerLabState& state, std::int64_t step);
  void note_run(PokerLabState& state);

  bool draw_controls(PokerLabState& state);
  bool draw_timeline(PokerLabState& state);
  void draw_call(const PokerDealView& v);
  void draw_hand(const PokerDealView& v);
  bool draw_sweep(PokerLabState& state, JobRunner& jobs);
  void draw_histogram(const SweepStats& stats);
  void draw_claims(JobRunner& jobs);
  bool draw_job_progress(SweepRun& run, JobRunner& jobs, const char* what, bool with_eta);

  std::optional<PokerDealView> view_;
  char seed_text_[12] = "";
  std::string seed_error_;
  std::optional<std::uint32_t> shown_seed_;

  SweepRun sweep_, hands_;
  std::optional<SweepStats> swept_;  // sweep_.last, decoded
  LinkedRun linked_run_;
  std::string started_run_;  // the run= value of a job started where the state is read-only
  bool log_scale_ = true;
  bool playing_ = false;
  double play_accumulator_ = 0.0;
  LanesView lanes_;  // assembly lanes of the call shown
};

}  // namespace shufflelab::ui
