// dice_session.hpp: the dice lab as one session. Every change to the lab
// goes through apply() (controls, lesson steps, links, the test hook and the
// CLI send the same commands), tick() fills the exact laws and polls the
// samples, and view() is everything the panel, the Text view, the hook's
// JSON and the CSV exports show.
//
// Commands:
//   method=NAME    the method (the Method combos, a row of the method table)
//   sides=N        1..1000 (the Sides field, the d4..d1000 buttons)
//   bits=B         8, 16, 31, 32 or 64 (the Source combos)
//   gen=NAME       a generator at its default seed (the Generator combo, "Use the Z80 routine")
//   seed=TEXT      a seed the generator takes (the seed fields; a refused one is the field's error)
//   rolls=N        1..10^8 (the Rolls combos)
//   view=die|expr|z80  the open tab
//   roll=K         the stepper's roll, 0..4095 (the "roll k" field)
//   lanes=0|1      the assembly lanes open
//   deviation=0|1  plot the die's deviation from 1/n (the checkbox)
//   expr=TEXT      typed into the expression field, or an example button: a
//                  text that does not parse stays as typed with its error and
//                  the lab keeps its last valid expression
//   roll           roll the open view's sample (its Roll button; the die view needs an exact law)
//   cancel         cancel the open view's sample (its Cancel button)
//
// Exact laws: every method's law of a (sides, bits) comes from one "die_laws"
// job (core/dice/die_law_wire), and the Z80 tab's article checks from a
// "dice_checks" job, so the app's download holds neither the enumeration,
// the closed forms nor the coin-flip solver; until they are in, the views
// say "Computing the exact laws..." (laws_awaited; natively the job runs
// inline and the laws are in when the call returns). An expression's law is
// computed at once when quick, else by a job.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/base/csv_export.hpp"
#include "core/base/job_slot.hpp"
#include "core/base/lab_command.hpp"
#include "core/base/lab_session.hpp"
#include "core/base/result.hpp"
#include "core/dice/dice_lab.hpp"
#include "core/dice/dice_lanes.hpp"
#include "core/dice/dice_law.hpp"
#include "core/dice/dice_sample.hpp"
#include "core/dice/dice_view.hpp"
#include "core/dice/dice_z80.hpp"

namespace shufflelab {

// Every method's law of one (sides, bits), in dice_methods() order; an
// empty entry is not computed yet (the job is out).
struct DiceLawTable {
  std::uint64_t sides = 0;
  unsigned bits = 0;
  std::vector<std::optional<Result<DieLaw>>> laws;
  JobSlot<std::vector<Result<DieLaw>>> job;  // "die_laws", setup key its parameters
};

// The exact law of the lab's expression.
struct DiceExprLaw {
  std::string expr;  // the expression the rest describes
  std::optional<DiceDistribution> law;
  std::optional<DistributionView> view;
  std::string error;
  JobSlot<DiceDistribution> job;  // a slow law (setup key: the expression)
};

// What the open view shows; pointers stay valid until the next apply() or tick().
struct DiceView {
  bool deviation = false;
  std::string seed_error;  // the last seed refused, until the seed or generator changes

  // view=die
  const Result<DieLaw>* law = nullptr;     // the method's exact law (none while the laws are computed)
  const DiceLawTable* methods = nullptr;   // every method's, filled one per tick
  std::optional<DieSampleView> sample;     // the die sample against the law, when rolled with these settings
  const JobSlot<DiceSampleResult>* die_job = nullptr;
  const DiceLabState* die_rolled = nullptr;  // the settings of the last die sample
  std::optional<Result<DiceRoll>> roll;      // the stepper's roll

  // view=expr
  std::string expr_text;                    // as last typed
  std::string expr_error;                   // why it does not parse
  std::optional<std::size_t> expr_error_position;  // 1-based
  const DiceExprLaw* expr_law = nullptr;
  const DiceExprSampleResult* expr_sample = nullptr;  // for these settings
  ExprChartView chart;
  const JobSlot<DiceExprSampleResult>* expr_job = nullptr;

  // view=z80
  std::string z80_seed;  // the lab's seed on the z80 generator, else its default
  const DiceLawTable* z80_laws = nullptr;  // all eleven d20 laws on bytes
  const std::vector<std::string>* first_rolls = nullptr;  // per method, then the printed rollDie
  std::vector<std::uint32_t> printed;  // the printed rollDie's count per returned value
  const DiceSampleResult* z80_sample = nullptr;  // for this seed and rolls, one count list per method
  const JobSlot<DiceSampleResult>* z80_job = nullptr;
  const std::vector<ArticleCheck>* checks = nullptr;  // none while computed
  std::string checks_error;                           // why there are none, once the job is over
};

// What the panel and the Text view say while the laws or checks they show are computed.
inline constexpr const char* kComputingExactLaws = "Computing the exact laws...";

class DiceSession final : public LabSession {
 public:
  // `state` is the lab's part of the whole link state; it outlives the session.
  DiceSession(DiceLabState& state, JobRunner& jobs) : state_(state), jobs_(jobs) {}

  void forget_results() override;
  void start_linked_run() override;
  Result<bool> apply(const LabCommand& command) override;
  void tick(double seconds) override;  // polls the jobs, asks for the laws and checks
  bool busy() const override;          // also while the laws are awaited (the CLI waits for them)
  std::vector<TextLine> text() override;
  std::string describe_json() override;  // without the lanes (the screen's)
  std::vector<CsvExport> csv_exports() override;

  const DiceLabState& state() const { return state_; }
  const DiceView& view();
  // True until every law and check the hook and the open view show is in (the hook's lawsLoading).
  bool laws_awaited() const;

 private:
  Result<bool> apply_field(const LabCommand& c);
  Result<bool> apply_expression(const std::string& text);
  Result<bool> roll();
  void cancel();
  void poll_jobs();
  void refresh_expression_law();
  void sync_drafts();
  DiceLawTable& laws_of(DiceLawTable& table, std::uint64_t sides, unsigned bits);
  const Result<DieLaw>* law(DiceLawTable& table, std::size_t method_index);  // none while computed
  const Result<DieLaw>* current_law();
  DiceLawTable& die_laws();
  bool die_is_z80_d20() const;
  DiceLawTable& z80_laws();
  const std::vector<std::string>& first_rolls(const std::string& seed);
  const std::vector<ArticleCheck>* checks();  // none while computed
  std::string run_key() const;
  void note_run();
  void started_run();
  std::string z80_seed() const;
  std::string describe_exact_json();
  std::string describe_expression_json();
  std::string describe_z80_json();
  CsvExport methods_csv(DiceLawTable& table, bool with_printed);

  DiceLabState& state_;
  JobRunner& jobs_;
  DiceView view_;
  std::optional<DiceLabState> viewed_;  // the state view_ was built for (none: rebuild)
  bool deviation_ = false;

  DiceLawTable die_laws_, z80_laws_;
  DiceExprLaw expr_law_;
  JobSlot<std::vector<ArticleCheck>> checks_;
  std::string first_rolls_seed_;
  std::vector<std::string> first_rolls_;

  // Samples; their setup keys are die_sample_key / expr_sample_key / z80_sample_key.
  JobSlot<DiceSampleResult> die_sample_;
  DiceLabState die_rolled_;  // what the die sample was rolled with (to say so when stale)
  JobSlot<DiceExprSampleResult> expr_sample_;
  JobSlot<DiceSampleResult> z80_sample_;
  LinkedRun linked_run_;

  // The expression field's text and the seed field's error, with the state they were typed against.
  std::string expr_draft_, expr_draft_error_, draft_of_expr_;
  std::optional<std::size_t> expr_draft_error_position_;
  std::string seed_error_, seed_error_gen_, seed_error_seed_;
  bool drafts_synced_ = false;
};

}  // namespace shufflelab
