// job_row.hpp: how a job looks on screen (the job and its setup key are
// core/base/job_slot.hpp's). job_progress_row draws the same row for every
// job: a progress bar with the job's own summary and Cancel while it runs,
// "Cancelled." after a cancel, the error when it failed.
#pragma once
#include <optional>
#include <string>
#include <string_view>

#include "core/base/job_slot.hpp"

namespace shufflelab::ui {

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
