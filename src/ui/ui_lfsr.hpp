// ui_lfsr.hpp: the LFSR lab panel (shows core/lfsr + core/lfsr_lab). It edits
// an LfsrLabState and draws the register; every number comes from the core.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "core/lfsr_lab.hpp"
#include "core/period.hpp"
#include "ui/panel_context.hpp"

namespace shufflelab::ui {

class LfsrPanel {
 public:
  // Draws the panel; may change `state` (steps, edits). Returns true if it did.
  bool draw(LfsrLabState& state, PanelContext& ctx);
  bool command(std::string_view name, LfsrLabState& state, PanelContext& ctx);
  std::string describe_json(const LfsrLabState& state, PanelContext& ctx);

  // Commands shared by buttons, keys and the test hook.
  static void step_bits(LfsrLabState& state, long long delta);
  void start_step_check(const LfsrLabState& state, JobRunner& jobs);

 private:
  void sync_buffers(const LfsrLabState& state);
  bool draw_controls(LfsrLabState& state);
  void draw_register(const LfsrLabState& state);
  void draw_period(const LfsrLabState& state, JobRunner& jobs);

  char seed_text_[20] = "";
  char mask_text_[4] = "";
  std::string seed_error_, mask_error_;
  LfsrLabState shown_{};  // last state mirrored into the text fields
  bool buffers_valid_ = false;
  // GF(2) analysis of the current register, recomputed when width/mask/seed change.
  std::optional<GeneratorAnalysis> analysis_;
  std::string analysis_error_;
  LfsrLabState analysed_{0, 0, 0, 0};
  std::vector<std::uint8_t> maximal_masks_;
  int maximal_masks_width_ = 0;
  // Brute-force check by stepping, in the job runner.
  int step_job_ = 0;
  LfsrLabState step_job_state_{};
  bool playing_ = false;
  float steps_per_second_ = 8.0f;
  double step_accumulator_ = 0.0;
};

}  // namespace shufflelab::ui
