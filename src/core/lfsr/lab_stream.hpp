// lab_stream.hpp: the LFSR lab's generator as raw bytes, from the step the
// lab shows, for a download in the browser, with the `shufflelab stream`
// command that writes exactly the same bytes (it names the generator's full
// state at that step, so no replay is needed to reproduce them). Larger
// streams (dieharder wants hundreds of megabytes) are the CLI's job.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "core/lfsr/lfsr_timeline.hpp"
#include "core/base/result.hpp"

namespace shufflelab {

constexpr std::uint64_t kMaxLabStreamBytes = std::uint64_t{1} << 20;

struct LabStream {
  std::string filename;  // shufflelab-<gen>-t<t>.bin
  std::string command;   // shufflelab stream --gen ... --bytes N
  std::vector<std::uint8_t> bytes;
};

// `bytes` next_byte() outputs of the generator at step state.t (1..kMaxLabStreamBytes).
Result<LabStream> lab_stream(const LfsrLabState& state, LabTimeline& timeline, std::uint64_t bytes);

}  // namespace shufflelab
