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

std::string chooser_lab_link(const ChooserLabState& state) {
  FieldWriter fields;
  encode_chooser_lab(state, fields);
  return lab_link(kChooserLabName, fields);
}

}  // namespace shufflelab
