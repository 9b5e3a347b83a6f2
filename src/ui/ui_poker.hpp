// ui_poker.hpp: the One Chip Video Poker lab panel (seed 004). It shows
// core/poker/poker_lab (one deal, call by call: the LCRNG state, its top 6 bits,
// the verdict, the ten cards) and runs core/poker/poker_sweep's jobs (every seed's
// call count; the reachable pat hands) in the worker, then sets the article's
// claims against the counts. It draws core/poker/poker_session's view and
// sends it commands; it keeps only the screen's: the seed field's text and
// the assembly lanes.
#pragma once
#include <optional>
#include <string>
#include <string_view>

#include "core/poker/poker_session.hpp"
#include "ui/kit/job_row.hpp"
#include "ui/panel_context.hpp"
#include "ui/ui_lanes.hpp"

namespace shufflelab::ui {

class PokerPanel {
 public:
  explicit PokerPanel(JobRunner& jobs) : lanes_(jobs) {}  // the lanes run as jobs
  // Draws the session's view; every change goes to the session as a command.
  void draw(PokerSession& session);
  // The lane_* commands (the assembly lanes are the screen's; every other command is the session's).
  bool lane_command(std::string_view name, PokerSession& session);
  std::string describe_json(PokerSession& session);

 private:
  void sync_seed_text(const PokerLabState& state);
  void draw_controls(PokerSession& s);
  void transport_keys(PokerSession& s);  // arrows and Space: also with the controls folded
  void draw_timeline(PokerSession& s);
  void draw_call(const PokerDealView& v);
  void draw_hand(const PokerDealView& v);
  void draw_sweep(PokerSession& s);
  void draw_histogram(const SweepStats& stats, bool log_scale);
  void draw_claims(PokerSession& s);
  void draw_lanes(PokerSession& s);
  bool draw_job_progress(PokerSession& s, const PokerSweepRun& run, const char* cancel, const char* what,
                         bool with_eta);

  char seed_text_[12] = "";
  std::string seed_error_;
  std::optional<std::uint32_t> shown_seed_;
  LanesView lanes_;  // assembly lanes of the call shown
};

}  // namespace shufflelab::ui
