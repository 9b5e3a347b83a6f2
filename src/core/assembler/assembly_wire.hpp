// assembly_wire.hpp: an Assembly as text and back, exactly. The assemblers
// run in the worker's core module ("assemble" job, core/asm/asm_jobs); the
// app's Assembly lab gets what they made this way (Job::payload), so the app
// itself links no assembler. One record a line, fields split by spaces:
//   shufflelab assembly 1
//   cpu z80
//   line LINE ADDRESS UNITS CYCLES EQUATE   (UNITS: hex, comma-separated;
//                                            CYCLES: base/taken; "-" for none)
//   symbol NAME VALUE                        (NAME percent-encoded)
//   error LINE COLUMN MESSAGE                (MESSAGE percent-encoded)
#pragma once
#include <string>
#include <string_view>

#include "core/assembler/assembler.hpp"
#include "core/base/result.hpp"

namespace shufflelab::assembler {

std::string encode_assembly(const Assembly& assembly);
// The assembly, or what is wrong with the text (its line named).
Result<Assembly> decode_assembly(std::string_view text);

}  // namespace shufflelab::assembler
