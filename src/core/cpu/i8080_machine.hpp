// i8080_machine.hpp: what the Z80 and the Game Boy's SM83 inherit from the
// Intel 8080 and share here: the registers A F B C D E H L SP PC, the 3-bit
// operand encoding of their opcodes (B C D E H L (HL) A), the 2-bit pair
// encoding (BC DE HL SP), a little-endian stack, and 64 KiB of plain RAM
// with optional tracking of the data bytes a routine touches. The flag
// layouts, ALU details, prefixes and timing differ and stay in z80_cpu and
// sm83_cpu.
#pragma once
#include <cstdint>
#include <span>
#include <vector>

namespace shufflelab {

struct I8080Registers {
  std::uint8_t a = 0, f = 0, b = 0, c = 0, d = 0, e = 0, h = 0, l = 0;
  std::uint16_t sp = 0, pc = 0;
  friend bool operator==(const I8080Registers&, const I8080Registers&) = default;
};

class I8080Machine {
 public:
  I8080Machine() : memory_(65536, 0) {}

  I8080Registers regs;
  std::uint64_t instructions = 0;

  std::uint8_t peek(std::uint16_t address) const { return memory_[address]; }
  void poke(std::uint16_t address, std::uint8_t value) { memory_[address] = value; }
  void load(std::uint16_t address, std::span<const std::uint8_t> bytes) {
    for (const std::uint8_t b : bytes) memory_[address++] = b;
  }

  // Marks every data byte read or written (not instruction fetches) in
  // touched(), to measure the RAM a routine uses.
  void track_data(bool on) {
    tracking_ = on;
    if (on && touched_.empty()) touched_.assign(65536, false);
  }
  const std::vector<bool>& touched() const { return touched_; }

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
  std::uint8_t read(std::uint16_t address) {
    if (tracking_) touched_[address] = true;
    return memory_[address];
  }
  void write(std::uint16_t address, std::uint8_t value) {
    if (tracking_) touched_[address] = true;
    memory_[address] = value;
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

  std::vector<std::uint8_t> memory_;

 private:
  bool tracking_ = false;
  std::vector<bool> touched_;
};

}  // namespace shufflelab
