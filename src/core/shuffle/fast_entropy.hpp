// fast_entropy.hpp: an entropy-optimal draw source, which spends on average
// barely more than log2(n!) random bits per shuffle of n cards.
//
// It keeps one number c that is uniform on [0, v) and never throws it away.
// A draw from [0, b): while v is small, append fresh bits (c = c*2^k + bits,
// v = v*2^k); then with q = floor(v / b), if c < q*b the draw is c mod b and
// c / b is uniform on [0, q), independent of the draw, so it stays as the new
// c with v = q; otherwise c - q*b is uniform on [0, v - q*b) and is kept for
// the next attempt (only that remainder is a rejection). Because the refills
// depend on v alone and v only on the accept/reject history, every outcome
// of a given history is equally likely: the draws are exactly uniform.
// Bits are lost only at rejections and in the rounding of v to q*b: at most
// about (b / v) log2(v) per draw, under 1e-6 bits for card-sized bounds once
// v >= 2^32. (The same bookkeeping as Lumbroso's Fast Dice Roller, 2013,
// carried from one draw to the next.)
// Cost: two 64-bit divisions per draw. Bounds up to 2^32.
#pragma once
#include <cmath>
#include <cstdint>
#include <numeric>
#include <span>
#include <utility>

namespace shufflelab {

// NextBits: callable whose result holds RefillBits fresh random bits in its
// low bits (higher bits are ignored). v is topped up while below
// 2^LowWaterBits (or below the bound); both are at most 32, so v < 2^64.
template <class NextBits, unsigned RefillBits = 32, unsigned LowWaterBits = 32>
class RecyclingDraws {
  static_assert(RefillBits >= 1 && RefillBits <= 32 && LowWaterBits >= 1 && LowWaterBits <= 32);

 public:
  explicit RecyclingDraws(NextBits next_bits) : next_bits_(std::move(next_bits)) {}

  // A uniform value in [0, bound), bound >= 1.
  std::uint32_t operator()(std::uint32_t bound) {
    for (;;) {
      while (range_ < kLowWater || range_ < bound) {
        value_ = (value_ << RefillBits) | (static_cast<std::uint64_t>(next_bits_()) & kRefillMask);
        range_ <<= RefillBits;
        bits_used_ += RefillBits;
      }
      const std::uint64_t quotient = range_ / bound;
      const std::uint64_t accepted = quotient * bound;
      if (value_ < accepted) {
        const auto draw = static_cast<std::uint32_t>(value_ % bound);
        value_ /= bound;
        range_ = quotient;
        return draw;
      }
      value_ -= accepted;
      range_ -= accepted;
    }
  }

  std::uint64_t bits_used() const { return bits_used_; }
  // Entropy held for later draws: log2(v) bits.
  double bits_held() const { return std::log2(static_cast<double>(range_)); }

 private:
  static constexpr std::uint64_t kLowWater = std::uint64_t{1} << LowWaterBits;
  static constexpr std::uint64_t kRefillMask = (std::uint64_t{1} << RefillBits) - 1;

  NextBits next_bits_;
  std::uint64_t value_ = 0;  // c
  std::uint64_t range_ = 1;  // v
  std::uint64_t bits_used_ = 0;
};

// Fisher-Yates from the top with any draw source called directly (no DrawRef):
// the deck shuffle_fast({FisherYates, n}, same draws) gives.
template <class Draws>
void fisher_yates_direct(std::span<std::uint32_t> deck, Draws& draws) {
  std::iota(deck.begin(), deck.end(), std::uint32_t{0});
  for (auto top = static_cast<std::uint32_t>(deck.size()); top-- > 1;) std::swap(deck[top], deck[draws(top + 1)]);
}

}  // namespace shufflelab
