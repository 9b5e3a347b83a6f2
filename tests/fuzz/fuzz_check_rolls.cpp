// Fuzz target: the roll parser and checks, with the number of sides given by
// the first byte (0: inferred). Two chunks at any split read like one; bad
// input has a message; good input gives a report whose counts add up.
#include <cstddef>
#include <cstdint>
#include <numeric>
#include <string_view>

#include "core/check/check_session.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 2) return 0;
  const std::uint64_t sides = data[0] % 40;
  const std::string_view text(reinterpret_cast<const char*>(data + 2), size - 2);
  const std::size_t split = data[1] % (text.size() + 1);
  shufflelab::RollParser whole(sides), parts(sides);
  whole.feed(text);
  whole.finish();
  parts.feed(text.substr(0, split));
  parts.feed(text.substr(split));
  parts.finish();
  if (whole.error().has_value() != parts.error().has_value()) __builtin_trap();
  if (whole.error()) {
    if (whole.error()->message.empty() || whole.error()->at.column != parts.error()->at.column) __builtin_trap();
    return 0;
  }
  if (whole.counts() != parts.counts() || whole.pairs() != parts.pairs()) __builtin_trap();
  if (std::accumulate(whole.counts().begin(), whole.counts().end(), std::uint64_t{0}) != whole.rolls()) __builtin_trap();
  const shufflelab::CheckReport report = shufflelab::roll_report(whole, nullptr, 0.001);
  if (report.tests.empty()) __builtin_trap();
  return 0;
}
