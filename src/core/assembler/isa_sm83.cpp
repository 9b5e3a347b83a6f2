// isa_sm83.cpp: placeholder until the sm83 encoder lands (helper asmz80 replaces
// this file): no mnemonic is known, so every instruction line is reported as
// unknown while labels, equates and data directives already assemble.
#include "core/assembler/instruction_set.hpp"

namespace shufflelab::assembler {

const InstructionSet& sm83_instruction_set() {
  static const InstructionSet set{Cpu::sm83, [](std::string_view) { return false; },
                                  [](std::string_view, std::string_view, LineContext&) -> std::optional<Encoding> {
                                    return std::nullopt;
                                  }};
  return set;
}

}  // namespace shufflelab::assembler
