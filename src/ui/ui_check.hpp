// ui_check.hpp: the Check lab: the reader's own decks, rolls or bytes (a
// dropped, picked or pasted file, read by a worker job that streams it), and
// two example sources side by side. Draws core/check's report view model.
// Test-hook commands: what=decks|rolls|bytes, check_file=<id>:<size>:<name>
// (the page registered the file), da=/db=/ra=/rb=/ga=/gb=<choice>, cancel_file.
#pragma once
#include <array>
#include <optional>
#include <string>
#include <string_view>

#include "core/check/check_lab.hpp"
#include "core/lab_text.hpp"
#include "ui/kit/job_row.hpp"
#include "ui/panel_context.hpp"

namespace shufflelab::ui {

class CheckPanel {
 public:
  bool draw(CheckLabState& state, PanelContext& ctx);
  bool command(std::string_view name, CheckLabState& state, PanelContext& ctx);
  std::string describe_json(const CheckLabState& state) const;
  void text_inputs(LabTextInputs& in, const CheckLabState& state) const;

 private:
  struct Shown {
    CheckReport report;
    CheckReportView view;
    bool picture_uploaded = false;
    void* texture = nullptr;
  };
  void start_file(const CheckLabState& state, PanelContext& ctx);
  // A job that has just finished, as a report to draw (its error noted when the payload is bad).
  template <class Result>
  static std::optional<Shown> take_report(JobSlot<Result>& slot, JobRunner& jobs);
  void poll(const CheckLabState& state, PanelContext& ctx);
  bool draw_inputs(CheckLabState& state, PanelContext& ctx);
  bool draw_examples(CheckLabState& state, PanelContext& ctx);
  void draw_report(Shown& shown, int slot, PanelContext& ctx);

  // The reader's file: the page's id for it, and the last good report, kept
  // on screen while a new file is read or when it turns out bad.
  CheckFileRef file_;  // id 0: none yet
  JobSlot<bool> file_job_;
  std::optional<Shown> file_shown_;
  std::string file_shown_name_;
  std::array<JobSlot<Shown>, 2> examples_;
  char paste_[16384] = "";
};

}  // namespace shufflelab::ui
