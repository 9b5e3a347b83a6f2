#include "core/asm/asm_editor.hpp"

#include "core/asm/asm_jobs.hpp"
#include "core/assembler/assembly_wire.hpp"
#include "core/base/plain_text.hpp"
#include "core/base/text_format.hpp"

namespace shufflelab {

std::optional<assembler::Diagnostic> source_text_problem(std::string_view source) {
  int line = 1, column = 1;
  for (std::size_t at = 0; at < source.size();) {
    std::uint32_t code_point = 0;
    const std::size_t length = utf8_character(source, at, code_point);
    const bool layout = code_point == '\t' || code_point == '\n' || code_point == '\r';
    if (length == 0 || (!layout && !shows_as_written(code_point)))
      return assembler::Diagnostic{line, column,
                                   "byte $" + hex_at_least(static_cast<unsigned char>(source[at]), 2) +
                                       " is not text (a binary file?): an assembly source is plain text"};
    if (code_point == '\n') ++line, column = 1;
    else ++column;
    at += length;
  }
  return std::nullopt;
}

void AsmEditor::update(const AsmEditState& edit) {
  if (!seen_any_ || !(edit == seen_)) {
    seen_ = edit;
    seen_any_ = true;
    errors_.clear();
    start_assembly(edit);
  }
  take_assembly();
}

// Starts the assembly of `edit`'s source, unless it is refused before (its
// errors) or is the one assembled last (then only the rest is made again).
void AsmEditor::start_assembly(const AsmEditState& edit) {
  assembling_ = false;
  const auto refuse = [this](std::string message) { errors_.push_back({0, 0, std::move(message)}); };
  const auto cpu = assembler::parse_cpu("cpu", edit.cpu);
  if (!cpu) return refuse(cpu.error());
  if (edit.source.find_first_not_of(" \t\r\n") == std::string::npos) return;  // nothing typed yet: no error
  if (edit.source.size() > assembler::kMaxSourceBytes)
    return refuse("the source has " + grouped(edit.source.size()) + " bytes, more than the " +
                  grouped(assembler::kMaxSourceBytes) + " the editor takes");
  if (auto problem = source_text_problem(edit.source)) return errors_.push_back(*problem);
  wanted_params_ = asm_job_params(*cpu);
  wanted_key_ = wanted_params_ + "\n" + edit.source;
  assembling_ = true;
  // A running assembly is not cancelled (in the browser that restarts the
  // worker, and the first time its download): the newest source follows it.
  if (!assemble_job_.running() && (assemble_job_.setup_key != wanted_key_ || !assemble_job_.result))
    assemble_job_.start(jobs_, "assemble", wanted_params_, wanted_key_, edit.source);
}

// Takes the awaited assembly when it has come; true when it made a new good routine.
void AsmEditor::take_assembly() {
  if (!assembling_) return;
  for (;;) {
    assemble_job_.poll_into(jobs_, [](const JobStatus& s) { return assembler::decode_assembly(s.payload); });
    if (assemble_job_.running()) return;
    if (assemble_job_.setup_key == wanted_key_) break;
    assemble_job_.start(jobs_, "assemble", wanted_params_, wanted_key_, seen_.source);  // typed on meanwhile
  }
  assembling_ = false;
  if (!assemble_job_.result) {
    const std::string why = assemble_job_.error.empty() ? "it was stopped" : assemble_job_.error;
    errors_.push_back({0, 0, "the assembler could not run: " + why});
    return;
  }
  assembled_once_ = true;
  make_good(seen_, *assemble_job_.result);
}

bool AsmEditor::make_good(const AsmEditState& edit, assembler::Assembly assembly) {
  const auto refuse = [this](std::string message) {
    errors_.push_back({0, 0, std::move(message)});
    return false;
  };
  if (!assembly.ok()) return errors_ = assembly.errors, false;
  auto state = parse_state_addresses(edit.state, assembly);
  if (!state) return refuse(state.error());
  if (!edit.against.empty())
    if (auto claim = check_routine_claim("against", edit.against); !claim) return refuse(claim.error());
  auto routine = make_reader_routine(assembly, edit.source, edit.entry, *state, claimed_cpp_snippet(edit.against));
  if (!routine) return refuse(routine.error());
  AsmGoodRoutine good{edit, std::move(assembly), std::move(routine.value()), std::nullopt};
  why_none_.clear();
  if (edit.against.empty()) why_none_ = "Choose what the routine claims to be (against=) to compare it with the C++.";
  else if (state->empty()) why_none_ = "Name the routine's state bytes (state=) to compare it with " + edit.against + ".";
  if (why_none_.empty()) {
    auto request = routine_request_from_assembly(good.assembly, good.routine->info.entry);
    if (!request) return refuse(request.error());
    request.value().state = *state;
    request.value().against = edit.against;
    if (auto valid = validate_routine_request(*request); !valid) return refuse(valid.error());
    good.request = std::move(request.value());
  }
  good_ = std::move(good);
  check_due_ = true;
  return true;
}

void AsmEditor::load_listing(assembler::Cpu cpu) {
  const std::string params = asm_job_params(cpu);
  listing_job_.start(jobs_, "asm_listing_source", params, params);
}

std::optional<std::string> AsmEditor::take_listing() {
  if (!listing_job_.running()) return std::nullopt;
  const bool came = listing_job_.poll(jobs_);
  if (listing_job_.running()) return std::nullopt;
  std::string source = std::move(listing_job_.status.payload);
  if (!came) errors_.push_back({0, 0, "the listing's source could not load: " + listing_job_.error});
  listing_job_.clear(jobs_);
  if (!came) return std::nullopt;
  return source;
}

std::string AsmEditor::waiting_line() const {
  if (listing_job_.running()) return "Loading the listing's source...";
  if (!assembling_) return "";
  return assembled_once_ ? "Assembling..." : "Loading the assembler...";
}

void AsmEditor::tick(std::uint32_t calls, std::uint64_t seed) {
  if (!good_ || !good_->request) {
    job_.clear(jobs_);
    return;
  }
  RoutineCheckRequest& request = *good_->request;
  request.calls = calls;
  request.start = seed;  // the consecutive calls start where the stepper does
  const std::string params = routine_check_params(request);
  if (job_.setup_key != params) {
    if (params.size() > kMaxJobParamsChars) {
      check_due_ = false;
      return job_.refuse(jobs_, params, "the routine is too long for the comparison's job (" + grouped(params.size()) +
                                            " characters of parameters, at most " + grouped(kMaxJobParamsChars) +
                                            ", about 900 bytes of code): compare it with shufflelab asm --run");
    }
    job_.start(jobs_, "routine_check", params, params);
  }
  check_due_ = false;
  job_.poll_into(jobs_, [](const JobStatus& s) { return decode_routine_check(s.result); });
}

AsmCheckView AsmEditor::check_view() const {
  AsmCheckView view;
  view.why_none = good_ ? why_none_ : "";
  if (!good_ || !good_->request) return view;
  view.status = job_.status;
  // A new good routine's comparison starts at the next tick; until then the
  // result is an older routine's and is not shown as this one's.
  if (check_due_) {
    view.running = true;
    return view;
  }
  view.running = job_.running();
  view.progress = job_.status.progress;
  view.cancelled = job_.status.state == JobStatus::State::cancelled;
  view.error = job_.error;
  if (job_.result) {
    view.result = job_.result;
    view.verdict = routine_check_verdict(*good_->request, *job_.result);
    view.details = routine_check_text(*good_->request, *job_.result);
  }
  return view;
}

}  // namespace shufflelab
