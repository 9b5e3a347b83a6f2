// input_error.hpp: where a file brought to the check lab stops making sense.
// Every parser of core/check reports the first offending token by line and
// column (1-based, columns count bytes) and says what was expected there.
#pragma once
#include <cstdint>
#include <string>

#include "core/base/plain_text.hpp"

namespace shufflelab {

struct TextPos {
  std::uint64_t line = 1;
  std::uint64_t column = 1;
};

// Characters of the offending line quoted in an error; a longer line is cut with "...".
constexpr std::size_t kQuotedLineCharacters = 60;
// The bytes of a line kept for its quote: that many characters of up to four bytes, and one more.
constexpr std::size_t kQuotedLineBytes = 4 * kQuotedLineCharacters + 1;

struct InputError {
  TextPos at;
  std::string message;  // what was found and what was expected
  // The start of the offending line as read (tabs as spaces, no CR), at most
  // kQuotedLineBytes bytes; text() quotes it as clean UTF-8 (readable_excerpt:
  // characters in any script as written, a byte that is no text as '?').
  std::string line_text;
  // "line 3, column 7: card 12 appears twice in this deck (first at column 1); line 3 reads "4,12,12,...""
  std::string text() const {
    std::string out = "line " + std::to_string(at.line) + ", column " + std::to_string(at.column) + ": " + message;
    if (line_text.empty()) return out;
    return out + "; line " + std::to_string(at.line) + " reads \"" + readable_excerpt(line_text, kQuotedLineCharacters) + "\"";
  }
};

// Appends one byte of a line to its quote (kQuotedLineBytes at most).
inline void quote_line_byte(std::string& quote, unsigned char byte) {
  if (quote.size() >= kQuotedLineBytes || byte == '\r') return;
  quote += byte == '\t' ? ' ' : static_cast<char>(byte);
}

}  // namespace shufflelab
