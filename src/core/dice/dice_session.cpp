#include "core/dice/dice_session.hpp"

#include <algorithm>
#include <cmath>
#include <span>
#include <utility>

#include "core/base/text_format.hpp"
#include "core/base/url_fields.hpp"
#include "core/dice/dice_csv.hpp"
#include "core/dice/die_law_wire.hpp"

namespace shufflelab {

namespace {

Result<bool> refused(const LabCommand& c, const std::string& why) {
  return Result<bool>::fail(lab_command_text(c) + ": " + why);
}

std::size_t method_index(std::string_view name) {
  const auto methods = dice_methods();
  for (std::size_t i = 0; i < methods.size(); ++i)
    if (methods[i].name == name) return i;
  return 0;
}

// Reads a finished job's numbers into its slot (once), or its decoding error.
template <class R, class Read>
void take_result(JobSlot<R>& slot, JobRunner& jobs, Read&& read) {
  slot.poll_into(jobs, [&read](const JobStatus& s) { return read(s.result); });
}

}  // namespace

// ---- laws ----------------------------------------------------------------

// Starts the "die_laws" job for (sides, bits) unless it is out or in, and
// fills the table once it is in (a job that failed fills every entry with why).
DiceLawTable& DiceSession::laws_of(DiceLawTable& table, std::uint64_t sides, unsigned bits) {
  const std::string params = "sides=" + std::to_string(sides) + "&bits=" + std::to_string(bits);
  if (!table.job.belongs_to(params)) {
    table.sides = sides;
    table.bits = bits;
    table.laws.assign(dice_methods().size(), std::nullopt);
    table.job.start(jobs_, "die_laws", params, params);
  }
  table.job.poll_into(jobs_, [&](const JobStatus& st) { return decode_die_laws(st.result, st.payload, sides, bits); });
  if (table.job.running() || table.laws.front()) return table;
  for (std::size_t i = 0; i < table.laws.size(); ++i)
    table.laws[i] = table.job.result ? (*table.job.result)[i]
                                     : Result<DieLaw>::fail(table.job.error.empty() ? "the exact laws were not computed"
                                                                                    : table.job.error);
  viewed_.reset();
  return table;
}

const Result<DieLaw>* DiceSession::law(DiceLawTable& table, std::size_t index) {
  return table.laws[index] ? &*table.laws[index] : nullptr;
}

DiceLawTable& DiceSession::die_laws() { return laws_of(die_laws_, state_.sides, static_cast<unsigned>(state_.bits)); }
// The Z80 tab's table is the d20 on bytes: the die's own table when that is the die.
bool DiceSession::die_is_z80_d20() const { return state_.sides == 20 && state_.bits == 8; }
DiceLawTable& DiceSession::z80_laws() { return die_is_z80_d20() ? die_laws() : laws_of(z80_laws_, 20, 8); }
const Result<DieLaw>* DiceSession::current_law() { return law(die_laws(), method_index(state_.method)); }

const std::vector<ArticleCheck>* DiceSession::checks() {
  if (checks_.id == 0) checks_.start(jobs_, "dice_checks", "", "");
  checks_.poll_into(jobs_, [](const JobStatus& st) { return decode_article_checks(st.payload); });
  if (!checks_.running() && !checks_.result && checks_.error.empty()) checks_.error = "the checks were not computed";
  return checks_.result ? &*checks_.result : nullptr;
}

bool DiceSession::laws_awaited() const {
  auto awaited = [](const DiceLawTable& t, std::uint64_t sides, unsigned bits) {
    return t.sides != sides || t.bits != bits || t.job.running();
  };
  return awaited(die_laws_, state_.sides, static_cast<unsigned>(state_.bits)) ||
         (!die_is_z80_d20() && awaited(z80_laws_, 20, 8)) ||
         checks_.id == 0 || checks_.running();
}

std::string DiceSession::z80_seed() const {
  return state_.gen == "z80" ? state_.seed : std::string(find_dice_generator("z80")->default_seed);
}

// The first 12 faces of every method from this seed, then of the printed rollDie.
const std::vector<std::string>& DiceSession::first_rolls(const std::string& seed) {
  if (first_rolls_seed_ == seed && !first_rolls_.empty()) return first_rolls_;
  first_rolls_seed_ = seed;
  first_rolls_.clear();
  auto join = [](const auto& faces) {
    std::string text;
    for (auto f : faces) text.append(text.empty() ? "" : " ").append(std::to_string(f));
    return text;
  };
  for (const DiceMethodInfo& m : dice_methods()) {
    auto faces = shufflelab::first_rolls(m, 20, 8, "z80", seed, 12);
    first_rolls_.push_back(faces ? join(*faces) : faces.error());
  }
  auto printed = z80_printed_rolls(seed, 20, 12);
  first_rolls_.push_back(printed ? join(*printed) : printed.error());
  return first_rolls_;
}

// The exact law of state.expr: at once when quick, else by a job.
void DiceSession::refresh_expression_law() {
  if (expr_law_.expr == state_.expr) return;
  expr_law_.job.cancel(jobs_);
  expr_law_ = DiceExprLaw{};
  expr_law_.expr = state_.expr;
  auto parsed = parse_lab_expression(state_.expr);
  if (!parsed) {
    expr_law_.error = parsed.error();
  } else if (expression_law_is_quick(*parsed)) {
    auto dist = exact_dice_distribution(*parsed);
    if (dist) expr_law_.law = *dist;
    else expr_law_.error = dist.error();
  } else {
    expr_law_.job.start(jobs_, "dice_expr_exact", "expr=" + expression_to_link(state_.expr), state_.expr);
  }
  if (expr_law_.law) expr_law_.view = view_distribution(*expr_law_.law);
}

// ---- jobs and the link's run= ----------------------------------------------

void DiceSession::poll_jobs() {
  take_result(die_sample_, jobs_, read_dice_sample_result);
  take_result(expr_sample_, jobs_, read_dice_expr_sample_result);
  take_result(z80_sample_, jobs_, read_dice_sample_result);
  if (expr_law_.job.running()) {
    if (expr_law_.job.poll(jobs_)) {
      auto dist = distribution_from_doubles(expr_law_.job.status.result);
      if (dist) expr_law_.law = *dist, expr_law_.view = view_distribution(*dist);
      else expr_law_.error = expr_law_.job.status.summary;
    } else if (!expr_law_.job.running()) {  // failed or cancelled
      expr_law_.error = expr_law_.job.status.summary;
    }
  }
  viewed_.reset();
}

bool DiceSession::busy() const {
  return die_sample_.running() || expr_sample_.running() || z80_sample_.running() || expr_law_.job.running() ||
         laws_awaited();
}

// run=sample in the link: the key of what the open view's sample depends on.
std::string DiceSession::run_key() const {
  if (state_.view == "expr") return "expr:" + expr_sample_key(state_);
  if (state_.view == "z80") return "z80:" + z80_sample_key(z80_seed(), state_.rolls);
  return "die:" + die_sample_key(state_);
}

void DiceSession::started_run() { linked_run_.started(state_.run, "sample", run_key()); }

// A sample whose inputs changed since it started, or that was cancelled, leaves the link.
void DiceSession::note_run() {
  const JobSlot<DiceSampleResult>& shown = state_.view == "z80" ? z80_sample_ : die_sample_;
  const bool cancelled = state_.view == "expr" ? expr_sample_.status.state == JobStatus::State::cancelled
                                               : shown.status.state == JobStatus::State::cancelled;
  linked_run_.drop_if_stale(state_.run, run_key(), cancelled);
}

Result<bool> DiceSession::roll() {
  if (state_.view == "expr") {
    DiceExprSampleSpec spec{state_.expr, find_dice_method(state_.method), static_cast<unsigned>(state_.bits),
                            state_.gen, state_.seed, state_.rolls};
    expr_sample_.start(jobs_, "dice_expr_sample", dice_expr_sample_params(spec), expr_sample_key(state_));
  } else if (state_.view == "z80") {
    DiceSampleSpec spec;
    for (const DiceMethodInfo& m : dice_methods()) spec.methods.push_back(&m);
    spec.sides = 20;
    spec.bits = 8;
    spec.gen = "z80";
    spec.seed = z80_seed();
    spec.rolls = state_.rolls;
    z80_sample_.start(jobs_, "dice_sample", dice_sample_params(spec), z80_sample_key(spec.seed, spec.rolls));
  } else {
    // As the Roll button: no sample of a die the method cannot roll (while the law is computed, die_problem says).
    const DiceMethodInfo& method = dice_methods()[method_index(state_.method)];
    const Result<DieLaw>* l = current_law();
    const std::string problem =
        l ? (*l ? std::string() : l->error()) : die_problem(method, state_.sides, static_cast<unsigned>(state_.bits));
    if (!problem.empty()) return Result<bool>::fail("roll: " + problem);
    DiceSampleSpec spec{{find_dice_method(state_.method)}, state_.sides, static_cast<unsigned>(state_.bits),
                        state_.gen, state_.seed, state_.rolls};
    die_sample_.start(jobs_, "dice_sample", dice_sample_params(spec), die_sample_key(state_));
    die_rolled_ = state_;
  }
  started_run();
  return Result<bool>::ok(true);
}

void DiceSession::cancel() {
  if (state_.view == "expr") expr_sample_.cancel(jobs_);
  else if (state_.view == "z80") z80_sample_.cancel(jobs_);
  else die_sample_.cancel(jobs_);
}

void DiceSession::start_linked_run() {
  if (state_.run == "sample") (void)roll();
  note_run();
  viewed_.reset();
}

// ---- commands --------------------------------------------------------------

// The field texts follow the state when it changes another way (a link, a lesson step).
void DiceSession::sync_drafts() {
  if (!drafts_synced_ || draft_of_expr_ != state_.expr) {
    expr_draft_ = draft_of_expr_ = state_.expr;
    expr_draft_error_.clear();
    expr_draft_error_position_.reset();
    viewed_.reset();
  }
  if (seed_error_gen_ != state_.gen || seed_error_seed_ != state_.seed) seed_error_.clear();
  drafts_synced_ = true;
}

Result<bool> DiceSession::apply_expression(const std::string& text) {
  expr_draft_ = text;
  auto parsed = parse_lab_expression(text);
  if (!parsed) {
    expr_draft_error_ = parsed.error();
    expr_draft_error_position_ = expression_error_position(parsed.error());
    return Result<bool>::ok(false);
  }
  expr_draft_error_.clear();
  expr_draft_error_position_.reset();
  state_.expr = draft_of_expr_ = text;
  return Result<bool>::ok(true);
}

// The fields a link carries, read as the link reader reads them.
Result<bool> DiceSession::apply_field(const LabCommand& c) {
  if (!c.has_arg) return refused(c, "needs a value");
  if (c.verb == "seed") {
    // The seed field's check first, so its error reads the same.
    auto g = make_dice_generator(state_.gen, c.arg);
    if (!g) {
      seed_error_ = g.error(), seed_error_gen_ = state_.gen, seed_error_seed_ = state_.seed;
      return Result<bool>::fail(g.error());
    }
  }
  const FragmentPairs pairs{{c.verb, c.arg}};
  std::vector<std::string> notices;
  FieldReader fields(pairs, notices);
  DiceLabState next = state_;
  decode_dice_lab(fields, next);
  if (!notices.empty()) return Result<bool>::fail(notices.front());
  if (c.verb == "gen") next.seed = std::string(find_dice_generator(next.gen)->default_seed);  // as the combo
  if (c.verb == "seed") seed_error_.clear();
  state_ = std::move(next);
  return Result<bool>::ok(true);
}

Result<bool> DiceSession::apply(const LabCommand& c) {
  sync_drafts();
  const DiceLabState before = state_;
  const std::string& v = c.verb;
  Result<bool> done = Result<bool>::ok(true);
  if (v == "roll" && !c.has_arg) {
    done = roll();
  } else if (v == "cancel") {
    cancel();
  } else if (v == "deviation") {
    if (c.arg != "0" && c.arg != "1") return refused(c, "expected 0 or 1");
    deviation_ = c.arg == "1";
  } else if (v == "expr") {
    if (!c.has_arg) return refused(c, "needs a value");
    done = apply_expression(c.arg);
  } else if (v == "method" || v == "sides" || v == "bits" || v == "gen" || v == "seed" || v == "rolls" ||
             v == "view" || v == "roll" || v == "lanes") {
    done = apply_field(c);
  } else {
    return refused(c, "the dice lab has no such command");
  }
  viewed_.reset();
  note_run();
  if (!done) return done;
  return Result<bool>::ok(!(state_ == before));
}

void DiceSession::tick(double seconds) {
  (void)seconds;
  poll_jobs();
  // What the Text view (the die's law, on every tab) and the hook (the Z80 tab's too) show.
  die_laws();
  z80_laws();
  checks();
  if (state_.view == "expr") refresh_expression_law();
  note_run();
}

// ---- the view ----------------------------------------------------------------

const DiceView& DiceSession::view() {
  sync_drafts();
  if (viewed_ && *viewed_ == state_) return view_;
  DiceView& v = view_;
  v = DiceView{};
  v.deviation = deviation_;
  v.seed_error = seed_error_;
  if (state_.view == "die") {
    v.law = current_law();
    v.methods = &die_laws_;
    v.die_job = &die_sample_;
    v.die_rolled = &die_rolled_;
    const DiceSampleResult* sample = die_sample_.current(die_sample_key(state_));
    if (v.law && *v.law && sample && !sample->counts.empty())
      v.sample = die_sample_view(v.law->value(), sample->counts[0], sample->rolls, sample->bits_drawn[0]);
    v.roll = dice_lab_roll(state_);
  } else if (state_.view == "expr") {
    refresh_expression_law();  // a link may have changed the expression since the last tick
    v.expr_text = expr_draft_;
    v.expr_error = expr_draft_error_;
    v.expr_error_position = expr_draft_error_position_;
    v.expr_law = &expr_law_;
    v.expr_sample = expr_sample_.current(expr_sample_key(state_));
    v.expr_job = &expr_sample_;
    const bool with_law = expr_law_.law && expr_law_.view;
    v.chart = expr_chart_view(with_law ? &*expr_law_.law : nullptr, with_law ? &*expr_law_.view : nullptr,
                              v.expr_sample);
  } else {
    v.z80_seed = z80_seed();
    v.z80_laws = &z80_laws();
    v.first_rolls = &first_rolls(v.z80_seed);
    v.printed = z80_roll_die_counts(20);
    v.z80_sample = z80_sample_.current(z80_sample_key(v.z80_seed, state_.rolls));
    if (v.z80_sample && v.z80_sample->counts.size() != dice_methods().size()) v.z80_sample = nullptr;
    v.z80_job = &z80_sample_;
    v.checks = checks();
    if (!v.checks) v.checks_error = checks_.error;
  }
  viewed_ = state_;
  return view_;
}

// ---- the Text view -------------------------------------------------------------

std::vector<TextLine> DiceSession::text() {
  const DiceLabState& s = state_;
  const DiceMethodInfo* method = find_dice_method(s.method);
  TextLines out;
  out.sub("Die");
  out.item("Method: " + (method ? std::string(method->label) + " (" + s.method + ")" : s.method));
  if (method && !method->summary.empty()) out.para(std::string(method->summary));
  out.item("Die: d" + std::to_string(s.sides) + " from " + std::to_string(s.bits) + "-bit words");
  out.item("Generator for sampling: " + s.gen + ", seed " + s.seed + ", " + grouped_and_plain(s.rolls) + " rolls");
  if (s.view == "expr") out.item("Dice expression shown: " + s.expr);
  if (s.view == "z80") out.item("Shown: the Z80 d20 table");
  if (!method) return out.take();
  const Result<DieLaw>* exact = current_law();
  if (!exact) {
    out.para(kComputingExactLaws);
    return out.take();
  }
  if (!*exact) {
    out.para("No exact law: " + exact->error());
    return out.take();
  }
  const DieLaw& law = exact->value();
  out.sub("Exact law of one roll");
  if (!law.how.empty()) out.para(law.how);
  for (const StatRow& row : die_stat_rows(law)) out.item(row.what + ": " + row.value);
  constexpr std::size_t kFacesListed = 24;
  const std::size_t faces = std::min<std::size_t>(law.weights.size(), kFacesListed);
  for (std::size_t i = 0; i < faces; ++i)
    out.item("Face " + std::to_string(i + 1) + ": probability " + fraction_text(law.probability(i)) + " = " +
             number_text(law.probabilities[i], 6));
  if (law.weights.size() > faces)
    out.item("(faces " + std::to_string(faces + 1) + " to " + std::to_string(law.weights.size()) + " not listed)");
  const DiceSampleResult* r = s.view == "die" ? die_sample_.current(die_sample_key(s)) : nullptr;
  if (!r || r->counts.empty() || r->counts[0].size() != law.weights.size()) return out.take();
  const DieSampleView sample = die_sample_view(law, r->counts[0], r->rolls, r->bits_drawn[0]);
  out.sub("Sample of " + grouped_and_plain(sample.rolls) + " rolls");
  out.para(sample.uniform_line.text);
  out.para(sample.exact_line.text);
  out.item("Random bits per roll: " + number_text(sample.bits_per_roll, 6));
  for (std::size_t i = 0; i < faces; ++i)
    out.item("Face " + std::to_string(i + 1) + " sampled: " + sampled_share_text(sample.counts[i], sample.rolls));
  return out.take();
}

// ---- the test hook -------------------------------------------------------------

namespace {

// 0-based values as 1-based faces.
std::string json_faces(const std::vector<std::uint64_t>& values) {
  return json_array(values, [](std::uint64_t v) { return std::to_string(v + 1); });
}

std::string json_big(const BigUint& value) { return json_string(value.to_string()); }

template <class R>
std::string job_json(const JobSlot<R>& slot) {
  return "{\"state\":" + std::to_string(static_cast<int>(slot.status.state)) + ",\"progress\":" +
         json_number(slot.status.progress) + ",\"summary\":" + json_string(slot.status.summary);
}

std::string law_json(const DieLaw& l) {
  return "{\"how\":" + json_string(l.how) + ",\"total\":" + json_big(l.total) + ",\"rejected\":" + json_big(l.rejected) +
         ",\"counts\":" + json_array(l.weights, json_big) + ",\"tv\":" + json_number(l.stats.total_variation_approx) +
         ",\"tvFraction\":" + json_string(l.stats.total_variation.to_string()) + ",\"maxMinRatio\":" +
         (l.stats.max_min_ratio ? json_string(l.stats.max_min_ratio->to_string()) : std::string("null")) +
         ",\"never\":" + json_faces(l.stats.never) + ",\"favoured\":" + std::to_string(l.stats.favoured.size()) +
         ",\"starved\":" + std::to_string(l.stats.starved.size()) + ",\"expectedBits\":" +
         json_number(l.expected_bits.to_double()) + ",\"log2n\":" + json_number(l.log2_sides) +
         ",\"rollsToNotice\":" + json_number(rolls_to_notice(l)) + "}";
}

std::string compare_json(const DiceMethodInfo& method, const Result<DieLaw>* law) {
  std::string out = "{\"method\":" + json_string(method.name);
  if (!law) return out + ",\"computing\":true}";
  const Result<DieLaw>& l = *law;
  if (!l) return out + ",\"error\":" + json_string(l.error()) + "}";
  return out + ",\"tv\":" + json_number(l->stats.total_variation_approx) + ",\"never\":" +
         std::to_string(l->stats.never.size()) + ",\"maxMinRatio\":" +
         json_number(l->stats.max_min_ratio ? l->stats.max_min_ratio->to_double() : HUGE_VAL) +
         ",\"expectedBits\":" + json_number(l->expected_bits.to_double()) + "}";
}

}  // namespace

// ,"exact":{...},"compare":[...],"sample":{...}
std::string DiceSession::describe_exact_json() {
  DiceLawTable& table = die_laws();
  const Result<DieLaw>* law_in = current_law();
  const std::string exact = !law_in ? "null" : *law_in ? law_json(**law_in) : "{\"error\":" + json_string(law_in->error()) + "}";
  std::string out = ",\"exact\":" + exact;
  const auto methods = dice_methods();
  out += ",\"compare\":[";
  for (std::size_t i = 0; i < methods.size(); ++i) out += (i ? "," : "") + compare_json(methods[i], law(table, i));
  out += "]";
  out += ",\"sample\":" + job_json(die_sample_);
  const DiceSampleResult* sample = die_sample_.current(die_sample_key(state_));
  if (sample && law_in && *law_in) {
    const auto& counts = sample->counts[0];
    const SampleVerdict v = judge_sample(counts, (*law_in)->probabilities);
    out += ",\"rolls\":" + std::to_string(sample->rolls) + ",\"counts\":" + json_integers(counts) +
           ",\"bitsDrawn\":" + std::to_string(sample->bits_drawn[0]) + ",\"chiSquare\":" +
           json_number(v.chi_square_uniform) + ",\"pValue\":" + json_number(v.p_uniform) +
           ",\"chiSquareExact\":" + json_number(v.chi_square_exact) + ",\"pValueExact\":" + json_number(v.p_exact);
  }
  return out + "}";
}

// ,"expression":{...}
std::string DiceSession::describe_expression_json() {
  if (state_.view == "expr") refresh_expression_law();
  const DiceExprLaw& e = expr_law_;
  std::string out = ",\"expression\":{\"text\":" + json_string(expr_draft_) + ",\"error\":" +
                    json_string(expr_draft_error_) + ",\"errorPosition\":" +
                    (expr_draft_error_position_ ? std::to_string(*expr_draft_error_position_) : std::string("null")) +
                    ",\"lawExpr\":" + json_string(e.expr) + ",\"lawError\":" + json_string(e.error) +
                    ",\"lawComputing\":" + json_bool(e.job.running());
  if (e.law && e.view)
    out += ",\"minTotal\":" + std::to_string(e.law->min_total) + ",\"totals\":" + std::to_string(e.law->counts.size()) +
           ",\"outcomes\":" + json_big(e.law->outcomes) + ",\"mean\":" + json_number(e.view->mean) +
           (e.law->counts.size() <= 2000 ? ",\"counts\":" + json_array(e.law->counts, json_big) : std::string());
  out += ",\"sample\":" + job_json(expr_sample_);
  if (const auto& sample = expr_sample_.result)
    out += ",\"rolls\":" + std::to_string(sample->rolls) + ",\"minTotal\":" + std::to_string(sample->min_total) +
           ",\"counts\":" + json_integers(sample->counts);
  return out + "}}";
}

// ,"z80":{...}
std::string DiceSession::describe_z80_json() {
  DiceLawTable& d20 = z80_laws();
  const auto methods = dice_methods();
  std::string out = ",\"z80\":{\"seed\":" + json_string(z80_seed()) + ",\"face20\":{";
  for (std::size_t i = 0; i < methods.size(); ++i) {
    const Result<DieLaw>* l = law(d20, i);
    out += (i ? "," : "") + json_string(methods[i].name) + ":" +
           (l && *l ? json_string(Fraction((*l)->weights[19], (*l)->total).to_string()) : std::string("null"));
  }
  out += "},\"printedRollDieFace20\":" + std::to_string(z80_roll_die_counts(20)[20]);
  const std::vector<ArticleCheck>* article = checks();
  out += ",\"checks\":" + json_array(article ? *article : std::vector<ArticleCheck>{}, [](const ArticleCheck& c) {
    return "{\"source\":" + json_string(c.source) + ",\"verdict\":" + json_string(verdict_label(c.verdict)) + "}";
  });
  out += ",\"sample\":" + job_json(z80_sample_);
  if (const auto& sample = z80_sample_.result)
    out += ",\"face20\":" +
           json_array(sample->counts, [](const std::vector<std::uint64_t>& c) { return std::to_string(c[19]); });
  return out + "}}";
}

std::string DiceSession::describe_json() {
  poll_jobs();  // the hook may ask between two ticks
  sync_drafts();
  const DiceLabState& s = state_;
  std::string out = "{\"method\":" + json_string(s.method) + ",\"sides\":" + std::to_string(s.sides) +
                    ",\"bits\":" + std::to_string(s.bits) + ",\"gen\":" + json_string(s.gen) +
                    ",\"seed\":" + json_string(s.seed) + ",\"rolls\":" + std::to_string(s.rolls) +
                    ",\"expr\":" + json_string(s.expr) + ",\"view\":" + json_string(s.view);
  out += describe_exact_json();
  out += describe_expression_json();
  out += ",\"roll\":{\"k\":" + std::to_string(s.roll);
  if (const auto r = dice_lab_roll(s))
    out += ",\"value\":" + std::to_string(r->value) + ",\"wordsBefore\":" + std::to_string(r->words_before) +
           ",\"words\":" + json_array(r->words, [](std::uint64_t w) { return json_string(std::to_string(w)); });
  else
    out += ",\"error\":" + json_string(r.error());
  out += "}";
  out += describe_z80_json();
  return out;  // the caller adds the lanes and closes the object
}

// ---- CSV exports -------------------------------------------------------------------

std::vector<CsvExport> DiceSession::csv_exports() {
  std::vector<CsvExport> out;
  const DiceLabState& s = state_;
  if (s.view == "die") {
    const Result<DieLaw>* law_in = current_law();
    if (!law_in || !*law_in) return out;
    const Result<DieLaw>& current = *law_in;
    const DiceSampleResult* sample = die_sample_.current(die_sample_key(s));
    if (sample && sample->counts.empty()) sample = nullptr;
    const std::string name = "d" + std::to_string(s.sides) + "-" + s.method + "-" + std::to_string(s.bits) + "bit";
    out.push_back({"die", "Law of the d" + std::to_string(s.sides) + (sample ? " and the sample" : ""),
                   "shufflelab-" + name + ".csv",
                   die_law_csv(current.value(), sample ? std::span<const std::uint64_t>(sample->counts[0])
                                                       : std::span<const std::uint64_t>(),
                               sample ? sample->rolls : 0)
                       .text()});
    out.push_back(methods_csv(die_laws(), false));
  } else if (s.view == "z80") {
    out.push_back(methods_csv(z80_laws(), true));
  } else if (s.view == "expr" && expr_law_.law && expr_law_.expr == s.expr) {
    const DiceExprSampleResult* sample = expr_sample_.current(expr_sample_key(s));
    out.push_back({"expr", "Law of " + s.expr + (sample ? " and the sample" : ""),
                   "shufflelab-" + expression_to_link(s.expr) + ".csv",
                   expr_law_csv(*expr_law_.law, sample ? sample->min_total : 0,
                                sample ? std::span<const std::uint64_t>(sample->counts) : std::span<const std::uint64_t>(),
                                sample ? sample->rolls : 0)
                       .text()});
  }
  return out;
}

CsvExport DiceSession::methods_csv(DiceLawTable& table, bool with_printed) {
  std::vector<FaceLawRow> rows;
  const auto methods = dice_methods();
  for (std::size_t i = 0; i < methods.size(); ++i) {
    const Result<DieLaw>* in = law(table, i);
    if (!in || !*in) continue;  // a method that cannot roll this die (the table says why)
    const Result<DieLaw>& l = *in;
    FaceLawRow row{std::string(methods[i].name), {}};
    for (std::size_t f = 0; f < l->weights.size(); ++f) row.faces.push_back(l->probability(f));
    rows.push_back(std::move(row));
  }
  if (with_printed) {
    // The article's rollDie executed as printed, over the 256 bytes.
    const std::vector<std::uint32_t> printed = z80_roll_die_counts(static_cast<std::uint8_t>(table.sides));
    FaceLawRow row{"rollDie as printed", {}};
    for (std::uint64_t f = 1; f <= table.sides; ++f) row.faces.emplace_back(printed[f], 256);
    rows.push_back(std::move(row));
  }
  const std::string die = "d" + std::to_string(table.sides) + "-" + std::to_string(table.bits) + "bit";
  return {"methods", "Every method's law of the d" + std::to_string(table.sides) + " (fractions)",
          "shufflelab-" + die + "-methods.csv", face_law_matrix_csv(rows).text()};
}

void DiceSession::forget_results() {
  die_sample_.clear(jobs_);
  expr_sample_.clear(jobs_);
  z80_sample_.clear(jobs_);
}

}  // namespace shufflelab
