#include "core/shuffle/shuffle_session.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <utility>

#include "core/base/cards.hpp"
#include "core/base/parse.hpp"
#include "core/base/text_format.hpp"
#include "core/dice/dice_view.hpp"
#include "core/shuffle/shuffle_csv.hpp"
#include "core/shuffle/user_code_starts.hpp"

namespace shufflelab {

namespace {

std::string fmt(const char* format, double value) {
  char text[64];
  std::snprintf(text, sizeof text, format, value);
  return text;
}

Result<bool> refused(const LabCommand& c, const std::string& why) {
  return Result<bool>::fail(lab_command_text(c) + ": " + why);
}

// speed=X: a plain decimal (the panel writes its slider's float exactly).
Result<float> parse_speed(const LabCommand& c) {
  const char* begin = c.arg.c_str();
  char* end = nullptr;
  const double v = c.arg.empty() ? 0.0 : std::strtod(begin, &end);
  if (c.arg.empty() || end != begin + c.arg.size() || !(v >= 0.0 && v <= 10000.0))
    return Result<float>::fail(lab_command_text(c) + ": expected steps a second, 0 to 10000");
  return Result<float>::ok(static_cast<float>(v));
}

const char* bias_run_name(ShuffleBiasKind kind) {
  return kind == ShuffleBiasKind::exact ? "exact" : kind == ShuffleBiasKind::law ? "law" : "sample";
}

BiasMode bias_mode(ShuffleBiasKind kind) {
  return kind == ShuffleBiasKind::exact ? BiasMode::exact
         : kind == ShuffleBiasKind::law ? BiasMode::law
                                        : BiasMode::empirical;
}

constexpr std::uint64_t kEngineRuns = 200'000;  // sorts by the browser per comparison

// run= in the link: what a result depends on (a sample also on how many shuffles it made).
std::string run_key(const ShuffleLabState& state, std::string_view run) {
  if (run == "predict") return "predict:" + predict_setup_key(state);
  return std::string(run) + ":" + shuffle_setup_key(state) +
         (run == "sample" ? "&shuffles=" + std::to_string(state.shuffles) : "");
}

}  // namespace

// ---- Caches -----------------------------------------------------------------

const LabRecording* ShuffleSession::recording() {
  const std::string key = shuffle_setup_key(state_);
  if (key != recorded_key_) {
    recorded_key_ = key;
    frame_key_.clear();
    recording_.reset();
    recording_error_.clear();
    auto setup = make_shuffle_setup(state_);
    if (!setup) {
      recording_error_ = setup.error();
    } else {
      auto rec = record_lab_shuffle(*setup);
      if (rec) recording_ = std::move(rec.value());
      else recording_error_ = rec.error();
    }
  }
  return recording_ ? &*recording_ : nullptr;
}

const ShuffleFrame* ShuffleSession::frame() {
  const LabRecording* rec = recording();
  if (!rec) return nullptr;
  const std::string key = std::to_string(state_.t) + "|" + state_.faces;
  if (key != frame_key_) {
    frame_ = shuffle_frame(*rec, card_faces(state_), state_.t);
    frame_key_ = key;
  }
  return &frame_;
}

// Rebuilt only when the result or the colour scale changes.
const BiasMatrixView* ShuffleSession::matrix_view() {
  const std::optional<ShuffleBiasResult>& result = bias_.job.result;
  if (!result) return nullptr;
  if (!matrix_view_ || matrix_view_job_ != bias_.job.id || matrix_view_scale_ != colour_scale_) {
    matrix_view_ = result->law ? bias_matrix_view(*result->law, colour_scale_)
                               : bias_matrix_view(*result->matrix, bias_.kind == ShuffleBiasKind::sampled, colour_scale_);
    matrix_view_job_ = bias_.job.id;
    matrix_view_scale_ = colour_scale_;
  }
  return &*matrix_view_;
}

const MixingView& ShuffleSession::mixing() {
  const std::string key = shuffle_setup_key(state_);
  if (mixing_key_ != key) mixing_ = mixing_view(state_, 10), mixing_key_ = key;
  return mixing_;
}

// The engine's sample against every model, once all of them are in.
std::optional<EngineView> ShuffleSession::engine_comparison() const {
  if (!engine_sample_.result) return std::nullopt;
  std::vector<BiasMatrix> laws;
  for (const auto& model : engine_models_) {
    if (!model.result || model.setup_key != engine_sample_.setup_key) return std::nullopt;
    laws.push_back(*model.result);
  }
  return engine_view(laws, *engine_sample_.result);
}

const ShuffleView& ShuffleSession::view() {
  ShuffleView& v = view_;
  v.recording = recording();
  v.recording_error = &recording_error_;
  v.frame = frame();
  v.playing = playing_;
  v.steps_per_second = steps_per_second_;
  v.animating = animation_ < 1.0f && v.frame && animated_t_ == v.frame->step && steps_per_second_ <= 30.0f;
  v.animation = animation_;
  v.setup_error = &setup_error_;
  v.bias = &bias_;
  v.bias_stale = bias_.job.result && !bias_.job.belongs_to(shuffle_setup_key(state_));
  v.matrix = state_.tab == "bias" ? matrix_view() : nullptr;
  v.colour_scale = colour_scale_;
  v.exact_lists = 0;
  if (state_.tab == "bias")
    if (auto setup = make_shuffle_setup(state_)) v.exact_lists = ExactBias::outcomes(setup->spec);
  v.reach.reset();
  if (state_.tab == "reach") v.reach = reach_view(state_);
  v.window = predict_window(state_.guess, window_seconds(state_.window));
  v.deck.clear();
  if (state_.tab == "predict") v.deck = lin2003_deck(static_cast<std::uint32_t>(state_.time), 52);
  v.predict = &predict_;
  v.found = predict_.status.state == JobStatus::State::done ? predict_.current(predict_setup_key(state_)) : nullptr;
  v.riffle = &riffle_;
  const RiffleView* table = riffle_.result ? &*riffle_.result : nullptr;
  v.riffle_table = table && riffle_.setup_key == std::to_string(state_.n) ? table : nullptr;
  v.mixing = state_.tab == "human" ? &mixing() : nullptr;
  v.engine_sample = &engine_sample_;
  v.engine_errors.clear();
  for (const auto& model : engine_models_)
    if (!model.error.empty()) v.engine_errors.push_back(model.error);
  v.engine.reset();
  if (state_.tab == "human" && engine_sample_.setup_key == std::to_string(state_.n)) v.engine = engine_comparison();
  follow_code();
  v.code = &code_;
  v.code_from_link = code_from_link_;
  v.code_frame.reset();
  v.code_matrix = nullptr;
  v.code_summary.clear();
  if (state_.tab == "code") {
    if (const CodeRecording* rec = code_.recording()) v.code_frame = code_frame(*rec, state_.t);
    v.animating = animation_ < 1.0f && v.code_frame && animated_t_ == v.code_frame->step && steps_per_second_ <= 30.0f;
    v.code_matrix = code_matrix_view();
    v.code_matrix_exact = code_.exact() != nullptr;
    v.code_summary = code_summary();
    const CodeSubject& now = code_.subject();
    v.code_stale = (code_.recording() && !(code_.recording_subject() == now)) ||
                   (code_.exact() && !(code_.exact_subject() == now)) ||
                   (!code_.exact() && code_.sample() && !(code_.sample_subject() == now));
  }
  return v;
}

// The exact matrix when there is one, else the sample's (rebuilt when either changes).
const BiasMatrixView* ShuffleSession::code_matrix_view() {
  const CodeExactView* exact = code_.exact();
  const BiasMatrix* matrix = exact ? &exact->matrix : code_.sample();
  if (!matrix || matrix->total == 0) return nullptr;
  const std::string key = std::string(exact ? "exact" : "sample") + std::to_string(reinterpret_cast<std::uintptr_t>(matrix)) +
                          ":" + std::to_string(matrix->total) + ":" + std::to_string(static_cast<int>(colour_scale_));
  if (key != code_matrix_key_ || !code_matrix_view_) {
    code_matrix_view_ = bias_matrix_view(*matrix, !exact, colour_scale_);
    code_matrix_key_ = key;
  }
  return &*code_matrix_view_;
}

// The code tab follows its source, n and seed: a new one asks the page for a run.
void ShuffleSession::follow_code() {
  if (state_.tab == "code") code_.follow({state_.code, state_.n, state_.seed}, state_.shuffles);
}

std::string ShuffleSession::code_request_json() {
  follow_code();
  const std::optional<CodeRequest>& r = code_.request();
  if (!r || state_.tab != "code") return "";
  return "{\"id\":" + std::to_string(r->id) + ",\"source\":" + json_string(r->subject.source) +
         ",\"n\":" + std::to_string(r->subject.n) + ",\"seed\":" + json_string(std::to_string(r->subject.seed)) +
         ",\"mode\":" + json_string(code_mode_name(r->mode)) + ",\"decks\":" + std::to_string(r->decks) + "}";
}

std::uint32_t ShuffleSession::total_steps() {
  if (state_.tab == "code") return code_.recording() ? code_.recording()->total_steps() : 0;
  const LabRecording* rec = recording();
  return rec ? rec->total_steps() : 0;
}

// ---- Jobs -------------------------------------------------------------------

void ShuffleSession::drop_stale_run() {
  const JobStatus& status = state_.run == "predict" ? predict_.status : bias_.job.status;
  linked_run_.drop_if_stale(state_.run, run_key(state_, state_.run), status.state == JobStatus::State::cancelled);
}

void ShuffleSession::start_bias(ShuffleBiasKind kind) {
  const std::string_view run = bias_run_name(kind);
  linked_run_.started(state_.run, run, run_key(state_, run));
  bias_.kind = kind;
  bias_.origin = ShuffleBiasOrigin{state_.algo, algo_label(state_), state_.n, card_faces(state_)};
  std::string key = shuffle_setup_key(state_);
  auto setup = bias_setup(state_, bias_mode(kind));
  if (!setup) {
    bias_.job.cancel(jobs_);
    bias_.job.refuse(jobs_, std::move(key), setup.error());
    return;
  }
  bias_.job.start(jobs_, "shuffle_bias", shuffle_bias_job_params(state_, bias_mode(kind)), std::move(key));
}

void ShuffleSession::start_predict() {
  linked_run_.started(state_.run, "predict", run_key(state_, "predict"));
  const auto deck = lin2003_deck(static_cast<std::uint32_t>(state_.time), 52);
  const std::vector<std::uint32_t> seen(deck.begin(), deck.begin() + kPredictShownCards);
  predict_.start(jobs_, "shuffle_seed_search",
                 seed_search_job_params(seen, 52, predict_window(state_.guess, window_seconds(state_.window))),
                 predict_setup_key(state_));
}

// The Human shuffles tab's table, once per deck size (a cancelled one stays cancelled).
void ShuffleSession::start_riffle_table() {
  const std::string key = std::to_string(state_.n);
  if (riffle_.setup_key != key && !riffle_.running())
    riffle_.start(jobs_, "riffle_table", riffle_table_job_params(state_.n, kRiffleTabRounds), key);
}

void ShuffleSession::start_engine() {
  const std::string key = std::to_string(state_.n);
  engine_sample_.start(jobs_, "js_sort_sample", engine_sample_params(state_.n, kEngineRuns), key);
  for (std::size_t i = 0; i < engine_models_.size(); ++i)
    engine_models_[i].start(jobs_, "shuffle_bias", comparator_law_job_params(comparator_sorts()[i].algo, state_.n), key);
}

void ShuffleSession::poll() {
  if (bias_.job.poll(jobs_)) {
    ShuffleBiasResult result;
    if (bias_.kind == ShuffleBiasKind::law) {
      auto law = law_bias_from_result(bias_.job.status.result);
      if (law) result.law = std::move(law.value());
      else bias_.job.error = law.error();
    } else {
      auto m = bias_matrix_from_result(bias_.job.status.result);
      if (m) result.matrix = std::move(m.value());
      else bias_.job.error = m.error();
    }
    if (result.law || result.matrix) bias_.job.result = std::move(result);
  }
  predict_.poll_into(jobs_, [](const JobStatus& s) { return seed_search_from_result(s.result); });
  riffle_.poll_into(jobs_, [](const JobStatus& s) { return riffle_view(s.result); });
  const auto poll_matrix = [this](JobSlot<BiasMatrix>& slot) {
    slot.poll_into(jobs_, [](const JobStatus& s) { return bias_matrix_from_result(s.result); });
  };
  poll_matrix(engine_sample_);
  for (auto& model : engine_models_) poll_matrix(model);
}

void ShuffleSession::start_linked_run() {
  code_from_link_ = !state_.code.empty();
  if (state_.run == "sample") start_bias(ShuffleBiasKind::sampled);
  else if (state_.run == "exact") start_bias(ShuffleBiasKind::exact);
  else if (state_.run == "law") start_bias(ShuffleBiasKind::law);
  else if (state_.run == "predict") start_predict();
}

bool ShuffleSession::busy() const {
  const bool models = std::any_of(engine_models_.begin(), engine_models_.end(), [](const auto& m) { return m.running(); });
  const JobSlot<DeckSampleReport>* deck_tests = code_.deck_tests_job();
  return bias_.job.running() || predict_.running() || riffle_.running() || engine_sample_.running() || models ||
         (deck_tests && deck_tests->running());
}

// ---- Playback ---------------------------------------------------------------

void ShuffleSession::step_to(long long t) {
  t = std::clamp(t, 0LL, static_cast<long long>(total_steps()));
  if (static_cast<std::uint64_t>(t) == state_.t + 1) {
    animated_t_ = static_cast<std::uint64_t>(t);
    animation_ = 0.0f;
  } else {
    animation_ = 1.0f;
  }
  state_.t = static_cast<std::uint64_t>(t);
}

// The Animate tab: t within the shuffle, playback, then the step's move.
void ShuffleSession::animate(double seconds) {
  if (state_.tab == "code" ? !code_.recording() : !recording()) return;
  const std::uint32_t total = total_steps();
  if (state_.t > total) state_.t = total;
  if (playing_) {
    step_accumulator_ += seconds * steps_per_second_;
    const auto whole = static_cast<long long>(step_accumulator_);
    if (whole > 0) {
      step_accumulator_ -= static_cast<double>(whole);
      step_to(static_cast<long long>(state_.t) + whole);
    }
    if (state_.t >= total) playing_ = false;
  }
  if (animation_ < 1.0f) {
    const float duration = std::min(0.45f, 0.9f / steps_per_second_);
    animation_ = std::min(1.0f, animation_ + static_cast<float>(seconds) / duration);
  }
}

void ShuffleSession::tick(double seconds) {
  poll();
  drop_stale_run();
  follow_code();
  code_.poll_deck_tests();
  if (state_.tab == "animate" || state_.tab == "code") animate(seconds);
  if (state_.tab == "human") start_riffle_table();
}

// ---- Commands ---------------------------------------------------------------

bool ShuffleSession::apply_preset(std::string_view name) {
  ShuffleLabState p;
  p.tab = state_.tab;
  p.time = state_.time;
  p.guess = state_.guess;
  p.window = state_.window;
  ShuffleBiasKind run = ShuffleBiasKind::none;
  if (name == "tarot") {
    p.n = 78, p.gen = "tarot32", p.seed = 0xDEADBEEF, p.method = "fdr-tarot", p.bits = 8;
    run = ShuffleBiasKind::sampled;
  } else if (name == "tarot-fixed") {
    p.n = 78, p.gen = "tarot32", p.seed = 0xDEADBEEF, p.method = "fdr", p.bits = 8;
    run = ShuffleBiasKind::sampled;
  } else if (name == "lin2003") {
    p.algo = "lin2003", p.seed = kDefaultPredictTime;
    run = ShuffleBiasKind::sampled;
  } else if (name == "float") {
    p.algo = "lin2003", p.n = 6, p.seed = kDefaultPredictTime;
    run = ShuffleBiasKind::law;
  } else if (name == "naive") {
    p.algo = "naive";
    run = ShuffleBiasKind::sampled;
  } else if (name == "naive3") {
    p.algo = "naive", p.n = 3;
    run = ShuffleBiasKind::exact;
  } else if (name == "sattolo") {
    p.algo = "sattolo";
    run = ShuffleBiasKind::sampled;
  } else if (name == "pdep") {
    p.algo = "pdep", p.n = 64;
  } else {
    return false;
  }
  state_ = p;
  playing_ = false;
  setup_error_.clear();
  if (state_.tab == "bias" && run != ShuffleBiasKind::none) start_bias(run);
  return true;
}

Result<bool> ShuffleSession::refuse_setup(const LabCommand& c, std::string why) {
  setup_error_ = std::move(why);
  return refused(c, setup_error_);
}

// A setup field: applied to a copy, which replaces the state only if it makes a valid setup.
Result<bool> ShuffleSession::apply_setup(const LabCommand& c) {
  const std::string& v = c.verb;
  ShuffleLabState edit = state_;
  if (v == "algo") {
    edit.algo = c.arg;
  } else if (v == "gen") {
    const ShuffleGeneratorInfo* g = find_shuffle_generator(c.arg);
    if (!g) return refused(c, "no such generator");
    edit.gen = c.arg;
    if (edit.seed < g->min_seed || edit.seed > g->max_seed) edit.seed = g->default_seed;
    edit.bits = state_.method == "float" ? std::min(g->native_bits, 53u) : g->native_bits;
  } else if (v == "seed") {
    auto seed = c.arg.rfind("0x", 0) == 0 ? parse_hex("seed", c.arg, 16) : parse_decimal("seed", c.arg, 0, ~std::uint64_t{0});
    if (!seed) return refuse_setup(c, seed.error());
    edit.seed = *seed;
  } else if (v == "method") {
    edit.method = c.arg;
    if (edit.method == "float") edit.bits = std::min(edit.bits, 53u);
  } else if (v == "faces") {
    if (c.arg != "auto" && c.arg != "numbers") return refused(c, "expected auto or numbers");
    edit.faces = c.arg;
  } else {  // a number: the setup says whether it fits
    auto value = parse_decimal(v, c.arg, 0, 0xFFFFFFFFu);
    if (!value) return refuse_setup(c, value.error());
    const auto u = static_cast<std::uint32_t>(*value);
    if (v == "n") edit.n = u;
    else if (v == "take") edit.take = u;
    else if (v == "keys") edit.keys = u;
    else if (v == "bits") edit.bits = u;
    else if (v == "warmup") edit.warmup = u;
    else if (v == "rounds") edit.rounds = u;
    else edit.cut = u;
  }
  auto ok = make_shuffle_setup(edit);
  if (!ok) return refuse_setup(c, ok.error());
  setup_error_.clear();
  state_ = edit;
  return Result<bool>::ok(true);
}

Result<bool> ShuffleSession::apply(const LabCommand& c) {
  const ShuffleLabState before = state_;
  const std::string& v = c.verb;
  static constexpr const char* kSetupVerbs[] = {"algo", "n",    "take",   "keys",   "gen",    "seed",
                                                "method", "bits", "warmup", "faces", "rounds", "cut"};
  const bool setup = std::any_of(std::begin(kSetupVerbs), std::end(kSetupVerbs), [&](const char* s) { return v == s; });
  const bool with_value = setup || v == "t" || v == "speed" || v == "tab" || v == "preset" || v == "shuffles" ||
                          v == "colour_scale" || v == "time" || v == "guess" || v == "window" || v == "lanes" ||
                          v == "code" || v == "code_start" || v == "code_result";
  if (with_value && !c.has_arg) return refused(c, "needs a value");
  if (v == "step" || v == "back" || v == "first" || v == "last") {
    playing_ = false;
    const auto t = static_cast<long long>(state_.t);
    step_to(v == "step" ? t + 1 : v == "back" ? t - 1 : v == "first" ? 0 : total_steps());
  } else if (v == "t") {
    auto t = parse_decimal("t", c.arg, 0, 0xFFFFFFFFu);
    if (!t) return Result<bool>::fail(t.error());
    step_to(static_cast<long long>(*t));
  } else if (v == "play" || v == "pause" || v == "toggle_play") {
    playing_ = v == "play" || (v == "toggle_play" && !playing_);
    if (playing_ && state_.t >= total_steps()) step_to(0);  // play again from the start
  } else if (v == "speed") {
    auto speed = parse_speed(c);
    if (!speed) return Result<bool>::fail(speed.error());
    steps_per_second_ = *speed;
  } else if (v == "tab") {
    if (!is_shuffle_tab(c.arg)) return refused(c, "the shuffle lab has no such tab");
    state_.tab = c.arg;
  } else if (setup) {
    auto r = apply_setup(c);
    if (!r) return r;
  } else if (v == "preset") {
    if (!apply_preset(c.arg)) return refused(c, "no such preset");
  } else if (v == "shuffles") {
    auto m = parse_decimal("shuffles", c.arg, 1, kMaxLabShuffles);
    if (!m) return Result<bool>::fail(m.error());
    state_.shuffles = *m;
  } else if (v == "bias_sample" || v == "bias_exact" || v == "bias_law") {
    start_bias(v == "bias_sample" ? ShuffleBiasKind::sampled : v == "bias_exact" ? ShuffleBiasKind::exact : ShuffleBiasKind::law);
  } else if (v == "bias_cancel") {
    bias_.job.cancel(jobs_);
  } else if (v == "colour_scale") {
    static constexpr const char* kScales[] = {"auto", "1", "10", "100"};  // BiasColourScale's order
    const auto* at = std::find_if(std::begin(kScales), std::end(kScales), [&](const char* s) { return c.arg == s; });
    if (at == std::end(kScales)) return refused(c, "expected auto, 1, 10 or 100");
    colour_scale_ = static_cast<BiasColourScale>(at - std::begin(kScales));
  } else if (v == "time" || v == "guess") {
    auto seconds = parse_decimal(v, c.arg, 0, 0xFFFFFFFFu);
    if (!seconds) return Result<bool>::fail(seconds.error());
    (v == "time" ? state_.time : state_.guess) = *seconds;
  } else if (v == "window") {
    if (c.arg != "hour" && c.arg != "day" && c.arg != "week") return refused(c, "expected hour, day or week");
    state_.window = c.arg;
  } else if (v == "predict") {
    start_predict();
  } else if (v == "predict_cancel") {
    predict_.cancel(jobs_);
  } else if (v == "riffle_cancel") {
    riffle_.cancel(jobs_);
  } else if (v == "engine_sample") {
    if (state_.n < 2 || state_.n > kMaxLabComparatorExactCards)
      return refused(c, "the engine is compared on 2 to " + std::to_string(kMaxLabComparatorExactCards) + " cards");
    start_engine();
  } else if (v == "engine_cancel") {
    engine_sample_.cancel(jobs_);
    for (auto& model : engine_models_) model.cancel(jobs_);
  } else if (v.rfind("code", 0) == 0) {
    auto r = apply_code(c);
    if (!r) return r;
  } else if (v == "lanes") {
    if (c.arg != "0" && c.arg != "1") return refused(c, "expected 0 or 1");
    state_.lanes = c.arg == "1";
  } else {
    return refused(c, "the shuffle lab has no such command");
  }
  // A command that changed what the link's run= shows drops it (a cancel, once polled).
  if (run_key(before, before.run) != run_key(state_, state_.run)) drop_stale_run();
  follow_code();
  return Result<bool>::ok(!(state_ == before));
}

Result<bool> ShuffleSession::apply_code(const LabCommand& c) {
  const std::string& v = c.verb;
  if (v == "code" || v == "code_start") {
    std::string source;
    if (v == "code") {
      auto decoded = decode_code_field(c.arg);
      if (!decoded) return refused(c, decoded.error());
      source = std::move(decoded.value());
    } else {
      const CodeStart* start = find_code_start(c.arg);
      if (!start) return refused(c, "no such starting point");
      source = start->source;
    }
    state_.code = std::move(source);
    state_.tab = "code";
    state_.t = 0;
    playing_ = false;
    code_from_link_ = false;
  } else if (v == "code_run" || v == "code_exact" || v == "code_sample") {
    if (state_.code.empty()) return refused(c, "there is no code to run: write it or pick a starting point");
    follow_code();
    code_.want(v == "code_run" ? CodeMode::trace : v == "code_exact" ? CodeMode::exact : CodeMode::sample);
  } else if (v == "code_cancel") {
    code_.cancel();
  } else if (v == "code_result") {
    follow_code();  // the request this answers may come from a source set by the command before
    auto accepted = code_.accept(c.arg);
    if (!accepted) return Result<bool>::fail(accepted.error());
    if (code_.recording() && state_.t > code_.recording()->total_steps()) state_.t = code_.recording()->total_steps();
  } else {
    return refused(c, "the shuffle lab has no such command");
  }
  return Result<bool>::ok(true);
}

// ---- Text view --------------------------------------------------------------

std::vector<TextLine> ShuffleSession::text() {
  const ShuffleLabState& s = state_;
  TextLines out;
  if (s.tab == "code") {
    code_text(out);
    return out.take();
  }
  out.sub("Shuffle");
  out.item("Algorithm: " + algo_label(s) + " (" + s.algo + ")");
  out.item("Deck: " + std::to_string(s.n) + " cards");
  out.item("Draws: " + s.gen + " seed " + std::to_string(s.seed) + ", range method " + s.method + " on " +
           std::to_string(s.bits) + "-bit words" + (s.warmup ? ", " + counted(s.warmup, "word") + " skipped first" : ""));
  const ShuffleFrame* f = frame();
  if (!f) {
    out.para("This shuffle cannot run: " + recording_error_);
    return out.take();
  }
  const CardFaces faces = card_faces(s);
  out.item("Step " + std::to_string(f->step) + " of " + std::to_string(f->total_steps));
  if (!f->caption.empty()) out.para(f->caption);
  if (f->pdep)
    out.item("PDEP: set " + format_hex_upper(f->pdep->set_before, 16) + ", scatter " + format_hex_upper(f->pdep->scatter, 16) +
             ", result " + format_hex_upper(f->pdep->set_after, 16) + ": card " + std::to_string(f->pdep->card) + " struck");
  constexpr std::size_t kCardsListed = 12;
  std::string deck;
  for (std::size_t i = 0; i < f->deck.size() && i < kCardsListed; ++i)
    deck += (i ? ", " : "") + card_face(faces, f->deck[i]).name;
  if (f->deck.size() > kCardsListed) deck += ", ... (" + std::to_string(f->deck.size()) + " cards)";
  out.item("Deck order from position 0: " + deck);

  if (s.tab == "bias" && bias_.job.current(shuffle_setup_key(s))) {
    const BiasMatrixView& v = *matrix_view();
    const ShuffleBiasResult& r = *bias_.job.result;
    const std::string draws = grouped_and_plain(r.law ? r.law->lists : r.matrix->total);
    const std::string n = std::to_string(v.n);
    out.sub("Bias matrix (position x card)");
    if (bias_.kind == ShuffleBiasKind::law) {
      out.para("Exact probabilities from " + draws + " weighted draw lists: largest relative deviation from 1/" + n +
               " is " + number_text(v.max_deviation, 3) + ".");
    } else if (bias_.kind == ShuffleBiasKind::exact) {
      out.para("Exact counts over all " + draws + " draw lists: largest relative deviation from 1/" + n + " is " +
               number_text(v.max_deviation, 4) + ".");
    } else if (v.summary) {
      const BiasSummary& b = *v.summary;
      out.para(draws + " shuffles: largest relative deviation " + fixed_decimals(v.max_deviation_percent(), 2) +
               "%; one cell's standard error is " + fixed_decimals(v.standard_error_percent(), 2) + "% of 1/" + n + ".");
      out.para("Chi-square " + fixed_decimals(b.chi_square, 1) + " on " + fixed_decimals(b.degrees_of_freedom, 0) +
               " degrees of freedom: p " + p_value_text(b.p_value) + "; " + grouped_and_plain(b.cells_beyond_4_sigma) +
               " cells beyond 4 sigma. " +
               (bias_is_real(b) ? "Not uniform: this bias is real, not noise."
                                : "Consistent with a uniform shuffle at this sample size."));
    }
  }
  const SeedSearchResult* search = predict_.current(predict_setup_key(s));
  if (s.tab == "predict" && search) {
    const std::vector<std::uint32_t>& found = search->found;
    out.sub("Seed search");
    if (found.empty()) {
      out.para("No seed in the window gives these five cards (" + grouped_and_plain(search->tried) + " tried).");
      return out.take();
    }
    std::string seeds;
    for (std::size_t i = 0; i < found.size() && i < 8; ++i) seeds += (i ? ", " : "") + std::to_string(found[i]);
    out.para("Tried all " + grouped_and_plain(search->tried) + " seeds; " +
             (found.size() == 1 ? std::string("exactly one gives these five cards: srand(")
                                : grouped_and_plain(found.size()) + " give these five cards, the first is srand(") +
             std::to_string(found.front()) + "), " + format_utc(found.front()) + ".");
    if (found.size() > 1) out.item("Matching seeds: " + seeds + (found.size() > 8 ? ", ..." : ""));
  }
  return out.take();
}

// ---- Test hook and CSV ------------------------------------------------------

std::string ShuffleSession::describe_frame_json() {
  const ShuffleFrame* f = frame();
  std::string out = ",\"setupError\":" + json_string(recording_error_);
  if (!f) return out;
  out += ",\"step\":" + std::to_string(f->step) + ",\"totalSteps\":" + std::to_string(f->total_steps) +
         ",\"deck\":" + json_integers(f->deck) + ",\"pivot\":" + std::to_string(f->pivot) + ",\"settled\":[" +
         std::to_string(f->settled_begin) + "," + std::to_string(f->settled_end) + "],\"caption\":" +
         json_string(f->caption) + ",\"inputsRead\":" + std::to_string(f->inputs.size());
  out += f->draw ? ",\"draw\":{\"value\":" + std::to_string(f->draw->a) + ",\"bound\":" + std::to_string(f->draw->b) + "}"
                 : std::string(",\"draw\":null");
  out += f->deck.empty() ? "" : ",\"topCard\":" + json_string(card_face(card_faces(state_), f->deck.back()).name);
  if (f->pdep)
    out += ",\"pdep\":{\"rank\":" + std::to_string(f->pdep->rank) + ",\"card\":" + std::to_string(f->pdep->card) +
           ",\"before\":" + json_string(format_hex_upper(f->pdep->set_before, 16)) +
           ",\"after\":" + json_string(format_hex_upper(f->pdep->set_after, 16)) + "}";
  return out;
}

// A result computed for another setup is still drawn, labelled: "stale" says so.
std::string ShuffleSession::describe_bias_json() {
  static const char* const kKinds[] = {"none", "sampled", "exact", "law"};
  const JobSlot<ShuffleBiasResult>& job = bias_.job;
  std::string out = ",\"bias\":{\"kind\":" + json_string(kKinds[static_cast<int>(bias_.kind)]) +
                    ",\"stale\":" + json_bool(job.result && !job.belongs_to(shuffle_setup_key(state_))) +
                    ",\"jobState\":" + std::to_string(static_cast<int>(job.status.state)) +
                    ",\"progress\":" + fmt("%.4f", job.status.progress) + ",\"error\":" + json_string(job.error);
  if (const BiasMatrix* matrix = job.result && job.result->matrix ? &*job.result->matrix : nullptr) {
    out += ",\"n\":" + std::to_string(matrix->n) + ",\"total\":" + std::to_string(matrix->total) +
           ",\"counts\":" + json_integers(matrix->counts);
    const BiasSummary& s = *matrix_view()->summary;
    out += ",\"maxDeviation\":" + fmt("%.6g", s.max_relative_deviation) + ",\"chiSquare\":" + fmt("%.6g", s.chi_square) +
           ",\"pValue\":" + fmt("%.6g", s.p_value);
  }
  if (const LawBias* law = job.result && job.result->law ? &*job.result->law : nullptr)
    out += ",\"n\":" + std::to_string(law->n) + ",\"total\":" + json_string(law->total.to_string()) + ",\"weights\":" +
           json_array(law->weights, [](const BigUint& w) { return json_string(w.to_string()); });
  return out + "}";
}

std::string ShuffleSession::describe_predict_json() const {
  const SeedWindow window = predict_window(state_.guess, window_seconds(state_.window));
  const auto deck = lin2003_deck(static_cast<std::uint32_t>(state_.time), 52);
  const SeedSearchResult none;
  const SeedSearchResult& r = predict_.result ? *predict_.result : none;
  return ",\"predict\":{\"time\":" + std::to_string(state_.time) + ",\"guess\":" + std::to_string(state_.guess) +
         ",\"windowFirst\":" + std::to_string(window.first) + ",\"windowCount\":" + std::to_string(window.count) +
         ",\"seen\":" + json_integers(std::vector<std::uint32_t>(deck.begin(), deck.begin() + kPredictShownCards)) +
         ",\"jobState\":" + std::to_string(static_cast<int>(predict_.status.state)) +
         ",\"stale\":" + json_bool(predict_.result && !predict_.belongs_to(predict_setup_key(state_))) +
         ",\"tried\":" + std::to_string(r.tried) + ",\"found\":" + json_integers(r.found) + "}";
}

std::string ShuffleSession::describe_human_json() const {
  std::string out = ",\"riffle\":{\"jobState\":" + std::to_string(static_cast<int>(riffle_.status.state)) +
                    ",\"distances\":" +
                    (riffle_.result ? json_array(riffle_.result->rows, [](const RiffleRow& r) { return r.text; })
                                    : std::string("[]")) +
                    ",\"belowHalf\":" + std::to_string(riffle_.result ? riffle_.result->below_half : 0) +
                    ",\"faroOrder\":" + std::to_string(state_.n % 2 == 0 ? faro_out_order(state_.n) : 0) + "}";
  out += ",\"engine\":{\"sampleState\":" + std::to_string(static_cast<int>(engine_sample_.status.state)) +
         ",\"error\":" + json_string(engine_sample_.error);
  if (const auto view = engine_comparison())
    out += ",\"runs\":" + std::to_string(engine_sample_.result->total) + ",\"matching\":" +
           json_array(view->matching, [](const std::string& m) { return json_string(m); }) +
           ",\"rows\":" + json_array(view->rows, [](const std::string& r) { return json_string(r); });
  return out + "}";
}

std::string ShuffleSession::describe_json() {
  poll();
  follow_code();
  const ShuffleLabState& s = state_;
  std::string out = "{\"algo\":" + json_string(s.algo) + ",\"n\":" + std::to_string(s.n) + ",\"gen\":" + json_string(s.gen) +
                    ",\"seed\":" + json_string(std::to_string(s.seed)) + ",\"method\":" + json_string(s.method) +
                    ",\"bits\":" + std::to_string(s.bits) + ",\"warmup\":" + std::to_string(s.warmup) +
                    ",\"t\":" + std::to_string(s.t) + ",\"tab\":" + json_string(s.tab) + ",\"playing\":" + json_bool(playing_);
  out += describe_frame_json();
  out += describe_bias_json();
  const ReachView reach = reach_view(s);
  out += ",\"reach\":{\"log2Factorial\":" + fmt("%.6f", reach.log2_orders) + ",\"rows\":" +
         json_array(reach.rows, [](const SeedSpaceRow& r) {
           return "{\"label\":" + json_string(r.label) + ",\"log2\":" + fmt("%.6f", r.log2_count) + "}";
         }) + "}";
  out += describe_predict_json();
  out += describe_human_json();
  out += describe_code_json();
  return out;  // the caller adds the screen's fields and closes the object
}

std::vector<CsvExport> ShuffleSession::csv_exports() {
  std::vector<CsvExport> out;
  if (const CodeExactView* exact = state_.tab == "code" ? code_.exact() : nullptr) {
    out.push_back({"bias", "Position x card counts of your code over every answer list",
                   "shufflelab-your-code-" + std::to_string(exact->matrix.n) + "-exact.csv", bias_matrix_csv(exact->matrix).text()});
    return out;
  }
  const std::optional<ShuffleBiasResult>& result = bias_.job.result;
  if (state_.tab != "bias" || !result) return out;
  const std::string name = "shufflelab-" + bias_.origin.algo + "-" + std::to_string(bias_.origin.n) + "-";
  if (result->law) {
    out.push_back({"bias", "Exact position x card law (fractions)", name + "law.csv", bias_law_csv(*result->law).text()});
  } else {
    const bool exact = bias_.kind == ShuffleBiasKind::exact;
    out.push_back({"bias", exact ? "Position x card counts over every draw list" : "Position x card counts of the sample",
                   name + (exact ? "exact.csv" : "sampled.csv"), bias_matrix_csv(*result->matrix).text()});
  }
  return out;
}

void ShuffleSession::forget_results() {
  code_.clear();
  code_from_link_ = false;
  bias_.job.clear(jobs_);
  bias_.kind = ShuffleBiasKind::none;
  matrix_view_.reset();
  predict_.clear(jobs_);
  engine_sample_.clear(jobs_);
}

}  // namespace shufflelab
