// findings_session.hpp: the Findings gallery (core/gallery) as a session:
// its entries and their links. The entries are not in the app's download:
// the first time they are needed (the page opens, or entries() is called)
// the session runs the "findings" job (a worker's core module in the
// browser, inline natively, where they are in at once), reads its payload
// (core/gallery_wire) and keeps them. Meanwhile loading() is true, busy() is
// true and the Text view says so.
//
// Commands: open=K opens the K-th entry (1 for the first, as listed) in its
// lab, as its Open button does, through the app's OpenLink.
#pragma once
#include <string>
#include <vector>

#include "core/base/job_slot.hpp"
#include "core/base/lab_session.hpp"
#include "core/gallery.hpp"

namespace shufflelab {

class FindingsSession final : public LabSession {
 public:
  FindingsSession(JobRunner& jobs, OpenLink open_link) : jobs_(jobs), open_link_(std::move(open_link)) {}

  void start_linked_run() override { load(); }  // a link opened the page
  Result<bool> apply(const LabCommand& command) override;
  void tick(double seconds) override;
  bool busy() const override { return loading(); }
  std::vector<TextLine> text() override;
  std::string describe_json() override;
  // The entries; empty while they load (the first call starts the job).
  const std::vector<GalleryEntry>& entries();
  bool loading() const { return job_.running(); }
  // Neither in nor failed nor cancelled: the page shows (or is about to show) its progress row.
  bool awaited() const { return !loaded() && !given_up(); }
  JobSlot<bool>& job() { return job_; }  // for the progress row, and why it failed
  JobRunner& jobs() { return jobs_; }

 private:
  void load();  // starts the job unless the entries are in or coming
  bool loaded() const { return job_.result.has_value(); }  // the entries are in
  // The load failed or was cancelled: tried again only when a link opens the page.
  bool given_up() const { return !job_.error.empty() || job_.status.state == JobStatus::State::cancelled; }
  void take_entries();
  JobRunner& jobs_;
  OpenLink open_link_;
  std::vector<GalleryEntry> entries_;
  JobSlot<bool> job_;
};

}  // namespace shufflelab
