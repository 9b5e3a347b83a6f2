// byte_input.hpp: random bytes brought to the check lab, streamed in chunks:
// a raw binary file, or hex text (two hex digits a byte, pairs separated by
// nothing or by spaces, tabs, commas and line ends). `automatic` reads the
// first kSniffBytes: only hex digits and separators there means hex text.
#pragma once
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/check/input_error.hpp"

namespace shufflelab {

enum class ByteFormat : std::uint8_t { automatic, raw, hex };

class ByteParser {
 public:
  static constexpr std::size_t kSniffBytes = 4096;
  using OnBytes = std::function<void(std::span<const std::uint8_t>)>;
  ByteParser(ByteFormat format, OnBytes on_bytes) : format_(format), on_bytes_(std::move(on_bytes)) {}

  void feed(std::string_view chunk);
  void finish();

  const std::optional<InputError>& error() const { return error_; }
  ByteFormat format() const { return format_; }  // decided once enough was seen
  std::uint64_t bytes() const { return bytes_; }  // bytes delivered

 private:
  void decide_format();  // from the sniffed head, which it then delivers
  void deliver(std::string_view chunk);
  void decode_hex(std::string_view chunk);
  void fail(std::string message) {
    if (!error_) error_ = InputError{pos_, std::move(message), {}};
  }

  ByteFormat format_;
  OnBytes on_bytes_;
  std::string sniffed_;  // the head, until the format is decided
  std::vector<std::uint8_t> out_;
  TextPos pos_;
  int high_nibble_ = -1;  // hex: first digit of a pair
  std::uint64_t bytes_ = 0;
  std::optional<InputError> error_;
};

}  // namespace shufflelab
