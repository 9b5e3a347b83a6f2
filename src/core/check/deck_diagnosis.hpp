// deck_diagnosis.hpp: which known shuffling mistake fits a pile of decks, and
// how many decks it takes to tell.
//
// Each candidate has a position x card law P[position][card] (deck[0] is the
// top card, card c starts at position c), exact where the core can compute it:
//  - fair: 1/n everywhere;
//  - naive swap (for i in 0..n-1: swap(i, random(n))): the position of one
//    card is a Markov chain over the n steps, O(n^3) in all;
//  - Sattolo's algorithm, which is also the off-by-one Fisher-Yates (j drawn
//    below i instead of up to i): a uniform n-cycle, 0 on the diagonal and
//    1/(n-1) elsewhere;
//  - k riffles (Gilbert-Shannon-Reeds): one a-shuffle, a = 2^k; reading the
//    final deck's packet labels as independent uniform digits, the card at
//    position p started at #{q: digit q < digit p} + #{q < p: same digit},
//    a sum of two binomials for each digit (Bayer and Diaconis 1992);
//  - Fisher-Yates with draws by modulo on 8-bit words (word % k): the same
//    chain as the naive swap with the draw's exact weights;
//  - sorting with a coin-flip comparator (the core's models of insertion,
//    binary insertion, merge, two quicksorts and V8's sort up to 63 cards;
//    Chromium's V8 is one of these at every n): the exact law needs a walk of
//    n! paths or more, so it is sampled from the core's models (smoothed counts).
// The score is the log-likelihood of the position x card counts, each
// position's row a multinomial under the candidate's law (a composite
// likelihood: rows of one deck are not independent, so differences are
// relative evidence, not exact odds), given against a fair shuffle's.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "core/check/deck_checks.hpp"

namespace shufflelab {

// Larger decks get no diagnosis: the laws cost n^3 (and more for riffles).
constexpr std::size_t kMaxDiagnosisCards = 128;
// The sample-size computation needs only the naive law: n^3 up to this.
constexpr std::size_t kMaxNaiveLawCards = 512;
// Sampled laws: decks drawn from each comparator sort's model.
constexpr std::uint64_t kSampledLawDecks = 20000;
// The power at which the sample needed to catch the naive swap is computed.
constexpr double kDetectionPower = 0.9;

struct DeckMistakeLaw {
  std::string key;    // "naive", "sattolo", "riffle3", "modulo8", "cmp-merge"
  std::string label;  // "the naive swap (swap card i with any card)"
  bool exact = true;  // false: sampled from kSampledLawDecks decks of the core's model
  std::vector<double> cells;  // [position * n + card]
};

// Row-major position x card laws (n >= 2).
std::vector<double> naive_swap_law(std::size_t n);
std::vector<double> sattolo_law(std::size_t n);
std::vector<double> riffle_law(std::size_t n, unsigned riffles);
// The core's Fisher-Yates (from the bottom: swap(top, random(top + 1))) with draws word % k on `bits`-bit words.
std::vector<double> modulo_fisher_yates_law(std::size_t n, unsigned bits);

// Every candidate for decks of n cards (2 <= n <= kMaxDiagnosisCards).
std::vector<DeckMistakeLaw> deck_mistake_laws(std::size_t n);

struct DeckMistakeFit {
  std::string key, label;
  bool exact = true;
  // Log-likelihood of the counts under this law minus under a fair shuffle
  // (nats); -infinity when the counts hold a cell the law never fills.
  double versus_fair = 0;
};

// Candidates best first.
std::vector<DeckMistakeFit> fit_deck_mistakes(const DeckTally& tally);

// The decks of n cards at which the position x card test (at level
// `alpha_per_test`) catches the naive swap with chance `power`; 0 when n is
// above kMaxNaiveLawCards. Computed from the naive law's distance to uniform
// (the test's noncentrality) with Patnaik's approximation of the noncentral
// chi-square.
std::uint64_t decks_to_catch_naive(std::size_t n, double alpha_per_test, double power = kDetectionPower);

// The report's diagnosis lines for a failing pile of decks (empty when n is too large).
std::vector<std::string> deck_diagnosis_lines(const DeckTally& tally);

}  // namespace shufflelab
