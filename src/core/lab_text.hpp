// lab_text.hpp: a plain-text mirror of what the current lab shows, for
// screen readers, Ctrl+F and copying numbers (the canvas itself is one
// image to assistive technology). Every line is computed from the same core
// view models and analysis functions the panels draw (lfsr_view,
// period_view, exact_die_law, shuffle_frame, poker_deal_view, AsmSession,
// gallery_entries), never from the link's text. The page renders headings as
// h2/h3, items as list entries and paragraphs as <p>, always as text.
//
// Kept short and bounded: at most kMaxLabTextLines lines of at most
// kMaxLabTextLineBytes bytes each (cut at a UTF-8 boundary with "...").
// Key numbers are written grouped for reading and once in plain digits so a
// search for "3757580295" finds them.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/url_state.hpp"

namespace shufflelab {

enum class TextKind : std::uint8_t { heading, subheading, item, paragraph };
std::string_view text_kind_name(TextKind kind);  // "heading", "subheading", "item", "paragraph"

struct TextLine {
  TextKind kind = TextKind::paragraph;
  std::string text;
  bool operator==(const TextLine&) const = default;
};

constexpr std::size_t kMaxLabTextLines = 80;
constexpr std::size_t kMaxLabTextLineBytes = 700;

// The lab's title as the navigation names it ("LFSR", "One Chip poker", ...).
std::string_view lab_title(LabId lab);

// The text of what `state` shows. The first line is the lab's title (a heading).
// Results of background jobs are not included (they are not part of the state).
// Caches the last analysis / recording / session per setup, so calling it again
// for a state that differs only in its step is cheap (not thread-safe).
std::vector<TextLine> lab_text(const LabState& state);

// [{"kind":"heading","text":"LFSR"},...]: what the page's text view receives.
std::string lab_text_json(const std::vector<TextLine>& lines);

}  // namespace shufflelab
