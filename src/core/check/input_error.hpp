// input_error.hpp: where a file brought to the check lab stops making sense.
// Every parser of core/check reports the first offending token by line and
// column (1-based, columns count bytes) and says what was expected there.
#pragma once
#include <cstdint>
#include <string>

namespace shufflelab {

struct TextPos {
  std::uint64_t line = 1;
  std::uint64_t column = 1;
};

// Bytes of the offending line quoted in an error; a longer line is cut with "...".
constexpr std::size_t kQuotedLineBytes = 60;

struct InputError {
  TextPos at;
  std::string message;  // what was found and what was expected
  // The offending line as read, printable ASCII only (anything else shows
  // as '?'); kQuotedLineBytes + 1 bytes means it goes on.
  std::string line_text;
  // "line 3, column 7: card 12 appears twice in this deck (first at column 1); line 3 reads "4,12,12,...""
  std::string text() const {
    std::string out = "line " + std::to_string(at.line) + ", column " + std::to_string(at.column) + ": " + message;
    if (line_text.empty()) return out;
    const bool cut = line_text.size() > kQuotedLineBytes;
    return out + "; line " + std::to_string(at.line) + " reads \"" + line_text.substr(0, kQuotedLineBytes) +
           (cut ? "...\"" : "\"");
  }
};

// Appends one byte of a line to its quote (kQuotedLineBytes + 1 at most).
inline void quote_line_byte(std::string& quote, unsigned char byte) {
  if (quote.size() > kQuotedLineBytes || byte == '\r') return;
  quote += byte == '\t' ? ' ' : byte < 0x20 || byte > 0x7E ? '?' : static_cast<char>(byte);
}

}  // namespace shufflelab
