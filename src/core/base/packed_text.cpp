#include "core/base/packed_text.hpp"

#include <array>
#include <cstdint>
#include <vector>

#include "core/base/plain_text.hpp"

namespace shufflelab {

namespace {

constexpr std::size_t kWindow = 4096;
constexpr std::size_t kMinCopy = 3, kMaxCopy = 18;
constexpr int kChainTries = 64;  // positions tried per byte: enough for source code, bounded time
constexpr std::string_view kDigits = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

std::string base64url(const std::vector<std::uint8_t>& bytes) {
  std::string out;
  std::uint32_t bits = 0;
  int have = 0;
  for (std::uint8_t b : bytes) {
    bits = (bits << 8) | b, have += 8;
    while (have >= 6) out += kDigits[(bits >> (have -= 6)) & 63];
  }
  if (have > 0) out += kDigits[(bits << (6 - have)) & 63];
  return out;
}

int digit_value(char c) {
  if (c >= 'A' && c <= 'Z') return c - 'A';
  if (c >= 'a' && c <= 'z') return c - 'a' + 26;
  if (c >= '0' && c <= '9') return c - '0' + 52;
  if (c == '-') return 62;
  if (c == '_') return 63;
  return -1;
}

std::uint32_t hash3(std::string_view text, std::size_t at) {
  const std::uint32_t key = static_cast<std::uint8_t>(text[at]) | static_cast<std::uint8_t>(text[at + 1]) << 8 |
                            static_cast<std::uint32_t>(static_cast<std::uint8_t>(text[at + 2])) << 16;
  return (key * 2654435761u) >> 20;  // 12 bits
}

}  // namespace

std::string pack_text(std::string_view text) {
  std::vector<std::uint8_t> out;
  std::array<std::int64_t, 4096> head;
  head.fill(-1);
  std::vector<std::int64_t> previous(text.size(), -1);  // the last earlier position with the same hash
  std::size_t flag_at = 0;
  int item = 8;
  const auto remember = [&](std::size_t at) {
    if (at + kMinCopy > text.size()) return;
    const std::uint32_t h = hash3(text, at);
    previous[at] = head[h];
    head[h] = static_cast<std::int64_t>(at);
  };
  for (std::size_t at = 0; at < text.size();) {
    if (item == 8) flag_at = out.size(), out.push_back(0), item = 0;
    std::size_t best_length = 0, best_distance = 0;
    if (at + kMinCopy <= text.size()) {
      std::int64_t candidate = head[hash3(text, at)];
      for (int tries = 0; candidate >= 0 && tries < kChainTries; ++tries, candidate = previous[static_cast<std::size_t>(candidate)]) {
        const std::size_t from = static_cast<std::size_t>(candidate);
        if (at - from > kWindow) break;
        std::size_t length = 0;
        while (length < kMaxCopy && at + length < text.size() && text[from + length] == text[at + length]) ++length;
        if (length > best_length) best_length = length, best_distance = at - from;
      }
    }
    if (best_length >= kMinCopy) {
      out[flag_at] = static_cast<std::uint8_t>(out[flag_at] | 1u << item);
      const std::size_t d = best_distance - 1;
      out.push_back(static_cast<std::uint8_t>(d >> 4));
      out.push_back(static_cast<std::uint8_t>((d & 15) << 4 | (best_length - kMinCopy)));
      for (std::size_t k = 0; k < best_length; ++k) remember(at + k);
      at += best_length;
    } else {
      out.push_back(static_cast<std::uint8_t>(text[at]));
      remember(at);
      ++at;
    }
    ++item;
  }
  return base64url(out);
}

LinkTextField link_text_field(std::string_view text, std::size_t pack_above) {
  std::string plain = percent_encode(text);
  if (plain.size() <= pack_above) return {false, std::move(plain)};
  std::string packed = pack_text(text);
  if (packed.size() < plain.size()) return {true, std::move(packed)};
  return {false, std::move(plain)};
}

Result<std::string> unpack_text(std::string_view packed, std::string_view field, std::size_t max_bytes) {
  using R = Result<std::string>;
  const std::string name(field);
  if (packed.size() % 4 == 1) return R::fail(name + ": not a packed text (its length, " + std::to_string(packed.size()) + " characters, cannot be base64url)");
  std::vector<std::uint8_t> bytes;
  std::uint32_t bits = 0;
  int have = 0;
  for (std::size_t i = 0; i < packed.size(); ++i) {
    const int v = digit_value(packed[i]);
    if (v < 0) return R::fail(name + ": character " + std::to_string(i + 1) + " is not a base64url digit");
    bits = (bits << 6) | static_cast<std::uint32_t>(v), have += 6;
    if (have >= 8) bytes.push_back(static_cast<std::uint8_t>(bits >> (have -= 8)));
  }
  std::string out;
  std::size_t at = 0;
  while (at < bytes.size()) {
    const std::uint8_t flags = bytes[at++];
    for (int item = 0; item < 8 && at < bytes.size(); ++item) {
      if (!(flags >> item & 1)) {
        out += static_cast<char>(bytes[at++]);
      } else {
        if (at + 2 > bytes.size()) return R::fail(name + ": the packed text is cut off at byte " + std::to_string(at + 1));
        const std::size_t distance = (std::size_t{bytes[at]} << 4 | bytes[at + 1] >> 4) + 1;
        const std::size_t length = (bytes[at + 1] & 15u) + kMinCopy;
        if (distance > out.size())
          return R::fail(name + ": byte " + std::to_string(at + 1) + " copies from before the text's start: a damaged link");
        at += 2;
        for (std::size_t k = 0; k < length; ++k) out += out[out.size() - distance];
      }
      if (out.size() > max_bytes)
        return R::fail(name + ": the packed text unpacks to more than " + std::to_string(max_bytes) + " bytes");
    }
  }
  return R::ok(std::move(out));
}

}  // namespace shufflelab
