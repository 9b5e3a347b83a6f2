// comparator_sort.hpp: "shuffling" by sorting with a coin-flip comparator,
// the most common bad shuffle on the web (`a.sort(() => Math.random() - 0.5)`).
//
// Each comparison asks the draw source for a coin (a draw with bound 2):
// 1 means "the first card goes first" (the comparator returned a negative
// number), 0 means it does not. The sorts below are modelled comparison for
// comparison on the deck the lab shows; moves are Swap and Move events
// (shuffle.hpp), every comparison a Draw {coin, 2, first position} followed by
// a Compare {first position, second position, coin}.
//  - insertion: swap the new card down while the coin says it goes first.
//  - binary-insertion: find the new card's slot by bisection (mid = left +
//    (right - left) / 2, coin 1 moves right to mid), then move it there.
//  - merge: top-down, left half = floor(n / 2) cards first, as glibc 2.36's
//    qsort (msort.c: n1 = n / 2); a merge step takes the left head on coin 1.
//  - quick-first: Lomuto partition around the first card (coin 1 = the card
//    goes left of the pivot), then both sides, left first.
//  - quick-median3: the same, with the median of (first, middle, last) found
//    by three compare-and-swaps and swapped to the front first (ranges of 3+).
//  - v8: V8's Array.prototype.sort (TimSort, third_party/v8/builtins/
//    array-sort.tq, V8 7.0 to at least 11.3 = Debian's node 20), for
//    2..63 cards: ComputeMinRunLength(n) = n below 64, so the whole array is
//    one run: CountAndMakeRun (compare a[1] with a[0]; order < 0 starts a
//    strictly descending run that is reversed at the end; the run grows while
//    Compare(a[i], a[i-1]) keeps the same sign) then BinaryInsertionSort of
//    the rest, Compare(pivot, a[mid]) < 0 moving right to mid. From 64 cards
//    V8 merges runs with galloping, which is not modelled (n is refused).
//  - v8-chromium: V8 as in Debian's Chromium 156: below kV8ShortSortCards
//    (16) elements it skips TimSort and runs BinaryInsertionSort over the
//    whole array (ArrayTimSort's "numberOfNonUndefined < kMinTimSortLen"
//    branch; the v8/v8 source we read had kMinTimSortLen = 10, this build
//    switches at 16), so it equals binary-insertion there; from 16 to 63
//    cards it is the v8 model above. Ground truth: the comparator's call log
//    in Chromium's worker and page thread (the same, cold or after 300000
//    sorts) against this model's, tests/e2e/shuffle_human.test.mjs.
// A comparator returning exactly 0 (Math.random() == 0.5, chance 2^-53) is
// counted as "not negative", like V8 does; the model ignores that chance.
#pragma once
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/base/rational.hpp"
#include "core/base/result.hpp"
#include "core/shuffle/shuffle.hpp"

namespace shufflelab {

// New values go at the end (comparator_sorts() lists them in this order).
enum class ComparatorSort : std::uint8_t { Insertion, BinaryInsertion, Merge, QuickFirst, QuickMedian3, V8, V8Chromium };
constexpr std::size_t kComparatorSortCount = 7;
constexpr std::uint32_t kMaxV8ModelCards = 63;    // both V8 models
constexpr std::uint32_t kV8ShortSortCards = 16;   // v8-chromium: binary insertion alone below this
// The exact law's largest n (ComparatorSortInfo::max_exact_cards): a few seconds natively, under 10 s in
// Chromium's worker (tools/sort_limits.mjs). Tree walks visit n! leaves or more: n = 11 would take 11x longer.
constexpr std::uint32_t kMaxComparatorExactCards = 10;

struct ComparatorSortInfo {
  ComparatorSort sort;
  ShuffleAlgo algo;
  std::string_view label;
  std::string_view used_by;  // which real library sorts this way
  std::uint32_t max_exact_cards;
};
std::span<const ComparatorSortInfo> comparator_sorts();
std::optional<ComparatorSort> comparator_sort_of(ShuffleAlgo algo);
const ComparatorSortInfo& comparator_sort_info(ComparatorSort sort);
// One line per sort, "label: who sorts this way", for the lab's help.
std::string comparator_sorts_help();

// Sorts `deck` in place, drawing one coin (draw(2)) per comparison; each
// comparison begins a step of the tape. Returns the number of comparisons.
std::uint64_t comparator_sort(ComparatorSort sort, std::span<std::uint32_t> deck, DrawRef draw, StepTape& tape);
std::uint64_t comparator_sort(ComparatorSort sort, std::span<std::uint32_t> deck, DrawRef draw);

// The comparator's calls when sorting cards 0..n-1 with the given answers
// (1 = negative: the first argument goes first; answers past the list are 0):
// the two cards of each call, first argument first, as a JavaScript
// comparator that logs its arguments sees them, and the sorted deck.
struct ComparatorCalls {
  std::vector<std::pair<std::uint32_t, std::uint32_t>> calls;
  std::vector<std::uint32_t> deck;
};
ComparatorCalls comparator_calls(ComparatorSort sort, std::uint32_t n, std::span<const std::uint32_t> answers);

// Exact position x card law: every sequence of comparator answers once (a
// depth-first walk of the probability tree; a path of L coins has chance
// 2^-L). Resumable: run(max_paths) walks that many more leaves. Quicksorts
// walk only their partitions, range size by range size, and combine them
// with the laws of the smaller ranges (the coins of one side never depend on
// the other side), in one run() call.
class ComparatorExact {
 public:
  ComparatorExact(ComparatorSort sort, std::uint32_t n);
  std::uint64_t run(std::uint64_t max_paths);
  bool done() const { return done_; }
  std::uint64_t paths() const { return paths_; }
  std::uint32_t n() const { return n_; }

  // P(card at position) as an exact fraction (valid once done()).
  std::vector<Fraction> probabilities() const;
  // The same over the common denominator 2^exponent(): numerators per cell.
  std::vector<BigUint> weights() const;
  std::size_t exponent() const;
  Fraction mean_comparisons() const;

 private:
  ComparatorSort sort_;
  std::uint32_t n_;
  std::vector<std::uint8_t> path_;  // the answers of the next leaf's prefix
  std::vector<std::vector<std::uint64_t>> cells_;
  std::vector<std::uint64_t> leaves_;
  std::vector<std::uint32_t> deck_;
  std::uint64_t paths_ = 0;
  bool done_ = false;
  std::vector<BigUint> quick_weights_;  // quicksorts: the finished law
  std::size_t quick_exponent_ = 0;
  Fraction quick_mean_;

  std::uint32_t max_length() const { return static_cast<std::uint32_t>(leaves_.size()) - 1; }
};

}  // namespace shufflelab
