// The generator chooser (core/chooser). Independent sources: generators
// stepped byte by byte until their state returns (small widths), the LFSR
// lab's own analysis opened from the row's link, the Assembly lab's cost
// table, closed-form bias counts written here (floor/ceil of 2^8 / n), and
// the recommendation rule re-implemented here from the numbers the table and
// the candidate list show.
#include "core/chooser/chooser_pick.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <sstream>

#include "core/asm/asm_session.hpp"
#include "core/gen/generators.hpp"
#include "core/lfsr/lfsr_analysis.hpp"
#include "core/url_state.hpp"

namespace shufflelab {
namespace {

const ChooserTable& table() {
  static const ChooserTable t = chooser_table().value();
  return t;
}

// Each pick once per test run (a deck's pick computes hundreds of exact laws).
const ChooserPick& pick_for(AsmIsa cpu, ChooserUse use) {
  static std::map<std::pair<AsmIsa, ChooserUse>, ChooserPick> picks;
  auto it = picks.find({cpu, use});
  if (it == picks.end()) it = picks.emplace(std::make_pair(cpu, use), choose(table(), cpu, use).value()).first;
  return it->second;
}

const ChooserRow& row(std::string_view name) {
  for (const auto& r : table().rows)
    if (r.name == name) return r;
  ADD_FAILURE() << "no row " << name;
  return table().rows.front();
}

// Output bytes until the generator's state string comes back.
std::uint64_t byte_period_by_stepping(std::string_view name, std::string seed) {
  ByteGenerator g = make_generator(name, {{"seed", seed}}).value();
  const std::string start = g.state_string();
  std::uint64_t n = 0;
  do g.next_byte(), ++n; while (g.state_string() != start && n < (1u << 20));
  return n;
}

TEST(ChooserTable, SmallPeriodsEqualStepping) {
  for (const auto& [name, seed] : std::vector<std::pair<std::string, std::string>>{
           {"galois8", "1"}, {"galois16", "1"}, {"fibonacci8", "1"}, {"fibonacci16", "1"},
           {"xorshift16", "1"}, {"lcg8", "0"}, {"lcg16", "0"}}) {
    const ChooserRow& r = row(name);
    ASSERT_TRUE(r.period_bytes.has_value()) << name;
    EXPECT_EQ(static_cast<std::uint64_t>(*r.period_bytes), byte_period_by_stepping(name, seed)) << name;
    EXPECT_EQ(r.weak_seeds, 0u) << name;
  }
  EXPECT_EQ(row("galois8").state_bytes, 1u);
  EXPECT_EQ(row("xorshift32").state_bytes, 4u);
  EXPECT_EQ(row("pcg32").state_bytes, 16u);  // state and increment
  EXPECT_FALSE(row("glibc").period_bytes.has_value());
}

TEST(ChooserTable, RowsEqualWhatTheLfsrLabShowsForTheirLink) {
  for (const ChooserRow& r : table().rows) {
    const DecodedState d = decode_fragment(r.lab_link);
    ASSERT_TRUE(d.notices.empty()) << r.lab_link << ": " << d.notices.front();
    ASSERT_EQ(d.state.lab, LabId::lfsr);
    if (!lab_gen_is_linear(d.state.lfsr.gen)) continue;
    auto a = analyse_lab(d.state.lfsr);
    ASSERT_TRUE(a.has_value()) << r.name;
    const std::uint64_t p = a->map.max_period;
    const std::uint64_t bytes = lab_gen_steps_bits(d.state.lfsr.gen) ? p / std::gcd(p, std::uint64_t{8}) : p;
    EXPECT_EQ(*r.period_bytes, bytes) << r.name;
    EXPECT_EQ(r.weak_seeds, a->map.weak_seeds) << r.name;
  }
  // The tarot figures of docs/labs.md (Findings): mask CF returns after 3,757,580,295 bit-steps (odd, so as many bytes).
  EXPECT_EQ(*row("tarot32").period_bytes, 3757580295u);
}

TEST(ChooserTable, CostsAreTheAssemblyLabsMeasurements) {
  int matched = 0;
  for (const ChooserRow& r : table().rows)
    for (const ChooserCost& c : r.costs) {
      auto algo = parse_asm_algorithm("algo", c.listing);
      ASSERT_TRUE(algo.has_value()) << c.listing;
      auto cost = asm_cost(*algo);
      ASSERT_TRUE(cost.has_value());
      EXPECT_EQ(c.code_bytes, cost->code_bytes) << c.listing;
      EXPECT_EQ(c.cycles_per_byte, *cost->cycles_per_output) << c.listing;
      EXPECT_EQ(asm_algorithm_info(*algo).isa, c.isa);
      ++matched;
    }
  EXPECT_GE(matched, 3);  // z80-lfsr, sm83-lfsr, pic-lcrng at least
  ASSERT_NE(row("z80").cost_on(AsmIsa::z80), nullptr);
}

TEST(ChooserTable, CsvHasOneLinePerGeneratorAndReadsBack) {
  const std::string csv = chooser_table_csv(table(), std::nullopt);
  std::istringstream in(csv);
  std::string line;
  std::getline(in, line);
  EXPECT_EQ(line.rfind("generator,state_bytes,period_bytes,", 0), 0u);
  std::size_t lines = 0;
  while (std::getline(in, line)) {
    ++lines;
    if (line.rfind("galois16,", 0) == 0) EXPECT_EQ(line.rfind("galois16,2,65535,0,65535,", 0), 0u) << line;
  }
  EXPECT_EQ(lines, table().rows.size());
  const std::string z80_only = chooser_table_csv(table(), AsmIsa::z80);
  EXPECT_NE(z80_only.find("\r\nz80,"), std::string::npos);
  EXPECT_EQ(z80_only.find("tarot32"), std::string::npos);
}

// ---- the rule, written again from the shown numbers --------------------------

const ChooserRow* expected_generator(AsmIsa cpu) {
  std::vector<const ChooserRow*> rows;
  for (const auto& r : table().rows)
    if (r.cost_on(cpu)) rows.push_back(&r);
  if (rows.empty())
    for (const auto& r : table().rows) rows.push_back(&r);
  const auto key = [cpu](const ChooserRow* r) {
    const ChooserCost* c = r->cost_on(cpu);
    return std::make_tuple(r->dieharder.empty(), r->dieharder_failed, r->weak_share, r->dieharder_weak, c == nullptr,
                           c ? c->cycles_per_byte : 0.0, r->state_bytes);
  };
  return *std::min_element(rows.begin(), rows.end(), [&](auto* a, auto* b) { return key(a) < key(b); });
}

bool expected_qualifies(const MethodCandidate& m, const ChooserUseInfo& use) {
  if (!m.possible) return false;
  if (use.exact_only) return m.max_min_ratio == Fraction(1, 1);
  return m.rolls_to_notice >= 10'000;
}

TEST(ChooserPick, FollowsTheStatedRuleFromTheShownNumbers) {
  for (const AsmIsaInfo& isa : asm_isas()) {
    if (isa.isa == AsmIsa::wasm) continue;
    for (const ChooserUseInfo& use : chooser_uses()) {
      const ChooserPick* pick = &pick_for(isa.isa, use.use);
      EXPECT_EQ(pick->generator().name, expected_generator(isa.isa)->name) << isa.id << " " << use.id;
      const auto& ms = pick->methods;
      const auto key = [&](const MethodCandidate& m) {
        return std::make_tuple(!expected_qualifies(m, use), m.listing.empty(), !m.cycles_per_use.has_value(),
                               m.cycles_per_use.value_or(0.0), !m.possible);
      };
      const auto best = std::min_element(ms.begin(), ms.end(), [&](const auto& a, const auto& b) {
        if (key(a) != key(b)) return key(a) < key(b);
        if (a.max_min_ratio != b.max_min_ratio) return a.max_min_ratio < b.max_min_ratio;
        return a.bytes_per_use < b.bytes_per_use;
      });
      EXPECT_EQ(pick->method().method, best->method) << isa.id << " " << use.id;
      EXPECT_EQ(pick->method().listing, best->listing) << isa.id << " " << use.id;
      if (use.exact_only) EXPECT_TRUE(pick->method().max_min_ratio == Fraction(1, 1)) << isa.id << " " << use.id;
    }
  }
}

TEST(ChooserPick, Z80D20IsTheExactMultiplyHighWithItsCountedBias) {
  const ChooserPick& pick = pick_for(AsmIsa::z80, ChooserUse::d20);
  // 256 = 12 * 20 + 16: (x * 20) >> 8 gives 16 faces 13 bytes and 4 faces 12.
  EXPECT_EQ(pick.method().method, "mulhi");
  EXPECT_EQ(pick.method().listing, "z80-roll-exact");
  EXPECT_EQ(pick.method().max_min_ratio, Fraction(13, 12));
  EXPECT_GE(pick.method().rolls_to_notice, 10'000);
  EXPECT_EQ(pick.method().bytes_per_use, Fraction(1, 1));
  // Its cost: the listing's cycles plus one byte of the Z80 LFSR listing.
  const double expected = *asm_cost(parse_asm_algorithm("a", "z80-roll-exact").value()).value().cycles_per_output +
                          *asm_cost(parse_asm_algorithm("a", "z80-lfsr").value()).value().cycles_per_output;
  EXPECT_DOUBLE_EQ(*pick.method().cycles_per_use, expected);
  // MAXU8 is cheaper but doubles some faces: it does not qualify.
  const auto maxu8 = std::find_if(pick.methods.begin(), pick.methods.end(),
                                  [](const MethodCandidate& m) { return m.method == "maxu8"; });
  ASSERT_NE(maxu8, pick.methods.end());
  EXPECT_FALSE(maxu8->qualifies);
}

TEST(ChooserPick, DeckBiasIsTheProductOfTheDrawsRatios) {
  const ChooserPick& pick = pick_for(AsmIsa::z80, ChooserUse::deck52);
  const auto mulhi = std::find_if(pick.methods.begin(), pick.methods.end(),
                                  [](const MethodCandidate& m) { return m.method == "mulhi"; });
  ASSERT_NE(mulhi, pick.methods.end());
  // (x * b) >> 8 over all 256 bytes: faces get floor(256/b) or ceil(256/b) bytes.
  Fraction expected(1, 1);
  for (std::uint64_t b = 2; b <= 52; ++b)
    if (256 % b) expected = Fraction(expected.numerator() * BigUint((256 + b - 1) / b), expected.denominator() * BigUint(256 / b));
  EXPECT_EQ(mulhi->max_min_ratio, expected);
  EXPECT_EQ(pick.method().max_min_ratio, Fraction(1, 1));  // a shuffle must be exact
  // Mask-and-reject's bytes: each bound b keeps b of the next power of two >= b.
  Fraction bytes(0, 1);
  for (std::uint64_t b = 2; b <= 52; ++b) {
    std::uint64_t mask = 1;
    while (mask + 1 < b) mask = mask * 2 + 1;
    bytes = Fraction(bytes.numerator() * BigUint(b) + BigUint(mask + 1) * bytes.denominator(),
                     bytes.denominator() * BigUint(b));
  }
  EXPECT_EQ(pick.method().method, "reject");
  EXPECT_EQ(pick.method().bytes_per_use, bytes);
}

TEST(ChooserPick, LinksOpenEachPieceInItsLabWithoutNotices) {
  for (ChooserUse use : {ChooserUse::d20, ChooserUse::deck78}) {
    for (AsmIsa cpu : {AsmIsa::z80, AsmIsa::sm83, AsmIsa::x86_64}) {
      const ChooserPick& pick = pick_for(cpu, use);
      for (const std::string& link : {pick.lab_link, pick.dice_link, pick.asm_link}) {
        if (link.empty()) continue;
        const DecodedState d = decode_fragment(link);
        EXPECT_TRUE(d.notices.empty()) << link << ": " << (d.notices.empty() ? "" : d.notices.front());
      }
      const DecodedState lab = decode_fragment(pick.dice_link);
      EXPECT_EQ(lab.state.lab, use == ChooserUse::d20 ? LabId::dice : LabId::shuffle);
      if (use == ChooserUse::d20) EXPECT_EQ(lab.state.dice.method, pick.method().method);
      else EXPECT_EQ(lab.state.shuffle.method, pick.method().method);
    }
  }
}

TEST(ChooserPick, ParsesCpusAndUsesAndNamesTheBadOnes) {
  EXPECT_EQ(parse_chooser_cpu("--cpu", "x86_64").value(), AsmIsa::x86_64);
  EXPECT_EQ(parse_chooser_cpu("--cpu", "pic14").value(), AsmIsa::pic14);
  auto bad = parse_chooser_cpu("--cpu", "wasm");
  ASSERT_FALSE(bad.has_value());
  EXPECT_NE(bad.error().find("--cpu"), std::string::npos);
  EXPECT_EQ(parse_chooser_use("use", "deck78").value(), ChooserUse::deck78);
  EXPECT_FALSE(parse_chooser_use("use", "d7").has_value());
}

}  // namespace
}  // namespace shufflelab
