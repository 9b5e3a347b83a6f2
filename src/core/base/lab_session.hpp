// lab_session.hpp: what every lab's session offers the app (core/app_session
// keeps one per lab in its registry). A session owns its lab's jobs, caches
// and playback; its state is the lab's part of the link (held by the app).
//   apply     the one way the lab changes (core/base/lab_command.hpp)
//   tick      playback and jobs, with the seconds since the last tick
//   text      the lab's lines of the Text view, written from its view model
//   describe_json  the test hook's object, without what is the screen's
#pragma once
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/csv_export.hpp"
#include "core/base/lab_command.hpp"
#include "core/base/result.hpp"
#include "core/base/text_lines.hpp"

namespace shufflelab {

// How a session asks the app to open a link (a button that leads to another
// lab): the app opens it as the address bar would.
using OpenLink = std::function<void(std::string_view fragment)>;

class LabSession {
 public:
  virtual ~LabSession() = default;
  // A link or a lesson step opens: the results of jobs started before are
  // dropped, so it shows exactly what the link says (its run= starts after).
  virtual void forget_results() {}
  // The job the link's run= names (once, when a link or a lesson step opens).
  virtual void start_linked_run() {}
  // true: the state changed; an error names the command and why it was refused.
  virtual Result<bool> apply(const LabCommand& command) = 0;
  virtual void tick(double seconds) { (void)seconds; }
  // Leaving the lab (a lab whose jobs would keep every worker busy stops them).
  virtual void leave() {}
  // A job runs (the CLI ticks until none does).
  virtual bool busy() const { return false; }
  // The lab steps on its own (its Play): its view may change every frame.
  virtual bool animating() const { return false; }
  virtual std::vector<TextLine> text() = 0;
  // The hook's object without its closing brace (the page adds the screen's fields).
  virtual std::string describe_json() = 0;
  virtual std::vector<CsvExport> csv_exports() { return {}; }
};

}  // namespace shufflelab
