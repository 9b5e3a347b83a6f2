// isa_z80.cpp: the Z80's documented instructions in z80asm's syntax (Debian's
// z80asm): main, CB, ED and DD/FD pages, IX/IY with a displacement
// ((ix+5), (iy-3), (ix) for +0), DD CB d op. T-states from the Zilog Z80 CPU
// User Manual; `taken` when a jump, call or return is taken, DJNZ loops or a
// block instruction repeats. Undocumented forms (IXH, SLL, IN F,(C)) are refused.
#include <array>
#include <string_view>

#include "core/assembler/instruction_set.hpp"
#include "core/assembler/z80_family.hpp"

namespace shufflelab::assembler {

namespace {

using namespace z80_family;
using Kind = Operand::Kind;

// An 8-bit register operand: b c d e h l (hl) a, or (ix+d)/(iy+d) as code 6 after a prefix.
struct Reg8 {
  int code = -1;
  int prefix = 0;  // 0xdd or 0xfd for (ix+d)/(iy+d)
  const Operand* operand = nullptr;
};

int index_prefix(std::string_view name) { return name == "ix" ? 0xdd : name == "iy" ? 0xfd : 0; }

std::optional<Reg8> reg8(const Operand& operand) {
  if (operand.kind == Kind::indexed) return Reg8{6, index_prefix(operand.name), &operand};
  const int code = reg8_code(operand);
  if (code < 0) return std::nullopt;
  return Reg8{code, 0, &operand};
}

// bc de hl sp (or af for push/pop) as 0..3; ix/iy as hl after a prefix.
struct Reg16 {
  int code = -1;
  int prefix = 0;
};

std::optional<Reg16> reg16(const Operand& operand, bool af_not_sp) {
  if (operand.kind != Kind::reg) return std::nullopt;
  const std::string_view name = operand.name;
  if (name == "bc") return Reg16{0, 0};
  if (name == "de") return Reg16{1, 0};
  if (name == "hl") return Reg16{2, 0};
  if (name == (af_not_sp ? "af" : "sp")) return Reg16{3, 0};
  if (const int prefix = index_prefix(name)) return Reg16{2, prefix};
  return std::nullopt;
}

// `opcode` on an 8-bit register operand: plain, or prefix opcode d for (ix+d).
Emitter& with_reg8(Emitter& out, const Reg8& r, int opcode) {
  if (r.prefix == 0) return out.bytes({opcode});
  return out.bytes({r.prefix, opcode}).byte(r.operand->expr, r.operand->text, -128, 127, "index displacement");
}

// T-states; the ED page's opcode follows its prefix.
constexpr std::array<SimpleInstruction, 35> kSimple{{
    {"nop", 0x00, -1, 4, 0},      {"rlca", 0x07, -1, 4, 0},     {"rrca", 0x0f, -1, 4, 0},
    {"rla", 0x17, -1, 4, 0},      {"rra", 0x1f, -1, 4, 0},      {"daa", 0x27, -1, 4, 0},
    {"cpl", 0x2f, -1, 4, 0},      {"scf", 0x37, -1, 4, 0},      {"ccf", 0x3f, -1, 4, 0},
    {"halt", 0x76, -1, 4, 0},     {"exx", 0xd9, -1, 4, 0},      {"di", 0xf3, -1, 4, 0},
    {"ei", 0xfb, -1, 4, 0},       {"ret", 0xc9, -1, 10, 0},     {"neg", 0xed, 0x44, 8, 0},
    {"retn", 0xed, 0x45, 14, 0},  {"reti", 0xed, 0x4d, 14, 0},  {"rrd", 0xed, 0x67, 18, 0},
    {"rld", 0xed, 0x6f, 18, 0},   {"ldi", 0xed, 0xa0, 16, 0},   {"cpi", 0xed, 0xa1, 16, 0},
    {"ini", 0xed, 0xa2, 16, 0},   {"outi", 0xed, 0xa3, 16, 0},  {"ldd", 0xed, 0xa8, 16, 0},
    {"cpd", 0xed, 0xa9, 16, 0},   {"ind", 0xed, 0xaa, 16, 0},   {"outd", 0xed, 0xab, 16, 0},
    {"ldir", 0xed, 0xb0, 16, 21}, {"cpir", 0xed, 0xb1, 16, 21}, {"inir", 0xed, 0xb2, 16, 21},
    {"otir", 0xed, 0xb3, 16, 21}, {"lddr", 0xed, 0xb8, 16, 21}, {"cpdr", 0xed, 0xb9, 16, 21},
    {"indr", 0xed, 0xba, 16, 21}, {"otdr", 0xed, 0xbb, 16, 21},
}};

// r is one of b c d e h l a; rr one of bc de hl sp.
constexpr std::array<OperandForms, 33> kWithOperands{{
    {"ld",
     "r,r' r,n r,(hl) (hl),r (hl),n r,(ix+d) (ix+d),r (ix+d),n a,(bc) a,(de) a,(nn) (bc),a (de),a (nn),a "
     "a,i a,r i,a r,a rr,nn ix,nn rr,(nn) (nn),rr sp,hl sp,ix"},
    {"push", "bc de hl af ix iy"},
    {"pop", "bc de hl af ix iy"},
    {"inc", "r (hl) (ix+d) rr ix iy"},
    {"dec", "r (hl) (ix+d) rr ix iy"},
    {"add", "a,r a,n a,(hl) a,(ix+d) hl,rr ix,bc ix,de ix,ix ix,sp"},
    {"adc", "a,r a,n a,(hl) a,(ix+d) hl,rr"},
    {"sbc", "a,r a,n a,(hl) a,(ix+d) hl,rr"},
    {"sub", "r n (hl) (ix+d), with or without a,"},
    {"and", "r n (hl) (ix+d), with or without a,"},
    {"xor", "r n (hl) (ix+d), with or without a,"},
    {"or", "r n (hl) (ix+d), with or without a,"},
    {"cp", "r n (hl) (ix+d), with or without a,"},
    {"rlc", "r (hl) (ix+d)"},
    {"rrc", "r (hl) (ix+d)"},
    {"rl", "r (hl) (ix+d)"},
    {"rr", "r (hl) (ix+d)"},
    {"sla", "r (hl) (ix+d)"},
    {"sra", "r (hl) (ix+d)"},
    {"srl", "r (hl) (ix+d)"},
    {"bit", "b,r b,(hl) b,(ix+d) with b = 0..7"},
    {"res", "b,r b,(hl) b,(ix+d) with b = 0..7"},
    {"set", "b,r b,(hl) b,(ix+d) with b = 0..7"},
    {"jp", "nn cc,nn (hl) (ix) (iy) with cc = nz z nc c po pe p m"},
    {"jr", "e nz,e z,e nc,e c,e (a target -128..127 bytes from the next instruction)"},
    {"djnz", "e (a target -128..127 bytes from the next instruction)"},
    {"call", "nn cc,nn with cc = nz z nc c po pe p m"},
    {"ret", "no operand, or cc = nz z nc c po pe p m"},
    {"rst", "0 8 10h 18h 20h 28h 30h 38h"},
    {"ex", "de,hl af,af' (sp),hl (sp),ix (sp),iy"},
    {"in", "a,(n) r,(c)"},
    {"out", "(n),a (c),r"},
    {"im", "0 1 2"},
}};

std::optional<Encoding> encode_ld(const std::vector<Operand>& ops, LineContext& line) {
  Emitter out(line);
  const Operand& to = ops[0];
  const Operand& from = ops[1];
  const auto dst8 = reg8(to), src8 = reg8(from);
  if (dst8 && src8) {
    if (dst8->code == 6 && src8->code == 6) return std::nullopt;  // that opcode is HALT
    const Reg8& memory = dst8->code == 6 ? *dst8 : *src8;
    const int opcode = 0x40 | dst8->code << 3 | src8->code;
    if (memory.prefix != 0) return with_reg8(out, memory, opcode).done(19);
    return out.bytes({opcode}).done(dst8->code == 6 || src8->code == 6 ? 7 : 4);
  }
  if (dst8 && is_value(from)) {
    with_reg8(out, *dst8, 0x06 | dst8->code << 3).byte(from.expr, from.text, -128, 255, "8-bit value");
    return out.done(dst8->prefix != 0 ? 19 : dst8->code == 6 ? 10 : 7);
  }
  if (is_reg(to, "a")) {
    if (is_indirect(from, "bc")) return out.bytes({0x0a}).done(7);
    if (is_indirect(from, "de")) return out.bytes({0x1a}).done(7);
    if (from.kind == Kind::memory) return out.bytes({0x3a}).word(from.expr, from.text).done(13);
    if (is_reg(from, "i")) return out.bytes({0xed, 0x57}).done(9);
    if (is_reg(from, "r")) return out.bytes({0xed, 0x5f}).done(9);
  }
  if (is_reg(from, "a")) {
    if (is_indirect(to, "bc")) return out.bytes({0x02}).done(7);
    if (is_indirect(to, "de")) return out.bytes({0x12}).done(7);
    if (to.kind == Kind::memory) return out.bytes({0x32}).word(to.expr, to.text).done(13);
    if (is_reg(to, "i")) return out.bytes({0xed, 0x47}).done(9);
    if (is_reg(to, "r")) return out.bytes({0xed, 0x4f}).done(9);
  }
  if (is_reg(to, "sp") && reg16(from, false) && reg16(from, false)->code == 2) {
    const Reg16 hl = *reg16(from, false);
    if (hl.prefix != 0) return out.bytes({hl.prefix, 0xf9}).done(10);
    return out.bytes({0xf9}).done(6);
  }
  if (const auto rr = reg16(to, false)) {
    if (rr->prefix != 0) out.bytes({rr->prefix});
    if (is_value(from)) return out.bytes({0x01 | rr->code << 4}).word(from.expr, from.text).done(rr->prefix ? 14 : 10);
    if (from.kind == Kind::memory) {
      if (rr->code == 2) return out.bytes({0x2a}).word(from.expr, from.text).done(rr->prefix ? 20 : 16);
      return out.bytes({0xed, 0x4b | rr->code << 4}).word(from.expr, from.text).done(20);
    }
    return std::nullopt;
  }
  if (to.kind == Kind::memory) {
    if (const auto rr = reg16(from, false)) {
      if (rr->prefix != 0) return out.bytes({rr->prefix, 0x22}).word(to.expr, to.text).done(20);
      if (rr->code == 2) return out.bytes({0x22}).word(to.expr, to.text).done(16);
      return out.bytes({0xed, 0x43 | rr->code << 4}).word(to.expr, to.text).done(20);
    }
  }
  return std::nullopt;
}

// add/adc/sub/sbc/and/xor/or/cp with A (written "a,x" or "x"), and the 16-bit add/adc/sbc.
std::optional<Encoding> encode_alu(int operation, const std::vector<Operand>& ops, LineContext& line) {
  Emitter out(line);
  if (ops.size() == 2 && !is_reg(ops[0], "a")) {
    const auto dst = reg16(ops[0], false);
    const auto src = reg16(ops[1], false);
    // hl, ix and iy add themselves, not each other: add ix,ix but not add ix,hl.
    if (!dst || dst->code != 2 || !src || (src->code == 2 && src->prefix != dst->prefix)) return std::nullopt;
    if (operation == 0) {
      if (dst->prefix != 0) return out.bytes({dst->prefix, 0x09 | src->code << 4}).done(15);
      return out.bytes({0x09 | src->code << 4}).done(11);
    }
    if ((operation != 1 && operation != 3) || dst->prefix != 0 || src->prefix != 0) return std::nullopt;
    return out.bytes({0xed, (operation == 1 ? 0x4a : 0x42) | src->code << 4}).done(15);
  }
  if (ops.empty() || ops.size() > 2) return std::nullopt;
  const Operand& source = ops.back();
  if (const auto r = reg8(source)) {
    with_reg8(out, *r, 0x80 | operation << 3 | r->code);
    return out.done(r->prefix != 0 ? 19 : r->code == 6 ? 7 : 4);
  }
  if (!is_value(source)) return std::nullopt;
  return out.bytes({0xc6 | operation << 3}).byte(source.expr, source.text, -128, 255, "8-bit value").done(7);
}

std::optional<Encoding> encode_inc_dec(bool dec, const std::vector<Operand>& ops, LineContext& line) {
  Emitter out(line);
  if (ops.size() != 1) return std::nullopt;
  if (const auto r = reg8(ops[0])) {
    with_reg8(out, *r, (dec ? 0x05 : 0x04) | r->code << 3);
    return out.done(r->prefix != 0 ? 23 : r->code == 6 ? 11 : 4);
  }
  if (const auto rr = reg16(ops[0], false)) {
    if (rr->prefix != 0) out.bytes({rr->prefix});
    return out.bytes({(dec ? 0x0b : 0x03) | rr->code << 4}).done(rr->prefix != 0 ? 10 : 6);
  }
  return std::nullopt;
}

// CB page: rotates and shifts (`bit` < 0), or bit/res/set with the bit number first.
std::optional<Encoding> encode_cb(int base, bool with_bit, const std::vector<Operand>& ops, LineContext& line,
                                  std::uint32_t register_t, std::uint32_t memory_t, std::uint32_t indexed_t) {
  Emitter out(line);
  if (ops.size() != (with_bit ? 2u : 1u)) return std::nullopt;
  const auto r = reg8(ops.back());
  if (!r) return std::nullopt;
  int opcode = base | r->code;
  if (with_bit) {
    if (!is_value(ops[0])) return std::nullopt;
    const auto bit = value_in(line, ops[0].expr, ops[0].text, 0, 7, "bit number");
    if (!bit) return std::nullopt;
    opcode |= static_cast<int>(*bit) << 3;
  }
  if (r->prefix != 0) {
    out.bytes({r->prefix, 0xcb}).byte(r->operand->expr, r->operand->text, -128, 127, "index displacement");
    return out.bytes({opcode}).done(indexed_t);
  }
  return out.bytes({0xcb, opcode}).done(r->code == 6 ? memory_t : register_t);
}

std::optional<Encoding> encode_flow(std::string_view m, const std::vector<Operand>& ops, LineContext& line) {
  Emitter out(line);
  // A condition comes first, or is ret's only operand.
  const int cc = ops.size() == 2 || m == "ret" ? (ops.empty() ? -1 : condition_code(ops[0])) : -1;
  if ((ops.size() == 2 || m == "ret") && cc < 0) return std::nullopt;
  const Operand* target = ops.empty() ? nullptr : &ops.back();
  if (m == "jp") {
    if (ops.size() == 1 && (is_indirect(*target, "hl") || (target->kind == Kind::indexed && target->expr.empty()))) {
      if (target->kind == Kind::indexed) return out.bytes({index_prefix(target->name), 0xe9}).done(8);
      return out.bytes({0xe9}).done(4);
    }
    if (!target || !is_value(*target)) return std::nullopt;
    return out.bytes({cc < 0 ? 0xc3 : 0xc2 | cc << 3}).word(target->expr, target->text).done(10);
  }
  if (m == "call") {
    if (!target || !is_value(*target)) return std::nullopt;
    out.bytes({cc < 0 ? 0xcd : 0xc4 | cc << 3}).word(target->expr, target->text);
    return cc < 0 ? out.done(17) : out.done(10, 17);
  }
  if (m == "ret") {
    if (ops.size() != 1) return std::nullopt;
    return out.bytes({0xc0 | cc << 3}).done(5, 11);
  }
  if (!target) return std::nullopt;
  if (m == "jr") {
    if (cc > 3) return std::nullopt;  // jr has nz z nc c only
    out.bytes({cc < 0 ? 0x18 : 0x20 | cc << 3}).relative(*target);
    return cc < 0 ? out.done(12) : out.done(7, 12);
  }
  if (ops.size() != 1) return std::nullopt;  // djnz
  return out.bytes({0x10}).relative(*target).done(8, 13);
}

std::optional<Encoding> encode_operands(std::string_view m, const std::vector<Operand>& ops, LineContext& line) {
  Emitter out(line);
  if (m == "ld") return ops.size() == 2 ? encode_ld(ops, line) : std::nullopt;
  if (const int operation = alu_code(m); operation >= 0) return encode_alu(operation, ops, line);
  if (m == "inc" || m == "dec") return encode_inc_dec(m == "dec", ops, line);
  if (const int rotation = rotate_code(m, false); rotation >= 0)
    return encode_cb(rotation << 3, false, ops, line, 8, 15, 23);
  if (m == "bit") return encode_cb(0x40, true, ops, line, 8, 12, 20);
  if (m == "res") return encode_cb(0x80, true, ops, line, 8, 15, 23);
  if (m == "set") return encode_cb(0xc0, true, ops, line, 8, 15, 23);
  if (m == "jp" || m == "jr" || m == "call" || m == "ret" || m == "djnz") return encode_flow(m, ops, line);
  if (m == "push" || m == "pop") {
    const auto rr = ops.size() == 1 ? reg16(ops[0], true) : std::nullopt;
    if (!rr) return std::nullopt;
    if (rr->prefix != 0) out.bytes({rr->prefix});
    const bool push = m == "push";
    const std::uint32_t t_states = push ? (rr->prefix != 0 ? 15 : 11) : (rr->prefix != 0 ? 14 : 10);
    return out.bytes({(push ? 0xc5 : 0xc1) | rr->code << 4}).done(t_states);
  }
  if (m == "rst") return encode_rst(ops, line, 11, forms_of(kWithOperands, "rst"));
  if (m == "ex" && ops.size() == 2) {
    if (is_reg(ops[0], "de") && is_reg(ops[1], "hl")) return out.bytes({0xeb}).done(4);
    if (is_reg(ops[0], "af") && is_reg(ops[1], "af'")) return out.bytes({0x08}).done(4);
    const auto rr = reg16(ops[1], false);
    if (is_indirect(ops[0], "sp") && rr && rr->code == 2) {
      if (rr->prefix != 0) return out.bytes({rr->prefix, 0xe3}).done(23);
      return out.bytes({0xe3}).done(19);
    }
    return std::nullopt;
  }
  if (m == "in" && ops.size() == 2) {
    if (is_reg(ops[0], "a") && ops[1].kind == Kind::memory)
      return out.bytes({0xdb}).byte(ops[1].expr, ops[1].text, 0, 255, "port").done(11);
    const int r = reg8_code(ops[0]);
    if (r >= 0 && r != 6 && is_indirect(ops[1], "c")) return out.bytes({0xed, 0x40 | r << 3}).done(12);
    return std::nullopt;
  }
  if (m == "out" && ops.size() == 2) {
    if (ops[0].kind == Kind::memory && is_reg(ops[1], "a"))
      return out.bytes({0xd3}).byte(ops[0].expr, ops[0].text, 0, 255, "port").done(11);
    const int r = reg8_code(ops[1]);
    if (r >= 0 && r != 6 && is_indirect(ops[0], "c")) return out.bytes({0xed, 0x41 | r << 3}).done(12);
    return std::nullopt;
  }
  if (m == "im" && ops.size() == 1 && is_value(ops[0])) {
    const auto mode = value_in(line, ops[0].expr, ops[0].text, 0, 2, "interrupt mode");
    if (!mode) return std::nullopt;
    static constexpr std::array<int, 3> kMode{0x46, 0x56, 0x5e};
    return out.bytes({0xed, kMode[static_cast<std::size_t>(*mode)]}).done(8);
  }
  return std::nullopt;
}

constexpr Z80FamilyCpu kZ80{false, kSimple, kWithOperands, "(bc) (de) (hl) (sp) (c) (ix+d) (iy+d) (ix) (iy) and (nn)",
                            encode_operands};

bool z80_is_mnemonic(std::string_view lower_mnemonic) { return is_mnemonic(kZ80, lower_mnemonic); }

std::optional<Encoding> z80_encode(std::string_view m, std::string_view operands, LineContext& line) {
  return encode(kZ80, m, operands, line);
}

}  // namespace

const InstructionSet& z80_instruction_set() {
  static const InstructionSet kSet{Cpu::z80, z80_is_mnemonic, z80_encode};
  return kSet;
}

}  // namespace shufflelab::assembler
