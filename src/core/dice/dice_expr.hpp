// dice_expr.hpp: dice notation ("3d6+2", "d20", "2d20kh1", "2d20kl1",
// "4d6dl1", "4d6dh1", "d%", sums and differences with constants), its exact
// law, and a sampler that rolls through any range method (range.hpp).
//
// Syntax: [+|-] term {(+|-) term}; term = constant | [count] d (sides | %)
// [(kh|kl|dh|dl) number]; spaces only around operators; either letter case.
// Limits: kMaxDice dice in all, kMaxSides sides, constants <= kMaxConstant.
// Errors read "at P: ..." with P the 1-based character position.
//
// Exact law: counts of the sides^count equally likely outcomes per total.
// Plain dice are added by sliding-window convolution; keep/drop terms use a
// dynamic programme over face values from the top (state: dice placed, kept
// sum; binomials count which dice show each face), so 8d6kh3 costs thousands
// of operations, not 6^8. Work is estimated first: beyond kMaxExactWork or
// kMaxExactTotals the request is refused with a message.
#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string_view>
#include <vector>

#include "core/dice/range.hpp"
#include "core/base/rational.hpp"
#include "core/base/result.hpp"

namespace shufflelab {

constexpr std::uint32_t kMaxDice = 1000;
constexpr std::uint32_t kMaxSides = 1'000'000;
constexpr std::int64_t kMaxConstant = 1'000'000'000;
constexpr std::size_t kMaxExpressionLength = 1000;
constexpr double kMaxExactWork = 4e8;                 // rough count of 32-bit limb operations
constexpr std::uint64_t kMaxExactTotals = 1'000'001;  // distinct totals of an exact law

enum class KeepRule : std::uint8_t { all, keep_highest, keep_lowest, drop_highest, drop_lowest };

struct DiceTerm {
  bool negative = false;
  std::uint32_t count = 0;  // 0: a constant term
  std::uint32_t sides = 0;
  KeepRule rule = KeepRule::all;
  std::uint32_t rule_count = 0;  // the number after kh/kl/dh/dl
  std::int64_t constant = 0;     // magnitude, for a constant term
  std::size_t position = 0;      // 1-based position where the term starts

  bool is_constant() const { return count == 0; }
  // How many dice of the term are added up, and whether those are the highest.
  std::uint32_t kept() const {
    switch (rule) {
      case KeepRule::keep_highest:
      case KeepRule::keep_lowest:
        return rule_count;
      case KeepRule::drop_highest:
      case KeepRule::drop_lowest:
        return count - rule_count;
      case KeepRule::all:
        break;
    }
    return count;
  }
  bool keeps_highest() const { return rule == KeepRule::keep_highest || rule == KeepRule::drop_lowest; }
};

struct DiceExpr {
  std::vector<DiceTerm> terms;
};

Result<DiceExpr> parse_dice_expr(std::string_view text);

struct DiceDistribution {
  std::int64_t min_total = 0;
  std::vector<BigUint> counts;  // counts[i]: outcomes whose total is min_total + i
  BigUint outcomes;             // product of sides^count: the common denominator
};

Result<DiceDistribution> exact_dice_distribution(const DiceExpr& expr);

// One roll of the expression. RollDie: callable (const DiceTerm&) returning
// a value in [0, term.sides) (face - 1). `scratch` avoids an allocation per roll.
template <class RollDie>
std::int64_t sample_dice_total(const DiceExpr& expr, RollDie&& roll_die, std::vector<std::uint64_t>& scratch) {
  std::int64_t total = 0;
  for (const DiceTerm& term : expr.terms) {
    std::int64_t term_total = 0;
    if (term.is_constant()) {
      term_total = term.constant;
    } else if (term.kept() == term.count) {
      for (std::uint32_t i = 0; i < term.count; ++i) term_total += static_cast<std::int64_t>(roll_die(term)) + 1;
    } else {
      scratch.resize(term.count);
      for (auto& face : scratch) face = roll_die(term) + 1;
      const auto kept_end = scratch.begin() + static_cast<std::ptrdiff_t>(term.kept());
      if (term.keeps_highest())
        std::nth_element(scratch.begin(), kept_end, scratch.end(), std::greater<>());
      else
        std::nth_element(scratch.begin(), kept_end, scratch.end());
      for (auto it = scratch.begin(); it != kept_end; ++it) term_total += static_cast<std::int64_t>(*it);
    }
    total += term.negative ? -term_total : term_total;
  }
  return total;
}

// Rolls every die of an expression with one range method on B-bit words.
class DiceSampler {
 public:
  // Fails if some die has more than 2^bits sides (or the method refuses it).
  static Result<DiceSampler> make(DiceExpr expr, RangeMethod method, unsigned bits);

  // Not thread-safe: rolls reuse one scratch buffer.
  template <class NextWord>
  std::int64_t roll(NextWord&& next_word) const {
    return sample_dice_total(
        expr_,
        [&](const DiceTerm& term) {
          return reducers_[static_cast<std::size_t>(&term - expr_.terms.data())]->draw(next_word);
        },
        scratch_);
  }

  const DiceExpr& expr() const { return expr_; }

 private:
  DiceSampler(DiceExpr expr, std::vector<std::optional<RangeReducer>> reducers)
      : expr_(std::move(expr)), reducers_(std::move(reducers)) {}
  DiceExpr expr_;
  std::vector<std::optional<RangeReducer>> reducers_;  // per term; empty for constants
  mutable std::vector<std::uint64_t> scratch_;
};

}  // namespace shufflelab
