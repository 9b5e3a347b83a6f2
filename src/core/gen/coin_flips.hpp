// coin_flips.hpp: fair coin flips served from random words, and Lumbroso's
// Fast Dice Roller (2013, "Optimal Discrete Uniform Generation from Coin
// Flips") that turns them into a value in [0, n), with the variant printed in
// the Game Boy tarot article (seed 000), whose overshoot subtracts n-1
// instead of n (77 for n = 78): then c >= 1 after every overshoot, so 0 (and
// 1) only come out before the first one. n = 1 would subtract 0 and may never
// stop, so the tarot variant needs n >= 2. Below the labs so that the
// assembly lab can check a reader's coin-flip roller against them as the dice
// lab rolls them (its exact law is core/dice/fdr.hpp).
#pragma once
#include <cstdint>
#include <string_view>
#include <utility>

#include "core/base/result.hpp"

namespace shufflelab {

// Serves the bits of B-bit words one at a time, least significant first
// (the order of the tarot article's coinFlip), fetching a word when empty.
class CoinQueue {
 public:
  explicit CoinQueue(unsigned bits) : bits_(bits) {}
  template <class NextWord>
  unsigned flip(NextWord&& next_word) {
    if (left_ == 0) {
      word_ = next_word();
      left_ = bits_;
    }
    const auto bit = static_cast<unsigned>(word_ & 1);
    word_ >>= 1;
    --left_;
    return bit;
  }

  // The queue between flips: the word's unread bits (the next flip is the
  // lowest) and how many of them are left (0: the next flip fetches a word).
  std::uint64_t queued_bits() const { return word_; }
  unsigned flips_left() const { return left_; }
  void set_queue(std::uint64_t queued_bits, unsigned flips_left) {
    word_ = queued_bits;
    left_ = flips_left;
  }

 private:
  unsigned bits_;
  unsigned left_ = 0;
  std::uint64_t word_ = 0;
};

// A CoinQueue that holds its source of words: a callable coin for a roller.
template <class NextWord>
class CoinsFromWords : public CoinQueue {
 public:
  CoinsFromWords(NextWord next_word, unsigned bits) : CoinQueue(bits), next_word_(std::move(next_word)) {}
  unsigned operator()() { return flip(next_word_); }

 private:
  NextWord next_word_;
};

enum class FdrVariant : std::uint8_t { published, tarot };

std::string_view fdr_variant_name(FdrVariant variant);
Result<FdrVariant> parse_fdr_variant(std::string_view field, std::string_view text);

constexpr std::uint64_t kMaxFdrSides = std::uint64_t{1} << 62;  // so 2n never overflows

class FastDiceRoller {
 public:
  // n >= 1 (published) or n >= 2 (tarot), n <= kMaxFdrSides.
  static Result<FastDiceRoller> make(std::uint64_t n, FdrVariant variant);

  std::uint64_t n() const { return n_; }
  FdrVariant variant() const { return variant_; }
  std::uint64_t overshoot_step() const { return step_; }  // n or n-1

  // NextFlip: callable returning a fair bit in its lowest bit. While running,
  // c is uniform on [0, v); once v >= n, c < n is the answer, and otherwise
  // c - step is reused as randomness on the smaller range v - step.
  template <class NextFlip>
  std::uint64_t draw(NextFlip&& flip) const {
    std::uint64_t v = 1, c = 0;
    for (;;) {
      v <<= 1;
      c = (c << 1) | (static_cast<std::uint64_t>(flip()) & 1u);
      if (v >= n_) {
        if (c < n_) return c;
        v -= step_;
        c -= step_;
      }
    }
  }

 private:
  FastDiceRoller(std::uint64_t n, FdrVariant variant)
      : n_(n), variant_(variant), step_(variant == FdrVariant::published ? n : n - 1) {}
  std::uint64_t n_;
  FdrVariant variant_;
  std::uint64_t step_;
};

}  // namespace shufflelab
