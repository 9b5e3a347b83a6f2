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

namespace {

constexpr std::array<ChooserUseInfo, 4> kUses{{
    {ChooserUse::d20, "d20", "a d20", 20, false, false},
    {ChooserUse::d6, "d6", "a d6 with no visible bias", 6, false, true},
    {ChooserUse::deck52, "deck52", "shuffle 52 cards", 52, true, true},
    {ChooserUse::deck78, "deck78", "shuffle 78 cards", 78, true, true},
}};

// Roll listings and the dice method each one implements.
constexpr std::array<std::pair<std::string_view, std::string_view>, 11> kMethodListings{{
    {"z80-roll-minus1", "mulhi-minus1"}, {"z80-roll-exact", "mulhi"}, {"z80-maxu8", "maxu8"},
    {"z80-reject", "reject"},            {"sm83-roll", "fdr-tarot"},  {"sm83-reject", "reject"},
    {"x86-lemire", "lemire"},            {"6502-roll-mulhi", "mulhi"}, {"6502-reject", "reject"},
    {"pic-reject", "reject"},            {"sm83-fdr", "fdr"},
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

std::string scale_text(const ChooserUseInfo& use) {
  return use.deck ? "a player's " + grouped(kUsesPerSession) + " deals"
                  : "a game session of " + grouped(kUsesPerSession) + " rolls";
}

// A listing's own cycles per call (its generator routines excluded), run on
// its measured inputs with n = bound.
Result<double> own_cycles_at(AsmAlgorithm listing, std::uint64_t bound, bool set_bound) {
  AsmInputs inputs = asm_measured_inputs(listing);
  if (set_bound) inputs.n = bound;
  auto cost = asm_cost_on(listing, inputs);
  if (!cost) return Result<double>::fail(std::string(asm_algorithm_info(listing).id) + ": " + cost.error());
  return Result<double>::ok(*cost->own_cycles_per_output);
}

// The exact law of the method for the use: one die, or every Fisher-Yates draw.
void fill_law(MethodCandidate& m, const ChooserUseInfo& use) {
  m.possible = true;
  const DiceMethodInfo* info = find_dice_method(m.method);
  m.max_min_ratio = Fraction(1, 1);
  m.bytes_per_use = Fraction(0, 1);
  m.rolls_to_notice = 0;
  const std::uint32_t first = use.deck ? 2 : use.n;
  for (std::uint32_t bound = first; bound <= use.n; ++bound) {
    if (std::string problem = die_problem(*info, bound, m.bits); !problem.empty()) {
      m.possible = false;
      m.own_note = problem;
      return;
    }
    auto law = exact_die_law(*info, bound, m.bits);
    if (!law) {
      m.possible = false;
      m.own_note = law.error();
      return;
    }
    m.bytes_per_use = plus(m.bytes_per_use, Fraction(law->expected_bits.numerator(), law->expected_bits.denominator() * 8));
    if (!law->stats.max_min_ratio) m.possible = false;
    else m.max_min_ratio = times(m.max_min_ratio, *law->stats.max_min_ratio);
    if (!use.deck) {
      m.rolls_to_notice = rolls_to_notice(*law);
      // Over the law's common denominator, so the counts read as counted.
      const auto [least, most] = std::minmax_element(law->weights.begin(), law->weights.end());
      const std::string total = "/" + law->total.to_string();
      m.face_odds = most->to_string() + total + " against " + least->to_string() + total;
    }
  }
}

bool bias_hidden(const MethodCandidate& m, const ChooserUseInfo& use) {
  if (!m.possible) return false;
  if (use.exact_only) return m.max_min_ratio == Fraction(1, 1);
  return m.rolls_to_notice >= static_cast<double>(kUsesPerSession);
}

// The own cycles per use of a method's listing: a whole-deck listing as run,
// a roll listing run at every bound the use draws (n for a die, n .. 2 for a deck).
Result<bool> measure_own_cycles(MethodCandidate& m, const ChooserUseInfo& use, bool whole_deck) {
  const AsmAlgorithm listing = parse_asm_algorithm("listing", m.listing).value();
  const AsmAlgorithmInfo& info = asm_algorithm_info(listing);
  if (whole_deck) {
    auto own = own_cycles_at(listing, 0, false);
    if (!own) return Result<bool>::fail(own.error());
    m.own_cycles = *own;
    m.own_note = m.listing + " per shuffle, run on " + std::string(info.measured_on);
    return Result<bool>::ok(true);
  }
  double sum = 0;
  for (std::uint32_t bound = use.deck ? 2 : use.n; bound <= use.n; ++bound) {
    auto own = own_cycles_at(listing, bound, true);
    if (!own) return Result<bool>::fail(own.error());
    sum += *own;
  }
  m.own_cycles = sum;
  // Its measured inputs, with the bound it was run at instead of theirs.
  std::string inputs(info.measured_on);
  if (const auto at = inputs.find("n = "); at != std::string::npos) {
    const auto digits_end = inputs.find_first_not_of("0123456789", at + 4);
    inputs.replace(at, (digits_end == std::string::npos ? inputs.size() : digits_end) - at,
                   use.deck ? "each bound" : "n = " + std::to_string(use.n));
  }
  m.own_note = m.listing + (use.deck ? " once per draw, bounds " + std::to_string(use.n) + " down to 2" : std::string()) +
               ", run on " + inputs;
  return Result<bool>::ok(true);
}

Result<std::vector<MethodCandidate>> method_candidates(AsmIsa cpu, const ChooserUseInfo& use) {
  using R = Result<std::vector<MethodCandidate>>;
  const unsigned bits = cpu == AsmIsa::x86_64 ? 64 : 8;
  std::vector<MethodCandidate> out;
  const auto on_cpu = [cpu](std::string_view id) {
    auto a = parse_asm_algorithm("listing", id);
    return a && asm_algorithm_info(*a).isa == cpu && !asm_program(cpu).rows.empty();
  };
  for (const DeckListing& d : kDeckListings) {
    if (!use.deck || d.cards != use.n || !on_cpu(d.listing)) continue;
    MethodCandidate m;
    m.method = d.method, m.listing = d.listing, m.bits = bits;
    out.push_back(std::move(m));
  }
  const std::size_t whole_decks = out.size();
  for (const auto& entry : kMethodListings) {
    const std::string_view method = entry.second;
    const bool shuffled = std::any_of(out.begin(), out.end(), [method](const MethodCandidate& m) { return m.method == method; });
    if (shuffled || !on_cpu(entry.first)) continue;
    MethodCandidate m;
    m.method = method, m.listing = entry.first, m.bits = bits;
    out.push_back(std::move(m));
  }
  if (out.empty())
    for (const DiceMethodInfo& info : dice_methods()) {
      MethodCandidate m;
      m.method = info.name, m.bits = bits;
      m.own_note = "no listing of " + m.method + " on this CPU";
      out.push_back(std::move(m));
    }
  for (std::size_t i = 0; i < out.size(); ++i) {
    MethodCandidate& m = out[i];
    fill_law(m, use);
    m.bias_hidden = bias_hidden(m, use);
    if (!m.possible && m.own_note.empty()) m.own_note = "not measured: some " + std::string(use.deck ? "decks" : "faces") + " can never come up";
    if (!m.possible || m.listing.empty()) continue;
    if (auto ok = measure_own_cycles(m, use, i < whole_decks); !ok) return R::fail(ok.error());
  }
  return R::ok(std::move(out));
}

// Of a candidate's valid seeds, the share on a cycle shorter than its session uses.
double short_seed_share(const ChooserCandidate& c) {
  return static_cast<double>(c.short_seeds) / static_cast<double>(c.generator->seeds);
}

// The rule's order (chooser_rule).
bool before(const ChooserPick& pick, const ChooserCandidate& a, const ChooserCandidate& b) {
  if (a.qualifies != b.qualifies) return a.qualifies;
  const bool bias_a = pick.methods[a.method].bias_hidden, bias_b = pick.methods[b.method].bias_hidden;
  if (bias_a != bias_b) return bias_a;
  if (a.period_hidden != b.period_hidden) return a.period_hidden;
  if (a.cycles_per_use.has_value() != b.cycles_per_use.has_value()) return a.cycles_per_use.has_value();
  if (a.cycles_per_use && *a.cycles_per_use != *b.cycles_per_use) return *a.cycles_per_use < *b.cycles_per_use;
  const MethodCandidate& ma = pick.methods[a.method];
  const MethodCandidate& mb = pick.methods[b.method];
  if (ma.possible != mb.possible) return ma.possible;
  if (ma.max_min_ratio != mb.max_min_ratio) return ma.max_min_ratio < mb.max_min_ratio;
  // Of two generators that both pass, the one with no seed on a short cycle (an
  // x86-64 programmer takes splitmix64 over the Z80's register, 2^-42 of whose seeds are).
  if (short_seed_share(a) != short_seed_share(b)) return short_seed_share(a) < short_seed_share(b);
  if (ma.bytes_per_use != mb.bytes_per_use) return ma.bytes_per_use < mb.bytes_per_use;
  return log2_reachable_decks(*a.generator) > log2_reachable_decks(*b.generator);
}

// An exact fraction only when it is short enough to read.
std::string exact_text(const Fraction& f) {
  return f.numerator().to_string().size() + f.denominator().to_string().size() <= 24 ? " = " + f.to_string() : "";
}

std::string ratio_text(const Fraction& f) { return fixed_decimals(f.to_double(), 6) + exact_text(f); }

std::string log2_text(double log2) { return "2^" + fixed_decimals(log2, 1); }

std::string share_text(double share) {
  if (share >= 1e-4) return fixed_decimals(100.0 * share, 4) + "%";
  return "2^" + fixed_decimals(std::log2(share), 1);
}


std::string bias_sentence(const MethodCandidate& m, const ChooserUseInfo& use) {
  const std::string what = use.deck ? "deck" : "face";
  if (!m.possible) return "some " + what + "s can never come up";
  if (m.max_min_ratio == Fraction(1, 1))
    return "none: every " + what + " has exactly the same probability (" + m.method + " on " + std::to_string(m.bits) +
           "-bit words)";
  std::string out = "the likeliest " + what + " is " + ratio_text(m.max_min_ratio) + " times as likely as the least likely (" +
                    m.method + " on " + std::to_string(m.bits) + "-bit words)";
  if (!use.deck) {
    out += ", " + m.face_odds;
    out += "; a chi-square test needs about " + grouped(static_cast<std::uint64_t>(std::llround(m.rolls_to_notice))) +
           " rolls to notice it, ";
    out += m.rolls_to_notice >= static_cast<double>(kUsesPerSession) ? "more than " : "fewer than ";
    out += scale_text(use);
  }
  return out;
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
    } else {
      pick.use_link_generator = shuffle.gen;
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
    } else {
      pick.use_link_generator = dice.gen;
    }
    pick.dice_link = dice_lab_link(dice);
  }
  if (m.listing.empty()) return;
  // The listing on its own measured inputs (a seed of its register's width),
  // at the use's bound where it takes one, for the lab's default calls.
  const AsmAlgorithm algorithm = parse_asm_algorithm("algo", m.listing).value();
  AsmLabState a;
  a.algorithm = m.listing;
  const std::uint32_t calls = a.inputs.calls;
  a.inputs = asm_measured_inputs(algorithm);
  a.inputs.calls = calls;
  if (!use.deck) a.inputs.n = use.n;
  pick.asm_link = asm_lab_link(a);
}

}  // namespace

std::string chooser_rule(const ChooserUseInfo& use) {
  const std::string session = grouped(kUsesPerSession);
  return "Scale: " + scale_text(use) + ". Candidates: each generator with a listing on this CPU (every generator when "
         "it has none) with each range method that has a die-roll or shuffle listing on it (every dice-lab method "
         "when it has none), on the CPU's words (64 bits on x86-64, else 8). A candidate qualifies when its period "
         "cannot show (fewer than one seed in a million lies on a cycle shorter than the bytes " + session + " " +
         (use.deck ? "deals" : "rolls") + " use) and its bias cannot show (" +
         (use.exact_only ? std::string("exactly uniform")
                         : "a chi-square test needs more than " + session + " rolls to notice it") +
         "). Order: qualifying first, then those whose bias cannot show, then those whose period cannot, then measured, then the fewest cycles per use (the generator's bytes per use "
         "times its listing's cycles per byte, plus the range or shuffle listing's own cycles, all measured), then "
         "the smallest max/min ratio, the smallest share of seeds on short cycles, the fewest random bytes per use, the most seeds. The pick is the first; the "
         "trade-off table is in this order.";
}

double log2_reachable_decks(const ChooserRow& g) {
  if (g.period_bytes) return std::log2(static_cast<double>(g.seeds));
  return 8.0 * static_cast<double>(g.state_bytes);
}

std::string candidate_period_text(const ChooserCandidate& c) {
  const ChooserRow& g = *c.generator;
  const std::string need = grouped(static_cast<std::uint64_t>(std::ceil(c.session_bytes))) + " bytes";
  if (g.cycle_classes.empty()) return "not computed (" + need + " needed)";
  const std::string shortest = "shortest cycle " + grouped(to_decimal(g.cycle_classes.front().bytes)) + " bytes";
  if (c.short_seeds == 0) return shortest + " >= " + need;
  const double share = short_seed_share(c);
  return (c.period_hidden ? "" : "too short: ") + grouped(to_decimal(c.short_seeds)) + " of " +
         grouped(to_decimal(g.seeds)) + " seeds (" + share_text(share) + ") on a cycle under " + need;
}

std::string candidate_cost_text(const ChooserPick& pick, const ChooserCandidate& c) {
  const MethodCandidate& m = pick.methods[c.method];
  const ChooserRow& g = *c.generator;
  const std::string unit(asm_isa_info(pick.cpu).cycle_unit);
  if (!c.cycles_per_use) {
    if (!m.own_cycles) return "not measured (" + m.own_note + ")";
    return "not measured (" + g.name + " has no listing on this CPU; " + m.listing + " alone: " +
           fixed_decimals(*m.own_cycles, 1) + " " + unit + ")";
  }
  const ChooserCost& gc = *g.cost_on(pick.cpu);
  return fixed_decimals(*c.cycles_per_use, 1) + " " + unit + " = " + fixed_decimals(m.bytes_per_use.to_double(), 4) +
         " bytes x " + fixed_decimals(gc.cycles_per_byte, 1) + " (" + gc.listing + ") + " +
         fixed_decimals(*m.own_cycles, 1) + " (" + m.own_note + ")";
}

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
  const ChooserUseInfo& info = chooser_use_info(use);
  ChooserPick pick;
  pick.cpu = cpu;
  pick.use = use;
  auto methods = method_candidates(cpu, info);
  if (!methods) return R::fail(methods.error());
  pick.methods = std::move(methods.value());
  std::vector<const ChooserRow*> generators = rows_for_cpu(table, cpu);
  if (generators.empty()) generators = rows_for_cpu(table, std::nullopt);
  if (generators.empty()) return R::fail("the chooser's table has no generators");
  for (const ChooserRow* g : generators)
    for (std::size_t i = 0; i < pick.methods.size(); ++i) {
      const MethodCandidate& m = pick.methods[i];
      ChooserCandidate c;
      c.generator = g;
      c.method = i;
      c.session_bytes = m.bytes_per_use.to_double() * static_cast<double>(kUsesPerSession);
      c.short_seeds = seeds_on_cycles_shorter_than(*g, c.session_bytes);
      c.period_hidden = !g->cycle_classes.empty() &&
                        static_cast<double>(c.short_seeds) < kShortCycleShare * static_cast<double>(g->seeds);
      c.qualifies = c.period_hidden && m.bias_hidden;
      if (const ChooserCost* gc = g->cost_on(cpu); gc && m.own_cycles) {
        c.generator_cycles = m.bytes_per_use.to_double() * gc->cycles_per_byte;
        c.cycles_per_use = *c.generator_cycles + *m.own_cycles;
      }
      pick.candidates.push_back(c);
    }
  std::stable_sort(pick.candidates.begin(), pick.candidates.end(),
                   [&pick](const ChooserCandidate& a, const ChooserCandidate& b) { return before(pick, a, b); });
  const ChooserCandidate& best = pick.best();
  const MethodCandidate& m = pick.method();
  const std::string fails = !best.period_hidden && !m.bias_hidden ? "both the period and the bias can show"
                            : best.period_hidden                   ? "the bias can show"
                                                                   : "the period can show";
  pick.verdict_text = best.qualifies ? "meets the rule: neither its period nor its bias can show in " + scale_text(info)
                                     : "no candidate on this CPU meets the rule (" + fails + " in " + scale_text(info) +
                                           "); this is the first by the rule's order";
  pick.bias_text = bias_sentence(m, info);
  pick.period_text = candidate_period_text(best) + " (" + grouped(kUsesPerSession) + " x " +
                     fixed_decimals(m.bytes_per_use.to_double(), 4) + " bytes per " + (info.deck ? "deal" : "roll") + ")";
  pick.cost_text = candidate_cost_text(pick, best) + " per " + (info.deck ? "shuffle" : "roll");
  if (info.deck) {
    const double decks = log2_factorial(info.n);
    const double reach = std::min(log2_reachable_decks(pick.generator()), decks);
    pick.reach_text = pick.generator().name + " can deal at most " + log2_text(reach) + " of the " +
                      std::to_string(info.n) + "! = " + log2_text(decks) + " orders (one per seed), a share of " +
                      log2_text(reach - decks) + "; an 8-bit state reaches at most 2^8 orders, a 16-bit state 2^16, a " +
                      "32-bit state 2^32, and no generator here reaches them all (that needs at least " +
                      std::to_string(static_cast<int>(std::ceil(decks))) + " bits of state)";
  }
  make_links(pick, info);
  return R::ok(std::move(pick));
}

std::string chooser_pick_text(const ChooserPick& pick) {
  const ChooserUseInfo& use = chooser_use_info(pick.use);
  const MethodCandidate& m = pick.method();
  const ChooserRow& g = pick.generator();
  std::string out = "CPU " + std::string(asm_isa_info(pick.cpu).name) + ", " + std::string(use.title) + "\n";
  out += "generator: " + g.name + " (" + g.summary + ")\n";
  if (const ChooserCost* c = g.cost_on(pick.cpu))
    out += "  listing " + c->listing + ": " + std::to_string(c->code_bytes) + " code bytes, " +
           fixed_decimals(c->cycles_per_byte, 1) + " " + std::string(asm_isa_info(pick.cpu).cycle_unit) + " per byte\n";
  out += "range method: " + m.method + (m.listing.empty() ? "" : " (listing " + m.listing + ")") + " on " +
         std::to_string(m.bits) + "-bit words\n";
  if (use.deck) out += "shuffle: Fisher-Yates, " + std::to_string(use.n - 1) + " draws\n";
  out += "verdict: " + pick.verdict_text + "\n";
  out += "period: " + pick.period_text + "\n";
  out += "bias: " + pick.bias_text + "\n";
  if (!pick.reach_text.empty()) out += "decks: " + pick.reach_text + "\n";
  out += "bytes per " + std::string(use.deck ? "shuffle" : "roll") + ": " + fixed_decimals(m.bytes_per_use.to_double(), 4) +
         (exact_text(m.bytes_per_use).empty() ? "" : " (exact" + exact_text(m.bytes_per_use).substr(2) + ")") + "\n";
  out += "cost: " + pick.cost_text + "\n";
  out += "links: " + pick.lab_link + "  " + pick.dice_link + (pick.asm_link.empty() ? "" : "  " + pick.asm_link) + "\n";
  out += "rule: " + chooser_rule(use) + "\n";
  out += "trade-offs, in the rule's order:\n";
  for (const ChooserCandidate& c : pick.candidates) {
    const MethodCandidate& cm = pick.methods[c.method];
    out += "  " + c.generator->name + " + " + cm.method + ": " + (c.qualifies ? "qualifies" : "does not qualify") +
           "; period " + candidate_period_text(c) + "; bias " +
           (cm.possible ? fixed_decimals(cm.max_min_ratio.to_double(), 6) : std::string("impossible")) + "; cost " +
           candidate_cost_text(pick, c) + "\n";
  }
  return out;
}

std::string chooser_pick_json(const ChooserPick& pick) {
  const auto method_json = [](const MethodCandidate& m) {
    return "{\"method\":" + json_string(m.method) + ",\"listing\":" + json_string(m.listing) +
           ",\"bits\":" + std::to_string(m.bits) + ",\"possible\":" + (m.possible ? "true" : "false") +
           ",\"biasHidden\":" + (m.bias_hidden ? "true" : "false") + ",\"rollsToNotice\":" +
           (std::isfinite(m.rolls_to_notice) ? json_number(m.rolls_to_notice) : "null") + ",\"maxMinRatio\":" +
           json_string(m.max_min_ratio.to_string()) + ",\"bytesPerUse\":" + json_string(m.bytes_per_use.to_string()) +
           ",\"ownCycles\":" + (m.own_cycles ? json_number(*m.own_cycles) : "null") +
           ",\"note\":" + json_string(m.own_note) + "}";
  };
  const auto candidate_json = [&pick](const ChooserCandidate& c) {
    return "{\"generator\":" + json_string(c.generator->name) + ",\"method\":" +
           json_string(pick.methods[c.method].method) + ",\"qualifies\":" + json_bool(c.qualifies) +
           ",\"periodHidden\":" + json_bool(c.period_hidden) + ",\"sessionBytes\":" + json_number(c.session_bytes) +
           ",\"generatorCycles\":" + (c.generator_cycles ? json_number(*c.generator_cycles) : "null") +
           ",\"cyclesPerUse\":" + (c.cycles_per_use ? json_number(*c.cycles_per_use) : "null") + "}";
  };
  const ChooserUseInfo& use = chooser_use_info(pick.use);
  return "{\"cpu\":" + json_string(asm_isa_info(pick.cpu).id) + ",\"use\":" + json_string(use.id) +
         ",\"generator\":" + json_string(pick.generator().name) + ",\"method\":" + method_json(pick.method()) +
         ",\"qualifies\":" + json_bool(pick.best().qualifies) +
         ",\"cyclesPerUse\":" + (pick.best().cycles_per_use ? json_number(*pick.best().cycles_per_use) : "null") +
         ",\"methods\":" + json_array(pick.methods, method_json) +
         ",\"candidates\":" + json_array(pick.candidates, candidate_json) + ",\"verdict\":" +
         json_string(pick.verdict_text) + ",\"period\":" + json_string(pick.period_text) + ",\"bias\":" +
         json_string(pick.bias_text) + ",\"decks\":" + json_string(pick.reach_text) + ",\"cost\":" +
         json_string(pick.cost_text) + ",\"links\":{\"lfsr\":" + json_string(pick.lab_link) + ",\"lab\":" +
         json_string(pick.dice_link) + ",\"asm\":" + json_string(pick.asm_link) + "},\"rule\":" +
         json_string(chooser_rule(use)) + "}";
}

}  // namespace shufflelab
