// lfsr_session.cpp: the LFSR lab's session (commands in lfsr_session.hpp).
//
// Index of this file:
// [SECTION] Caches
// [SECTION] Edits and time
// [SECTION] Commands
// [SECTION] Text view
// [SECTION] Test hook
#include "core/lfsr/lfsr_session.hpp"

#include <algorithm>
#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <utility>
#include <variant>

#include "core/base/parse.hpp"
#include "core/base/text_format.hpp"
#include "core/gen/gf2.hpp"
#include "core/lfsr/lattice_wire.hpp"

namespace shufflelab {

namespace {
constexpr std::uint64_t kFullSpeedChunk = 1024;  // steps between clock reads
constexpr double kFullSpeedBudgetMs = 2.0;       // per tick
constexpr std::size_t kLatticePoints = 3000;

constexpr LfsrTab kTabs[] = {{"stepper", "Stepper"},
                             {"bitplane", "Bit plane"},
                             {"lattice", "Lattice"},
                             {"period", "Period & cycles"},
                             {"claims", "Claims vs numbers"}};

Result<bool> refused(const LabCommand& c, const std::string& why) {
  return Result<bool>::fail(lab_command_text(c) + ": " + why);
}

// "12", "8.5": a speed in steps a second (the slider's value).
std::optional<double> parse_speed(std::string_view text) {
  const std::size_t dot = text.find('.');
  auto whole = parse_decimal("speed", text.substr(0, dot), 0, 1000000000);
  if (!whole) return std::nullopt;
  double value = static_cast<double>(*whole);
  if (dot == std::string_view::npos) return value;
  const std::string_view fraction = text.substr(dot + 1);
  if (fraction.empty() || fraction.size() > 9 || !parse_decimal("speed", fraction, 0, 999999999)) return std::nullopt;
  double scale = 1.0;
  for (char digit : fraction) scale /= 10.0, value += (digit - '0') * scale;
  return value;
}


}  // namespace

// [SECTION] Caches

void LfsrSession::refresh() {
  if (!timeline_ || !timeline_->same_config(state_)) {
    timeline_.reset();
    timeline_error_.clear();
    if (auto t = LabTimeline::make(state_)) timeline_.emplace(std::move(t.value()));
    else timeline_error_ = t.error();
    stepped_key_.clear();
    plane_key_.clear();
    lattice_key_.clear();
  }
  if (std::string key = lfsr_setup_key(state_); key != analysed_key_) {
    analysed_key_ = std::move(key);
    analysis_.reset();
    period_.reset();
    analysis_error_.clear();
    if (lab_gen_is_linear(state_.gen)) {
      if (auto a = analyse_lab(state_)) analysis_ = std::move(a.value()), period_ = period_view(state_, *analysis_);
      else analysis_error_ = a.error();
    }
  }
  if (state_.gen == LabGen::tarot32 && maximal_masks_width_ != state_.width) {
    maximal_masks_ = maximal_tarot_masks(state_.width);
    maximal_masks_width_ = state_.width;
  }
}

const LfsrSessionView& LfsrSession::view() {
  refresh();
  LfsrSessionView& v = view_;
  v.tabs.clear();
  for (const LfsrTab& tab : kTabs)
    if (lfsr_tab_available(state_.gen, tab.id)) v.tabs.push_back(tab);
  v.runs = timeline_.has_value();
  v.timeline_error = timeline_error_;
  v.playing = playing_;
  v.speed = speed_;
  v.full_speed = speed_ >= kLfsrFullSpeed;
  v.max_step = lab_max_step(state_.gen);
  const LabAnalysis* analysis = analysis_ ? &*analysis_ : nullptr;
  v.range = timeline_range(state_, analysis);
  v.t_note = "t counts " + lab_unit_plural(state_.gen);
  if (lab_gen_steps_bits(state_.gen)) v.t_note += " (8 make one output byte)";
  if (lab_gen_jumps(state_.gen))
    v.t_note += lab_gen_is_linear(state_.gen) ? ". Scrubbing jumps ahead with GF(2) matrix powers; the slider spans "
                                                "one cycle of this seed."
                                              : ". Scrubbing jumps ahead in O(log t); nothing is replayed.";
  else
    v.t_note += ". " + std::string(lab_gen_name(state_.gen)) + " has no jump-ahead here, so the lab replays it (from "
                "checkpoints every 4096 outputs) and t stops at " + grouped(v.max_step) + ".";
  v.analysis = analysis;
  v.period = period_ ? &*period_ : nullptr;
  v.analysis_error = analysis_error_;
  v.maximal_masks = state_.gen == LabGen::tarot32 ? maximal_masks_ : std::vector<std::uint8_t>{};
  v.step_check = &step_check_;
  v.step_check_is_current = step_check_.belongs_to(analysed_key_);
  v.step_limit = step_check_limit(state_, analysis);
  v.counted = step_check_.current(analysed_key_);
  v.counted_agrees = v.counted && analysis && step_check_agrees(analysis->seed, *v.counted);
  v.plane_source = plane_source_;
  v.stream_command = stream_command_;
  v.stream_error = stream_error_;
  return v;
}

const LfsrStepperView& LfsrSession::stepper() {
  refresh();
  if (!timeline_) return stepper_;
  std::string key = lfsr_setup_key(state_, true);
  if (key == stepped_key_) return stepper_;
  stepped_key_ = std::move(key);
  LfsrStepperView& v = stepper_;
  switch (state_.gen) {
    case LabGen::tarot32:
      v.lfsr = lfsr_view(state_, *timeline_);
      v.reg = register_stepper_view(state_, v.lfsr);
      v.dice = tarot_dice_view(GaloisLfsr{state_.width, lab_galois_taps(state_), state_.seed}, state_.t / 8);
      break;
    case LabGen::fibonacci:
      v.lfsr = lfsr_view(state_, *timeline_);
      v.reg = register_stepper_view(state_, v.lfsr);
      break;
    case LabGen::z80: v.z80 = z80_view(state_, *timeline_); break;
    default: v.outputs = outputs_view(state_, *timeline_); break;
  }
  return stepper_;
}

const LfsrBitPlane& LfsrSession::bit_plane() {
  refresh();
  if (!timeline_) return plane_;
  std::string key = lfsr_setup_key(state_, true);
  if (key == plane_key_ && plane_built_source_ == plane_source_) return plane_;
  plane_key_ = std::move(key);
  plane_built_source_ = plane_source_;
  plane_.bits = bit_plane_bits(ByteGenerator(timeline_->at(state_.t)), plane_source_);
  ++plane_.generations;
  return plane_;
}

std::string LfsrSession::lattice_params() const {
  const LcgPreset& p = lab_lcg_preset(state_);
  return "a=" + std::to_string(p.a) + "&c=" + std::to_string(p.c) + "&bits=" + std::to_string(p.modulus_bits);
}

// Starts the preset's job the first time, takes its payload when it is done.
const LatticeDuals* LfsrSession::lattice_duals_in() {
  const std::string params = lattice_params();
  if (!lattice_job_.belongs_to(params)) lattice_job_.start(jobs_, "lcg_lattice", params, params);
  lattice_job_.poll_into(jobs_, [](const JobStatus& s) { return decode_lattice_duals(s.result, s.payload); });
  return lattice_job_.current(params);
}

bool LfsrSession::lattice_awaited() const {
  if (state_.gen != LabGen::lcg32) return false;
  return !lattice_job_.belongs_to(lattice_params()) || lattice_job_.running();
}

const LcgLattice* LfsrSession::lattice() {
  refresh();
  if (state_.gen != LabGen::lcg32) return nullptr;
  const LatticeDuals* duals = lattice_duals_in();
  if (!duals || !timeline_) return nullptr;
  std::string key = lfsr_setup_key(state_, true);
  if (key != lattice_key_) {
    lattice_key_ = std::move(key);
    const Lcg32& generator = std::get<Lcg32>(timeline_->at(state_.t));
    lattice_ = LcgLattice{std::uint64_t{1} << generator.modulus_bits, lcg_triples(generator, kLatticePoints), *duals};
  }
  return &*lattice_;
}

const ArticleClaims* LfsrSession::claims() {
  if (!claims_) {
    auto c = article_claims();
    if (!c) return claims_error_ = c.error(), nullptr;
    claims_ = std::move(c.value());
  }
  return &*claims_;
}

std::vector<ClaimRow> LfsrSession::claim_rows() {
  const ArticleClaims* c = claims();
  return c ? shufflelab::claim_rows(*c) : std::vector<ClaimRow>{};
}

LabLanes LfsrSession::lanes() {
  refresh();
  if (!timeline_) return LabLanes{{}, timeline_error_};
  return lfsr_lab_lanes(state_, *timeline_);
}

std::string LfsrSession::stream_command_for(std::uint64_t bytes) {
  refresh();
  if (!timeline_) return "";
  auto preview = lab_stream(state_, *timeline_, 1);
  if (!preview) return "";
  std::string command = preview.value().command;
  command.resize(command.size() - 1);  // "--bytes 1" -> "--bytes N"
  return command + std::to_string(bytes) + " > " + preview.value().filename;
}

std::optional<LabStream> LfsrSession::take_download() { return std::exchange(download_, std::nullopt); }

// [SECTION] Edits and time

void LfsrSession::set_config(const LfsrLabState& next) {
  const std::string tab = state_.tab;
  state_ = next;
  state_.tab = lfsr_tab_available(next.gen, tab) ? tab : "stepper";
  state_.t = 0;
  playing_ = false;
  step_accumulator_ = 0.0;
}

void LfsrSession::step(long long delta) {
  const std::uint64_t max = lab_max_step(state_.gen);
  if (delta < 0) {
    const auto back = static_cast<std::uint64_t>(-(delta + 1)) + 1;
    state_.t = back > state_.t ? 0 : state_.t - back;
  } else {
    const auto forward = static_cast<std::uint64_t>(delta);
    state_.t = forward > max - std::min(state_.t, max) ? max : state_.t + forward;
  }
}

// Bit-step generators: to the next (previous) byte boundary; others one output.
void LfsrSession::step_byte(int direction) {
  if (!lab_gen_steps_bits(state_.gen)) return step(direction);
  const auto into = static_cast<long long>(state_.t % 8);
  step(direction > 0 ? 8 - into : -(into ? into : 8));
}

void LfsrSession::play(double seconds) {
  refresh();
  if (!timeline_) return;
  const std::uint64_t max = timeline_->max_step();
  if (state_.t >= max) {
    playing_ = false;
    return;
  }
  if (speed_ >= kLfsrFullSpeed) {
    // As many real steps as fit in the tick's budget, from t (the lanes and the views move the timeline too).
    timeline_->at(state_.t);
    const auto start = std::chrono::steady_clock::now();
    std::uint64_t t = state_.t;
    do {
      t = timeline_->advance(kFullSpeedChunk);
    } while (t < max && std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count() <
                            kFullSpeedBudgetMs);
    state_.t = t;
    return;
  }
  step_accumulator_ += seconds * speed_;
  const auto whole = static_cast<long long>(step_accumulator_);
  if (whole > 0) {
    step_accumulator_ -= static_cast<double>(whole);
    step(whole);
  }
}

void LfsrSession::start_step_check() {
  refresh();  // the analysis bounds the check
  const std::uint64_t limit = step_check_limit(state_, analysis_ ? &*analysis_ : nullptr);
  if (limit == 0) return;
  step_check_.start(jobs_, "lfsr_lab_step_period", lfsr_lab_step_job_params(state_, limit), lfsr_setup_key(state_));
  linked_run_.started(state_.run, "period", lfsr_setup_key(state_));
}

void LfsrSession::poll_step_check() {
  if (step_check_.poll(jobs_) && !step_check_.status.result.empty())
    step_check_.result = static_cast<std::uint64_t>(step_check_.status.result[0]);
}

// The check is the link's run= until its setup changes or it is cancelled.
void LfsrSession::note_run() {
  linked_run_.drop_if_stale(state_.run, lfsr_setup_key(state_), step_check_.status.state == JobStatus::State::cancelled);
}

void LfsrSession::start_linked_run() {
  if (state_.run == "period") start_step_check();
  note_run();
}

void LfsrSession::tick(double seconds) {
  poll_step_check();
  if (state_.gen == LabGen::lcg32) lattice_duals_in();  // the hook and the CLI show it for any tab
  note_run();
  if (playing_) play(seconds);
}

// [SECTION] Commands

Result<bool> LfsrSession::edit_field(const LabCommand& c) {
  const std::string& v = c.verb;
  const LabGen gen = state_.gen;
  const auto no_such_field = [&] { return refused(c, "the " + std::string(lab_gen_name(gen)) + " generator has no " + v); };
  LfsrLabState next = state_;
  if (v == "width") {
    if (gen == LabGen::xorshift) {
      if (c.arg != "16" && c.arg != "32") return refused(c, "expected 16 or 32");
      next.width = c.arg == "16" ? 16 : 32;
      if (next.width != state_.width) next.seed = 1;
    } else if (lab_gen_steps_bits(gen)) {
      auto r = parse_decimal("width", c.arg, kMinLfsrWidth, kMaxLfsrWidth);
      if (!r) return Result<bool>::fail(r.error());
      next.width = static_cast<int>(*r);
      if (next.width != state_.width) {
        next.seed &= width_mask(next.width);
        if (next.seed == 0) next.seed = 1;
        if (gen == LabGen::fibonacci) next.taps = default_fibonacci_taps(next.width);
        else next.taps &= width_mask(next.width);
      }
    } else {
      return no_such_field();
    }
  } else if (v == "mask" || v == "full_taps") {
    if (gen != LabGen::tarot32) return no_such_field();
    if (v == "mask") {
      auto r = parse_hex("mask", c.arg, 2);
      if (!r) return Result<bool>::fail(r.error());
      next.mask = *r;
    } else {
      if (c.arg != "0" && c.arg != "1") return refused(c, "expected 0 or 1");
      next.full_taps = c.arg == "1";
      next.taps = next.full_taps ? lab_galois_taps(state_) : 0;
    }
  } else if (v == "taps") {
    if (gen != LabGen::fibonacci && !(gen == LabGen::tarot32 && state_.full_taps)) return no_such_field();
    auto r = parse_hex("taps", c.arg, (state_.width + 3) / 4);
    if (!r) return Result<bool>::fail(r.error());
    if (*r & ~width_mask(state_.width)) return Result<bool>::fail("taps: more bits than the register's width");
    next.taps = *r;
  } else if (v == "preset") {
    if (gen != LabGen::lcg32) return no_such_field();
    const auto it = std::find_if(kLcgPresets.begin(), kLcgPresets.end(), [&](const LcgPreset& p) { return p.name == c.arg; });
    if (it == kLcgPresets.end()) return refused(c, "no LCG preset has that name");
    next.preset = static_cast<int>(it - kLcgPresets.begin());
  } else if (v == "seed") {
    auto r = parse_hex("seed", c.arg, lab_seed_digits(state_));
    if (r) r = check_lab_seed(state_, *r);
    if (!r) return Result<bool>::fail(r.error());
    next.seed = *r;
  } else {  // stream
    if (gen != LabGen::pcg32) return no_such_field();
    auto r = parse_hex("stream", c.arg, 16);
    if (!r) return Result<bool>::fail(r.error());
    next.stream = *r;
  }
  if (next == state_) return Result<bool>::ok(false);
  set_config(next);
  return Result<bool>::ok(true);
}

// Whole setups one click away: the Try: buttons, the claims, weak seeds, maximal masks.
Result<bool> LfsrSession::open_setup(const LabCommand& c) {
  const std::string& v = c.verb;
  LfsrLabState next = state_;
  if (v == "try") {
    if (c.arg == "randu") next = lab_defaults(LabGen::lcg32), next.preset = 1, plane_source_ = BitPlaneSource::words;
    else if (c.arg == "tarot16") next = tarot_setup(16, 0x01, 0xBEEF), plane_source_ = BitPlaneSource::bytes;
    else if (c.arg == "z80") next = lab_defaults(LabGen::z80), next.seed = ~std::uint64_t{0};
    else return refused(c, "expected randu, tarot16 or z80");
  } else if (v == "claim") {
    const std::vector<ClaimRow> rows = claim_rows();
    if (rows.empty()) return refused(c, claims_error_);
    const auto it = std::find_if(rows.begin(), rows.end(), [&](const ClaimRow& r) { return c.arg == r.id; });
    if (it == rows.end()) return refused(c, "expected tarot, c5, weak, z80_routine or z80");
    next = it->target;
  } else if (v == "weak_seed" || v == "maximal_mask") {
    refresh();
    const bool weak = v == "weak_seed";
    const std::size_t count = weak ? (analysis_ ? analysis_->examples.size() : 0)
                                   : (state_.gen == LabGen::tarot32 ? maximal_masks_.size() : 0);
    if (count == 0) return refused(c, weak ? "this setup has no weak seeds listed" : "this setup lists no maximal masks");
    auto k = parse_decimal(v, c.arg, 0, count - 1);
    if (!k) return Result<bool>::fail(k.error());
    if (weak) next.seed = analysis_->examples[static_cast<std::size_t>(*k)].seed;
    else next.mask = maximal_masks_[static_cast<std::size_t>(*k)], next.full_taps = false, next.taps = 0;
  }
  const LfsrLabState before = state_;
  set_config(next);
  return Result<bool>::ok(!(state_ == before));
}

Result<bool> LfsrSession::apply(const LabCommand& c) {
  const LfsrLabState before = state_;
  const std::string& v = c.verb;
  const bool needs_value = v == "speed" || v == "scrub" || v == "gen" || v == "width" || v == "mask" ||
                           v == "full_taps" || v == "taps" || v == "preset" || v == "seed" || v == "stream" ||
                           v == "tab" || v == "bitplane" || v == "try" || v == "claim" || v == "weak_seed" ||
                           v == "maximal_mask" || v == "lanes" || v == "download_stream";
  if (needs_value && !c.has_arg) return refused(c, "needs a value");
  if (v == "step" || v == "step_bit") step(1);
  else if (v == "back" || v == "back_bit") step(-1);
  else if (v == "step_byte") step_byte(1);
  else if (v == "back_byte") step_byte(-1);
  else if (v == "reset") state_.t = 0, playing_ = false;
  else if (v == "play") playing_ = true;
  else if (v == "pause") playing_ = false;
  else if (v == "toggle_play") playing_ = !playing_;
  else if (v == "check_period") start_step_check();
  else if (v == "cancel_check") step_check_.cancel(jobs_);
  else if (v == "speed") {
    const std::optional<double> speed = c.arg == "full" ? std::optional<double>(kLfsrFullSpeed) : parse_speed(c.arg);
    if (!speed || *speed < 1.0) return refused(c, "expected full or a number of steps a second, at least 1");
    speed_ = std::min(*speed, kLfsrFullSpeed);
  } else if (v == "scrub") {
    auto t = parse_decimal("scrub", c.arg, 0, ~std::uint64_t{0});
    if (!t) return Result<bool>::fail(t.error());
    state_.t = std::min(*t, lab_max_step(state_.gen));
  } else if (v == "gen") {
    const auto it = std::find_if(kLabGens.begin(), kLabGens.end(), [&](LabGen g) { return lab_gen_name(g) == c.arg; });
    if (it == kLabGens.end()) return refused(c, "no generator of the lab has that name");
    set_config(lab_defaults(*it));
  } else if (v == "width" || v == "mask" || v == "full_taps" || v == "taps" || v == "preset" || v == "seed" ||
             v == "stream") {
    auto r = edit_field(c);
    if (!r) return r;
  } else if (v == "try" || v == "claim" || v == "weak_seed" || v == "maximal_mask") {
    auto r = open_setup(c);
    if (!r) return r;
  } else if (v == "tab") {
    if (!lfsr_tab_available(state_.gen, c.arg)) return refused(c, "this generator has no such tab");
    state_.tab = c.arg;
  } else if (v == "bitplane") {
    if (c.arg != "bytes" && c.arg != "words") return refused(c, "expected bytes or words");
    plane_source_ = c.arg == "bytes" ? BitPlaneSource::bytes : BitPlaneSource::words;
  } else if (v == "lanes") {
    if (c.arg != "0" && c.arg != "1") return refused(c, "expected 0 or 1");
    state_.lanes = c.arg == "1";
  } else if (v == "download_stream") {
    auto bytes = parse_decimal("download_stream", c.arg, 0, ~std::uint64_t{0});
    if (!bytes) return Result<bool>::fail(bytes.error());
    stream_error_.clear();
    refresh();
    if (!timeline_) return refused(c, timeline_error_);
    auto stream = lab_stream(state_, *timeline_, *bytes);
    if (!stream) return stream_error_ = stream.error(), refused(c, stream_error_);
    stream_command_ = stream.value().command;
    download_ = std::move(stream.value());
  } else {
    return refused(c, "the LFSR lab has no such command");
  }
  note_run();
  return Result<bool>::ok(!(state_ == before));
}

// [SECTION] Text view

std::vector<TextLine> LfsrSession::text() {
  const LfsrLabState& s = state_;
  TextLines out;
  out.sub("Generator");
  std::string gen = "Generator: " + std::string(lab_gen_name(s.gen));
  if (s.gen == LabGen::tarot32) {
    gen += " (the tarot article's Galois LFSR), width " + std::to_string(s.width) +
           (s.full_taps ? ", taps " + hex_at_least(lab_galois_taps(s), (s.width + 3) / 4) : ", mask " + hex_at_least(s.mask, 2));
  } else if (s.gen == LabGen::fibonacci) {
    gen += " (Fibonacci LFSR), width " + std::to_string(s.width) + ", taps " + hex_at_least(s.taps, (s.width + 3) / 4);
  } else if (s.gen == LabGen::z80) {
    gen += " (the Z80 routine's 64-bit LFSR)";
  }
  out.item(gen);
  out.item("Seed: " + hex_at_least(s.seed, lab_seed_digits(s)));
  out.item("Step t = " + grouped_and_plain(s.t) + " " + lab_unit_word(s.gen, s.t));
  const LfsrSessionView& view = this->view();
  if (!view.runs) {
    out.para("This generator cannot run: " + view.timeline_error);
    return out.take();
  }
  const LfsrStepperView& stepper = this->stepper();
  if (lab_gen_steps_bits(s.gen)) {
    const LfsrView& v = stepper.lfsr;
    const RegisterStepperView& r = stepper.reg;
    if (v.t == 0) {
      out.para("The register holds the seed; no bit has been shifted out yet.");
    } else if (s.gen == LabGen::tarot32) {
      out.para("Bit-step " + std::to_string(v.t) + ": the register shifted right; bit " +
               std::to_string(v.last_out_bit) + " fell out" +
               (v.taps_applied ? ", so the taps " + r.taps_hex + " were XORed in." : " and nothing was XORed in.") +
               " Output byte " + std::to_string(r.byte_number) + ": " + std::to_string(v.shifts_into_byte) +
               " of 8 shifts done.");
    } else {
      out.para("Bit-step " + std::to_string(v.t) + ": bit " + std::to_string(v.last_out_bit) +
               " fell out and the parity of the taps, " + std::to_string(v.entered_bit) +
               ", entered at the top. Output byte " + std::to_string(r.byte_number) + ": " +
               std::to_string(v.shifts_into_byte) + " of 8 shifts done.");
    }
    out.item("Register: " + hex_at_least(v.state, (v.width + 3) / 4) + " = " + bits_string(v.state, v.width));
    if (!r.fallen.empty()) out.item("Bits fallen in this byte, oldest first: " + r.fallen);
    if (!r.recent_bytes.empty()) out.item("Output bytes so far (hex): " + r.recent_bytes);
  } else if (s.gen == LabGen::z80) {
    const Z80View& v = stepper.z80;
    std::string bytes;
    for (std::size_t i = 0; i < v.bytes.size(); ++i) bytes += (i ? " " : "") + hex_at_least(v.bytes[i], 2);
    out.para(std::string(v.upcoming ? "The call about to run" : "Call " + std::to_string(v.t)) +
             " reads bytes +4..+7 as X = " + hex_at_least(v.x, 8) +
             ", XORs the low bytes of X>>24, X>>21, X>>20, X>>12 and X>>3 into " + hex_at_least(v.output, 2) +
             ", stores it at +0 and moves the old byte +7 (" + hex_at_least(v.dropped, 2) + ") out.");
    out.item("_LFSRSeed+0..+7: " + bytes);
    out.item("Output byte: " + hex_at_least(v.output, 2) + " (" + std::to_string(v.output) + ")");
    std::string recent;
    for (auto b : v.recent_bytes) recent += (recent.empty() ? "" : " ") + hex_at_least(b, 2);
    if (!recent.empty()) out.item("Outputs so far (hex): " + recent);
  } else {
    const OutputsView& v = stepper.outputs;
    out.para("One step: " + v.rule);
    std::string state;
    for (const auto& w : v.state) state += (state.empty() ? "" : ", ") + w.name + " = " + w.hex;
    if (!state.empty()) out.item("State: " + state);
    if (!v.recent.empty()) {
      const OutputRow& last = v.recent.back();
      out.item("Output " + std::to_string(last.index) + ": " + hex_at_least(last.value, (v.value_bits + 3) / 4) + " = " +
               grouped_and_plain(last.value) + ", byte " + hex_at_least(last.byte, 2));
    }
  }

  if (s.gen == LabGen::lcg32 && s.tab == "lattice" && !lattice()) {
    const std::string& error = lattice_job_.error;
    out.para(lattice_job_.running() ? "Computing the lattice's lines and planes..."
                                    : "The lattice's lines and planes were not computed: " +
                                          (error.empty() ? std::string("cancelled") : error));
  }
  if (!lab_gen_is_linear(s.gen)) return out.take();
  out.sub("Period");
  if (!view.analysis || !view.period) {
    out.para("No period analysis: " + view.analysis_error);
    return out.take();
  }
  const LabAnalysis& a = *view.analysis;
  const PeriodView& p = *view.period;
  out.item("Period of this seed: " + p.seed_period + " " + p.seed_period_unit + " (" + std::to_string(a.seed.period) +
           ")" + (p.tail > 0 ? ", after a tail of " + std::to_string(p.tail) : ""));
  out.item("Longest period: " + p.max_period + " (" + std::to_string(a.map.max_period) + "); nonzero states: " +
           p.nonzero_states + " (" + to_decimal(a.map.nonzero_states) + ")");
  out.item(std::string("Maximal (one cycle through every nonzero state): ") + (p.maximal ? "yes" : "no"));
  out.item("Weak seeds (on shorter cycles or falling into zero): " + p.weak_seeds + " (" + to_decimal(a.map.weak_seeds) +
           "), " + fixed_decimals(p.weak_percent, 3) + "% of all seeds");
  if (p.seed_dies) out.item("This seed falls into zero after " + std::to_string(p.tail) + " " + p.units + ".");
  else if (a.seed_is_weak) out.item("This seed is weak: its cycle is shorter than the longest one.");
  else out.item("This seed is on a longest cycle.");
  if (view.counted) {
    const std::uint64_t counted = *view.counted;
    out.item((counted ? "Checked by stepping: the seed came back after " + grouped_and_plain(counted) + " " + p.units
                      : std::string("Checked by stepping: the seed never came back")) +
             (view.counted_agrees ? "; this agrees with the algebra." : "; this disagrees with the algebra!"));
  }
  return out.take();
}

// [SECTION] Test hook

std::string LfsrSession::describe_json_with(std::string_view bit_plane_screen, std::string_view lattice_screen) {
  poll_step_check();  // a cancel shows at once
  const LfsrLabState& s = state_;
  const LfsrSessionView& view = this->view();
  const LfsrStepperView& stepper = this->stepper();
  const bool runs = view.runs;
  std::string out = "{\"gen\":" + json_string(lab_gen_name(s.gen)) + ",\"unit\":" + json_string(lab_step_unit(s.gen)) +
                    ",\"width\":" + std::to_string(s.width) +
                    ",\"seed\":" + json_string(format_hex_upper(s.seed, lab_seed_digits(s))) +
                    ",\"mask\":" + json_string(format_hex_upper(s.mask, 2)) + ",\"t\":" + std::to_string(s.t) +
                    ",\"maxStep\":" + std::to_string(lab_max_step(s.gen)) +
                    ",\"streamCommand\":" + json_string(view.stream_command) + ",\"streamError\":" +
                    json_string(view.stream_error) + ",\"tab\":" + json_string(s.tab) +
                    ",\"playing\":" + json_bool(view.playing);
  if (s.gen == LabGen::tarot32 || s.gen == LabGen::fibonacci)
    out += ",\"taps\":" +
           json_string(format_hex_upper(s.gen == LabGen::tarot32 ? lab_galois_taps(s) : s.taps, (s.width + 3) / 4));
  out += ",\"register\":" + json_string(runs ? ByteGenerator(timeline_->at(s.t)).state_string() : "");

  // The stepper's numbers for the current generator.
  out += ",\"stepper\":{";
  if (runs && lab_gen_steps_bits(s.gen)) {
    const LfsrView& v = stepper.lfsr;
    out += "\"lastOut\":" + std::to_string(v.last_out_bit) + ",\"tapsApplied\":" + json_bool(v.taps_applied) +
           ",\"enteredBit\":" + std::to_string(v.entered_bit) + ",\"fallen\":" + json_string(stepper.reg.fallen) +
           ",\"recentBytes\":" + json_string(stepper.reg.recent_bytes);
    if (s.gen == LabGen::tarot32 && stepper.dice.available) {
      const TarotDiceView& d = stepper.dice;
      out += ",\"dice\":{\"call\":" + std::to_string(d.call) + ",\"rng\":" + json_string(format_hex_upper(d.rng, 2)) +
             ",\"rollsBefore\":" + std::to_string(d.rolls_before) + ",\"bits\":[";
      for (std::size_t k = 0; k < 8; ++k)
        out += std::string(k ? "," : "") + "{\"value\":" + std::to_string(d.bits[k].value) + ",\"roll\":" +
               std::to_string(d.bits[k].roll) + ",\"left\":" + std::to_string(d.bits[k].remaining_after) + "}";
      out += "],\"rolls\":" + json_array(d.rolls, [](const DiceRollRecord& r) {
               return "{\"index\":" + std::to_string(r.index) + ",\"card\":" + std::to_string(r.value) +
                      ",\"flips\":" + json_string(r.bits) + "}";
             }) + "}";
    }
  } else if (runs && s.gen == LabGen::z80) {
    const Z80View& v = stepper.z80;
    out += "\"output\":" + json_string(format_hex_upper(v.output, 2)) + ",\"dropped\":" +
           json_string(format_hex_upper(v.dropped, 2)) + ",\"x\":" + json_string(format_hex_upper(v.x, 8)) +
           ",\"recentBytes\":" + json_string(format_hex_bytes(v.recent_bytes.data(), v.recent_bytes.size()));
  } else if (runs) {
    out += "\"outputs\":" + json_array(stepper.outputs.recent, [](const OutputRow& r) {
             return "{\"index\":" + std::to_string(r.index) + ",\"value\":" + json_string(to_decimal(r.value)) +
                    ",\"byte\":" + std::to_string(r.byte) + "}";
           });
  }
  out += "}";

  // The exact analysis (linear generators), else null.
  if (const LabAnalysis* a = view.analysis; !a) {
    out += ",\"period\":null";
  } else {
    const MapAnalysis& m = a->map;
    const int digits = lab_seed_digits(s);
    out += ",\"period\":" + json_string(to_decimal(a->seed.period)) + ",\"maxPeriod\":" +
           json_string(to_decimal(m.max_period)) + ",\"maximal\":" + json_bool(m.maximal) +
           ",\"analysis\":{\"tail\":" + std::to_string(a->seed.tail) + ",\"characteristic\":" +
           json_string(to_string(m.characteristic)) + ",\"minimal\":" + json_string(to_string(m.minimal)) +
           ",\"weakSeeds\":" + json_string(to_decimal(m.weak_seeds)) + ",\"weakShare\":" +
           std::to_string(a->weak_share) + ",\"seedIsWeak\":" + json_bool(a->seed_is_weak);
    out += ",\"factors\":" + json_array(m.factors, [](const FactorInfo& f) {
             return "{\"poly\":" + json_string(to_string(f.poly)) + ",\"multiplicity\":" +
                    std::to_string(f.multiplicity) + ",\"order\":" + json_string(to_decimal(f.order)) + "}";
           });
    out += ",\"examples\":" + json_array(a->examples, [&](const WeakSeedExample& e) {
             return "{\"seed\":" + json_string(format_hex_upper(e.seed, digits)) + ",\"period\":" +
                    json_string(to_decimal(e.period)) + ",\"tail\":" + std::to_string(e.tail) +
                    ",\"reachesZero\":" + json_bool(e.reaches_zero) + "}";
           });
    out += ",\"maximalMasks\":" + json_array(view.maximal_masks, [](std::uint8_t mask) {
             return json_string(format_hex_upper(mask, 2));
           }) + "}";
  }

  // The bit plane as last built (the Bit plane tab builds it).
  const bool plane_current = plane_key_ == lfsr_setup_key(s, true) && plane_built_source_ == plane_source_;
  const std::vector<std::uint8_t>& bits = plane_.bits;
  const std::string first = bits.empty() ? "" : format_hex_bytes(bits.data(), std::min<std::size_t>(16, bits.size()));
  out += ",\"bitplane\":{\"source\":" + json_string(view.plane_source == BitPlaneSource::bytes ? "bytes" : "words") +
         ",\"generations\":" + std::to_string(plane_.generations) + ",\"current\":" + json_bool(plane_current) +
         ",\"first\":" + json_string(first) + std::string(bit_plane_screen) + "}";

  if (const LcgLattice* l = lattice()) {
    const auto vec = [](const DualVector& d) {
      std::string v = "{\"s\":[" + std::to_string(d.s[0]) + "," + std::to_string(d.s[1]);
      if (d.dims == 3) v += "," + std::to_string(d.s[2]);
      return v + "],\"count\":" + std::to_string(d.hyperplanes) + "}";
    };
    out += ",\"lattice\":{\"lines\":" + vec(l->duals.lines) + ",\"planes\":" + vec(l->duals.planes) + std::string(lattice_screen) +
           "}";
  }
  if (const ArticleClaims* c = claims())
    out += ",\"claims\":{\"tarotClaimed\":" + json_string(to_decimal(c->tarot_claimed)) + ",\"tarotCfSeed1\":" +
           json_string(to_decimal(c->tarot_cf.seed.period)) + ",\"tarotC5Seed1\":" +
           json_string(to_decimal(c->tarot_c5.seed.period)) + ",\"z80Suggested\":" +
           json_string(to_decimal(c->z80_suggested)) + ",\"z80Max\":" + json_string(to_decimal(c->z80.map.max_period)) +
           ",\"z80AllOnesPeriod\":" + json_string(to_decimal(c->z80_all_ones.period)) + "}";
  const JobStatus& job = view.step_check->status;
  char step_job[160];
  std::snprintf(step_job, sizeof step_job, ",\"stepJob\":{\"state\":%d,\"progress\":%.4f,\"period\":%.0f}",
                static_cast<int>(job.state), job.progress, job.result.empty() ? -1.0 : job.result[0]);
  return out + step_job;  // the caller adds the lanes and closes the object
}

void LfsrSession::forget_results() {
  step_check_.clear(jobs_);
}

}  // namespace shufflelab
