// `shufflelab choose`: the generator chooser (core/chooser). With --use, the
// recommendation for that CPU and use; without, the table (of one CPU's
// listings with --cpu). --csv and --json change the format.
#include "cli/cli.hpp"
#include "core/base/text_format.hpp"
#include "core/chooser/chooser_pick.hpp"

namespace shufflelab::cli {
namespace {

void print_table(std::ostream& out, const ChooserTable& table, std::optional<AsmIsa> cpu) {
  for (const ChooserRow* row : rows_for_cpu(table, cpu)) {
    out << row->name << ": " << row->state_bytes << " state bytes, period " << period_text(*row)
        << (row->period_bytes ? " bytes, weak seeds " + weak_share_text(*row) : std::string())
        << ", linear complexity " << row->linear_complexity << " of " << kComplexityBits << " bits, dieharder ";
    if (row->dieharder.empty()) out << "not recorded";
    else out << row->dieharder_failed << " FAILED " << row->dieharder_weak << " WEAK of " << row->dieharder.size();
    for (const ChooserCost& c : row->costs)
      if (!cpu || c.isa == *cpu)
        out << "; " << c.listing << ": " << c.code_bytes << " code bytes, "
            << (c.ram_bytes ? std::to_string(*c.ram_bytes) : std::string("?")) << " RAM bytes, "
            << fixed_decimals(c.cycles_per_byte, 1) << " " << asm_isa_info(c.isa).cycle_unit << " per byte";
    out << "\n";
  }
}

int run_choose(ArgList& args, std::ostream& out) {
  std::optional<AsmIsa> cpu;
  if (auto text = args.get("cpu")) cpu = value_or_usage_error(parse_chooser_cpu("--cpu", *text));
  std::optional<ChooserUse> use;
  if (auto text = args.get("use")) use = value_or_usage_error(parse_chooser_use("--use", *text));
  const bool csv = args.flag("csv");
  const bool json = args.flag("json");
  args.finish();
  if (csv && json) throw UsageError("give --csv or --json, not both");
  if (use && !cpu) throw UsageError("--use needs --cpu (z80, sm83, x86-64, pic14, ...)");
  if (use && csv) throw UsageError("--csv writes the table: leave out --use");
  const ChooserTable table = value_or_usage_error(chooser_table());
  if (use) {
    const ChooserPick pick = value_or_usage_error(choose(table, *cpu, *use));
    out << (json ? chooser_pick_json(pick) + "\n" : chooser_pick_text(pick));
  } else if (csv) {
    out << chooser_table_csv(table, cpu);
  } else {
    print_table(out, table, cpu);
  }
  return 0;
}

const SubcommandRegistrar choose_command(
    "choose",
    "  choose  [--cpu z80|sm83|x86-64|pic14|...] [--use d20|d6|deck52|deck78] [--csv | --json]\n"
    "          the generator chooser: every generator's state, exact period, weak seeds, linear\n"
    "          complexity, dieharder verdicts and listing costs (one CPU's with --cpu; --csv: the\n"
    "          table as CSV); with --cpu and --use, the recommended generator, range method and\n"
    "          shuffle with its exact bias and measured cost (--json for scripts)",
    {"csv", "json"}, run_choose);

}  // namespace
}  // namespace shufflelab::cli
