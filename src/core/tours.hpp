// tours.hpp: lessons made of links. A tour is an ordered list of steps; each
// step is a state of one lab (a canonical link, "#v=1&lab=...") and a short
// plain-text sentence about what that state shows. The built-in tours follow
// the source articles and, like the findings gallery, compute every number in
// their sentences from the core when they are built (core/builtin_tours).
//
// A teacher writes a tour as plain text, one step a line:
//   <link> TAB <text>
// where the link is a "#v=1&..." fragment or a full URL whose fragment (after
// the first '#') is taken. Blank lines and lines starting with ';' are
// skipped. Before the first step, header lines "title TAB ...", "id TAB ..."
// and "source TAB ..." may appear (tour_text writes title, id, source).
// Texts are plain text only (core/base/plain_text.hpp): valid UTF-8, at most
// kMaxTourTextLength code points, no control or bidirectional characters;
// markup such as "<b>" is accepted and stays literal text (never interpreted).
// Each link is decoded like an opened link; one that gives a notice is an
// error, and the stored link is the canonical one the app writes back,
// without the note/tour fields (a step never carries a tour inside a tour).
// Opening links is core/url_state's work (a link may carry a lesson), so it
// hands its link reader in: url_state's parse_tour_text is the entry point.
#pragma once
#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/quoted_number.hpp"
#include "core/base/result.hpp"

namespace shufflelab {

constexpr std::size_t kMaxTourTextLength = 280;  // a step's text, title and source, in code points
constexpr std::size_t kMaxTourIdLength = 64;     // [a-z0-9-]
constexpr std::size_t kDefaultMaxTourSteps = 200;
constexpr std::size_t kMaxTourFileBytes = std::size_t{4} << 20;  // refused whole beyond this

struct TourStep {
  std::string link;  // canonical "#v=1&lab=..." (no note/tour fields)
  std::string text;  // plain text, <= kMaxTourTextLength code points
  // The built-in lessons' numbers the text quotes, with where the link's view
  // shows them (core/base/quoted_number.hpp). A lesson file has none, so they
  // are not part of what makes two steps the same.
  std::vector<QuotedNumber> quotes = {};
  bool operator==(const TourStep& o) const { return link == o.link && text == o.text; }
};

struct Tour {
  std::string id;      // empty for a teacher's tour without an id line
  std::string title;
  std::string source;  // which article(s) it follows
  std::vector<TourStep> steps;
  bool operator==(const Tour&) const = default;
};

// The built-in lessons: gameboy-tarot, loaded-dice, how-to-shuffle, break-the-shuffle,
// how-people-shuffle. A built-in lesson's id, title and source, without its
// steps: the app lists them and checks a tour= id with these; the steps are
// built elsewhere (core/builtin_tours.hpp), not in the app's download.
struct TourHeading {
  std::string_view id, title, source;
};
std::span<const TourHeading> builtin_tour_headings();
const TourHeading* find_tour_heading(std::string_view id);  // nullptr when no built-in lesson has this id

// read_fragment: a step's "#v=1..." fragment to its canonical link, or the
// notice it gives.
using StepLinkReader = Result<std::string> (*)(std::string_view fragment);
Result<Tour> parse_tour_lines(std::string_view text, StepLinkReader read_fragment, std::size_t max_steps);
// The inverse: parse_tour_lines(tour_text(t), ...) == t for any tour it accepts.
std::string tour_text(const Tour& tour);

}  // namespace shufflelab
