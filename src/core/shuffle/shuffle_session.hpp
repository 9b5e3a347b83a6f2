// shuffle_session.hpp: the shuffle lab as one session. Every change to the
// lab goes through apply() (buttons, keys, lesson steps, links, the test hook
// and the CLI send the same commands), tick() plays the animation and polls
// the jobs, and view() is what the panel draws; text(), describe_json() and
// csv_exports() are written from the same caches and results.
//
// Commands (an edit the setup refuses keeps the last valid state and names why):
//   step, back, first, last   the animation's step (each stops playback)
//   t=N                       scrub to step N (playback goes on from there)
//   play, pause, toggle_play  playback (play at the last step starts from step 0)
//   speed=X                   steps a second while playing (0 to 10000)
//   tab=NAME                  animate, bias, reach, predict, human, code
//   algo=, n=, take=, keys=, gen=, seed=, method=, bits=, warmup=, faces=,
//   rounds=, cut=             the setup's fields; gen= also moves the seed
//                             into the generator's range and sets its native
//                             bits, method=float keeps at most 53 bits;
//                             seed= is decimal, or hex after 0x
//   preset=NAME               tarot, tarot-fixed, lin2003, float, naive,
//                             naive3, sattolo, pdep (on the bias tab it
//                             also starts the preset's matrix)
//   shuffles=M, bias_sample, bias_exact, bias_law, bias_cancel
//   colour_scale=auto|1|10|100  the matrix's colours (percent of 1/n)
//   time=S, guess=S, window=hour|day|week, predict, predict_cancel
//   riffle_cancel, engine_sample (2..8 cards), engine_cancel
//   lanes=0|1                 the assembly lanes open
//   code=SOURCE               Your code: the percent-encoded source (as in links)
//   code_start=NAME           a starting point (user_code_starts.hpp)
//   code_run, code_exact, code_sample, code_cancel   ask the page for a run, or drop it
//   code_result=ID:TEXT       the page's answer (docs/code_protocol.md)
//   On the code tab, step/back/first/last/t/play step through the code's trace.
#pragma once
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/base/csv_export.hpp"
#include "core/base/job_slot.hpp"
#include "core/base/lab_command.hpp"
#include "core/base/lab_session.hpp"
#include "core/base/result.hpp"
#include "core/shuffle/bias_view.hpp"
#include "core/shuffle/riffle_view.hpp"
#include "core/shuffle/shuffle_bias.hpp"
#include "core/shuffle/shuffle_lab.hpp"
#include "core/shuffle/shuffle_predict.hpp"
#include "core/shuffle/user_code_run.hpp"

namespace shufflelab {

enum class ShuffleBiasKind : std::uint8_t { none, sampled, exact, law };

// A count matrix (sampled, exact) or an exact law.
struct ShuffleBiasResult {
  std::optional<BiasMatrix> matrix;
  std::optional<LawBias> law;
};

// What a bias result was computed for: the "setup has changed" notice, the
// card names of its cells and the CSV file's name.
struct ShuffleBiasOrigin {
  std::string algo, label;
  std::uint32_t n = 0;
  CardFaces faces = CardFaces::numbers;
};

struct ShuffleBiasRun {
  JobSlot<ShuffleBiasResult> job;  // setup key: shuffle_setup_key
  ShuffleBiasKind kind = ShuffleBiasKind::none;
  ShuffleBiasOrigin origin;
};

struct ShuffleView {
  // Animate. recording is null when the setup cannot run (recording_error says why).
  const LabRecording* recording = nullptr;
  const std::string* recording_error = nullptr;
  const ShuffleFrame* frame = nullptr;
  bool playing = false;
  float steps_per_second = 4.0f;
  bool animating = false;   // the frame's step is moving in
  float animation = 1.0f;   // 0..1 of that move
  const std::string* setup_error = nullptr;  // the last setup edit refused ("" after a valid one)
  // Bias.
  const ShuffleBiasRun* bias = nullptr;
  bool bias_stale = false;                 // the result is for another setup
  const BiasMatrixView* matrix = nullptr;  // of the result, at colour_scale; null without one
  BiasColourScale colour_scale = BiasColourScale::automatic;
  std::uint64_t exact_lists = 0;  // draw lists "Exact" enumerates (UINT64_MAX: too many)
  // Reachable decks (on that tab).
  std::optional<ReachView> reach;
  // Predict: always shuffle.c with 52 cards.
  SeedWindow window;
  std::vector<std::uint32_t> deck;  // shuffle.c's deck at the true time (on that tab)
  const JobSlot<SeedSearchResult>* predict = nullptr;
  const SeedSearchResult* found = nullptr;  // the finished search for these times
  // Human shuffles (on that tab).
  const JobSlot<RiffleView>* riffle = nullptr;  // setup key: the deck size
  const RiffleView* riffle_table = nullptr;     // for this deck size
  const MixingView* mixing = nullptr;
  const JobSlot<BiasMatrix>* engine_sample = nullptr;  // setup key: the deck size
  std::vector<std::string> engine_errors;              // the models' jobs
  std::optional<EngineView> engine;                    // once the sample and every model are in
  // Your code (on that tab).
  const CodeRun* code = nullptr;
  std::optional<CodeFrame> code_frame;        // the trace's step t
  bool code_from_link = false;                // the source came with a link: the sender's code
  const BiasMatrixView* code_matrix = nullptr;  // the exact matrix, else the sample's; null without one
  bool code_matrix_exact = false;
  bool code_stale = false;                    // the results shown are for another source, n or seed
  std::string code_summary;                   // the matrix's sentence: exact (reachable, uniform) or sampled (p)
};

class ShuffleSession final : public LabSession {
 public:
  // `state` is the lab's part of the whole link state; it outlives the session.
  ShuffleSession(ShuffleLabState& state, JobRunner& jobs) : state_(state), jobs_(jobs) {}
  // The tests a finished "Your code" sample also goes through (the Check lab's, set by the app session).
  void set_code_deck_tests(DeckSampleTests* tests) { code_.set_deck_tests(tests); }
  const DeckSampleReport* code_deck_report() const { return code_.sample_report(); }

  void forget_results() override;
  void start_linked_run() override;
  Result<bool> apply(const LabCommand& command) override;  // true: the state changed
  void tick(double seconds) override;  // polls; the tab shown plays, animates or starts its table
  bool busy() const override;
  bool animating() const override { return playing_; }
  std::vector<TextLine> text() override;
  std::string describe_json() override;  // without the timeline's place and the lanes (the screen's)
  std::vector<CsvExport> csv_exports() override;

  const ShuffleLabState& state() const { return state_; }
  const ShuffleView& view();
  const LabRecording* recording();  // of the setup; null when it cannot run
  // The page's run the Your code tab waits for, as the page view's codeRequest, or "" for none.
  std::string code_request_json();

 private:
  Result<bool> apply_setup(const LabCommand& c);
  Result<bool> refuse_setup(const LabCommand& c, std::string why);
  bool apply_preset(std::string_view name);
  void step_to(long long t);
  void animate(double seconds);
  const ShuffleFrame* frame();
  const BiasMatrixView* matrix_view();
  const MixingView& mixing();
  std::optional<EngineView> engine_comparison() const;
  void start_bias(ShuffleBiasKind kind);
  void start_predict();
  void start_riffle_table();
  void start_engine();
  void poll();
  void drop_stale_run();
  std::string describe_frame_json();
  std::string describe_bias_json();
  std::string describe_predict_json() const;
  std::string describe_human_json() const;
  std::string describe_code_json();
  std::string code_summary() const;
  void code_text(TextLines& out);
  Result<bool> apply_code(const LabCommand& c);
  void follow_code();
  std::uint32_t total_steps();  // of the tab's recording: the shuffle's, or on the code tab the code's
  const BiasMatrixView* code_matrix_view();

  ShuffleLabState& state_;
  JobRunner& jobs_;
  ShuffleView view_;

  std::string recorded_key_;
  std::optional<LabRecording> recording_;
  std::string recording_error_;
  std::string frame_key_;
  ShuffleFrame frame_;
  std::string setup_error_;

  bool playing_ = false;
  float steps_per_second_ = 4.0f;
  double step_accumulator_ = 0.0;
  std::uint64_t animated_t_ = 0;  // the step whose move is animated
  float animation_ = 1.0f;        // 0..1 progress of that move

  ShuffleBiasRun bias_;
  BiasColourScale colour_scale_ = BiasColourScale::automatic;
  std::optional<BiasMatrixView> matrix_view_;  // of bias_'s result at colour_scale_
  int matrix_view_job_ = 0;
  std::optional<BiasColourScale> matrix_view_scale_;
  JobSlot<SeedSearchResult> predict_;  // setup key: predict_setup_key
  LinkedRun linked_run_;

  JobSlot<RiffleView> riffle_;  // setup key: the deck size
  std::string mixing_key_;
  MixingView mixing_;
  JobSlot<BiasMatrix> engine_sample_;  // the browser's sort; setup key: the deck size
  std::array<JobSlot<BiasMatrix>, kComparatorSortCount> engine_models_;  // exact law of each comparator sort

  CodeRun code_;
  bool code_from_link_ = false;
  std::string code_matrix_key_;
  std::optional<BiasMatrixView> code_matrix_view_;
};

}  // namespace shufflelab
