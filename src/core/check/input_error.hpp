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

struct InputError {
  TextPos at;
  std::string message;  // what was found and what was expected
  // "line 3, column 7: card 12 appears twice in this deck (first at column 1)"
  std::string text() const {
    return "line " + std::to_string(at.line) + ", column " + std::to_string(at.column) + ": " + message;
  }
};

}  // namespace shufflelab
