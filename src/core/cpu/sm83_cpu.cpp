#include "core/cpu/sm83_cpu.hpp"

#include <array>
#include <string>

#include "core/base/parse.hpp"

namespace shufflelab {

namespace {

using namespace sm83_flag;

template <class T>
constexpr std::uint8_t u8(T v) { return static_cast<std::uint8_t>(v); }
template <class T>
constexpr std::uint16_t u16(T v) { return static_cast<std::uint16_t>(v); }
constexpr std::uint8_t zero_flag(std::uint8_t v) { return v == 0 ? Z : 0; }

}  // namespace

std::optional<Sm83Timing> sm83_timing(std::span<const std::uint8_t> code) {
  if (code.empty()) return std::nullopt;
  const std::uint8_t op = code[0];
  if (op == 0xcb) {
    if (code.size() < 2) return std::nullopt;
    const std::uint8_t sub = code[1];
    if ((sub & 7) != 6) return Sm83Timing{2, 2, 0};
    return Sm83Timing{2, u8((sub & 0xc0) == 0x40 ? 3 : 4), 0};  // BIT b,(HL) reads only
  }
  const int x = op >> 6, y = (op >> 3) & 7, z = op & 7;
  if (x == 1) {
    if (op == 0x76) return std::nullopt;  // HALT
    return Sm83Timing{1, u8(y == 6 || z == 6 ? 2 : 1), 0};
  }
  if (x == 2) return Sm83Timing{1, u8(z == 6 ? 2 : 1), 0};
  if (x == 0) {
    switch (z) {
      case 0:
        if (y == 0) return Sm83Timing{1, 1, 0};  // NOP
        if (y == 3) return Sm83Timing{2, 3, 0};  // JR e
        if (y >= 4) return Sm83Timing{2, 2, 3};  // JR cc
        return std::nullopt;                     // LD (nn),SP and STOP
      case 1: return (y & 1) ? Sm83Timing{1, 2, 0} : Sm83Timing{3, 3, 0};
      case 2: return Sm83Timing{1, 2, 0};
      case 3: return Sm83Timing{1, 2, 0};
      case 4: case 5: return Sm83Timing{1, u8(y == 6 ? 3 : 1), 0};
      case 6: return Sm83Timing{2, u8(y == 6 ? 3 : 2), 0};
      default:
        if (y == 4) return std::nullopt;  // DAA
        return Sm83Timing{1, 1, 0};
    }
  }
  switch (op) {  // x == 3
    case 0xc0: case 0xc8: case 0xd0: case 0xd8: return Sm83Timing{1, 2, 5};
    case 0xe0: case 0xf0: return Sm83Timing{2, 3, 0};
    case 0xc1: case 0xd1: case 0xe1: case 0xf1: return Sm83Timing{1, 3, 0};
    case 0xc9: return Sm83Timing{1, 4, 0};
    case 0xe9: return Sm83Timing{1, 1, 0};
    case 0xf9: return Sm83Timing{1, 2, 0};
    case 0xc2: case 0xca: case 0xd2: case 0xda: return Sm83Timing{3, 3, 4};
    case 0xe2: case 0xf2: return Sm83Timing{1, 2, 0};
    case 0xea: case 0xfa: return Sm83Timing{3, 4, 0};
    case 0xc3: return Sm83Timing{3, 4, 0};
    case 0xc4: case 0xcc: case 0xd4: case 0xdc: return Sm83Timing{3, 3, 6};
    case 0xc5: case 0xd5: case 0xe5: case 0xf5: return Sm83Timing{1, 4, 0};
    case 0xcd: return Sm83Timing{3, 6, 0};
    case 0xc6: case 0xce: case 0xd6: case 0xde: case 0xe6: case 0xee: case 0xf6: case 0xfe:
      return Sm83Timing{2, 2, 0};
    default: return std::nullopt;
  }
}

bool Sm83Cpu::condition(int index) const {
  const bool set = (regs.f & (index < 2 ? Z : C)) != 0;
  return (index & 1) ? set : !set;
}

void Sm83Cpu::alu(int operation, std::uint8_t value) {
  const unsigned a = regs.a, v = value;
  const unsigned carry_in = (operation == 1 || operation == 3) && (regs.f & C) ? 1 : 0;
  switch (operation) {
    case 0: case 1: {  // ADD, ADC
      const unsigned r = a + v + carry_in;
      regs.a = u8(r);
      regs.f = u8(zero_flag(regs.a) | ((a & 0x0f) + (v & 0x0f) + carry_in > 0x0f ? H : 0) | (r > 0xff ? C : 0));
      return;
    }
    case 2: case 3: case 7: {  // SUB, SBC, CP
      const auto r = u8(a - v - carry_in);
      regs.f = u8(zero_flag(r) | N | ((a & 0x0f) < (v & 0x0f) + carry_in ? H : 0) | (a < v + carry_in ? C : 0));
      if (operation != 7) regs.a = r;
      return;
    }
    case 4: regs.a = u8(a & v); regs.f = u8(zero_flag(regs.a) | H); return;
    case 5: regs.a = u8(a ^ v); regs.f = zero_flag(regs.a); return;
    default: regs.a = u8(a | v); regs.f = zero_flag(regs.a); return;
  }
}

// RLC RRC RL RR SLA SRA SWAP SRL.
std::uint8_t Sm83Cpu::cb_rotate(int operation, std::uint8_t value) {
  const unsigned v = value, carry_in = (regs.f & C) ? 1 : 0;
  unsigned r = 0, carry = 0;
  switch (operation) {
    case 0: r = (v << 1) | (v >> 7); carry = v >> 7; break;
    case 1: r = (v >> 1) | (v << 7); carry = v & 1; break;
    case 2: r = (v << 1) | carry_in; carry = v >> 7; break;
    case 3: r = (v >> 1) | (carry_in << 7); carry = v & 1; break;
    case 4: r = v << 1; carry = v >> 7; break;
    case 5: r = (v & 0x80) | (v >> 1); carry = v & 1; break;
    case 6: r = (v << 4) | (v >> 4); carry = 0; break;
    default: r = v >> 1; carry = v & 1; break;
  }
  const auto result = u8(r);
  regs.f = u8(zero_flag(result) | (carry ? C : 0));
  return result;
}

Result<std::uint32_t> Sm83Cpu::step() {
  const std::uint16_t at = regs.pc;
  const std::array<std::uint8_t, 3> code{memory_[at], memory_[u16(at + 1)], memory_[u16(at + 2)]};
  const auto timing = sm83_timing(code);
  if (!timing) {
    const std::string opcode = code[0] == 0xcb ? "CB " + format_hex_upper(code[1], 2) : format_hex_upper(code[0], 2);
    return Result<std::uint32_t>::fail("sm83: opcode " + opcode + " at " + format_hex_upper(at, 4) + " is not emulated");
  }
  const std::uint8_t op = fetch();
  bool taken = false;
  const int x = op >> 6, y = (op >> 3) & 7, z = op & 7, p = y >> 1;
  if (op == 0xcb) {
    const std::uint8_t sub = fetch();
    const int kind = sub >> 6, bit = (sub >> 3) & 7, r = sub & 7;
    const std::uint8_t value = reg8(r);
    if (kind == 0)
      set_reg8(r, cb_rotate(bit, value));
    else if (kind == 1)
      regs.f = u8((regs.f & C) | H | ((value & (1u << bit)) ? 0 : Z));
    else
      set_reg8(r, kind == 2 ? u8(value & ~(1u << bit)) : u8(value | (1u << bit)));
  } else if (x == 1) {
    set_reg8(y, reg8(z));
  } else if (x == 2) {
    alu(y, reg8(z));
  } else if (x == 0) {
    switch (z) {
      case 0: {
        if (y == 0) break;  // NOP
        const auto offset = static_cast<std::int8_t>(fetch());
        taken = y == 3 || condition(y - 4);
        if (taken) regs.pc = u16(regs.pc + offset);
        break;
      }
      case 1:
        if (y & 1) {
          const unsigned hl = reg16(2), rr = reg16(p), sum = hl + rr;
          regs.f = u8((regs.f & Z) | ((hl & 0x0fff) + (rr & 0x0fff) > 0x0fff ? H : 0) | (sum > 0xffff ? C : 0));
          set_reg16(2, u16(sum));
        } else {
          set_reg16(p, fetch16());
        }
        break;
      case 2: {
        // (BC) (DE) (HL+) (HL-) with A, stores for even y, loads for odd y.
        std::uint16_t address = reg16(p < 2 ? p : 2);
        if (y & 1) regs.a = read(address);
        else write(address, regs.a);
        if (p == 2) set_reg16(2, u16(address + 1));
        if (p == 3) set_reg16(2, u16(address - 1));
        break;
      }
      case 3:
        set_reg16(p, u16(reg16(p) + ((y & 1) ? -1 : 1)));
        break;
      case 4: {
        const auto r = u8(reg8(y) + 1);
        set_reg8(y, r);
        regs.f = u8((regs.f & C) | zero_flag(r) | ((r & 0x0f) == 0 ? H : 0));
        break;
      }
      case 5: {
        const auto r = u8(reg8(y) - 1);
        set_reg8(y, r);
        regs.f = u8((regs.f & C) | zero_flag(r) | N | ((r & 0x0f) == 0x0f ? H : 0));
        break;
      }
      case 6:
        set_reg8(y, fetch());
        break;
      default: {
        const std::uint8_t a = regs.a;
        switch (y) {
          case 0: regs.a = u8(a << 1 | a >> 7); regs.f = (a & 0x80) ? C : 0; break;              // RLCA
          case 1: regs.a = u8(a >> 1 | a << 7); regs.f = (a & 1) ? C : 0; break;                 // RRCA
          case 2: regs.a = u8(a << 1 | ((regs.f & C) ? 1 : 0)); regs.f = (a & 0x80) ? C : 0; break;  // RLA
          case 3: regs.a = u8(a >> 1 | ((regs.f & C) ? 0x80 : 0)); regs.f = (a & 1) ? C : 0; break;  // RRA
          case 5: regs.a = u8(~a); regs.f = u8(regs.f | N | H); break;                            // CPL
          case 6: regs.f = u8((regs.f & Z) | C); break;                                          // SCF
          default: regs.f = u8((regs.f & Z) | ((regs.f & C) ? 0 : C)); break;                     // CCF
        }
        break;
      }
    }
  } else {
    switch (op) {
      case 0xc0: case 0xc8: case 0xd0: case 0xd8:
        taken = condition(y);
        if (taken) regs.pc = pop();
        break;
      case 0xe0: write(u16(0xff00 | fetch()), regs.a); break;
      case 0xf0: regs.a = read(u16(0xff00 | fetch())); break;
      case 0xc9: regs.pc = pop(); break;
      case 0xe9: regs.pc = reg16(2); break;
      case 0xf9: regs.sp = reg16(2); break;
      case 0xe2: write(u16(0xff00 | regs.c), regs.a); break;
      case 0xf2: regs.a = read(u16(0xff00 | regs.c)); break;
      case 0xea: write(fetch16(), regs.a); break;
      case 0xfa: regs.a = read(fetch16()); break;
      case 0xc3: regs.pc = fetch16(); break;
      case 0xcd: {
        const std::uint16_t nn = fetch16();
        push(regs.pc);
        regs.pc = nn;
        break;
      }
      default:
        if (z == 1) {  // POP
          const std::uint16_t v = pop();
          if (p == 3) {
            regs.a = u8(v >> 8);
            regs.f = u8(v & 0xf0);  // the low nibble of F does not exist
          } else {
            set_reg16(p, v);
          }
        } else if (z == 5) {  // PUSH
          push(p == 3 ? u16(regs.a << 8 | regs.f) : reg16(p));
        } else if (z == 2 || z == 4) {  // JP cc / CALL cc
          const std::uint16_t nn = fetch16();
          taken = condition(y);
          if (taken) {
            if (z == 4) push(regs.pc);
            regs.pc = nn;
          }
        } else {  // ALU A,n
          alu(y, fetch());
        }
        break;
    }
  }
  ++instructions;
  const std::uint32_t m = taken && timing->m_cycles_taken ? timing->m_cycles_taken : timing->m_cycles;
  m_cycles += m;
  return Result<std::uint32_t>::ok(m);
}

}  // namespace shufflelab
