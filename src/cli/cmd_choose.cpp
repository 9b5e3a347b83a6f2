// `shufflelab choose`: the generator chooser (core/chooser). With --use, the
// recommendation for that CPU and use; without, the table (of one CPU's
// listings with --cpu). --csv and --json change the format.
#include "cli/cli.hpp"
#include "core/base/text_format.hpp"
#include "core/chooser/chooser_view.hpp"

namespace shufflelab::cli {
namespace {

int run_choose(ArgList& args, std::ostream& out) {
  // "all" (the default) is the table of every CPU's listings, as cpu=all in a link.
  std::string cpu_text = "all";
  std::optional<AsmIsa> cpu;
  if (auto text = args.get("cpu")) {
    cpu_text = *text == "x86_64" ? "x86-64" : *text;
    if (*text != "all") cpu = value_or_usage_error(parse_chooser_cpu("--cpu", *text));
  }
  std::optional<ChooserUse> use;
  if (auto text = args.get("use")) use = value_or_usage_error(parse_chooser_use("--use", *text));
  const bool csv = args.flag("csv");
  const bool json = args.flag("json");
  args.finish();
  if (csv && json) throw UsageError("give --csv or --json, not both");
  if (use && !cpu) throw UsageError("--use needs one CPU (z80, sm83, x86-64, pic14, 6502): the table of every CPU has no recommendation");
  if (use && csv) throw UsageError("--csv writes the table: leave out --use");
  if (json && !use) throw UsageError("--json writes a recommendation: give --cpu and --use");
  if (use) {
    const ChooserTable table = value_or_usage_error(chooser_table());
    const ChooserPick pick = value_or_usage_error(choose(table, *cpu, *use));
    out << (json ? chooser_pick_json(pick) + "\n" : chooser_pick_text(pick));
    return 0;
  }
  // The table as the app's view of cpu=ID shows it (its Text view lines, or its CSV export).
  const ChooserViewModel view = build_chooser_view({cpu_text, std::string(chooser_uses().front().id)});
  if (!view.error.empty()) throw UsageError(view.error);
  if (csv) {
    out << view.csv;
    return 0;
  }
  for (std::size_t i = 0; i < view.rows.size(); ++i) out << view.text_lines[view.text_lines.size() - view.rows.size() + i] << "\n";
  return 0;
}

const SubcommandRegistrar choose_command(
    "choose",
    "  choose  [--cpu all|z80|sm83|x86-64|pic14|6502] [--use d20|d6|deck52|deck78] [--csv | --json]\n"
    "          the generator chooser: every generator's state, exact period, weak seeds, linear\n"
    "          complexity, dieharder verdicts and listing costs (one CPU's with --cpu; all: every\n"
    "          CPU's, as cpu=all in a link; --csv: the table as CSV); with one CPU and --use, the\n"
    "          pick by the stated rule, its scale, exact bias, period and measured cost, and every\n"
    "          candidate in the rule's order (--json for scripts)",
    {"csv", "json"}, run_choose);

}  // namespace
}  // namespace shufflelab::cli
