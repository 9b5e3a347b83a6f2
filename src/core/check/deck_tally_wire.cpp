#include "core/check/deck_tally_wire.hpp"
#include "core/base/split_lines.hpp"

#include <charconv>
#include <numeric>
#include <vector>

namespace shufflelab {

namespace {

constexpr std::string_view kHeader = "shufflelab deck tally 1";

std::string counts_text(const std::vector<std::uint64_t>& counts) {
  std::string out;
  for (std::size_t i = 0; i < counts.size(); ++i) out += (i ? "," : "") + std::to_string(counts[i]);
  return out;
}

bool parse_count(std::string_view text, std::uint64_t& out) {
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  return !text.empty() && ec == std::errc() && end == text.data() + text.size();
}

bool parse_counts(std::string_view text, std::size_t size, std::vector<std::uint64_t>& out) {
  out.clear();
  while (out.size() < size) {
    const std::size_t comma = text.find(',');
    std::uint64_t value = 0;
    if (!parse_count(text.substr(0, comma), value)) return false;
    out.push_back(value);
    if (comma == std::string_view::npos) break;
    text.remove_prefix(comma + 1);
  }
  return out.size() == size && text.find(',') == std::string_view::npos;
}

std::uint64_t sum(const std::uint64_t* first, std::size_t count, std::size_t stride = 1) {
  std::uint64_t total = 0;
  for (std::size_t i = 0; i < count; ++i) total += first[i * stride];
  return total;
}

}  // namespace

std::string encode_deck_tally(const DeckTally& t) {
  std::string out(kHeader);
  out += "\nn\t" + std::to_string(t.size());
  out += "\ndecks\t" + std::to_string(t.decks());
  out += "\nposition_card\t" + counts_text(t.position_card());
  out += "\nlehmer\t" + counts_text(t.lehmer_digits());
  out += "\nfixed_points\t" + counts_text(t.fixed_points());
  out += "\ncycles\t" + counts_text(t.cycles());
  out += "\nrising\t" + counts_text(t.rising_sequences());
  out += "\nsuccessions\t" + counts_text(t.successions());
  return out;
}

Result<DeckTally> decode_deck_tally(std::string_view text) {
  using R = Result<DeckTally>;
  const std::vector<std::string_view> lines = split_lines(text);
  if (lines.empty() || lines[0] != kHeader) return R::fail("deck tally: the first line is not '" + std::string(kHeader) + "'");
  constexpr std::string_view kRecords[] = {"n", "decks", "position_card", "lehmer", "fixed_points", "cycles", "rising", "successions"};
  if (lines.size() != 1 + std::size(kRecords)) return R::fail("deck tally: expected 9 lines, not " + std::to_string(lines.size()));
  std::vector<std::string_view> values;
  for (std::size_t k = 0; k < std::size(kRecords); ++k) {
    const std::string_view line = lines[k + 1];
    if (line.substr(0, kRecords[k].size() + 1) != std::string(kRecords[k]) + "\t")
      return R::fail("deck tally line " + std::to_string(k + 2) + ": expected '" + std::string(kRecords[k]) + "'");
    values.push_back(line.substr(kRecords[k].size() + 1));
  }
  std::uint64_t n = 0, decks = 0;
  if (!parse_count(values[0], n) || n < kMinDeckSize || n > kMaxDeckSize)
    return R::fail("deck tally line 2: n must be " + std::to_string(kMinDeckSize) + ".." + std::to_string(kMaxDeckSize));
  if (!parse_count(values[1], decks)) return R::fail("deck tally line 3: decks must be a whole number");
  DeckTally t(n);
  t.decks_ = decks;
  std::vector<std::uint64_t>* lists[] = {&t.position_card_, &t.lehmer_, &t.fixed_points_, &t.cycles_, &t.rising_, &t.successions_};
  for (std::size_t k = 0; k < std::size(lists); ++k) {
    const std::size_t size = lists[k]->size();
    const auto bad = [&](const std::string& why) {
      return R::fail("deck tally line " + std::to_string(k + 4) + " (" + std::string(kRecords[k + 2]) + "): " + why);
    };
    if (!parse_counts(values[k + 2], size, *lists[k])) return bad("expected " + std::to_string(size) + " whole numbers");
    // Every deck adds one to each histogram, and to each row (and column) of the n x n tables.
    const std::uint64_t* first = lists[k]->data();
    const bool table = k < 2;
    bool adds_up = table ? true : sum(first, size) == decks;
    for (std::size_t row = 0; table && row < n; ++row) adds_up &= sum(first + row * n, n) == decks;
    for (std::size_t column = 0; k == 0 && column < n; ++column) adds_up &= sum(first + column, n, n) == decks;
    if (!adds_up) return bad("the counts do not add up to " + std::to_string(decks) + " decks");
  }
  // Lehmer digit i is below n - i; a deck has at least one cycle and one rising sequence.
  for (std::size_t row = 0; row < n; ++row)
    if (sum(t.lehmer_.data() + row * n + (n - row), row) != 0)
      return R::fail("deck tally line 5 (lehmer): digit " + std::to_string(row) + " counted at " + std::to_string(n - row) + " or more");
  if (t.cycles_[0] || t.rising_[0]) return R::fail("deck tally: a deck with no cycle or no rising sequence was counted");
  return R::ok(std::move(t));
}

}  // namespace shufflelab
