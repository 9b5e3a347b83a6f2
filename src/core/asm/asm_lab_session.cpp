#include "core/asm/asm_lab_session.hpp"

#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <utility>

#include "core/base/parse.hpp"
#include "core/base/plain_text.hpp"
#include "core/base/text_format.hpp"

namespace shufflelab {

namespace {
constexpr int kMinSpeed = 1, kMaxSpeed = 200;

Result<bool> refused(const LabCommand& c, const std::string& why) {
  return Result<bool>::fail(lab_command_text(c) + ": " + why);
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

void AsmLabSession::settle() {
  if (state_.edit.on) {
    if (auto listing = editor_.take_listing()) state_.edit.source = std::move(*listing);
    editor_.update(state_.edit);
    keep_seed_to_state_bytes(state_.inputs, editor_.good());
  }
  const AsmGoodRoutine* good = state_.edit.on ? editor_.good() : nullptr;
  if (state_.edit.on && !good) {
    run_job_.clear(jobs_);
    run_.reset();
    run_key_.clear();
    wanted_key_.clear();
    error_ = "no routine has assembled yet: the errors are listed under the editor";
    return;
  }
  AsmLabState setup = state_;
  if (good) setup.edit = good->edit;  // the last source that assembled
  ask_run(std::move(setup));
}

void AsmLabSession::ask_run(AsmLabState setup) {
  const auto key_of = [](const AsmRunRequest& r) { return r.params + "\n" + r.source; };
  const AsmRunRequest request = asm_run_request(setup);
  wanted_key_ = key_of(request);
  if (run_key_ != wanted_key_ && !run_job_.running()) run_job_.start(jobs_, "asm_run", request.params, wanted_key_, request.source);
  const bool came = run_job_.poll_into(jobs_, [](const JobStatus& s) { return decode_asm_run_view(s.payload); });
  const bool failed = run_job_.id != 0 && !run_job_.running() && !run_job_.error.empty() && run_key_ != run_job_.setup_key;
  if (!came && !failed) return;
  run_key_ = run_job_.setup_key;
  if (!run_job_.result) {
    run_.reset();
    error_ = run_job_.error;
  } else {
    run_ = std::move(*run_job_.result);
    run_job_.result.reset();
    error_ = run_->start_error.empty() ? run_->error : run_->start_error;
  }
  if (run_key_ == wanted_key_ && run_ && run_->start_error.empty()) {
    if (run_->done) playing_ = false;
    if (setup.t != run_->t) {  // past the listing's end or a failed instruction: the step is where the run stopped
      setup.t = state_.t = run_->t;
      wanted_key_ = run_key_ = key_of(asm_run_request(setup));
    }
  }
  if (run_key_ != wanted_key_) ask_run(std::move(setup));  // asked for meanwhile
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
    // The next step is asked once the last one's run has come: no queue of runs nobody sees.
    if (!run_awaited())
      while (accumulator_ >= 1.0) ++state_.t, accumulator_ -= 1.0;
  }
  settle();
  if (state_.edit.on) editor_.tick(state_.inputs.calls, state_.inputs.seed);
}

const AsmLabView& AsmLabSession::view() {
  settle();
  view_.run = run_ && run_->start_error.empty() ? &*run_ : nullptr;
  view_.error = error_;
  view_.loading = run_awaited();
  view_.playing = playing_;
  view_.speed = speed_;
  return view_;
}

const AsmCostsView* AsmLabSession::costs() {
  if (costs_job_.id == 0 && costs_job_.error.empty()) costs_job_.start(jobs_, "asm_costs", "", "costs");
  costs_job_.poll_into(jobs_, [](const JobStatus& s) { return decode_asm_costs_view(s.payload); });
  return costs_job_.result ? &*costs_job_.result : nullptr;
}

void AsmLabSession::start_output_hex() {
  const AsmGoodRoutine* good = editor_.good();
  if (!state_.edit.on || !good) return;
  AsmLabState setup = state_;
  setup.edit = good->edit;
  setup.inputs.calls = kMaxAsmCalls;
  const AsmRunRequest request = asm_run_request(setup);
  output_job_.start(jobs_, "asm_output_hex", request.params, request.params, request.source);
}

std::optional<Result<std::string>> AsmLabSession::take_output_hex() {
  using R = Result<std::string>;
  if (output_job_.id == 0) return std::nullopt;
  if (output_job_.running()) output_job_.poll(jobs_);
  if (output_job_.running()) return std::nullopt;
  const JobSlot<std::string> finished = std::exchange(output_job_, JobSlot<std::string>{});  // given once
  if (finished.status.state != JobStatus::State::done)
    return R::fail(finished.error.empty() ? "the routine's run was cancelled" : finished.error);
  const std::string& payload = finished.status.payload;
  if (payload.rfind("error ", 0) == 0) return R::fail(payload.substr(6));
  return R::ok(payload);
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
    if (v.loading) out.para("Running the listing...");
    else out.para((state_.edit.on ? "The routine cannot start: " : "The listing cannot start: ") + v.error);
    return out.take();
  }
  const AsmRunView& run = *v.run;
  out.item("Instructions executed: " + grouped_and_plain(run.machine.instructions) + ", " +
           grouped_and_plain(run.machine.cycles) + " " + run.machine.cycle_unit);
  if (!run.next_instruction.empty()) out.para("Next instruction (the lit line): " + run.next_instruction);
  else out.para("The listing has finished.");
  if (!v.error.empty()) out.para("Stopped: " + v.error);
  std::string outputs;
  for (std::size_t i = 0; i < run.outputs.size() && i < 16; ++i) outputs += (i ? " " : "") + hex_at_least(run.outputs[i], 2);
  if (!outputs.empty()) out.item("Outputs of finished calls (hex): " + outputs);
  return out.take();
}

std::string AsmLabSession::describe_json() {
  const AsmLabView& v = view();
  std::string out = "{\"algorithm\":" + json_string(state_.algorithm) + ",\"t\":" + std::to_string(state_.t);
  if (const AsmRunView* run = v.run) {
    const std::int64_t row = run->machine.lit_row;
    out += ",\"done\":" + json_bool(run->done) + ",\"row\":" + std::to_string(row) +
           ",\"cycles\":" + std::to_string(run->machine.cycles) + ",\"outputs\":" + json_integers(run->outputs);
    if (state_.edit.on) {
      if (row >= 0) out += ",\"sourceLine\":" + std::to_string(run->source_line);
    } else if (row >= 0) {
      out += ",\"cppLine\":" + std::to_string(run->machine.cpp_line) + ",\"wasmRows\":" +
             std::to_string(run->machine.wasm.size()) + ",\"wasmLit\":" + std::to_string(run->machine.wasm_lit());
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
