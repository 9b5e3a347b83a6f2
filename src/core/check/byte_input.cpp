#include "core/check/byte_input.hpp"

#include <algorithm>
#include <cstdio>

namespace shufflelab {
namespace {

int hex_value(unsigned char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

bool separator(unsigned char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == ','; }

}  // namespace

void ByteParser::feed(std::string_view chunk) {
  if (error_) return;
  if (format_ == ByteFormat::automatic) {
    const std::size_t take = std::min(chunk.size(), kSniffBytes - sniffed_.size());
    sniffed_.append(chunk.substr(0, take));
    chunk.remove_prefix(take);
    if (sniffed_.size() < kSniffBytes) return;
    decide_format();
  }
  deliver(chunk);
}

void ByteParser::decide_format() {
  const bool hex = !sniffed_.empty() && std::all_of(sniffed_.begin(), sniffed_.end(), [](char c) {
    return hex_value(static_cast<unsigned char>(c)) >= 0 || separator(static_cast<unsigned char>(c));
  });
  format_ = hex ? ByteFormat::hex : ByteFormat::raw;
  const std::string head = std::move(sniffed_);
  sniffed_.clear();
  deliver(head);
}

void ByteParser::deliver(std::string_view chunk) {
  if (error_ || chunk.empty()) return;
  if (format_ == ByteFormat::hex) return decode_hex(chunk);
  bytes_ += chunk.size();
  on_bytes_(std::span(reinterpret_cast<const std::uint8_t*>(chunk.data()), chunk.size()));
}

void ByteParser::decode_hex(std::string_view chunk) {
  out_.clear();
  for (const char ch : chunk) {
    const auto c = static_cast<unsigned char>(ch);
    const int v = hex_value(c);
    if (v >= 0) {
      if (high_nibble_ < 0) high_nibble_ = v;
      else {
        out_.push_back(static_cast<std::uint8_t>(high_nibble_ << 4 | v));
        high_nibble_ = -1;
      }
    } else if (separator(c)) {
      if (high_nibble_ >= 0) return fail("half a byte: hex bytes are two digits (00..ff)");
      if (c == '\n') {
        ++pos_.line;
        pos_.column = 0;
      }
    } else {
      char shown[8];
      std::snprintf(shown, sizeof shown, c >= 0x21 && c <= 0x7E ? "'%c'" : "0x%02X", c);
      return fail(std::string("expected hex digits (0-9, a-f) or spaces; found ") + shown);
    }
    ++pos_.column;
  }
  bytes_ += out_.size();
  if (!out_.empty()) on_bytes_(out_);
}

void ByteParser::finish() {
  if (error_) return;
  if (format_ == ByteFormat::automatic) decide_format();
  if (!error_ && high_nibble_ >= 0) fail("half a byte at the end: hex bytes are two digits (00..ff)");
  if (!error_ && bytes_ == 0) fail("no bytes: the file is empty");
}

}  // namespace shufflelab
