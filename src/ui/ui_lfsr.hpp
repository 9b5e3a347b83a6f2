// ui_lfsr.hpp: the LFSR lab panel (shows core/lfsr + core/lfsr_lab). It edits
// an LfsrLabState and draws the register; every number comes from the core.
#pragma once
#include <string>

#include "core/url_state.hpp"

namespace shufflelab::ui {

class LfsrPanel {
 public:
  // Draws the panel; may change `state` (steps, edits). Returns true if it did.
  bool draw(LfsrLabState& state);

  // Commands shared by buttons, keys and the test hook.
  static void step_bits(LfsrLabState& state, long long delta);
  bool playing() const { return playing_; }
  void set_playing(bool on) { playing_ = on; }

 private:
  void sync_buffers(const LfsrLabState& state);
  bool draw_controls(LfsrLabState& state);
  void draw_register(const LfsrLabState& state);

  char seed_text_[20] = "";
  char mask_text_[4] = "";
  std::string seed_error_, mask_error_;
  LfsrLabState shown_{};  // last state mirrored into the text fields
  bool buffers_valid_ = false;
  bool playing_ = false;
  float steps_per_second_ = 8.0f;
  double step_accumulator_ = 0.0;
};

}  // namespace shufflelab::ui
