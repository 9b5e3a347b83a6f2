// check_session.hpp: one check of a user's file from the first chunk to the
// report: the parser of its kind feeding its tally, in bounded memory. The
// CLI feeds it a file or stdin; the lab's worker job feeds it the dropped
// file slice by slice.
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "core/base/result.hpp"
#include "core/check/byte_checks.hpp"
#include "core/check/byte_input.hpp"
#include "core/check/check_report.hpp"
#include "core/check/deck_checks.hpp"
#include "core/check/roll_checks.hpp"

namespace shufflelab {

enum class CheckKind : std::uint8_t { decks, rolls, bytes };
Result<CheckKind> parse_check_kind(std::string_view text);  // "decks", "rolls", "bytes"

// Bytes kept for Berlekamp-Massey by default: 2^17 bits, half analysed and
// half predicted (the quadratic cost stays well under a second).
constexpr std::size_t kDefaultLinearBytes = 16384;

struct CheckOptions {
  CheckKind kind = CheckKind::decks;
  double alpha = kDefaultCheckAlpha;
  std::uint64_t sides = 0;                // rolls: 0 = infer
  std::string method;                     // rolls: a dice lab method to compare with ("" = none)
  unsigned method_bits = 32;              // its word size
  ByteFormat format = ByteFormat::automatic;
  std::size_t linear_bytes = kDefaultLinearBytes;
};

class CheckSession {
 public:
  // Fails on options that cannot work (an unknown method, alpha outside (0, 1)).
  static Result<std::unique_ptr<CheckSession>> make(const CheckOptions& options);

  void feed(std::string_view chunk);
  // The first problem in the input so far, with its line and column.
  std::optional<InputError> error() const;
  // Ends the input and builds the report; the error if the input is bad.
  Result<CheckReport> finish();
  std::uint64_t bytes_read() const { return bytes_read_; }

 private:
  explicit CheckSession(const CheckOptions& options) : options_(options) {}
  CheckOptions options_;
  std::optional<DieLaw> law_;
  std::unique_ptr<DeckParser> decks_;
  std::unique_ptr<DeckTally> deck_tally_;
  std::unique_ptr<RollParser> rolls_;
  std::unique_ptr<ByteParser> bytes_;
  std::unique_ptr<ByteTally> byte_tally_;
  std::uint64_t bytes_read_ = 0;
};

}  // namespace shufflelab
