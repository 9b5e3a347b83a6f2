#include "core/chooser/chooser_table.hpp"

#include <algorithm>
#include <numeric>
#include <utility>

#include "core/asm/asm_session.hpp"
#include "core/base/csv_export.hpp"
#include "core/base/text_format.hpp"
#include "core/gen/dieharder_record.hpp"
#include "core/gen/generator_presets.hpp"
#include "core/gen/lcg_period.hpp"
#include "core/gen/linear_complexity.hpp"
#include "core/lfsr/lfsr_analysis.hpp"
#include "core/lfsr/lfsr_lab.hpp"

namespace shufflelab {

namespace {

struct RowSpec {
  std::string_view name;
  std::string_view dieharder;  // label in data/dieharder.tsv ("" if not recorded)
};
// The catalog's generators (dice lab spellings), then the small generators.
constexpr RowSpec kRows[] = {
    {"tarot32", "tarot32 CF"},   {"z80", "z80"},         {"fibonacci", ""},       {"onechip", "lcg32 onechip"},
    {"randu", "lcg32 randu"},    {"msvc", ""},           {"glibc", "glibc rand"}, {"splitmix64", ""},
    {"xoshiro256ss", "xoshiro256**"}, {"pcg32", ""},     {"galois8", "galois8"},  {"galois16", "galois16"},
    {"fibonacci8", "fibonacci8"}, {"fibonacci16", "fibonacci16"}, {"xorshift16", "xorshift16"},
    {"xorshift32", "xorshift32"}, {"lcg8", "lcg8"},       {"lcg16", "lcg16"},
};

// Generator listings (one call = one output byte of the row's generator).
constexpr std::pair<std::string_view, std::string_view> kGeneratorListings[] = {
    {"z80-lfsr", "z80"},          {"sm83-lfsr", "tarot32"},       {"pic-lcrng", "onechip"},
    {"6502-lfsr", "tarot32"},     {"6502-lfsr16", "galois16"},    {"6502-lcrng", "onechip"},
    {"6502-xorshift16", "xorshift16"}, {"6502-xorshift32", "xorshift32"},
};

constexpr std::uint64_t kPcgMultiplier = 6364136223846793005ULL;

Result<bool> fill_period(ChooserRow& row, const LfsrLabState& lab, const ByteGenerator& g) {
  using R = Result<bool>;
  const auto from_lcg = [&](std::uint64_t a, std::uint64_t c, int bits) -> R {
    auto cycles = lcg_cycles(a, c, bits);
    if (!cycles) return R::fail(row.name + ": " + cycles.error());
    row.period_bytes = Uint128{1} << cycles->max_log2_period;
    for (const LcgCycleClass& k : cycles->classes) {
      const Uint128 stuck_zero = c == 0 && k.log2_length == 0 ? 1 : 0;  // zero is no seed when c = 0
      if (k.states > stuck_zero) row.cycle_classes.push_back({Uint128{1} << k.log2_length, k.states - stuck_zero});
    }
    row.seeds = cycles->seeds;
    row.weak_seeds = cycles->weak_seeds;
    return R::ok(true);
  };
  if (lab_gen_is_linear(lab.gen)) {
    auto analysis = analyse_lab(lab);
    if (!analysis) return R::fail(row.name + ": " + analysis.error());
    const std::uint64_t p = analysis->map.max_period;
    const auto in_bytes = [&](std::uint64_t steps) {
      return lab_gen_steps_bits(lab.gen) ? steps / std::gcd(steps, std::uint64_t{8}) : steps;
    };
    row.period_bytes = in_bytes(p);
    for (const CycleClass& k : analysis->map.cycle_lengths) {
      const Uint128 zero = k.length == 1 ? 1 : 0;  // the zero state is no seed
      if (k.states_reaching > zero) row.cycle_classes.push_back({in_bytes(k.length), k.states_reaching - zero});
    }
    std::sort(row.cycle_classes.begin(), row.cycle_classes.end(),
              [](const ChooserRow::CycleClass& a, const ChooserRow::CycleClass& b) { return a.bytes < b.bytes; });
    if (lab_gen_steps_bits(lab.gen)) row.period_note = "state period " + grouped(p) + " bit-steps, 8 per byte";
    row.seeds = analysis->map.nonzero_states;
    row.weak_seeds = analysis->map.weak_seeds;
    return R::ok(true);
  }
  if (const auto* lcg = std::get_if<Lcg32>(&g.engine())) return from_lcg(lcg->a, lcg->c, lcg->modulus_bits);
  if (const auto* pcg = std::get_if<Pcg32>(&g.engine())) return from_lcg(kPcgMultiplier, pcg->inc, 64);
  if (std::holds_alternative<SplitMix64>(g.engine())) return from_lcg(1, kSplitMix64Increment, 64);
  row.period_note = "not computed here: its state is wider than the 64-bit matrices of core/gen/period";
  return R::ok(true);
}

std::size_t state_bytes_of(const ByteGenerator& g) {
  const std::size_t bytes = g.state_string().size() / 2;
  return std::holds_alternative<Pcg32>(g.engine()) ? bytes + 8 : bytes;  // plus its odd increment
}

Result<ChooserTable> build_table() {
  using R = Result<ChooserTable>;
  ChooserTable table;
  for (const AsmIsaInfo& info : asm_isas())
    if (info.isa != AsmIsa::wasm) table.isas.push_back(info.isa);
  auto costs = asm_cost_tables();
  if (!costs) return R::fail(costs.error());
  for (const RowSpec& spec : kRows) {
    ChooserRow row;
    row.name = spec.name;
    auto lab = lab_state_for(spec.name);
    if (!lab) return R::fail(lab.error());
    auto g = lab_generator(*lab);
    if (!g) return R::fail(g.error());
    const GeneratorPreset* preset = find_generator_preset(spec.name);
    row.summary = preset ? std::string(preset->summary) : std::string(generator_catalog()[g->engine().index()].summary);
    row.state_bytes = state_bytes_of(*g);
    if (auto ok = fill_period(row, *lab, *g); !ok) return R::fail(ok.error());
    row.weak_share = row.seeds ? static_cast<double>(row.weak_seeds) / static_cast<double>(row.seeds) : 0.0;
    row.linear_complexity = linear_complexity(output_bits(*g, kComplexityBits));
    for (const DieharderRow& r : dieharder_record()) {
      if (spec.dieharder.empty() || r.generator != spec.dieharder) continue;
      row.dieharder.push_back({r.test, r.p_value, r.verdict});
      row.dieharder_failed += r.verdict == "FAILED";
      row.dieharder_weak += r.verdict == "WEAK";
    }
    for (const AsmCostTable& t : *costs)
      for (const AsmCost& c : t.rows)
        for (const auto& [listing, generator] : kGeneratorListings)
          if (c.name == listing && generator == spec.name && c.cycles_per_output)
            row.costs.push_back({c.isa, std::string(c.name), c.code_bytes, c.ram_bytes, *c.cycles_per_output});
    row.lab_link = lfsr_lab_link(*lab);
    table.rows.push_back(std::move(row));
  }
  return R::ok(std::move(table));
}

}  // namespace

const ChooserCost* ChooserRow::cost_on(AsmIsa isa) const {
  for (const auto& c : costs)
    if (c.isa == isa) return &c;
  return nullptr;
}

Result<ChooserTable> chooser_table() {
  static const Result<ChooserTable> table = build_table();
  return table;
}

std::vector<const ChooserRow*> rows_for_cpu(const ChooserTable& table, std::optional<AsmIsa> isa) {
  std::vector<const ChooserRow*> rows;
  for (const auto& row : table.rows)
    if (!isa || row.cost_on(*isa)) rows.push_back(&row);
  return rows;
}

Uint128 seeds_on_cycles_shorter_than(const ChooserRow& row, double bytes) {
  Uint128 seeds = 0;
  for (const ChooserRow::CycleClass& k : row.cycle_classes)
    if (static_cast<double>(k.bytes) < bytes) seeds += k.seeds;
  return seeds;
}

std::string weak_share_text(const ChooserRow& row) {
  if (!row.period_bytes) return "";
  if (row.weak_seeds == 0) return "0";
  return grouped(to_decimal(row.weak_seeds)) + " of " + grouped(to_decimal(row.seeds)) + " (" +
         fixed_decimals(100.0 * row.weak_share, 4) + "%)";
}

std::string period_text(const ChooserRow& row) {
  return row.period_bytes ? grouped(to_decimal(*row.period_bytes)) : row.period_note;
}

std::string chooser_table_csv(const ChooserTable& table, std::optional<AsmIsa> isa) {
  std::vector<std::string> header{"generator",      "state_bytes",     "period_bytes", "weak_seeds",
                                  "seeds",          "weak_share",      "linear_complexity", "complexity_bits",
                                  "dieharder_failed", "dieharder_weak", "dieharder_tests"};
  std::vector<AsmIsa> isas = isa ? std::vector<AsmIsa>{*isa} : table.isas;
  for (AsmIsa i : isas) {
    const std::string id(asm_isa_info(i).id);
    for (const char* column : {"_listing", "_code_bytes", "_ram_bytes", "_cycles_per_byte"}) header.push_back(id + column);
  }
  CsvTable csv(header);
  for (const ChooserRow* row : rows_for_cpu(table, isa)) {
    std::vector<std::string> cells{row->name,
                                   std::to_string(row->state_bytes),
                                   row->period_bytes ? to_decimal(*row->period_bytes) : "",
                                   row->period_bytes ? to_decimal(row->weak_seeds) : "",
                                   row->period_bytes ? to_decimal(row->seeds) : "",
                                   row->period_bytes ? csv_decimal(row->weak_share) : "",
                                   std::to_string(row->linear_complexity),
                                   std::to_string(kComplexityBits),
                                   row->dieharder.empty() ? "" : std::to_string(row->dieharder_failed),
                                   row->dieharder.empty() ? "" : std::to_string(row->dieharder_weak),
                                   std::to_string(row->dieharder.size())};
    for (AsmIsa i : isas) {
      const ChooserCost* c = row->cost_on(i);
      cells.push_back(c ? c->listing : "");
      cells.push_back(c ? std::to_string(c->code_bytes) : "");
      cells.push_back(c && c->ram_bytes ? std::to_string(*c->ram_bytes) : "");
      cells.push_back(c ? csv_decimal(c->cycles_per_byte) : "");
    }
    csv.add_row(cells);
  }
  return csv.text();
}

}  // namespace shufflelab
