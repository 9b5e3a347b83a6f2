// Fuzz target: the dice-expression parser and the exact distribution. Any
// text parses or fails with a message that names a position inside it; an
// accepted expression's exact law has counts that sum to its outcome count.
// Exact laws are only computed for small expressions (at most 40 dice of at
// most 100 sides) so each execution stays fast under ASan; the parser sees all.
#include <cstddef>
#include <cstdint>
#include <string>

#include "core/dice/dice_expr.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  auto expr = shufflelab::parse_dice_expr(text);
  if (!expr) {
    if (expr.error().empty()) __builtin_trap();
    return 0;
  }
  std::uint64_t dice = 0, sides = 0;
  for (const auto& term : expr.value().terms) {
    dice += term.count;
    if (term.sides > sides) sides = term.sides;
  }
  if (dice > 40 || sides > 100) return 0;
  auto dist = shufflelab::exact_dice_distribution(expr.value());
  if (!dist) {
    if (dist.error().empty()) __builtin_trap();
    return 0;
  }
  shufflelab::BigUint sum;
  for (const auto& c : dist.value().counts) sum = sum + c;
  if (!(sum == dist.value().outcomes)) __builtin_trap();
  return 0;
}
