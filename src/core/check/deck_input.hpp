// deck_input.hpp: decks brought to the check lab, one deck a line, read as a
// stream of chunks (bounded memory whatever the file size).
//
// A line lists the cards from the top of the deck down, separated by commas,
// spaces or tabs (see text_scanner.hpp), either as numbers or as card names:
//  - numbers: a permutation of 0..n-1 or of 1..n; the first deck decides
//    which (a 0 in it means 0-based), every deck after it must agree;
//  - names: rank 2..10, J, Q, K, A then suit H, D, C, S in either case
//    ("AS", "10h", "Qd"), a full 52-card deck; they become the app's one card
//    numbering (core/base/cards.hpp: rank * 4 + suit, hearts first).
// All decks have one size n, 2 <= n <= kMaxDeckSize. The first
// kDecksToSettle lines are read before n and the numbering are fixed: when
// two of them agree, the odd one is the line named in the error (a first line
// missing a card is reported at line 1, not at the good line 2).
#pragma once
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/check/input_error.hpp"
#include "core/check/text_scanner.hpp"

namespace shufflelab {

constexpr std::size_t kMinDeckSize = 2;
constexpr std::size_t kMaxDeckSize = 1000;
constexpr std::size_t kDecksToSettle = 3;

enum class DeckNotation : std::uint8_t { unknown, numbers, names };

// The card a name means in the app's numbering ("QD" -> 42), case-insensitive; empty if it is no card name.
std::optional<std::uint16_t> parse_card_name(std::string_view text);
// "QD" for card 42: the spelling parse_card_name reads back.
std::string card_name(std::uint16_t card);

class DeckParser {
 public:
  // Called once per complete deck: deck[position] = card, cards 0..n-1.
  using OnDeck = std::function<void(std::span<const std::uint16_t>)>;
  explicit DeckParser(OnDeck on_deck) : on_deck_(std::move(on_deck)) {}

  void feed(std::string_view chunk) { scanner_.feed(chunk, *this); }
  void finish();

  const std::optional<InputError>& error() const { return scanner_.error(); }
  std::size_t deck_size() const { return n_; }
  std::uint64_t decks() const { return decks_; }
  DeckNotation notation() const { return notation_; }
  unsigned first_number() const { return base_; }  // 0 or 1 for numbers
  std::uint64_t bytes() const { return scanner_.bytes(); }

 private:
  friend class TextScanner;
  void token(std::string_view text, TextPos at);
  void line_end(TextPos at);
  std::optional<std::uint16_t> read_value(std::string_view text, TextPos at);
  // A line read before the deck size is settled.
  struct PendingDeck {
    std::uint64_t line = 0, end_column = 0;
    std::vector<std::uint16_t> values;
    std::vector<std::uint64_t> columns;
    std::string quote;
  };
  void settle();
  bool take_pending(const PendingDeck& deck, const std::string& agreeing);
  void fail(TextPos at, std::string message);  // on the current line, or on the pending line being checked
  void place(std::uint16_t card, TextPos at);

  OnDeck on_deck_;
  TextScanner scanner_;
  DeckNotation notation_ = DeckNotation::unknown;
  std::size_t n_ = 0;  // 0 until the first deck ends
  unsigned base_ = 0;
  std::uint64_t decks_ = 0;
  std::uint64_t first_line_ = 0;
  std::vector<PendingDeck> pending_;
  const PendingDeck* checking_ = nullptr;  // the pending line being checked by settle()
  std::vector<std::uint16_t> deck_;
  std::vector<std::uint64_t> columns_;  // where each card of the current deck was
  std::vector<std::uint64_t> stamp_;    // stamp_[card] == decks_ + 1: card already in this deck
};

}  // namespace shufflelab
