// The 6502 interpreter on cases worked out by hand: binary ADC/SBC flags
// from the definition of two's complement overflow, decimal mode from Bruce
// Clark's "Decimal Mode" tutorial (6502.org, appendix A: NMOS sequences 1-3),
// cycle counts and page-crossing penalties from the MOS programming manual's
// timing table, and JMP (ind)'s page wrap. (Every instruction of our listing
// is checked against cc65's sim65 in tests/oracle/mos6502_sim65_test.cpp.)
#include <gtest/gtest.h>

#include <vector>

#include "core/cpu/mos6502.hpp"

namespace shufflelab {
namespace {

using namespace mos6502_flag;

struct Run {
  Mos6502Cpu cpu;
  std::vector<std::uint32_t> cycles;  // per instruction
};

// Runs `steps` instructions of `code` at `at` from `start` (pc set to `at`).
Run run(const std::vector<std::uint8_t>& code, Mos6502Registers start, int steps = 1, std::uint16_t at = 0x0200) {
  Run r;
  r.cpu.load(at, code);
  start.pc = at;
  r.cpu.regs = start;
  for (int i = 0; i < steps; ++i) {
    const auto c = r.cpu.step();
    EXPECT_TRUE(c) << c.error();
    r.cycles.push_back(c ? *c : 0);
  }
  return r;
}

Mos6502Registers with(std::uint8_t a, std::uint8_t p, std::uint8_t x = 0, std::uint8_t y = 0) {
  Mos6502Registers r;
  r.a = a;
  r.p = static_cast<std::uint8_t>(p | B | U);
  r.x = x;
  r.y = y;
  return r;
}

std::uint8_t flags(const Mos6502Cpu& cpu) { return static_cast<std::uint8_t>(cpu.regs.p & ~(B | U)); }

TEST(Mos6502Cpu, BinaryAddAndSubtractFlags) {
  // ADC #$50 to $50: 80 is out of the signed range: A = $A0, N V, no carry.
  auto r = run({0x69, 0x50}, with(0x50, 0));
  EXPECT_EQ(r.cpu.regs.a, 0xa0);
  EXPECT_EQ(flags(r.cpu), N | V);
  // $FF + $01 + C: $101 -> A = $01, C set, no overflow (-1 + 1 + 1 = 1).
  r = run({0x69, 0x01}, with(0xff, C));
  EXPECT_EQ(r.cpu.regs.a, 0x01);
  EXPECT_EQ(flags(r.cpu), C);
  // SBC #$B0 from $50 with C set: 80 - (-80) = 160 overflows: A = $A0, N V, borrow (C clear).
  r = run({0xe9, 0xb0}, with(0x50, C));
  EXPECT_EQ(r.cpu.regs.a, 0xa0);
  EXPECT_EQ(flags(r.cpu), N | V);
  // SBC #$05 from $05 with C clear subtracts one more: $FF, N, borrow.
  r = run({0xe9, 0x05}, with(0x05, 0));
  EXPECT_EQ(r.cpu.regs.a, 0xff);
  EXPECT_EQ(flags(r.cpu), N);
  // CMP #$40 with A = $40: Z and C; CPX #$41 with X = $40: N (40-41 = FF), no C.
  r = run({0xc9, 0x40}, with(0x40, 0));
  EXPECT_EQ(flags(r.cpu), Z | C);
  r = run({0xe0, 0x41}, with(0, 0, 0x40));
  EXPECT_EQ(flags(r.cpu), N);
}

TEST(Mos6502Cpu, DecimalAddAsDocumentedForTheNmosPart) {
  // $58 + $46 = 104 (BCD): A = $04, carry.
  auto r = run({0x69, 0x46}, with(0x58, D));
  EXPECT_EQ(r.cpu.regs.a, 0x04);
  EXPECT_TRUE(r.cpu.regs.p & C);
  // $12 + $34 + C = 47, no carry.
  r = run({0x69, 0x34}, with(0x12, D | C));
  EXPECT_EQ(r.cpu.regs.a, 0x47);
  EXPECT_FALSE(r.cpu.regs.p & C);
  // $99 + $01 = 100: A = $00 and C; Z comes from the binary sum $9A (clear);
  // N from sequence 2's intermediate $80 + $10 = $A0 (set), V clear (-96 fits).
  r = run({0x69, 0x01}, with(0x99, D));
  EXPECT_EQ(r.cpu.regs.a, 0x00);
  EXPECT_EQ(flags(r.cpu), D | C | N);
  // $79 + $10: sequence 2 sums $70 + $10 + 9 = 137 > 127 (V set), bit 7 of $89 (N set).
  r = run({0x69, 0x10}, with(0x79, D));
  EXPECT_EQ(r.cpu.regs.a, 0x89);
  EXPECT_EQ(flags(r.cpu), D | N | V);
}

TEST(Mos6502Cpu, DecimalSubtractAsDocumented) {
  // $46 - $12 = 34, no borrow (C stays set).
  auto r = run({0xe9, 0x12}, with(0x46, D | C));
  EXPECT_EQ(r.cpu.regs.a, 0x34);
  EXPECT_TRUE(r.cpu.regs.p & C);
  // $40 - $13 - 1 (C clear) = 26.
  r = run({0xe9, 0x13}, with(0x40, D));
  EXPECT_EQ(r.cpu.regs.a, 0x26);
  EXPECT_TRUE(r.cpu.regs.p & C);
  // $12 - $21 = -9: A = $91 with a borrow; N from the binary difference $F1.
  r = run({0xe9, 0x21}, with(0x12, D | C));
  EXPECT_EQ(r.cpu.regs.a, 0x91);
  EXPECT_EQ(flags(r.cpu), D | N);
}

TEST(Mos6502Cpu, IndexedReadsCostOneMoreCycleAcrossAPage) {
  // LDA $10F0,X: X = $0F stays on page $10 (4 cycles), X = $20 reaches $1110 (5).
  auto r = run({0xbd, 0xf0, 0x10}, with(0, 0, 0x0f));
  EXPECT_EQ(r.cycles[0], 4u);
  r = run({0xbd, 0xf0, 0x10}, with(0, 0, 0x20));
  EXPECT_EQ(r.cycles[0], 5u);
  // A store always takes 5 (STA abs,X), crossing or not.
  EXPECT_EQ(run({0x9d, 0xf0, 0x10}, with(7, 0, 0x20)).cycles[0], 5u);
  EXPECT_EQ(run({0x9d, 0x00, 0x10}, with(7, 0, 0x20)).cycles[0], 5u);
  // LDA ($80),Y with ($80) = $20FF: Y = 0 -> 5 cycles, Y = 1 -> $2100, 6 cycles.
  Mos6502Cpu cpu;
  cpu.poke(0x80, 0xff);
  cpu.poke(0x81, 0x20);
  cpu.poke(0x2100, 0x42);
  cpu.load(0x0200, std::vector<std::uint8_t>{0xb1, 0x80});
  cpu.regs = with(0, 0, 0, 1);
  cpu.regs.pc = 0x0200;
  const auto c = cpu.step();
  ASSERT_TRUE(c);
  EXPECT_EQ(*c, 6u);
  EXPECT_EQ(cpu.regs.a, 0x42);
  // Read-modify-write ignores the crossing: INC abs,X is 7 either way.
  EXPECT_EQ(run({0xfe, 0xff, 0x10}, with(0, 0, 1)).cycles[0], 7u);
}

TEST(Mos6502Cpu, BranchesCostOneMoreTakenAndAnotherOntoANewPage) {
  // BNE +$10 at $0200: not taken (Z set) 2 cycles; taken to $0212 3 cycles.
  auto r = run({0xd0, 0x10}, with(0, Z));
  EXPECT_EQ(r.cycles[0], 2u);
  EXPECT_EQ(r.cpu.regs.pc, 0x0202);
  r = run({0xd0, 0x10}, with(0, 0));
  EXPECT_EQ(r.cycles[0], 3u);
  EXPECT_EQ(r.cpu.regs.pc, 0x0212);
  // At $02F0, BNE +$20 goes from $02F2 to $0312: a new page, 4 cycles.
  r = run({0xd0, 0x20}, with(0, 0), 1, 0x02f0);
  EXPECT_EQ(r.cycles[0], 4u);
  EXPECT_EQ(r.cpu.regs.pc, 0x0312);
  // The page compared is the next instruction's (MOS timing table; cc65's sim65
  // compared the branch's own page until its fix of 2024-11-30): at $02FE the
  // next instruction is at $0300, so +$10 to $0310 stays (3), -$10 to $02F0 crosses (4).
  r = run({0xd0, 0x10}, with(0, 0), 1, 0x02fe);
  EXPECT_EQ(r.cycles[0], 3u);
  EXPECT_EQ(r.cpu.regs.pc, 0x0310);
  r = run({0xd0, 0xf0}, with(0, 0), 1, 0x02fe);
  EXPECT_EQ(r.cycles[0], 4u);
  EXPECT_EQ(r.cpu.regs.pc, 0x02f0);
  // Backwards across a page: BCS -$10 at $0300 goes from $0302 to $02F2.
  r = run({0xb0, 0xf0}, with(0, C), 1, 0x0300);
  EXPECT_EQ(r.cycles[0], 4u);
  EXPECT_EQ(r.cpu.regs.pc, 0x02f2);
}

TEST(Mos6502Cpu, JsrRtsAndTheStack) {
  // JSR $0300 at $0200 pushes $0202 (its last byte), high byte first, 6 cycles;
  // RTS at $0300 returns to $0203, 6 cycles.
  Mos6502Cpu cpu;
  cpu.load(0x0200, std::vector<std::uint8_t>{0x20, 0x00, 0x03});
  cpu.load(0x0300, std::vector<std::uint8_t>{0x60});
  cpu.regs.pc = 0x0200;
  cpu.regs.s = 0xff;
  auto c = cpu.step();
  ASSERT_TRUE(c);
  EXPECT_EQ(*c, 6u);
  EXPECT_EQ(cpu.regs.s, 0xfd);
  EXPECT_EQ(cpu.peek(0x01ff), 0x02);
  EXPECT_EQ(cpu.peek(0x01fe), 0x02);
  c = cpu.step();
  ASSERT_TRUE(c);
  EXPECT_EQ(*c, 6u);
  EXPECT_EQ(cpu.regs.pc, 0x0203);
  EXPECT_EQ(cpu.regs.s, 0xff);
  // PHP pushes P with B and bit 5 set; PLA then has it.
  auto r = run({0x08, 0x68}, with(0, C | D), 2);
  EXPECT_EQ(r.cpu.regs.a, C | D | B | U);
  EXPECT_EQ(r.cycles[0] + r.cycles[1], 3u + 4u);
}

TEST(Mos6502Cpu, IndirectJumpWrapsInsideThePointersPage) {
  // JMP ($10FF) reads the low byte at $10FF and the high byte at $1000, not $1100.
  Mos6502Cpu cpu;
  cpu.poke(0x10ff, 0x34);
  cpu.poke(0x1000, 0x12);
  cpu.poke(0x1100, 0x56);
  cpu.load(0x0200, std::vector<std::uint8_t>{0x6c, 0xff, 0x10});
  cpu.regs.pc = 0x0200;
  const auto c = cpu.step();
  ASSERT_TRUE(c);
  EXPECT_EQ(*c, 5u);
  EXPECT_EQ(cpu.regs.pc, 0x1234);
}

TEST(Mos6502Cpu, RotatesThroughCarryAndZeroPageIndexWraps) {
  // ROR A with C set: $02 -> $81, C clear, N set. LDA $F0,X with X = $20 reads $10.
  auto r = run({0x6a}, with(0x02, C));
  EXPECT_EQ(r.cpu.regs.a, 0x81);
  EXPECT_EQ(flags(r.cpu), N);
  Mos6502Cpu cpu;
  cpu.poke(0x10, 0x77);
  cpu.poke(0x110, 0x99);
  cpu.load(0x0200, std::vector<std::uint8_t>{0xb5, 0xf0});
  cpu.regs = with(0, 0, 0x20);
  cpu.regs.pc = 0x0200;
  ASSERT_TRUE(cpu.step());
  EXPECT_EQ(cpu.regs.a, 0x77);
}

TEST(Mos6502Cpu, UndocumentedOpcodesStopWithAMessage) {
  Mos6502Cpu cpu;
  cpu.load(0x0200, std::vector<std::uint8_t>{0x02});
  cpu.regs.pc = 0x0200;
  const auto c = cpu.step();
  ASSERT_FALSE(c);
  EXPECT_NE(c.error().find("02 at 0200"), std::string::npos) << c.error();
  EXPECT_EQ(cpu.regs.pc, 0x0200);
}

TEST(Mos6502Cpu, TheTableHasTheDocumentedOpcodes) {
  // 151 documented opcodes (56 instructions); every other byte is refused.
  int documented = 0;
  for (int op = 0; op < 256; ++op) documented += mos6502_timing(static_cast<std::uint8_t>(op)) ? 1 : 0;
  EXPECT_EQ(documented, 151);
}

}  // namespace
}  // namespace shufflelab
