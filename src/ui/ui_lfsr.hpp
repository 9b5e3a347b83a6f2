// ui_lfsr.hpp: the LFSR and generator lab panel (shows core/lfsr/lfsr_lab,
// lfsr_timeline, lfsr_analysis, lfsr_dice, lfsr_lattice). It edits an
// LfsrLabState and draws: the stepper, the bit plane, the LCG lattice, the
// period analysis and the articles' claims. Every number comes from the core
// (the panel's view models: core/lfsr/lfsr_lab_view.hpp); each cache and the
// stepping check keep the setup key (lfsr_setup_key) they were built for, so a
// frame only recomputes what its state changed.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "core/lab_text.hpp"
#include "core/lfsr/lfsr_analysis.hpp"
#include "core/lfsr/lfsr_dice.hpp"
#include "core/lfsr/lfsr_lab.hpp"
#include "core/lfsr/lfsr_lab_view.hpp"
#include "core/lfsr/lfsr_lattice.hpp"
#include "core/lfsr/lfsr_timeline.hpp"
#include "imgui.h"
#include "ui/kit/job_row.hpp"
#include "ui/kit/tabs.hpp"
#include "ui/panel_context.hpp"
#include "ui/ui_lanes.hpp"

namespace shufflelab::ui {

class LfsrPanel {
 public:
  // Starts the job the link's run= names (once, when a link is opened).
  void start_run(LfsrLabState& state, PanelContext& ctx);
  // Draws the panel; may change `state` (steps, edits). Returns true if it did.
  bool draw(LfsrLabState& state, PanelContext& ctx);
  // Test hook / keys: step_bit, step_byte, back_bit, reset, play, pause,
  // check_period, cancel_check, gen=NAME, scrub=T, tab=NAME, bitplane=bytes|words,
  // weak_seed=K, claim=tarot|z80, edge_on, speed=N|full.
  bool command(std::string_view name, LfsrLabState& state, PanelContext& ctx);
  std::string describe_json(const LfsrLabState& state, PanelContext& ctx);
  // For the text mirror: the analysis and the stepping check of `state`'s setup.
  void text_inputs(const LfsrLabState& state, LabTextInputs& in) const;

 private:
  void refresh(const LfsrLabState& state);  // caches that depend on the configuration
  void refresh_analysis(const LfsrLabState& state);
  void refresh_view(const LfsrLabState& state);
  void refresh_bit_plane(const LfsrLabState& state);
  void refresh_lattice(const LfsrLabState& state);
  void start_step_check(const LfsrLabState& state, JobRunner& jobs);
  void poll_step_check(JobRunner& jobs);
  void step(LfsrLabState& state, long long delta);
  void step_byte(LfsrLabState& state, int direction);
  void set_config(LfsrLabState& state, const LfsrLabState& next);
  void play(LfsrLabState& state);
  void point_edge_on();

  bool draw_generator_controls(LfsrLabState& state);
  bool draw_generator_combo(LfsrLabState& state);
  bool draw_register_fields(const LfsrLabState& state, LfsrLabState& next);
  bool draw_seed_fields(const LfsrLabState& state, LfsrLabState& next);
  bool draw_transport(LfsrLabState& state);
  void handle_transport_keys(LfsrLabState& state);
  void draw_timeline(LfsrLabState& state);
  void draw_weak_warning();
  bool draw_tab(const std::string& tab, LfsrLabState& state, PanelContext& ctx);
  void draw_register_stepper(const LfsrLabState& state);
  void draw_register_cells(const RegisterStepperView& rv);
  void draw_register_caption(const RegisterStepperView& rv);
  void draw_call_table(const RegisterStepperView& rv);
  void draw_output_byte_bits(const RegisterStepperView& rv);
  void draw_dice(const LfsrLabState& state);
  void draw_z80_stepper(const LfsrLabState& state);
  void draw_z80_terms();
  void draw_outputs_stepper(const LfsrLabState& state);
  void draw_bit_plane(LfsrLabState& state, PanelContext& ctx);
  void draw_bit_plane_presets(LfsrLabState& state);
  void draw_stream_download(const LfsrLabState& state, PanelContext& ctx);
  bool download_stream(const LfsrLabState& state, PanelContext& ctx, std::uint64_t bytes);
  void draw_lattice(const LfsrLabState& state);
  void draw_period(LfsrLabState& state, JobRunner& jobs);
  void draw_period_summary();
  void draw_polynomials();
  void draw_weak_seed_buttons(LfsrLabState& state);
  void draw_maximal_masks(LfsrLabState& state);
  void draw_step_check(const LfsrLabState& state, JobRunner& jobs);
  void draw_claims(LfsrLabState& state);
  const ArticleClaims* claims();

  // Test hook parts, each a ",\"field\":..." run of the object.
  std::string stepper_json(const LfsrLabState& state) const;
  std::string period_json(const LfsrLabState& state) const;
  std::string bit_plane_json(const LfsrLabState& state) const;
  std::string lattice_json() const;
  std::string claims_json();
  std::string step_job_json() const;

  // Text fields mirror the configuration; refilled when it changes elsewhere.
  void sync_buffers(const LfsrLabState& state);
  char seed_text_[24] = "", mask_text_[8] = "", taps_text_[24] = "", stream_text_[24] = "";
  int width_value_ = 32;
  std::string seed_error_, mask_error_, taps_error_, stream_error_;
  std::string shown_key_;  // setup the text fields were filled from

  // Caches, each stored with the setup key (core/lfsr/lfsr_lab_view.hpp) it was built for.
  std::optional<LabTimeline> timeline_;
  std::string timeline_error_;
  int stream_size_index_ = 1;
  std::string stream_download_error_;
  std::string last_stream_command_;  // of the last download (test hook)
  std::optional<LabAnalysis> analysis_;
  std::optional<PeriodView> period_view_;
  std::string analysis_error_;
  std::string analysed_key_;
  std::vector<std::uint8_t> maximal_masks_;
  int maximal_masks_width_ = 0;
  std::optional<ArticleClaims> claims_;
  std::string claims_error_;

  std::string viewed_key_;  // with t
  LfsrView lfsr_view_;
  RegisterStepperView register_view_;
  Z80View z80_view_;
  OutputsView outputs_view_;
  TarotDiceView dice_view_;

  std::string plane_key_;  // with t; empty: not built
  BitPlaneSource plane_source_ = BitPlaneSource::bytes;
  BitPlaneSource plane_built_source_ = BitPlaneSource::bytes;
  std::vector<std::uint8_t> plane_bits_;
  long long plane_generations_ = 0;
  ImTextureID plane_texture_ = nullptr;
  bool plane_uploaded_ = false;

  std::string lattice_key_;  // with t
  std::optional<LcgLattice> lattice_;
  float yaw_ = 0.6f, pitch_ = 0.35f;

  // Stepping check: its result is the period counted (0: the seed never came back).
  JobSlot<std::uint64_t> step_check_;

  // Assembly lanes, with a timeline of their own (jumping it must not move the playing one).
  LabLanes make_lanes(const LfsrLabState& state);
  LanesView lanes_;
  std::optional<LabTimeline> lanes_timeline_;

  LinkedRun linked_run_;  // run=period in the link
  bool run_started_ = false;  // a check started where the state is read-only
  LinkedTabs tabs_;
  bool playing_ = false;
  float speed_ = 8.0f;  // steps per second; the slider's top = full speed
  double step_accumulator_ = 0.0;
};

}  // namespace shufflelab::ui
