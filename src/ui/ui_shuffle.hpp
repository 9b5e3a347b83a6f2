// ui_shuffle.hpp: the shuffle lab panel. Four tabs over one setup (a shuffle
// fed by a generator and a range method): the animation (cards, swap arcs,
// the pivot, the PDEP bitset), the bias matrix (sampled in a worker, or exact),
// reachable decks, and predicting shuffle.c's deck from five cards. Every
// number comes from the core (shuffle_lab, shuffle_bias, bias_view,
// shuffle_predict).
#pragma once
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/lab_text.hpp"
#include "core/shuffle/bias.hpp"
#include "core/shuffle/bias_view.hpp"
#include "core/shuffle/riffle_view.hpp"
#include "core/shuffle/shuffle_bias.hpp"
#include "core/shuffle/shuffle_lab.hpp"
#include "ui/kit/job_row.hpp"
#include "ui/kit/tabs.hpp"
#include "ui/panel_context.hpp"
#include "ui/ui_lanes.hpp"

namespace shufflelab::ui {

class ShufflePanel {
 public:
  bool draw(ShuffleLabState& state, PanelContext& ctx);
  // Starts the job the link's run= names (once, when a link is opened).
  void start_run(ShuffleLabState& state, PanelContext& ctx);
  bool command(std::string_view name, ShuffleLabState& state, PanelContext& ctx);
  std::string describe_json(const ShuffleLabState& state, PanelContext& ctx);
  // For the text mirror: the bias matrix and the seed search, when they are for `state`'s setup.
  void text_inputs(const ShuffleLabState& state, LabTextInputs& in);
  // The bias matrix shown (sampled, enumerated or exact law) as CSV.
  std::vector<CsvExport> csv_exports(const ShuffleLabState& state);

 private:
  enum class BiasKind { none, sampled, exact, law };
  struct BiasResult {
    std::optional<BiasMatrix> matrix;  // sampled, exact
    std::optional<LawBias> law;        // law
  };
  // What the bias result was computed for: the "setup has changed" notice,
  // the card names in its tooltip and the CSV file name.
  struct BiasOrigin {
    std::string algo, label;
    std::uint32_t n = 0;
    CardFaces faces = CardFaces::numbers;
  };
  struct PredictResult {
    std::vector<std::uint32_t> found;  // matching seeds
    std::uint64_t tried = 0;
  };
  // Where the matrix sits on screen, for the hover.
  struct MatrixHover {
    bool inside = false;
    std::uint32_t position = 0, card = 0;
  };

  // Caches: the recording changes with the setup, the frame with t as well.
  const LabRecording* recording(const ShuffleLabState& state);
  const ShuffleFrame* frame(const ShuffleLabState& state);

  bool draw_setup(ShuffleLabState& state);
  bool draw_shuffle_row(const ShuffleLabState& state, ShuffleLabState& edit);
  bool draw_source_row(const ShuffleLabState& state, ShuffleLabState& edit);
  bool draw_seed_field(const ShuffleLabState& state, ShuffleLabState& edit);
  bool draw_presets(ShuffleLabState& state, PanelContext& ctx, bool bias_presets);
  bool draw_animate(ShuffleLabState& state);
  bool draw_transport(ShuffleLabState& state, std::uint32_t total);
  void draw_deck(const ShuffleFrame& f, CardFaces faces, std::uint32_t n);
  void draw_inputs(const ShuffleFrame& f, const ShuffleLabState& state);
  void draw_pdep(const PdepStep& step, std::uint32_t n);
  bool draw_bias(ShuffleLabState& state, PanelContext& ctx);
  bool draw_bias_buttons(ShuffleLabState& state, PanelContext& ctx);
  void draw_matrix();
  void draw_bias_summary(const BiasMatrixView& view);
  MatrixHover draw_matrix_grid(const BiasMatrixView& view);
  void draw_cell_tooltip(const BiasMatrixView& view, std::uint32_t position, std::uint32_t card);
  const BiasMatrixView& matrix_view();
  void draw_reach(const ShuffleLabState& state);
  bool draw_predict(ShuffleLabState& state, PanelContext& ctx);
  bool draw_predict_times(ShuffleLabState& state);
  void draw_predict_result(const std::vector<std::uint32_t>& deck);

  void start_bias(ShuffleLabState& state, BiasKind kind, JobRunner& jobs);
  void poll_jobs(JobRunner& jobs);
  void start_predict(ShuffleLabState& state, JobRunner& jobs);
  // run= in the link: what a result depends on, and dropping run= once that changed.
  static std::string run_key(const ShuffleLabState& state, std::string_view run);
  void drop_stale_run(ShuffleLabState& state);
  void step_to(ShuffleLabState& state, long long t);
  bool apply_preset(ShuffleLabState& state, std::string_view name, JobRunner& jobs);

  std::string describe_frame_json(const ShuffleLabState& state);
  std::string describe_bias_json(const ShuffleLabState& state) const;
  std::string describe_predict_json(const ShuffleLabState& state) const;

  std::string recorded_key_;
  std::optional<LabRecording> recording_;
  std::string recording_error_;
  std::string frame_key_;
  ShuffleFrame frame_;
  LanesView lanes_;  // assembly lanes of the animated step
  LabLanes make_lanes(const ShuffleLabState& state);

  // Text fields mirror the state; edits that fail keep the last valid state.
  char seed_text_[24] = "";
  std::uint64_t seed_shown_ = ~std::uint64_t{0};
  std::string shown_gen_;
  std::string edit_error_;

  bool playing_ = false;
  float steps_per_second_ = 4.0f;
  double step_accumulator_ = 0.0;
  std::uint64_t animated_t_ = 0;  // the step whose transition is being animated
  float animation_ = 1.0f;        // 0..1 progress of that transition

  std::array<float, 4> timeline_rect_{};  // where the timeline was drawn (test hook)
  LinkedTabs tabs_;

  JobSlot<BiasResult> bias_;  // setup key: shuffle_setup_key
  BiasKind bias_kind_ = BiasKind::none;
  BiasOrigin bias_origin_;
  int colour_scale_ = 0;  // BiasColourScale: 0 auto, then fixed limits
  std::optional<BiasMatrixView> matrix_view_;  // of bias_'s result at colour_scale_
  int matrix_view_job_ = 0, matrix_view_scale_ = -1;
  JobSlot<PredictResult> predict_;  // setup key: predict_setup_key
  LinkedRun linked_run_;

  // Human shuffles tab and the real engine (additive: see the [SECTION]s of the same names).
  bool draw_human_params(const ShuffleLabState& state, ShuffleLabState& edit);
  bool draw_human(ShuffleLabState& state, PanelContext& ctx);
  void draw_riffle_plot(const RiffleView& view);
  void draw_engine(const ShuffleLabState& state, PanelContext& ctx);
  void poll_human_jobs(JobRunner& jobs);
  std::optional<EngineView> engine_comparison() const;
  JobSlot<RiffleView> riffle_;          // setup key: the deck size
  std::string mixing_key_;
  MixingView mixing_;
  JobSlot<BiasMatrix> engine_sample_;   // the browser's sort; setup key: n
  std::array<JobSlot<BiasMatrix>, kComparatorSortCount> engine_models_;  // exact law of each comparator sort; setup key: n
};

}  // namespace shufflelab::ui
