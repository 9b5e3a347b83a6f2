// check_lab_session.hpp: the Check lab as one session (CheckLabSession: a
// CheckSession is one file's check, core/check/check_session.hpp). It owns
// the lab's jobs: the reader's file, which the page holds and reads in its
// worker ("check_file"), and the two examples a link re-runs
// ("check_example"). The file's last good report stays on screen while
// another file is read or when it turns out bad. apply() is the one way the
// lab changes (the pickers, the page's files, a link, the test hook and the
// CLI send the same commands).
//
// Commands: FIELD=VALUE for any of the lab's link fields (what, alpha,
// sides, vs, vbits, da, db, cards, decks, rounds, ra, rb, die, rolls, bits,
// ga, gb, bytes, gen, seed: the pickers; a change to what the file is
// checked as reads it again), check_file=ID:SIZE:NAME (a file the page
// holds: dropped, picked or pasted), cancel_file, cancel_example=a|b (the
// progress rows' Cancel).
#pragma once
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/base/job_slot.hpp"
#include "core/base/lab_session.hpp"
#include "core/check/check_lab.hpp"

namespace shufflelab {

struct CheckShownReport {
  CheckReportView view;  // made in the worker: the panel's rows, the Text view's text, the hook's JSON
  std::uint64_t revision = 0;  // new for each report shown (the page uploads its picture once)
};

struct CheckLabView {
  const CheckFileRef* file = nullptr;  // never null; id 0: no file yet
  const JobSlot<bool>* file_job = nullptr;
  const CheckShownReport* file_report = nullptr;  // the last good report of a file; null before one
  // Above the file's report: "Your file: name, size as kind", or, while another
  // file is read or after it failed, "The previous file's report: ...".
  std::string file_report_heading;
  std::array<const JobSlot<CheckShownReport>*, 2> examples{};  // A and B; a result once checked
};

class CheckLabSession final : public LabSession {
 public:
  // `state` is the lab's part of the whole link state; it outlives the session.
  CheckLabSession(CheckLabState& state, JobRunner& jobs) : state_(state), jobs_(jobs) {}

  Result<bool> apply(const LabCommand& command) override;  // true: the state changed
  void tick(double seconds) override;  // polls the jobs; starts the examples of a new setup
  bool busy() const override;
  std::vector<TextLine> text() override;
  std::string describe_json() override;
  std::string file_report_heading() const;  // "" before a report

  const CheckLabState& state() const { return state_; }
  CheckLabView view() const;

 private:
  void start_file();
  // A job that has just finished, as a report to show (its error noted when the payload is bad).
  template <class Result>
  std::optional<CheckShownReport> take_report(JobSlot<Result>& slot);

  CheckLabState& state_;
  JobRunner& jobs_;
  CheckFileRef file_;
  JobSlot<bool> file_job_;
  std::optional<CheckShownReport> file_report_;
  std::string file_report_name_;
  std::array<JobSlot<CheckShownReport>, 2> examples_;
  std::uint64_t reports_shown_ = 0;
};

}  // namespace shufflelab
