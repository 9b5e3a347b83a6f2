// text_scanner.hpp: the tokenizer under the deck and roll parsers. It is fed
// chunks of any size (a 1 GB file streams through it) and keeps only the
// token being read, so memory does not grow with the file or a line.
//
// What it accepts: tokens of printable ASCII separated by spaces, tabs and
// commas (mixed freely; two commas with nothing between is an empty field),
// "\n" or "\r\n" line ends, a UTF-8 byte-order mark at the very start, blank
// lines. What it refuses, naming line and column: control bytes (binary
// data), any other UTF-8 character, by name and code point (a typographic
// minus "−" is U+2212, not '-'), bytes that are no UTF-8 (text in another
// encoding, or binary data), an empty field, a token longer than kMaxTokenLength.
//
// Sink: void token(std::string_view text, TextPos start); void line_end(TextPos at);
// either may call fail() on the scanner to stop it.
#pragma once
#include <array>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <string_view>

#include "core/check/input_error.hpp"

namespace shufflelab {

class TextScanner {
 public:
  static constexpr std::size_t kMaxTokenLength = 24;

  template <class Sink>
  void feed(std::string_view chunk, Sink& sink) {
    for (const char ch : chunk) {
      const auto byte = static_cast<unsigned char>(ch);
      if (error_) {
        // Read on to the end of the offending line, for its quote.
        if (!quoting_error_line_ || byte == '\n' || error_->line_text.size() >= kQuotedLineBytes) {
          quoting_error_line_ = false;
          return;
        }
        quote_line_byte(error_->line_text, byte);
        continue;
      }
      if (skip_bom(byte)) continue;
      if (byte != '\n') quote_line_byte(line_, byte);
      consume(byte, sink);
      ++pos_.column;
      ++bytes_;
    }
  }

  template <class Sink>
  void finish(Sink& sink) {
    if (error_) return;
    if (!bom_done_ && bom_seen_ > 0) return fail(pos_, "a cut-off byte-order mark and no text");
    if (!character_.empty()) return fail(character_at_, not_text(static_cast<unsigned char>(character_[0])));
    line_complete_ = true;
    end_line(sink);
  }

  // An error on the line being read (quoted as far as it goes).
  void fail(TextPos at, std::string message) {
    if (error_) return;
    error_ = InputError{at, std::move(message), line_};
    quoting_error_line_ = !line_complete_;
  }
  // An error on an earlier line the sink kept, with that line's quote.
  void fail_on_line(TextPos at, std::string message, std::string line_text) {
    if (error_) return;
    error_ = InputError{at, std::move(message), std::move(line_text)};
    quoting_error_line_ = false;
  }
  // The line being read so far, quoted (see InputError::line_text).
  const std::string& line_text() const { return line_; }
  const std::optional<InputError>& error() const { return error_; }
  std::uint64_t bytes() const { return bytes_; }  // bytes read, the byte-order mark not counted
  TextPos position() const { return pos_; }

 private:
  // The three bytes EF BB BF, only at the start of the file.
  bool skip_bom(unsigned char byte) {
    static constexpr std::array<unsigned char, 3> kBom{0xEF, 0xBB, 0xBF};
    if (bom_done_) return false;
    if (byte == kBom[bom_seen_]) {
      ++bom_seen_;
      if (bom_seen_ == 3) bom_done_ = true;
      return true;
    }
    if (bom_seen_ > 0) {
      fail(pos_, "a broken byte-order mark (only the UTF-8 one, EF BB BF, is read)");
      return true;
    }
    bom_done_ = true;
    return false;
  }

  template <class Sink>
  void consume(unsigned char byte, Sink& sink) {
    if (!character_.empty() || byte > 0x7F) return read_character(byte);
    if (byte == '\n') {
      line_complete_ = true;
      end_line(sink);
      line_complete_ = false;
      line_.clear();
      ++pos_.line;
      pos_.column = 0;  // feed() moves it to 1
      return;
    }
    if (byte == ' ' || byte == '\t' || byte == '\r') return end_token(sink);
    if (byte == ',') {
      end_token(sink);
      if (!token_on_line_ || comma_pending_) return fail(pos_, "an empty field (a comma with no value before it)");
      comma_pending_ = true;
      return;
    }
    if (byte < 0x20 || byte == 0x7F) return fail(pos_, not_text(byte));
    if (length_ == 0) start_ = pos_;
    if (length_ == kMaxTokenLength)
      return fail(start_, "a value longer than " + std::to_string(kMaxTokenLength) + " characters");
    token_[length_++] = static_cast<char>(byte);
  }

  static std::string not_text(unsigned char byte) {
    char hex[8];
    std::snprintf(hex, sizeof hex, "0x%02X", byte);
    return std::string("byte ") + hex + (byte > 0x7F ? " is not UTF-8 text" : " is not text") +
           ": expected digits, card names, spaces, commas or tabs" +
           (byte > 0x7F ? " (is the file in another encoding, or binary?)" : " (is this a binary file?)");
  }

  // A byte above 0x7F starts or goes on with a UTF-8 character (none is
  // read here): refused by name once its last byte arrives, or by its first
  // byte when the bytes are no UTF-8.
  void read_character(unsigned char byte) {
    if (character_.empty()) character_at_ = pos_;
    else if ((byte & 0xC0) != 0x80) {  // cut off by the next character
      fail(character_at_, not_text(static_cast<unsigned char>(character_[0])));
      if (byte == '\n') quoting_error_line_ = false;  // the offending line has ended
      return;
    }
    character_ += static_cast<char>(byte);
    const auto lead = static_cast<unsigned char>(character_[0]);
    const std::size_t length = lead >= 0xF8 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1;
    if (character_.size() < length) return;
    std::uint32_t code_point = 0;
    if (utf8_character(character_, 0, code_point) != length) return fail(character_at_, not_text(lead));
    char name[16];
    std::snprintf(name, sizeof name, "U+%04X", static_cast<unsigned>(code_point));
    const std::string shown = shows_as_written(code_point) ? "\"" + character_ + "\" (" + name + ")" : std::string(name);
    fail(character_at_, "the character " + shown + " is not read here: expected digits, card names, spaces, commas or tabs, in ASCII");
  }

  template <class Sink>
  void end_token(Sink& sink) {
    if (length_ == 0) return;
    const std::string_view text(token_.data(), length_);
    length_ = 0;
    token_on_line_ = true;
    comma_pending_ = false;
    sink.token(text, start_);
  }

  template <class Sink>
  void end_line(Sink& sink) {
    end_token(sink);
    if (error_) return;
    if (comma_pending_) return fail(pos_, "an empty field (the line ends with a comma)");
    if (token_on_line_) sink.line_end(pos_);
    token_on_line_ = false;
  }

  TextPos pos_;
  TextPos start_;
  std::array<char, kMaxTokenLength> token_{};
  std::size_t length_ = 0;
  bool token_on_line_ = false;
  bool comma_pending_ = false;
  unsigned bom_seen_ = 0;
  bool bom_done_ = false;
  std::string character_;  // the bytes of a UTF-8 character read so far
  TextPos character_at_;   // where it starts
  std::uint64_t bytes_ = 0;
  std::optional<InputError> error_;
  std::string line_;                 // the current line's quote
  bool line_complete_ = false;       // its end has been read (an error now quotes it whole)
  bool quoting_error_line_ = false;  // the error's line is still being read for its quote
};

}  // namespace shufflelab
