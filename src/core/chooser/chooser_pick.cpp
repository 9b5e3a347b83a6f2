#include "core/chooser/chooser_pick.hpp"

#include <algorithm>
#include <array>
#include <cmath>

#include "core/asm/asm_lab.hpp"
#include "core/asm/asm_session.hpp"
#include "core/base/text_format.hpp"
#include "core/base/url_fields.hpp"
#include "core/dice/dice_lab.hpp"
#include "core/dice/dice_law.hpp"
#include "core/shuffle/shuffle_lab.hpp"
#include "core/shuffle/shuffle_source.hpp"

namespace shufflelab {

const std::string_view kChooserRule =
    "Generator: among those with a listing on this CPU (all when it has none), the fewest dieharder FAILED "
    "verdicts (unrecorded last), then the smallest share of weak seeds, the fewest WEAK verdicts, the fewest "
    "cycles per output byte, the smallest state. Range method: every dice-lab method on this CPU's words (64 bits "
    "on x86-64, else 8); those that qualify first (a d20: every face possible and at least 10,000 rolls before a "
    "chi-square test notices its bias; a d6 with no visible bias and a shuffle: exactly uniform), then those with "
    "a die-roll listing on this CPU, fewest cycles per use first, then the smallest max/min ratio, then the fewest "
    "random bytes per use. Shuffle: "
    "Fisher-Yates with that method.";

namespace {

constexpr std::array<ChooserUseInfo, 4> kUses{{
    {ChooserUse::d20, "d20", "a d20", 20, false, false},
    {ChooserUse::d6, "d6", "a d6 with no visible bias", 6, false, true},
    {ChooserUse::deck52, "deck52", "shuffle 52 cards", 52, true, true},
    {ChooserUse::deck78, "deck78", "shuffle 78 cards", 78, true, true},
}};

// Roll listings and the dice method each one implements.
constexpr std::array<std::pair<std::string_view, std::string_view>, 8> kMethodListings{{
    {"z80-roll-minus1", "mulhi-minus1"}, {"z80-roll-exact", "mulhi"}, {"z80-maxu8", "maxu8"},
    {"z80-reject", "reject"},            {"sm83-roll", "fdr-tarot"},  {"x86-lemire", "lemire"},
    {"6502-roll-mulhi", "mulhi"},        {"6502-reject", "reject"},
}};
// Whole-deck listings: id, method, cards.
struct DeckListing {
  std::string_view listing, method;
  std::uint32_t cards;
};
constexpr std::array<DeckListing, 2> kDeckListings{{{"sm83-shuffle", "fdr-tarot", 78}, {"6502-shuffle", "reject", 52}}};

Fraction plus(const Fraction& a, const Fraction& b) {
  return Fraction(a.numerator() * b.denominator() + b.numerator() * a.denominator(), a.denominator() * b.denominator());
}
Fraction times(const Fraction& a, const Fraction& b) {
  return Fraction(a.numerator() * b.numerator(), a.denominator() * b.denominator());
}

const AsmCost* measured(const std::vector<AsmCostTable>& tables, std::string_view id) {
  for (const auto& t : tables)
    for (const auto& c : t.rows)
      if (c.algorithm && c.name == id) return &c;
  return nullptr;
}

// Whether a listing calls one of its instruction set's generator routines.
bool runs_generator(const AsmAlgorithmInfo& listing) {
  for (const AsmAlgorithmInfo& g : asm_algorithms()) {
    if (g.isa != listing.isa || (g.group != "lfsr" && g.group != "lcrng")) continue;
    for (auto r : listing.routines)
      if (std::find(g.routines.begin(), g.routines.end(), r) != g.routines.end()) return true;
  }
  return false;
}

// The exact law of the method for the use: one die, or every Fisher-Yates draw.
void fill_law(MethodCandidate& m, const ChooserUseInfo& use) {
  m.possible = true;
  const DiceMethodInfo* info = find_dice_method(m.method);
  m.max_min_ratio = Fraction(1, 1);
  m.bytes_per_use = Fraction(0, 1);
  const std::uint32_t first = use.deck ? 2 : use.n;
  for (std::uint32_t bound = first; bound <= use.n; ++bound) {
    if (std::string problem = die_problem(*info, bound, m.bits); !problem.empty()) {
      m.possible = false;
      m.note = problem;
      return;
    }
    auto law = exact_die_law(*info, bound, m.bits);
    if (!law) {
      m.possible = false;
      m.note = law.error();
      return;
    }
    m.bytes_per_use = plus(m.bytes_per_use, Fraction(law->expected_bits.numerator(), law->expected_bits.denominator() * 8));
    if (!law->stats.max_min_ratio) m.possible = false;
    else m.max_min_ratio = times(m.max_min_ratio, *law->stats.max_min_ratio);
    if (!use.deck) m.rolls_to_notice = rolls_to_notice(*law);
  }
}

bool qualifies(const MethodCandidate& m, const ChooserUseInfo& use) {
  if (!m.possible) return false;
  if (use.exact_only) return m.max_min_ratio == Fraction(1, 1);
  return m.rolls_to_notice >= kRollsToNoticeForD20;
}

std::vector<MethodCandidate> method_candidates(AsmIsa cpu, const ChooserUseInfo& use, const ChooserRow& generator,
                                               const std::vector<AsmCostTable>& costs) {
  std::vector<MethodCandidate> out;
  for (const auto& [listing, method] : kMethodListings) {
    const AsmCost* cost = measured(costs, listing);
    if (!cost || cost->isa != cpu) continue;
    MethodCandidate m;
    m.method = method;
    m.listing = listing;
    m.bits = cpu == AsmIsa::x86_64 ? 64 : 8;
    m.listing_cycles = cost->cycles_per_output;
    m.listing_runs_generator = runs_generator(asm_algorithm_info(*cost->algorithm));
    out.push_back(std::move(m));
  }
  for (const DiceMethodInfo& info : dice_methods()) {
    const bool listed = std::any_of(out.begin(), out.end(), [&](const MethodCandidate& m) { return m.method == info.name; });
    if (listed) continue;
    MethodCandidate m;
    m.method = info.name;
    m.bits = cpu == AsmIsa::x86_64 ? 64 : 8;
    out.push_back(std::move(m));
  }

  const ChooserCost* gen_cost = generator.cost_on(cpu);
  for (MethodCandidate& m : out) {
    fill_law(m, use);
    m.qualifies = qualifies(m, use);
    if (!m.possible) continue;
    for (const DeckListing& d : kDeckListings) {
      const AsmCost* cost = measured(costs, d.listing);
      if (use.deck && cost && cost->isa == cpu && d.cards == use.n && d.method == m.method && cost->cycles_per_output) {
        m.shuffle_listing = d.listing;
        m.cycles_per_use = cost->cycles_per_output;
        m.note = "measured: listing " + std::string(d.listing) + " (with its own generator)";
      }
    }
    if (!m.shuffle_listing.empty() || !m.listing_cycles) continue;
    const double draws = use.deck ? use.n - 1.0 : 1.0;
    if (m.listing_runs_generator) {
      m.cycles_per_use = draws * *m.listing_cycles;
      m.note = "listing " + m.listing + " with its own generator, as measured";
    } else if (gen_cost) {
      m.cycles_per_use = draws * *m.listing_cycles + m.bytes_per_use.to_double() * gen_cost->cycles_per_byte;
      m.note = "listing " + m.listing + " plus the expected bytes from " + gen_cost->listing;
    } else {
      m.note = "listing " + m.listing + " is measured, but the generator has no listing on this CPU";
    }
    if (use.deck && m.cycles_per_use) m.note += "; per draw as measured on the listing's own inputs";
  }
  std::stable_sort(out.begin(), out.end(), [](const MethodCandidate& a, const MethodCandidate& b) {
    if (a.qualifies != b.qualifies) return a.qualifies;
    if (a.listing.empty() != b.listing.empty()) return !a.listing.empty();
    if (a.cycles_per_use.has_value() != b.cycles_per_use.has_value()) return a.cycles_per_use.has_value();
    if (a.cycles_per_use && *a.cycles_per_use != *b.cycles_per_use) return *a.cycles_per_use < *b.cycles_per_use;
    if (a.possible != b.possible) return a.possible;
    if (a.max_min_ratio != b.max_min_ratio) return a.max_min_ratio < b.max_min_ratio;
    return a.bytes_per_use < b.bytes_per_use;
  });
  return out;
}

std::vector<const ChooserRow*> generator_candidates(const ChooserTable& table, AsmIsa cpu) {
  std::vector<const ChooserRow*> rows = rows_for_cpu(table, cpu);
  if (rows.empty()) rows = rows_for_cpu(table, std::nullopt);
  std::stable_sort(rows.begin(), rows.end(), [cpu](const ChooserRow* a, const ChooserRow* b) {
    if (a->dieharder.empty() != b->dieharder.empty()) return !a->dieharder.empty();
    if (a->dieharder_failed != b->dieharder_failed) return a->dieharder_failed < b->dieharder_failed;
    if (a->weak_share != b->weak_share) return a->weak_share < b->weak_share;
    if (a->dieharder_weak != b->dieharder_weak) return a->dieharder_weak < b->dieharder_weak;
    const ChooserCost* ca = a->cost_on(cpu);
    const ChooserCost* cb = b->cost_on(cpu);
    if ((ca != nullptr) != (cb != nullptr)) return ca != nullptr;
    if (ca && ca->cycles_per_byte != cb->cycles_per_byte) return ca->cycles_per_byte < cb->cycles_per_byte;
    return a->state_bytes < b->state_bytes;
  });
  return rows;
}

std::string ratio_text(const Fraction& f) {
  const std::string exact = f.numerator().to_string().size() <= 24 ? " = " + f.to_string() : "";
  return fixed_decimals(f.to_double(), 6) + exact;
}

void make_links(ChooserPick& pick, const ChooserUseInfo& use) {
  const MethodCandidate& m = pick.method();
  const ChooserRow& g = pick.generator();
  pick.lab_link = g.lab_link;
  if (use.deck) {
    ShuffleLabState shuffle;
    shuffle.algo = "fisher-yates";
    shuffle.n = use.n;
    shuffle.method = m.method;
    shuffle.bits = m.bits;
    if (const ShuffleGeneratorInfo* info = find_shuffle_generator(g.name)) {
      shuffle.gen = std::string(info->name);
      shuffle.seed = info->default_seed;
    }
    pick.dice_link = shuffle_lab_link(shuffle);
  } else {
    DiceLabState dice;
    dice.method = m.method;
    dice.sides = use.n;
    dice.bits = static_cast<int>(m.bits);
    if (const DiceGeneratorInfo* info = find_dice_generator(g.name)) {
      dice.gen = std::string(info->name);
      dice.seed = std::string(info->default_seed);
    }
    pick.dice_link = dice_lab_link(dice);
  }
  const std::string& listing = m.shuffle_listing.empty() ? m.listing : m.shuffle_listing;
  if (!listing.empty()) {
    AsmLabState a;
    a.algorithm = listing;
    if (m.shuffle_listing.empty() && use.n <= 255) a.inputs.n = use.n;
    if (auto algo = parse_asm_algorithm("algo", listing); algo && !AsmSession::start(*algo, a.inputs))
      a.inputs = AsmLabState{}.inputs;
    pick.asm_link = asm_lab_link(a);
  }
}

}  // namespace

std::span<const ChooserUseInfo> chooser_uses() { return kUses; }

const ChooserUseInfo& chooser_use_info(ChooserUse use) { return kUses[static_cast<std::size_t>(use)]; }

Result<ChooserUse> parse_chooser_use(std::string_view field, std::string_view text) {
  for (const auto& u : kUses)
    if (u.id == text) return Result<ChooserUse>::ok(u.use);
  return Result<ChooserUse>::fail(std::string(field) + ": unknown use \"" + printable_excerpt(text) +
                                  "\" (d20, d6, deck52 or deck78)");
}

Result<AsmIsa> parse_chooser_cpu(std::string_view field, std::string_view text) {
  std::string names;
  for (const AsmIsaInfo& info : asm_isas()) {
    if (info.isa == AsmIsa::wasm) continue;
    if (info.id == text || (info.isa == AsmIsa::x86_64 && text == "x86_64")) return Result<AsmIsa>::ok(info.isa);
    names += (names.empty() ? "" : ", ") + std::string(info.id);
  }
  return Result<AsmIsa>::fail(std::string(field) + ": unknown CPU \"" + printable_excerpt(text) +
                              "\" (one of: " + names + ")");
}

Result<ChooserPick> choose(const ChooserTable& table, AsmIsa cpu, ChooserUse use) {
  using R = Result<ChooserPick>;
  auto costs = asm_cost_tables();
  if (!costs) return R::fail(costs.error());
  const ChooserUseInfo& info = chooser_use_info(use);
  ChooserPick pick;
  pick.cpu = cpu;
  pick.use = use;
  pick.generators = generator_candidates(table, cpu);
  if (pick.generators.empty()) return R::fail("the chooser's table has no generators");
  pick.methods = method_candidates(cpu, info, pick.generator(), *costs);
  const MethodCandidate& m = pick.method();
  const std::string what = info.deck ? "deck" : "face";
  if (!m.possible) pick.bias_text = "some " + what + "s can never come up";
  else if (m.max_min_ratio == Fraction(1, 1)) pick.bias_text = "exactly uniform: every " + what + " has the same probability";
  else pick.bias_text = "the likeliest " + what + " is " + ratio_text(m.max_min_ratio) + " times as likely as the least likely";
  const std::string unit(asm_isa_info(cpu).cycle_unit);
  pick.cost_text = m.cycles_per_use ? fixed_decimals(*m.cycles_per_use, 1) + " " + unit + " per " +
                                          (info.deck ? "shuffle" : "roll") + " (" + m.note + ")"
                                    : "no measured cost on this CPU (" + (m.note.empty() ? "no listing of " + m.method : m.note) + ")";
  make_links(pick, info);
  return R::ok(std::move(pick));
}

std::string chooser_pick_text(const ChooserPick& pick) {
  const ChooserUseInfo& use = chooser_use_info(pick.use);
  const MethodCandidate& m = pick.method();
  const ChooserRow& g = pick.generator();
  std::string out = "CPU " + std::string(asm_isa_info(pick.cpu).name) + ", " + std::string(use.title) + "\n";
  out += "generator: " + g.name + " (" + g.summary + ")\n";
  out += "  period " + period_text(g) + (g.period_bytes ? " bytes, weak seeds " + weak_share_text(g) : "") + ", dieharder " +
         (g.dieharder.empty() ? std::string("not recorded")
                              : std::to_string(g.dieharder_failed) + " FAILED / " + std::to_string(g.dieharder_weak) +
                                    " WEAK of " + std::to_string(g.dieharder.size())) + "\n";
  if (const ChooserCost* c = g.cost_on(pick.cpu))
    out += "  listing " + c->listing + ": " + std::to_string(c->code_bytes) + " code bytes, " +
           fixed_decimals(c->cycles_per_byte, 1) + " " + std::string(asm_isa_info(pick.cpu).cycle_unit) + " per byte\n";
  out += "range method: " + m.method + (m.listing.empty() ? "" : " (listing " + m.listing + ")") + " on " +
         std::to_string(m.bits) + "-bit words\n";
  if (use.deck) out += "shuffle: Fisher-Yates, " + std::to_string(use.n - 1) + " draws\n";
  out += "bias: " + pick.bias_text + "\n";
  out += "bytes per " + std::string(use.deck ? "shuffle" : "roll") + ": " + fixed_decimals(m.bytes_per_use.to_double(), 4) +
         " (exact " + m.bytes_per_use.to_string() + ")\n";
  out += "cost: " + pick.cost_text + "\n";
  out += "links: " + pick.lab_link + "  " + pick.dice_link + (pick.asm_link.empty() ? "" : "  " + pick.asm_link) + "\n";
  out += "rule: " + std::string(kChooserRule) + "\n";
  return out;
}

std::string chooser_pick_json(const ChooserPick& pick) {
  const auto method_json = [](const MethodCandidate& m) {
    return "{\"method\":" + json_string(m.method) + ",\"listing\":" + json_string(m.listing) +
           ",\"bits\":" + std::to_string(m.bits) + ",\"possible\":" + (m.possible ? "true" : "false") +
           ",\"qualifies\":" + (m.qualifies ? "true" : "false") + ",\"rollsToNotice\":" +
           (std::isfinite(m.rolls_to_notice) ? json_number(m.rolls_to_notice) : "null") + ",\"maxMinRatio\":" +
           json_string(m.max_min_ratio.to_string()) + ",\"bytesPerUse\":" + json_string(m.bytes_per_use.to_string()) +
           ",\"cyclesPerUse\":" + (m.cycles_per_use ? json_number(*m.cycles_per_use) : "null") +
           ",\"note\":" + json_string(m.note) + "}";
  };
  std::vector<std::string> generator_names;
  for (const ChooserRow* r : pick.generators) generator_names.push_back(r->name);
  return "{\"cpu\":" + json_string(asm_isa_info(pick.cpu).id) + ",\"use\":" +
         json_string(chooser_use_info(pick.use).id) + ",\"generator\":" + json_string(pick.generator().name) +
         ",\"generators\":" + json_array(generator_names, [](const std::string& s) { return json_string(s); }) +
         ",\"method\":" + method_json(pick.method()) + ",\"methods\":" + json_array(pick.methods, method_json) +
         ",\"bias\":" + json_string(pick.bias_text) + ",\"cost\":" + json_string(pick.cost_text) +
         ",\"links\":{\"lfsr\":" + json_string(pick.lab_link) + ",\"lab\":" + json_string(pick.dice_link) +
         ",\"asm\":" + json_string(pick.asm_link) + "},\"rule\":" + json_string(kChooserRule) + "}";
}

}  // namespace shufflelab
