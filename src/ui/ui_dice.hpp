// ui_dice.hpp: the dice lab panel (shows core/dice/dice_law, core/dice/dice_sample,
// core/dice/dice_z80 on top of core/dice/range, core/dice/fdr and core/dice/dice_expr; the texts,
// scales and table rows it draws come from core/dice/dice_view). Three
// tabs: one die (exact bias of the chosen method, every method compared,
// sampling), dice expressions, and the Z80 d20 with the articles' claims.
// Exact laws of a (sides, bits) pair are cached and filled in one method per
// frame, so dragging the sides never stalls a frame on all eleven laws.
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/dice/dice_lab.hpp"
#include "core/dice/dice_law.hpp"
#include "core/dice/dice_sample.hpp"
#include "core/dice/dice_view.hpp"
#include "core/dice/dice_z80.hpp"
#include "core/lab_text.hpp"
#include "imgui.h"
#include "ui/kit/job_row.hpp"
#include "ui/kit/tabs.hpp"
#include "ui/panel_context.hpp"
#include "ui/ui_lanes.hpp"

namespace shufflelab::ui {

class DicePanel {
 public:
  // Starts the job the link's run= names (once, when a link is opened).
  void start_run(DiceLabState& state, PanelContext& ctx);
  bool draw(DiceLabState& state, PanelContext& ctx);
  bool command(std::string_view name, DiceLabState& state, PanelContext& ctx);
  std::string describe_json(const DiceLabState& state, PanelContext& ctx);
  // For the text mirror: the die view's sample, when it is for `state`'s setup.
  void text_inputs(const DiceLabState& state, LabTextInputs& in) const;
  // The open view's law (and sample, if one matches the state) as CSV.
  std::vector<CsvExport> csv_exports(const DiceLabState& state);

 private:
  // Laws of every method for one (sides, bits); entries fill in lazily.
  struct LawTable {
    std::uint64_t sides = 0;
    unsigned bits = 0;
    std::vector<std::optional<Result<DieLaw>>> laws;  // dice_methods() order
  };

  void sync_buffers(const DiceLabState& state);
  static LawTable& laws_for(LawTable& table, std::uint64_t sides, unsigned bits);
  const Result<DieLaw>& law(LawTable& table, std::size_t method_index);
  void fill_one_law(LawTable& table);
  void poll_samples(JobRunner& jobs);

  bool draw_die_view(DiceLabState& state, JobRunner& jobs);
  bool draw_roll_stepper(DiceLabState& state);  // one roll and its assembly lanes
  bool draw_die_controls(DiceLabState& state);
  bool draw_source_controls(DiceLabState& state, bool show_method);
  bool draw_sides_and_bits(DiceLabState& state);
  std::optional<DieSampleView> die_sample_for(const DiceLabState& state, const DieLaw& law) const;
  void draw_die_chart(const DieLaw& law, const DieSampleView* sample);
  void draw_die_stats(const DieLaw& law);
  bool draw_comparison(DiceLabState& state);
  bool draw_seed_field(DiceLabState& state, const char* id, ImGuiInputTextFlags flags);
  bool draw_rolls_combo(const char* id, DiceLabState& state);
  void draw_die_sampling(const DiceLabState& state, const DieLaw* law, const DieSampleView* sample, JobRunner& jobs);
  CsvExport methods_csv(const char* id, LawTable& laws, std::uint64_t sides, unsigned bits, bool with_printed);

  bool draw_expr_view(DiceLabState& state, JobRunner& jobs);
  bool draw_expr_field(DiceLabState& state);
  void draw_expr_error_caret(ImVec2 field_min, ImVec2 field_max);
  void draw_expr_chart(const ExprChartView& chart, const DiceExprSampleResult* sample);
  bool draw_expr_sampling(DiceLabState& state, const ExprChartView& chart, const DiceExprSampleResult* sample,
                          JobRunner& jobs);
  bool apply_expression_text(DiceLabState& state);
  void refresh_expression_law(const DiceLabState& state, JobRunner& jobs);

  bool draw_z80_view(DiceLabState& state, JobRunner& jobs);
  bool draw_z80_seed(DiceLabState& state, const std::string& seed);
  void refresh_first_rolls(const std::string& seed);
  void draw_z80_table(const DiceLabState& state, const std::string& seed);
  void draw_printed_row();
  void draw_article_checks();

  std::string describe_exact_json(const DiceLabState& state);
  std::string describe_expression_json(const DiceLabState& state, JobRunner& jobs);
  std::string describe_z80_json(const DiceLabState& state);

  // run=sample in the link: the key of what the view's sample depends on.
  std::string run_key(const DiceLabState& state);
  void note_run(DiceLabState& state);
  void start_die_sample(const DiceLabState& state, JobRunner& jobs);
  void start_expr_sample(const DiceLabState& state, JobRunner& jobs);
  void start_z80_sample(const DiceLabState& state, JobRunner& jobs);
  static std::string z80_seed(const DiceLabState& state);

  // Text fields and what they mirror.
  char seed_text_[32] = "";
  char expr_text_[96] = "";
  std::string seed_error_;
  std::string expr_error_;
  std::optional<std::size_t> expr_error_position_;
  DiceLabState shown_{};
  bool buffers_valid_ = false;
  LinkedTabs tabs_;

  LawTable die_laws_;
  LawTable z80_laws_;
  bool deviation_view_ = false;

  // Samples; the setup keys are die_sample_key / expr_sample_key / z80_sample_key.
  LinkedRun linked_run_;
  bool run_started_ = false;  // a sample started this frame (set where the state is read-only)
  JobSlot<DiceSampleResult> die_sample_;
  DiceLabState die_sample_state_;  // what the die sample was rolled with (to say so when stale)
  JobSlot<DiceExprSampleResult> expr_sample_;
  JobSlot<DiceSampleResult> z80_sample_;

  // Exact law of the current expression: computed here when quick, else by a job.
  std::string law_expr_;  // the expression the fields below describe
  std::optional<DiceDistribution> expr_law_;
  std::optional<DistributionView> expr_view_;
  std::string expr_law_error_;
  JobSlot<DiceDistribution> expr_law_job_;  // a slow law (setup key: the expression)

  std::optional<std::vector<ArticleCheck>> checks_;
  std::string first_rolls_seed_;
  std::vector<std::string> first_rolls_;  // per method, then the printed rollDie

  LanesView lanes_;
};

}  // namespace shufflelab::ui
