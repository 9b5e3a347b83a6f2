// asm_reader.hpp: a reader's own routine in the Assembly lab's editor. The
// CPUs one may write for (those with an assembler and an interpreter: Z80,
// SM83, 6502, PIC16; x86-64 and wasm stay read-only), the listings' sources
// in asm/ an edit starts from (embedded at build time), the state addresses
// a reader names ("G16HI,G16LO", "$84,$85", "LFSR0+1"), and an assembly made
// into a program the stepper runs (AsmSession::start_reader).
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/asm/asm_lab.hpp"
#include "core/asm/asm_session.hpp"
#include "core/assembler/assembler.hpp"
#include "core/base/result.hpp"

namespace shufflelab {

// The editor's CPU for an instruction set, or none (x86-64, wasm).
std::optional<assembler::Cpu> reader_cpu(AsmIsa isa);
AsmIsa reader_isa(assembler::Cpu cpu);

// The text of asm/<isa>/<file>, the listing an edit of that instruction set
// starts from. Only the "asm_listing_source" job (core/asm/asm_jobs) calls it,
// so the texts are in the worker's core module, not in the app. The 6502's gets an .org $4000 first (ld65 places its segment
// there; at 0 its code would run into the zero page state it uses).
std::string listing_edit_source(assembler::Cpu cpu);

// What an edit seeded from one of our listings calls, reads and claims: the
// listing's entry, its state symbols (most significant first) and the
// generator it equals; empty state/claim where the listing is not a
// generator on a state of its own.
struct ReaderDefaults {
  std::string entry, state, against;
};
ReaderDefaults reader_defaults(const AsmAlgorithmInfo& listing);
// The C++ lane's snippet for a claim: the one of our listing that claims the
// same generator, the range reduction for a die roll ("dN-..."), the Fast
// Dice Roller for a coin-flip roller ("dN-fdr@..."), else "".
std::string_view claimed_cpp_snippet(std::string_view against);

// "G16HI,G16LO", "$84,$85", "0x84,133", "LFSR0+1": the state bytes' addresses,
// most significant first, read with the assembly's symbols. An unknown name or
// an address outside the CPU's data memory is refused, naming it.
Result<std::vector<std::uint32_t>> parse_state_addresses(std::string_view text, const assembler::Assembly& assembly);

// The program the stepper runs: every line that emits becomes a row (labels,
// instruction text, comment, cycles), one routine over them all; `entry`
// must be a label on an instruction ("": the first such label). `claimed_snippet`: the C++ lane's snippet.
Result<std::shared_ptr<const AsmReaderRoutine>> make_reader_routine(const assembler::Assembly& assembly,
                                                                    std::string_view source, std::string_view entry,
                                                                    std::vector<std::uint32_t> state,
                                                                    std::string_view claimed_snippet);

// The editor's fields assembled and made into that program, as the editor's
// last good routine was (the worker's "asm_run" job, which the stepper asks).
Result<std::shared_ptr<const AsmReaderRoutine>> reader_routine_from_edit(const AsmEditState& edit);

}  // namespace shufflelab
