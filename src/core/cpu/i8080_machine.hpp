// i8080_machine.hpp: what the Z80 and the Game Boy's SM83 inherit from the
// Intel 8080 and share here: the registers A F B C D E H L SP PC, the 3-bit
// operand encoding of their opcodes (B C D E H L (HL) A), the 2-bit pair
// encoding (BC DE HL SP) and a little-endian stack, on 64 KiB of plain RAM
// (core/cpu/ram64k). The flag layouts, ALU details, prefixes and timing
// differ and stay in z80_cpu and sm83_cpu.
#pragma once
#include <cstdint>

#include "core/cpu/ram64k.hpp"

namespace shufflelab {

struct I8080Registers {
  std::uint8_t a = 0, f = 0, b = 0, c = 0, d = 0, e = 0, h = 0, l = 0;
  std::uint16_t sp = 0, pc = 0;
  friend bool operator==(const I8080Registers&, const I8080Registers&) = default;
};

class I8080Machine : public Ram64k {
 public:
  I8080Registers regs;
  std::uint64_t instructions = 0;

  // The start of a call from outside: pushes `return_address`, jumps to `address`.
  void enter(std::uint16_t address, std::uint16_t return_address) {
    push(return_address);
    regs.pc = address;
  }

 protected:
  std::uint8_t fetch() { return memory_[regs.pc++]; }
  std::uint16_t fetch16() {
    const std::uint8_t low = fetch();
    return static_cast<std::uint16_t>(low | fetch() << 8);
  }
  void push(std::uint16_t value) {
    write(--regs.sp, static_cast<std::uint8_t>(value >> 8));
    write(--regs.sp, static_cast<std::uint8_t>(value));
  }
  std::uint16_t pop() {
    const std::uint8_t low = read(regs.sp++);
    return static_cast<std::uint16_t>(low | read(regs.sp++) << 8);
  }
  std::uint16_t hl() const { return static_cast<std::uint16_t>(regs.h << 8 | regs.l); }

  std::uint8_t reg8(int index) {  // B C D E H L (HL) A
    switch (index) {
      case 0: return regs.b;
      case 1: return regs.c;
      case 2: return regs.d;
      case 3: return regs.e;
      case 4: return regs.h;
      case 5: return regs.l;
      case 6: return read(hl());
      default: return regs.a;
    }
  }
  void set_reg8(int index, std::uint8_t value) {
    switch (index) {
      case 0: regs.b = value; break;
      case 1: regs.c = value; break;
      case 2: regs.d = value; break;
      case 3: regs.e = value; break;
      case 4: regs.h = value; break;
      case 5: regs.l = value; break;
      case 6: write(hl(), value); break;
      default: regs.a = value; break;
    }
  }
  std::uint16_t reg16(int index) const {  // BC DE HL SP
    switch (index) {
      case 0: return static_cast<std::uint16_t>(regs.b << 8 | regs.c);
      case 1: return static_cast<std::uint16_t>(regs.d << 8 | regs.e);
      case 2: return hl();
      default: return regs.sp;
    }
  }
  void set_reg16(int index, std::uint16_t value) {
    const auto high = static_cast<std::uint8_t>(value >> 8), low = static_cast<std::uint8_t>(value);
    switch (index) {
      case 0: regs.b = high; regs.c = low; break;
      case 1: regs.d = high; regs.e = low; break;
      case 2: regs.h = high; regs.l = low; break;
      default: regs.sp = value; break;
    }
  }

};

}  // namespace shufflelab
