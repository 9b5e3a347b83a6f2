// ui_dice.hpp: the dice lab panel (shows core/dice_law, core/dice_sample,
// core/dice_z80 on top of core/range, core/fdr and core/dice_expr). Three
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
#include "core/dice/dice_z80.hpp"
#include "ui/panel_context.hpp"
#include "ui/ui_lanes.hpp"

namespace shufflelab::ui {

class DicePanel {
 public:
  bool draw(DiceLabState& state, PanelContext& ctx);
  bool command(std::string_view name, DiceLabState& state, PanelContext& ctx);
  std::string describe_json(const DiceLabState& state, PanelContext& ctx);
  // The open view's law (and sample, if one matches the state) as CSV.
  std::vector<CsvExport> csv_exports(const DiceLabState& state);

 private:
  // Laws of every method for one (sides, bits); entries fill in lazily.
  struct LawTable {
    std::uint64_t sides = 0;
    unsigned bits = 0;
    std::vector<std::optional<Result<DieLaw>>> laws;  // dice_methods() order
  };
  // A sampling job and what it was started for.
  struct SampleRun {
    int job = 0;
    DiceLabState spec;  // the state fields the job used
    JobStatus status;
    bool decoded = false;
    std::optional<DiceSampleResult> die;
    std::optional<DiceExprSampleResult> expr;
    std::string error;
  };

  void sync_buffers(const DiceLabState& state);
  static LawTable& laws_for(LawTable& table, std::uint64_t sides, unsigned bits);
  const Result<DieLaw>& law(LawTable& table, std::size_t method_index);
  void fill_one_law(LawTable& table);
  void poll(SampleRun& run, JobRunner& jobs);

  bool draw_die_view(DiceLabState& state, JobRunner& jobs);
  bool draw_roll_stepper(DiceLabState& state);  // one roll and its assembly lanes
  bool draw_die_controls(DiceLabState& state);
  bool draw_source_controls(DiceLabState& state, bool show_method);
  void draw_die_chart(const DiceLabState& state, const DieLaw& law);
  void draw_die_stats(const DieLaw& law);
  bool draw_comparison(DiceLabState& state);
  void draw_die_sampling(const DiceLabState& state, const DieLaw* law, JobRunner& jobs);
  void draw_job_progress(SampleRun& run, JobRunner& jobs);
  CsvExport methods_csv(const char* id, LawTable& laws, std::uint64_t sides, unsigned bits, bool with_printed);

  bool draw_expr_view(DiceLabState& state, JobRunner& jobs);
  bool apply_expression_text(DiceLabState& state);
  void refresh_expression_law(const DiceLabState& state, JobRunner& jobs);

  bool draw_z80_view(DiceLabState& state, JobRunner& jobs);
  void draw_article_checks();

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
  std::string requested_view_;  // a tab the state asks for, until the tab bar shows it
  std::string drawn_view_;      // the tab drawn last frame

  LawTable die_laws_;
  LawTable z80_laws_;
  bool deviation_view_ = false;

  SampleRun die_sample_;
  SampleRun expr_sample_;
  SampleRun z80_sample_;

  // Exact law of the current expression: computed here when quick, else by a job.
  std::string law_expr_;  // the expression the fields below describe
  std::optional<DiceDistribution> expr_law_;
  std::optional<DistributionView> expr_view_;
  std::string expr_law_error_;
  int expr_law_job_ = 0;

  std::optional<std::vector<ArticleCheck>> checks_;
  std::string first_rolls_seed_;
  std::vector<std::string> first_rolls_;  // per method, then the printed rollDie

  LanesView lanes_;
};

}  // namespace shufflelab::ui
