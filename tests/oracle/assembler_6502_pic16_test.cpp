// Our 6502 and PIC16 assemblers (core/assembler) against Debian's: ca65 +
// ld65 (cc65) and xa65 for the 6502, gpasm (gputils) for PIC16. Sources are
// generated here from tables that are not our encoders': the 6502's from
// the interpreter's opcode table (core/cpu: mnemonic and length per opcode)
// with each opcode's addressing mode read from its bit pattern (the MOS
// opcode matrix: aaabbbcc), PIC16's from the 35 instructions' operand kinds.
// Every form, with boundary operands, must give the same bytes as the tool.
// ./lab installs the tools (APT_PACKAGES: cc65, xa65, gputils): a missing
// tool fails these tests rather than skipping them.
#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <set>
#include <string>
#include <vector>

#include "core/assembler/assembler.hpp"
#include "core/cpu/mos6502.hpp"
#include "oracle_tools.hpp"

namespace shufflelab::assembler {
namespace {

// ---- tools ------------------------------------------------------------------
using namespace oracle;  // the tools, their files, and ours()

// ca65 + ld65: the source (which sets its own .org) linked at `start`.
std::vector<std::uint8_t> ca65_bytes(const std::string& source, unsigned start) {
  EXPECT_TRUE(have_tool("ca65") && have_tool("ld65")) << "ca65/ld65 missing: ./lab installs Debian's cc65";
  const std::string s = temp_path("ca65.s"), o = temp_path("ca65.o"), bin = temp_path("ca65.bin"),
                    cfg = temp_path("ca65.cfg");
  char config[200];
  std::snprintf(config, sizeof config,
                "MEMORY { M: start = $%04X, size = $%04X, file = %%O; }\n"
                "SEGMENTS { CODE: load = M, type = rw; LISTING: load = M, type = rw, optional = yes; }\n",
                start, 0x10000 - start);
  write_file(s, source);
  write_file(cfg, config);
  const auto [status, out] =
      run_tool("ca65 -o '" + o + "' '" + s + "' && ld65 -C '" + cfg + "' -o '" + bin + "' '" + o + "'");
  EXPECT_EQ(status, 0) << out;
  return bytes_of(read_file(bin));
}

std::vector<std::uint8_t> xa_bytes(const std::string& source) {
  EXPECT_TRUE(have_tool("xa")) << "xa missing: ./lab installs Debian's xa65";
  const std::string s = temp_path("xa.s"), bin = temp_path("xa.bin");
  write_file(s, source);
  const auto [status, out] = run_tool("xa -o '" + bin + "' '" + s + "'");
  EXPECT_EQ(status, 0) << out;
  return bytes_of(read_file(bin));
}

// gpasm's Intel HEX as program words (little-endian byte pairs), from word 0.
std::vector<std::uint16_t> gpasm_words(const std::string& source) {
  EXPECT_TRUE(have_tool("gpasm")) << "gpasm missing: ./lab installs Debian's gputils";
  const std::string s = temp_path("gpasm.asm"), hex = temp_path("gpasm.hex");
  write_file(s, source);
  const auto [status, out] = run_tool("gpasm -o '" + hex + "' '" + s + "'");
  EXPECT_EQ(status, 0) << out;
  std::vector<std::uint16_t> words;
  for (const auto& [address, byte] : intel_hex_bytes(read_file(hex))) {
    if (address >= 0x4000) break;  // configuration words
    words.resize(std::max<std::size_t>(words.size(), address / 2 + 1), 0x3fff);
    if (address % 2 == 0)
      words[address / 2] = static_cast<std::uint16_t>((words[address / 2] & 0xff00) | byte);
    else
      words[address / 2] = static_cast<std::uint16_t>((words[address / 2] & 0x00ff) | byte << 8);
  }
  return words;
}

// The first line where two byte images differ, with the listing's address.
std::string first_difference(const std::vector<std::uint8_t>& a, const std::vector<std::uint8_t>& b, unsigned origin) {
  for (std::size_t i = 0; i < std::max(a.size(), b.size()); ++i) {
    const int x = i < a.size() ? a[i] : -1, y = i < b.size() ? b[i] : -1;
    if (x != y) {
      char text[80];
      std::snprintf(text, sizeof text, "at $%04zX: ours %d, theirs %d", origin + i, x, y);
      return text;
    }
  }
  return "";
}

// ---- the 6502's forms, from the interpreter's opcode table --------------------
enum class Mode { imp, acc, imm, zp, zpx, zpy, abs, abx, aby, ind, izx, izy, rel };

// The addressing mode of a documented opcode from its bits aaabbbcc (the MOS
// opcode matrix): cc = 01 is the ALU group, whose bbb names the mode; cc = 10
// and 00 use bbb for immediate, zp, abs, zp,X and abs,X (Y for LDX/STX).
Mode mode_of(std::uint8_t opcode, std::string_view mnemonic, const Mos6502Timing& timing) {
  if (timing.branch) return Mode::rel;
  if (timing.length == 1) return (opcode & 0x9f) == 0x0a ? Mode::acc : Mode::imp;
  if (opcode == 0x20) return Mode::abs;  // JSR sits in the cc = 00 column of BRK, RTI, RTS
  if (opcode == 0x6c) return Mode::ind;
  const int bbb = (opcode >> 2) & 7;
  if ((opcode & 3) == 1) {
    constexpr std::array<Mode, 8> alu{Mode::izx, Mode::zp,  Mode::imm, Mode::abs,
                                      Mode::izy, Mode::zpx, Mode::aby, Mode::abx};
    return alu[static_cast<std::size_t>(bbb)];
  }
  const bool y_indexed = mnemonic == "ldx" || mnemonic == "stx";
  switch (bbb) {
    case 0:
      return Mode::imm;
    case 1:
      return Mode::zp;
    case 3:
      return Mode::abs;
    case 5:
      return y_indexed ? Mode::zpy : Mode::zpx;
    default:
      return y_indexed ? Mode::aby : Mode::abx;
  }
}

struct Form {
  std::uint8_t opcode;
  std::string mnemonic;
  Mode mode;
};

std::vector<Form> documented_forms() {
  std::vector<Form> forms;
  for (int op = 0; op < 256; ++op) {
    const auto opcode = static_cast<std::uint8_t>(op);
    const std::string mnemonic(mos6502_mnemonic(opcode));
    if (mnemonic.empty()) continue;
    const auto timing = mos6502_timing(opcode);
    forms.push_back({opcode, mnemonic, mode_of(opcode, mnemonic, *timing)});
  }
  return forms;
}

// Every form with boundary operands; `xa` writes xa65's spelling (no `a`
// operand for the accumulator). Branches reach -128, 0 and +127.
std::string every_6502_form(bool xa) {
  std::string text = xa ? "*=$1000\n" : "        .org $1000\n";
  for (const Form& form : documented_forms()) {
    std::vector<std::string> operands;
    switch (form.mode) {
      case Mode::imp:
        operands = {""};
        break;
      case Mode::acc:
        operands = {xa ? "" : "a"};
        break;
      case Mode::imm:
        operands = {"#$00", "#$FF", "#127", "#%10000001", "#'Z'"};
        break;
      case Mode::zp:
        operands = {"$00", "$FF"};
        break;
      case Mode::zpx:
        operands = {"$00,x", "$FF,X"};
        break;
      case Mode::zpy:
        operands = {"$00,y", "$FF,Y"};
        break;
      case Mode::abs:
        operands = {"$0100", "$FFFF", "$1234", "$0012"};
        break;
      case Mode::abx:
        operands = {"$0100,x", "$FFFF,x", "$0012,x"};
        break;
      case Mode::aby:
        operands = {"$0100,y", "$FFFF,y", "$0012,y"};
        break;
      case Mode::ind:
        operands = {"($0100)", "($FFFF)", "($0012)"};
        break;
      case Mode::izx:
        operands = {"($00,x)", "($FF,x)"};
        break;
      case Mode::izy:
        operands = {"($00),y", "($FF),y"};
        break;
      case Mode::rel:
        operands = {"*-126", "*+2", "*+129"};
        break;
    }
    for (const auto& operand : operands) text += "        " + form.mnemonic + " " + operand + "\n";
  }
  return text;
}

TEST(Assembler6502Oracle, TheFormsCoverEveryDocumentedOpcode) {
  const auto forms = documented_forms();
  EXPECT_EQ(forms.size(), 151u);
  // Each derived mode agrees with the opcode's length in the interpreter's table.
  for (const Form& form : forms) {
    const int length =
        form.mode == Mode::imp || form.mode == Mode::acc                                                       ? 1
        : form.mode == Mode::abs || form.mode == Mode::abx || form.mode == Mode::aby || form.mode == Mode::ind ? 3
                                                                                                               : 2;
    EXPECT_EQ(length, mos6502_timing(form.opcode)->length) << form.mnemonic << " $" << std::hex << int(form.opcode);
  }
  // Our assembly of the forms uses every documented opcode.
  const Assembly assembly = assemble(Cpu::mos6502, every_6502_form(false));
  ASSERT_TRUE(assembly.ok()) << diagnostics_text(assembly, "forms");
  std::set<std::uint8_t> opcodes;
  for (const auto& line : assembly.lines)
    if (!line.units.empty()) opcodes.insert(static_cast<std::uint8_t>(line.units[0]));
  for (const Form& form : forms)
    EXPECT_TRUE(opcodes.count(form.opcode)) << form.mnemonic << " $" << std::hex << int(form.opcode);
}

TEST(Assembler6502Oracle, EveryFormEqualsCa65) {
  const std::string source = every_6502_form(false);
  const auto theirs = ca65_bytes(source, 0x1000);
  const auto mine = ours(Cpu::mos6502, source);
  ASSERT_GT(theirs.size(), 500u);
  EXPECT_EQ(mine, theirs) << first_difference(mine, theirs, 0x1000);
}

TEST(Assembler6502Oracle, EveryFormEqualsXa65) {
  const auto theirs = xa_bytes(every_6502_form(true));
  const auto mine = ours(Cpu::mos6502, every_6502_form(true));
  ASSERT_GT(theirs.size(), 500u);
  EXPECT_EQ(mine, theirs) << first_difference(mine, theirs, 0x1000);
}

// ca65's own choices: zero page for equates below $100 known above the line,
// absolute for code labels and symbols defined further down (even when below
// $100), `<`/`>` bytes, expressions in ca65's precedence, local labels, data.
TEST(Assembler6502Oracle, Ca65ChoicesAndDirectivesEqualCa65) {
  const std::string source = R"(        .org $0200
ZP      = $10                   ; known above: zero page
WIDE    = $1234
SUM     = ZP + 2 * 3            ; $16
start:  lda ZP
        lda LATER               ; defined below: absolute, as ca65 sizes it
        sta ZP,x
        sta LATER,x
        ldx ZP,y
        lda start               ; a code label: absolute
        lda #<start
        lda #>start
        lda #<WIDE
        lda #>WIDE
        lda <start              ; its low byte: zero page
        lda SUM
        lda #2 + 3 * 4 - 1      ; 13
        lda #$F0 & $3C | 1      ; ca65: & binds like *, | like +: ($F0 & $3C) | 1
        lda #1 + 6 & 3          ; 1 + (6 & 3) = 3
        lda #(1 + 6) & 3
        lda #~$0F & $FF
        lda #100 / 7
        lda #1 << 4 + 1         ; (1 << 4) + 1
        lda #$80 >> 3
        lda #5 ^ 3
        lda #-1 & $FF
@loop:  dex
        bne @loop
next:   dey
@loop:  bne @loop               ; another @loop, local to next
        jmp (vector)
        jsr far
        bcc start
        .byte 1, $FF, "Hi", 'x', <WIDE, >WIDE
        .word $1234, start, far, *, *   ; ca65's * is each item's own address
        .res 3
        .res 2, $EA
        .asciiz "ok"
vector: .addr start
LATER   = $20
far:    rts
)";
  const auto theirs = ca65_bytes(source, 0x0200);
  const auto mine = ours(Cpu::mos6502, source);
  ASSERT_GT(theirs.size(), 80u);
  EXPECT_EQ(mine, theirs) << first_difference(mine, theirs, 0x0200);
}

// xa65's spelling: *= for the address, labels without colons, .byt, .asc, .dsb.
TEST(Assembler6502Oracle, Xa65DirectivesEqualXa65) {
  const std::string source = R"(*=$0300
ZP = $12
start   lda ZP
        lda #<start
        lda #>start
        .byt 1, $ff, %101, 'x', "hi"
        .word start, $1234
        .asc "ok"
        .dsb 3, $ea
        jmp start
)";
  const auto theirs = xa_bytes(source);
  const auto mine = ours(Cpu::mos6502, source);
  ASSERT_EQ(theirs.size(), 24u);  // 2 + 2 + 2 + 6 + 4 + 2 + 3 + 3
  EXPECT_EQ(mine, theirs) << first_difference(mine, theirs, 0x0300);
}

// After .org, ca65 knows a label's address: one below $100, defined above
// the line, is zero page; one defined below is absolute.
TEST(Assembler6502Oracle, LabelsInZeroPageEqualCa65) {
  const std::string source = R"(        .org $0080
here:   lda here
        lda there
there:  lda there
C = here + 1
        lda C
        lda <here
        lda #>there
)";
  const auto theirs = ca65_bytes(source, 0x0080);
  const auto mine = ours(Cpu::mos6502, source);
  ASSERT_EQ(theirs.size(), 13u);  // 2 + 3 + 2 + 2 + 2 + 2
  EXPECT_EQ(mine, theirs) << first_difference(mine, theirs, 0x0080);
}

// The project's own listing: ours equals ld65's image at $4000, where the
// core keeps it (tests/core/assembler: and the bytes the core keeps).
TEST(Assembler6502Oracle, ListingEqualsCa65) {
  const std::string source =
      "        .org $4000\n" + read_file(std::string(SHUFFLELAB_SOURCE_DIR) + "/asm/6502/prng6502.s");
  const auto theirs = ca65_bytes(source, 0x4000);
  const auto mine = ours(Cpu::mos6502, source);
  ASSERT_GT(theirs.size(), 300u);
  EXPECT_EQ(mine, theirs) << first_difference(mine, theirs, 0x4000);
}

// ---- PIC16: the 35 instructions ----------------------------------------------
enum class PicForm { none, file_dest, file, file_bit, literal, address };

// From the mid-range family reference manual's instruction summary (operand kinds only).
const std::vector<std::pair<std::string, PicForm>>& pic_instructions() {
  static const std::vector<std::pair<std::string, PicForm>> list{
      {"addwf", PicForm::file_dest},  {"andwf", PicForm::file_dest}, {"clrf", PicForm::file},
      {"clrw", PicForm::none},        {"comf", PicForm::file_dest},  {"decf", PicForm::file_dest},
      {"decfsz", PicForm::file_dest}, {"incf", PicForm::file_dest},  {"incfsz", PicForm::file_dest},
      {"iorwf", PicForm::file_dest},  {"movf", PicForm::file_dest},  {"movwf", PicForm::file},
      {"nop", PicForm::none},         {"rlf", PicForm::file_dest},   {"rrf", PicForm::file_dest},
      {"subwf", PicForm::file_dest},  {"swapf", PicForm::file_dest}, {"xorwf", PicForm::file_dest},
      {"bcf", PicForm::file_bit},     {"bsf", PicForm::file_bit},    {"btfsc", PicForm::file_bit},
      {"btfss", PicForm::file_bit},   {"addlw", PicForm::literal},   {"andlw", PicForm::literal},
      {"call", PicForm::address},     {"clrwdt", PicForm::none},     {"goto", PicForm::address},
      {"iorlw", PicForm::literal},    {"movlw", PicForm::literal},   {"retfie", PicForm::none},
      {"retlw", PicForm::literal},    {"return", PicForm::none},     {"sleep", PicForm::none},
      {"sublw", PicForm::literal},    {"xorlw", PicForm::literal},
  };
  return list;
}

std::string every_pic_form() {
  std::string text = "        processor p16f877a\n        radix dec\n        org 0\n";
  for (const auto& [mnemonic, form] : pic_instructions()) {
    auto line = [&](const std::string& operands) { text += "        " + mnemonic + " " + operands + "\n"; };
    switch (form) {
      case PicForm::none:
        line("");
        break;
      case PicForm::file:
        for (const char* f : {"0", "0x7F", "0x25"}) line(f);
        break;
      case PicForm::file_dest:
        for (const char* f : {"0", "0x7F"})
          for (const char* d : {"0", "1", "w", "f", "W", "F"}) line(std::string(f) + "," + d);
        break;
      case PicForm::file_bit:
        for (const char* f : {"0", "0x7F"})
          for (int b = 0; b < 8; ++b) line(std::string(f) + "," + std::to_string(b));
        break;
      case PicForm::literal:
        for (int k = 0; k < 256; ++k) line(std::to_string(k));
        break;
      case PicForm::address:
        for (int k = 0; k < 0x800; ++k) line(std::to_string(k));
        break;
    }
  }
  // gpasm's number forms.
  for (const char* k : {"H'FF'",
                        "h'0a'",
                        "0x7f",
                        "B'10100101'",
                        "b'1'",
                        "D'200'",
                        "d'9'",
                        ".99",
                        "O'17'",
                        "A'z'",
                        "'A'",
                        "0FFh",
                        "low 0x1234",
                        "high 0x1234",
                        "(3 + 4) * 5",
                        "1 << 7",
                        "0xF0 | 0x0F & 0x3C",
                        "1 | 6 ^ 5",
                        "12 & 6 << 1",
                        "1 + 2 & 4",
                        "~0x0F & 0xFF",
                        "100 % 7",
                        "0xAA ^ 0xFF"})
    text += std::string("        movlw ") + k + "\n";
  text += "        end\n";
  return text;
}

TEST(AssemblerPic16Oracle, EveryFormEqualsGpasm) {
  const std::string source = every_pic_form();
  const auto theirs = gpasm_words(source);
  const Assembly assembly = assemble(Cpu::pic16, source);
  ASSERT_TRUE(assembly.ok()) << diagnostics_text(assembly, "forms");
  ASSERT_GT(theirs.size(), 5000u);
  const auto mine = assembly.image();
  ASSERT_EQ(mine.size(), theirs.size());
  for (std::size_t i = 0; i < mine.size(); ++i) ASSERT_EQ(mine[i], theirs[i]) << "word " << i;
}

// Data directives, a hex radix (gpasm's default), labels without colons,
// forward references, cblock.
TEST(AssemblerPic16Oracle, DirectivesAndLabelsEqualGpasm) {
  const std::string source = R"(        processor p16f877a
        cblock 0x20
          first, second
          pair:2
          last
        endc
        org 5
start   movlw 10                ; hex: 0x10
        movwf last
        movf pair+1,w
        goto later
        dw 0x3FFF, 1, 0x1234, $, $      ; gpasm's $ is each item's own address
        dt 1, "ab"
        db 1, 2, 3
        data 7
        org 0x40
later   call start
        retlw low later
        retlw high 0x1234
        end
        movlw 1                 ; after end: not assembled
)";
  const auto theirs = gpasm_words(source);
  const Assembly assembly = assemble(Cpu::pic16, source);
  ASSERT_TRUE(assembly.ok()) << diagnostics_text(assembly, "directives");
  // gpasm's image starts at word 0; ours at the lowest word assembled (5).
  ASSERT_EQ(assembly.lowest(), 5u);
  const auto mine = assembly.image();
  ASSERT_EQ(theirs.size(), mine.size() + 5);
  for (std::size_t i = 0; i < mine.size(); ++i) EXPECT_EQ(mine[i], theirs[i + 5]) << "word " << i + 5;
}

TEST(AssemblerPic16Oracle, ListingEqualsGpasm) {
  const std::string source = read_file(std::string(SHUFFLELAB_SOURCE_DIR) + "/asm/pic/seed004.asm");
  const auto theirs = gpasm_words(source);
  const Assembly assembly = assemble(Cpu::pic16, source);
  ASSERT_TRUE(assembly.ok()) << diagnostics_text(assembly, "seed004.asm");
  ASSERT_GT(theirs.size(), 100u);
  EXPECT_EQ(assembly.image(), theirs);
}

}  // namespace
}  // namespace shufflelab::assembler
