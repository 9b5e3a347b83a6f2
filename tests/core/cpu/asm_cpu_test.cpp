// The SM83 and PIC16 interpreters on cases worked out by hand from the
// manuals (no emulator of either is among the project's packages): the Game
// Boy CPU manual / Pan Docs flag rules and the mid-range PIC reference
// manual's instruction examples. (The Z80 interpreter is checked against
// libz80ex in tests/oracle/z80ex_test.cpp.)
#include <gtest/gtest.h>

#include <tuple>
#include <vector>

#include "core/cpu/pic_cpu.hpp"
#include "core/cpu/sm83_cpu.hpp"
#include "core/cpu/z80_cpu.hpp"

namespace shufflelab {
namespace {

using namespace sm83_flag;

// Runs `code` at 0x0100 from registers `start`; returns the machine.
Sm83Cpu run_sm83(const std::vector<std::uint8_t>& code, Sm83Registers start, int steps = 1) {
  Sm83Cpu cpu;
  cpu.load(0x0100, code);
  start.pc = 0x0100;
  cpu.regs = start;
  for (int i = 0; i < steps; ++i) {
    const auto m = cpu.step();
    EXPECT_TRUE(m) << m.error();
  }
  return cpu;
}

Sm83Registers with_a(std::uint8_t a, std::uint8_t f = 0) {
  Sm83Registers r;
  r.a = a;
  r.f = f;
  return r;
}

TEST(Sm83Cpu, SubtractAndCompareFlags) {
  // SUB n: A=3E-3E = 00 (Z N), 3E-0F = 2F (N, half borrow), 3E-40 = FE (N, borrow).
  auto cpu = run_sm83({0xd6, 0x3e}, with_a(0x3e));
  EXPECT_EQ(cpu.regs.a, 0x00);
  EXPECT_EQ(cpu.regs.f, Z | N);
  cpu = run_sm83({0xd6, 0x0f}, with_a(0x3e));
  EXPECT_EQ(cpu.regs.a, 0x2f);
  EXPECT_EQ(cpu.regs.f, N | H);
  cpu = run_sm83({0xd6, 0x40}, with_a(0x3e));
  EXPECT_EQ(cpu.regs.a, 0xfe);
  EXPECT_EQ(cpu.regs.f, N | C);
  // CP n leaves A: 3C vs 2F (H), 3C vs 3C (Z), 3C vs 40 (C).
  cpu = run_sm83({0xfe, 0x2f}, with_a(0x3c));
  EXPECT_EQ(cpu.regs.a, 0x3c);
  EXPECT_EQ(cpu.regs.f, N | H);
  EXPECT_EQ(run_sm83({0xfe, 0x3c}, with_a(0x3c)).regs.f, Z | N);
  EXPECT_EQ(run_sm83({0xfe, 0x40}, with_a(0x3c)).regs.f, N | C);
}

TEST(Sm83Cpu, AddIncDecAndXorFlags) {
  // ADD A,B: 3A + C6 = 100: A = 00 with Z, H (A + 6 carries out of bit 3) and C.
  Sm83Registers r = with_a(0x3a);
  r.b = 0xc6;
  const auto cpu = run_sm83({0x80}, r);
  EXPECT_EQ(cpu.regs.a, 0x00);
  EXPECT_EQ(cpu.regs.f, Z | H | C);
  // INC A: 0F -> 10 sets H; C is kept.
  EXPECT_EQ(run_sm83({0x3c}, with_a(0x0f, C)).regs.f, H | C);
  // DEC A: 01 -> 00 (Z N), 00 -> FF (N H), C kept.
  EXPECT_EQ(run_sm83({0x3d}, with_a(0x01)).regs.f, Z | N);
  EXPECT_EQ(run_sm83({0x3d}, with_a(0x00, C)).regs.f, N | H | C);
  // XOR n clears N H C: CF ^ CF = 0 gives just Z.
  EXPECT_EQ(run_sm83({0xee, 0xcf}, with_a(0xcf, N | H | C)).regs.f, Z);
}

TEST(Sm83Cpu, RotatesAndShifts) {
  // RLA never sets Z on the SM83; CB RL C does. Carry in goes to bit 0.
  EXPECT_EQ(run_sm83({0x17}, with_a(0x00)).regs.f, 0);
  Sm83Registers r = with_a(0, C);
  r.c = 0x80;
  auto cpu = run_sm83({0xcb, 0x11}, r);  // RL C: 80 with carry -> 01, carry out 1
  EXPECT_EQ(cpu.regs.c, 0x01);
  EXPECT_EQ(cpu.regs.f, C);
  r = with_a(0);
  r.c = 0x80;
  cpu = run_sm83({0xcb, 0x11}, r);  // RL C: 80 -> 00, Z and C
  EXPECT_EQ(cpu.regs.f, Z | C);
  // SRL (HL): 0x81 at C004 -> 0x40, carry 1; 4 M-cycles.
  r = {};
  r.h = 0xc0;
  r.l = 0x04;
  Sm83Cpu mem;
  mem.load(0x0100, std::vector<std::uint8_t>{0xcb, 0x3e});
  mem.poke(0xc004, 0x81);
  r.pc = 0x0100;
  mem.regs = r;
  const auto m = mem.step();
  ASSERT_TRUE(m);
  EXPECT_EQ(*m, 4u);
  EXPECT_EQ(mem.peek(0xc004), 0x40);
  EXPECT_EQ(mem.regs.f, C);
  // SWAP A: F0 -> 0F.
  EXPECT_EQ(run_sm83({0xcb, 0x37}, with_a(0xf0)).regs.a, 0x0f);
}

TEST(Sm83Cpu, LoadsStepHlAndTimingsFollowTheTable) {
  Sm83Registers r = with_a(0x5a);
  r.h = 0xc1;
  r.l = 0xff;
  auto cpu = run_sm83({0x22}, r);  // LD (HL+),A
  EXPECT_EQ(cpu.peek(0xc1ff), 0x5a);
  EXPECT_EQ(cpu.regs.h, 0xc2);
  EXPECT_EQ(cpu.regs.l, 0x00);
  EXPECT_EQ(cpu.m_cycles, 2u);
  // JR NZ: 3 M-cycles taken, 2 not taken.
  EXPECT_EQ(run_sm83({0x20, 0x05}, with_a(0, 0)).m_cycles, 3u);
  EXPECT_EQ(run_sm83({0x20, 0x05}, with_a(0, Z)).m_cycles, 2u);
  // CALL then RET: 6 + 4 M-cycles, back after the CALL.
  Sm83Registers s;
  s.sp = 0xdff0;
  cpu = run_sm83({0xcd, 0x10, 0x01, 0x00, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xc9}, s, 2);
  EXPECT_EQ(cpu.regs.pc, 0x0103);
  EXPECT_EQ(cpu.m_cycles, 10u);
  // POP AF: F's low nibble does not exist.
  Sm83Cpu pop;
  pop.load(0x0100, std::vector<std::uint8_t>{0xf1});
  pop.poke(0xdff0, 0xff);
  pop.poke(0xdff1, 0x12);
  pop.regs.sp = 0xdff0;
  pop.regs.pc = 0x0100;
  ASSERT_TRUE(pop.step());
  EXPECT_EQ(pop.regs.a, 0x12);
  EXPECT_EQ(pop.regs.f, 0xf0);
}

TEST(Sm83Cpu, RefusesWhatItDoesNotEmulate) {
  Sm83Cpu cpu;
  cpu.load(0x0100, std::vector<std::uint8_t>{0x76});  // HALT
  cpu.regs.pc = 0x0100;
  const auto m = cpu.step();
  ASSERT_FALSE(m);
  EXPECT_EQ(m.error(), "sm83: opcode 76 at 0100 is not emulated");
  EXPECT_EQ(cpu.regs.pc, 0x0100);
}

// ---- PIC16 -----------------------------------------------------------------
// Runs `words` from address 0 for `steps` instructions.
PicCpu run_pic(const std::vector<std::uint16_t>& words, std::uint8_t w, int steps = 1) {
  PicCpu cpu;
  cpu.load(0, words);
  cpu.w = w;
  for (int i = 0; i < steps; ++i) {
    const auto c = cpu.step();
    EXPECT_TRUE(c) << c.error();
  }
  return cpu;
}

TEST(PicCpu, SubtractSetsCarryWhenNoBorrow) {
  // SUBWF 0x20,f with f = 3, 2, 1 and W = 2 (reference manual example).
  for (const auto [f, result, carry, zero] : {std::tuple{3, 1, true, false}, std::tuple{2, 0, true, true},
                                              std::tuple{1, 0xff, false, false}}) {
    PicCpu cpu;
    cpu.load(0, std::vector<std::uint16_t>{0x02a0});  // 00 0010 1 0100000
    cpu.w = 2;
    cpu.set_file(0x20, static_cast<std::uint8_t>(f));
    ASSERT_TRUE(cpu.step());
    EXPECT_EQ(cpu.file(0x20), result);
    EXPECT_EQ((cpu.status() & pic::kC) != 0, carry);
    EXPECT_EQ((cpu.status() & pic::kZ) != 0, zero);
  }
}

TEST(PicCpu, AddAndRotatesThroughCarry) {
  // ADDWF 0x20,w: W = 17, f = C2 -> W = D9, no carries (manual example).
  PicCpu cpu;
  cpu.load(0, std::vector<std::uint16_t>{0x0720});
  cpu.w = 0x17;
  cpu.set_file(0x20, 0xc2);
  ASSERT_TRUE(cpu.step());
  EXPECT_EQ(cpu.w, 0xd9);
  EXPECT_EQ(cpu.status() & (pic::kC | pic::kDc | pic::kZ), 0);
  // RLF / RRF 0x20,w on 1110 0110 with C = 0: W = 1100 1100 (C = 1), W = 0111 0011 (C = 0).
  for (const auto [word, expected, carry] : {std::tuple{0x0d20, 0xcc, true}, std::tuple{0x0c20, 0x73, false}}) {
    PicCpu r;
    r.load(0, std::vector<std::uint16_t>{static_cast<std::uint16_t>(word)});
    r.set_file(0x20, 0xe6);
    ASSERT_TRUE(r.step());
    EXPECT_EQ(r.w, expected);
    EXPECT_EQ(r.file(0x20), 0xe6);  // d = w: the file keeps its value
    EXPECT_EQ((r.status() & pic::kC) != 0, carry);
  }
}

TEST(PicCpu, SkipsCostTwoCyclesAndCallsUseTheStack) {
  // INCFSZ 0x20,f on FF: result 0, skips the GOTO (1 + 2 cycles for the skip).
  PicCpu cpu;
  cpu.load(0, std::vector<std::uint16_t>{0x0fa0, 0x2800, 0x0000});
  cpu.set_file(0x20, 0xff);
  const auto c = cpu.step();
  ASSERT_TRUE(c);
  EXPECT_EQ(*c, 2u);
  EXPECT_EQ(cpu.pc, 2);
  // BTFSS STATUS,Z with Z clear: no skip, 1 cycle.
  const auto b = run_pic({0x1d03, 0x0000}, 0);
  EXPECT_EQ(b.pc, 1);
  EXPECT_EQ(b.cycles, 1u);
  // CALL 3; (at 3) RETLW 0x42 -> back at 1 with W = 42, 2 + 2 cycles.
  const auto r = run_pic({0x2003, 0x0000, 0x0000, 0x3442}, 0, 2);
  EXPECT_EQ(r.pc, 1);
  EXPECT_EQ(r.w, 0x42);
  EXPECT_EQ(r.cycles, 4u);
  EXPECT_EQ(r.stack_depth(), 0u);
}

TEST(PicCpu, IndirectAddressingAndRefusals) {
  // MOVWF INDF with FSR = 0x35 writes file 0x35.
  PicCpu cpu;
  cpu.load(0, std::vector<std::uint16_t>{0x0080});
  cpu.set_file(pic::kFsr, 0x35);
  cpu.w = 0x99;
  ASSERT_TRUE(cpu.step());
  EXPECT_EQ(cpu.file(0x35), 0x99);
  // BSF STATUS,RP0 would switch to bank 1.
  PicCpu bank;
  bank.load(0, std::vector<std::uint16_t>{0x1683});
  const auto s = bank.step();
  ASSERT_FALSE(s);
  EXPECT_NE(s.error().find("bank switching"), std::string::npos);
  // SLEEP is not emulated.
  PicCpu sleep;
  sleep.load(0, std::vector<std::uint16_t>{0x0063});
  EXPECT_FALSE(sleep.step());
}

TEST(Z80Timing, DocumentedTStates) {
  // Zilog manual: LD HL,(nn) 16; LDDR 21 repeating / 16 last; JR cc 12 / 7; CB SRL r 8.
  const std::vector<std::uint8_t> ld{0x2a, 0, 0}, lddr{0xed, 0xb8}, jr{0x30, 0}, srl{0xcb, 0x39};
  EXPECT_EQ(z80_timing(ld)->t_states, 16);
  EXPECT_EQ(z80_timing(lddr)->t_states, 16);
  EXPECT_EQ(z80_timing(lddr)->t_states_taken, 21);
  EXPECT_EQ(z80_timing(jr)->t_states, 7);
  EXPECT_EQ(z80_timing(jr)->t_states_taken, 12);
  EXPECT_EQ(z80_timing(srl)->length, 2);
  const std::vector<std::uint8_t> halt{0x76};
  EXPECT_FALSE(z80_timing(halt));
}

}  // namespace
}  // namespace shufflelab
