// job_slot.hpp: one job a panel runs, and which setup its result belongs to.
// Every panel says "this result is still the one for what is on screen" the
// same way: the setup key is the link text of the inputs the result depends
// on (the lab's encoder run on those fields), stored when the job starts and
// compared with the current one. A result whose key differs is stale and is
// not drawn.
//
// job_progress_row draws the same row for every job: a progress bar with the
// job's own summary and Cancel while it runs, "Cancelled." after a cancel,
// the error when it failed.
#pragma once
#include <optional>
#include <string>
#include <string_view>

#include "core/base/url_fields.hpp"
#include "ui/job_runner.hpp"

namespace shufflelab::ui {

// A setup key: the link text a lab's encoder writes for `state` (a lab passes
// a state with only the fields a result depends on, or its own *_setup_key).
template <class State>
std::string setup_key(const State& state, void (*encode)(const State&, FieldWriter&)) {
  FieldWriter w;
  encode(state, w);
  return w.text();
}

template <class Result>
struct JobSlot {
  int id = 0;
  JobStatus status;
  std::string setup_key;        // the setup the job was started for
  std::optional<Result> result;  // filled by the panel when the job is done
  std::string error;             // a setup the core refused, or the job's failure

  void start(JobRunner& jobs, const std::string& kind, const std::string& params, std::string key) {
    if (running()) jobs.cancel(id);
    id = jobs.start(kind, params);
    status = JobStatus{};
    status.state = JobStatus::State::running;
    setup_key = std::move(key);
    result.reset();
    error.clear();
    jobs.note_shown_results_changed();
  }
  // Records a setup error instead of starting (the last result is dropped).
  void refuse(JobRunner& jobs, std::string key, std::string message) {
    id = 0;
    status = JobStatus{};
    setup_key = std::move(key);
    result.reset();
    error = std::move(message);
    jobs.note_shown_results_changed();
  }
  void cancel(JobRunner& jobs) {
    if (running()) jobs.cancel(id);
  }
  // Advances the status; true exactly once, when the job has just finished.
  bool poll(JobRunner& jobs) {
    if (!running()) return false;
    status = jobs.status(id);
    if (status.state == JobStatus::State::failed) error = status.summary;
    if (!running()) jobs.note_shown_results_changed();  // the caller fills `result` before the next text
    return status.state == JobStatus::State::done;
  }
  bool running() const {
    return id != 0 && (status.state == JobStatus::State::running || status.state == JobStatus::State::none);
  }
  bool belongs_to(const std::string& key) const { return id != 0 && setup_key == key; }
  // The result, when it is for this setup.
  const Result* current(const std::string& key) const { return belongs_to(key) && result ? &*result : nullptr; }
};

// The job a link re-runs (a lab's run= field). When the job starts, the
// field names it and the key of the inputs it ran on is kept; when those
// inputs change, or the job is cancelled, the field is dropped, so a copied
// link never claims a result that is no longer on screen.
struct LinkedRun {
  std::string key;
  void started(std::string& run_field, std::string_view run, std::string key_now) {
    run_field = std::string(run);
    key = std::move(key_now);
  }
  // True when it dropped the field.
  bool drop_if_stale(std::string& run_field, const std::string& key_now, bool cancelled) {
    if (run_field.empty() || (key == key_now && !cancelled)) return false;
    run_field.clear();
    return true;
  }
};

struct JobRowView {
  const JobStatus& status;
  const std::string& error;
  bool running;
  const char* overlay = nullptr;  // text on the bar (e.g. the time left); null: the percentage
  const char* caption = nullptr;  // a muted line under the bar; null: the job's summary beside Cancel
};

// Progress, Cancel and the error; true when Cancel was pressed.
bool job_progress_row(const JobRowView& row, float bar_width_em = 16.0f);

template <class Result>
void job_progress_row(JobSlot<Result>& slot, JobRunner& jobs, float bar_width_em = 16.0f) {
  if (job_progress_row(JobRowView{slot.status, slot.error, slot.running()}, bar_width_em)) slot.cancel(jobs);
}

// The same row with the panel's own bar text and caption.
struct JobRowText {
  const char* overlay = nullptr;
  const char* caption = nullptr;
};
template <class Result>
void job_progress_row(JobSlot<Result>& slot, JobRunner& jobs, JobRowText text, float bar_width_em = 16.0f) {
  const JobRowView row{slot.status, slot.error, slot.running(), text.overlay, text.caption};
  if (job_progress_row(row, bar_width_em)) slot.cancel(jobs);
}

}  // namespace shufflelab::ui
