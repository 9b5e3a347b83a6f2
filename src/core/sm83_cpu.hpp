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
#include <vector>

#include "core/result.hpp"

namespace shufflelab {

namespace sm83_flag {
constexpr std::uint8_t C = 0x10, H = 0x20, N = 0x40, Z = 0x80;
}

struct Sm83Registers {
  std::uint8_t a = 0, f = 0, b = 0, c = 0, d = 0, e = 0, h = 0, l = 0;
  std::uint16_t sp = 0, pc = 0;
  friend bool operator==(const Sm83Registers&, const Sm83Registers&) = default;
};

// Length and M-cycles of the instruction starting with `code`; m_cycles_taken
// is the time when a condition holds (0: one timing). Empty if not emulated.
struct Sm83Timing {
  std::uint8_t length = 0;
  std::uint8_t m_cycles = 0;
  std::uint8_t m_cycles_taken = 0;
};
std::optional<Sm83Timing> sm83_timing(std::span<const std::uint8_t> code);

class Sm83Cpu {
 public:
  Sm83Cpu() : memory_(65536, 0) {}

  Sm83Registers regs;
  std::uint64_t m_cycles = 0;
  std::uint64_t instructions = 0;

  std::uint8_t peek(std::uint16_t address) const { return memory_[address]; }
  void poke(std::uint16_t address, std::uint8_t value) { memory_[address] = value; }
  void load(std::uint16_t address, std::span<const std::uint8_t> bytes);

  // Marks data bytes read or written (not instruction fetches).
  void track_data(bool on) {
    tracking_ = on;
    if (on && touched_.empty()) touched_.assign(65536, false);
  }
  const std::vector<bool>& touched() const { return touched_; }

  // Executes one instruction; returns its M-cycles.
  Result<std::uint32_t> step();
  // The start of a call from outside: pushes `return_address`, jumps to `address`.
  void enter(std::uint16_t address, std::uint16_t return_address) {
    push(return_address);
    regs.pc = address;
  }

 private:
  std::uint8_t fetch() { return memory_[regs.pc++]; }
  std::uint16_t fetch16();
  std::uint8_t read(std::uint16_t address);
  void write(std::uint16_t address, std::uint8_t value);
  void push(std::uint16_t value);
  std::uint16_t pop();
  std::uint8_t reg8(int index);  // B C D E H L (HL) A
  void set_reg8(int index, std::uint8_t value);
  std::uint16_t reg16(int index) const;  // BC DE HL SP
  void set_reg16(int index, std::uint16_t value);
  bool condition(int index) const;  // NZ Z NC C
  void alu(int operation, std::uint8_t value);
  std::uint8_t cb_rotate(int operation, std::uint8_t value);

  std::vector<std::uint8_t> memory_;
  bool tracking_ = false;
  std::vector<bool> touched_;
};

}  // namespace shufflelab
