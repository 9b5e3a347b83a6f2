// lfsr_session.hpp: the LFSR and generator lab as one session. Every change
// to the lab goes through apply() (buttons, keys, lesson steps, links, the
// test hook and the CLI send the same commands), tick() plays and polls the
// stepping check, and the views are everything the panel, the Text view and
// the hook's JSON show. One timeline per setup serves them all (and the
// assembly lanes); each cache keeps the setup key it was built for.
//
// Commands (the button or key that sends each):
//   step, step_bit       one step forward            [Step ->, Right]
//   back, back_bit       one step back               [<- Back, Left]
//   step_byte, back_byte to the next / previous byte boundary (bit-step
//                        generators), else one output [Step byte, Up / Down]
//   reset                t = 0 and stop playing       [Reset, Home]
//   play, pause, toggle_play                          [Play / Pause, Space]
//   speed=N|full         steps a second (decimals allowed), or as many as
//                        fit in 2 ms a tick            [the speed slider]
//   scrub=T              t (capped at the generator's last step) [the t slider and field]
//   gen=NAME             that generator's defaults     [Generator]
//   width=N, mask=HEX, full_taps=0|1, taps=HEX, preset=NAME, seed=HEX,
//   stream=HEX           one field of the setup (a value it already has
//                        changes nothing)              [the fields]
//   tab=ID               stepper, bitplane, lattice (lcg32), period (linear
//                        generators), claims           [the tabs]
//   bitplane=bytes|words what the bit plane shows      [its radio buttons]
//   try=randu|tarot16|z80  a setup whose bit plane shows structure [Try:]
//   claim=tarot|c5|weak|z80_routine|z80  a claim's setup [the claims' Open buttons]
//   weak_seed=K, maximal_mask=K  the K-th weak seed / maximal mask [Use, a mask]
//   check_period, cancel_check  the check by stepping  [Check by stepping, Cancel]
//   lanes=0|1            the assembly lanes open        [Assembly lanes]
//   download_stream=N    N raw output bytes from t, for the page to download
//                        (take_download)               [Download .bin]
// A new setup (generator, field, preset, claim) starts at t = 0, stops
// playing and keeps the tab when the generator has it.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/job_slot.hpp"
#include "core/base/lab_session.hpp"
#include "core/lfsr/lab_stream.hpp"
#include "core/lfsr/lfsr_analysis.hpp"
#include "core/lfsr/lfsr_dice.hpp"
#include "core/lfsr/lfsr_lab.hpp"
#include "core/lfsr/lfsr_lab_view.hpp"
#include "core/lfsr/lfsr_lanes.hpp"
#include "core/lfsr/lfsr_lattice.hpp"
#include "core/lfsr/lfsr_timeline.hpp"

namespace shufflelab {

constexpr double kLfsrFullSpeed = 1.0e6;  // speed=full: the speed slider's top end

struct LfsrTab {
  const char* id;     // the link's tab= value and the tab= command's
  const char* label;  // what the tab says
};

// The setup, the transport and the period analysis (what every tab needs).
struct LfsrSessionView {
  std::vector<LfsrTab> tabs;  // this generator's
  bool runs = false;          // false: the setup cannot run (timeline_error says why)
  std::string timeline_error;
  bool playing = false;
  double speed = 0.0;         // steps a second; full_speed: as many as fit in the tick's budget
  bool full_speed = false;
  std::uint64_t max_step = 0;
  std::uint64_t range = 0;    // the t slider's top (timeline_range)
  std::string t_note;         // what t counts and how scrubbing works
  const LabAnalysis* analysis = nullptr;  // linear generators (null: analysis_error)
  const PeriodView* period = nullptr;
  std::string analysis_error;
  std::vector<std::uint8_t> maximal_masks;  // tarot32 at this width
  const JobSlot<std::uint64_t>* step_check = nullptr;  // never null
  bool step_check_is_current = false;       // started for this setup
  std::uint64_t step_limit = 0;             // 0: too long to step
  const std::uint64_t* counted = nullptr;   // the check's result for this setup
  bool counted_agrees = false;
  BitPlaneSource plane_source = BitPlaneSource::bytes;
  std::string stream_command;  // of the last download
  std::string stream_error;
};

// The Stepper tab at t (the parts of this generator's kind).
struct LfsrStepperView {
  LfsrView lfsr;               // tarot32, fibonacci
  RegisterStepperView reg;     // tarot32, fibonacci
  TarotDiceView dice;          // tarot32
  Z80View z80;                 // z80
  OutputsView outputs;         // the others
};

struct LfsrBitPlane {
  std::vector<std::uint8_t> bits;  // the next 512 x 512 output bits (bit_plane_bits)
  long long generations = 0;       // counts the builds (the page uploads each once)
};

class LfsrSession final : public LabSession {
 public:
  // `state` is the lab's part of the whole link state; it outlives the session.
  LfsrSession(LfsrLabState& state, JobRunner& jobs) : state_(state), jobs_(jobs) {}

  void forget_results() override;
  void start_linked_run() override;                        // run=period: the check by stepping
  Result<bool> apply(const LabCommand& command) override;  // true: the state changed
  void tick(double seconds) override;                      // plays, polls the check
  bool busy() const override { return step_check_.running() || lattice_awaited(); }
  bool animating() const override { return playing_; }
  std::vector<TextLine> text() override;
  std::string describe_json() override { return describe_json_with("", ""); }
  // The hook's object without its closing brace, with the screen's fields
  // (",\"k\":v" runs) added to the bit plane's and the lattice's objects.
  std::string describe_json_with(std::string_view bit_plane_screen, std::string_view lattice_screen);

  const LfsrLabState& state() const { return state_; }
  const LfsrSessionView& view();
  // Built when asked for (a tab not shown costs nothing while playing).
  const LfsrStepperView& stepper();
  const LfsrBitPlane& bit_plane();
  const LfsrBitPlane& built_bit_plane() const { return plane_; }  // as last built
  // lcg32 only; null while its lines and planes are computed (the first tick
  // or call for a preset starts the "lcg_lattice" job, see core/lfsr/lfsr_lattice.hpp).
  const LcgLattice* lattice();
  // lcg32: the preset's lines and planes are neither in nor failed nor cancelled.
  bool lattice_awaited() const;
  JobSlot<LatticeDuals>& lattice_job() { return lattice_job_; }  // for the progress row, and why it failed
  JobRunner& jobs() { return jobs_; }
  const ArticleClaims* claims();      // null: claims_error()
  const std::string& claims_error() const { return claims_error_; }
  std::vector<ClaimRow> claim_rows();
  LabLanes lanes();                   // at t, from the session's timeline
  // The command that writes `bytes` bytes from t ("" when the setup cannot run).
  std::string stream_command_for(std::uint64_t bytes);
  // The bytes download_stream= computed, once.
  std::optional<LabStream> take_download();

 private:
  void refresh();
  void set_config(const LfsrLabState& next);
  Result<bool> edit_field(const LabCommand& command);
  Result<bool> open_setup(const LabCommand& command);
  void step(long long delta);
  void step_byte(int direction);
  void play(double seconds);
  void start_step_check();
  void poll_step_check();
  void note_run();
  std::string lattice_params() const;  // the "lcg_lattice" job's parameters, also its setup key
  const LatticeDuals* lattice_duals_in();

  LfsrLabState& state_;
  JobRunner& jobs_;
  LfsrSessionView view_;
  std::optional<LabTimeline> timeline_;
  std::string timeline_error_;
  std::string analysed_key_;
  std::optional<LabAnalysis> analysis_;
  std::optional<PeriodView> period_;
  std::string analysis_error_;
  int maximal_masks_width_ = 0;
  std::vector<std::uint8_t> maximal_masks_;
  std::string stepped_key_;  // with t
  LfsrStepperView stepper_;
  std::string plane_key_;    // with t; empty: not built
  BitPlaneSource plane_source_ = BitPlaneSource::bytes;
  BitPlaneSource plane_built_source_ = BitPlaneSource::bytes;
  LfsrBitPlane plane_;
  std::string lattice_key_;  // with t
  std::optional<LcgLattice> lattice_;
  JobSlot<LatticeDuals> lattice_job_;
  std::optional<ArticleClaims> claims_;
  std::string claims_error_;
  JobSlot<std::uint64_t> step_check_;  // its result: the period counted (0: the seed never came back)
  LinkedRun linked_run_;
  std::optional<LabStream> download_;
  std::string stream_command_, stream_error_;
  bool playing_ = false;
  double speed_ = 8.0;
  double step_accumulator_ = 0.0;
};

}  // namespace shufflelab
