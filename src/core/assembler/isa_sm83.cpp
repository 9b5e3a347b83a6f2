// isa_sm83.cpp: the Game Boy CPU (Sharp SM83) in two spellings, both the way
// Game Boy code is written:
//  - sdasgb's (Debian's sdcc): '#' before immediates, ld a,(hl+) / (hli),
//    ld (hl-),a / (hld), ldh a,(n) and ldh (c),a, ldhl sp,#e and lda hl,e(sp),
//    add sp,#e, swap, stop, reti, ld (nn),sp;
//  - Z80-style, as in asm/sm83/seed000.asm and RGBDS-like sources: immediates
//    without '#', ldi a,(hl) / ldd (hl),a, ld (c),a and ld ($ff00+c),a,
//    ld hl,sp+e, jp hl.
// M-cycles (1 M-cycle = 4 clock ticks) from the Pan Docs' opcode tables;
// `taken` when a jump, call or return is taken.
#include <array>
#include <string_view>

#include "core/assembler/instruction_set.hpp"
#include "core/assembler/z80_family.hpp"

namespace shufflelab::assembler {

namespace {

using namespace z80_family;
using Kind = Operand::Kind;

// bc de hl sp (or af for push/pop) as 0..3.
int reg16_code(const Operand& operand, bool af_not_sp) {
  if (operand.kind != Kind::reg) return -1;
  static constexpr std::array<std::string_view, 4> kNames{"bc", "de", "hl", "sp"};
  for (std::size_t i = 0; i < kNames.size(); ++i)
    if (operand.name == (i == 3 && af_not_sp ? "af" : kNames[i])) return static_cast<int>(i);
  return -1;
}

// M-cycles; stop has a second byte.
constexpr std::array<SimpleInstruction, 15> kSimple{{
    {"nop", 0x00, -1, 1, 0},
    {"rlca", 0x07, -1, 1, 0},
    {"rrca", 0x0f, -1, 1, 0},
    {"rla", 0x17, -1, 1, 0},
    {"rra", 0x1f, -1, 1, 0},
    {"daa", 0x27, -1, 1, 0},
    {"cpl", 0x2f, -1, 1, 0},
    {"scf", 0x37, -1, 1, 0},
    {"ccf", 0x3f, -1, 1, 0},
    {"halt", 0x76, -1, 1, 0},
    {"di", 0xf3, -1, 1, 0},
    {"ei", 0xfb, -1, 1, 0},
    {"ret", 0xc9, -1, 4, 0},
    {"reti", 0xd9, -1, 4, 0},
    {"stop", 0x10, 0x00, 1, 0},
}};

// r is one of b c d e h l a; rr one of bc de hl sp; '#' before a value is optional.
constexpr std::array<OperandForms, 34> kWithOperands{{
    {"ld",
     "r,r' r,n r,(hl) (hl),r (hl),n a,(bc) a,(de) a,(nn) (bc),a (de),a (nn),a a,(hl+) a,(hl-) (hl+),a (hl-),a "
     "a,(c) (c),a a,($ff00+c) ($ff00+c),a rr,nn (nn),sp sp,hl hl,sp+e"},
    {"ldi", "a,(hl) (hl),a"},
    {"ldd", "a,(hl) (hl),a"},
    {"ldh", "a,(n) (n),a a,(c) (c),a with n = 0..255 or $ff00..$ffff"},
    {"ldhl", "sp,e with e = -128..127"},
    {"lda", "hl,e(sp) with e = -128..127"},
    {"push", "bc de hl af"},
    {"pop", "bc de hl af"},
    {"inc", "r (hl) rr"},
    {"dec", "r (hl) rr"},
    {"add", "a,r a,n a,(hl) hl,rr sp,e"},
    {"adc", "r n (hl), with or without a,"},
    {"sub", "r n (hl), with or without a,"},
    {"sbc", "r n (hl), with or without a,"},
    {"and", "r n (hl), with or without a,"},
    {"xor", "r n (hl), with or without a,"},
    {"or", "r n (hl), with or without a,"},
    {"cp", "r n (hl), with or without a,"},
    {"rlc", "r (hl)"},
    {"rrc", "r (hl)"},
    {"rl", "r (hl)"},
    {"rr", "r (hl)"},
    {"sla", "r (hl)"},
    {"sra", "r (hl)"},
    {"swap", "r (hl)"},
    {"srl", "r (hl)"},
    {"bit", "b,r b,(hl) with b = 0..7"},
    {"res", "b,r b,(hl) with b = 0..7"},
    {"set", "b,r b,(hl) with b = 0..7"},
    {"jp", "nn cc,nn (hl) hl with cc = nz z nc c"},
    {"jr", "e cc,e with cc = nz z nc c (a target -128..127 bytes from the next instruction)"},
    {"call", "nn cc,nn with cc = nz z nc c"},
    {"ret", "no operand, or cc = nz z nc c"},
    {"rst", "0x00 0x08 0x10 0x18 0x20 0x28 0x30 0x38"},
}};

// The high page through C: (c), or ($ff00+c) whose base must be $ff00.
bool high_page_c(const Operand& operand, LineContext& line, bool& failed) {
  if (!is_indirect(operand, "c")) return false;
  if (!operand.expr.empty()) {
    const std::optional<Value> base = line.evaluate(operand.expr);
    if (!base)
      failed = true;
    else if (base->known && base->value != 0xff00 && line.final_pass()) {
      line.error(operand.expr, "the high page through C is ($ff00+c), not (" + std::to_string(base->value) + "+c)");
      failed = true;
    }
  }
  return true;
}

// A byte of the high page $ff00..$ffff for ldh: written as its low byte or whole.
Emitter& high_page_byte(Emitter& out, LineContext& line, const Operand& operand) {
  const std::optional<std::int64_t> value = value_in(line, operand.expr, operand.text, 0, 0xffff, "high-page address");
  if (!value) return out.fail();
  if (*value > 0xff && *value < 0xff00) {
    line.error(operand.text,
               "high-page address out of range: " + std::to_string(*value) + " is not in 0..255 or 0xff00..0xffff");
    return out.fail();
  }
  return out.bytes({static_cast<int>(*value & 0xff)});
}

// sp+e, sdasgb's e(sp) or ldhl's e: the signed offset byte.
Emitter& sp_offset(Emitter& out, const Operand& operand) {
  return out.byte(operand.expr, operand.text, -128, 127, "stack offset");
}

std::optional<Encoding> encode_ld(std::string_view m, const std::vector<Operand>& ops, LineContext& line) {
  Emitter out(line);
  const Operand& to = ops[0];
  const Operand& from = ops[1];
  // ldi/ldd: the Z80-style names of the (hl+)/(hl-) loads.
  if (m == "ldi" || m == "ldd") {
    const int step = m == "ldi" ? 0x20 : 0x30;
    if (is_reg(to, "a") && is_indirect(from, "hl")) return out.bytes({step | 0x0a}).done(2);
    if (is_indirect(to, "hl") && is_reg(from, "a")) return out.bytes({step | 0x02}).done(2);
    return std::nullopt;
  }
  bool failed = false;
  if (m == "ldh") {
    if (is_reg(to, "a") && high_page_c(from, line, failed)) return failed ? std::nullopt : out.bytes({0xf2}).done(2);
    if (high_page_c(to, line, failed) && is_reg(from, "a")) return failed ? std::nullopt : out.bytes({0xe2}).done(2);
    if (is_reg(to, "a") && from.kind == Kind::memory) return high_page_byte(out.bytes({0xf0}), line, from).done(3);
    if (to.kind == Kind::memory && is_reg(from, "a")) return high_page_byte(out.bytes({0xe0}), line, to).done(3);
    return std::nullopt;
  }
  if (m == "ldhl" || m == "lda") {  // ldhl sp,#e and lda hl,e(sp)
    if (m == "ldhl" && is_reg(to, "sp") && is_value(from)) return sp_offset(out.bytes({0xf8}), from).done(3);
    if (m == "lda" && is_reg(to, "hl") && from.kind == Kind::sp_offset)
      return sp_offset(out.bytes({0xf8}), from).done(3);
    return std::nullopt;
  }
  const int dst8 = reg8_code(to), src8 = reg8_code(from);
  if (dst8 >= 0 && src8 >= 0) {
    if (dst8 == 6 && src8 == 6) return std::nullopt;  // that opcode is HALT
    return out.bytes({0x40 | dst8 << 3 | src8}).done(dst8 == 6 || src8 == 6 ? 2 : 1);
  }
  if (dst8 >= 0 && is_value(from))
    return out.bytes({0x06 | dst8 << 3}).byte(from.expr, from.text, -128, 255, "8-bit value").done(dst8 == 6 ? 3 : 2);
  if (is_reg(to, "a")) {
    if (is_indirect(from, "bc")) return out.bytes({0x0a}).done(2);
    if (is_indirect(from, "de")) return out.bytes({0x1a}).done(2);
    if (is_indirect(from, "hl+")) return out.bytes({0x2a}).done(2);
    if (is_indirect(from, "hl-")) return out.bytes({0x3a}).done(2);
    if (high_page_c(from, line, failed)) return failed ? std::nullopt : out.bytes({0xf2}).done(2);
    if (from.kind == Kind::memory) return out.bytes({0xfa}).word(from.expr, from.text).done(4);
  }
  if (is_reg(from, "a")) {
    if (is_indirect(to, "bc")) return out.bytes({0x02}).done(2);
    if (is_indirect(to, "de")) return out.bytes({0x12}).done(2);
    if (is_indirect(to, "hl+")) return out.bytes({0x22}).done(2);
    if (is_indirect(to, "hl-")) return out.bytes({0x32}).done(2);
    if (high_page_c(to, line, failed)) return failed ? std::nullopt : out.bytes({0xe2}).done(2);
    if (to.kind == Kind::memory) return out.bytes({0xea}).word(to.expr, to.text).done(4);
  }
  if (to.kind == Kind::memory && is_reg(from, "sp")) return out.bytes({0x08}).word(to.expr, to.text).done(5);
  if (is_reg(to, "sp") && is_reg(from, "hl")) return out.bytes({0xf9}).done(2);
  if (is_reg(to, "hl") && from.kind == Kind::sp_offset) return sp_offset(out.bytes({0xf8}), from).done(3);
  if (const int rr = reg16_code(to, false); rr >= 0 && is_value(from))
    return out.bytes({0x01 | rr << 4}).word(from.expr, from.text).done(3);
  return std::nullopt;
}

std::optional<Encoding> encode_alu(int operation, const std::vector<Operand>& ops, LineContext& line) {
  Emitter out(line);
  if (ops.size() == 2 && !is_reg(ops[0], "a")) {
    if (operation != 0) return std::nullopt;
    if (is_reg(ops[0], "hl") && reg16_code(ops[1], false) >= 0)
      return out.bytes({0x09 | reg16_code(ops[1], false) << 4}).done(2);
    if (is_reg(ops[0], "sp") && is_value(ops[1])) return sp_offset(out.bytes({0xe8}), ops[1]).done(4);
    return std::nullopt;
  }
  if (ops.empty() || ops.size() > 2) return std::nullopt;
  const Operand& source = ops.back();
  if (const int r = reg8_code(source); r >= 0) return out.bytes({0x80 | operation << 3 | r}).done(r == 6 ? 2 : 1);
  if (!is_value(source)) return std::nullopt;
  return out.bytes({0xc6 | operation << 3}).byte(source.expr, source.text, -128, 255, "8-bit value").done(2);
}

std::optional<Encoding> encode_cb(int base, bool with_bit, const std::vector<Operand>& ops, LineContext& line,
                                  std::uint32_t memory_cycles) {
  Emitter out(line);
  if (ops.size() != (with_bit ? 2u : 1u)) return std::nullopt;
  const int r = reg8_code(ops.back());
  if (r < 0) return std::nullopt;
  int opcode = base | r;
  if (with_bit) {
    if (!is_value(ops[0])) return std::nullopt;
    const auto bit = value_in(line, ops[0].expr, ops[0].text, 0, 7, "bit number");
    if (!bit) return std::nullopt;
    opcode |= static_cast<int>(*bit) << 3;
  }
  return out.bytes({0xcb, opcode}).done(r == 6 ? memory_cycles : 2);
}

std::optional<Encoding> encode_flow(std::string_view m, const std::vector<Operand>& ops, LineContext& line) {
  Emitter out(line);
  // A condition (nz z nc c) comes first, or is ret's only operand.
  const bool conditional = ops.size() == 2 || (m == "ret" && ops.size() == 1);
  const int cc = conditional ? condition_code(ops[0]) : -1;
  if (conditional && (cc < 0 || cc > 3)) return std::nullopt;
  if (m == "ret") return ops.size() == 1 ? out.bytes({0xc0 | cc << 3}).done(2, 5) : std::nullopt;
  if (ops.empty() || ops.size() > 2) return std::nullopt;
  const Operand& target = ops.back();
  if (m == "jp") {
    if (ops.size() == 1 && (is_indirect(target, "hl") || is_reg(target, "hl"))) return out.bytes({0xe9}).done(1);
    if (!is_value(target)) return std::nullopt;
    out.bytes({cc < 0 ? 0xc3 : 0xc2 | cc << 3}).word(target.expr, target.text);
    return cc < 0 ? out.done(4) : out.done(3, 4);
  }
  if (m == "call") {
    if (!is_value(target)) return std::nullopt;
    out.bytes({cc < 0 ? 0xcd : 0xc4 | cc << 3}).word(target.expr, target.text);
    return cc < 0 ? out.done(6) : out.done(3, 6);
  }
  out.bytes({cc < 0 ? 0x18 : 0x20 | cc << 3}).relative(target);  // jr
  return cc < 0 ? out.done(3) : out.done(2, 3);
}

std::optional<Encoding> encode_operands(std::string_view m, const std::vector<Operand>& ops, LineContext& line) {
  Emitter out(line);
  if (m == "ld" || m == "ldi" || m == "ldd" || m == "ldh" || m == "ldhl" || m == "lda")
    return ops.size() == 2 ? encode_ld(m, ops, line) : std::nullopt;
  if (const int operation = alu_code(m); operation >= 0) return encode_alu(operation, ops, line);
  if (m == "inc" || m == "dec") {
    const bool dec = m == "dec";
    if (ops.size() != 1) return std::nullopt;
    if (const int r = reg8_code(ops[0]); r >= 0) return out.bytes({(dec ? 0x05 : 0x04) | r << 3}).done(r == 6 ? 3 : 1);
    if (const int rr = reg16_code(ops[0], false); rr >= 0) return out.bytes({(dec ? 0x0b : 0x03) | rr << 4}).done(2);
    return std::nullopt;
  }
  if (const int rotation = rotate_code(m, true); rotation >= 0) return encode_cb(rotation << 3, false, ops, line, 4);
  if (m == "bit") return encode_cb(0x40, true, ops, line, 3);
  if (m == "res") return encode_cb(0x80, true, ops, line, 4);
  if (m == "set") return encode_cb(0xc0, true, ops, line, 4);
  if (m == "jp" || m == "jr" || m == "call" || m == "ret") return encode_flow(m, ops, line);
  if (m == "push" || m == "pop") {
    const int rr = ops.size() == 1 ? reg16_code(ops[0], true) : -1;
    if (rr < 0) return std::nullopt;
    return m == "push" ? out.bytes({0xc5 | rr << 4}).done(4) : out.bytes({0xc1 | rr << 4}).done(3);
  }
  if (m == "rst") return encode_rst(ops, line, 4, forms_of(kWithOperands, "rst"));
  return std::nullopt;
}

constexpr Z80FamilyCpu kSm83{true, kSimple, kWithOperands,
                             "(bc) (de) (hl) (hl+) (hl-) (hli) (hld) (c) ($ff00+c) and (nn)", encode_operands};

bool sm83_is_mnemonic(std::string_view lower_mnemonic) { return is_mnemonic(kSm83, lower_mnemonic); }

std::optional<Encoding> sm83_encode(std::string_view m, std::string_view operands, LineContext& line) {
  return encode(kSm83, m, operands, line);
}

}  // namespace

const InstructionSet& sm83_instruction_set() {
  static const InstructionSet kSet{Cpu::sm83, sm83_is_mnemonic, sm83_encode};
  return kSet;
}

}  // namespace shufflelab::assembler
