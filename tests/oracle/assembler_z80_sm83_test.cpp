// Our Z80 and SM83 assemblers (core/assembler) against Debian's: z80asm and
// pasmo for the Z80, sdasgb + sdldgb (sdcc) for the SM83. The sources are
// generated here from the opcode maps, not from our encoders: every opcode
// of each page is decoded from its bit pattern (x = bits 7-6, y = 5-3,
// z = 2-0, the layout of Zilog's and the Pan Docs' tables) into the text
// the tools read, with boundary operands (0 and 255, 0 and 65535, index
// displacements -128, 0 and +127, relative jumps to -128 and +127 both
// ways). Checked: the tools' bytes equal ours; each line starts with the
// opcode it was generated from; our T-states equal what z80ex counts when it
// runs each instruction (conditions both ways); our M-cycles equal the core
// interpreter's table (core/cpu/sm83_cpu) and, where it has none, the Pan
// Docs'. The SM83 forms are also written Z80-style (no '#', ldi a,(hl),
// ld ($ff00+c),a, ld hl,sp+e): same bytes as sdasgb's.
// ./lab installs the tools (APT_PACKAGES: z80asm, pasmo, sdcc): a missing
// tool fails these tests rather than skipping them.
#include <gtest/gtest.h>
#include <z80ex/z80ex.h>

#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "core/assembler/assembler.hpp"
#include "core/cpu/sm83_cpu.hpp"
#include "oracle_tools.hpp"

namespace shufflelab::assembler {
namespace {

using namespace oracle;  // the tools, their files, and ours()

// One generated instruction: its text with placeholders, and the bytes it
// must start with (prefix and opcode; DD CB d op: prefix, CB).
//   @n a byte (0, 255), @w a word (0, 65535), +@d an index displacement
//   (-128, +0, +127), @e a relative jump target (-128 and +127 away),
//   @s a signed byte (-128, 127).
struct Form {
  std::string text;
  std::vector<std::uint8_t> lead;
};

struct Line {
  std::string text;
  std::vector<std::uint8_t> lead;
};

// Each form with every boundary value of its placeholders.
std::vector<Line> expand(const std::vector<Form>& forms) {
  std::vector<Line> lines;
  int label = 0;
  for (const Form& form : forms) {
    std::vector<std::string> texts{form.text};
    auto replace_all = [&](const std::string& token, const std::vector<std::string>& values) {
      std::vector<std::string> next;
      for (const std::string& text : texts) {
        const std::size_t at = text.find(token);
        if (at == std::string::npos) {
          next.push_back(text);
          continue;
        }
        for (const std::string& value : values)
          next.push_back(text.substr(0, at) + value + text.substr(at + token.size()));
      }
      texts = next;
    };
    replace_all("+@d", {"-128", "+0", "+127"});
    replace_all("@n", {"0", "255"});
    replace_all("@w", {"0", "65535"});
    replace_all("@s", {"-128", "127"});
    for (const std::string& text : texts) {
      const std::size_t at = text.find("@e");
      if (at == std::string::npos) {
        lines.push_back({"        " + text, form.lead});
        continue;
      }
      // A 2-byte jump at label L reaches L+2-128 .. L+2+127.
      for (const char* offset : {"+129", "-126"}) {
        const std::string name = "j" + std::to_string(label++);
        lines.push_back({name + ": " + text.substr(0, at) + name + offset + text.substr(at + 2), form.lead});
      }
    }
  }
  return lines;
}

std::string source_of(const std::string& head, const std::vector<Line>& lines) {
  std::string source = head;
  for (const Line& line : lines) source += line.text + "\n";
  return source;
}

// Each generated line's bytes start with the opcode it was generated from.
void expect_leads(const Assembly& assembly, const std::vector<Line>& lines, int first_line) {
  std::size_t next = 0;
  for (const AssembledLine& line : assembly.lines) {
    const int index = line.line - first_line;
    if (index < 0 || line.units.empty()) continue;
    ASSERT_LT(static_cast<std::size_t>(index), lines.size());
    const Line& generated = lines[static_cast<std::size_t>(index)];
    ASSERT_GE(line.units.size(), generated.lead.size()) << generated.text;
    for (std::size_t i = 0; i < generated.lead.size(); ++i)
      EXPECT_EQ(line.units[i], generated.lead[i]) << generated.text << " byte " << i;
    ++next;
  }
  EXPECT_EQ(next, lines.size());
}

// ---- Z80 ---------------------------------------------------------------------

constexpr std::array<const char*, 8> kR{"b", "c", "d", "e", "h", "l", "(hl)", "a"};
constexpr std::array<const char*, 4> kRp{"bc", "de", "hl", "sp"};
constexpr std::array<const char*, 4> kRp2{"bc", "de", "hl", "af"};
constexpr std::array<const char*, 8> kCc{"nz", "z", "nc", "c", "po", "pe", "p", "m"};
// pasmo reads sub/and/xor/or/cp without "a,"; both tools read add/adc/sbc with it.
constexpr std::array<const char*, 8> kAlu{"add a,", "adc a,", "sub ", "sbc a,", "and ", "xor ", "or ", "cp "};
constexpr std::array<const char*, 8> kRot{"rlc", "rrc", "rl", "rr", "sla", "sra", "", "srl"};  // 6: SLL, undocumented

std::string cat(std::initializer_list<std::string> parts) {
  std::string out;
  for (const std::string& p : parts) out += p;
  return out;
}

// The unprefixed page: its text, or "" for the prefixes.
std::string z80_main(int op) {
  const int x = op >> 6, y = (op >> 3) & 7, z = op & 7, p = y >> 1, q = y & 1;
  const std::string r_y = kR[static_cast<std::size_t>(y)], r_z = kR[static_cast<std::size_t>(z)];
  const std::string rp = kRp[static_cast<std::size_t>(p)], cc = kCc[static_cast<std::size_t>(y)];
  if (x == 0) {
    switch (z) {
      case 0: {
        static constexpr std::array<const char*, 4> kFirst{"nop", "ex af,af'", "djnz @e", "jr @e"};
        return y < 4 ? kFirst[static_cast<std::size_t>(y)] : cat({"jr ", kCc[static_cast<std::size_t>(y - 4)], ",@e"});
      }
      case 1:
        return q == 0 ? "ld " + rp + ",@w" : "add hl," + rp;
      case 2: {
        static constexpr std::array<const char*, 8> kLoads{"ld (bc),a",  "ld a,(bc)",  "ld (de),a", "ld a,(de)",
                                                           "ld (@w),hl", "ld hl,(@w)", "ld (@w),a", "ld a,(@w)"};
        return kLoads[static_cast<std::size_t>(y)];
      }
      case 3:
        return (q == 0 ? "inc " : "dec ") + rp;
      case 4:
        return "inc " + r_y;
      case 5:
        return "dec " + r_y;
      case 6:
        return "ld " + r_y + ",@n";
      default: {
        static constexpr std::array<const char*, 8> kAcc{"rlca", "rrca", "rla", "rra", "daa", "cpl", "scf", "ccf"};
        return kAcc[static_cast<std::size_t>(y)];
      }
    }
  }
  if (x == 1) return op == 0x76 ? "halt" : "ld " + r_y + "," + r_z;
  if (x == 2) return kAlu[static_cast<std::size_t>(y)] + r_z;
  switch (z) {
    case 0:
      return "ret " + cc;
    case 1: {
      static constexpr std::array<const char*, 4> kOdd{"ret", "exx", "jp (hl)", "ld sp,hl"};
      return q == 0 ? "pop " + std::string(kRp2[static_cast<std::size_t>(p)]) : kOdd[static_cast<std::size_t>(p)];
    }
    case 2:
      return "jp " + cc + ",@w";
    case 3: {
      static constexpr std::array<const char*, 8> kMisc{"jp @w",      "",         "out (@n),a", "in a,(@n)",
                                                        "ex (sp),hl", "ex de,hl", "di",         "ei"};
      return kMisc[static_cast<std::size_t>(y)];
    }
    case 4:
      return "call " + cc + ",@w";
    case 5:
      return q == 0 ? "push " + std::string(kRp2[static_cast<std::size_t>(p)]) : (p == 0 ? "call @w" : "");
    case 6:
      return kAlu[static_cast<std::size_t>(y)] + std::string("@n");
    default:
      return "rst " + std::to_string(y * 8);
  }
}

std::string z80_cb(int op, const std::string& target_hl) {
  const int x = op >> 6, y = (op >> 3) & 7, z = op & 7;
  const std::string r = z == 6 ? target_hl : kR[static_cast<std::size_t>(z)];
  if (x == 0) return y == 6 ? "" : cat({kRot[static_cast<std::size_t>(y)], " ", r});
  static constexpr std::array<const char*, 4> kBit{"", "bit ", "res ", "set "};
  return cat({kBit[static_cast<std::size_t>(x)], std::to_string(y), ",", r});
}

// The documented ED page ("" for the rest: undocumented mirrors and holes,
// and ED 63/6B, the second spelling of ld (nn),hl / ld hl,(nn)).
std::string z80_ed(int op) {
  const int x = op >> 6, y = (op >> 3) & 7, z = op & 7, p = y >> 1, q = y & 1;
  const std::string rp = kRp[static_cast<std::size_t>(p)];
  if (x == 1) {
    switch (z) {
      case 0:
        return y == 6 ? "" : cat({"in ", kR[static_cast<std::size_t>(y)], ",(c)"});
      case 1:
        return y == 6 ? "" : cat({"out (c),", kR[static_cast<std::size_t>(y)]});
      case 2:
        return (q == 0 ? "sbc hl," : "adc hl,") + rp;
      case 3:
        return p == 2 ? "" : q == 0 ? "ld (@w)," + rp : "ld " + rp + ",(@w)";
      case 4:
        return y == 0 ? "neg" : "";
      case 5:
        return y == 0 ? "retn" : y == 1 ? "reti" : "";
      case 6:
        return y == 0 ? "im 0" : y == 2 ? "im 1" : y == 3 ? "im 2" : "";
      default: {
        static constexpr std::array<const char*, 8> kSpecial{"ld i,a", "ld r,a", "ld a,i", "ld a,r",
                                                             "rrd",    "rld",    "",       ""};
        return kSpecial[static_cast<std::size_t>(y)];
      }
    }
  }
  if (x == 2 && z <= 3 && y >= 4) {
    static constexpr std::array<std::array<const char*, 4>, 4> kBlock{{{"ldi", "cpi", "ini", "outi"},
                                                                       {"ldd", "cpd", "ind", "outd"},
                                                                       {"ldir", "cpir", "inir", "otir"},
                                                                       {"lddr", "cpdr", "indr", "otdr"}}};
    return kBlock[static_cast<std::size_t>(y - 4)][static_cast<std::size_t>(z)];
  }
  return "";
}

// An unprefixed form with IX or IY in place of HL ("" where DD/FD changes
// nothing or gives an undocumented form: IXH/IXL, ex de,hl).
std::string z80_indexed(const std::string& main, int op, const std::string& ix) {
  if (main.empty() || op == 0xeb) return "";
  if (op == 0xe9) return "jp (" + ix + ")";
  std::string text = main;
  if (const std::size_t at = text.find("(hl)"); at != std::string::npos) {
    text.replace(at, 4, "(" + ix + "+@d)");
    return text;
  }
  const std::size_t space = text.find(' ');
  if (space == std::string::npos) return "";
  std::string operands = text.substr(space + 1);
  bool changed = false;
  for (std::size_t at; (at = operands.find("hl")) != std::string::npos; changed = true) operands.replace(at, 2, ix);
  // h or l alone is IXH/IXL (undocumented).
  const auto only = [&](const std::string& part) { return part == "h" || part == "l"; };
  const std::size_t comma = operands.find(',');
  if (only(operands.substr(0, comma)) || (comma != std::string::npos && only(operands.substr(comma + 1)))) return "";
  return changed ? text.substr(0, space + 1) + operands : "";
}

std::vector<Form> z80_forms() {
  std::vector<Form> forms;
  const auto u8 = [](int v) { return static_cast<std::uint8_t>(v); };
  for (int op = 0; op < 256; ++op)
    if (const std::string text = z80_main(op); !text.empty()) forms.push_back({text, {u8(op)}});
  for (int op = 0; op < 256; ++op)
    if (const std::string text = z80_cb(op, "(hl)"); !text.empty()) forms.push_back({text, {0xcb, u8(op)}});
  for (int op = 0; op < 256; ++op)
    if (const std::string text = z80_ed(op); !text.empty()) forms.push_back({text, {0xed, u8(op)}});
  for (const auto& [prefix, ix] : {std::pair<int, std::string>{0xdd, "ix"}, {0xfd, "iy"}}) {
    for (int op = 0; op < 256; ++op)
      if (const std::string text = z80_indexed(z80_main(op), op, ix); !text.empty())
        forms.push_back({text, {u8(prefix), u8(op)}});
    for (int op = 6; op < 256; op += 8)  // DD CB d op: the (ix+d) column only
      if (const std::string text = z80_cb(op, "(" + ix + "+@d)"); !text.empty())
        forms.push_back({text, {u8(prefix), 0xcb}});
  }
  return forms;
}

std::vector<std::uint8_t> z80asm_bytes(const std::string& source) {
  EXPECT_TRUE(have_tool("z80asm")) << "z80asm missing: ./lab installs Debian's z80asm";
  const std::string s = temp_path("z80asm.asm"), bin = temp_path("z80asm.bin");
  write_file(s, source);
  const auto [status, out] = run_tool("z80asm -o '" + bin + "' '" + s + "'");
  EXPECT_EQ(status, 0) << out;
  return bytes_of(read_file(bin));
}

std::vector<std::uint8_t> pasmo_bytes(const std::string& source) {
  EXPECT_TRUE(have_tool("pasmo")) << "pasmo missing: ./lab installs Debian's pasmo";
  const std::string s = temp_path("pasmo.asm"), bin = temp_path("pasmo.bin");
  write_file(s, source);
  const auto [status, out] = run_tool("pasmo '" + s + "' '" + bin + "'");
  EXPECT_EQ(status, 0) << out;
  return bytes_of(read_file(bin));
}

// From 0x100: pasmo refuses a jump target below address 0.
const std::string kZ80Head = "        org 256\n";

TEST(AssemblerZ80Oracle, EveryDocumentedFormEqualsZ80asmAndPasmo) {
  // The documented forms, counted by hand from Zilog's manual: 252 unprefixed
  // (256 less the 4 prefixes), 248 CB (less SLL), 56 ED (14 in/out, 8
  // adc/sbc hl, 6 ld rr,(nn) both ways, neg, retn, reti, 3 im, 6 with i/r
  // and rrd/rld, 16 block), and for IX and IY each 39 main and 31 DD CB.
  ASSERT_EQ(z80_forms().size(), 252u + 248u + 56u + 2 * (39u + 31u));
  const std::vector<Line> lines = expand(z80_forms());
  const std::string source = source_of(kZ80Head, lines);
  Assembly assembly;
  const std::vector<std::uint8_t> mine = ours(Cpu::z80, source, &assembly);
  ASSERT_GT(mine.size(), 2000u);
  EXPECT_EQ(mine, z80asm_bytes(source));
  EXPECT_EQ(mine, pasmo_bytes(source));
  expect_leads(assembly, lines, 2);
}

// Symbols defined further down: jumps, words, a displacement and a byte.
// (pasmo refuses a displacement defined below its line, so z80asm alone.)
TEST(AssemblerZ80Oracle, ForwardReferencesEqualZ80asm) {
  const std::string source =
      "        org 256\n        jr fwd1\n        ld hl,fwd2\n        djnz fwd1\n        ld (ix+fwd_d),fwd_n\n"
      "        jp nz,fwd2\n        ld a,(fwd2)\nfwd1:   nop\n        call fwd2\nfwd2:   ret\n"
      "fwd_d:  equ -3\nfwd_n:  equ 0xab\n";
  EXPECT_EQ(ours(Cpu::z80, source), z80asm_bytes(source));
}

// z80asm's spelling around the instructions: upper and mixed case, equates,
// $, a ';' character, strings in defb, expressions in (ix+d).
TEST(AssemblerZ80Oracle, SyntaxEqualsZ80asm) {
  const std::string source =
      "        org 4000h\n"
      "start:  ld a,0ffh\n"
      "CONST:  equ 12\n"
      "        ld b,CONST*2\n"
      "        ld c,%1010\n"
      "        ld hl,$\n"
      "        jr $\n"
      "        defb 1,2,\"hi\"\n"
      "        defw start,0x1234\n"
      "        defs 3\n"
      "        ld a,';' ; semicolon char\n"
      "label2: ld de,label2+1\n"
      "        ld a,(ix+CONST-20)\n"
      "        ex af,af'  ; comment\n"
      "        LD A,(IX+1)\n"
      "        Ld Hl,0FFFFh\n"
      "        jp (IY)\n"
      "        ld a,7 & 3 | 8\n"
      "        ld a,-1\n"
      "        ld bc,-1\n";
  EXPECT_EQ(ours(Cpu::z80, source), z80asm_bytes(source));
}

// ---- Z80 T-states against z80ex -----------------------------------------------

struct Z80ex {
  std::vector<std::uint8_t> memory = std::vector<std::uint8_t>(65536, 0);
  Z80EX_CONTEXT* cpu = nullptr;
  static Z80EX_BYTE read(Z80EX_CONTEXT*, Z80EX_WORD a, int, void* self) { return static_cast<Z80ex*>(self)->memory[a]; }
  static void write(Z80EX_CONTEXT*, Z80EX_WORD a, Z80EX_BYTE v, void* self) {
    static_cast<Z80ex*>(self)->memory[a] = v;
  }
  static Z80EX_BYTE port_read(Z80EX_CONTEXT*, Z80EX_WORD, void*) { return 0xff; }
  static void port_write(Z80EX_CONTEXT*, Z80EX_WORD, Z80EX_BYTE, void*) {}
  static Z80EX_BYTE int_read(Z80EX_CONTEXT*, void*) { return 0xff; }
  Z80ex() { cpu = z80ex_create(read, this, write, this, port_read, nullptr, port_write, nullptr, int_read, nullptr); }
  ~Z80ex() { z80ex_destroy(cpu); }
  Z80ex(const Z80ex&) = delete;
  Z80ex& operator=(const Z80ex&) = delete;
};

// T-states of the instruction at `address` (the image loaded at 0x100) run by z80ex with F, BC and A as given.
int z80ex_t_states(const std::vector<std::uint8_t>& image, std::uint16_t address, std::uint8_t f, std::uint16_t bc) {
  Z80ex z80;
  std::copy(image.begin(), image.end(), z80.memory.begin() + 0x100);
  z80ex_set_reg(z80.cpu, regPC, address);
  z80ex_set_reg(z80.cpu, regSP, 0xfff0);
  z80ex_set_reg(z80.cpu, regHL, 0xf000);  // cpir/cpdr compare A = 0x55 with 0: never found
  z80ex_set_reg(z80.cpu, regDE, 0xf100);
  z80ex_set_reg(z80.cpu, regAF, static_cast<Z80EX_WORD>(0x5500 | f));
  z80ex_set_reg(z80.cpu, regBC, bc);
  int t = 0;
  do t += z80ex_step(z80.cpu);
  while (z80ex_last_op_type(z80.cpu) != 0);
  return t;
}

TEST(AssemblerZ80Oracle, TStatesAreWhatZ80exCounts) {
  const std::vector<Line> lines = expand(z80_forms());
  const Assembly assembly = assemble(Cpu::z80, source_of(kZ80Head, lines));
  ASSERT_TRUE(assembly.ok()) << diagnostics_text(assembly, "ours");
  const std::vector<std::uint16_t> units = assembly.image();
  const std::vector<std::uint8_t> image(units.begin(), units.end());
  int checked = 0;
  for (const AssembledLine& line : assembly.lines) {
    if (!line.cycles) continue;
    const auto& u = line.units;
    // Counted loops run once (B or BC = 1) and then repeat (2); the
    // conditions hold with F = 0 (nz nc po p) or F = 0xFF (z c pe m).
    const bool djnz = u[0] == 0x10, block = u[0] == 0xed && (u[1] & 0xf4) == 0xb0;
    const bool b_counts = djnz || (block && (u[1] & 2) != 0);  // inir otir indr otdr count B
    const std::uint16_t once = b_counts ? 0x0100 : 0x0001, twice = b_counts ? 0x0200 : 0x0002;
    const int first =
        z80ex_t_states(image, static_cast<std::uint16_t>(line.address), 0x00, djnz || block ? once : 0x0100);
    const int second = z80ex_t_states(image, static_cast<std::uint16_t>(line.address), djnz || block ? 0x00 : 0xff,
                                      djnz || block ? twice : 0x0100);
    const int base = static_cast<int>(line.cycles->base);
    const int taken = line.cycles->taken != 0 ? static_cast<int>(line.cycles->taken) : base;
    EXPECT_EQ(std::min(first, second), base) << lines[static_cast<std::size_t>(line.line - 2)].text;
    EXPECT_EQ(std::max(first, second), taken) << lines[static_cast<std::size_t>(line.line - 2)].text;
    ++checked;
  }
  EXPECT_EQ(checked, static_cast<int>(lines.size()));
}

// ---- SM83 --------------------------------------------------------------------

// Same decoding for the Game Boy CPU, in sdasgb's spelling.
std::string sm83_main(int op) {
  const int x = op >> 6, y = (op >> 3) & 7, z = op & 7, p = y >> 1, q = y & 1;
  const std::string r_y = kR[static_cast<std::size_t>(y)], r_z = kR[static_cast<std::size_t>(z)];
  const std::string rp = kRp[static_cast<std::size_t>(p)];
  static constexpr std::array<const char*, 8> kSdasAlu{"add a,", "adc a,", "sub a,", "sbc a,",
                                                       "and a,", "xor a,", "or a,",  "cp a,"};
  if (x == 0) {
    switch (z) {
      case 0: {
        static constexpr std::array<const char*, 4> kFirst{"nop", "ld (@w),sp", "stop", "jr @e"};
        return y < 4 ? kFirst[static_cast<std::size_t>(y)] : cat({"jr ", kCc[static_cast<std::size_t>(y - 4)], ",@e"});
      }
      case 1:
        return q == 0 ? "ld " + rp + ",#@w" : "add hl," + rp;
      case 2: {
        static constexpr std::array<const char*, 8> kLoads{"ld (bc),a",  "ld a,(bc)",  "ld (de),a",  "ld a,(de)",
                                                           "ld (hl+),a", "ld a,(hl+)", "ld (hl-),a", "ld a,(hl-)"};
        return kLoads[static_cast<std::size_t>(y)];
      }
      case 3:
        return (q == 0 ? "inc " : "dec ") + rp;
      case 4:
        return "inc " + r_y;
      case 5:
        return "dec " + r_y;
      case 6:
        return "ld " + r_y + ",#@n";
      default: {
        static constexpr std::array<const char*, 8> kAcc{"rlca", "rrca", "rla", "rra", "daa", "cpl", "scf", "ccf"};
        return kAcc[static_cast<std::size_t>(y)];
      }
    }
  }
  if (x == 1) return op == 0x76 ? "halt" : "ld " + r_y + "," + r_z;
  if (x == 2) return kSdasAlu[static_cast<std::size_t>(y)] + r_z;
  const std::string cc = y < 4 ? kCc[static_cast<std::size_t>(y)] : "";
  switch (z) {
    case 0: {
      static constexpr std::array<const char*, 4> kHigh{"ldh (@n),a", "add sp,#@s", "ldh a,(@n)", "ldhl sp,#@s"};
      return y < 4 ? "ret " + cc : kHigh[static_cast<std::size_t>(y - 4)];
    }
    case 1: {
      static constexpr std::array<const char*, 4> kOdd{"ret", "reti", "jp (hl)", "ld sp,hl"};
      return q == 0 ? "pop " + std::string(kRp2[static_cast<std::size_t>(p)]) : kOdd[static_cast<std::size_t>(p)];
    }
    case 2: {
      static constexpr std::array<const char*, 4> kHigh{"ldh (c),a", "ld (@w),a", "ldh a,(c)", "ld a,(@w)"};
      return y < 4 ? "jp " + cc + ",@w" : kHigh[static_cast<std::size_t>(y - 4)];
    }
    case 3:
      return y == 0 ? "jp @w" : y == 6 ? "di" : y == 7 ? "ei" : "";
    case 4:
      return y < 4 ? "call " + cc + ",@w" : "";
    case 5:
      return q == 0 ? "push " + std::string(kRp2[static_cast<std::size_t>(p)]) : (p == 0 ? "call @w" : "");
    case 6:
      return kSdasAlu[static_cast<std::size_t>(y)] + std::string("#@n");
    default:
      return "rst " + std::to_string(y * 8);
  }
}

std::string sm83_cb(int op) {
  const int x = op >> 6, y = (op >> 3) & 7, z = op & 7;
  if (x == 0) {
    static constexpr std::array<const char*, 8> kSm83Rot{"rlc", "rrc", "rl", "rr", "sla", "sra", "swap", "srl"};
    return cat({kSm83Rot[static_cast<std::size_t>(y)], " ", kR[static_cast<std::size_t>(z)]});
  }
  static constexpr std::array<const char*, 4> kBit{"", "bit ", "res ", "set "};
  return cat({kBit[static_cast<std::size_t>(x)], std::to_string(y), ",", kR[static_cast<std::size_t>(z)]});
}

std::vector<Form> sm83_forms() {
  std::vector<Form> forms;
  const auto u8 = [](int v) { return static_cast<std::uint8_t>(v); };
  for (int op = 0; op < 256; ++op)
    if (const std::string text = sm83_main(op); !text.empty()) forms.push_back({text, {u8(op)}});
  for (int op = 0; op < 256; ++op) forms.push_back({sm83_cb(op), {0xcb, u8(op)}});
  return forms;
}

// The same instruction as Game Boy code is often written Z80-style.
std::string z80_style(std::string text) {
  static const std::array<std::pair<std::string, std::string>, 8> kRewrites{{
      {"ld a,(hl+)", "ldi a,(hl)"},
      {"ld (hl+),a", "ldi (hl),a"},
      {"ld a,(hl-)", "ldd a,(hl)"},
      {"ld (hl-),a", "ldd (hl),a"},
      {"ldh (c),a", "ld ($ff00+c),a"},
      {"ldh a,(c)", "ld a,(c)"},
      {"ldhl sp,#", "ld hl,sp+"},
      {"jp (hl)", "jp hl"},
  }};
  for (const auto& [from, to] : kRewrites)
    if (text.find(from) != std::string::npos) text.replace(text.find(from), from.size(), to);
  std::erase(text, '#');
  return text;
}

std::vector<std::uint8_t> sdasgb_bytes(const std::string& source) {
  EXPECT_TRUE(have_tool("sdasgb") && have_tool("sdldgb")) << "sdasgb/sdldgb missing: ./lab installs Debian's sdcc";
  const std::string s = temp_path("sdasgb.s"), rel = temp_path("sdasgb.rel"), ihx = temp_path("sdasgb.ihx");
  write_file(s, source);
  const auto [status, out] =
      run_tool("sdasgb -o '" + rel + "' '" + s + "' && sdldgb -n -i '" + ihx + "' '" + rel + "'");
  EXPECT_EQ(status, 0) << out;
  std::vector<std::uint8_t> bytes;
  for (const auto& [address, byte] : intel_hex_bytes(read_file(ihx))) {
    bytes.resize(std::max<std::size_t>(bytes.size(), address + 1), 0xff);
    bytes[address] = byte;
  }
  return bytes;
}

TEST(AssemblerSm83Oracle, EveryFormEqualsSdasgbInBothSpellings) {
  // 244 unprefixed (256 less the CB prefix and the 11 holes) and the 256 of the CB page.
  ASSERT_EQ(sm83_forms().size(), 244u + 256u);
  const std::vector<Line> lines = expand(sm83_forms());
  const std::string head = "        .area CODE (ABS)\n        .org 0\n";
  const std::string source = source_of(head, lines);
  const std::vector<std::uint8_t> theirs = sdasgb_bytes(source);
  ASSERT_GT(theirs.size(), 900u);
  Assembly assembly;
  EXPECT_EQ(ours(Cpu::sm83, source, &assembly), theirs);
  expect_leads(assembly, lines, 3);

  std::vector<Line> z80_lines = lines;
  for (Line& line : z80_lines) line.text = z80_style(line.text);
  const std::string z80_source = source_of(head, z80_lines);
  ASSERT_NE(z80_source.find("ld ($ff00+c),a"), std::string::npos);
  EXPECT_EQ(ours(Cpu::sm83, z80_source), theirs);
}

TEST(AssemblerSm83Oracle, ForwardReferencesEqualSdasgb) {
  const std::string source =
      "        .area CODE (ABS)\n        .org 0x150\n        jr fwd1\n        ld hl,#fwd2\n        ldh a,(fwd_h)\n"
      "        jp nz,fwd2\n        ld a,(fwd2)\n        ldhl sp,#fwd_e\n        add sp,#fwd_e\nfwd1:   nop\n"
      "        call fwd2\nfwd2:   ret\nfwd_h = 0x44\nfwd_e = -3\n";
  const std::vector<std::uint8_t> theirs = sdasgb_bytes(source);
  const std::vector<std::uint8_t> mine = ours(Cpu::sm83, source);
  ASSERT_EQ(theirs.size(), 0x150 + mine.size());  // sdasgb's image starts at 0
  EXPECT_TRUE(std::equal(mine.begin(), mine.end(), theirs.begin() + 0x150));
}

// sdasgb's number prefixes, its current address '.', local labels (1$) and '#' before expressions.
TEST(AssemblerSm83Oracle, LiteralsAndLocalLabelsEqualSdasgb) {
  const std::string source =
      "        .area CODE (ABS)\n        .org 0\n        ld a,#0h10\n        ld a,#0b101\n        ld a,#<0x1234\n"
      "        ld a,#>0x1234\n        ld a,#0o17\n        ld a,#0q17\n        ld a,#0d99\n        ld a,#0x1f\n"
      "        .db 1,2\n        .dw 0x1234\n        ld a,#.\n        jr .\nloop:\n1$:     jr 1$\n        jr nz,2$\n"
      "        nop\n2$:     ld a,#-1\n        ld a,#~0\n        ld a,#(3*4)\n        ld hl,#3*4+1\n"
      "        ld a,(#0xc000+3)\n";
  EXPECT_EQ(ours(Cpu::sm83, source), sdasgb_bytes(source));
}

TEST(AssemblerSm83Oracle, MCyclesAreTheTables) {
  const std::vector<Line> lines = expand(sm83_forms());
  const Assembly assembly = assemble(Cpu::sm83, source_of("", lines));
  ASSERT_TRUE(assembly.ok()) << diagnostics_text(assembly, "ours");
  // The Pan Docs' timings of the opcodes the interpreter does not run.
  const auto pan_docs = [](std::uint16_t op) -> Sm83Timing {
    switch (op) {
      case 0x08:
        return {3, 5, 0};  // ld (nn),sp
      case 0x10:
        return {2, 1, 0};  // stop
      case 0x27:
      case 0x76:
      case 0xf3:
      case 0xfb:
        return {1, 1, 0};  // daa halt di ei
      case 0xd9:
        return {1, 4, 0};  // reti
      case 0xe8:
        return {2, 4, 0};  // add sp,e
      case 0xf8:
        return {2, 3, 0};  // ld hl,sp+e
      default:
        return (op & 0xc7) == 0xc7 ? Sm83Timing{1, 4, 0} : Sm83Timing{};  // rst
    }
  };
  int checked = 0;
  for (const AssembledLine& line : assembly.lines) {
    if (!line.cycles) continue;
    const std::vector<std::uint8_t> code(line.units.begin(), line.units.end());
    const Sm83Timing timing = sm83_timing(code).value_or(pan_docs(line.units[0]));
    const std::string& text = lines[static_cast<std::size_t>(line.line - 1)].text;
    ASSERT_NE(timing.length, 0) << text;
    EXPECT_EQ(timing.length, line.units.size()) << text;
    EXPECT_EQ(timing.m_cycles, line.cycles->base) << text;
    EXPECT_EQ(timing.m_cycles_taken, line.cycles->taken) << text;
    ++checked;
  }
  EXPECT_EQ(checked, static_cast<int>(lines.size()));
}

}  // namespace
}  // namespace shufflelab::assembler
