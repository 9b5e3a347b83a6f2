#include "core/base/parse.hpp"

namespace shufflelab {

namespace {
int hex_digit_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// Keep echoed input short and printable: it ends up in notices and on stderr.
std::string quoted(std::string_view text) {
  std::string out = "\"";
  for (std::size_t i = 0; i < text.size() && i < 24; ++i) {
    const char c = text[i];
    out += (c >= 0x20 && c < 0x7f) ? c : '?';
  }
  if (text.size() > 24) out += "...";
  return out + "\"";
}
}  // namespace

Result<std::uint64_t> parse_hex(std::string_view field, std::string_view text, int max_digits) {
  using R = Result<std::uint64_t>;
  std::string_view digits = text;
  if (digits.size() >= 2 && digits[0] == '0' && (digits[1] == 'x' || digits[1] == 'X')) digits.remove_prefix(2);
  if (digits.empty()) return R::fail(std::string(field) + ": expected hex digits, got nothing");
  if (digits.size() > static_cast<std::size_t>(max_digits))
    return R::fail(std::string(field) + ": at most " + std::to_string(max_digits) + " hex digits, got " +
                   std::to_string(digits.size()));
  std::uint64_t value = 0;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    const int d = hex_digit_value(digits[i]);
    if (d < 0) return R::fail(std::string(field) + ": " + quoted(text) + " is not hex (0-9, A-F)");
    value = (value << 4) | static_cast<std::uint64_t>(d);
  }
  return R::ok(value);
}

Result<std::uint64_t> parse_decimal(std::string_view field, std::string_view text, std::uint64_t min,
                                    std::uint64_t max) {
  using R = Result<std::uint64_t>;
  const std::string range = "[" + std::to_string(min) + ", " + std::to_string(max) + "]";
  if (text.empty()) return R::fail(std::string(field) + ": expected a whole number in " + range);
  std::uint64_t value = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return R::fail(std::string(field) + ": " + quoted(text) + " is not a whole number");
    const auto d = static_cast<std::uint64_t>(c - '0');
    if (d > max || value > (max - d) / 10) return R::fail(std::string(field) + ": " + quoted(text) + " is above " + std::to_string(max));
    value = value * 10 + d;
  }
  if (value < min) return R::fail(std::string(field) + ": " + std::to_string(value) + " is below " + std::to_string(min));
  return R::ok(value);
}

std::string format_hex_bytes(const std::uint8_t* bytes, std::size_t count) {
  static const char* kDigits = "0123456789abcdef";
  std::string out;
  out.reserve(count * 3);
  for (std::size_t i = 0; i < count; ++i) {
    if (i) out += ' ';
    out += kDigits[bytes[i] >> 4];
    out += kDigits[bytes[i] & 15];
  }
  return out;
}

std::string format_hex_upper(std::uint64_t value, int digits) {
  static const char* kDigits = "0123456789ABCDEF";
  std::string out(static_cast<std::size_t>(digits), '0');
  for (int i = digits - 1; i >= 0; --i, value >>= 4) out[static_cast<std::size_t>(i)] = kDigits[value & 15];
  return out;
}

}  // namespace shufflelab
