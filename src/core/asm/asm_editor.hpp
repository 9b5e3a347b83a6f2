// asm_editor.hpp: the Assembly lab's editor, the part of its session that
// holds a reader's routine. Every edit is assembled at once (the assembler
// takes well under a frame for a few hundred lines); a source that does not
// assemble, or whose entry or state cannot be found, shows its errors while
// the LAST GOOD routine stays: its stepper run and its comparison. The
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

  // Brings the editor up to `edit` (assembles a changed source); true when
  // the good routine changed (the stepper restarts).
  bool update(const AsmEditState& edit);
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
    seen_ = AsmEditState{};
    seen_any_ = check_due_ = false;
    errors_.clear();
    good_.reset();
    why_none_.clear();
  }
  // The comparison runs or is about to start.
  bool busy() const { return job_.running() || (check_due_ && good_ && good_->request); }

  // The current source's errors (assembler, entry, state, claim), empty when it is the good one.
  const std::vector<assembler::Diagnostic>& errors() const { return errors_; }
  const AsmGoodRoutine* good() const { return good_ ? &*good_ : nullptr; }
  AsmCheckView check_view() const;
  // The good routine's output bytes over `calls` calls from `seed`, as hex text
  // (two digits a byte, the Check lab's hex format), or why it cannot run.
  Result<std::string> output_hex(std::uint64_t seed, std::uint32_t calls) const;

 private:
  JobRunner& jobs_;
  AsmEditState seen_;
  bool seen_any_ = false;
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
