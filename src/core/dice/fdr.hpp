// fdr.hpp: Lumbroso's Fast Dice Roller (2013, "Optimal Discrete Uniform
// Generation from Coin Flips"), fair coin flips -> a value in [0, n), and the
// variant printed in the Game Boy tarot article (seed 000), whose overshoot
// subtracts n-1 instead of n (77 for n = 78): then c >= 1 after every
// overshoot, so 0 (and 1) only come out before the first one. n = 1 would
// subtract 0 and may never stop, so the tarot variant needs n >= 2.
//
// Exact law: v never depends on the flips and flips -> c is injective, so after
// t flips the live state is (v_t, S_t), S_t = set of live c values, each of
// probability 2^-t. That state evolves deterministically in a finite space, so
// it is eventually periodic (Brent's cycle finder); each outcome's 2^-t summed
// over the pre-period plus a geometric series over one period gives exact
// fractions over 2^T (2^L - 1), T = pre-period + period L.
#pragma once
#include <cstdint>
#include <string_view>
#include <vector>

#include "core/base/rational.hpp"
#include "core/base/result.hpp"

namespace shufflelab {

enum class FdrVariant : std::uint8_t { published, tarot };

std::string_view fdr_variant_name(FdrVariant variant);
Result<FdrVariant> parse_fdr_variant(std::string_view field, std::string_view text);

constexpr std::uint64_t kMaxFdrSides = std::uint64_t{1} << 62;  // so 2n never overflows
constexpr std::uint64_t kMaxExactFdrSides = 4096;

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

struct FdrExact {
  std::uint64_t n = 0;
  FdrVariant variant = FdrVariant::published;
  std::vector<Fraction> probabilities;  // outcome k = 0..n-1, reduced
  Fraction expected_flips;
  std::vector<BigUint> weights;  // the same probabilities over common_denominator
  BigUint common_denominator;    // weights sum to it: the roller stops with probability 1
  std::uint64_t preperiod_flips = 0;
  std::uint64_t period_flips = 0;  // 0: the roller always stops within preperiod_flips
};

// n <= kMaxExactFdrSides; fails with a message if the period is too long.
Result<FdrExact> solve_fdr_exact(std::uint64_t n, FdrVariant variant);

}  // namespace shufflelab
