// asm_lab.hpp: the assembly lab's state (what a link carries): which listing
// runs, its inputs, and the instruction step shown. Any step t is rebuilt by
// re-running the session t instructions from its start (listings are short).
// With the editor open (edit=1) it is the reader's routine instead: its CPU,
// its source (src=, percent-encoded), the label called, the state bytes and
// what it claims to be; seed= and calls= then feed the stepper's run.
#pragma once
#include <cstdint>
#include <string>

#include "core/asm/asm_session.hpp"
#include "core/base/url_fields.hpp"

namespace shufflelab {

struct AsmEditState {
  bool on = false;           // edit=1: the reader's routine, else our listings
  std::string cpu = "6502";  // cpu=: z80, sm83, 6502, pic16
  std::string source;        // src=
  std::string entry;         // entry=: the label each call starts at
  std::string state;         // state=: the state bytes' addresses, most significant first
  std::string against;       // against=: the generator or die roll it claims to be ("" none)
  bool operator==(const AsmEditState&) const = default;
};

// The longest source a link carries (percent-encoded, its src= value); a
// longer one is saved as a file and opened from it. (A whole link is at most
// 2048 characters: the rest is left for the other fields and a short note.)
constexpr std::size_t kMaxLinkSourceChars = 1500;
// A source longer than this, percent-encoded, is written packed (srcz=, core/base/packed_text) when that is shorter.
constexpr std::size_t kPackSourceAbove = 200;

struct AsmLabState {
  std::string algorithm = "z80-lfsr";
  AsmInputs inputs{0x0102030405060708ull, 0x95, 20, 4};
  std::uint64_t t = 0;  // instructions executed
  AsmEditState edit;
  bool operator==(const AsmLabState& o) const {
    return algorithm == o.algorithm && inputs.seed == o.inputs.seed && inputs.x == o.inputs.x &&
           inputs.n == o.inputs.n && inputs.calls == o.inputs.calls && t == o.t && edit == o.edit;
  }
};

constexpr std::uint64_t kMaxAsmStep = 2'000'000;

// Another listing's inputs: as they are when its register takes them, else
// with seed 1, which every listing's register takes (the 64-bit default seed
// is too wide for the 16- and 32-bit ones). Used by a link naming a listing
// without a seed and by the listing picker, so both reach the same state.
void fit_seed_to(AsmAlgorithm algorithm, AsmInputs& inputs);

void decode_asm_lab(FieldReader& fields, AsmLabState& state);
// The editor's fields alone (the session's cpu=, entry=, state=, against= commands).
void decode_asm_edit(FieldReader& fields, AsmEditState& edit);
// Whether a link can carry the source (its src= at most kMaxLinkSourceChars).
bool source_fits_link(std::string_view source);
void encode_asm_lab(const AsmLabState& state, FieldWriter& out);
// The lab's name in links ("lab=asm"), and a link to the lab in this state.
constexpr std::string_view kAsmLabName = "asm";
std::string asm_lab_link(const AsmLabState& state);

}  // namespace shufflelab
