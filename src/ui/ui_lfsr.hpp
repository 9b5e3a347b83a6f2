// ui_lfsr.hpp: the LFSR and generator lab panel. It draws
// core/lfsr/lfsr_session's views (the stepper, the bit plane, the LCG
// lattice, the period analysis and the articles' claims) and sends the
// session commands; every number comes from the core. It keeps only the
// screen's: the fields' text, the bit plane's texture, the lattice's camera
// (yaw, pitch), the tab bar and the assembly lanes' view.
// The Stepper and Period tabs are drawn in ui_lfsr_tabs.cpp.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/lfsr/lfsr_session.hpp"
#include "imgui.h"
#include "ui/kit/tabs.hpp"
#include "ui/panel_context.hpp"
#include "ui/ui_lanes.hpp"

namespace shufflelab::ui {

class LfsrPanel {
 public:
  explicit LfsrPanel(JobRunner& jobs) : lanes_(jobs) {}  // the lanes run as jobs
  void draw(LfsrSession& session, PanelContext& ctx);
  // Test hook: the screen's commands (lane_*, edge_on: the camera,
  // download_stream=N: the session's bytes, downloaded here); `takes` says which.
  static bool takes(std::string_view name);
  bool command(std::string_view name, LfsrSession& session, PanelContext& ctx);
  std::string describe_json(LfsrSession& session);

 private:
  static Result<bool> send(LfsrSession& s, std::string_view command);
  // From inside the tabs: sent once they are drawn, so they draw one consistent view.
  void later(std::string command) { pending_ = std::move(command); }
  void sync_buffers(const LfsrLabState& state);
  // A field's new value (`error`: where its refusal shows).
  void edit(LfsrSession& s, const char* field, const std::string& value, std::string* error = nullptr);
  void draw_generator_controls(LfsrSession& s);
  bool draw_generator_combo(LfsrSession& s);  // true: the generator changed
  void draw_register_fields(LfsrSession& s, const LfsrLabState& state);
  void draw_seed_fields(LfsrSession& s, const LfsrLabState& state);
  void draw_transport(LfsrSession& s);
  void transport_keys(LfsrSession& s);  // Space, arrows, Home: also with the transport folded
  void draw_timeline(LfsrSession& s);
  void draw_weak_warning(const LfsrSessionView& v);
  void draw_tab(const std::string& tab, LfsrSession& s, PanelContext& ctx);
  void draw_bit_plane(LfsrSession& s, PanelContext& ctx);
  void draw_stream_download(LfsrSession& s, PanelContext& ctx);
  bool download_stream(LfsrSession& s, PanelContext& ctx, const std::string& command);
  void draw_lattice(LfsrSession& s);
  void point_edge_on(const LcgLattice& lattice);
  void draw_claims(LfsrSession& s);
  void draw_lanes(LfsrSession& s);

  // ui_lfsr_tabs.cpp: the Stepper tab.
  void draw_stepper(LfsrSession& s);
  void draw_register_stepper(const LfsrStepperView& v, std::uint64_t t);
  void draw_register_cells(const LfsrStepperView& v);
  void draw_register_caption(const LfsrStepperView& v);
  void draw_call_table(const RegisterStepperView& rv);
  void draw_output_byte_bits(const RegisterStepperView& rv);
  void draw_dice(const TarotDiceView& d, std::uint64_t t);
  void draw_z80_stepper(const Z80View& v);
  void draw_z80_terms(const Z80View& v);
  void draw_outputs_stepper(const OutputsView& v, LabGen gen);
  // ui_lfsr_tabs.cpp: the Period tab.
  void draw_period(LfsrSession& s);
  void draw_period_summary(const PeriodView& p);
  void draw_polynomials(const LabAnalysis& a, const PeriodView& p);
  void draw_weak_seed_buttons(const PeriodView& p);
  void draw_maximal_masks(const std::vector<std::uint8_t>& masks, int width);
  void draw_step_check(const LfsrSessionView& v);

  // Text fields mirror the setup; refilled when it changes elsewhere.
  char seed_text_[24] = "", mask_text_[8] = "", taps_text_[24] = "", stream_text_[24] = "";
  int width_value_ = 32;
  std::string seed_error_, mask_error_, taps_error_, stream_error_;
  std::string shown_key_;  // setup the text fields were filled from
  int stream_size_index_ = 1;

  long long uploaded_generation_ = -1;  // the bit plane's build in the texture
  ImTextureID plane_texture_ = nullptr;
  float yaw_ = 0.6f, pitch_ = 0.35f;
  LinkedTabs tabs_;
  std::string pending_;
  LanesView lanes_;
};

}  // namespace shufflelab::ui
