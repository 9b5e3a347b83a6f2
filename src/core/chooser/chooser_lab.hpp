// chooser_lab.hpp: the chooser's link fields (its view: core/chooser/chooser_view,
// built by core/chooser/chooser_job). cpu = an instruction set with listings
// (asm id: z80, sm83, x86-64, pic14, ... or "all" for the whole table without
// a recommendation), use = d20 | d6 | deck52 | deck78.
#pragma once
#include <string>

#include "core/base/url_fields.hpp"
#include "core/chooser/chooser_pick.hpp"

namespace shufflelab {

struct ChooserLabState {
  std::string cpu = "z80";
  std::string use = "d20";
  bool operator==(const ChooserLabState&) const = default;
};

// Link fields: cpu, use (always written). A bad value keeps the default and
// leaves a notice naming the field.
void decode_chooser_lab(FieldReader& fields, ChooserLabState& state);
void encode_chooser_lab(const ChooserLabState& state, FieldWriter& out);
// The lab's name in links ("lab=choose"), and a link to the lab in this state.
constexpr std::string_view kChooserLabName = "choose";
std::string chooser_lab_link(const ChooserLabState& state);

}  // namespace shufflelab
