// asm_lab.hpp: the assembly lab's state (what a link carries): which listing
// runs, its inputs, and the instruction step shown. Any step t is rebuilt by
// re-running the session t instructions from its start (listings are short).
#pragma once
#include <cstdint>
#include <string>

#include "core/asm/asm_session.hpp"
#include "core/base/url_fields.hpp"

namespace shufflelab {

struct AsmLabState {
  std::string algorithm = "z80-lfsr";
  AsmInputs inputs{0x0102030405060708ull, 0x95, 20, 4};
  std::uint64_t t = 0;  // instructions executed
  bool operator==(const AsmLabState& o) const {
    return algorithm == o.algorithm && inputs.seed == o.inputs.seed && inputs.x == o.inputs.x &&
           inputs.n == o.inputs.n && inputs.calls == o.inputs.calls && t == o.t;
  }
};

constexpr std::uint64_t kMaxAsmStep = 2'000'000;

// Another listing's inputs: as they are when its register takes them, else
// with seed 1, which every listing's register takes (the 64-bit default seed
// is too wide for the 16- and 32-bit ones). Used by a link naming a listing
// without a seed and by the listing picker, so both reach the same state.
void fit_seed_to(AsmAlgorithm algorithm, AsmInputs& inputs);

void decode_asm_lab(FieldReader& fields, AsmLabState& state);
void encode_asm_lab(const AsmLabState& state, FieldWriter& out);
// The lab's name in links ("lab=asm"), and a link to the lab in this state.
constexpr std::string_view kAsmLabName = "asm";
std::string asm_lab_link(const AsmLabState& state);

}  // namespace shufflelab
