#include "core/chooser/chooser_lab.hpp"

namespace shufflelab {

void decode_chooser_lab(FieldReader& fields, ChooserLabState& state) {
  if (const std::string* cpu = fields.raw("cpu")) {
    if (*cpu == "all" || parse_chooser_cpu("cpu", *cpu)) state.cpu = *cpu == "x86_64" ? "x86-64" : *cpu;
    else fields.notice(parse_chooser_cpu("cpu", *cpu).error());
  }
  if (const std::string* use = fields.raw("use")) {
    if (parse_chooser_use("use", *use)) state.use = *use;
    else fields.notice(parse_chooser_use("use", *use).error());
  }
}

void encode_chooser_lab(const ChooserLabState& state, FieldWriter& out) {
  out.add("cpu", state.cpu);
  out.add("use", state.use);
}

namespace {
ChooserView build_view(const ChooserLabState& state) {
  static const Result<ChooserTable> table = chooser_table();
  ChooserView view;
  if (!table) {
    view.error = table.error();
    return view;
  }
  view.table = &table.value();
  if (auto cpu = parse_chooser_cpu("cpu", state.cpu)) view.cpu = *cpu;
  view.rows = rows_for_cpu(*view.table, view.cpu);
  const auto use = parse_chooser_use("use", state.use);
  if (view.cpu && use) {
    auto pick = choose(*view.table, *view.cpu, *use);
    if (pick) view.pick = std::move(pick.value());
    else view.error = pick.error();
  }
  return view;
}
}  // namespace

const ChooserView& chooser_view(const ChooserLabState& state) {
  static ChooserLabState viewed;
  static ChooserView view;
  static bool built = false;
  if (!built || !(viewed == state)) view = build_view(state), viewed = state, built = true;
  return view;
}

std::vector<std::string> chooser_text_lines(const ChooserView& view) {
  std::vector<std::string> lines;
  if (view.error) return {*view.error};
  if (view.pick) {
    const ChooserPick& p = *view.pick;
    lines.push_back("Recommended for " + std::string(chooser_use_info(p.use).title) + " on " +
                    std::string(asm_isa_info(p.cpu).name) + ": generator " + p.generator().name + ", range method " +
                    p.method().method + (chooser_use_info(p.use).deck ? ", Fisher-Yates shuffle" : ""));
    lines.push_back("Bias: " + p.bias_text);
    lines.push_back("Cost: " + p.cost_text);
    lines.push_back("Rule: " + std::string(kChooserRule));
  }
  for (const ChooserRow* r : view.rows)
    lines.push_back(r->name + ": " + std::to_string(r->state_bytes) + " state bytes, period " + period_text(*r) +
                    (r->period_bytes ? " bytes, weak seeds " + weak_share_text(*r) : "") + ", dieharder " +
                    (r->dieharder.empty() ? std::string("not recorded")
                                          : std::to_string(r->dieharder_failed) + " FAILED of " +
                                                std::to_string(r->dieharder.size())));
  return lines;
}

}  // namespace shufflelab
