#include "core/tours.hpp"

#include <algorithm>

#include "core/base/plain_text.hpp"
#include "core/base/split_lines.hpp"

namespace shufflelab {

namespace {

// Ids, titles and sources are known without computing a step, so the app can
// list the lessons without building them (their numbers take a while in wasm).
constexpr TourHeading kTourHeadings[] = {
    {"gameboy-tarot", "From bits to a deck: the Game Boy tarot shuffle", "Game Boy tarot dev log"},
    {"loaded-dice", "Loaded dice: squeezing bytes into a range", "Rolling D20s on the Z80"},
    {"how-to-shuffle", "How to shuffle, and how not to", "shuffle.c (2003)"},
    {"break-the-shuffle", "Break the shuffle", "shuffle.c (2003); One Chip Video Poker"},
    {"how-people-shuffle", "How people really shuffle: coin-flip sorts, riffles, overhand", "Bayer and Diaconis (1992); Pemantle (1989)"},
};

using TourResult = Result<Tour>;

std::string line_error(std::size_t line, const std::string& what) { return "line " + std::to_string(line) + ": " + what; }

bool valid_id(std::string_view id) {
  return !id.empty() && id.size() <= kMaxTourIdLength &&
         std::all_of(id.begin(), id.end(), [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-'; });
}

std::string_view trim_spaces(std::string_view s) {
  while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
  while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
  return s;
}

// A header line "title|id|source TAB value" before the first step; false when the line is not one.
bool read_header(std::string_view line, std::size_t number, Tour& tour, std::string& error) {
  const std::size_t tab = line.find('\t');
  if (tab == std::string_view::npos) return false;
  const std::string_view key = line.substr(0, tab);
  const std::string_view value = trim_spaces(line.substr(tab + 1));
  if (key == "id") {
    if (!valid_id(value))
      error = line_error(number, "the id must be 1-" + std::to_string(kMaxTourIdLength) + " of a-z, 0-9 and -");
    else tour.id = value;
    return true;
  }
  if (key != "title" && key != "source") return false;
  auto checked = check_plain_text(value, kMaxTourTextLength, key);
  if (!checked) error = line_error(number, checked.error());
  else (key == "title" ? tour.title : tour.source) = checked.value();
  return true;
}

// The step's canonical link, or the error for this line.
Result<std::string> read_link(std::string_view link, std::size_t number, StepLinkReader read_fragment) {
  using R = Result<std::string>;
  const std::size_t hash = link.find('#');
  const std::string_view fragment = hash == std::string_view::npos ? std::string_view{} : link.substr(hash);
  if (fragment.substr(0, 4) != "#v=1" || link.find_first_of(" \t") != std::string_view::npos) {
    const std::size_t column = hash == std::string_view::npos ? 1 : hash + 1;
    return R::fail("line " + std::to_string(number) + ", column " + std::to_string(column) +
                   ": expected a link starting with #v=1");
  }
  auto canonical = read_fragment(fragment);
  if (!canonical) return R::fail(line_error(number, "the link gives a notice: " + canonical.error()));
  return canonical;
}

Result<TourStep> read_step(std::string_view line, std::size_t number, StepLinkReader read_fragment) {
  using R = Result<TourStep>;
  const std::size_t tab = line.find('\t');
  // Without a tab, the link is what comes before the first space (for a clearer error).
  const std::string_view link = trim_spaces(line.substr(0, tab != std::string_view::npos ? tab : line.find(' ')));
  auto canonical = read_link(link, number, read_fragment);
  if (!canonical) return R::fail(canonical.error());
  if (tab == std::string_view::npos) return R::fail(line_error(number, "no tab between the link and the text"));
  const std::string_view text = trim_spaces(line.substr(tab + 1));
  if (text.empty()) return R::fail(line_error(number, "no text after the link"));
  auto checked = check_plain_text(text, kMaxTourTextLength, "text");
  if (!checked) return R::fail(line_error(number, checked.error()));
  return R::ok(TourStep{canonical.value(), checked.value()});
}
}  // namespace

std::span<const TourHeading> builtin_tour_headings() { return kTourHeadings; }

const TourHeading* find_tour_heading(std::string_view id) {
  for (const TourHeading& h : kTourHeadings)
    if (h.id == id) return &h;
  return nullptr;
}

Result<Tour> parse_tour_lines(std::string_view text, StepLinkReader read_fragment, std::size_t max_steps) {
  if (text.size() > kMaxTourFileBytes)
    return TourResult::fail("the tour has " + std::to_string(text.size()) + " bytes, more than " +
                            std::to_string(kMaxTourFileBytes));
  Tour tour;
  std::size_t number = 0;
  for (const std::string_view line : split_lines(text)) {
    ++number;
    if (trim_spaces(line).empty() || line.front() == ';') continue;
    std::string error;
    if (tour.steps.empty() && read_header(line, number, tour, error)) {
      if (!error.empty()) return TourResult::fail(error);
      continue;
    }
    if (tour.steps.size() == max_steps)
      return TourResult::fail("more than " + std::to_string(max_steps) + " steps (line " + std::to_string(number) + ")");
    auto step = read_step(line, number, read_fragment);
    if (!step) return TourResult::fail(step.error());
    tour.steps.push_back(std::move(step.value()));
  }
  if (tour.steps.empty()) return TourResult::fail("no steps");
  return TourResult::ok(std::move(tour));
}

std::string tour_text(const Tour& tour) {
  std::string out;
  if (!tour.title.empty()) out += "title\t" + tour.title + "\n";
  if (!tour.id.empty()) out += "id\t" + tour.id + "\n";
  if (!tour.source.empty()) out += "source\t" + tour.source + "\n";
  for (const TourStep& step : tour.steps) out += step.link + "\t" + step.text + "\n";
  return out;
}

}  // namespace shufflelab