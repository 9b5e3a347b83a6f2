// dice_lab.hpp: the dice lab's state (what a link carries), its codec, and the
// two menus it offers: every way of turning random words into a die roll (the
// range methods of range.hpp plus the two coin-flip rollers of fdr.hpp) and
// the bit sources (generators.hpp, with lab defaults for their extra
// parameters: LCG presets, Fibonacci taps).
//
// Limits: sides 1..kMaxDiceLabSides (the histogram stays readable), source
// word sizes 8, 16, 31 (glibc rand), 32, 64; up to kMaxDiceRolls rolls;
// expressions of at most kMaxLabExpressionLength characters.
// Link syntax for an expression: spaces dropped, '%' written as "%25" (the
// only character of dice notation a fragment value cannot carry as is).
#pragma once
#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "core/dice/dice_expr.hpp"
#include "core/dice/fdr.hpp"
#include "core/gen/generators.hpp"
#include "core/dice/range.hpp"
#include "core/base/result.hpp"
#include "core/base/url_fields.hpp"

namespace shufflelab {

constexpr std::uint64_t kMaxDiceLabSides = 1000;
constexpr std::uint64_t kMaxDiceRolls = 100'000'000;
constexpr std::size_t kMaxLabExpressionLength = 64;
constexpr std::size_t kMaxSeedTextLength = 24;
constexpr std::uint64_t kMaxDiceStepRoll = 4095;  // the roll stepper replays the rolls before it
inline constexpr std::array<int, 5> kDiceWordBits{8, 16, 31, 32, 64};

// A way of making a die roll from random words: a range method, or a
// coin-flip roller fed with the words' bits (least significant first).
struct DiceMethodInfo {
  std::string_view name;   // link spelling (range methods keep range.hpp's names)
  std::string_view label;  // short label for tables
  std::string_view summary;
  std::optional<RangeMethod> range;  // empty: a coin-flip roller
  FdrVariant fdr = FdrVariant::published;
  bool coin_flips() const { return !range.has_value(); }
};

// The nine range methods in range.hpp's order, then "fdr" and "fdr-tarot".
std::span<const DiceMethodInfo> dice_methods();
const DiceMethodInfo* find_dice_method(std::string_view name);

// A bit source of the lab: a generator_catalog() entry plus fixed parameters,
// or a preset of core/gen/generator_presets.hpp (its name is the link spelling).
struct DiceGeneratorInfo {
  std::string_view name;     // link spelling
  std::string_view catalog;  // generator_catalog() or generator_presets() name
  std::string_view fixed_key, fixed_value;  // an extra parameter, or empty
  std::string_view default_seed;
  std::string_view seed_help;
};

std::span<const DiceGeneratorInfo> dice_generators();
const DiceGeneratorInfo* find_dice_generator(std::string_view name);
// One line for the menu: the preset's summary, or its catalog generator's.
std::string_view dice_generator_summary(const DiceGeneratorInfo& info);
// The generator at its seed; the message names the field ("gen" or "seed").
Result<ByteGenerator> make_dice_generator(std::string_view name, std::string_view seed);

struct DiceLabState {
  std::string method = "mulhi-minus1";
  std::uint64_t sides = 20;
  int bits = 8;
  std::string gen = "z80";
  std::string seed = "0123456789ABCDEF";
  std::uint64_t rolls = 1'000'000;
  std::string expr = "3d6+2";
  std::string view = "die";  // die | expr | z80: the open part of the panel
  std::uint64_t roll = 0;     // die view: the roll the stepper shows, 0-based
  bool lanes = false;         // the assembly lanes section is open
  std::string run;            // run=sample: the view's sample of `rolls` rolls, re-run when the link opens
  bool operator==(const DiceLabState&) const = default;
};

// Link fields: method, sides, bits, gen, seed, rolls, expr, view, then roll
// and lanes=1 only when not 0 (older links decode as before). A bad value
// leaves a notice and the default (a bad gen also resets the seed; a seed
// that the generator refuses falls back to the generator's default seed).
void decode_dice_lab(FieldReader& fields, DiceLabState& state);
void encode_dice_lab(const DiceLabState& state, FieldWriter& out);
// The lab's name in links ("lab=dice"), and a link to the lab in this state.
constexpr std::string_view kDiceLabName = "dice";
std::string dice_lab_link(const DiceLabState& state);

// Dice notation <-> link value (see the header comment).
std::string expression_to_link(std::string_view text);
Result<std::string> expression_from_link(std::string_view value);

// parse_dice_expr with the lab's length limit.
Result<DiceExpr> parse_lab_expression(std::string_view text);
// The 1-based character position in an "at P: ..." parse error, if any.
std::optional<std::size_t> expression_error_position(std::string_view error);

// Why `sides` and `bits` do not suit `method` (300 sides need more than
// 8-bit words; the tarot roller needs 2 sides), or empty when they do.
std::string die_problem(const DiceMethodInfo& method, std::uint64_t sides, unsigned bits);

}  // namespace shufflelab
