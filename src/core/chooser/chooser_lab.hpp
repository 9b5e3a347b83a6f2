// chooser_lab.hpp: the chooser's link fields and the view its panel, the
// CLI's text view and the tests read. cpu = an instruction set with listings
// (asm id: z80, sm83, x86-64, pic14, ... or "all" for the whole table without
// a recommendation), use = d20 | d6 | deck52 | deck78.
#pragma once
#include <optional>
#include <string>
#include <vector>

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

struct ChooserView {
  std::optional<std::string> error;          // the table could not be built
  const ChooserTable* table = nullptr;
  std::optional<AsmIsa> cpu;                 // empty for "all"
  std::vector<const ChooserRow*> rows;       // rows_for_cpu
  std::optional<ChooserPick> pick;           // with a CPU
};
// The view of the last state asked for is kept (a pick computes hundreds of
// exact laws, and the panel and the text view ask every frame); not for
// concurrent callers.
const ChooserView& chooser_view(const ChooserLabState& state);

// Headings and items for the screen-reader text and `lab_text`.
std::vector<std::string> chooser_text_lines(const ChooserView& view);

}  // namespace shufflelab
