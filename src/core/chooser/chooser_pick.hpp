// chooser_pick.hpp: for a CPU and a use (a d20, a d6 with no visible bias, a
// shuffled deck of 52 or 78 cards) the recommended generator, range method and
// shuffle, with the method's exact bias and the cost measured by running our
// listings on that CPU's interpreter. The rule (kChooserRule) picks from the
// numbers the chooser shows, nothing else:
//  1. Generator: among the generators with a listing on the CPU (all of them
//     when it has none), the fewest dieharder FAILED verdicts (unrecorded
//     generators last), then the smallest share of weak seeds, then the fewest
//     WEAK verdicts, then the fewest cycles per output byte, then the
//     smallest state.
//  2. Range method: every method of the dice lab on the CPU's words (64 bits
//     on x86-64, else 8), those that qualify for the use first: a d20 needs
//     every face possible and at least kRollsToNoticeForD20 rolls before a
//     chi-square test notices its bias (dice_law's rolls_to_notice); a d6 with
//     no visible bias and a shuffle need an exactly uniform law (max/min = 1).
//     Then those with a die-roll listing on the CPU, fewest cycles per use
//     first; then the smallest max/min ratio; then the fewest random bytes.
//  3. Shuffle: Fisher-Yates (n - 1 draws with bounds n .. 2), the method of 2.
// Costs per use: a shuffle listing of that deck on the CPU with that method
// is measured as is; otherwise the method listing's cycles per roll as
// measured on its inputs (times n - 1 for a shuffle) plus, when the listing
// does not run a generator itself, the exact expected bytes it consumes times
// the generator's cycles per byte. Biases: for a die, max/min face
// probability; for a deck, max/min deck probability = the product of the
// draws' max/min ratios (Fisher-Yates maps draw lists to decks one to one).
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

extern const std::string_view kChooserRule;
constexpr double kRollsToNoticeForD20 = 10'000;

struct MethodCandidate {
  std::string method;              // dice method name (range.hpp / fdr.hpp)
  std::string listing;             // asm id of its roll listing ("" without one)
  unsigned bits = 8;               // word size it reads
  bool possible = true;            // every face (deck) has a nonzero probability
  Fraction max_min_ratio;          // 1 when exact; meaningful only when possible
  double rolls_to_notice = 0;      // dice uses: rolls before a chi-square test notices (infinite when exact)
  Fraction bytes_per_use;          // exact expected bytes per roll / per shuffle
  std::optional<double> listing_cycles;  // measured cycles per roll of its listing
  bool listing_runs_generator = false;
  std::string shuffle_listing;     // a deck listing of this CPU and method, if any
  std::optional<double> cycles_per_use;
  bool qualifies = false;          // meets the use's condition (rule 2)
  std::string note;                // why not, or how the cost was obtained
};

struct ChooserPick {
  AsmIsa cpu = AsmIsa::z80;
  ChooserUse use = ChooserUse::d20;
  std::vector<const ChooserRow*> generators;  // rule 1's candidates, best first
  std::vector<MethodCandidate> methods;       // rule 2's candidates, best first
  const ChooserRow& generator() const { return *generators.front(); }
  const MethodCandidate& method() const { return methods.front(); }
  std::string bias_text;    // the pick's exact bias in words
  std::string cost_text;    // the pick's cost per use in words
  std::string lab_link;     // LFSR lab at the generator
  std::string dice_link;    // dice lab (die) or shuffle lab (deck) with the method
  std::string asm_link;     // Assembly lab at the method's (or shuffle's) listing, if any
};

// Fails only when the table failed; every CPU has at least one candidate.
Result<ChooserPick> choose(const ChooserTable& table, AsmIsa cpu, ChooserUse use);

// Plain text (CLI), and JSON for scripts and the test hook.
std::string chooser_pick_text(const ChooserPick& pick);
std::string chooser_pick_json(const ChooserPick& pick);

}  // namespace shufflelab
