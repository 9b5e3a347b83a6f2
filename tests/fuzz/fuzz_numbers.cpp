// Fuzz target: the number parsers behind every field. Accepted text must
// round-trip through the formatters; rejected text must come with a message.
#include <cstddef>
#include <cstdint>
#include <string>

#include "core/base/parse.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const int digits = 1 + data[0] % 16;
  const std::string text(reinterpret_cast<const char*>(data + 1), size - 1);
  auto hex = shufflelab::parse_hex("field", text, digits);
  if (hex) {
    const std::string back = shufflelab::format_hex_upper(*hex, digits);
    auto again = shufflelab::parse_hex("field", back, digits);
    if (!again || *again != *hex) __builtin_trap();
  } else if (hex.error().empty()) {
    __builtin_trap();
  }
  auto dec = shufflelab::parse_decimal("field", text, 3, 1000000007);
  if (dec && (*dec < 3 || *dec > 1000000007)) __builtin_trap();
  if (!dec && dec.error().empty()) __builtin_trap();
  return 0;
}
