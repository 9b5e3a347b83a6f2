#include "core/cpu/z80_cpu.hpp"

#include <array>
#include <bit>

#include "core/base/parse.hpp"

namespace shufflelab {

namespace {

using namespace z80_flag;

constexpr std::uint8_t sz53(std::uint8_t v) { return static_cast<std::uint8_t>((v & (S | F3 | F5)) | (v == 0 ? Z : 0)); }
constexpr std::uint8_t parity(std::uint8_t v) { return (std::popcount(v) & 1) == 0 ? PV : 0; }
constexpr std::uint8_t sz53p(std::uint8_t v) { return static_cast<std::uint8_t>(sz53(v) | parity(v)); }
template <class T>
constexpr std::uint8_t u8(T v) { return static_cast<std::uint8_t>(v); }
template <class T>
constexpr std::uint16_t u16(T v) { return static_cast<std::uint16_t>(v); }

// Unprefixed opcodes this interpreter does not run.
constexpr bool unprefixed_missing(std::uint8_t op) {
  return op == 0x08 || op == 0x27 || op == 0x76 || op == 0xd3 || op == 0xd9 || op == 0xdb || op == 0xdd ||
         op == 0xe3 || op == 0xf3 || op == 0xfb || op == 0xfd || (op & 0xc7) == 0xc7;
}

}  // namespace

std::optional<Z80Timing> z80_timing(std::span<const std::uint8_t> code) {
  if (code.empty()) return std::nullopt;
  const std::uint8_t op = code[0];
  if (op == 0xcb) {
    if (code.size() < 2) return std::nullopt;
    const std::uint8_t sub = code[1];
    const bool memory = (sub & 7) == 6;
    if (memory && (sub & 0xc0) == 0x40) return std::nullopt;  // BIT b,(HL): needs MEMPTR for flags 3/5
    return Z80Timing{2, u8(memory ? 15 : 8), 0};
  }
  if (op == 0xed) {
    if (code.size() < 2) return std::nullopt;
    switch (code[1]) {
      case 0xa0: case 0xa8: return Z80Timing{2, 16, 0};   // LDI, LDD
      case 0xb0: case 0xb8: return Z80Timing{2, 16, 21};  // LDIR, LDDR: 21 while repeating
      default: return std::nullopt;
    }
  }
  if (unprefixed_missing(op)) return std::nullopt;
  const int x = op >> 6, y = (op >> 3) & 7, z = op & 7;
  if (x == 1) return Z80Timing{1, u8(y == 6 || z == 6 ? 7 : 4), 0};  // LD r,r'
  if (x == 2) return Z80Timing{1, u8(z == 6 ? 7 : 4), 0};            // ALU A,r
  if (x == 0) {
    switch (z) {
      case 0:
        if (y == 0) return Z80Timing{1, 4, 0};          // NOP
        if (y == 2) return Z80Timing{2, 8, 13};         // DJNZ
        if (y == 3) return Z80Timing{2, 12, 0};         // JR
        return Z80Timing{2, 7, 12};                     // JR cc
      case 1: return (y & 1) ? Z80Timing{1, 11, 0} : Z80Timing{3, 10, 0};  // ADD HL,rr / LD rr,nn
      case 2:
        switch (y) {
          case 0: case 1: case 2: case 3: return Z80Timing{1, 7, 0};  // LD (BC)/(DE),A and back
          case 4: case 5: return Z80Timing{3, 16, 0};                 // LD (nn),HL / LD HL,(nn)
          default: return Z80Timing{3, 13, 0};                        // LD (nn),A / LD A,(nn)
        }
      case 3: return Z80Timing{1, 6, 0};                // INC rr / DEC rr
      case 4: case 5: return Z80Timing{1, u8(y == 6 ? 11 : 4), 0};  // INC r / DEC r
      case 6: return Z80Timing{2, u8(y == 6 ? 10 : 7), 0};          // LD r,n
      default: return Z80Timing{1, 4, 0};               // RLCA RRCA RLA RRA CPL SCF CCF
    }
  }
  switch (z) {  // x == 3
    case 0: return Z80Timing{1, 5, 11};                 // RET cc
    case 1:
      if (y == 1) return Z80Timing{1, 10, 0};           // RET
      if (y == 5) return Z80Timing{1, 4, 0};            // JP (HL)
      if (y == 7) return Z80Timing{1, 6, 0};            // LD SP,HL
      return Z80Timing{1, 10, 0};                       // POP
    case 2: return Z80Timing{3, 10, 0};                 // JP cc (10 either way)
    case 3:
      if (y == 0) return Z80Timing{3, 10, 0};           // JP nn
      return Z80Timing{1, 4, 0};                        // EX DE,HL (the rest is excluded above)
    case 4: return Z80Timing{3, 10, 17};                // CALL cc
    case 5: return y == 1 ? Z80Timing{3, 17, 0} : Z80Timing{1, 11, 0};  // CALL nn / PUSH
    default: return Z80Timing{2, 7, 0};                 // ALU A,n
  }
}

bool Z80Cpu::condition(int index) const {
  static constexpr std::array<std::uint8_t, 4> kFlag{Z, C, PV, S};
  const bool set = (regs.f & kFlag[static_cast<std::size_t>(index >> 1)]) != 0;
  return (index & 1) ? set : !set;
}

// ADD ADC SUB SBC AND XOR OR CP on A.
void Z80Cpu::alu(int operation, std::uint8_t value) {
  const unsigned a = regs.a, v = value;
  const unsigned carry_in = (operation == 1 || operation == 3) ? (regs.f & C) : 0;
  switch (operation) {
    case 0: case 1: {  // ADD, ADC
      const unsigned r = a + v + carry_in;
      const auto result = u8(r);
      regs.f = u8(sz53(result) | ((a ^ v ^ r) & H) | ((~(a ^ v) & (a ^ r) & 0x80) ? PV : 0) | (r > 0xff ? C : 0));
      regs.a = result;
      return;
    }
    case 2: case 3: case 7: {  // SUB, SBC, CP
      const unsigned r = a - v - carry_in;
      const auto result = u8(r);
      const std::uint8_t undocumented = operation == 7 ? u8(v & (F3 | F5)) : u8(result & (F3 | F5));
      regs.f = u8((result & S) | (result == 0 ? Z : 0) | undocumented | ((a ^ v ^ r) & H) |
                  (((a ^ v) & (a ^ r) & 0x80) ? PV : 0) | N | (r > 0xff ? C : 0));
      if (operation != 7) regs.a = result;
      return;
    }
    case 4: regs.a = u8(a & v); regs.f = u8(sz53p(regs.a) | H); return;
    case 5: regs.a = u8(a ^ v); regs.f = sz53p(regs.a); return;
    default: regs.a = u8(a | v); regs.f = sz53p(regs.a); return;
  }
}

// RLC RRC RL RR SLA SRA SLL SRL: returns the result and sets the flags.
std::uint8_t Z80Cpu::rotate_shift(int operation, std::uint8_t value) {
  const unsigned v = value;
  unsigned r = 0, carry = 0;
  switch (operation) {
    case 0: r = (v << 1) | (v >> 7); carry = v >> 7; break;
    case 1: r = (v >> 1) | (v << 7); carry = v & 1; break;
    case 2: r = (v << 1) | (regs.f & C); carry = v >> 7; break;
    case 3: r = (v >> 1) | (regs.f & C ? 0x80u : 0u); carry = v & 1; break;
    case 4: r = v << 1; carry = v >> 7; break;
    case 5: r = (v & 0x80) | (v >> 1); carry = v & 1; break;
    case 6: r = (v << 1) | 1; carry = v >> 7; break;
    default: r = v >> 1; carry = v & 1; break;
  }
  const auto result = u8(r);
  regs.f = u8(sz53p(result) | carry);
  return result;
}

Result<std::uint32_t> Z80Cpu::unsupported(std::uint8_t prefix, std::uint8_t opcode, std::uint16_t at) const {
  std::string name = prefix ? format_hex_upper(prefix, 2) + " " : "";
  return Result<std::uint32_t>::fail("z80: opcode " + name + format_hex_upper(opcode, 2) + " at " +
                                     format_hex_upper(at, 4) + " is not emulated");
}

Result<std::uint32_t> Z80Cpu::step() {
  const std::uint16_t at = regs.pc;
  const std::array<std::uint8_t, 4> code{memory_[at], memory_[u16(at + 1)], memory_[u16(at + 2)], memory_[u16(at + 3)]};
  const auto timing = z80_timing(code);
  if (!timing) return code[0] == 0xcb || code[0] == 0xed ? unsupported(code[0], code[1], at) : unsupported(0, code[0], at);
  const std::uint8_t op = fetch();
  bool taken = false;
  const int x = op >> 6, y = (op >> 3) & 7, z = op & 7, p = y >> 1;
  auto jump_relative = [&](bool condition) {
    const auto offset = static_cast<std::int8_t>(fetch());
    if (condition) regs.pc = u16(regs.pc + offset);
    taken = condition;
  };
  if (op == 0xcb) {
    const std::uint8_t sub = fetch();
    const int kind = sub >> 6, bit = (sub >> 3) & 7, r = sub & 7;
    const std::uint8_t value = reg8(r);
    if (kind == 0) {
      set_reg8(r, rotate_shift(bit, value));
    } else if (kind == 1) {  // BIT b,r (registers only: see z80_timing)
      std::uint8_t f = u8((regs.f & C) | H | (value & (F3 | F5)));
      if (!(value & (1u << bit))) f |= PV | Z;
      if (bit == 7 && (value & 0x80)) f |= S;
      regs.f = f;
    } else {
      set_reg8(r, kind == 2 ? u8(value & ~(1u << bit)) : u8(value | (1u << bit)));
    }
  } else if (op == 0xed) {  // LDI LDD LDIR LDDR
    const std::uint8_t sub = fetch();
    const bool down = (sub & 0x08) != 0, repeat = (sub & 0x10) != 0;
    const std::uint8_t byte = read(reg16(2));
    write(reg16(1), byte);
    const int delta = down ? -1 : 1;
    set_reg16(1, u16(reg16(1) + delta));
    set_reg16(2, u16(reg16(2) + delta));
    set_reg16(0, u16(reg16(0) - 1));
    const auto n = u8(byte + regs.a);
    regs.f = u8((regs.f & (C | Z | S)) | (reg16(0) != 0 ? PV : 0) | (n & F3) | ((n & 0x02) ? F5 : 0));
    if (repeat && reg16(0) != 0) {
      regs.pc = u16(regs.pc - 2);
      taken = true;
    }
  } else if (x == 1) {
    set_reg8(y, reg8(z));
  } else if (x == 2) {
    alu(y, reg8(z));
  } else if (x == 0) {
    switch (z) {
      case 0:
        if (y == 2) {
          regs.b = u8(regs.b - 1);
          jump_relative(regs.b != 0);
        } else if (y == 3) {
          jump_relative(true);
        } else if (y >= 4) {
          jump_relative(condition(y - 4));
        }
        break;
      case 1:
        if (y & 1) {
          const unsigned hl = reg16(2), rr = reg16(p), sum = hl + rr;
          regs.f = u8((regs.f & (S | Z | PV)) | ((sum >> 8) & (F3 | F5)) | (((hl ^ rr ^ sum) >> 8) & H) |
                      (sum > 0xffff ? C : 0));
          set_reg16(2, u16(sum));
        } else {
          set_reg16(p, fetch16());
        }
        break;
      case 2:
        switch (y) {
          case 0: write(reg16(0), regs.a); break;
          case 1: regs.a = read(reg16(0)); break;
          case 2: write(reg16(1), regs.a); break;
          case 3: regs.a = read(reg16(1)); break;
          case 4: { const std::uint16_t nn = fetch16(); write(nn, regs.l); write(u16(nn + 1), regs.h); break; }
          case 5: { const std::uint16_t nn = fetch16(); regs.l = read(nn); regs.h = read(u16(nn + 1)); break; }
          case 6: write(fetch16(), regs.a); break;
          default: regs.a = read(fetch16()); break;
        }
        break;
      case 3:
        set_reg16(p, u16(reg16(p) + ((y & 1) ? -1 : 1)));
        break;
      case 4: {  // INC r
        const auto r = u8(reg8(y) + 1);
        set_reg8(y, r);
        regs.f = u8((regs.f & C) | (r == 0x80 ? PV : 0) | ((r & 0x0f) ? 0 : H) | sz53(r));
        break;
      }
      case 5: {  // DEC r
        const std::uint8_t old = reg8(y);
        const auto r = u8(old - 1);
        set_reg8(y, r);
        regs.f = u8((regs.f & C) | ((old & 0x0f) ? 0 : H) | N | (r == 0x7f ? PV : 0) | sz53(r));
        break;
      }
      case 6:
        set_reg8(y, fetch());
        break;
      default: {
        const std::uint8_t a = regs.a, keep = u8(regs.f & (PV | Z | S));
        switch (y) {
          case 0: regs.a = u8(a << 1 | a >> 7); regs.f = u8(keep | (regs.a & (C | F3 | F5))); break;  // RLCA
          case 1: regs.a = u8(a >> 1 | a << 7); regs.f = u8(keep | (a & C) | (regs.a & (F3 | F5))); break;  // RRCA
          case 2: regs.a = u8(a << 1 | (regs.f & C)); regs.f = u8(keep | (regs.a & (F3 | F5)) | (a >> 7)); break;  // RLA
          case 3: regs.a = u8(a >> 1 | (regs.f & C) << 7); regs.f = u8(keep | (regs.a & (F3 | F5)) | (a & C)); break;  // RRA
          case 5: regs.a = u8(~a); regs.f = u8((regs.f & (C | PV | Z | S)) | (regs.a & (F3 | F5)) | N | H); break;  // CPL
          case 6: regs.f = u8(keep | (a & (F3 | F5)) | C); break;  // SCF
          default: regs.f = u8(keep | ((regs.f & C) ? H : C) | (a & (F3 | F5))); break;  // CCF
        }
        break;
      }
    }
  } else {  // x == 3
    switch (z) {
      case 0:
        taken = condition(y);
        if (taken) regs.pc = pop();
        break;
      case 1:
        if (y == 1) regs.pc = pop();
        else if (y == 5) regs.pc = reg16(2);
        else if (y == 7) regs.sp = reg16(2);
        else if (p == 3) { const std::uint16_t v = pop(); regs.a = u8(v >> 8); regs.f = u8(v); }
        else set_reg16(p, pop());
        break;
      case 2: {
        const std::uint16_t nn = fetch16();
        if (condition(y)) regs.pc = nn;
        break;
      }
      case 3:
        if (y == 0) {
          regs.pc = fetch16();
        } else {  // EX DE,HL
          const std::uint16_t de = reg16(1);
          set_reg16(1, reg16(2));
          set_reg16(2, de);
        }
        break;
      case 4: case 5: {
        if (z == 5 && y != 1) {  // PUSH
          push(p == 3 ? u16(regs.a << 8 | regs.f) : reg16(p));
          break;
        }
        const std::uint16_t nn = fetch16();
        taken = z == 5 || condition(y);
        if (taken) {
          push(regs.pc);
          regs.pc = nn;
        }
        if (z == 5) taken = false;  // CALL nn has one timing
        break;
      }
      default:
        alu(y, fetch());
        break;
    }
  }
  ++instructions;
  const std::uint32_t t = taken && timing->t_states_taken ? timing->t_states_taken : timing->t_states;
  t_states += t;
  return Result<std::uint32_t>::ok(t);
}

}  // namespace shufflelab
