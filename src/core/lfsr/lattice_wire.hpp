// lattice_wire.hpp: an LCG's lattice duals (core/lfsr/lfsr_lattice) as a
// job's output and back, exactly. The "lcg_lattice" job builds them in the
// worker's core module; the app reads its result with decode_lattice_duals,
// so the app's download holds neither the shortest-vector search nor the
// sentences. The numbers (the job's result, doubles: exact for these
// integers, and the lengths as they are) are, for the lines then the planes:
//   DIMS S0 S1 S2 HYPERPLANES LENGTH
// then the edge-on camera's YAW PITCH, and the text (the job's payload) is the lines' sentence, a newline, the
// planes' sentence.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "core/base/result.hpp"
#include "core/lfsr/lfsr_lattice.hpp"

namespace shufflelab {

struct LatticeWire {
  std::vector<double> numbers;
  std::string text;
};
LatticeWire encode_lattice_duals(const LatticeDuals& duals);
// The duals, or what is wrong with the numbers or the text.
Result<LatticeDuals> decode_lattice_duals(const std::vector<double>& numbers, std::string_view text);

}  // namespace shufflelab
