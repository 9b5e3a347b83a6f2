// asm_editor.hpp: the Assembly lab's editor, the part of its session that
// holds a reader's routine. Every edit is assembled by an "assemble" job
// (core/asm/asm_jobs): in the browser the assemblers live in the worker's
// core module, which loads the first time an edit needs it (the editor says
// "Loading the assembler..." meanwhile); natively the job finishes in the
// same call. The listing an edit starts from comes the same way
// ("asm_listing_source"). A source that does not assemble, or whose entry or
// state cannot be found, shows its errors while the LAST GOOD routine stays:
// its stepper run and its comparison. The
// comparison with what the routine claims to be (core/asm/routine_check)
// runs as a "routine_check" job: in a worker in the browser, with progress
// and Cancel; its setup key is its parameters: the image, entry, state, claim and calls.
#pragma once
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/asm/asm_lab.hpp"
#include "core/asm/asm_reader.hpp"
#include "core/asm/routine_check.hpp"
#include "core/base/job_slot.hpp"

namespace shufflelab {

// The longest job parameters the job catalog takes (core/job_catalog: the
// links' kMaxFragmentLength); a longer image is compared by the CLI.
constexpr std::size_t kMaxJobParamsChars = 2048;

// The good routine the lab shows: what it was assembled from and made into.
struct AsmGoodRoutine {
  AsmEditState edit;  // the fields it was made from
  assembler::Assembly assembly;
  std::shared_ptr<const AsmReaderRoutine> routine;
  std::optional<RoutineCheckRequest> request;  // when it claims to be something and has its state
};

struct AsmCheckView {
  JobStatus status;  // the job's (progress, its summary while it runs)
  bool running = false;
  double progress = 0.0;
  bool cancelled = false;
  std::string error;                 // a refused setup or a failed job
  std::optional<RoutineCheck> result;
  std::string verdict;               // one sentence
  std::string details;               // the lines routine_check_text writes
  std::string why_none;              // why no comparison runs (no claim, no state)
};

class AsmEditor {
 public:
  explicit AsmEditor(JobRunner& jobs) : jobs_(jobs) {}

  // Brings the editor up to `edit`: starts assembling a changed source and
  // takes the assembly when it has come (a new good routine: the stepper's run
  // has another setup). Called again with the same `edit`, it only looks
  // whether the assembly has come.
  void update(const AsmEditState& edit);
  // Fetches the source of the listing an edit for `cpu` starts from; take_listing
  // gives it once it has come (a later edit drops it: drop_listing).
  void load_listing(assembler::Cpu cpu);
  std::optional<std::string> take_listing();
  void drop_listing() { listing_job_.clear(jobs_); }
  // What the editor waits for, as one line for the panel and the Text view
  // ("Loading the assembler..."), or "" when it waits for nothing.
  std::string waiting_line() const;
  // Starts the comparison when the good routine, the calls or the seed (where the consecutive calls start) changed.
  void tick(std::uint32_t calls, std::uint64_t seed);
  void cancel() { job_.cancel(jobs_); }
  // Compares again from the next tick (the check command, other calls).
  void restart_check() {
    job_.clear(jobs_);
    check_due_ = true;
  }
  // A link opens: nothing of the routine before it stays (no "last good" from another link).
  void forget() {
    job_.clear(jobs_);
    assemble_job_.clear(jobs_);
    listing_job_.clear(jobs_);
    assembling_ = false;
    seen_ = AsmEditState{};
    seen_any_ = check_due_ = false;
    errors_.clear();
    good_.reset();
    why_none_.clear();
  }
  // An assembly or a listing is awaited, or the comparison runs or is about to start.
  bool busy() const {
    return assembling_ || listing_job_.running() || job_.running() || (check_due_ && good_ && good_->request);
  }

  // The current source's errors (assembler, entry, state, claim), empty when it is the good one.
  const std::vector<assembler::Diagnostic>& errors() const { return errors_; }
  const AsmGoodRoutine* good() const { return good_ ? &*good_ : nullptr; }
  AsmCheckView check_view() const;

 private:
  void start_assembly(const AsmEditState& edit);
  void take_assembly();
  bool make_good(const AsmEditState& edit, assembler::Assembly assembly);

  JobRunner& jobs_;
  AsmEditState seen_;
  bool seen_any_ = false;
  // The assembly of seen_'s source (setup key: the job's parameters and the
  // source); kept while only the entry, state or claim change.
  JobSlot<assembler::Assembly> assemble_job_;
  bool assembling_ = false;  // seen_ waits for its assembly
  std::string wanted_params_, wanted_key_;  // of seen_'s assembly
  bool assembled_once_ = false;  // the assembler has loaded
  JobSlot<std::string> listing_job_;
  std::vector<assembler::Diagnostic> errors_;
  std::optional<AsmGoodRoutine> good_;
  JobSlot<RoutineCheck> job_;
  std::string why_none_;
  bool check_due_ = false;
};

// The source's text problems before assembling: bytes that are no UTF-8 or
// control characters other than tab, CR and LF (a binary file), with their
// line and column; empty when it is text.
std::optional<assembler::Diagnostic> source_text_problem(std::string_view source);

}  // namespace shufflelab
