// bias.hpp: position x card matrices for a shuffle (how often card c ends at
// position p). A fair shuffle puts every card everywhere equally often.
//
// Two ways to fill the matrix:
//  - EmpiricalBias: run M shuffles fed by any draw source and count.
//  - ExactBias: feed the shuffle every possible draw list once (the product
//    of the draw bounds, e.g. n! for Fisher-Yates, n^n for the naive swap).
//    With uniform draws each list is equally likely, so count / total is the
//    exact probability as a fraction of integers; no sampling error.
// Both run in chunks (run(max)), so the browser can show progress and stop;
// exact_bias / empirical_bias wrap them with a progress callback that can
// cancel. Exact enumeration is limited to kMaxExactOutcomes draw lists.
#pragma once
#include <cstdint>
#include <functional>
#include <span>
#include <vector>

#include "core/base/result.hpp"
#include "core/shuffle/shuffle.hpp"

namespace shufflelab {

constexpr std::uint64_t kMaxExactOutcomes = std::uint64_t{1} << 32;

struct BiasMatrix {
  std::uint32_t n = 0;
  std::uint64_t total = 0;            // shuffles counted: every row sums to this
  std::vector<std::uint64_t> counts;  // counts[position * n + card]

  explicit BiasMatrix(std::uint32_t cards = 0) : n(cards), counts(std::size_t{cards} * cards, 0) {}
  std::uint64_t at(std::uint32_t position, std::uint32_t card) const { return counts[std::size_t{position} * n + card]; }
  void add(std::span<const std::uint32_t> deck);  // deck.size() == n
};

// progress(done, total) after each chunk; returning false cancels.
using BiasProgress = std::function<bool(std::uint64_t done, std::uint64_t total)>;

class EmpiricalBias {
 public:
  EmpiricalBias(const ShuffleSpec& spec, std::uint64_t shuffles);
  // Runs up to `max_shuffles` more shuffles; returns how many it ran.
  std::uint64_t run(DrawRef draw, std::uint64_t max_shuffles);
  bool done() const { return matrix_.total >= shuffles_; }
  std::uint64_t shuffles() const { return shuffles_; }
  const BiasMatrix& matrix() const { return matrix_; }

 private:
  ShuffleSpec spec_;
  std::uint64_t shuffles_;
  BiasMatrix matrix_;
  std::vector<std::uint32_t> deck_;
};

class ExactBias {
 public:
  // Fails when the number of draw lists exceeds kMaxExactOutcomes.
  static Result<ExactBias> make(const ShuffleSpec& spec);
  // Number of draw lists: the product of the draw bounds.
  static std::uint64_t outcomes(const ShuffleSpec& spec);  // saturates at UINT64_MAX

  // Runs up to `max_lists` more draw lists; returns how many it ran.
  std::uint64_t run(std::uint64_t max_lists);
  bool done() const { return matrix_.total >= outcomes_; }
  std::uint64_t outcomes() const { return outcomes_; }
  const BiasMatrix& matrix() const { return matrix_; }

 private:
  ExactBias(const ShuffleSpec& spec, std::uint64_t outcomes);

  ShuffleSpec spec_;
  std::uint64_t outcomes_;
  std::vector<std::uint32_t> bounds_;
  std::vector<std::uint32_t> draws_;  // the next draw list, an odometer over bounds_
  std::vector<std::uint32_t> deck_;
  BiasMatrix matrix_;
};

// Whole runs with progress; a cancelled run fails with "cancelled".
Result<BiasMatrix> exact_bias(const ShuffleSpec& spec, const BiasProgress& progress = {},
                              std::uint64_t chunk = std::uint64_t{1} << 16);
Result<BiasMatrix> empirical_bias(const ShuffleSpec& spec, std::uint64_t shuffles, DrawRef draw,
                                  const BiasProgress& progress = {}, std::uint64_t chunk = std::uint64_t{1} << 14);

}  // namespace shufflelab
