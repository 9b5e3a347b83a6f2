// sm83_cpu.hpp: a small interpreter of the Game Boy CPU (Sharp SM83) for the
// SM83 listing of the assembly lanes (asm/sm83/seed000.asm).
//
// Emulated (flags Z N H C as the Game Boy CPU manual and the Pan Docs opcode
// tables give them): LD r,r' / r,n / rr,nn / (HL+/-) / (BC),(DE) / (nn),A
// and A,(nn) / LDH; the 8-bit ALU (ADD ADC SUB SBC AND XOR OR CP, registers
// and immediates); INC/DEC r and rr; ADD HL,rr; RLCA RRCA RLA RRA CPL SCF
// CCF; JR, JP, CALL, RET (plain and conditional), JP (HL), PUSH/POP, LD SP,HL;
// the CB page (rotates, shifts, SWAP, BIT, RES, SET). Not emulated: HALT,
// STOP, DI/EI/RETI, DAA, RST, ADD SP,e, LD HL,SP+e, LD (nn),SP, interrupts,
// memory-mapped hardware and the OAM/timer side effects; memory is 64 KiB of
// plain RAM. Time is counted in M-cycles (1 M-cycle = 4 clock ticks).
// There is no SM83 emulator among the project's packages: the tests check
// this one against the C++ core's results and hand-derived flag cases.
#pragma once
#include <cstdint>
#include <optional>
#include <span>

#include "core/cpu/i8080_machine.hpp"
#include "core/base/result.hpp"

namespace shufflelab {

namespace sm83_flag {
constexpr std::uint8_t C = 0x10, H = 0x20, N = 0x40, Z = 0x80;
}

using Sm83Registers = I8080Registers;

// Length and M-cycles of the instruction starting with `code`; m_cycles_taken
// is the time when a condition holds (0: one timing). Empty if not emulated.
struct Sm83Timing {
  std::uint8_t length = 0;
  std::uint8_t m_cycles = 0;
  std::uint8_t m_cycles_taken = 0;
};
std::optional<Sm83Timing> sm83_timing(std::span<const std::uint8_t> code);

class Sm83Cpu : public I8080Machine {
 public:
  std::uint64_t m_cycles = 0;

  // Executes one instruction; returns its M-cycles.
  Result<std::uint32_t> step();

 private:
  bool condition(int index) const;  // NZ Z NC C
  void alu(int operation, std::uint8_t value);
  std::uint8_t cb_rotate(int operation, std::uint8_t value);
};

}  // namespace shufflelab
