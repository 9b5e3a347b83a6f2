// job_slot.hpp: how a lab runs long jobs (core/base/jobs.hpp) without
// waiting for them, and which setup a result belongs to. A JobRunner runs
// jobs somewhere else: a pool of Web Workers in the browser (src/app), a
// slice per call on the calling thread (core/inline_job_runner: the CLI,
// native tests). A JobSlot is one job a lab runs; its setup key is the link
// text of the inputs the result depends on (the lab's encoder run on those
// fields), stored when the job starts: a result whose key differs from the
// current one is stale and is not shown. LinkedRun is the job a link re-runs.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/base/url_fields.hpp"

namespace shufflelab {

struct JobStatus {
  enum class State { none, running, done, failed, cancelled };
  State state = State::none;
  double progress = 0.0;
  std::string summary;  // the job's own one-line summary, or the error
  std::vector<double> result;
  std::string payload;  // Job::payload() of a finished job
};

class JobRunner {
 public:
  virtual ~JobRunner() = default;
  // Returns a job id. `text`: the input of a kind that reads one (core/job_catalog).
  virtual int start(const std::string& kind, const std::string& params, const std::string& text = {}) = 0;
  virtual void cancel(int id) = 0;
  virtual JobStatus status(int id) = 0;  // called once per frame by the panel that owns the job

  // Counts the changes to what panels show of their jobs (a start, a refusal,
  // a finish): the text mirror rebuilds when it moves (JobSlot below).
  std::uint64_t shown_results_revision() const { return shown_results_revision_; }
  void note_shown_results_changed() { ++shown_results_revision_; }

 private:
  std::uint64_t shown_results_revision_ = 0;
};

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

  void start(JobRunner& jobs, const std::string& kind, const std::string& params, std::string key,
             const std::string& text = {}) {
    if (running()) jobs.cancel(id);
    id = jobs.start(kind, params, text);
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
  // Cancelled from this call on, not from the next poll: a view read right after shows it.
  void cancel(JobRunner& jobs) {
    if (!running()) return;
    jobs.cancel(id);
    status.state = JobStatus::State::cancelled;
    jobs.note_shown_results_changed();
  }
  // Stops the job and forgets it and its result (a link opened without it).
  void clear(JobRunner& jobs) {
    if (id == 0 && !result && error.empty()) return;
    cancel(jobs);
    *this = JobSlot{};
    jobs.note_shown_results_changed();
  }
  // Advances the status; true exactly once, when the job has just finished.
  bool poll(JobRunner& jobs) {
    if (!running()) return false;
    status = jobs.status(id);
    if (status.state == JobStatus::State::failed) error = status.summary;
    if (!running()) jobs.note_shown_results_changed();  // the caller fills `result` before the next text
    return status.state == JobStatus::State::done;
  }
  // poll, and when the job has just finished, `decode(status)` (a Result of
  // the slot's type, read from the job's numbers or text) fills `result`, or
  // `error` with why it could not be read; true then.
  template <class Decode>
  bool poll_into(JobRunner& jobs, Decode&& decode) {
    if (!poll(jobs)) return false;
    auto decoded = decode(std::as_const(status));
    if (decoded) result = std::move(decoded.value());
    else error = decoded.error();
    return true;
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

}  // namespace shufflelab
