// The assembler's shared part (core/assembler/assembler.cpp) and the 6502
// and PIC16 encoders on hand-assembled lines: every expected byte below was
// worked out by hand from the MOS and Microchip opcode tables and the
// operators' definitions, not read from our output. The Debian assemblers
// check the same encoders form by form in tests/oracle/assembler_6502_pic16_test.cpp.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/assembler/assembler.hpp"

namespace shufflelab::assembler {
namespace {

using Units = std::vector<std::uint16_t>;

Units units_of(Cpu cpu, const std::string& source) {
  const Assembly assembly = assemble(cpu, source);
  EXPECT_TRUE(assembly.ok()) << diagnostics_text(assembly, "test");
  return assembly.image();
}

// One expression's value through a byte directive (ca65's .byte, z80asm's db).
std::uint16_t byte_6502(const std::string& expression) { return units_of(Cpu::mos6502, ".byte " + expression)[0]; }
std::uint16_t byte_z80(const std::string& expression) { return units_of(Cpu::z80, " db " + expression)[0]; }

TEST(AssemblerExpressions, OperatorsAndParentheses) {
  EXPECT_EQ(byte_6502("2 + 3 * 4"), 14);
  EXPECT_EQ(byte_6502("(2 + 3) * 4"), 20);
  EXPECT_EQ(byte_6502("100 / 7"), 14);
  EXPECT_EQ(byte_6502("100 % 7"), 2);
  EXPECT_EQ(byte_6502("1 << 7"), 128);
  EXPECT_EQ(byte_6502("$F0 >> 4"), 15);
  EXPECT_EQ(byte_6502("$F0 | $0F"), 255);
  EXPECT_EQ(byte_6502("$F0 ^ $FF"), 15);
  EXPECT_EQ(byte_6502("~$0F & $FF"), 0xF0);
  EXPECT_EQ(byte_6502("-1"), 0xFF);
  EXPECT_EQ(byte_6502("10 - 3 - 2"), 5);  // left to right
  EXPECT_EQ(byte_6502("((((1))))"), 1);
}

// Each tool's own order (each was asked: ca65, z80asm, gpasm, sdasgb).
TEST(AssemblerExpressions, PrecedenceOfEachDialect) {
  EXPECT_EQ(byte_6502("1 + 2 & 4"), 1);    // ca65: & binds like *: 1 + (2 & 4)
  EXPECT_EQ(byte_z80("1 + 2 & 4"), 0);     // C: (1 + 2) & 4
  EXPECT_EQ(byte_6502("1 | 2 * 3"), 7);    // 1 | 6
  EXPECT_EQ(byte_6502("2 * 3 << 1"), 12);  // (2 * 3) << 1
  EXPECT_EQ(byte_z80("2 + 1 << 1"), 6);    // (2 + 1) << 1
  EXPECT_EQ(byte_z80("240 | 15 & 60"), 252);  // C: 240 | (15 & 60)
  EXPECT_EQ(byte_z80("6 ^ 3 & 1"), 7);        // C: 6 ^ (3 & 1)
  // gpasm: & | ^ on one level, left to right: (240 | 15) & 60, (1 | 6) ^ 5.
  EXPECT_EQ(units_of(Cpu::pic16, " retlw .240 | .15 & .60\n retlw 1 | 6 ^ 5"), (Units{0x343C, 0x3402}));
  // sdasgb: ^ above &: 1 & (3 ^ 2).
  EXPECT_EQ(units_of(Cpu::sm83, " .db 1 & 3 ^ 2\n .db 4 & 6 | 1"), (Units{1, 5}));
}

TEST(AssemblerExpressions, LiteralsOfEachDialect) {
  EXPECT_EQ(byte_6502("$7f"), 127);
  EXPECT_EQ(byte_6502("%1010"), 10);
  EXPECT_EQ(byte_6502("'A'"), 65);
  EXPECT_EQ(byte_6502("';'"), 59);  // not a comment
  EXPECT_EQ(byte_z80("0FFh"), 255);
  EXPECT_EQ(byte_z80("$FF"), 255);
  EXPECT_EQ(byte_z80("%1010"), 10);
  EXPECT_EQ(byte_z80("101b"), 5);
  EXPECT_EQ(byte_z80("0x1F"), 31);
  EXPECT_EQ(byte_z80("17o"), 15);
  // gpasm: hex unless `radix dec`; H'..', B'..', D'..', .decimal, A'c'.
  EXPECT_EQ(units_of(Cpu::pic16, " retlw 10"), Units{0x3410});
  EXPECT_EQ(units_of(Cpu::pic16, " radix dec\n retlw 10"), Units{0x340A});
  EXPECT_EQ(units_of(Cpu::pic16, " retlw H'1F'\n retlw B'101'\n retlw D'20'\n retlw .20\n retlw A'z'\n retlw 0x0b"),
            (Units{0x341F, 0x3405, 0x3414, 0x3414, 0x347A, 0x340B}));
}

TEST(AssemblerExpressions, LowAndHighBytes) {
  EXPECT_EQ(byte_6502("<$1234"), 0x34);
  EXPECT_EQ(byte_6502(">$1234"), 0x12);
  EXPECT_EQ(byte_6502(".lobyte($1234)"), 0x34);
  EXPECT_EQ(byte_6502(".hibyte($1234)"), 0x12);
  EXPECT_EQ(byte_z80("low 1234h"), 0x34);
  EXPECT_EQ(byte_z80("high(1234h)"), 0x12);
  EXPECT_EQ(units_of(Cpu::pic16, " retlw low 0x1234\n retlw high 0x1234"), (Units{0x3434, 0x3412}));
}

TEST(AssemblerExpressions, CurrentAddress) {
  // ca65's *, z80asm's and gpasm's $, sdasgb's .
  EXPECT_EQ(units_of(Cpu::mos6502, " .org $1234\n .byte <*, >*"), (Units{0x34, 0x12}));
  EXPECT_EQ(units_of(Cpu::z80, " org 10h\n db $, $+1"), (Units{0x10, 0x11}));
  EXPECT_EQ(units_of(Cpu::sm83, " .org 0x20\n .db ."), Units{0x20});
  EXPECT_EQ(units_of(Cpu::pic16, " org 5\n goto $"), Units{0x2805});
}

TEST(AssemblerDirectives, DataReserveAndOrg) {
  const Assembly a = assemble(Cpu::mos6502, R"(        .org $0200
        .byte 1, "AB", $FF
        .word $1234, 2
        .res 2
        .res 2, $EA
        .asciiz "z"
)");
  ASSERT_TRUE(a.ok()) << diagnostics_text(a, "t");
  EXPECT_EQ(a.lowest(), 0x200u);
  EXPECT_EQ(a.image(), (Units{1, 'A', 'B', 0xFF, 0x34, 0x12, 2, 0, 0, 0, 0xEA, 0xEA, 'z', 0}));
  // z80asm: defb/defw/defm/defs; sdasgb: .db/.dw/.ascii/.ds (a gap, filled as the image's gaps are).
  EXPECT_EQ(units_of(Cpu::z80, " org 100h\n defb 1\n defw 0203h\n defm \"hi\"\n defs 2\n ds 1, 9"),
            (Units{1, 3, 2, 'h', 'i', 0, 0, 9}));
  EXPECT_EQ(units_of(Cpu::sm83, " .org 0x100\n .db 1\n .dw 0x0203\n .ascii \"hi\"\n .ds 2\n .db 7"),
            (Units{1, 3, 2, 'h', 'i', 0xFF, 0xFF, 7}));
  // gpasm: org in words, dw, dt (retlw), db (two bytes a word), res (a gap).
  const Assembly p = assemble(Cpu::pic16, " org 2\n dw 0x3FFF\n dt 1, \"a\"\n db 1, 2, 3\n res 1\n nop");
  ASSERT_TRUE(p.ok()) << diagnostics_text(p, "t");
  EXPECT_EQ(p.lowest(), 2u);
  EXPECT_EQ(p.image(), (Units{0x3FFF, 0x3401, 0x3461, 0x0102, 0x0300, 0x3FFF, 0x0000}));
  EXPECT_EQ(p.raw_bytes(), (std::vector<std::uint8_t>{0xFF, 0x3F, 0x01, 0x34, 0x61, 0x34, 0x02, 0x01, 0x00, 0x03,
                                                      0xFF, 0x3F, 0x00, 0x00}));
}

TEST(AssemblerDirectives, EquatesLabelsAndForwardReferences) {
  const Assembly a = assemble(Cpu::mos6502, R"(ZP      = $10
Big     equ $1234
        .org $0300
start:  lda ZP              ; zero page: A5 10
        lda Later           ; defined below: absolute, as ca65 does (AD 20 00)
        jmp done            ; forward label: 4C 0B 03
nocolon lda Big             ; a label without a colon at the margin: AD 34 12
done:   rts
Later   = $20
V       .set 1
V       .set V + 1
        .byte V
)");
  ASSERT_TRUE(a.ok()) << diagnostics_text(a, "t");
  EXPECT_EQ(a.image(), (Units{0xA5, 0x10, 0xAD, 0x20, 0x00, 0x4C, 0x0B, 0x03, 0xAD, 0x34, 0x12, 0x60, 2}));
  EXPECT_EQ(a.symbols.at("start"), 0x300);
  EXPECT_EQ(a.symbols.at("nocolon"), 0x308);
  EXPECT_EQ(a.symbols.at("done"), 0x30B);
  EXPECT_EQ(a.symbols.at("Later"), 0x20);
}

TEST(AssemblerDirectives, LocalLabelsBelongToTheLabelAbove) {
  const Assembly a = assemble(Cpu::mos6502, R"(        .org $10
one:    dex
@loop:  bne @loop          ; D0 FE
two:    dey
@loop:  bne @loop          ; another @loop: D0 FE
        bne one            ; back to $10 from $16: D0 F8
)");
  ASSERT_TRUE(a.ok()) << diagnostics_text(a, "t");
  EXPECT_EQ(a.image(), (Units{0xCA, 0xD0, 0xFE, 0x88, 0xD0, 0xFE, 0xD0, 0xF8}));
}

TEST(AssemblerDirectives, PicCblockAndEnd) {
  const Assembly p = assemble(Cpu::pic16, R"(        cblock 0x20
          a, b
          pair:2, c
        endc
        movwf c             ; 0x0080 | 0x24
        movf pair+1,w       ; 0x0800 | 0x23
        end
        this is not read
)");
  ASSERT_TRUE(p.ok()) << diagnostics_text(p, "t");
  EXPECT_EQ(p.image(), (Units{0x00A4, 0x0823}));
  EXPECT_EQ(p.symbols.at("b"), 0x21);
}

TEST(Assembler6502, HandAssembledForms) {
  const Assembly a = assemble(Cpu::mos6502, R"(        .org $1000
        asl a               ; 0A
        asl                 ; 0A
        lda #$FF            ; A9 FF
        lda ($20,x)         ; A1 20
        lda ($20),y         ; B1 20
        jmp ($1234)         ; 6C 34 12
        ldx $20,y           ; B6 20
        lda $20,y           ; no zp,Y for lda: B9 20 00
        lda a:$20           ; forced absolute: AD 20 00
        sta $1234,x         ; 9D 34 12
        bne *-126           ; -128: D0 80
        bne *+129           ; +127: D0 7F
)");
  ASSERT_TRUE(a.ok()) << diagnostics_text(a, "t");
  EXPECT_EQ(a.image(), (Units{0x0A, 0x0A, 0xA9, 0xFF, 0xA1, 0x20, 0xB1, 0x20, 0x6C, 0x34, 0x12, 0xB6, 0x20, 0xB9, 0x20,
                              0x00, 0xAD, 0x20, 0x00, 0x9D, 0x34, 0x12, 0xD0, 0x80, 0xD0, 0x7F}));
  // Cycles from the MOS tables: lda # 2, lda (zp),y 5, a branch 2 (3 taken).
  EXPECT_EQ(a.lines[3].cycles->base, 2u);
  EXPECT_EQ(a.lines[5].cycles->base, 5u);
  EXPECT_EQ(a.lines[11].cycles->base, 2u);
  EXPECT_EQ(a.lines[11].cycles->taken, 3u);
}

TEST(AssemblerPic16, HandAssembledForms) {
  const Assembly p = assemble(Cpu::pic16, R"(        addwf 0x25,w        ; 00 0111 0 0100101 = 0x0725
        addwf 0x25,f        ; 0x07A5
        addwf 0x25          ; f when left out: 0x07A5
        bsf 0x03,5          ; 01 01bb bfff ffff = 0x1683
        btfss 0x7F,7        ; 0x1FFF
        movlw 0xFF          ; 0x30FF
        call 0x7FF          ; 0x27FF
        goto 0              ; 0x2800
        clrw                ; 0x0103
        return              ; 0x0008
)");
  ASSERT_TRUE(p.ok()) << diagnostics_text(p, "t");
  EXPECT_EQ(p.image(), (Units{0x0725, 0x07A5, 0x07A5, 0x1683, 0x1FFF, 0x30FF, 0x27FF, 0x2800, 0x0103, 0x0008}));
  EXPECT_EQ(p.lines[4].cycles->base, 1u);  // a skip: 1, 2 when it skips
  EXPECT_EQ(p.lines[4].cycles->taken, 2u);
  EXPECT_EQ(p.lines[6].cycles->base, 2u);
}

// ---- errors: all of a file's, each with its line and column -------------------
std::string errors_of(Cpu cpu, const std::string& source) { return diagnostics_text(assemble(cpu, source), "f.s"); }

TEST(AssemblerErrors, EveryErrorOfAFileWithLineAndColumn) {
  const std::string source = "start:  nop\n"
                             "start:  nop\n"
                             "        lda #256\n"
                             "        lda missing\n"
                             "        bogus 1\n"
                             "        lda ($20,y)\n"
                             "        .byte 1 +\n"
                             "        .byte 300\n"
                             "        .byte 1/0\n";
  EXPECT_EQ(errors_of(Cpu::mos6502, source),
            "f.s:2:1: 'start' is already defined on line 1\n"
            "f.s:3:14: immediate value 256 is not a byte (-128..255)\n"
            "f.s:4:13: 'missing' is not defined\n"
            "f.s:5:9: expected an instruction, a directive or a label, found 'bogus'\n"
            "f.s:6:17: expected ')' to close the '(' at column 1 of the value\n"
            "f.s:7:18: expected a value\n"
            "f.s:8:15: value 300 does not fit in a byte (-128..255)\n"
            "f.s:9:16: division by zero\n");
}

TEST(AssemblerErrors, BranchesReachMinus128ToPlus127) {
  EXPECT_EQ(errors_of(Cpu::mos6502, " bne *-127\n bne *+130\n"),
            "f.s:1:6: branch target is -129 bytes away; a branch reaches -128..+127\n"
            "f.s:2:6: branch target is 128 bytes away; a branch reaches -128..+127\n");
}

TEST(AssemblerErrors, OperandsOutOfRange) {
  EXPECT_EQ(errors_of(Cpu::mos6502, " lda $10000\n lda ($100),y\n stx $1234,y\n"),
            "f.s:1:6: address 65536 is not $0000..$FFFF\n"
            "f.s:2:7: (zp),y needs a zero-page address ($00..$FF), not 256\n"
            "f.s:3:6: 'stx' ,y reaches zero page only ($00..$FF), not 4660\n");
  EXPECT_EQ(errors_of(Cpu::pic16, " movwf 0x80\n bsf 0x20,8\n movlw 0x100\n goto 0x800\n addwf 1,2\n"),
            "f.s:1:8: file register (bank 0) 128 is not 0..127\n"
            "f.s:2:11: bit 8 is not 0..7\n"
            "f.s:3:8: literal 256 is not -128..255\n"
            "f.s:4:7: program address (page 0; set PCLATH for others) 2048 is not 0..2047\n"
            "f.s:5:10: destination (w = 0, f = 1) 2 is not 0..1\n");
}

TEST(AssemblerErrors, RefusedDirectivesSayWhy) {
  EXPECT_EQ(errors_of(Cpu::pic16, " __config 0x3F18\n include \"p16f628a.inc\"\n"),
            "f.s:1:2: __config is not assembled: configuration bits are not part of the program\n"
            "f.s:2:2: include files are not read: paste their lines here\n");
}

TEST(AssemblerErrors, BinaryJunkIsReportedLineByLine) {
  std::string junk = "nop\n";
  junk += std::string("\x7f" "ELF\x02\x01\x01", 7) + "\n";
  junk += std::string("ab\0cd", 5) + "\n";
  EXPECT_EQ(errors_of(Cpu::mos6502, junk),
            "f.s:2:1: control character 127 in the source: is this a text file?\n"
            "f.s:3:3: control character 0 in the source: is this a text file?\n");
  // A megabyte of every byte value: a bounded list of errors, no crash.
  std::string binary;
  for (int i = 0; i < (1 << 20) - 1; ++i) binary += static_cast<char>((i * 7919) & 0xff);
  const Assembly a = assemble(Cpu::mos6502, binary);
  EXPECT_FALSE(a.ok());
  EXPECT_EQ(a.errors.size(), 1001u);
  EXPECT_EQ(a.errors.back().message, "stopped after 1000 errors");
}

TEST(AssemblerErrors, LimitsOfSize) {
  // 10,000 lines assemble, and their errors are all reported up to the cap.
  std::string lines;
  for (int i = 0; i < 10000; ++i) lines += "        nop\n";
  const Assembly a = assemble(Cpu::mos6502, lines);
  EXPECT_TRUE(a.ok());
  EXPECT_EQ(a.raw_bytes().size(), 10000u);
  // A line over 1024 bytes is reported at its 1025th byte and skipped.
  const std::string long_line = " nop\n .byte " + std::string(1100, '1') + "\n nop\n";
  const Assembly b = assemble(Cpu::mos6502, long_line);
  ASSERT_EQ(b.errors.size(), 1u);
  EXPECT_EQ(diagnostics_text(b, "f.s"), "f.s:2:1025: the line is longer than 1024 bytes and was skipped\n");
  EXPECT_EQ(b.raw_bytes(), (std::vector<std::uint8_t>{0xEA, 0xEA}));
  // A source over 1 MiB: one error.
  const Assembly c = assemble(Cpu::mos6502, std::string(kMaxSourceBytes + 1, ' '));
  ASSERT_EQ(c.errors.size(), 1u);
  EXPECT_EQ(c.errors[0].line, 1);
  // Past the end of memory.
  EXPECT_EQ(errors_of(Cpu::mos6502, " .org $FFFF\n nop\n nop\n"), "f.s:3:2: the program runs past the end of memory ($FFFF)\n");
}

TEST(AssemblerErrors, ColumnsCountCharactersNotBytes) {
  // "é" is two bytes in UTF-8: the error's column counts it as one character.
  EXPECT_EQ(errors_of(Cpu::mos6502, "; é\n .byte \"é\", x\n"), "f.s:2:13: 'x' is not defined\n");
}

TEST(AssemblerErrors, ForwardValuesCannotSizeTheProgram) {
  EXPECT_EQ(errors_of(Cpu::mos6502, " .org Start\nStart = $200\n"), "f.s:1:7: .org needs a value defined above this line\n");
}

TEST(AssemblerText, ListingAndDiagnostics) {
  const std::string source = "X = $10\n        .org $0200\nstart:  lda X\n        bne start ; back\n";
  const Assembly a = assemble(Cpu::mos6502, source);
  ASSERT_TRUE(a.ok());
  EXPECT_EQ(listing_text(a, source),
            "=0010                   X = $10\n"
            "0200                            .org $0200\n"
            "0200  A5 10       3     start:  lda X\n"
            "0202  D0 FC       2/3           bne start ; back\n");
  const Assembly p = assemble(Cpu::pic16, " dw 1, 2, 3, 4\n");
  EXPECT_EQ(listing_text(p, " dw 1, 2, 3, 4\n"),
            "0000  0001 0002 0003        dw 1, 2, 3, 4\n"
            "0003  0004 \n");
}

TEST(AssemblerCpu, IdsRoundTrip) {
  for (Cpu cpu : {Cpu::z80, Cpu::sm83, Cpu::mos6502, Cpu::pic16}) EXPECT_EQ(*parse_cpu("cpu", cpu_id(cpu)), cpu);
  EXPECT_EQ(parse_cpu("--cpu", "68000").error(), "--cpu: unknown CPU '68000' (one of: z80, sm83, 6502, pic16)");
}

}  // namespace
}  // namespace shufflelab::assembler
