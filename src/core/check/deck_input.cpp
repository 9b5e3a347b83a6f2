#include "core/check/deck_input.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <unordered_map>

#include "core/base/cards.hpp"

namespace shufflelab {
namespace {

constexpr std::array<char, 4> kSuitLetters{'H', 'D', 'C', 'S'};  // cards.hpp's suit order

bool all_digits(std::string_view text) {
  return !text.empty() && std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
}

std::string quoted(std::string_view text) { return "'" + std::string(text) + "'"; }

}  // namespace

std::string card_name(std::uint16_t card) {
  const CardFace face = card_face(CardFaces::standard, card);
  return face.corner + kSuitLetters[static_cast<std::size_t>(face.suit)];
}

std::optional<std::uint16_t> parse_card_name(std::string_view text) {
  static const std::unordered_map<std::string, std::uint16_t> kCards = [] {
    std::unordered_map<std::string, std::uint16_t> cards;
    for (std::uint16_t card = 0; card < 52; ++card) cards.emplace(card_name(card), card);
    return cards;
  }();
  if (text.size() < 2 || text.size() > 3) return std::nullopt;
  std::string upper(text);
  for (char& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  const auto it = kCards.find(upper);
  return it == kCards.end() ? std::nullopt : std::optional<std::uint16_t>(it->second);
}

std::optional<std::uint16_t> DeckParser::read_value(std::string_view text, TextPos at) {
  if (notation_ == DeckNotation::unknown) {
    if (all_digits(text)) notation_ = DeckNotation::numbers;
    else if (parse_card_name(text)) notation_ = DeckNotation::names;
    else {
      scanner_.fail(at, "expected a card number (0..999) or a card name like AS, 10h, Qd; found " + quoted(text));
      return std::nullopt;
    }
  }
  if (notation_ == DeckNotation::names) {
    if (auto card = parse_card_name(text)) return card;
    scanner_.fail(at, "expected a card name like AS, 10h, Qd (the file's first card is a name); found " + quoted(text));
    return std::nullopt;
  }
  if (!all_digits(text)) {
    scanner_.fail(at, "expected a card number (the file's first card is a number); found " + quoted(text));
    return std::nullopt;
  }
  if (text.size() > 4 || std::stoul(std::string(text)) > kMaxDeckSize) {
    scanner_.fail(at, "card number " + std::string(text) + " is out of range: decks have at most " +
                          std::to_string(kMaxDeckSize) + " cards");
    return std::nullopt;
  }
  return static_cast<std::uint16_t>(std::stoul(std::string(text)));
}

void DeckParser::token(std::string_view text, TextPos at) {
  const std::size_t limit = n_ ? n_ : kMaxDeckSize;
  if (deck_.size() == limit) {
    scanner_.fail(at, n_ ? "more than " + std::to_string(n_) + " cards on this line: the first deck (line " +
                               std::to_string(first_line_) + ") has " + std::to_string(n_)
                         : "more than " + std::to_string(kMaxDeckSize) + " cards on one line (the most a deck can have)");
    return;
  }
  const auto value = read_value(text, at);
  if (!value) return;
  if (n_ == 0) {  // the first deck is checked whole at its end, once n and the numbering are known
    if (deck_.empty()) first_line_ = at.line;
    deck_.push_back(*value);
    columns_.push_back(at.column);
    return;
  }
  if (notation_ == DeckNotation::numbers && (*value < base_ || *value >= base_ + n_)) {
    scanner_.fail(at, "card number " + std::to_string(*value) + " is out of range: expected " +
                          std::to_string(base_) + ".." + std::to_string(base_ + n_ - 1) + " like the first deck");
    return;
  }
  place(static_cast<std::uint16_t>(*value - base_), at);
}

void DeckParser::place(std::uint16_t card, TextPos at) {
  if (stamp_[card] == decks_ + 1) {
    const std::string shown = notation_ == DeckNotation::names ? card_name(card) : std::to_string(card + base_);
    scanner_.fail(at, "card " + shown + " appears twice in this deck (first at column " +
                          std::to_string(columns_[card]) + ")");
    return;
  }
  stamp_[card] = decks_ + 1;
  columns_[card] = at.column;
  deck_.push_back(card);
}

void DeckParser::check_first_deck(TextPos end) {
  const std::size_t n = deck_.size();
  if (n < kMinDeckSize) {
    scanner_.fail(end, "a deck needs at least " + std::to_string(kMinDeckSize) + " cards; this line has " +
                           std::to_string(n));
    return;
  }
  if (notation_ == DeckNotation::names && n != 52) {
    scanner_.fail(end, "decks of card names must hold all 52 cards; this line has " + std::to_string(n));
    return;
  }
  n_ = notation_ == DeckNotation::names ? 52 : n;
  base_ = notation_ == DeckNotation::numbers && *std::min_element(deck_.begin(), deck_.end()) != 0 ? 1 : 0;
  const std::vector<std::uint16_t> values = std::move(deck_);
  const std::vector<std::uint64_t> columns = std::move(columns_);
  deck_.clear();
  deck_.reserve(n_);
  columns_.assign(n_, 0);
  stamp_.assign(n_, 0);
  for (std::size_t i = 0; i < values.size() && !scanner_.error(); ++i) {
    const TextPos at{end.line, columns[i]};
    if (notation_ == DeckNotation::numbers && values[i] >= base_ + n_) {
      scanner_.fail(at, "card number " + std::to_string(values[i]) + " is out of range: a deck of " +
                            std::to_string(n_) + " cards numbers them " + std::to_string(base_) + ".." +
                            std::to_string(base_ + n_ - 1));
      return;
    }
    place(static_cast<std::uint16_t>(values[i] - base_), at);
  }
}

void DeckParser::line_end(TextPos at) {
  if (n_ == 0) check_first_deck(at);
  if (scanner_.error()) return;
  if (deck_.size() != n_) {
    scanner_.fail(at, "this deck has " + std::to_string(deck_.size()) + " cards, the first deck (line " +
                          std::to_string(first_line_) + ") has " + std::to_string(n_));
    return;
  }
  on_deck_(deck_);
  ++decks_;
  deck_.clear();
}

void DeckParser::finish() {
  scanner_.finish(*this);
  if (!scanner_.error() && decks_ == 0)
    scanner_.fail(scanner_.position(), "no deck found: the file is empty (expected one deck a line)");
}

}  // namespace shufflelab
