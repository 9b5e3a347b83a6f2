#include "core/poker/poker_session.hpp"

#include <cinttypes>
#include <cstdio>
#include <utility>

#include "core/base/cards.hpp"
#include "core/base/parse.hpp"
#include "core/base/text_format.hpp"
#include "core/poker/poker_csv.hpp"
#include "core/poker/poker_sweep.hpp"

namespace shufflelab {

namespace {
constexpr double kCallsPerSecond = 3.0;

const char* verdict_name(DealVerdict v) {
  if (v == DealVerdict::Dealt) return "dealt";
  return v == DealVerdict::TooHigh ? "too_high" : "duplicate";
}

Result<bool> refused(const LabCommand& c, const std::string& why) {
  return Result<bool>::fail(lab_command_text(c) + ": " + why);
}
}  // namespace

void PokerSession::set_step(std::int64_t step) { state_ = with_poker_step(state_, step); }

void PokerSession::start(PokerSweepRun& run, const char* kind, bool full) {
  const std::string params = poker_sweep_params(full);
  run.job.start(jobs_, kind, params, params);  // the seeds swept are all the result depends on
  run.full = full;
  started_run_ = &run == &hands_ ? "hands" : full ? "sweep" : "sample";
  run.started = clock_;
}

void PokerSession::poll(PokerSweepRun& run) {
  if (!run.job.poll(jobs_)) return;
  run.seconds = clock_ - run.started;
  run.last = run.job.status.result;
  run.last_full = run.full;
  if (&run == &sweep_) view_.swept = sweep_stats_from_result(run.last);
}

// A sweep just started becomes the link's run=; a cancelled one leaves it.
// No lab field changes a sweep's result, so nothing else drops it.
void PokerSession::note_run() {
  if (!started_run_.empty()) linked_run_.started(state_.run, std::exchange(started_run_, ""), "one chip");
  const PokerSweepRun& run = state_.run == "hands" ? hands_ : sweep_;
  linked_run_.drop_if_stale(state_.run, "one chip", run.job.status.state == JobStatus::State::cancelled);
}

void PokerSession::start_linked_run() {
  if (state_.run == "sweep") start(sweep_, "poker_sweep", true);
  else if (state_.run == "sample") start(sweep_, "poker_sweep", false);
  else if (state_.run == "hands") start(hands_, "poker_hands", true);
  note_run();
}

Result<bool> PokerSession::apply(const LabCommand& c) {
  const PokerLabState before = state_;
  const std::string& v = c.verb;
  const bool transport = v == "step" || v == "back" || v == "first" || v == "last" || v == "t" || v == "seed" ||
                         v == "next_deal" || v == "open_worst";
  if (transport) playing_ = false;
  if ((v == "t" || v == "seed" || v == "log_scale" || v == "lanes") && !c.has_arg) return refused(c, "needs a value");
  if (v == "step") set_step(std::int64_t{state_.step} + 1);
  else if (v == "back") set_step(std::int64_t{state_.step} - 1);
  else if (v == "first") set_step(0);
  else if (v == "last") set_step(poker_deal_calls(state_.seed));
  else if (v == "play" || v == "pause" || v == "toggle_play") {
    playing_ = v == "play" || (v == "toggle_play" && !playing_);
    if (playing_ && state_.step >= poker_deal_calls(state_.seed)) set_step(0);  // play again from the seed
  } else if (v == "next_deal") {
    state_ = {one_chip_deal(state_.seed).final_state, 0, state_.lanes, state_.run};
  } else if (v == "open_worst") {
    if (!view_.swept) return refused(c, "no sweep has finished yet");
    const SweepStats& s = *view_.swept;
    state_ = with_poker_step({s.max_seed, 0, state_.lanes, state_.run}, s.max_calls);
  } else if (v == "t") {
    auto r = parse_decimal("t", c.arg, 0, 1000);
    if (!r) return Result<bool>::fail(r.error());
    set_step(static_cast<std::int64_t>(*r));
  } else if (v == "seed") {
    auto r = parse_hex("seed", c.arg, 8);
    if (!r) return Result<bool>::fail(r.error());
    state_ = {static_cast<std::uint32_t>(*r), 0, state_.lanes, state_.run};
  } else if (v == "log_scale") {
    if (c.arg != "0" && c.arg != "1") return refused(c, "expected 0 or 1");
    log_scale_ = c.arg == "1";
  } else if (v == "lanes") {
    if (c.arg != "0" && c.arg != "1") return refused(c, "expected 0 or 1");
    state_.lanes = c.arg == "1";
  } else if (v == "sweep_full" || v == "sweep_sample") {
    start(sweep_, "poker_sweep", v == "sweep_full");
  } else if (v == "count_hands") {
    start(hands_, "poker_hands", true);
  } else if (v == "cancel_sweep") {
    sweep_.job.cancel(jobs_);
  } else if (v == "cancel_hands") {
    hands_.job.cancel(jobs_);
  } else {
    return refused(c, "the poker lab has no such command");
  }
  note_run();
  return Result<bool>::ok(!(state_ == before));
}

void PokerSession::tick(double seconds) {
  clock_ += seconds;
  poll(sweep_);
  poll(hands_);
  note_run();
  if (!playing_) return;
  play_accumulator_ += seconds * kCallsPerSecond;
  if (play_accumulator_ >= 1.0) {
    play_accumulator_ -= 1.0;
    set_step(std::int64_t{state_.step} + 1);
  }
  if (state_.step >= poker_deal_calls(state_.seed)) playing_ = false;
}

void PokerSession::leave() {
  sweep_.job.cancel(jobs_);
  hands_.job.cancel(jobs_);
  note_run();
}

const PokerView& PokerSession::view() {
  if (view_.deal.seed != state_.seed || view_.deal.step != state_.step || view_.deal.calls.empty())
    view_.deal = poker_deal_view(state_);
  view_.playing = playing_;
  view_.log_scale = log_scale_;
  view_.sweep = &sweep_;
  view_.hands = &hands_;
  view_.clock = clock_;
  return view_;
}

std::vector<CsvExport> PokerSession::csv_exports() {
  std::vector<CsvExport> out;
  if (!view_.swept) return out;
  const SweepStats& stats = *view_.swept;
  const bool full = sweep_.last_full;
  out.push_back({"calls", full ? "Calls per deal, all 2^32 seeds" : "Calls per deal, the 2^24-seed sample",
                 full ? "shufflelab-onechip-calls-all-seeds.csv" : "shufflelab-onechip-calls-sample.csv",
                 sweep_histogram_csv(stats).text()});
  return out;
}

std::string PokerSession::describe_json() {
  const PokerDealView& v = view().deal;
  std::string cards = "[", dealt = "[";
  for (std::size_t i = 0; i < v.deal.cards.size(); ++i) cards += (i ? "," : "") + std::to_string(v.deal.cards[i]);
  for (std::size_t i = 0; i < v.dealt.size(); ++i) dealt += (i ? "," : "") + std::to_string(v.dealt[i]);
  std::string out = "{\"seed\":" + json_string(format_hex_upper(state_.seed, 8)) + ",\"t\":" + std::to_string(v.step) +
                    ",\"calls\":" + std::to_string(v.deal.calls) + ",\"tooHigh\":" + std::to_string(v.deal.too_high) +
                    ",\"duplicates\":" + std::to_string(v.deal.duplicates) + ",\"cards\":" + cards + "]" +
                    ",\"dealt\":" + dealt + "]" + ",\"state\":" + json_string(format_hex_upper(v.state, 8)) +
                    ",\"verdict\":" +
                    json_string(v.step == 0 ? "none" : verdict_name(v.calls[v.step - 1].verdict)) +
                    ",\"playing\":" + (playing_ ? "true" : "false") + ",\"logScale\":" + (log_scale_ ? "true" : "false");
  const auto job_json = [](const PokerSweepRun& run) {
    char head[160];
    std::snprintf(head, sizeof head, "{\"state\":%d,\"progress\":%.4f,\"full\":%s,\"seconds\":%.3f,\"finishedFull\":%s",
                  static_cast<int>(run.job.status.state), run.job.status.progress, run.full ? "true" : "false",
                  run.seconds, run.last_full ? "true" : "false");
    return std::string(head);
  };
  out += ",\"sweep\":" + job_json(sweep_);
  if (view_.swept) {
    const SweepStats& s = *view_.swept;
    char numbers[160];
    std::snprintf(numbers, sizeof numbers, ",\"seeds\":%" PRIu64 ",\"max\":%u,\"maxSeed\":\"%08X\",\"mean\":\"%.4f\"",
                  s.seeds, s.max_calls, s.max_seed, s.mean_calls());
    out += numbers;
    out += ",\"histogram\":[";
    for (std::size_t c = 0; c < s.histogram.size(); ++c) out += (c ? "," : "") + std::to_string(s.histogram[c]);
    out += "]";
  }
  out += "},\"hands\":" + job_json(hands_);
  if (hands_.last.size() >= 3)
    out += ",\"seeds\":" + std::to_string(static_cast<std::uint64_t>(hands_.last[0])) +
           ",\"reachable\":" + std::to_string(static_cast<std::uint64_t>(hands_.last[1])) +
           ",\"allDealtBy\":" + std::to_string(static_cast<std::int64_t>(hands_.last[2]));
  out += "},\"patHands\":" + std::to_string(pat_hand_count()) + ",\"possibleDeals\":" + std::to_string(possible_deal_count());
  return out;  // the caller adds the lanes and closes the object
}

namespace {
std::string card_text(std::uint32_t c) { return card_face(CardFaces::standard, c).name + " (" + card_name(c) + ")"; }
}  // namespace

std::vector<TextLine> PokerSession::text() {
  const PokerView& view = this->view();
  const PokerDealView& v = view.deal;
  TextLines out;
  out.sub("Deal");
  out.item("Seed: " + format_hex_upper(v.seed, 8));
  out.item("Call " + std::to_string(v.step) + " of " + std::to_string(v.deal.calls) + " LCRNG calls for this deal");
  out.item("LCRNG state: " + format_hex_upper(v.state, 8));
  if (v.step == 0) {
    out.para("No call yet: the state is the seed.");
  } else {
    const DealCall& c = v.calls[v.step - 1];
    std::string what;
    if (c.verdict == DealVerdict::Dealt) what = "dealt: value " + std::to_string(c.value) + " is " + card_text(c.value);
    else if (c.verdict == DealVerdict::TooHigh) what = "too high: value " + std::to_string(c.value) + " is 52 or more, drawn again";
    else what = "duplicate: " + card_text(c.value) + " was already dealt at call " + std::to_string(v.first_dealt_at);
    out.para("Call " + std::to_string(v.step) + " verdict: " + what + ".");
  }
  std::string dealt;
  for (std::size_t i = 0; i < v.dealt.size(); ++i) dealt += (i ? ", " : "") + card_text(v.dealt[i]);
  out.item("Cards dealt (" + std::to_string(v.dealt.size()) + " of 10, the first five are the pat hand): " +
           (dealt.empty() ? std::string("none yet") : dealt));
  out.item("Thrown away so far: " + std::to_string(v.too_high) + " too high, " + counted(v.duplicates, "duplicate"));
  out.item("Whole deal: " + counted(v.deal.calls, "call") + ", " + std::to_string(v.deal.too_high) + " too high, " +
           counted(v.deal.duplicates, "duplicate") + " (the article's worst case: " +
           std::to_string(kArticleWorstCalls) + " calls)");
  if (const std::optional<SweepStats>& st = view.swept) {
    const bool full = sweep_.last_full;
    out.sub(full ? "Every seed" : "Sample of seeds");
    out.para((full ? "All " + grouped_and_plain(st->seeds) + " seeds"
                   : "SAMPLE, partial: " + grouped_and_plain(st->seeds) + " of the " + grouped_and_plain(kLcrngPeriod) +
                         " seeds") +
             ", in " + fixed_decimals(sweep_.seconds, 1) + " s here.");
    out.item("Most calls: " + std::to_string(st->max_calls) + ", first at seed " + format_hex_upper(st->max_seed, 8) +
             (full ? "" : " (a sample only bounds the most from below)"));
    out.item("Mean: " + fixed_decimals(st->mean_calls(), 4) + " calls per deal");
  }
  if (const std::vector<double>& h = hands_.last; h.size() >= 3) {
    const auto reachable = static_cast<std::uint64_t>(h[1]);
    out.item("Pat hands dealt: " + grouped_and_plain(reachable) + " of the " + grouped_and_plain(pat_hand_count()) +
             (h[2] >= 0 ? ": all of them, within the first " + grouped_and_plain(static_cast<std::uint64_t>(h[2]) + 1) +
                              " seeds"
                        : ""));
  }
  return out.take();
}

void PokerSession::forget_results() {
  sweep_.job.clear(jobs_);
  hands_.job.clear(jobs_);
  sweep_ = {};
  hands_ = {};
  view_.swept.reset();
}

}  // namespace shufflelab
