#include "core/lfsr/lab_stream.hpp"

namespace shufflelab {

Result<LabStream> lab_stream(const LfsrLabState& state, LabTimeline& timeline, std::uint64_t bytes) {
  if (bytes < 1 || bytes > kMaxLabStreamBytes)
    return Result<LabStream>::fail("bytes: must be 1.." + std::to_string(kMaxLabStreamBytes) +
                                      " in the browser (use `shufflelab stream` for more)");
  if (!timeline.same_config(state)) return Result<LabStream>::fail("stream: the timeline belongs to another generator");
  ByteGenerator generator(timeline.at(state.t));
  LabStream out;
  out.command = "shufflelab stream --gen " + std::string(generator.name());
  for (const auto& [key, value] : generator.params()) out.command += " --" + key + " " + value;
  out.command += " --bytes " + std::to_string(bytes);
  out.filename = "shufflelab-" + std::string(generator.name()) + "-t" + std::to_string(state.t) + ".bin";
  out.bytes.resize(static_cast<std::size_t>(bytes));
  generator.fill(out.bytes.data(), out.bytes.size());
  return Result<LabStream>::ok(std::move(out));
}

}  // namespace shufflelab
