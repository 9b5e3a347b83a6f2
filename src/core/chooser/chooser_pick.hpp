// chooser_pick.hpp: for a CPU and a use (a d20, a d6 with no visible bias, a
// shuffled deck of 52 or 78 cards) the recommended generator, range method and
// shuffle, by one stated rule (chooser_rule) over a brute-force list of
// candidates, each a generator with a range method:
//  - candidates: the generators with a listing on the CPU (every generator
//    when it has none) times the range methods with a die-roll or shuffle
//    listing on it (every dice-lab method when it has none), on the CPU's
//    words (64 bits on x86-64, else 8);
//  - the use's scale: kUsesPerSession rolls in a game session, or deals a
//    player sees;
//  - a candidate qualifies when its period cannot show at that scale (fewer
//    than kShortCycleShare of the seeds lie on a cycle shorter than the bytes
//    the session uses) and
//    its bias cannot show (a d20: a chi-square test needs more rolls than the
//    session to notice it; a d6 with no visible bias and a shuffle: exactly
//    uniform);
//  - order: qualifying first, then bias hidden, then period hidden, then
//    those with a measured cost, the fewest
//    cycles per use, the smallest max/min ratio, the fewest random bytes per
//    use, the most seeds; the pick is the first.
// Cycles per use = exact expected generator bytes per use x the generator
// listing's cycles per byte + the range or shuffle listing's own cycles (its
// generator routines excluded: AsmSession::cycles_in), every count measured
// by running the listings on the CPU's interpreter at the use's bounds.
// Biases: for a die, max/min face probability; for a deck, max/min deck
// probability = the product of the draws' max/min ratios (Fisher-Yates maps
// draw lists to decks one to one). A generator with S seeds deals at most S of
// the n! orders of a deck.
#pragma once
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/rational.hpp"
#include "core/chooser/chooser_table.hpp"

namespace shufflelab {

enum class ChooserUse : std::uint8_t { d20, d6, deck52, deck78 };

struct ChooserUseInfo {
  ChooserUse use;
  std::string_view id;     // link / CLI spelling
  std::string_view title;  // "a d20", ...
  std::uint32_t n;         // sides or cards
  bool deck;
  bool exact_only;         // needs an exactly uniform law
};
std::span<const ChooserUseInfo> chooser_uses();
const ChooserUseInfo& chooser_use_info(ChooserUse use);
Result<ChooserUse> parse_chooser_use(std::string_view field, std::string_view text);
// An instruction set with listings, by asm id (z80, sm83, x86-64, pic14, ...);
// "x86_64" is accepted for x86-64.
Result<AsmIsa> parse_chooser_cpu(std::string_view field, std::string_view text);

// Rolls in a game session (d20, d6), deals a player sees (decks).
constexpr std::uint64_t kUsesPerSession = 10'000;
// A period cannot show when fewer than this share of the seeds lie on a cycle
// shorter than the bytes a session uses (one player in a million).
constexpr double kShortCycleShare = 1e-6;
// The rule as the view states it, with the use's scale.
std::string chooser_rule(const ChooserUseInfo& use);

struct MethodCandidate {
  std::string method;              // dice method name (range.hpp / fdr.hpp)
  std::string listing;             // asm id of its roll or shuffle listing on the CPU ("" without one)
  unsigned bits = 8;               // word size it reads
  bool possible = true;            // every face (deck) has a nonzero probability
  Fraction max_min_ratio;          // 1 when exact; meaningful only when possible
  std::string face_odds;           // dice uses: "13/256 against 12/256", the likeliest and least likely face
  double rolls_to_notice = 0;      // dice uses: rolls before a chi-square test notices (infinite when exact)
  Fraction bytes_per_use;          // exact expected bytes per roll / per shuffle
  std::optional<double> own_cycles;  // per use, measured: the listing's cycles outside its generator routines
  std::string own_note;            // how own_cycles was measured, or why there are none
  bool bias_hidden = false;        // meets the use's bias condition
};

struct ChooserCandidate {
  const ChooserRow* generator = nullptr;
  std::size_t method = 0;          // index in ChooserPick::methods
  double session_bytes = 0;        // bytes per use x kUsesPerSession
  Uint128 short_seeds = 0;         // valid seeds on a cycle shorter than session_bytes
  bool period_hidden = false;      // short_seeds / seeds < kShortCycleShare (and the period is computed)
  bool qualifies = false;          // period_hidden and the method's bias_hidden
  std::optional<double> generator_cycles;  // bytes per use x the generator listing's cycles per byte
  std::optional<double> cycles_per_use;    // generator_cycles + the method's own cycles
};

struct ChooserPick {
  AsmIsa cpu = AsmIsa::z80;
  ChooserUse use = ChooserUse::d20;
  std::vector<MethodCandidate> methods;       // the candidates' range methods
  std::vector<ChooserCandidate> candidates;   // by the rule; the pick first
  const ChooserCandidate& best() const { return candidates.front(); }
  const ChooserRow& generator() const { return *best().generator; }
  const MethodCandidate& method() const { return methods[best().method]; }
  std::string verdict_text;  // whether the pick meets the rule's conditions, and why not
  std::string bias_text;     // the pick's exact bias in words, against the scale
  std::string period_text;   // the pick's shortest cycle against the session's bytes
  std::string cost_text;     // the pick's cost per use, as the sum of its parts
  std::string reach_text;    // decks: how many of the n! orders its seeds can deal ("" for dice)
  std::string lab_link;      // LFSR lab at the generator
  std::string dice_link;     // dice lab (die) or shuffle lab (deck) with the method
  std::string use_link_generator;  // that lab's generator when it does not offer the pick's ("" when it does)
  std::string asm_link;      // Assembly lab at the method's (or shuffle's) listing, if any
};

// A candidate's figures in words, as the trade-off table shows them.
std::string candidate_period_text(const ChooserCandidate& c);
std::string candidate_cost_text(const ChooserPick& pick, const ChooserCandidate& c);
// log2 of the most decks a generator's seeds can deal (its valid seeds; 2^(8 x
// state bytes) when they are not counted here); n! is shuffle_lab's log2_factorial.
double log2_reachable_decks(const ChooserRow& generator);

// Fails only when the table failed; every CPU has at least one candidate.
Result<ChooserPick> choose(const ChooserTable& table, AsmIsa cpu, ChooserUse use);

// Plain text (CLI), and JSON for scripts and the test hook.
std::string chooser_pick_text(const ChooserPick& pick);
std::string chooser_pick_json(const ChooserPick& pick);

}  // namespace shufflelab
