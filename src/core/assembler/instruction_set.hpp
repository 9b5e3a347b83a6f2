// instruction_set.hpp: internal to the assembler. The shared part
// (assembler.cpp) splits lines into label, mnemonic or directive and operand
// text, evaluates expressions, keeps symbols and runs the two passes; each
// CPU's file (isa_z80.cpp, isa_sm83.cpp, isa_6502.cpp, isa_pic16.cpp) parses
// its own operand syntax and encodes one instruction.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/assembler/assembler.hpp"

namespace shufflelab::assembler {

struct Value {
  std::int64_t value = 0;
  bool known = true;  // false in the first pass for a symbol defined further down
  // Involves a code label's address or a symbol defined further down (in
  // both passes): ca65 gives such an operand 16 bits even when it is below
  // $100, and a low/high byte operator makes it 8 bits again.
  bool wide = false;
};

// Operand helpers shared by the instruction sets: blanks trimmed; the
// operand text split at its top-level commas (not inside parentheses or
// quotes), each part trimmed (one empty part for empty text: none).
std::string_view trim(std::string_view text);
std::vector<std::string_view> split_operands(std::string_view text);
// Lower-case copy (mnemonics, registers and directives are case-blind).
std::string lower(std::string_view text);

// What the shared part offers an instruction set while it encodes one line.
class LineContext {
 public:
  virtual ~LineContext() = default;
  // Evaluates `text`, a slice of the line's operand text; on a syntax error
  // or an undefined symbol (final pass) reports it and returns nullopt.
  virtual std::optional<Value> evaluate(std::string_view text) = 0;
  // Reports an error at the start of `where`, a slice of the line.
  virtual void error(std::string_view where, std::string message) = 0;
  virtual std::uint32_t address() const = 0;  // of this instruction, in code units
  virtual bool final_pass() const = 0;
};

struct Encoding {
  std::vector<std::uint16_t> units;
  Cycles cycles;
};

struct InstructionSet {
  Cpu cpu;
  // Lower-case mnemonic known to this CPU (tells a label without a colon from an instruction).
  bool (*is_mnemonic)(std::string_view lower);
  // Encodes one instruction; nullopt after reporting errors through `line`.
  // Must give the same size in both passes (an unknown value takes the
  // longest form, as the Debian assemblers do for forward references).
  std::optional<Encoding> (*encode)(std::string_view lower_mnemonic, std::string_view operands,
                                    LineContext& line);
};

const InstructionSet& z80_instruction_set();
const InstructionSet& sm83_instruction_set();
const InstructionSet& mos6502_instruction_set();
const InstructionSet& pic16_instruction_set();

}  // namespace shufflelab::assembler
