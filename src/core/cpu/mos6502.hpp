// mos6502.hpp: an interpreter of the NMOS 6502 (NES, C64, Apple II, Atari,
// BBC Micro) for the 6502 listing of the assembly lanes (asm/6502/*.s).
//
// Emulated: the 151 documented opcodes in all their addressing modes, with
// the flags N V D I Z C as the MOS programming manual gives them; decimal-mode
// ADC and SBC as documented for the NMOS part (Bruce Clark's "Decimal Mode"
// tutorial, appendix A: the accumulator and C are BCD results, Z comes from
// the binary sum, N and V from the intermediate sum of ADC; SBC's flags are
// the binary ones); JMP (ind)'s wrap inside the page of its pointer. Bits 4
// (B) and 5 of P always read as 1, as in a pushed P. Time: documented cycles,
// +1 when an indexed read (abs,X abs,Y (zp),Y) crosses a page, +1 for a taken
// branch and +1 more when it lands on another page. Not emulated: the
// undocumented opcodes (they stop with an error naming the opcode),
// interrupts and the bus's dummy accesses; memory is 64 KiB of plain RAM.
// Checked against cc65's sim65 (tests/oracle/mos6502_*).
#pragma once
#include <cstdint>
#include <optional>
#include <string_view>

#include "core/base/result.hpp"
#include "core/cpu/ram64k.hpp"

namespace shufflelab {

namespace mos6502_flag {
constexpr std::uint8_t C = 0x01, Z = 0x02, I = 0x04, D = 0x08, B = 0x10, U = 0x20, V = 0x40, N = 0x80;
}

struct Mos6502Registers {
  std::uint8_t a = 0, x = 0, y = 0;
  std::uint8_t p = mos6502_flag::B | mos6502_flag::U;
  std::uint8_t s = 0xff;
  std::uint16_t pc = 0;
  friend bool operator==(const Mos6502Registers&, const Mos6502Registers&) = default;
};

// Length and cycles of an opcode: `cycles` without penalties; `page_penalty`:
// +1 when the indexed address crosses a page; branches take +1 when taken and
// +1 more on a page cross. Empty for undocumented opcodes.
struct Mos6502Timing {
  std::uint8_t length = 0;
  std::uint8_t cycles = 0;
  bool page_penalty = false;
  bool branch = false;
};
std::optional<Mos6502Timing> mos6502_timing(std::uint8_t opcode);
// Lower-case mnemonic ("lda"), or "" for an undocumented opcode.
std::string_view mos6502_mnemonic(std::uint8_t opcode);

// Memory (core/cpu/ram64k): touched() includes the stack page's bytes.
class Mos6502Cpu : public Ram64k {
 public:
  Mos6502Registers regs;
  std::uint64_t cycles = 0;
  std::uint64_t instructions = 0;

  // The start of a call from outside, as JSR does it: pushes
  // `return_address` - 1 (RTS adds 1) and jumps to `address`.
  void enter(std::uint16_t address, std::uint16_t return_address);

  // Executes one instruction; returns its cycles.
  Result<std::uint32_t> step();

 private:
  void push(std::uint8_t value) { write(static_cast<std::uint16_t>(0x100 | regs.s--), value); }
  std::uint8_t pull() { return read(static_cast<std::uint16_t>(0x100 | ++regs.s)); }
  void set_nz(std::uint8_t value);
  void set_flag(std::uint8_t flag, bool on);
  void adc(std::uint8_t value);
  void sbc(std::uint8_t value);
  void compare(std::uint8_t reg, std::uint8_t value);
};

}  // namespace shufflelab
