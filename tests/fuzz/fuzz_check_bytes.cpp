// Fuzz target: the byte parser (format from the first byte) and the byte
// checks. Two chunks at any split deliver the same bytes as one; a report is
// built for what parses (Berlekamp-Massey on a short kept prefix).
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "core/check/byte_checks.hpp"
#include "core/check/byte_input.hpp"

namespace {

std::vector<std::uint8_t> read(shufflelab::ByteFormat format, std::string_view text, std::size_t split,
                               std::optional<shufflelab::InputError>* error) {
  std::vector<std::uint8_t> out;
  shufflelab::ByteParser parser(format, [&](std::span<const std::uint8_t> b) { out.insert(out.end(), b.begin(), b.end()); });
  parser.feed(text.substr(0, split));
  parser.feed(text.substr(split));
  parser.finish();
  *error = parser.error();
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 2) return 0;
  const auto format = static_cast<shufflelab::ByteFormat>(data[0] % 3);
  const std::string_view text(reinterpret_cast<const char*>(data + 2), size - 2);
  std::optional<shufflelab::InputError> e1, e2;
  const auto whole = read(format, text, text.size(), &e1);
  const auto parts = read(format, text, data[1] % (text.size() + 1), &e2);
  if (e1.has_value() != e2.has_value()) __builtin_trap();
  if (e1) {
    if (e1->message.empty()) __builtin_trap();
    return 0;
  }
  if (whole != parts) __builtin_trap();
  shufflelab::ByteTally tally(256);
  tally.add(whole);
  const shufflelab::CheckReport report = shufflelab::byte_report(tally, 0.001);
  if (report.tests.empty()) __builtin_trap();
  return 0;
}
