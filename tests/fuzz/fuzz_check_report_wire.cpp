// Fuzz target: the Check lab's report text (worker -> panel). Any bytes are
// refused with a message or decoded; a decoded report encodes to text that
// decodes to the same encoding again (the form is a fixed point).
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "core/check/check_report_wire.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const auto report = shufflelab::decode_check_report(text);
  if (!report) {
    if (report.error().empty()) __builtin_trap();
    return 0;
  }
  const std::string once = shufflelab::encode_check_report(*report);
  const auto again = shufflelab::decode_check_report(once);
  if (!again || shufflelab::encode_check_report(*again) != once) __builtin_trap();
  return 0;
}
