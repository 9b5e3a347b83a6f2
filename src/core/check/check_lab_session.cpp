#include "core/check/check_lab_session.hpp"

#include <algorithm>
#include <string_view>

#include "core/base/text_format.hpp"
#include "core/check/check_view_wire.hpp"
#include "core/base/split_lines.hpp"

namespace shufflelab {

namespace {
// The link fields a command may set, one at a time.
constexpr std::string_view kFields[] = {"what", "alpha", "sides", "vs",   "vbits", "da", "db", "cards", "decks", "rounds",
                                        "ra",   "rb",    "die",   "rolls", "bits", "ga", "gb", "bytes", "gen",   "seed"};

Result<bool> refused(const LabCommand& c, const std::string& why) {
  return Result<bool>::fail(lab_command_text(c) + ": " + why);
}

std::string job_state_name(const JobSlot<bool>& job) {
  if (job.running()) return "running";
  switch (job.status.state) {
    case JobStatus::State::failed: return "failed";
    case JobStatus::State::cancelled: return "cancelled";
    case JobStatus::State::done: return "done";
    default: return "none";
  }
}

void report_lines(const CheckReportView& report, TextLines& out) {
  for (const std::string_view line : split_lines(report.text)) out.item(std::string(line));
}
}  // namespace

void CheckLabSession::start_file() {
  if (!file_.id) return;
  const std::string params = check_file_params(state_) + "&file=" + std::to_string(file_.id);
  file_job_.start(jobs_, "check_file", params, params);
}

template <class Result>
std::optional<CheckShownReport> CheckLabSession::take_report(JobSlot<Result>& slot) {
  if (!slot.poll(jobs_)) return std::nullopt;
  auto view = decode_check_report_view(slot.status.payload);
  if (!view) {
    slot.error = view.error();
    return std::nullopt;
  }
  return CheckShownReport{std::move(view.value()), ++reports_shown_};
}

void CheckLabSession::tick(double) {
  if (auto shown = take_report(file_job_))
    file_report_ = std::move(shown), file_report_name_ = file_.name + ", " + file_.size_text + " as " + state_.what;
  for (int side = 0; side < 2; ++side) {
    JobSlot<CheckShownReport>& slot = examples_[static_cast<std::size_t>(side)];
    const std::string key = check_example_params(state_, side);
    if (!slot.belongs_to(key)) slot.start(jobs_, "check_example", key, key);
    if (auto shown = take_report(slot)) slot.result = std::move(shown);
  }
}

bool CheckLabSession::busy() const {
  bool busy = file_job_.running();
  for (int side = 0; side < 2; ++side) {
    const JobSlot<CheckShownReport>& slot = examples_[static_cast<std::size_t>(side)];
    busy |= slot.running() || !slot.belongs_to(check_example_params(state_, side));
  }
  return busy;
}

Result<bool> CheckLabSession::apply(const LabCommand& c) {
  if (c.verb == "check_file") {
    auto ref = parse_check_file_ref(c.arg);
    if (!ref) {  // shown in the file's row, as a file that could not be read
      file_job_.refuse(jobs_, "", ref.error());
      file_job_.status.state = JobStatus::State::failed;
      return Result<bool>::fail(ref.error());
    }
    file_ = *ref;
    start_file();
    return Result<bool>::ok(false);
  }
  if (c.verb == "cancel_file") {
    file_job_.cancel(jobs_);
    return Result<bool>::ok(false);
  }
  if (c.verb == "cancel_example") {
    if (c.arg != "a" && c.arg != "b") return refused(c, "expected a or b");
    examples_[c.arg == "a" ? 0 : 1].cancel(jobs_);
    return Result<bool>::ok(false);
  }
  if (std::find(std::begin(kFields), std::end(kFields), c.verb) == std::end(kFields))
    return refused(c, "the check lab has no such command");
  if (!c.has_arg) return refused(c, "needs a value");
  auto next = with_link_field(state_, c, decode_check_lab);
  if (!next) return Result<bool>::fail(next.error());
  const bool changed = !(*next == state_);
  const bool reread = check_file_params(*next) != check_file_params(state_);
  state_ = *next;
  if (reread) start_file();
  return Result<bool>::ok(changed);
}

CheckLabView CheckLabSession::view() const {
  return {&file_, &file_job_, file_report_ ? &*file_report_ : nullptr, file_report_heading(), {&examples_[0], &examples_[1]}};
}

std::string CheckLabSession::file_report_heading() const {
  if (!file_report_) return "";
  const bool current = !file_job_.running() && file_job_.status.state == JobStatus::State::done;
  return (current ? "Your file: " : "The previous file's report (not of the file above): ") + file_report_name_;
}

std::vector<TextLine> CheckLabSession::text() {
  TextLines out;
  out.para(std::string(kCheckPrivacy));
  if (file_.id) out.item("File: " + file_.name + " (" + file_.size_text + ")");
  if (file_job_.status.state == JobStatus::State::failed && !file_job_.error.empty()) out.item(file_job_.error);
  if (file_report_) {
    out.sub(file_report_heading());
    report_lines(file_report_->view, out);
  }
  for (int side = 0; side < 2; ++side) {
    out.sub("Example " + std::string(side == 0 ? "A" : "B") + ": " + check_example_title(state_, side));
    const JobSlot<CheckShownReport>& slot = examples_[static_cast<std::size_t>(side)];
    if (slot.result) report_lines(slot.result->view, out);
    else out.item("computing");
  }
  return out.take();
}

std::string CheckLabSession::describe_json() {
  auto report_json_or_null = [](const std::optional<CheckShownReport>& r) {
    return r ? r->view.json : std::string("null");
  };
  return "{\"what\":" + json_string(state_.what) + ",\"file\":{\"name\":" + json_string(file_.name) +
         ",\"state\":" + json_string(job_state_name(file_job_)) + ",\"progress\":" + json_number(file_job_.status.progress) +
         ",\"error\":" + json_string(file_job_.error) + ",\"shown\":" + json_string(file_report_name_) + ",\"heading\":" + json_string(file_report_heading()) +
         ",\"report\":" + report_json_or_null(file_report_) + "},\"examples\":[" +
         report_json_or_null(examples_[0].result) + "," + report_json_or_null(examples_[1].result) + "]";
}

}  // namespace shufflelab
