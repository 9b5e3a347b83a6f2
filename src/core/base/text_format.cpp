#include "core/base/text_format.hpp"

#include <cinttypes>
#include <cmath>
#include <cstdio>

#include "core/base/rational.hpp"

namespace shufflelab {

std::string grouped(std::string_view digits) {
  std::string out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    out += digits[i];
    if (i + 1 < digits.size() && (digits.size() - i - 1) % 3 == 0) out += ',';
  }
  return out;
}

std::string grouped(std::uint64_t value) { return grouped(std::to_string(value)); }
std::string grouped(const BigUint& value) { return grouped(value.to_string()); }

std::string fixed_decimals(double value, int digits) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.*f", digits, value);
  return buffer;
}

std::string percent(double share) { return fixed_decimals(share * 100.0, 1) + "%"; }

std::string counted(std::uint64_t count, std::string_view noun) {
  return std::to_string(count) + " " + std::string(noun) + (count == 1 ? "" : "s");
}

std::string grouped_count(std::uint64_t count, std::string_view noun) {
  return grouped(count) + " " + std::string(noun) + (count == 1 ? "" : "s");
}

std::string json_string(std::string_view text) {
  std::string out = "\"";
  for (const char ch : text) {
    switch (ch) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      default:
        if (static_cast<unsigned char>(ch) < 0x20) {
          char escaped[8];
          std::snprintf(escaped, sizeof escaped, "\\u%04x", static_cast<unsigned>(static_cast<unsigned char>(ch)));
          out += escaped;
        } else {
          out += ch;
        }
    }
  }
  return out + "\"";
}

std::string json_number(double value, int digits) {
  if (!std::isfinite(value)) return "null";
  char buffer[40];
  std::snprintf(buffer, sizeof buffer, "%.*g", digits, value);
  return buffer;
}

std::string hex_at_least(std::uint64_t value, int digits) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "%0*" PRIX64, digits, value);
  return buf;
}

}  // namespace shufflelab
