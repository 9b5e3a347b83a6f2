// A reader's routine beside the C++ it claims to be (core/asm/routine_check):
// routines typed here by hand in the Debian assemblers' syntax (ca65, gpasm);
// the expected first differences, periods and face counts come from a few
// lines of independent C++ below (brute force), the cycle counts from the MOS
// and Microchip timing tables added up by hand.
#include "core/asm/routine_check.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/job_catalog.hpp"

namespace shufflelab {
namespace {

using assembler::Cpu;

// 16-bit Galois LFSR, taps $B400 (the galois16 preset): eight bit-steps a
// call, the high byte in A. State at $F0 (high), $F1 (low).
std::string galois16_6502(const std::string& high_taps) {
  return "; 16-bit Galois LFSR, 8 bit-steps, returns the high byte\n"
         "        .org $0600\n"
         "lfsr_hi = $F0\n"
         "lfsr_lo = $F1\n"
         "lfsr16: ldx #8\n"
         "step:   lsr lfsr_hi\n"
         "        ror lfsr_lo\n"
         "        bcc next\n"
         "        lda lfsr_hi\n"
         "        eor #" +
         high_taps +
         "\n"
         "        sta lfsr_hi\n"
         "next:   dex\n"
         "        bne step\n"
         "        lda lfsr_hi\n"
         "        rts\n";
}

RoutineCheckRequest request_for(Cpu cpu, const std::string& source, const std::string& entry,
                                std::vector<std::uint32_t> state, const std::string& against) {
  const assembler::Assembly assembly = assembler::assemble(cpu, source);
  EXPECT_TRUE(assembly.ok()) << assembler::diagnostics_text(assembly, "test");
  auto request = routine_request_from_assembly(assembly, entry);
  EXPECT_TRUE(request) << request.error();
  RoutineCheckRequest out = *request;
  out.state = std::move(state);
  out.against = against;
  return out;
}

RoutineCheck checked(const RoutineCheckRequest& request) {
  auto check = check_routine(request);
  EXPECT_TRUE(check) << check.error();
  return check ? *check : RoutineCheck{};
}

// The LFSR written again here: one call = 8 bit-steps, returns (byte, state).
std::pair<std::uint8_t, std::uint16_t> galois_call(std::uint16_t s, std::uint16_t taps) {
  for (int i = 0; i < 8; ++i) s = static_cast<std::uint16_t>((s >> 1) ^ ((s & 1) ? taps : 0));
  return {static_cast<std::uint8_t>(s >> 8), s};
}

TEST(RoutineCheck, Galois16On6502EqualsForEveryState) {
  const auto request = request_for(Cpu::mos6502, galois16_6502("$B4"), "lfsr16", {0xF0, 0xF1}, "galois16");
  const RoutineCheck check = checked(request);
  EXPECT_TRUE(check.equal);
  EXPECT_TRUE(check.exhaustive);
  EXPECT_EQ(check.states_checked, 65535u);
  EXPECT_TRUE(check.zero_refused);
  EXPECT_EQ(check.calls_checked, kDefaultRoutineCalls);
  // The image holds 0000 at $F0/$F1 (nothing assembled there): state 1 instead.
  EXPECT_FALSE(check.start_from_image);
  EXPECT_EQ(check.start, (std::vector<std::uint8_t>{0x00, 0x01}));
  // Its own period from 0001, counted by the LFSR above.
  std::uint64_t period = 0;
  std::uint16_t s = 1;
  do {
    s = galois_call(s, 0xB400).second;
    ++period;
  } while (s != 1);
  ASSERT_TRUE(check.period);
  EXPECT_TRUE(check.period->found);
  EXPECT_EQ(check.period->length, period);
  // Cycles by hand (MOS tables, no page crossed): ldx# 2, lda zp 3, rts 6;
  // a bit-step: lsr zp 5, ror zp 5, bcc 3 taken / 2, [lda zp 3, eor# 2,
  // sta zp 3], dex 2, bne 3 taken (2 the last time).
  // No tap ever: 2 + 8 * 18 - 1 + 3 + 6 = 154; a tap at each step: 2 + 8 * 25 - 1 + 9 = 210.
  EXPECT_EQ(check.cycles.min, 154u);
  EXPECT_EQ(check.cycles.max, 210u);
  // ldx# lsr ror bcc lda eor sta: 2 bytes each, dex 1, bne 2, lda 2, rts 1.
  EXPECT_EQ(check.code_units, 20u);
  const std::string verdict = routine_check_verdict(request, check);
  EXPECT_NE(verdict.find("equal to galois16 for all 65,535 nonzero states"), std::string::npos) << verdict;
}

TEST(RoutineCheck, TheConsecutiveCallsStartAtTheRequestsState) {
  auto request = request_for(Cpu::mos6502, galois16_6502("$B4"), "lfsr16", {0xF0, 0xF1}, "galois16");
  request.start = 0xACE1;  // the lab's seed
  const RoutineCheck check = checked(request);
  EXPECT_TRUE(check.equal);
  EXPECT_TRUE(check.start_from_image);
  EXPECT_EQ(check.start, (std::vector<std::uint8_t>{0xAC, 0xE1}));
  // The job carries it: the same check from the job's parameters.
  EXPECT_NE(routine_check_params(request).find("start=ACE1"), std::string::npos) << routine_check_params(request);
  // Its own period from ACE1, counted by the LFSR above (galois16 is maximal: every nonzero state).
  std::uint64_t period = 0;
  std::uint16_t s = 0xACE1;
  do {
    s = galois_call(s, 0xB400).second;
    ++period;
  } while (s != 0xACE1);
  ASSERT_TRUE(check.period);
  EXPECT_EQ(check.period->length, period);
  // Zero is a state the generator refuses: state 1 instead.
  request.start = 0;
  const RoutineCheck from_zero = checked(request);
  EXPECT_FALSE(from_zero.start_from_image);
  EXPECT_EQ(from_zero.start, (std::vector<std::uint8_t>{0x00, 0x01}));
}

TEST(RoutineCheck, OneWrongTapBitNamesTheFirstDifferingState) {
  const auto request = request_for(Cpu::mos6502, galois16_6502("$B5"), "lfsr16", {0xF0, 0xF1}, "galois16");
  const RoutineCheck check = checked(request);
  EXPECT_FALSE(check.equal);
  // The first state (counting up from 1) where taps B500 and B400 disagree.
  std::uint16_t first = 0;
  for (std::uint32_t s = 1; s < 0x10000 && first == 0; ++s)
    if (galois_call(static_cast<std::uint16_t>(s), 0xB500) != galois_call(static_cast<std::uint16_t>(s), 0xB400))
      first = static_cast<std::uint16_t>(s);
  ASSERT_NE(first, 0);
  ASSERT_TRUE(check.difference);
  const auto& d = *check.difference;
  EXPECT_EQ(d.call, 0u);
  EXPECT_EQ(d.before,
            (std::vector<std::uint8_t>{static_cast<std::uint8_t>(first >> 8), static_cast<std::uint8_t>(first)}));
  const auto [theirs_byte, theirs_state] = galois_call(first, 0xB500);
  const auto [ours_byte, ours_state] = galois_call(first, 0xB400);
  EXPECT_EQ(d.output, theirs_byte);
  EXPECT_EQ(d.expected_output, ours_byte);
  EXPECT_EQ(d.state, (std::vector<std::uint8_t>{static_cast<std::uint8_t>(theirs_state >> 8),
                                                static_cast<std::uint8_t>(theirs_state)}));
  EXPECT_EQ(d.expected_state, (std::vector<std::uint8_t>{static_cast<std::uint8_t>(ours_state >> 8),
                                                         static_cast<std::uint8_t>(ours_state)}));
  char from[8];
  std::snprintf(from, sizeof from, "%04X", first);
  const std::string verdict = routine_check_verdict(request, check);
  EXPECT_NE(verdict.find(std::string("different from galois16: from state ") + from), std::string::npos) << verdict;
}

// The state kept in the code itself, in two immediate operands.
TEST(RoutineCheck, SelfModifyingCodeRunsAndStartsFromTheImagesState) {
  const std::string source =
      "        .org $0700\n"
      "lfsr16: ldx #8\n"
      "step:\n"
      "hi = * + 1\n"
      "        lda #$AC\n"
      "        lsr a\n"
      "        sta hi\n"
      "lo = * + 1\n"
      "        lda #$E1\n"
      "        ror a\n"
      "        sta lo\n"
      "        bcc next\n"
      "        lda hi\n"
      "        eor #$B4\n"
      "        sta hi\n"
      "next:   dex\n"
      "        bne step\n"
      "        lda hi\n"
      "        rts\n";
  // hi is the first lda #'s operand at $0703 (after ldx #8 and the opcode); lo the
  // second's at $0709 (after lsr a and an absolute sta).
  const auto request = request_for(Cpu::mos6502, source, "lfsr16", {0x0703, 0x0709}, "galois16");
  const RoutineCheck check = checked(request);
  EXPECT_TRUE(check.equal) << routine_check_text(request, check);
  EXPECT_EQ(check.states_checked, 65535u);
  EXPECT_TRUE(check.start_from_image);
  EXPECT_EQ(check.start, (std::vector<std::uint8_t>{0xAC, 0xE1}));
}

TEST(RoutineCheck, AnEndlessLoopStopsAtItsBudgetWithItsLine) {
  const std::string source =
      "        .org $0600\n"
      "lfsr16: lda $F0\n"
      "spin:   jmp spin\n";
  auto request = request_for(Cpu::mos6502, source, "lfsr16", {0xF0, 0xF1}, "galois16");
  request.cycle_budget = 1000;
  const RoutineCheck check = checked(request);
  EXPECT_FALSE(check.equal);
  ASSERT_TRUE(check.stop);
  EXPECT_EQ(check.stop->address, 0x0602u);
  EXPECT_EQ(check.stop->line, 3);
  EXPECT_EQ(check.stop->before, (std::vector<std::uint8_t>{0x00, 0x01}));  // the first state tried
  const std::string verdict = routine_check_verdict(request, check);
  EXPECT_NE(verdict.find("stopped from state 0001 at $0602 (line 3): still running after its budget of 1,000 cycles"),
            std::string::npos)
      << verdict;
}

TEST(RoutineCheck, AWriteOutsideTheMemoryMapStops) {
  const std::string source =
      "        .org $0600\n"
      "lfsr16: lda #1\n"
      "        sta $C000\n"
      "        rts\n";
  const auto request = request_for(Cpu::mos6502, source, "lfsr16", {0xF0, 0xF1}, "galois16");
  const RoutineCheck check = checked(request);
  ASSERT_TRUE(check.stop);
  EXPECT_EQ(check.stop->address, 0x0602u);
  EXPECT_EQ(check.stop->line, 3);
  EXPECT_NE(check.stop->message.find("write to $C000 outside the memory map"), std::string::npos)
      << check.stop->message;
}

TEST(RoutineCheck, AnUndocumentedOpcodeIsAMessage) {
  const std::string source =
      "        .org $0600\n"
      "lfsr16: nop\n"
      "        .byte $02\n";
  const auto request = request_for(Cpu::mos6502, source, "lfsr16", {0xF0, 0xF1}, "galois16");
  const RoutineCheck check = checked(request);
  ASSERT_TRUE(check.stop);
  EXPECT_EQ(check.stop->address, 0x0601u);
  EXPECT_FALSE(check.stop->message.empty());
}

TEST(RoutineCheck, AWrongStateIsRefusedWithItsField) {
  auto request = request_for(Cpu::mos6502, galois16_6502("$B4"), "lfsr16", {0xF0}, "galois16");
  auto check = check_routine(request);
  ASSERT_FALSE(check);
  EXPECT_NE(check.error().find("state: galois16 keeps 2 state bytes, got 1 address"), std::string::npos)
      << check.error();
  request.state = {0x01F0, 0xF0, 0xF0};
  check = check_routine(request);
  ASSERT_FALSE(check);
  EXPECT_NE(check.error().find("state: $01F0 is on the stack"), std::string::npos) << check.error();
  EXPECT_NE(check.error().find("state: $00F0 is listed twice"), std::string::npos) << check.error();
  request.state = {0xF0, 0xF1};
  request.against = "galois17";
  check = check_routine(request);
  ASSERT_FALSE(check);
  EXPECT_NE(check.error().find("against: \"galois17\" is neither a generator"), std::string::npos) << check.error();
  request.against = "d6-fdr";
  EXPECT_FALSE(check_routine(request));
  request.against = "d300-mulhi";
  EXPECT_FALSE(check_routine(request));
}

// A d6 by mask-and-reject from the byte at $F0: face 1..6, 0 when rejected.
const char* kRejectD6 =
    "        .org $0600\n"
    "roll:   lda $F0\n"
    "        and #7\n"
    "        cmp #6\n"
    "        bcs reject\n"
    "        adc #1      ; C is clear here\n"
    "        rts\n"
    "reject: lda #0\n"
    "        rts\n";

TEST(RoutineCheck, ADieRollIsCheckedOnEveryByteWithItsFaceCounts) {
  const auto request = request_for(Cpu::mos6502, kRejectD6, "roll", {0xF0}, "d6-reject");
  const RoutineCheck check = checked(request);
  EXPECT_TRUE(check.equal) << routine_check_text(request, check);
  EXPECT_EQ(check.states_checked, 256u);
  // Each face from the 32 bytes with that low octal digit; 6 and 7 rejected.
  EXPECT_EQ(check.face_counts, (std::vector<std::uint32_t>{64, 32, 32, 32, 32, 32, 32}));
  EXPECT_FALSE(check.period);
  EXPECT_NE(routine_check_verdict(request, check).find("equal to d6-reject for all 256 input bytes"),
            std::string::npos);
}

TEST(RoutineCheck, ADieRollClaimingAnotherMethodNamesTheFirstByte) {
  const auto request = request_for(Cpu::mos6502, kRejectD6, "roll", {0xF0}, "d6-mulhi");
  const RoutineCheck check = checked(request);
  EXPECT_FALSE(check.equal);
  int first = -1;
  for (int x = 0; x < 256 && first < 0; ++x) {
    const int reject = (x & 7) >= 6 ? 0 : (x & 7) + 1;
    const int mulhi = (x * 6 >> 8) + 1;
    if (reject != mulhi) first = x;
  }
  ASSERT_TRUE(check.difference);
  EXPECT_EQ(check.difference->before, (std::vector<std::uint8_t>{static_cast<std::uint8_t>(first)}));
  // Every byte is still counted: mulhi's faces are 43 43 42 43 43 42 (256 * k / 6 rounded up, differenced).
  EXPECT_EQ(check.expected_face_counts, (std::vector<std::uint32_t>{0, 43, 43, 42, 43, 43, 42}));
}

// Faces above N are counted too, so the text shows them.
TEST(RoutineCheck, ADieRollReturningFacesAboveNShowsThem) {
  const std::string source =
      "        .org $0600\n"
      "roll:   lda $F0\n"
      "        and #7\n"
      "        clc\n"
      "        adc #1\n"
      "        rts\n";
  const auto request = request_for(Cpu::mos6502, source, "roll", {0xF0}, "d6-reject");
  const RoutineCheck check = checked(request);
  EXPECT_FALSE(check.equal);
  // x & 7 + 1: each of 1..8 from 32 bytes, none rejected.
  EXPECT_EQ(check.face_counts, (std::vector<std::uint32_t>{0, 32, 32, 32, 32, 32, 32, 32, 32}));
  EXPECT_NE(routine_check_text(request, check).find("7: 32, 8: 32"), std::string::npos);
}

// PIC16: the lcg8 preset, x' = 5x + 1 mod 256, in file register 0x20.
TEST(RoutineCheck, Lcg8OnPic16EqualsForAll256States) {
  const std::string source =
      "        org 0\n"
      "lcg8:   movf 0x20, w\n"
      "        addwf 0x20, f\n"
      "        addwf 0x20, f\n"
      "        addwf 0x20, f\n"
      "        addwf 0x20, f\n"
      "        incf 0x20, f\n"
      "        movf 0x20, w\n"
      "        return\n";
  const auto request = request_for(Cpu::pic16, source, "lcg8", {0x20}, "lcg8");
  const RoutineCheck check = checked(request);
  EXPECT_TRUE(check.equal) << routine_check_text(request, check);
  EXPECT_EQ(check.states_checked, 256u);
  EXPECT_FALSE(check.zero_refused);
  EXPECT_EQ(check.cycles.min, 9u);  // 7 one-cycle instructions and RETURN's 2
  EXPECT_EQ(check.cycles.max, 9u);
  ASSERT_TRUE(check.period);
  EXPECT_EQ(check.period->length, 256u);  // c odd, a - 1 divisible by 4: full period (Hull-Dobell)
  EXPECT_NE(routine_check_verdict(request, check).find("for all 256 states"), std::string::npos);
}

// Z80: John Metcalf's 16-bit xorshift (7,9,8) as he published it for the
// Z80, its state in the operand of `ld hl,1` (self-modifying, at xrnd+1 low,
// xrnd+2 high); it returns the new high byte in A. The xorshift16 preset is
// his triple: equal over every nonzero state.
TEST(RoutineCheck, MetcalfsXorshiftOnZ80EqualsXorshift16) {
  const std::string source =
      "        org 0x8000\n"
      "xrnd:   ld hl,1\n"
      "        ld a,h\n"
      "        rra\n"
      "        ld a,l\n"
      "        rra\n"
      "        xor h\n"
      "        ld h,a\n"
      "        ld a,l\n"
      "        rra\n"
      "        ld a,h\n"
      "        rra\n"
      "        xor l\n"
      "        ld l,a\n"
      "        xor h\n"
      "        ld h,a\n"
      "        ld (xrnd+1),hl\n"
      "        ret\n";
  const auto request = request_for(Cpu::z80, source, "xrnd", {0x8002, 0x8001}, "xorshift16");
  const RoutineCheck check = checked(request);
  EXPECT_TRUE(check.equal) << routine_check_text(request, check);
  EXPECT_EQ(check.states_checked, 65535u);
  EXPECT_EQ(check.start, (std::vector<std::uint8_t>{0x00, 0x01}));  // the image's ld hl,1
  // T-states (Zilog manual): ld hl,nn 10; ld r,r' 4 (x7); rra 4 (x4); xor r 4 (x3); ld (nn),hl 16; ret 10.
  EXPECT_EQ(check.cycles.min, 10u + 7 * 4 + 4 * 4 + 3 * 4 + 16 + 10);
  EXPECT_EQ(check.cycles.max, check.cycles.min);
  ASSERT_TRUE(check.period);
  EXPECT_EQ(check.period->length, 65535u);  // Metcalf picked (7,9,8) among the maximal triples
}

// SM83 (Z80-style spelling): lcg8, x' = 5x + 1, its state a data byte after the code.
TEST(RoutineCheck, Lcg8OnSm83WithItsStateInTheImage) {
  const std::string source =
      "        org 0xC000\n"
      "lcg8:   ld a,(seed)\n"
      "        ld b,a\n"
      "        add a,a\n"
      "        add a,a\n"
      "        add a,b\n"
      "        inc a\n"
      "        ld (seed),a\n"
      "        ret\n"
      "seed:   db 7\n";
  const auto request = request_for(Cpu::sm83, source, "lcg8", {0xC00C}, "lcg8");
  const RoutineCheck check = checked(request);
  EXPECT_TRUE(check.equal) << routine_check_text(request, check);
  EXPECT_EQ(check.states_checked, 256u);
  EXPECT_EQ(check.start, (std::vector<std::uint8_t>{7}));
  // M-cycles (Pan Docs): ld a,(a16) 4, ld/add/inc on registers 1 each (x5), ld (a16),a 4, ret 4.
  EXPECT_EQ(check.cycles.min, 17u);
  EXPECT_EQ(check.cycles.max, 17u);
  EXPECT_EQ(check.code_units, 13u);
}

// PIC16: a write through FSR past bank 0 (the data memory emulated) stops
// the call at that instruction with the interpreter's message.
TEST(RoutineCheck, APic16WritePastBank0Stops) {
  const std::string source =
      "        org 0\n"
      "lcg8:   movlw 0x90\n"
      "        movwf 4\n"
      "        movwf 0\n"
      "        return\n";
  const auto request = request_for(Cpu::pic16, source, "lcg8", {0x20}, "lcg8");
  const RoutineCheck check = checked(request);
  ASSERT_TRUE(check.stop);
  EXPECT_EQ(check.stop->address, 2u);
  EXPECT_EQ(check.stop->line, 4);
  EXPECT_NE(check.stop->message.find("past bank 0"), std::string::npos) << check.stop->message;
  EXPECT_NE(routine_check_verdict(request, check).find("stopped from state 00 at $002 (line 4)"), std::string::npos)
      << routine_check_verdict(request, check);
}

TEST(RoutineCheck, TheJobGivesTheSameCheck) {
  const auto request = request_for(Cpu::mos6502, galois16_6502("$B5"), "lfsr16", {0xF0, 0xF1}, "galois16");
  const RoutineCheck direct = checked(request);
  auto job = make_job("routine_check", routine_check_params(request));
  ASSERT_TRUE(job) << job.error();
  double last = 0;
  run_job_to_end(**job, 5000, [&](double progress) {
    EXPECT_GE(progress, last);
    last = progress;
  });
  const auto decoded = decode_routine_check((*job)->result());
  ASSERT_TRUE(decoded) << decoded.error();
  EXPECT_EQ(routine_check_text(request, *decoded), routine_check_text(request, direct));
  EXPECT_EQ((*job)->summary(), routine_check_verdict(request, direct));
  EXPECT_FALSE(make_job("routine_check", "cpu=6502&org=0600&image=EA&entry=0600&state=F0&against=galois16"));
}

}  // namespace
}  // namespace shufflelab
