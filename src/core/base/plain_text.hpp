// plain_text.hpp: text that people put into links and lesson files (a
// teacher's note, a tour step's sentence) and that the app shows as text only.
// check_plain_text accepts valid UTF-8 up to a number of code points and
// refuses what could make shown text lie or break: C0 and C1 control
// characters, DEL, and the Unicode bidirectional controls (U+200E, U+200F,
// U+202A..U+202E, U+2066..U+2069), which can reorder what a reader sees.
// Markup such as "<b>" is allowed: it is never interpreted, only drawn.
// percent_encode / percent_decode carry such text in a link fragment
// (RFC 3986: everything but A-Z a-z 0-9 - . _ ~ as %XX). A '%' not followed
// by two hex digits is an error, or, with StrayPercent::keep (text people
// type into links: a note's "100% sure"), a percent sign as the WHATWG URL
// standard reads it, except at the very end, where "%" or "%E" is a link cut
// off inside an escape and still an error.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/result.hpp"

namespace shufflelab {

// The text unchanged, or an error naming `what` and the first problem.
Result<std::string> check_plain_text(std::string_view text, std::size_t max_code_points, std::string_view what);

// The UTF-8 character at text[at]: its length in bytes and its code point, or
// 0 for bytes that are no valid UTF-8 (overlong, a surrogate, past U+10FFFF, cut off).
std::size_t utf8_character(std::string_view text, std::size_t at, std::uint32_t& code_point);
// Whether a code point may be shown as it is: not a C0 or C1 control, DEL or
// a bidirectional control (see check_plain_text).
bool shows_as_written(std::uint32_t code_point);

// Text from outside that the app quotes (a file's name, a line of a file), as
// clean UTF-8 in any script: every character as written, but each byte that
// is no valid UTF-8 and each character that may not be shown becomes one '?'.
// At most `max_characters` characters, then "...".
std::string readable_excerpt(std::string_view text, std::size_t max_characters);

enum class StrayPercent { refuse, keep };
std::string percent_encode(std::string_view text);
Result<std::string> percent_decode(std::string_view text, std::string_view what, StrayPercent stray = StrayPercent::refuse);

}  // namespace shufflelab
