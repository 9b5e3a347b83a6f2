// ui_shuffle.hpp: the shuffle lab panel. Six tabs over one setup (a shuffle
// fed by a generator and a range method): the animation (cards, swap arcs,
// the pivot, the PDEP bitset), the bias matrix (sampled in a worker, or exact),
// reachable decks, predicting shuffle.c's deck from five cards, human
// shuffles, and the reader's own JavaScript shuffle (Your code). It draws core/shuffle/shuffle_session's view (the pictures are
// ui_shuffle_draw's) and sends the session commands; it keeps only the
// screen's: the seed field's text, the tab bar, where the timeline was drawn
// and the assembly lanes.
#pragma once
#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "core/shuffle/shuffle_session.hpp"
#include "ui/kit/tabs.hpp"
#include "ui/panel_context.hpp"
#include "ui/ui_lanes.hpp"

namespace shufflelab::ui {

class ShufflePanel {
 public:
  explicit ShufflePanel(JobRunner& jobs) : lanes_(jobs) {}  // the lanes run as jobs
  // Draws the session's view; every change goes to the session as a command
  // (the Check lab's button asks the app to open a link through ctx).
  void draw(ShuffleSession& session, PanelContext& ctx);
  // The lane_* commands (the assembly lanes are the screen's; every other command is the session's).
  bool lane_command(std::string_view name, ShuffleSession& session);
  std::string describe_json(ShuffleSession& session);

 private:
  void draw_setup(ShuffleSession& s);
  void draw_shuffle_row(ShuffleSession& s);
  void draw_cards_field(ShuffleSession& s);
  void draw_human_params(ShuffleSession& s);
  void draw_source_row(ShuffleSession& s);
  void draw_seed_field(ShuffleSession& s);
  void draw_presets(ShuffleSession& s, bool bias_presets);
  void draw_animate(ShuffleSession& s);
  void draw_transport(ShuffleSession& s, std::uint32_t total);
  void transport_keys(ShuffleSession& s);  // Space and arrows: also with the transport folded
  void draw_bias(ShuffleSession& s, PanelContext& ctx);
  void draw_bias_buttons(ShuffleSession& s, PanelContext& ctx);
  void draw_shuffles_field(ShuffleSession& s, const char* label);  // shuffles= (M)
  void draw_matrix(ShuffleSession& s);
  void draw_reach(ShuffleSession& s);
  void draw_predict(ShuffleSession& s);
  void draw_predict_intro(ShuffleSession& s);
  void draw_colour_scale(ShuffleSession& s);  // the bias matrix's colour scale  // why a clock seed fails, and the times
  void draw_predict_times(ShuffleSession& s);
  void draw_human(ShuffleSession& s);
  void draw_engine(ShuffleSession& s);
  void draw_code(ShuffleSession& s);  // ui_shuffle_code.cpp
  void draw_code_editor(ShuffleSession& s);
  // Sends a setup edit; a valid one shows the new seed in its field.
  void edit(ShuffleSession& s, const std::string& command);
  LabLanes make_lanes(ShuffleSession& s);

  // The seed field mirrors the state unless an edit failed (then the session says why).
  char seed_text_[24] = "";
  std::uint64_t seed_shown_ = ~std::uint64_t{0};
  std::string shown_gen_;

  std::array<float, 4> timeline_rect_{};  // where the timeline was drawn (test hook)
  LinkedTabs tabs_;
  LanesView lanes_;  // assembly lanes of the animated step
  // Your code: the editor's text (sent as code= by Run) and the source it was last filled from.
  std::array<char, kMaxCodeBytes + 1> code_text_{};
  std::string code_shown_;
  std::string code_error_;  // why the session refused the last Run
  // Whether a link's code folds its editor (decided once for that code and screen size), and for the test hook whether
  // the editor is "shown", "folded" or "opened" under its header, and that header's rectangle (backing pixels).
  enum class LinkFold : std::uint8_t { undecided, folded, kept };
  LinkFold link_fold_ = LinkFold::undecided;
  std::string link_fold_code_;
  std::array<float, 2> link_fold_screen_{};
  const char* code_editor_ = "shown";
  std::array<float, 4> code_header_rect_{};
};

}  // namespace shufflelab::ui
