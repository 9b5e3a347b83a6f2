// Fuzz target: any fragment decodes without crashing, and whatever state it
// yields encodes to a link that decodes cleanly to the same state.
#include <cstddef>
#include <cstdint>
#include <string>

#include "core/url_state.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string fragment(reinterpret_cast<const char*>(data), size);
  const shufflelab::DecodedState first = shufflelab::decode_fragment(fragment);
  const std::string link = shufflelab::encode_fragment(first.state);
  const shufflelab::DecodedState again = shufflelab::decode_fragment(link);
  if (!again.notices.empty() || !(again.state == first.state)) __builtin_trap();
  // A lab's fields stay short; a note or a lesson may use the rest of the fragment.
  shufflelab::LabState fields_only = first.state;
  fields_only.note.clear(), fields_only.tour.clear(), fields_only.tour_text.clear(), fields_only.tour_step = 0;
  if (shufflelab::encode_fragment(fields_only).size() > 300) __builtin_trap();
  return 0;
}
