#include "core/asm/asm_lab_session.hpp"

#include <algorithm>
#include <cinttypes>
#include <cstdio>

#include "core/asm/lab_lanes.hpp"
#include "core/base/parse.hpp"
#include "core/base/plain_text.hpp"
#include "core/base/text_format.hpp"

namespace shufflelab {

namespace {
constexpr int kMinSpeed = 1, kMaxSpeed = 200;

Result<bool> refused(const LabCommand& c, const std::string& why) {
  return Result<bool>::fail(lab_command_text(c) + ": " + why);
}

bool same_setup(const AsmLabState& a, const AsmLabState& b) {
  return a.algorithm == b.algorithm && a.inputs.seed == b.inputs.seed && a.inputs.x == b.inputs.x &&
         a.inputs.n == b.inputs.n && a.inputs.calls == b.inputs.calls && a.edit.on == b.edit.on;
}

bool is_edit_verb(const std::string& v) {
  return v == "edit" || v == "src" || v == "cpu" || v == "entry" || v == "state" || v == "against" || v == "seed" ||
         v == "calls" || v == "check" || v == "cancel";
}

// The seed as the routine's state bytes hold it (the stepper and the check
// take its low bytes), so the seed field and the link show what is used.
void keep_seed_to_state_bytes(AsmInputs& inputs, const AsmGoodRoutine* good) {
  const std::size_t bytes = good ? good->routine->state.size() : 0;
  if (bytes > 0 && bytes < 8) inputs.seed &= (std::uint64_t{1} << (8 * bytes)) - 1;
}

}  // namespace

Result<AsmSession> AsmLabSession::start_run() {
  if (state_.edit.on) {
    const AsmGoodRoutine* good = editor_.good();
    if (!good) return Result<AsmSession>::fail("no routine has assembled yet: the errors are listed under the editor");
    return AsmSession::start_reader(good->routine, state_.inputs.seed, state_.inputs.calls);
  }
  auto algorithm = parse_asm_algorithm("algo", state_.algorithm);
  if (!algorithm) return Result<AsmSession>::fail(algorithm.error());
  return AsmSession::start(algorithm.value(), state_.inputs);
}

void AsmLabSession::settle() {
  if (state_.edit.on) {
    if (auto listing = editor_.take_listing()) state_.edit.source = std::move(*listing);
    if (editor_.update(state_.edit)) run_.reset();  // a new good routine: its run from the start
    keep_seed_to_state_bytes(state_.inputs, editor_.good());
  }
  if (!run_ || !same_setup(run_state_, state_) || state_.t < run_state_.t) {
    run_.reset();
    error_.clear();
    auto started = start_run();
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

Result<bool> AsmLabSession::apply_edit(const LabCommand& c) {
  const std::string& v = c.verb;
  AsmEditState& edit = state_.edit;
  if (v == "cancel") return editor_.cancel(), Result<bool>::ok(false);
  if (v == "edit" || v == "src" || v == "cpu") editor_.drop_listing();  // a listing still loading would overwrite this
  if (v == "check") {
    if (!edit.on) return refused(c, "open the editor first (edit)");
    editor_.restart_check();
    return Result<bool>::ok(false);
  }
  if (v == "edit" && c.has_arg && c.arg == "0") {
    edit.on = false;
  } else if (v == "edit" && c.has_arg && c.arg == "new") {
    edit = AsmEditState{true, edit.cpu, "", "", "", ""};
  } else if (v == "edit") {
    if (c.has_arg && c.arg != "1") return refused(c, "edit, edit=new (an empty source) or edit=0 (back to the listings)");
    auto algorithm = parse_asm_algorithm("algo", state_.algorithm);
    if (!algorithm) return refused(c, algorithm.error());
    const AsmAlgorithmInfo& info = asm_algorithm_info(*algorithm);
    const auto cpu = reader_cpu(info.isa);
    if (!cpu)
      return refused(c, std::string(asm_isa_info(info.isa).name) +
                            " listings are read only (no assembler here): edit=new starts an empty routine");
    const ReaderDefaults defaults = reader_defaults(info);
    // The listing's source comes from the worker's core module (settle puts it in; natively at once).
    edit = AsmEditState{true, std::string(assembler::cpu_id(*cpu)), "", defaults.entry, defaults.state, defaults.against};
    editor_.load_listing(*cpu);
  } else if (v == "seed" || v == "calls") {
    if (!c.has_arg) return refused(c, "needs a value");
    if (!edit.on) return refused(c, "the routine's seed and calls: open the editor first (edit)");
    if (v == "seed") {
      auto seed = parse_hex("seed", c.arg);
      if (!seed) return Result<bool>::fail(seed.error());
      state_.inputs.seed = *seed;
    } else {
      auto calls = parse_decimal("calls", c.arg, 1, kMaxAsmCalls);
      if (!calls) return Result<bool>::fail(calls.error());
      state_.inputs.calls = static_cast<std::uint32_t>(*calls);
      editor_.restart_check();  // the calls compared in a row
    }
    state_.t = 0;
    return Result<bool>::ok(true);
  } else {
    if (!c.has_arg) return refused(c, "needs a value");
    auto next = with_link_field(edit, c, decode_asm_edit);
    if (!next) return Result<bool>::fail(next.error());
    edit = std::move(next.value());
    edit.on = true;
  }
  if (edit.on) state_.t = 0;
  return Result<bool>::ok(true);
}

Result<bool> AsmLabSession::apply(const LabCommand& c) {
  const AsmLabState before = state_;
  const std::string& v = c.verb;
  if (is_edit_verb(v)) {
    auto applied = apply_edit(c);
    if (!applied) return applied;
    settle();
    return Result<bool>::ok(!(state_ == before));
  }
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
    state_.edit.on = false;  // a listing picked: the editor closes
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
  if (state_.edit.on) editor_.tick(state_.inputs.calls, state_.inputs.seed);
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

void AsmLabSession::text_of_editor(TextLines& out) {
  const AsmEditState& edit = state_.edit;
  out.sub("Your routine (editor)");
  out.item("CPU: " + edit.cpu + "; entry: " + (edit.entry.empty() ? "the first label" : edit.entry) +
           "; state bytes: " + (edit.state.empty() ? "none named" : edit.state) +
           "; claims to be: " + (edit.against.empty() ? "nothing chosen" : edit.against));
  out.sub("Source");
  if (edit.source.empty()) out.para("(empty)");
  std::size_t line = 0, start = 0;
  while (start < edit.source.size()) {
    const std::size_t end = std::min(edit.source.find('\n', start), edit.source.size());
    out.item(std::to_string(++line) + ": " + readable_excerpt(std::string_view(edit.source).substr(start, end - start), 200));
    start = end + 1;
  }
  out.sub("Errors");
  const auto& errors = editor_.errors();
  const std::string waiting = editor_.waiting_line();
  if (!waiting.empty()) out.para(waiting);
  else if (errors.empty()) out.para("None: the source assembles.");
  for (const assembler::Diagnostic& e : errors)
    out.item(e.line ? "line " + std::to_string(e.line) + ", column " + std::to_string(e.column) + ": " + e.message
                    : e.message);
  if (!errors.empty() && editor_.good())
    out.para("The run and comparison shown are of the last source that assembled.");
  out.sub("Comparison with the C++");
  const AsmCheckView check = editor_.check_view();
  if (!check.why_none.empty()) out.para(check.why_none);
  if (check.running) out.para("Comparing: " + std::to_string(static_cast<int>(check.progress * 100)) + "% done.");
  if (check.cancelled) out.para("The comparison was cancelled (check compares again).");
  if (!check.error.empty()) out.para("The comparison failed: " + check.error);
  if (check.result) {
    out.para(check.verdict);
    std::size_t at = 0;
    while (at < check.details.size()) {
      const std::size_t end = std::min(check.details.find('\n', at), check.details.size());
      if (end > at && check.details.compare(at, end - at, check.verdict) != 0) out.item(check.details.substr(at, end - at));
      at = end + 1;
    }
  }
}

std::vector<TextLine> AsmLabSession::text() {
  const AsmLabView& v = view();
  TextLines out;
  if (state_.edit.on) {
    text_of_editor(out);
    out.sub("Run");
  } else {
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
  }
  if (!v.run) {
    out.para((state_.edit.on ? "The routine cannot start: " : "The listing cannot start: ") + v.error);
    return out.take();
  }
  const AsmSession& run = *v.run;
  const AsmAlgorithmInfo& info = run.info();
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
    if (run->is_reader()) {
      if (row >= 0) out += ",\"sourceLine\":" + std::to_string(editor_.good()->routine->source_lines[static_cast<std::size_t>(row)]);
    } else if (row >= 0) {
      const AsmRow& lit = run->program().rows[static_cast<std::size_t>(row)];
      const WasmLaneCount wasm = wasm_lane_count(run->info().algorithm, lit.cpp_file, lit.cpp_line);
      out += ",\"cppLine\":" + std::to_string(lit.cpp_line) + ",\"wasmRows\":" + std::to_string(wasm.rows) +
             ",\"wasmLit\":" + std::to_string(wasm.lit);
    }
  }
  if (!v.error.empty()) out += ",\"error\":" + json_string(v.error);
  if (state_.edit.on) out += ",\"editor\":" + editor_json();
  return out;  // the caller closes the object
}

std::string AsmLabSession::editor_json() const {
  const AsmEditState& edit = state_.edit;
  const AsmGoodRoutine* good = editor_.good();
  std::string out = "{\"cpu\":" + json_string(edit.cpu) + ",\"entry\":" + json_string(edit.entry) +
                    ",\"state\":" + json_string(edit.state) + ",\"against\":" + json_string(edit.against) +
                    ",\"sourceLength\":" + std::to_string(edit.source.size()) +
                    ",\"linkCarriesSource\":" + json_bool(source_fits_link(edit.source)) +
                    ",\"errors\":" + json_array(editor_.errors(), [](const assembler::Diagnostic& e) {
                      return "{\"line\":" + std::to_string(e.line) + ",\"column\":" + std::to_string(e.column) +
                             ",\"message\":" + json_string(e.message) + "}";
                    }) +
                    ",\"waiting\":" + json_string(editor_.waiting_line()) + ",\"good\":" + json_bool(good != nullptr) +
                    ",\"goodIsCurrent\":" + json_bool(good && good->edit == edit);
  if (good) out += ",\"codeUnits\":" + std::to_string(good->routine->program.routines.front().code_units);
  const AsmCheckView check = editor_.check_view();
  out += ",\"check\":{\"running\":" + json_bool(check.running) + ",\"progress\":" + json_number(check.progress, 4) +
         ",\"cancelled\":" + json_bool(check.cancelled) + ",\"error\":" + json_string(check.error) +
         ",\"whyNone\":" + json_string(check.why_none) + ",\"verdict\":" + json_string(check.verdict);
  if (const auto& r = check.result) {
    out += ",\"equal\":" + json_bool(r->equal) + ",\"exhaustive\":" + json_bool(r->exhaustive) +
           ",\"statesChecked\":" + std::to_string(r->states_checked) + ",\"callsChecked\":" + std::to_string(r->calls_checked) +
           ",\"cyclesMin\":" + std::to_string(r->cycles.min) + ",\"cyclesMax\":" + std::to_string(r->cycles.max) +
           ",\"cyclesMean\":" + json_number(r->cycles.mean, 6);
    if (r->period && r->period->found) out += ",\"period\":" + std::to_string(r->period->length);
    if (const auto& d = r->difference)
      out += ",\"difference\":{\"call\":" + std::to_string(d->call) + ",\"before\":" + json_integers(d->before) +
             ",\"output\":" + std::to_string(d->output) + ",\"expectedOutput\":" + std::to_string(d->expected_output) +
             ",\"state\":" + json_integers(d->state) + ",\"expectedState\":" + json_integers(d->expected_state) + "}";
    if (const auto& stop = r->stop)
      out += ",\"stop\":{\"address\":" + std::to_string(stop->address) + ",\"line\":" + std::to_string(stop->line) +
             ",\"message\":" + json_string(stop->message) + "}";
    if (!r->face_counts.empty()) out += ",\"faceCounts\":" + json_integers(r->face_counts);
  }
  return out + "}}";
}

}  // namespace shufflelab
