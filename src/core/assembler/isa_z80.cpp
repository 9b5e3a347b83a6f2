// isa_z80.cpp: placeholder until the z80 encoder lands (helper asmz80 replaces
// this file): no mnemonic is known, so every instruction line is reported as
// unknown while labels, equates and data directives already assemble.
#include "core/assembler/instruction_set.hpp"

namespace shufflelab::assembler {

const InstructionSet& z80_instruction_set() {
  static const InstructionSet set{Cpu::z80, [](std::string_view) { return false; },
                                  [](std::string_view, std::string_view, LineContext&) -> std::optional<Encoding> {
                                    return std::nullopt;
                                  }};
  return set;
}

}  // namespace shufflelab::assembler
