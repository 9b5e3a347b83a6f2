// z80_family.hpp: internal to the assembler. What the Z80 and the SM83 (Game
// Boy) encoders share: their operands look alike (registers, (hl), (nn),
// conditions, immediates), and so do their register, ALU and CB-page codes
// and the steps of encoding a line (encode).
#pragma once
#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/assembler/instruction_set.hpp"

namespace shufflelab::assembler::z80_family {

struct Operand {
  enum class Kind : std::uint8_t {
    reg,        // a b c d e h l i r af af' bc de hl sp ix iy (name)
    indirect,   // (bc) (de) (hl) (sp) (c), SM83 (hl+) (hl-) (name, "hl+" / "hl-" / "c")
    indexed,    // (ix+d) (iy-d) (ix): name "ix"/"iy", expr = the displacement ("" for 0)
    memory,     // (nn): expr = nn
    immediate,  // nn (a leading '#' removed): expr = nn
    sp_offset,  // SM83 sp+e and sdasgb's e(sp): expr = e ("" for 0)
  };
  Kind kind = Kind::immediate;
  std::string name;       // lower case
  std::string_view text;  // the whole operand, a slice of the line
  std::string_view expr;  // a slice of the line
};

// The operands of `operands` split at top-level commas and classified;
// empty text gives no operands. `sm83` adds the Game Boy forms.
std::vector<Operand> parse_operands(std::string_view operands, bool sm83);

inline bool is_reg(const Operand& operand, std::string_view name) {
  return operand.kind == Operand::Kind::reg && operand.name == name;
}
inline bool is_indirect(const Operand& operand, std::string_view name) {
  return operand.kind == Operand::Kind::indirect && operand.name == name;
}
inline bool is_value(const Operand& operand) { return operand.kind == Operand::Kind::immediate; }

// 0..7 for b c d e h l (hl) a; -1 otherwise (ix/iy forms are the caller's).
int reg8_code(const Operand& operand);
// 0..7 for nz z nc c po pe p m; -1 otherwise.
int condition_code(const Operand& operand);
// 0..7 for add adc sub sbc and xor or cp; -1 otherwise.
int alu_code(std::string_view mnemonic);
// 0..7 for rlc rrc rl rr sla sra (SM83: swap) srl; -1 otherwise.
int rotate_code(std::string_view mnemonic, bool sm83);

// Evaluates an operand's expression (empty text: 0). A value outside
// [low, high] is an error naming `what` (in the final pass, when values are
// known). nullopt after an error; 0 while the value is not known yet.
std::optional<std::int64_t> value_in(LineContext& line, std::string_view text, std::string_view where, std::int64_t low,
                                     std::int64_t high, std::string_view what);
// The offset of a relative jump to `target` from an instruction of `length`
// bytes at the line's address, checked to -128..127.
std::optional<std::uint8_t> relative_offset(LineContext& line, const Operand& target, int length);

// Builds one instruction's bytes; an operand error leaves it failed.
class Emitter {
 public:
  explicit Emitter(LineContext& line) : line_(line) {}
  Emitter& bytes(std::initializer_list<int> values);
  // The low byte of an expression in [low, high].
  Emitter& byte(std::string_view expr, std::string_view where, std::int64_t low, std::int64_t high,
                std::string_view what);
  Emitter& word(std::string_view expr, std::string_view where);  // little-endian, -32768..65535
  Emitter& relative(const Operand& target);                      // the offset byte, last byte of the instruction
  Emitter& fail();                                               // after an operand's error was reported
  std::optional<Encoding> done(std::uint32_t cycles, std::uint32_t taken = 0);

 private:
  LineContext& line_;
  std::vector<std::uint16_t> units_;
  bool ok_ = true;
};

// rst n: one operand, a multiple of 8 up to 0x38 (`targets` lists them in the CPU's spelling).
std::optional<Encoding> encode_rst(const std::vector<Operand>& operands, LineContext& line, std::uint32_t cycles,
                                   std::string_view targets);

// A mnemonic that takes operands, and the forms it has (for error messages).
struct OperandForms {
  std::string_view mnemonic;
  std::string_view forms;
};

// The forms of `mnemonic` in `table`; empty when it is not there.
std::string_view forms_of(std::span<const OperandForms> table, std::string_view mnemonic);

// An instruction without operands: one byte, or two (a Z80 ED-page opcode
// after its prefix, the SM83's stop 0x10 0x00).
struct SimpleInstruction {
  std::string_view mnemonic;
  int first;
  int second;  // -1 for a one-byte instruction
  std::uint8_t cycles;
  std::uint8_t cycles_taken;  // when a block instruction repeats; else 0
};

// What tells the Z80 from the SM83 where their encoders share the steps.
struct Z80FamilyCpu {
  bool sm83;  // parse the Game Boy's operand forms
  std::span<const SimpleInstruction> simple;
  std::span<const OperandForms> with_operands;
  std::string_view memory_forms;  // the register operands in parentheses it takes, for errors
  // Encodes an instruction with operands; nullopt for a form it does not have.
  std::optional<Encoding> (*encode_operands)(std::string_view mnemonic, const std::vector<Operand>& operands,
                                             LineContext& line);
};

bool is_mnemonic(const Z80FamilyCpu& cpu, std::string_view lower_mnemonic);

// One instruction of `cpu`: its operands parsed, a simple instruction looked
// up, else `encode_operands`; a form the CPU lacks is reported with the forms
// the mnemonic has.
std::optional<Encoding> encode(const Z80FamilyCpu& cpu, std::string_view mnemonic, std::string_view operands,
                               LineContext& line);

}  // namespace shufflelab::assembler::z80_family
