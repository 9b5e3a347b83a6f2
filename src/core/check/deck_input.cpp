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
      fail(at, "expected a card number (0..999) or a card name like AS, 10h, Qd; found " + quoted(text));
      return std::nullopt;
    }
  }
  if (notation_ == DeckNotation::names) {
    if (auto card = parse_card_name(text)) return card;
    fail(at, "expected a card name like AS, 10h, Qd (the file's first card is a name); found " + quoted(text));
    return std::nullopt;
  }
  if (!all_digits(text)) {
    fail(at, "expected a card number (the file's first card is a number); found " + quoted(text));
    return std::nullopt;
  }
  if (text.size() > 4 || std::stoul(std::string(text)) > kMaxDeckSize) {
    fail(at, "card number " + std::string(text) + " is out of range: decks have at most " +
                          std::to_string(kMaxDeckSize) + " cards");
    return std::nullopt;
  }
  return static_cast<std::uint16_t>(std::stoul(std::string(text)));
}

void DeckParser::fail(TextPos at, std::string message) {
  if (checking_) scanner_.fail_on_line(at, std::move(message), checking_->quote);
  else scanner_.fail(at, std::move(message));
}

void DeckParser::token(std::string_view text, TextPos at) {
  if (n_ == 0) {  // a line before the size is settled: kept whole, checked in settle()
    if (pending_.empty() || pending_.back().end_column) pending_.push_back({at.line, 0, {}, {}, {}});
    PendingDeck& deck = pending_.back();
    if (deck.values.size() == kMaxDeckSize) {
      fail(at, "more than " + std::to_string(kMaxDeckSize) + " cards on one line (the most a deck can have)");
      return;
    }
    const auto value = read_value(text, at);
    if (!value) return;
    deck.values.push_back(*value);
    deck.columns.push_back(at.column);
    return;
  }
  if (deck_.size() == n_) {
    fail(at, "more than " + std::to_string(n_) + " cards on this line: the first deck (line " +
                 std::to_string(first_line_) + ") has " + std::to_string(n_));
    return;
  }
  const auto value = read_value(text, at);
  if (!value) return;
  if (notation_ == DeckNotation::numbers && (*value < base_ || *value >= base_ + n_)) {
    fail(at, "card number " + std::to_string(*value) + " is out of range: expected " + std::to_string(base_) + ".." +
                 std::to_string(base_ + n_ - 1) + " like the first deck (line " + std::to_string(first_line_) + ")");
    return;
  }
  place(static_cast<std::uint16_t>(*value - base_), at);
}

void DeckParser::place(std::uint16_t card, TextPos at) {
  if (stamp_[card] == decks_ + 1) {
    const std::string shown = notation_ == DeckNotation::names ? card_name(card) : std::to_string(card + base_);
    fail(at, "card " + shown + " appears twice in this deck (first at column " + std::to_string(columns_[card]) + ")");
    return;
  }
  stamp_[card] = decks_ + 1;
  columns_[card] = at.column;
  deck_.push_back(card);
}

void DeckParser::settle() {
  // The size most of the first lines share (the first line's when they all differ).
  std::size_t n = pending_.front().values.size();
  for (const PendingDeck& a : pending_) {
    const auto same = std::count_if(pending_.begin(), pending_.end(),
                                    [&a](const PendingDeck& b) { return b.values.size() == a.values.size(); });
    if (same >= 2) {
      n = a.values.size();
      break;
    }
  }
  std::string agreeing;  // "lines 2 and 3"
  std::vector<std::uint64_t> lines;
  for (const PendingDeck& d : pending_)
    if (d.values.size() == n) lines.push_back(d.line);
  const PendingDeck& first = *std::find_if(pending_.begin(), pending_.end(),
                                           [n](const PendingDeck& d) { return d.values.size() == n; });
  first_line_ = first.line;
  agreeing = lines.size() == 1 ? "the first deck (line " + std::to_string(lines[0]) + ")"
                               : "the decks on lines " + std::to_string(lines[0]) + " and " + std::to_string(lines[1]);
  n_ = notation_ == DeckNotation::names ? 52 : n;
  base_ = notation_ == DeckNotation::numbers && !first.values.empty() &&
                  *std::min_element(first.values.begin(), first.values.end()) != 0
              ? 1
              : 0;
  columns_.assign(n_, 0);
  stamp_.assign(n_, 0);
  deck_.reserve(n_);
  for (const PendingDeck& d : pending_) {
    checking_ = &d;
    const bool taken = take_pending(d, agreeing);
    checking_ = nullptr;
    if (!taken) break;
  }
  pending_.clear();
}

bool DeckParser::take_pending(const PendingDeck& d, const std::string& agreeing) {
  const TextPos end{d.line, d.end_column};
  const std::size_t size = d.values.size();
  if (size < kMinDeckSize) {
    fail(end, "a deck needs at least " + std::to_string(kMinDeckSize) + " cards; this line has " + std::to_string(size));
    return false;
  }
  if (notation_ == DeckNotation::names && size != 52) {
    fail(end, "decks of card names must hold all 52 cards; this line has " + std::to_string(size));
    return false;
  }
  const std::string has = agreeing + (agreeing.starts_with("the first") ? " has " : " have ") + std::to_string(n_);
  if (size > n_) {  // named at the first card too many, as on the lines after these
    fail({d.line, d.columns[n_]}, "more than " + std::to_string(n_) + " cards on this line: " + has);
    return false;
  }
  if (size < n_) {
    fail(end, "this deck has " + std::to_string(size) + " cards, " + has);
    return false;
  }
  for (std::size_t i = 0; i < size; ++i) {
    const TextPos at{d.line, d.columns[i]};
    if (notation_ == DeckNotation::numbers && (d.values[i] < base_ || d.values[i] >= base_ + n_)) {
      fail(at, "card number " + std::to_string(d.values[i]) + " is out of range: a deck of " + std::to_string(n_) +
                   " cards numbers them " + std::to_string(base_) + ".." + std::to_string(base_ + n_ - 1));
      return false;
    }
    place(static_cast<std::uint16_t>(d.values[i] - base_), at);
    if (scanner_.error()) return false;
  }
  on_deck_(deck_);
  ++decks_;
  deck_.clear();
  return true;
}

void DeckParser::line_end(TextPos at) {
  if (n_ == 0) {
    PendingDeck& deck = pending_.back();
    deck.end_column = at.column;
    deck.quote = scanner_.line_text();
    if (pending_.size() == kDecksToSettle) settle();
    return;
  }
  if (deck_.size() != n_) {
    fail(at, "this deck has " + std::to_string(deck_.size()) + " cards, the first deck (line " +
                 std::to_string(first_line_) + ") has " + std::to_string(n_));
    return;
  }
  on_deck_(deck_);
  ++decks_;
  deck_.clear();
}

void DeckParser::finish() {
  scanner_.finish(*this);
  if (!scanner_.error() && n_ == 0 && !pending_.empty()) settle();
  if (!scanner_.error() && decks_ == 0)
    scanner_.fail(scanner_.position(), "no deck found: the file is empty (expected one deck a line)");
}

}  // namespace shufflelab
