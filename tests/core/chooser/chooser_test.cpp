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
#include <set>
#include <sstream>

#include "core/asm/asm_session.hpp"
#include "core/dice/dice_lab.hpp"
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

// ---- the rule, evaluated again here by brute force ---------------------------

// The range methods each CPU has a listing of (the Assembly lab's roll and
// shuffle listings, read off asm/), or every dice-lab method when it has none.
std::set<std::string> expected_methods(AsmIsa cpu) {
  switch (cpu) {
    case AsmIsa::z80: return {"mulhi-minus1", "mulhi", "maxu8", "reject"};
    case AsmIsa::sm83: return {"fdr-tarot", "reject", "fdr"};
    case AsmIsa::x86_64: return {"lemire"};
    case AsmIsa::pic14: return {"reject"};
    case AsmIsa::mos6502: return {"mulhi", "reject"};
    default: break;
  }
  std::set<std::string> all;
  for (const DiceMethodInfo& m : dice_methods()) all.insert(std::string(m.name));
  return all;
}

double log2_seeds(const ChooserRow& g) {
  return g.period_bytes ? std::log2(static_cast<double>(g.seeds)) : 8.0 * static_cast<double>(g.state_bytes);
}

// The stated rule as a sort key over one candidate, from the numbers the view shows.
struct Expected {
  const ChooserRow* g;
  const MethodCandidate* m;
  bool qualifies, bias_hidden, period_hidden;
  std::optional<double> cycles;
  double short_share = 0;  // of the valid seeds, those on a cycle shorter than the session uses
};

Expected evaluate(const ChooserRow& g, const MethodCandidate& m, AsmIsa cpu, const ChooserUseInfo& use) {
  Expected e{&g, &m, false, false, false, std::nullopt};
  e.bias_hidden = m.possible && (use.exact_only ? m.max_min_ratio == Fraction(1, 1) : m.rolls_to_notice >= 10'000);
  const double session_bytes = m.bytes_per_use.to_double() * 10'000;
  Uint128 short_seeds = 0;
  for (const auto& k : g.cycle_classes)
    if (static_cast<double>(k.bytes) < session_bytes) short_seeds += k.seeds;
  e.period_hidden = !g.cycle_classes.empty() && static_cast<double>(short_seeds) < 1e-6 * static_cast<double>(g.seeds);
  e.short_share = static_cast<double>(short_seeds) / static_cast<double>(g.seeds);
  e.qualifies = e.bias_hidden && e.period_hidden;
  if (const ChooserCost* c = g.cost_on(cpu); c && m.own_cycles)
    e.cycles = m.bytes_per_use.to_double() * c->cycles_per_byte + *m.own_cycles;
  return e;
}

bool expected_before(const Expected& a, const Expected& b) {
  const auto key = [](const Expected& e) {
    return std::make_tuple(!e.qualifies, !e.bias_hidden, !e.period_hidden, !e.cycles.has_value(), e.cycles.value_or(0.0),
                           !e.m->possible);
  };
  if (key(a) != key(b)) return key(a) < key(b);
  if (a.m->max_min_ratio != b.m->max_min_ratio) return a.m->max_min_ratio < b.m->max_min_ratio;
  if (a.short_share != b.short_share) return a.short_share < b.short_share;
  if (a.m->bytes_per_use != b.m->bytes_per_use) return a.m->bytes_per_use < b.m->bytes_per_use;
  return log2_seeds(*a.g) > log2_seeds(*b.g);
}

TEST(ChooserPick, EveryCpuAndUseFollowsTheStatedRuleByBruteForce) {
  for (const AsmIsaInfo& isa : asm_isas()) {
    if (isa.isa == AsmIsa::wasm) continue;
    for (const ChooserUseInfo& use : chooser_uses()) {
      const ChooserPick& pick = pick_for(isa.isa, use.use);
      std::set<std::string> methods;
      for (const MethodCandidate& m : pick.methods) methods.insert(m.method);
      EXPECT_EQ(methods, expected_methods(isa.isa)) << isa.id << " " << use.id;
      std::vector<const ChooserRow*> generators;
      for (const auto& r : table().rows)
        if (r.cost_on(isa.isa)) generators.push_back(&r);
      if (generators.empty())
        for (const auto& r : table().rows) generators.push_back(&r);
      // Every generator with every method, once.
      ASSERT_EQ(pick.candidates.size(), generators.size() * pick.methods.size()) << isa.id << " " << use.id;
      std::vector<Expected> all;
      for (const ChooserRow* g : generators)
        for (const MethodCandidate& m : pick.methods) all.push_back(evaluate(*g, m, isa.isa, use));
      const Expected best = *std::min_element(all.begin(), all.end(), expected_before);
      EXPECT_EQ(pick.generator().name, best.g->name) << isa.id << " " << use.id;
      EXPECT_EQ(pick.method().method, best.m->method) << isa.id << " " << use.id;
      EXPECT_EQ(pick.best().qualifies, best.qualifies) << isa.id << " " << use.id;
      // The trade-off table is in the rule's order, each candidate's figures as evaluated here.
      for (std::size_t i = 0; i < pick.candidates.size(); ++i) {
        const ChooserCandidate& c = pick.candidates[i];
        const Expected e = evaluate(*c.generator, pick.methods[c.method], isa.isa, use);
        EXPECT_EQ(c.qualifies, e.qualifies) << isa.id << " " << use.id << " " << c.generator->name;
        EXPECT_EQ(c.period_hidden, e.period_hidden) << isa.id << " " << use.id << " " << c.generator->name;
        EXPECT_EQ(c.cycles_per_use.has_value(), e.cycles.has_value());
        if (e.cycles) EXPECT_DOUBLE_EQ(*c.cycles_per_use, *e.cycles);
        if (i > 0) {
          const ChooserCandidate& p = pick.candidates[i - 1];
          EXPECT_FALSE(expected_before(e, evaluate(*p.generator, pick.methods[p.method], isa.isa, use)))
              << isa.id << " " << use.id << ": row " << i << " belongs before row " << i - 1;
        }
      }
    }
  }
}

// What a 6502 programmer would pick, written here: the cheapest generator whose
// 65,535-byte cycle outlasts 10,000 rolls, with exact mask-and-reject; a
// 32-bit state for a deck (10,000 deals need about 714,000 bytes).
TEST(ChooserPick, The6502PicksAreCheapAndHonest) {
  const ChooserPick& d20 = pick_for(AsmIsa::mos6502, ChooserUse::d20);
  EXPECT_EQ(d20.generator().name, "xorshift16");
  EXPECT_EQ(d20.method().method, "reject");
  EXPECT_TRUE(d20.best().qualifies);
  // Mask-and-reject for 20 keeps 20 of 32 masked values: 32/20 bytes per roll.
  EXPECT_EQ(d20.method().bytes_per_use, Fraction(8, 5));
  const double expected = 1.6 * *asm_cost(parse_asm_algorithm("a", "6502-xorshift16").value()).value().cycles_per_output +
                          *asm_cost(parse_asm_algorithm("a", "6502-reject").value()).value().own_cycles_per_output;
  EXPECT_DOUBLE_EQ(*d20.best().cycles_per_use, expected);
  EXPECT_LT(*d20.best().cycles_per_use, 300.0);
  // One Chip's LCG with the same roller: the roll the issue measured at about 2,500 cycles.
  const auto onechip = std::find_if(d20.candidates.begin(), d20.candidates.end(), [&](const ChooserCandidate& c) {
    return c.generator->name == "onechip" && d20.methods[c.method].method == "reject";
  });
  ASSERT_NE(onechip, d20.candidates.end());
  EXPECT_GT(*onechip->cycles_per_use, 2'000.0);
  EXPECT_NE(d20.cost_text.find("1.6000 bytes x 36.0 (6502-xorshift16)"), std::string::npos) << d20.cost_text;

  const ChooserPick& deck = pick_for(AsmIsa::mos6502, ChooserUse::deck52);
  EXPECT_EQ(deck.generator().state_bytes, 4u);
  EXPECT_EQ(deck.method().listing, "6502-shuffle");
  EXPECT_TRUE(deck.best().qualifies);
  // 52! = 2^225.58...: a 32-bit state deals at most 2^32 of them.
  EXPECT_NE(deck.reach_text.find("of the 52! = 2^225.6 orders"), std::string::npos) << deck.reach_text;
  EXPECT_NE(deck.reach_text.find("at most 2^32.0"), std::string::npos) << deck.reach_text;
  // The 16-bit generators' 65,535-byte cycle is shorter than 10,000 deals.
  for (const ChooserCandidate& c : deck.candidates)
    if (c.generator->state_bytes == 2) EXPECT_FALSE(c.period_hidden) << c.generator->name;
}

// Expected coin flips of Lumbroso's Fast Dice Roller for n, summed here from
// its range chain: c is uniform on [0, v), so after a flip that makes v >= n
// the roll stops with probability n / v, and otherwise goes on with v - n.
double fdr_expected_flips(unsigned n) {
  double running = 1, flips = 0;
  unsigned v = 1;
  for (int flip = 0; flip < 4000; ++flip) {
    flips += running;
    v *= 2;
    if (v >= n) {
      running *= 1.0 - static_cast<double>(n) / v;
      v -= n;
    }
  }
  return flips;
}

// What a Game Boy or PIC programmer would ship for a die, written here: the
// one generator with a listing on the CPU, with an exact roller that uses few
// enough of its bytes. The tarot LFSR has 7 seeds on a 7-byte cycle and 8,191
// on an 8,191-byte one (one in a million of its 2^32 - 1 seeds is 4,295):
// 10,000 rolls must use fewer than 8,191 bytes, which the Fast Dice Roller on
// the coin-flip queue does (d6: about 0.46 bytes a roll) and whole-byte mask
// and reject (4/3 bytes for a d6) does not. One Chip's LCG has one cycle of
// 2^32: mask and reject on its top bytes, 8/6 bytes for a d6, 32/20 for a d20.
// Cycles = those bytes x the generator listing's measured cycles per byte +
// the roller's own cycles measured at n (its generator routine excluded).
TEST(ChooserPick, GameBoyAndPicDiceAreExactAndTheirPeriodsHold) {
  struct Case {
    AsmIsa cpu;
    ChooserUse use;
    std::string_view generator, generator_listing, generator_routine, method, roller;
    double bytes;
  };
  for (const Case& c : {Case{AsmIsa::sm83, ChooserUse::d6, "tarot32", "sm83-lfsr", "tarot_lfsr", "fdr", "sm83-fdr",
                             fdr_expected_flips(6) / 8},
                        Case{AsmIsa::sm83, ChooserUse::d20, "tarot32", "sm83-lfsr", "tarot_lfsr", "fdr", "sm83-fdr",
                             fdr_expected_flips(20) / 8},
                        Case{AsmIsa::pic14, ChooserUse::d6, "onechip", "pic-lcrng", "lcrng", "reject", "pic-reject", 8.0 / 6},
                        Case{AsmIsa::pic14, ChooserUse::d20, "onechip", "pic-lcrng", "lcrng", "reject", "pic-reject",
                             32.0 / 20}}) {
    const ChooserPick& pick = pick_for(c.cpu, c.use);
    const std::string what = std::string(asm_isa_info(c.cpu).id) + " " + std::string(chooser_use_info(c.use).id);
    EXPECT_EQ(pick.generator().name, c.generator) << what;
    EXPECT_EQ(pick.method().method, c.method) << what;
    EXPECT_EQ(pick.method().listing, c.roller) << what;
    EXPECT_TRUE(pick.best().qualifies) << what;
    EXPECT_EQ(pick.method().max_min_ratio, Fraction(1, 1)) << what;
    EXPECT_NEAR(pick.method().bytes_per_use.to_double(), c.bytes, 1e-12) << what;
    // Tarot: 10,000 rolls within the 8,191-byte cycle; One Chip: no seed on a short cycle.
    if (c.cpu == AsmIsa::sm83) EXPECT_LT(pick.best().session_bytes, 8191.0) << what;
    else EXPECT_EQ(pick.best().short_seeds, 0u) << what;
    EXPECT_NE(pick.verdict_text.find("meets the rule"), std::string::npos) << pick.verdict_text;
    EXPECT_NE(pick.bias_text.find("exactly the same probability"), std::string::npos) << pick.bias_text;
    const AsmAlgorithm roller = parse_asm_algorithm("a", c.roller).value();
    AsmInputs in = asm_measured_inputs(roller);
    in.n = chooser_use_info(c.use).n;
    AsmSession run = std::move(AsmSession::start(roller, in).value());
    ASSERT_TRUE(run.run(~std::uint64_t{0}).has_value());
    const double own = static_cast<double>(run.cycles() - run.cycles_in(c.generator_routine)) / in.calls;
    const double per_byte = *asm_cost(parse_asm_algorithm("a", c.generator_listing).value()).value().cycles_per_output;
    EXPECT_DOUBLE_EQ(*pick.best().cycles_per_use, pick.method().bytes_per_use.to_double() * per_byte + own) << what;
    EXPECT_NE(pick.cost_text.find("(" + std::string(c.generator_listing) + ")"), std::string::npos) << pick.cost_text;
    EXPECT_NE(pick.asm_link.find("algo=" + std::string(c.roller)), std::string::npos) << pick.asm_link;
  }
  const ChooserPick& d6 = pick_for(AsmIsa::sm83, ChooserUse::d6);
  EXPECT_EQ(d6.best().short_seeds, 7u);
  EXPECT_EQ(d6.generator().seeds, (Uint128{1} << 32) - 1);
  for (const ChooserCandidate& c : d6.candidates) {
    const MethodCandidate& m = d6.methods[c.method];
    if (m.method == "fdr-tarot") EXPECT_EQ(m.max_min_ratio, Fraction(3, 2));  // the article's slip: biased
    if (m.method == "reject") EXPECT_EQ(c.short_seeds, 7u + 8191u);             // 13,334 bytes: past the 8,191 cycle
    if (m.method == "reject") EXPECT_FALSE(c.period_hidden);
  }
  // A deck on the Game Boy: every draw exact, the cheapest such roller; the
  // period shows (10,000 deals outrun the short cycles) and 2^32 of the 78! orders.
  const ChooserPick& deck = pick_for(AsmIsa::sm83, ChooserUse::deck78);
  EXPECT_EQ(deck.method().max_min_ratio, Fraction(1, 1));
  EXPECT_TRUE(deck.method().bias_hidden);
  EXPECT_NE(deck.reach_text.find("no generator here reaches them all"), std::string::npos) << deck.reach_text;
  for (const ChooserCandidate& c : deck.candidates)
    if (deck.methods[c.method].bias_hidden && c.cycles_per_use)
      EXPECT_LE(*deck.best().cycles_per_use, *c.cycles_per_use) << deck.methods[c.method].method;
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
  EXPECT_DOUBLE_EQ(*pick.best().cycles_per_use, expected);
  EXPECT_NE(pick.bias_text.find("13/12"), std::string::npos) << pick.bias_text;
  // MAXU8 is cheaper but doubles some faces: its bias shows within a session.
  const auto maxu8 = std::find_if(pick.methods.begin(), pick.methods.end(),
                                  [](const MethodCandidate& m) { return m.method == "maxu8"; });
  ASSERT_NE(maxu8, pick.methods.end());
  EXPECT_FALSE(maxu8->bias_hidden);
}

// The split of a listing's cycles between its generator routine and the rest,
// checked against two other runs: the C++ generator and range reducer count
// the bytes the 6502 roller draws, and the generator listing alone, run for
// that many bytes from the same seed, must take exactly the cycles the roller
// spent inside it.
TEST(ChooserCosts, TheRollersGeneratorCyclesAreTheGeneratorListingsOwnRun) {
  const AsmAlgorithm reject = parse_asm_algorithm("a", "6502-reject").value();
  const AsmInputs in = asm_measured_inputs(reject);  // seed 12345678, n = 20, 256 rolls
  AsmSession roller = std::move(AsmSession::start(reject, in).value());
  ASSERT_TRUE(roller.run(~std::uint64_t{0}).has_value());
  // The reference: mask 31, keep bytes whose low 5 bits are below 20.
  ByteGenerator g = make_generator("tarot32", {{"seed", "12345678"}}).value();
  std::uint32_t bytes = 0;
  for (std::size_t roll = 0; roll < in.calls; ++roll) {
    std::uint8_t v = 0;
    do v = g.next_byte() & 31, ++bytes; while (v >= in.n);
    ASSERT_EQ(roller.outputs().at(roll), v) << "roll " << roll;
  }
  AsmInputs alone = asm_measured_inputs(parse_asm_algorithm("a", "6502-lfsr").value());
  alone.seed = in.seed;
  alone.calls = bytes;
  AsmSession lfsr = std::move(AsmSession::start(parse_asm_algorithm("a", "6502-lfsr").value(), alone).value());
  ASSERT_TRUE(lfsr.run(~std::uint64_t{0}).has_value());
  EXPECT_EQ(roller.cycles_in("tarot_lfsr"), lfsr.cycles());
  const AsmCost cost = asm_cost(reject).value();
  EXPECT_DOUBLE_EQ(*cost.generator_cycles_per_output, static_cast<double>(lfsr.cycles()) / in.calls);
  EXPECT_DOUBLE_EQ(*cost.own_cycles_per_output, static_cast<double>(roller.cycles() - lfsr.cycles()) / in.calls);
  // A listing without a generator routine is all its own.
  const AsmCost mulhi = asm_cost(parse_asm_algorithm("a", "6502-roll-mulhi").value()).value();
  EXPECT_EQ(*mulhi.generator_cycles_per_output, 0.0);
  EXPECT_EQ(*mulhi.own_cycles_per_output, *mulhi.cycles_per_output);
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
  // Its own cycles: the roller run at every bound 52 .. 2, generator excluded.
  const AsmAlgorithm listing = parse_asm_algorithm("a", "z80-reject").value();
  double own = 0;
  for (std::uint64_t b = 2; b <= 52; ++b) {
    AsmInputs in = asm_measured_inputs(listing);
    in.n = b;
    AsmSession s = std::move(AsmSession::start(listing, in).value());
    EXPECT_TRUE(s.run(~std::uint64_t{0}).has_value());
    own += static_cast<double>(s.cycles() - s.cycles_in("lfsr64")) / in.calls;
  }
  EXPECT_DOUBLE_EQ(*pick.method().own_cycles, own);
}

TEST(ChooserTable, ShortestCyclesAreStepped) {
  // xorshift16 from seed 1 visits every nonzero state before coming back: one cycle of 65,535.
  ByteGenerator g = make_generator("xorshift16", {{"seed", "1"}}).value();
  const std::string start = g.state_string();
  std::uint64_t n = 0;
  do g.next_byte(), ++n; while (g.state_string() != start);
  ASSERT_EQ(n, 65535u);
  const ChooserRow& r = row("xorshift16");
  ASSERT_EQ(r.cycle_classes.size(), 1u);
  EXPECT_EQ(r.cycle_classes[0].bytes, 65535u);
  EXPECT_EQ(r.cycle_classes[0].seeds, 65535u);
  // Every class together holds every valid seed.
  for (const ChooserRow& t : table().rows) {
    Uint128 seeds = 0;
    for (const auto& k : t.cycle_classes) seeds += k.seeds;
    if (!t.cycle_classes.empty()) EXPECT_EQ(seeds, t.seeds) << t.name;
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
