// deck_checks.hpp: is a pile of decks what a uniform shuffle makes? The tally
// keeps counts only (memory ~ 2 n^2 counters whatever the number of decks);
// deck_report() tests them against exact laws (check_laws.hpp):
//  - position x card: chi-square of the n x n table (each cell expects D/n),
//    with the most deviant cells named, as in the shuffle lab's Bias tab;
//  - adjacent pairs: successions, card c+1 right below card c;
//  - fixed points: cards still at their starting place (derangement numbers);
//  - cycles of the permutation (Stirling numbers of the first kind): Sattolo's
//    algorithm only ever makes one;
//  - rising sequences (Eulerian numbers): few riffles leave few of them;
//  - Lehmer digits: digit i (cards below position i that are smaller) is
//    uniform on 0..n-1-i and the digits are independent, so their chi-squares
//    add up to one chi-square on n(n-1)/2 degrees of freedom.
// A deck is read from the top: deck[0] is the top card; "starting place" of
// card c is position c (the deck before the shuffle lists 0, 1, ..., n-1).
#pragma once
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "core/base/result.hpp"
#include "core/check/check_report.hpp"
#include "core/check/deck_input.hpp"

namespace shufflelab {

class DeckTally {
 public:
  explicit DeckTally(std::size_t n);
  void add(std::span<const std::uint16_t> deck);  // deck.size() == n, a permutation of 0..n-1
  std::size_t size() const { return n_; }
  std::uint64_t decks() const { return decks_; }

  // Cells are row-major: [position * n + card], [position * n + digit].
  const std::vector<std::uint64_t>& position_card() const { return position_card_; }
  const std::vector<std::uint64_t>& lehmer_digits() const { return lehmer_; }
  const std::vector<std::uint64_t>& fixed_points() const { return fixed_points_; }  // by count, size n+1
  const std::vector<std::uint64_t>& cycles() const { return cycles_; }              // size n+1
  const std::vector<std::uint64_t>& rising_sequences() const { return rising_; }    // size n+1
  const std::vector<std::uint64_t>& successions() const { return successions_; }   // size n

 private:
  friend Result<DeckTally> decode_deck_tally(std::string_view text);  // check/deck_tally_wire
  void add_lehmer(std::span<const std::uint16_t> deck);
  std::size_t n_;
  std::uint64_t decks_ = 0;
  std::vector<std::uint64_t> position_card_, lehmer_, fixed_points_, cycles_, rising_, successions_;
  std::vector<std::uint16_t> where_;     // where_[card] = its position in the current deck
  std::vector<std::uint8_t> visited_;    // cycle walk
  std::vector<std::uint32_t> fenwick_;   // Lehmer digits for n > 64
};

// How the cards were written, so the report names them as the file does.
struct DeckSpelling {
  DeckNotation notation = DeckNotation::numbers;
  unsigned first_number = 0;
};

CheckReport deck_report(const DeckTally& tally, const DeckSpelling& spelling, double alpha);

}  // namespace shufflelab
