#include "core/cpu/mos6502.hpp"

#include <array>
#include <string>

#include "core/base/parse.hpp"

namespace shufflelab {

namespace {

using namespace mos6502_flag;

enum class Mode : std::uint8_t { imp, acc, imm, zp, zpx, zpy, abs, abx, aby, ind, izx, izy, rel };

enum class Op : std::uint8_t {
  none, adc, and_, asl, bcc, bcs, beq, bit, bmi, bne, bpl, brk, bvc, bvs, clc, cld, cli, clv, cmp, cpx, cpy,
  dec, dex, dey, eor, inc, inx, iny, jmp, jsr, lda, ldx, ldy, lsr, nop, ora, pha, php, pla, plp, rol, ror,
  rti, rts, sbc, sec, sed, sei, sta, stx, sty, tax, tay, tsx, txa, txs, tya,
};

constexpr std::array<std::string_view, 57> kNames{
    "",    "adc", "and", "asl", "bcc", "bcs", "beq", "bit", "bmi", "bne", "bpl", "brk", "bvc", "bvs", "clc",
    "cld", "cli", "clv", "cmp", "cpx", "cpy", "dec", "dex", "dey", "eor", "inc", "inx", "iny", "jmp", "jsr",
    "lda", "ldx", "ldy", "lsr", "nop", "ora", "pha", "php", "pla", "plp", "rol", "ror", "rti", "rts", "sbc",
    "sec", "sed", "sei", "sta", "stx", "sty", "tax", "tay", "tsx", "txa", "txs", "tya"};

struct Entry {
  Op op = Op::none;
  Mode mode = Mode::imp;
  std::uint8_t cycles = 0;
  bool page_penalty = false;
};

struct Spec {
  std::uint8_t opcode;
  Op op;
  Mode mode;
  std::uint8_t cycles;
  bool page_penalty;
};

// The documented opcodes with their cycles (MOS MCS6500 programming manual,
// appendix: instruction timing); `true` marks a read that costs one more
// cycle when its indexed address crosses a page.
constexpr Spec kSpecs[] = {
    {0x69, Op::adc, Mode::imm, 2, false}, {0x65, Op::adc, Mode::zp, 3, false},  {0x75, Op::adc, Mode::zpx, 4, false},
    {0x6d, Op::adc, Mode::abs, 4, false}, {0x7d, Op::adc, Mode::abx, 4, true},  {0x79, Op::adc, Mode::aby, 4, true},
    {0x61, Op::adc, Mode::izx, 6, false}, {0x71, Op::adc, Mode::izy, 5, true},
    {0x29, Op::and_, Mode::imm, 2, false}, {0x25, Op::and_, Mode::zp, 3, false}, {0x35, Op::and_, Mode::zpx, 4, false},
    {0x2d, Op::and_, Mode::abs, 4, false}, {0x3d, Op::and_, Mode::abx, 4, true}, {0x39, Op::and_, Mode::aby, 4, true},
    {0x21, Op::and_, Mode::izx, 6, false}, {0x31, Op::and_, Mode::izy, 5, true},
    {0x0a, Op::asl, Mode::acc, 2, false}, {0x06, Op::asl, Mode::zp, 5, false},  {0x16, Op::asl, Mode::zpx, 6, false},
    {0x0e, Op::asl, Mode::abs, 6, false}, {0x1e, Op::asl, Mode::abx, 7, false},
    {0x90, Op::bcc, Mode::rel, 2, false}, {0xb0, Op::bcs, Mode::rel, 2, false}, {0xf0, Op::beq, Mode::rel, 2, false},
    {0x30, Op::bmi, Mode::rel, 2, false}, {0xd0, Op::bne, Mode::rel, 2, false}, {0x10, Op::bpl, Mode::rel, 2, false},
    {0x50, Op::bvc, Mode::rel, 2, false}, {0x70, Op::bvs, Mode::rel, 2, false},
    {0x24, Op::bit, Mode::zp, 3, false},  {0x2c, Op::bit, Mode::abs, 4, false},
    {0x00, Op::brk, Mode::imp, 7, false},
    {0x18, Op::clc, Mode::imp, 2, false}, {0xd8, Op::cld, Mode::imp, 2, false}, {0x58, Op::cli, Mode::imp, 2, false},
    {0xb8, Op::clv, Mode::imp, 2, false},
    {0xc9, Op::cmp, Mode::imm, 2, false}, {0xc5, Op::cmp, Mode::zp, 3, false},  {0xd5, Op::cmp, Mode::zpx, 4, false},
    {0xcd, Op::cmp, Mode::abs, 4, false}, {0xdd, Op::cmp, Mode::abx, 4, true},  {0xd9, Op::cmp, Mode::aby, 4, true},
    {0xc1, Op::cmp, Mode::izx, 6, false}, {0xd1, Op::cmp, Mode::izy, 5, true},
    {0xe0, Op::cpx, Mode::imm, 2, false}, {0xe4, Op::cpx, Mode::zp, 3, false},  {0xec, Op::cpx, Mode::abs, 4, false},
    {0xc0, Op::cpy, Mode::imm, 2, false}, {0xc4, Op::cpy, Mode::zp, 3, false},  {0xcc, Op::cpy, Mode::abs, 4, false},
    {0xc6, Op::dec, Mode::zp, 5, false},  {0xd6, Op::dec, Mode::zpx, 6, false}, {0xce, Op::dec, Mode::abs, 6, false},
    {0xde, Op::dec, Mode::abx, 7, false},
    {0xca, Op::dex, Mode::imp, 2, false}, {0x88, Op::dey, Mode::imp, 2, false},
    {0x49, Op::eor, Mode::imm, 2, false}, {0x45, Op::eor, Mode::zp, 3, false},  {0x55, Op::eor, Mode::zpx, 4, false},
    {0x4d, Op::eor, Mode::abs, 4, false}, {0x5d, Op::eor, Mode::abx, 4, true},  {0x59, Op::eor, Mode::aby, 4, true},
    {0x41, Op::eor, Mode::izx, 6, false}, {0x51, Op::eor, Mode::izy, 5, true},
    {0xe6, Op::inc, Mode::zp, 5, false},  {0xf6, Op::inc, Mode::zpx, 6, false}, {0xee, Op::inc, Mode::abs, 6, false},
    {0xfe, Op::inc, Mode::abx, 7, false},
    {0xe8, Op::inx, Mode::imp, 2, false}, {0xc8, Op::iny, Mode::imp, 2, false},
    {0x4c, Op::jmp, Mode::abs, 3, false}, {0x6c, Op::jmp, Mode::ind, 5, false}, {0x20, Op::jsr, Mode::abs, 6, false},
    {0xa9, Op::lda, Mode::imm, 2, false}, {0xa5, Op::lda, Mode::zp, 3, false},  {0xb5, Op::lda, Mode::zpx, 4, false},
    {0xad, Op::lda, Mode::abs, 4, false}, {0xbd, Op::lda, Mode::abx, 4, true},  {0xb9, Op::lda, Mode::aby, 4, true},
    {0xa1, Op::lda, Mode::izx, 6, false}, {0xb1, Op::lda, Mode::izy, 5, true},
    {0xa2, Op::ldx, Mode::imm, 2, false}, {0xa6, Op::ldx, Mode::zp, 3, false},  {0xb6, Op::ldx, Mode::zpy, 4, false},
    {0xae, Op::ldx, Mode::abs, 4, false}, {0xbe, Op::ldx, Mode::aby, 4, true},
    {0xa0, Op::ldy, Mode::imm, 2, false}, {0xa4, Op::ldy, Mode::zp, 3, false},  {0xb4, Op::ldy, Mode::zpx, 4, false},
    {0xac, Op::ldy, Mode::abs, 4, false}, {0xbc, Op::ldy, Mode::abx, 4, true},
    {0x4a, Op::lsr, Mode::acc, 2, false}, {0x46, Op::lsr, Mode::zp, 5, false},  {0x56, Op::lsr, Mode::zpx, 6, false},
    {0x4e, Op::lsr, Mode::abs, 6, false}, {0x5e, Op::lsr, Mode::abx, 7, false},
    {0xea, Op::nop, Mode::imp, 2, false},
    {0x09, Op::ora, Mode::imm, 2, false}, {0x05, Op::ora, Mode::zp, 3, false},  {0x15, Op::ora, Mode::zpx, 4, false},
    {0x0d, Op::ora, Mode::abs, 4, false}, {0x1d, Op::ora, Mode::abx, 4, true},  {0x19, Op::ora, Mode::aby, 4, true},
    {0x01, Op::ora, Mode::izx, 6, false}, {0x11, Op::ora, Mode::izy, 5, true},
    {0x48, Op::pha, Mode::imp, 3, false}, {0x08, Op::php, Mode::imp, 3, false}, {0x68, Op::pla, Mode::imp, 4, false},
    {0x28, Op::plp, Mode::imp, 4, false},
    {0x2a, Op::rol, Mode::acc, 2, false}, {0x26, Op::rol, Mode::zp, 5, false},  {0x36, Op::rol, Mode::zpx, 6, false},
    {0x2e, Op::rol, Mode::abs, 6, false}, {0x3e, Op::rol, Mode::abx, 7, false},
    {0x6a, Op::ror, Mode::acc, 2, false}, {0x66, Op::ror, Mode::zp, 5, false},  {0x76, Op::ror, Mode::zpx, 6, false},
    {0x6e, Op::ror, Mode::abs, 6, false}, {0x7e, Op::ror, Mode::abx, 7, false},
    {0x40, Op::rti, Mode::imp, 6, false}, {0x60, Op::rts, Mode::imp, 6, false},
    {0xe9, Op::sbc, Mode::imm, 2, false}, {0xe5, Op::sbc, Mode::zp, 3, false},  {0xf5, Op::sbc, Mode::zpx, 4, false},
    {0xed, Op::sbc, Mode::abs, 4, false}, {0xfd, Op::sbc, Mode::abx, 4, true},  {0xf9, Op::sbc, Mode::aby, 4, true},
    {0xe1, Op::sbc, Mode::izx, 6, false}, {0xf1, Op::sbc, Mode::izy, 5, true},
    {0x38, Op::sec, Mode::imp, 2, false}, {0xf8, Op::sed, Mode::imp, 2, false}, {0x78, Op::sei, Mode::imp, 2, false},
    {0x85, Op::sta, Mode::zp, 3, false},  {0x95, Op::sta, Mode::zpx, 4, false}, {0x8d, Op::sta, Mode::abs, 4, false},
    {0x9d, Op::sta, Mode::abx, 5, false}, {0x99, Op::sta, Mode::aby, 5, false}, {0x81, Op::sta, Mode::izx, 6, false},
    {0x91, Op::sta, Mode::izy, 6, false},
    {0x86, Op::stx, Mode::zp, 3, false},  {0x96, Op::stx, Mode::zpy, 4, false}, {0x8e, Op::stx, Mode::abs, 4, false},
    {0x84, Op::sty, Mode::zp, 3, false},  {0x94, Op::sty, Mode::zpx, 4, false}, {0x8c, Op::sty, Mode::abs, 4, false},
    {0xaa, Op::tax, Mode::imp, 2, false}, {0xa8, Op::tay, Mode::imp, 2, false}, {0xba, Op::tsx, Mode::imp, 2, false},
    {0x8a, Op::txa, Mode::imp, 2, false}, {0x9a, Op::txs, Mode::imp, 2, false}, {0x98, Op::tya, Mode::imp, 2, false},
};

constexpr std::array<Entry, 256> make_table() {
  std::array<Entry, 256> table{};
  for (const Spec& s : kSpecs) table[s.opcode] = {s.op, s.mode, s.cycles, s.page_penalty};
  return table;
}
constexpr std::array<Entry, 256> kTable = make_table();

constexpr std::uint8_t length_of(Mode mode) {
  switch (mode) {
    case Mode::imp: case Mode::acc: return 1;
    case Mode::abs: case Mode::abx: case Mode::aby: case Mode::ind: return 3;
    default: return 2;
  }
}

template <class T>
constexpr std::uint8_t u8(T v) { return static_cast<std::uint8_t>(v); }
template <class T>
constexpr std::uint16_t u16(T v) { return static_cast<std::uint16_t>(v); }
constexpr bool crosses(std::uint16_t base, std::uint16_t address) { return (base & 0xff00) != (address & 0xff00); }

}  // namespace

std::optional<Mos6502Timing> mos6502_timing(std::uint8_t opcode) {
  const Entry& e = kTable[opcode];
  if (e.op == Op::none) return std::nullopt;
  return Mos6502Timing{length_of(e.mode), e.cycles, e.page_penalty, e.mode == Mode::rel};
}

std::string_view mos6502_mnemonic(std::uint8_t opcode) { return kNames[static_cast<std::size_t>(kTable[opcode].op)]; }

void Mos6502Cpu::enter(std::uint16_t address, std::uint16_t return_address) {
  const auto back = u16(return_address - 1);
  push(u8(back >> 8));
  push(u8(back));
  regs.pc = address;
}

void Mos6502Cpu::set_flag(std::uint8_t flag, bool on) { regs.p = u8(on ? regs.p | flag : regs.p & ~flag); }

void Mos6502Cpu::set_nz(std::uint8_t value) {
  set_flag(Z, value == 0);
  set_flag(N, (value & 0x80) != 0);
}

void Mos6502Cpu::adc(std::uint8_t value) {
  const unsigned a = regs.a, b = value, carry = regs.p & C;
  if (!(regs.p & D)) {
    const unsigned sum = a + b + carry;
    set_flag(V, (~(a ^ b) & (a ^ sum) & 0x80) != 0);
    set_flag(C, sum > 0xff);
    regs.a = u8(sum);
    set_nz(regs.a);
    return;
  }
  // Clark, appendix A, sequences 1 (A and C) and 2 (N and V, signed); Z binary.
  unsigned low = (a & 0x0f) + (b & 0x0f) + carry;
  if (low >= 0x0a) low = ((low + 0x06) & 0x0f) + 0x10;
  unsigned sum = (a & 0xf0) + (b & 0xf0) + low;
  const int signed_sum = static_cast<std::int8_t>(a & 0xf0) + static_cast<std::int8_t>(b & 0xf0) + static_cast<int>(low);
  set_flag(N, (signed_sum & 0x80) != 0);
  set_flag(V, signed_sum < -128 || signed_sum > 127);
  set_flag(Z, ((a + b + carry) & 0xff) == 0);
  if (sum >= 0xa0) sum += 0x60;
  set_flag(C, sum >= 0x100);
  regs.a = u8(sum);
}

void Mos6502Cpu::sbc(std::uint8_t value) {
  const unsigned a = regs.a, b = value, borrow = (regs.p & C) ? 0 : 1;
  const unsigned difference = a - b - borrow;
  set_flag(V, ((a ^ b) & (a ^ difference) & 0x80) != 0);
  set_flag(C, difference < 0x100);
  set_nz(u8(difference));
  if (!(regs.p & D)) {
    regs.a = u8(difference);
    return;
  }
  // Clark, appendix A, sequence 3; the flags are the binary ones (above).
  int low = static_cast<int>(a & 0x0f) - static_cast<int>(b & 0x0f) - static_cast<int>(borrow);
  if (low < 0) low = ((low - 0x06) & 0x0f) - 0x10;
  int result = static_cast<int>(a & 0xf0) - static_cast<int>(b & 0xf0) + low;
  if (result < 0) result -= 0x60;
  regs.a = u8(result);
}

void Mos6502Cpu::compare(std::uint8_t reg, std::uint8_t value) {
  set_flag(C, reg >= value);
  set_nz(u8(reg - value));
}

Result<std::uint32_t> Mos6502Cpu::step() {
  const std::uint16_t at = regs.pc;
  const std::uint8_t opcode = memory_[at];
  const Entry& e = kTable[opcode];
  if (e.op == Op::none)
    return Result<std::uint32_t>::fail("6502: opcode " + format_hex_upper(opcode, 2) + " at " + format_hex_upper(at, 4) +
                                       " is undocumented (not emulated)");
  const std::uint8_t low = memory_[u16(at + 1)], high = memory_[u16(at + 2)];
  const auto absolute = u16(high << 8 | low);
  regs.pc = u16(at + length_of(e.mode));
  std::uint32_t cycles_used = e.cycles;
  std::uint16_t address = 0;  // the operand's effective address (memory modes)
  auto indexed = [&](std::uint16_t base, std::uint8_t index) {
    address = u16(base + index);
    if (e.page_penalty && crosses(base, address)) ++cycles_used;
  };
  switch (e.mode) {
    case Mode::zp: address = low; break;
    case Mode::zpx: address = u8(low + regs.x); break;
    case Mode::zpy: address = u8(low + regs.y); break;
    case Mode::abs: address = absolute; break;
    case Mode::abx: indexed(absolute, regs.x); break;
    case Mode::aby: indexed(absolute, regs.y); break;
    case Mode::ind:  // the NMOS part does not carry into the pointer's high byte
      address = u16(memory_[absolute] | memory_[u16((absolute & 0xff00) | u8(absolute + 1))] << 8);
      break;
    case Mode::izx: {
      const auto pointer = u8(low + regs.x);
      address = u16(read(pointer) | read(u8(pointer + 1)) << 8);
      break;
    }
    case Mode::izy: indexed(u16(read(low) | read(u8(low + 1)) << 8), regs.y); break;
    default: break;
  }
  auto operand = [&]() { return e.mode == Mode::imm ? low : read(address); };
  // Read-modify-write on A or on memory.
  auto modify = [&](auto&& change) {
    if (e.mode == Mode::acc) {
      regs.a = change(regs.a);
      set_nz(regs.a);
    } else {
      const std::uint8_t v = change(read(address));
      write(address, v);
      set_nz(v);
    }
  };
  auto branch = [&](bool condition) {
    if (!condition) return;
    const auto target = u16(regs.pc + static_cast<std::int8_t>(low));
    cycles_used += crosses(regs.pc, target) ? 2 : 1;
    regs.pc = target;
  };
  switch (e.op) {
    case Op::adc: adc(operand()); break;
    case Op::sbc: sbc(operand()); break;
    case Op::and_: regs.a = u8(regs.a & operand()); set_nz(regs.a); break;
    case Op::ora: regs.a = u8(regs.a | operand()); set_nz(regs.a); break;
    case Op::eor: regs.a = u8(regs.a ^ operand()); set_nz(regs.a); break;
    case Op::cmp: compare(regs.a, operand()); break;
    case Op::cpx: compare(regs.x, operand()); break;
    case Op::cpy: compare(regs.y, operand()); break;
    case Op::bit: {
      const std::uint8_t v = operand();
      set_flag(Z, (regs.a & v) == 0);
      set_flag(N, (v & 0x80) != 0);
      set_flag(V, (v & 0x40) != 0);
      break;
    }
    case Op::lda: regs.a = operand(); set_nz(regs.a); break;
    case Op::ldx: regs.x = operand(); set_nz(regs.x); break;
    case Op::ldy: regs.y = operand(); set_nz(regs.y); break;
    case Op::sta: write(address, regs.a); break;
    case Op::stx: write(address, regs.x); break;
    case Op::sty: write(address, regs.y); break;
    case Op::asl:
      modify([&](std::uint8_t v) { set_flag(C, (v & 0x80) != 0); return u8(v << 1); });
      break;
    case Op::lsr:
      modify([&](std::uint8_t v) { set_flag(C, (v & 1) != 0); return u8(v >> 1); });
      break;
    case Op::rol:
      modify([&](std::uint8_t v) {
        const unsigned in = regs.p & C;
        set_flag(C, (v & 0x80) != 0);
        return u8(v << 1 | in);
      });
      break;
    case Op::ror:
      modify([&](std::uint8_t v) {
        const unsigned in = (regs.p & C) ? 0x80 : 0;
        set_flag(C, (v & 1) != 0);
        return u8(v >> 1 | in);
      });
      break;
    case Op::inc: modify([](std::uint8_t v) { return u8(v + 1); }); break;
    case Op::dec: modify([](std::uint8_t v) { return u8(v - 1); }); break;
    case Op::inx: regs.x = u8(regs.x + 1); set_nz(regs.x); break;
    case Op::iny: regs.y = u8(regs.y + 1); set_nz(regs.y); break;
    case Op::dex: regs.x = u8(regs.x - 1); set_nz(regs.x); break;
    case Op::dey: regs.y = u8(regs.y - 1); set_nz(regs.y); break;
    case Op::tax: regs.x = regs.a; set_nz(regs.x); break;
    case Op::tay: regs.y = regs.a; set_nz(regs.y); break;
    case Op::txa: regs.a = regs.x; set_nz(regs.a); break;
    case Op::tya: regs.a = regs.y; set_nz(regs.a); break;
    case Op::tsx: regs.x = regs.s; set_nz(regs.x); break;
    case Op::txs: regs.s = regs.x; break;
    case Op::pha: push(regs.a); break;
    case Op::php: push(u8(regs.p | B | U)); break;
    case Op::pla: regs.a = pull(); set_nz(regs.a); break;
    case Op::plp: regs.p = u8(pull() | B | U); break;
    case Op::clc: set_flag(C, false); break;
    case Op::sec: set_flag(C, true); break;
    case Op::cld: set_flag(D, false); break;
    case Op::sed: set_flag(D, true); break;
    case Op::cli: set_flag(I, false); break;
    case Op::sei: set_flag(I, true); break;
    case Op::clv: set_flag(V, false); break;
    case Op::bcc: branch(!(regs.p & C)); break;
    case Op::bcs: branch((regs.p & C) != 0); break;
    case Op::bne: branch(!(regs.p & Z)); break;
    case Op::beq: branch((regs.p & Z) != 0); break;
    case Op::bpl: branch(!(regs.p & N)); break;
    case Op::bmi: branch((regs.p & N) != 0); break;
    case Op::bvc: branch(!(regs.p & V)); break;
    case Op::bvs: branch((regs.p & V) != 0); break;
    case Op::jmp: regs.pc = address; break;
    case Op::jsr: {
      const auto back = u16(regs.pc - 1);  // the last byte of the JSR
      push(u8(back >> 8));
      push(u8(back));
      regs.pc = address;
      break;
    }
    case Op::rts: {
      const std::uint8_t l = pull();
      regs.pc = u16((l | pull() << 8) + 1);
      break;
    }
    case Op::rti: {
      regs.p = u8(pull() | B | U);
      const std::uint8_t l = pull();
      regs.pc = u16(l | pull() << 8);
      break;
    }
    case Op::brk: {  // pushes the address after its padding byte
      const auto back = u16(at + 2);
      push(u8(back >> 8));
      push(u8(back));
      push(u8(regs.p | B | U));
      set_flag(I, true);
      regs.pc = u16(memory_[0xfffe] | memory_[0xffff] << 8);
      break;
    }
    case Op::nop: case Op::none: break;
  }
  ++instructions;
  cycles += cycles_used;
  return Result<std::uint32_t>::ok(cycles_used);
}

}  // namespace shufflelab
