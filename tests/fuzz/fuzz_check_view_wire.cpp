// Fuzz target: the Check lab's report view as text (worker -> app). Any bytes
// are refused with a message or decoded; a decoded view encodes to text that
// decodes to the same view again (the form is a fixed point).
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "core/check/check_view_wire.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const auto view = shufflelab::decode_check_report_view(text);
  if (!view) {
    if (view.error().empty()) __builtin_trap();
    return 0;
  }
  const std::string once = shufflelab::encode_check_report_view(*view);
  const auto again = shufflelab::decode_check_report_view(once);
  if (!again || !(*again == *view) || shufflelab::encode_check_report_view(*again) != once) __builtin_trap();
  return 0;
}
