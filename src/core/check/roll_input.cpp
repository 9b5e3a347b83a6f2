#include "core/check/roll_input.hpp"

#include <string>

#include "core/base/text_format.hpp"

namespace shufflelab {

void RollParser::token(std::string_view text, TextPos at) {
  std::uint64_t value = 0;
  for (const char c : text) {
    if (c < '0' || c > '9') {
      scanner_.fail(at, "expected a whole number (a die face), found '" + std::string(text) + "'");
      return;
    }
    value = value * 10 + static_cast<std::uint64_t>(c - '0');
    if (value > kMaxDieSides) break;
  }
  const std::uint64_t limit = sides_ ? sides_ : kMaxDieSides;
  if (value > limit) {
    scanner_.fail(at, "roll " + std::string(text) + " is out of range: expected " +
                          (sides_ ? "1.." + std::to_string(sides_) + " (or 0.." + std::to_string(sides_ - 1) + ") for a d" +
                                        std::to_string(sides_)
                                  : "at most " + grouped(kMaxDieSides) + " faces"));
    return;
  }
  if (value == 0 && !first_zero_) first_zero_ = at;
  if (sides_ && value == sides_ && !first_top_) first_top_ = at;
  if (first_zero_ && first_top_) {
    scanner_.fail(at, "both 0 and " + std::to_string(sides_) + " appear: a d" + std::to_string(sides_) +
                          " shows 1.." + std::to_string(sides_) + " or 0.." + std::to_string(sides_ - 1));
    return;
  }
  const auto face = static_cast<std::size_t>(value);  // <= kMaxDieSides
  if (face >= counts_.size()) counts_.resize(face + 1, 0);
  ++counts_[face];
  largest_ = std::max(largest_, value);
  ++rolls_;
  triple_[triple_fill_++] = value;
  if (triple_fill_ == 3) {
    const auto step = [](std::uint64_t a, std::uint64_t b) -> std::size_t { return a > b ? 0 : a == b ? 1 : 2; };
    ++patterns_[3 * step(triple_[0], triple_[1]) + step(triple_[1], triple_[2])];
    triple_fill_ = 0;
  }
  if (pending_) {
    if (*pending_ <= kMaxPairSides && value <= kMaxPairSides) ++pairs_[static_cast<std::size_t>(*pending_ * (kMaxPairSides + 1) + value)];
    pending_.reset();
  } else {
    pending_ = value;
  }
}

void RollParser::finish() {
  scanner_.finish(*this);
  if (!scanner_.error() && rolls_ == 0)
    scanner_.fail(scanner_.position(), "no roll found: the file is empty (expected whole numbers)");
  if (!scanner_.error() && sides() < 2)
    scanner_.fail(scanner_.position(), "every roll shows the same value: a die needs at least 2 sides (give --sides)");
}

unsigned RollParser::first_face() const { return first_zero_ ? 0 : 1; }

std::uint64_t RollParser::sides() const {
  if (sides_) return sides_;
  return first_zero_ ? largest_ + 1 : largest_;
}

}  // namespace shufflelab
