// `shufflelab open LINK [--do COMMAND]... [--json]`: the page's session
// (core/app_session) without the page. Opens the link (its note, lesson and
// run= included), applies the commands in order, runs every job to the end
// on the machine's cores, then prints the Text view's lines, one a line, or the test
// hook's JSON. A link the page would open with a notice exits 2 with it.
// A Shuffle link with code (tab=code) says first that the CLI cannot run JavaScript.
#include <algorithm>
#include <chrono>
#include <iostream>
#include <thread>

#include "cli/cli.hpp"
#include "cli/thread_job_runner.hpp"
#include "core/app_session.hpp"
#include "core/lab_text.hpp"

namespace shufflelab::cli {
namespace {

std::string fragment_of(const std::string& link) {
  const std::size_t hash = link.find('#');
  if (hash != std::string::npos) return link.substr(hash);
  if (link.rfind("v=", 0) == 0) return "#" + link;
  throw UsageError("LINK: expected a link with a fragment (#v=1&lab=...)");
}

// Ticks the session while `pending()` (its jobs run on the runner's threads),
// telling it the real time that passed, as the page's frames do (a sweep says
// how long it took here).
template <class Pending>
void run_while(AppSession& session, Pending pending) {
  using Clock = std::chrono::steady_clock;
  auto last = Clock::now();
  while (pending()) {
    const auto now = Clock::now();
    session.tick(std::chrono::duration<double>(now - last).count());
    last = now;
    if (pending()) std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
}
void run_to_end(AppSession& session) {
  run_while(session, [&] { return session.busy(); });
}

int run_open(ArgList& args, std::ostream& out) {
  if (args.positionals().size() != 1) throw UsageError("expected one LINK");
  const std::string fragment = fragment_of(args.positionals()[0]);
  const std::vector<std::string> commands = args.get_all("do");
  const bool json = args.flag("json");
  args.finish();

  ThreadJobRunner jobs(std::max(1u, std::thread::hardware_concurrency()));
  AppSession session(jobs);
  session.open(fragment);
  // A built-in lesson is built by a job first; a notice about its step comes once it is in.
  run_while(session, [&] { return session.lesson_loading() != nullptr; });
  if (!session.notices().empty()) throw UsageError("the link has a problem: " + session.notices().front());
  run_to_end(session);
  for (const std::string& command : commands) {
    auto applied = session.apply(command);
    if (!applied) throw UsageError("--do " + command + ": " + applied.error());
    run_to_end(session);
  }
  if (json) {
    out << "{" << session.describe_json_fields() << session.describe_lab_json() << "}\n";
    return 0;
  }
  const LabState& state = session.state();
  if (state.lab == LabId::shuffle && state.shuffle.tab == "code" && !state.shuffle.code.empty())
    out << "This link holds JavaScript, which shufflelab cannot run: open it in the page, or run the code from node "
           "with the ES module (docs/code_protocol.md). Its results can be given with --do code_result=ID:TEXT.\n";
  for (const TextLine& line : session.text()) out << line.text << "\n";
  return 0;
}

const SubcommandRegistrar open_command(
    "open",
    "  open LINK [--do COMMAND]... [--json]\n"
    "      Opens a link as the page does (note, lesson step and run= included), applies each\n"
    "      command (the labs' vocabulary: docs/commands.md), runs every job to the end, then\n"
    "      prints the Text view, one line each, or the test hook's JSON. A link the page would\n"
    "      open with a notice: exit 2 with the problem.",
    {"json"}, run_open, 1);

}  // namespace
}  // namespace shufflelab::cli
