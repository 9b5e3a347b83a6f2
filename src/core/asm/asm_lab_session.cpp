#include "core/asm/asm_lab_session.hpp"

#include <cinttypes>
#include <cstdio>

#include "core/asm/lab_lanes.hpp"
#include "core/base/parse.hpp"
#include "core/base/text_format.hpp"

namespace shufflelab {

namespace {
constexpr int kMinSpeed = 1, kMaxSpeed = 200;

Result<bool> refused(const LabCommand& c, const std::string& why) {
  return Result<bool>::fail(lab_command_text(c) + ": " + why);
}

bool same_setup(const AsmLabState& a, const AsmLabState& b) {
  return a.algorithm == b.algorithm && a.inputs.seed == b.inputs.seed && a.inputs.x == b.inputs.x &&
         a.inputs.n == b.inputs.n && a.inputs.calls == b.inputs.calls;
}

}  // namespace

void AsmLabSession::settle() {
  if (!run_ || !same_setup(run_state_, state_) || state_.t < run_state_.t) {
    run_.reset();
    error_.clear();
    auto algorithm = parse_asm_algorithm("algo", state_.algorithm);
    if (!algorithm) return void(error_ = algorithm.error());
    auto started = AsmSession::start(algorithm.value(), state_.inputs);
    if (!started) return void(error_ = started.error());
    run_.emplace(std::move(started.value()));
    run_state_ = state_;
    run_state_.t = 0;
  }
  while (run_state_.t < state_.t && !run_->done()) {
    if (auto stepped = run_->step(); !stepped) {
      error_ = stepped.error();
      break;
    }
    ++run_state_.t;
  }
  state_.t = run_state_.t;
  if (run_->done()) playing_ = false;
}

Result<bool> AsmLabSession::apply(const LabCommand& c) {
  const AsmLabState before = state_;
  const std::string& v = c.verb;
  if ((v == "t" || v == "speed" || v == "algo") && !c.has_arg) return refused(c, "needs a value");
  if (v == "step") {
    ++state_.t;
  } else if (v == "back") {
    state_.t = state_.t ? state_.t - 1 : 0;
  } else if (v == "reset") {
    state_.t = 0;
    playing_ = false;
  } else if (v == "run") {
    state_.t = kMaxAsmStep;
  } else if (v == "play" || v == "pause" || v == "toggle_play") {
    playing_ = v == "play" || (v == "toggle_play" && !playing_);
  } else if (v == "t") {
    auto t = parse_decimal("t", c.arg, 0, kMaxAsmStep);
    if (!t) return Result<bool>::fail(t.error());
    state_.t = *t;
  } else if (v == "speed") {
    auto speed = parse_decimal("speed", c.arg, kMinSpeed, kMaxSpeed);
    if (!speed) return Result<bool>::fail(speed.error());
    speed_ = static_cast<int>(*speed);
  } else if (v == "algo") {
    auto algorithm = parse_asm_algorithm("algo", c.arg);
    if (!algorithm) return Result<bool>::fail(algorithm.error());
    state_.algorithm = c.arg;
    state_.t = 0;
    fit_seed_to(algorithm.value(), state_.inputs);  // the Z80's 64-bit seed does not fit a 32-bit register
  } else {
    return refused(c, "the assembly lab has no such command");
  }
  settle();
  return Result<bool>::ok(!(state_ == before));
}

void AsmLabSession::tick(double seconds) {
  if (playing_) {
    accumulator_ += seconds * speed_;
    while (accumulator_ >= 1.0) ++state_.t, accumulator_ -= 1.0;
  }
  settle();
}

const AsmLabView& AsmLabSession::view() {
  settle();
  view_.run = run_ ? &*run_ : nullptr;
  view_.error = error_;
  view_.playing = playing_;
  view_.speed = speed_;
  return view_;
}

const Result<std::vector<AsmCostTable>>& AsmLabSession::costs() {
  if (!costs_) costs_ = asm_cost_tables();
  return *costs_;
}

std::vector<TextLine> AsmLabSession::text() {
  const AsmLabView& v = view();
  TextLines out;
  out.sub("Listing");
  auto algorithm = parse_asm_algorithm("algorithm", state_.algorithm);
  if (!algorithm) {
    out.para(algorithm.error());
    return out.take();
  }
  const AsmAlgorithmInfo& info = asm_algorithm_info(*algorithm);
  out.item("Algorithm: " + std::string(info.title) + " (" + std::string(info.id) + ")");
  out.item("Instruction set: " + std::string(asm_isa_info(info.isa).name));
  out.item("Inputs: " + std::string(info.inputs));
  if (!v.run) {
    out.para("The listing cannot start: " + v.error);
    return out.take();
  }
  const AsmSession& run = *v.run;
  out.item("Instructions executed: " + grouped_and_plain(run.instructions()) + ", " + grouped_and_plain(run.cycles()) +
           " " + std::string(asm_isa_info(info.isa).cycle_unit));
  const AsmProgram& program = run.program();
  const std::ptrdiff_t row = run.current_row();
  if (row >= 0 && static_cast<std::size_t>(row) < program.rows.size()) {
    const AsmRow& r = program.rows[static_cast<std::size_t>(row)];
    out.para("Next instruction (the lit line): " + std::string(r.text) +
             (r.comment.empty() ? "" : "  ; " + std::string(r.comment)));
  } else {
    out.para("The listing has finished.");
  }
  if (!v.error.empty()) out.para("Stopped: " + v.error);
  std::string outputs;
  for (std::size_t i = 0; i < run.outputs().size() && i < 16; ++i) outputs += (i ? " " : "") + hex_at_least(run.outputs()[i], 2);
  if (!outputs.empty()) out.item("Outputs of finished calls (hex): " + outputs);
  return out.take();
}

std::string AsmLabSession::describe_json() {
  const AsmLabView& v = view();
  std::string out = "{\"algorithm\":" + json_string(state_.algorithm) + ",\"t\":" + std::to_string(state_.t);
  if (const AsmSession* run = v.run) {
    const std::ptrdiff_t row = run->current_row() >= 0 ? run->current_row() : run->last_row();
    out += ",\"done\":" + json_bool(run->done()) + ",\"row\":" + std::to_string(row) +
           ",\"cycles\":" + std::to_string(run->cycles()) + ",\"outputs\":" + json_integers(run->outputs());
    if (row >= 0) {
      const AsmRow& lit = run->program().rows[static_cast<std::size_t>(row)];
      const WasmLaneCount wasm = wasm_lane_count(run->info().algorithm, lit.cpp_file, lit.cpp_line);
      out += ",\"cppLine\":" + std::to_string(lit.cpp_line) + ",\"wasmRows\":" + std::to_string(wasm.rows) +
             ",\"wasmLit\":" + std::to_string(wasm.lit);
    }
  }
  if (!v.error.empty()) out += ",\"error\":" + json_string(v.error);
  return out;  // the caller closes the object
}

}  // namespace shufflelab
