// Fuzz target: the deck parser and checks. Any bytes, split into two chunks at
// any point, must give the same decks or the same first error (line and
// column) as one chunk, and a report when they parse.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "core/check/check_session.hpp"

namespace {

struct Outcome {
  std::uint64_t decks = 0, checksum = 0;
  std::optional<shufflelab::InputError> error;
};

Outcome parse(std::string_view text, std::size_t split) {
  Outcome o;
  shufflelab::DeckParser parser([&](std::span<const std::uint16_t> deck) {
    ++o.decks;
    for (const std::uint16_t c : deck) o.checksum = o.checksum * 31 + c;
  });
  parser.feed(text.substr(0, split));
  parser.feed(text.substr(split));
  parser.finish();
  o.error = parser.error();
  return o;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
  const Outcome whole = parse(text, text.size());
  const Outcome split = parse(text, data[0] % (text.size() + 1));
  if (whole.decks != split.decks || whole.checksum != split.checksum) __builtin_trap();
  if (whole.error.has_value() != split.error.has_value()) __builtin_trap();
  if (whole.error && (whole.error->at.line != split.error->at.line || whole.error->at.column != split.error->at.column ||
                      whole.error->message.empty()))
    __builtin_trap();
  shufflelab::CheckOptions options;
  auto session = std::move(shufflelab::CheckSession::make(options).value());
  session->feed(text);
  const auto report = session->finish();
  if (report.has_value() == whole.error.has_value()) __builtin_trap();
  if (report && report->tests.empty()) __builtin_trap();
  return 0;
}
