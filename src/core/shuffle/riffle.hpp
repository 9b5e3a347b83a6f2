// riffle.hpp: how people shuffle by hand, and how fast it mixes.
//
// Riffle (the Gilbert-Shannon-Reeds model): cut the deck after c cards, c
// binomial(n, 1/2) (n coins; c = the number of 1s), then drop cards one by
// one, from the top packet with chance a / (a + b) when a and b cards are left
// in the packets (one draw with bound a + b: below a takes the top packet).
// The deck is built from the top down; by symmetry that is the same law as
// dropping from the bottom.
// Exact answers (Bayer and Diaconis, "Trailing the dovetail shuffle to its
// lair", Ann. Appl. Probab. 2 (1992) 294-313): after k riffles a deck order
// with r rising sequences has chance C(2^k + n - r, n) / 2^(kn); A(n, r)
// orders (Eulerian numbers) have r rising sequences. So the number of rising
// sequences, the total variation distance from uniform and (for small n) the
// position x card matrix are exact sums over r or over orders.
//
// Overhand (Pemantle, "An analysis of overhand shuffles", J. Theoret. Probab.
// 2 (1989) 37-50): a cut falls between each adjacent pair of cards
// independently with chance p (here p = 1 / cut_bound: one draw with bound
// cut_bound per pair, 0 cuts), and the packets land in reverse order, each
// keeping its own order. Pemantle shows order n^2 log n shuffles are needed;
// the lab samples how far k of them get.
//
// Faro (perfect) out-shuffle: cut exactly in half and interleave perfectly,
// the top card staying on top; deterministic, so it repeats with some order.
#pragma once
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/base/rational.hpp"
#include "core/base/result.hpp"
#include "core/shuffle/shuffle.hpp"

namespace shufflelab {

constexpr std::uint32_t kMaxRiffleTheoryCards = 1000;
constexpr std::uint32_t kMaxRiffleTheoryRounds = 40;
constexpr std::uint32_t kMaxRiffleMatrixCards = 8;  // the matrix visits all n! orders

// One riffle or one overhand shuffle of `deck`, with events and steps on the tape.
void riffle_once(std::span<std::uint32_t> deck, DrawRef draw, StepTape& tape);
void overhand_once(std::span<std::uint32_t> deck, std::uint32_t cut_bound, DrawRef draw, StepTape& tape);

// Number of rising sequences of a deck (deck[position] = card): maximal runs
// of consecutive cards c, c+1, ... lying in increasing positions.
std::uint32_t rising_sequences(std::span<const std::uint32_t> deck);
// Pairs (c, c+1) still adjacent and in order: about 1 for a well mixed deck.
std::uint32_t adjacent_pairs_kept(std::span<const std::uint32_t> deck);

// A(n, r) for r = 0..n (A(n, 0) = 0 for n >= 1; A(0, 0) = 1).
std::vector<BigUint> eulerian_row(std::uint32_t n);

// Everything exact about k riffles of n cards.
struct RiffleLaw {
  std::uint32_t n = 0, k = 0;
  BigUint denominator;                // n! 2^(kn)
  std::vector<BigUint> rising;        // rising[r]: P(r rising sequences) = rising[r] / denominator
  BigUint distance_numerator;         // TV distance = distance_numerator / (2 denominator)
  double distance = 0;                // the same to about 1e-15
  Fraction distance_fraction() const;  // reduced (slow beyond a few hundred cards)
};

// A riffle table for one n: laws for k = 1..k_max sharing one Eulerian row.
class RiffleTable {
 public:
  static Result<RiffleTable> make(std::uint32_t n);
  RiffleLaw law(std::uint32_t k) const;
  std::uint32_t n() const { return n_; }

 private:
  std::uint32_t n_ = 0;
  std::vector<BigUint> eulerian_;
  BigUint factorial_;
};

// The first k with distance < 1/2 (the usual "enough" cut-off), 0 when none up to k_max.
std::uint32_t riffles_below_half(const RiffleTable& table, std::uint32_t k_max);

// Exact position x card weights after k riffles of n <= kMaxRiffleMatrixCards
// cards over the common denominator 2^(kn) (rows sum to 2^(kn)).
struct RiffleMatrix {
  std::uint32_t n = 0, k = 0;
  std::vector<BigUint> weights;  // weights[position * n + card]
  BigUint denominator;
};
Result<RiffleMatrix> riffle_matrix(std::uint32_t n, std::uint32_t k);

// The deck after one Faro out-shuffle, and how many restore the order.
std::vector<std::uint32_t> faro_out(std::span<const std::uint32_t> deck);
std::uint32_t faro_out_order(std::uint32_t n);

// Sampled mixing of the human shuffles: after each round 1..rounds, the mean
// number of adjacent pairs kept over `decks` decks (a uniform deck keeps
// (n-1)/n on average).
struct MixingCurve {
  std::vector<double> mean_pairs_kept;  // index round - 1
  double uniform_mean = 0;
};
MixingCurve sample_mixing(const ShuffleSpec& spec, std::uint32_t decks, DrawRef draw);

}  // namespace shufflelab
