#include "core/base/plain_text.hpp"

#include <algorithm>
#include <cstdint>

namespace shufflelab {

namespace {
bool is_bidi_control(std::uint32_t c) {
  return c == 0x200E || c == 0x200F || (c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069);
}

bool is_control(std::uint32_t c) { return c < 0x20 || (c >= 0x7F && c <= 0x9F); }

char hex_digit(unsigned v) { return "0123456789ABCDEF"[v & 15]; }

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return -1;
}
}  // namespace

std::size_t utf8_character(std::string_view text, std::size_t i, std::uint32_t& code_point) {
  const auto byte = [&](std::size_t k) { return static_cast<std::uint8_t>(text[k]); };
  const std::uint8_t lead = byte(i);
  std::size_t length = 0;
  std::uint32_t min = 0;
  if (lead < 0x80) return code_point = lead, 1;
  if ((lead & 0xE0) == 0xC0) length = 2, code_point = lead & 0x1Fu, min = 0x80;
  else if ((lead & 0xF0) == 0xE0) length = 3, code_point = lead & 0x0Fu, min = 0x800;
  else if ((lead & 0xF8) == 0xF0) length = 4, code_point = lead & 0x07u, min = 0x10000;
  else return 0;
  if (i + length > text.size()) return 0;
  for (std::size_t k = 1; k < length; ++k) {
    if ((byte(i + k) & 0xC0) != 0x80) return 0;
    code_point = (code_point << 6) | (byte(i + k) & 0x3Fu);
  }
  if (code_point < min || code_point > 0x10FFFF || (code_point >= 0xD800 && code_point <= 0xDFFF)) return 0;
  return length;
}

bool shows_as_written(std::uint32_t code_point) { return !is_control(code_point) && !is_bidi_control(code_point); }

std::string readable_excerpt(std::string_view text, std::size_t max_characters) {
  std::string out;
  std::size_t characters = 0;
  for (std::size_t i = 0; i < text.size();) {
    if (characters++ == max_characters) return out + "...";
    std::uint32_t c = 0;
    const std::size_t length = utf8_character(text, i, c);
    if (length > 0 && shows_as_written(c)) out.append(text.substr(i, length));
    else out += '?';
    i += length > 0 ? length : 1;
  }
  return out;
}

Result<std::string> check_plain_text(std::string_view text, std::size_t max_code_points, std::string_view what) {
  using R = Result<std::string>;
  const std::string name(what);
  std::size_t count = 0;
  for (std::size_t i = 0; i < text.size();) {
    std::uint32_t c = 0;
    const std::size_t length = utf8_character(text, i, c);
    if (length == 0) return R::fail(name + ": not valid UTF-8 text (byte " + std::to_string(i + 1) + ")");
    if (is_control(c)) return R::fail(name + ": holds a control character (character " + std::to_string(count + 1) + ")");
    if (is_bidi_control(c))
      return R::fail(name + ": holds a bidirectional control (character " + std::to_string(count + 1) +
                     "), which could reorder what readers see");
    if (++count > max_code_points)
      return R::fail(name + ": longer than " + std::to_string(max_code_points) + " characters");
    i += length;
  }
  return R::ok(std::string(text));
}

std::string percent_encode(std::string_view text) {
  std::string out;
  for (const char ch : text) {
    const auto c = static_cast<unsigned char>(ch);
    const bool unreserved = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' ||
                            c == '.' || c == '_' || c == '~';
    if (unreserved) {
      out += ch;
    } else {
      out += '%';
      out += hex_digit(c >> 4);
      out += hex_digit(c);
    }
  }
  return out;
}

Result<std::string> percent_decode(std::string_view text, std::string_view what, StrayPercent stray) {
  using R = Result<std::string>;
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '%') {
      out += text[i];
      continue;
    }
    const bool has_two = i + 2 < text.size();
    const int hi = has_two ? hex_value(text[i + 1]) : -1;
    const int lo = has_two ? hex_value(text[i + 2]) : -1;
    if (hi >= 0 && lo >= 0) {
      out += static_cast<char>(hi * 16 + lo);
      i += 2;
      continue;
    }
    if (stray == StrayPercent::refuse)
      return R::fail(std::string(what) + ": \"%\" at character " + std::to_string(i + 1) + " is not followed by two hex digits");
    // "%", "%E" at the very end: a link cut off inside an escape, which would show half a character.
    const std::string_view rest = text.substr(i + 1);
    if (rest.size() < 2 && (rest.empty() || hex_value(rest[0]) >= 0))
      return R::fail(std::string(what) + ": ends inside an escape (\"%" + std::string(rest) + "\" at character " +
                     std::to_string(i + 1) + "): the link was cut off");
    out += '%';  // a percent sign someone typed ("100% sure"), as URL parsers read it
  }
  return R::ok(std::move(out));
}

}  // namespace shufflelab
