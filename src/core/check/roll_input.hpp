// roll_input.hpp: dice rolls brought to the check lab, streamed in chunks:
// whole numbers separated by spaces, tabs, commas or line ends (see
// text_scanner.hpp), any number a line. Faces are 1..s, or 0..s-1 when a 0
// appears. With the number of sides given, values above it (or both 0 and s)
// are refused where they stand; without it, s is the largest face seen.
#pragma once
#include <array>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "core/check/input_error.hpp"
#include "core/check/text_scanner.hpp"

namespace shufflelab {

constexpr std::uint64_t kMaxDieSides = 1'000'000;
// Non-overlapping pairs (roll 1 with 2, 3 with 4, ...) are counted for dice up to this many sides.
constexpr std::uint64_t kMaxPairSides = 64;

class RollParser {
 public:
  explicit RollParser(std::uint64_t sides = 0) : sides_(sides) {}  // 0: infer

  void feed(std::string_view chunk) { scanner_.feed(chunk, *this); }
  void finish();

  const std::optional<InputError>& error() const { return scanner_.error(); }
  std::uint64_t rolls() const { return rolls_; }
  std::uint64_t sides() const;        // given, or inferred (valid after finish)
  unsigned first_face() const;        // 0 or 1 (valid after finish)
  // counts[v] = rolls showing the value v as written (0..sides); pairs[a * (kMaxPairSides + 1) + b].
  const std::vector<std::uint64_t>& counts() const { return counts_; }
  const std::vector<std::uint64_t>& pairs() const { return pairs_; }
  // Non-overlapping triples (rolls 1-3, 4-6, ...) by the direction of their two steps:
  // index 3 * first + second with 0 = down, 1 = level, 2 = up.
  const std::array<std::uint64_t, 9>& step_patterns() const { return patterns_; }
  std::uint64_t largest() const { return largest_; }
  std::uint64_t bytes() const { return scanner_.bytes(); }

 private:
  friend class TextScanner;
  void token(std::string_view text, TextPos at);
  void line_end(TextPos) {}

  TextScanner scanner_;
  std::uint64_t sides_;
  std::uint64_t rolls_ = 0;
  std::uint64_t largest_ = 0;
  std::optional<TextPos> first_zero_, first_top_;  // where a 0 and a value equal to the given sides first appear
  std::optional<std::uint64_t> pending_;           // first roll of a pair
  std::array<std::uint64_t, 3> triple_{};          // the triple being read
  std::size_t triple_fill_ = 0;
  std::array<std::uint64_t, 9> patterns_{};
  std::vector<std::uint64_t> counts_;
  std::vector<std::uint64_t> pairs_ = std::vector<std::uint64_t>((kMaxPairSides + 1) * (kMaxPairSides + 1), 0);
};

}  // namespace shufflelab
