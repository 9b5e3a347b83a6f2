// z80_cpu.hpp: a small Z80 interpreter for the Z80 listings of the assembly
// lanes (asm/z80/*.asm), so the browser can step them and count T-states.
//
// Emulated, with documented flags (S Z H P/V N C) and the undocumented bits
// 3 and 5 as the common emulators compute them (FUSE / z80ex): the unprefixed
// opcodes except HALT, DAA, EX AF,AF', EXX, EX (SP),HL, DI/EI, IN/OUT, RST
// and the DD/FD (IX/IY) prefixes; CB: all rotates/shifts, BIT b,r (registers
// only), RES and SET; ED: LDI, LDD, LDIR, LDDR. Anything else stops with an
// error naming the opcode. Not emulated: interrupts, the R and I registers,
// MEMPTR, I/O, wait states. One step() = one instruction; a repeating LDIR/
// LDDR iteration is one step (21 T-states), as on the chip and in z80ex.
// Timings are the documented T-states (Zilog Z80 CPU User Manual).
#pragma once
#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "core/cpu/i8080_machine.hpp"
#include "core/base/result.hpp"

namespace shufflelab {

namespace z80_flag {
constexpr std::uint8_t C = 0x01, N = 0x02, PV = 0x04, F3 = 0x08, H = 0x10, F5 = 0x20, Z = 0x40, S = 0x80;
}

using Z80Registers = I8080Registers;

// Length and T-states of the instruction starting with `code` (at least 4
// bytes, or all that remain). `taken` is the time when a condition holds (a
// jump, call or return is taken, DJNZ loops, LDIR/LDDR repeat); 0 when the
// instruction has one timing. Empty for opcodes the interpreter lacks.
struct Z80Timing {
  std::uint8_t length = 0;
  std::uint8_t t_states = 0;
  std::uint8_t t_states_taken = 0;
};
std::optional<Z80Timing> z80_timing(std::span<const std::uint8_t> code);

class Z80Cpu : public I8080Machine {
 public:
  std::uint64_t t_states = 0;

  // Executes one instruction; returns its T-states.
  Result<std::uint32_t> step();

 private:
  bool condition(int index) const;  // NZ Z NC C PO PE P M
  void alu(int operation, std::uint8_t value);
  std::uint8_t rotate_shift(int operation, std::uint8_t value);
  Result<std::uint32_t> step_cb();
  Result<std::uint32_t> step_ed();
  Result<std::uint32_t> unsupported(std::uint8_t prefix, std::uint8_t opcode, std::uint16_t at) const;
};

}  // namespace shufflelab
