// The listings run on the core's interpreters (the browser's path) and must
// give what the C++ core gives: Z80Lfsr and range.hpp for the Z80, the
// tarot GaloisLfsr, FastDiceRoller and Fisher-Yates for the SM83, lcrng_next
// and one_chip_deal for the PIC16, mask and reject (the mask written here)
// on both, strike_nth_card and Lemire's draw for the
// x86 model. Expected values come from those core functions (each tested
// against its own independent sources elsewhere) or from brute force here.
#include <gtest/gtest.h>

#include <bit>
#include <vector>

#include "core/asm/asm_session.hpp"
#include "core/cpu/pic_cpu.hpp"
#include "core/cpu/sm83_cpu.hpp"
#include "core/shuffle/bits.hpp"
#include "core/dice/fdr.hpp"
#include "core/gen/lfsr.hpp"
#include "core/poker/poker.hpp"
#include "core/dice/range.hpp"
#include "core/shuffle/shuffle.hpp"
#include "core/gen/z80_lfsr.hpp"

#include "test_support.hpp"

namespace shufflelab {
namespace {

AsmSession run_to_end(AsmAlgorithm algorithm, const AsmInputs& inputs) {
  auto session = AsmSession::start(algorithm, inputs);
  EXPECT_TRUE(session) << session.error();
  auto ran = session.value().run(~std::uint64_t{0});
  EXPECT_TRUE(ran) << ran.error();
  EXPECT_TRUE(session.value().done());
  return std::move(session.value());
}

TEST(AsmSession, Z80LfsrGivesZ80LfsrBytesFromWeakAndOrdinarySeeds) {
  // FFFF...: a fixed point; 1445511445511445: period 3; 2E97CBE572B95C2E: period 7.
  for (const std::uint64_t seed : {0x0123456789ABCDEFull, 0xFFFFFFFFFFFFFFFFull, 0x1445511445511445ull,
                                   0x2E97CBE572B95C2Eull}) {
    const AsmSession s = run_to_end(AsmAlgorithm::z80_lfsr, {seed, 0, 0, 2000});
    Z80Lfsr reference = Z80Lfsr::from_packed(seed);
    ASSERT_EQ(s.outputs().size(), 2000u);
    for (std::size_t i = 0; i < s.outputs().size(); ++i) ASSERT_EQ(s.outputs()[i], reference.next_byte()) << i;
    // The machine's SEED bytes are the reference's state.
    const auto memory = s.memory();
    ASSERT_EQ(memory[0].name, "SEED");
    for (std::size_t i = 0; i < 8; ++i) EXPECT_EQ(memory[0].bytes[i], reference.seed[i]);
  }
}

TEST(AsmSession, Z80DieRoutinesEqualRangeMethodsForEveryByte) {
  struct Case {
    AsmAlgorithm algorithm;
    RangeMethod method;
  };
  for (const Case c : {Case{AsmAlgorithm::z80_roll_minus1, RangeMethod::mulhi_minus1},
                       Case{AsmAlgorithm::z80_roll_exact, RangeMethod::mulhi},
                       Case{AsmAlgorithm::z80_maxu8, RangeMethod::maxu8}}) {
    for (const unsigned n : {1u, 2u, 6u, 20u, 52u, 100u, 200u, 255u}) {
      const AsmSession s = run_to_end(c.algorithm, {1, 0, n, 256});
      const auto reducer = RangeReducer::trusted(c.method, n, 8);
      for (unsigned x = 0; x < 256; ++x) ASSERT_EQ(s.outputs()[x], *reducer.map_word(x)) << "n=" << n << " x=" << x;
    }
  }
}

TEST(AsmSession, Z80PrintedRollDieNeverShowsTheTopFace) {
  // Brute force: (x * 19) >> 8 for x < 256 is at most 18, so a d20 never rolls 20.
  const AsmSession s = run_to_end(AsmAlgorithm::z80_roll_minus1, {1, 0, 20, 256});
  std::uint64_t top = 0;
  for (const auto v : s.outputs()) top = std::max(top, v);
  EXPECT_EQ(top, 18u);
}

TEST(AsmSession, Z80RejectRollDrawsLikeRangeReducer) {
  for (const unsigned n : {1u, 3u, 20u, 129u, 255u}) {
    const std::uint64_t seed = 0x0123456789ABCDEFull;
    const AsmSession s = run_to_end(AsmAlgorithm::z80_reject, {seed, 0, n, 200});
    Z80Lfsr lfsr = Z80Lfsr::from_packed(seed);
    const auto reducer = RangeReducer::trusted(RangeMethod::mask_reject, n, 8);
    for (std::size_t i = 0; i < 200; ++i)
      ASSERT_EQ(s.outputs()[i], reducer.draw([&] { return std::uint64_t{lfsr.next_byte()}; })) << "n=" << n;
  }
}

TEST(AsmSession, Z80RejectOnTheFixedPointSeedIsCaughtAsARunaway) {
  // Seed FFFF...: every byte is FF; FF & 31 = 31 >= 20 is rejected forever.
  auto session = AsmSession::start(AsmAlgorithm::z80_reject, {0xFFFFFFFFFFFFFFFFull, 0, 20, 1});
  ASSERT_TRUE(session);
  const auto ran = session.value().run(3'000'000);
  ASSERT_FALSE(ran);
  EXPECT_NE(ran.error().find("has not returned"), std::string::npos);
}

GaloisLfsr tarot(std::uint64_t seed) { return GaloisLfsr{32, tarot_taps(32, 0xCF), seed}; }

TEST(AsmSession, Sm83TarotLfsrGivesGaloisLfsrBytes) {
  for (const std::uint64_t seed : {0x12345678ull, 0x00000001ull, 0xFFFFFFFFull, 0x80000000ull}) {
    const AsmSession s = run_to_end(AsmAlgorithm::sm83_lfsr, {seed, 0, 0, 1000});
    GaloisLfsr reference = tarot(seed);
    for (std::size_t i = 0; i < 1000; ++i) ASSERT_EQ(s.outputs()[i], reference.next_byte()) << i;
    const auto memory = s.memory();
    ASSERT_EQ(memory[0].name, "LFSR0");
    const std::uint64_t state = std::uint64_t{memory[0].bytes[0]} << 24 | memory[0].bytes[1] << 16 |
                                memory[0].bytes[2] << 8 | memory[0].bytes[3];
    EXPECT_EQ(state, reference.state);
  }
}

TEST(AsmSession, Sm83RollIsTheTarotDiceRollerOnTheCoinQueue) {
  for (const unsigned n : {2u, 3u, 6u, 78u, 128u}) {
    const std::uint64_t seed = 0x0BADCAFE;
    const AsmSession s = run_to_end(AsmAlgorithm::sm83_roll, {seed, 0, n, 300});
    GaloisLfsr lfsr = tarot(seed);
    CoinsFromWords coins([&] { return std::uint64_t{lfsr.next_byte()}; }, 8);
    const auto roller = FastDiceRoller::make(n, FdrVariant::tarot);
    ASSERT_TRUE(roller);
    for (std::size_t i = 0; i < 300; ++i) ASSERT_EQ(s.outputs()[i], roller->draw(coins)) << "n=" << n << " roll " << i;
  }
}

TEST(AsmSession, Sm83FdrIsTheFastDiceRollerOnTheCoinQueue) {
  for (const unsigned n : {2u, 3u, 6u, 20u, 77u, 78u, 128u}) {
    const std::uint64_t seed = 0x0BADCAFE;
    const AsmSession s = run_to_end(AsmAlgorithm::sm83_fdr, {seed, 0, n, 300});
    GaloisLfsr lfsr = tarot(seed);
    const auto roller = FastDiceRoller::make(n, FdrVariant::published);
    ASSERT_TRUE(roller);
    std::uint32_t bytes = 0;
    CoinsFromWords counted(
        [&] {
          ++bytes;
          return std::uint64_t{lfsr.next_byte()};
        },
        8);
    for (std::size_t i = 0; i < 300; ++i) ASSERT_EQ(s.outputs()[i], roller->draw(counted)) << "n=" << n << " roll " << i;
    // The cycles inside the generator routine are the generator listing's own
    // run for the bytes the rolls took (what the chooser counts as the generator's).
    const AsmSession alone = run_to_end(AsmAlgorithm::sm83_lfsr, {seed, 0, 0, bytes});
    EXPECT_EQ(s.cycles_in("tarot_lfsr"), alone.cycles()) << "n=" << n;
  }
}

TEST(AsmSession, Sm83ShuffleIsFisherYatesOverTheTarotRoller) {
  for (const std::uint64_t seed : {0x12345678ull, 0xCAFEF00Dull}) {
    const AsmSession s = run_to_end(AsmAlgorithm::sm83_shuffle, {seed, 0, 0, 2});
    GaloisLfsr lfsr = tarot(seed);
    CoinsFromWords coins([&] { return std::uint64_t{lfsr.next_byte()}; }, 8);
    auto draw = [&](std::uint32_t bound) {
      return static_cast<std::uint32_t>(FastDiceRoller::make(bound, FdrVariant::tarot)->draw(coins));
    };
    const ShuffleSpec spec{ShuffleAlgo::FisherYates, 78};
    for (int deck = 0; deck < 2; ++deck) {
      const std::vector<std::uint32_t> expected = shuffle_fast(spec, draw);
      for (std::size_t i = 0; i < 78; ++i) ASSERT_EQ(s.outputs()[78 * deck + i], expected[i]) << deck << " " << i;
    }
  }
}

// ---- the mask-and-reject die rolls (Game Boy, PIC16) -----------------------------

// The smallest all-ones mask >= n-1, by doubling (written here, not range.hpp's).
std::uint64_t reject_mask(std::uint64_t n) {
  std::uint64_t mask = 0;
  while (mask < n - 1) mask = mask * 2 + 1;
  return mask;
}

constexpr unsigned kRejectSides[] = {1, 2, 3, 6, 20, 52, 77, 78, 128, 129, 255};

TEST(AsmSession, Sm83RejectMasksTarotBytesAndRejects) {
  for (const unsigned n : kRejectSides) {
    const std::uint64_t seed = 0x0BADCAFE;
    const AsmSession s = run_to_end(AsmAlgorithm::sm83_reject, {seed, 0, n, 300});
    GaloisLfsr lfsr = tarot(seed);
    for (std::size_t i = 0; i < 300; ++i) {
      std::uint64_t value;
      do value = lfsr.next_byte() & reject_mask(n); while (value >= n);
      ASSERT_EQ(s.outputs()[i], value) << "n=" << n << " roll " << i;
    }
  }
}

TEST(AsmSession, PicRejectMasksTheLcrngTopBytesAndRejects) {
  for (const unsigned n : kRejectSides) {
    const std::uint64_t seed = 0x932D217C;
    const AsmSession s = run_to_end(AsmAlgorithm::pic_reject, {seed, 0, n, 300});
    auto state = static_cast<std::uint32_t>(seed);
    for (std::size_t i = 0; i < 300; ++i) {
      std::uint64_t value;
      do value = ((state = lcrng_next(state)) >> 24) & reject_mask(n); while (value >= n);
      ASSERT_EQ(s.outputs()[i], value) << "n=" << n << " roll " << i;
    }
  }
}

// Face counts over every input byte: the listing's generator routine is
// replaced by a stub (encoded here from the opcode tables) that hands out a
// chosen byte on its first call, 0 (always kept) after, and counts its calls.
// Expected: x mod 2^k over the 256 bytes (2^k the smallest power of two >= n),
// kept when below n, counted here.
struct FaceCounts {
  std::vector<std::uint32_t> faces;
  std::uint32_t rejected = 0;
  bool operator==(const FaceCounts&) const = default;
};

FaceCounts counted_by_brute_force(unsigned n) {
  unsigned span = 1;
  while (span < n) span *= 2;
  FaceCounts c{std::vector<std::uint32_t>(n, 0), 0};
  for (unsigned x = 0; x < 256; ++x) {
    if (x % span < n) ++c.faces[x % span];
    else ++c.rejected;
  }
  return c;
}

// One call's result: the value and how many bytes it took.
void count_call(FaceCounts& c, unsigned value, unsigned calls, unsigned x) {
  if (calls == 1) {
    ASSERT_LT(value, c.faces.size()) << "byte " << x;
    ++c.faces[value];
    return;
  }
  EXPECT_EQ(calls, 2u) << "byte " << x;
  EXPECT_EQ(value, 0u) << "byte " << x;  // the second byte, 0, is kept
  ++c.rejected;
}

std::uint32_t label_address(const AsmProgram& program, std::string_view label) {
  const std::ptrdiff_t row = program.label_row(label);
  EXPECT_GE(row, 0) << label;
  return row < 0 ? 0 : program.rows[static_cast<std::size_t>(row)].address;
}

FaceCounts sm83_reject_counts(unsigned n) {
  const AsmProgram& program = asm_program(AsmIsa::sm83);
  const std::vector<std::uint16_t> image = program.image();
  const std::vector<std::uint8_t> bytes(image.begin(), image.end());
  // ld hl,D001 / inc (hl) / ld a,(D000) / push af / xor a / ld (D000),a / pop af / ret
  const std::vector<std::uint8_t> stub{0x21, 0x01, 0xd0, 0x34, 0xfa, 0x00, 0xd0, 0xf5, 0xaf, 0xea, 0x00, 0xd0, 0xf1, 0xc9};
  constexpr std::uint16_t kFeed = 0xd000, kCalls = 0xd001, kReturn = 0xfff0;
  FaceCounts c{std::vector<std::uint32_t>(n, 0), 0};
  Sm83Cpu cpu;  // the runs write only the stack, the fed byte and the count
  cpu.load(static_cast<std::uint16_t>(program.origin), bytes);
  cpu.load(static_cast<std::uint16_t>(label_address(program, "tarot_lfsr")), stub);
  for (unsigned x = 0; x < 256; ++x) {
    cpu.poke(kCalls, 0);
    cpu.poke(kFeed, static_cast<std::uint8_t>(x));
    cpu.regs.b = static_cast<std::uint8_t>(n - 1);
    cpu.regs.sp = 0xdff0;
    cpu.enter(static_cast<std::uint16_t>(label_address(program, "roll_reject")), kReturn);
    for (int i = 0; i < 1000 && cpu.regs.pc != kReturn; ++i) EXPECT_TRUE(cpu.step());
    EXPECT_EQ(cpu.regs.pc, kReturn);
    count_call(c, cpu.regs.a, cpu.peek(kCalls), x);
  }
  return c;
}

FaceCounts pic_reject_counts(unsigned n) {
  const AsmProgram& program = asm_program(AsmIsa::pic14);
  // movf 50,w / movwf STATE3 / clrf 50 / incf 51,f / return
  const std::vector<std::uint16_t> stub{0x0850, 0x00a3, 0x01d0, 0x0ad1, 0x0008};
  constexpr std::uint8_t kFeed = 0x50, kCalls = 0x51, kSides = 0x3a;
  FaceCounts c{std::vector<std::uint32_t>(n, 0), 0};
  PicCpu cpu;  // the runs write only MASK, ROLL, STATE3, the fed byte and the count
  cpu.load(static_cast<std::uint16_t>(program.origin), program.image());
  cpu.load(static_cast<std::uint16_t>(label_address(program, "lcrng")), stub);
  cpu.set_file(kSides, static_cast<std::uint8_t>(n));
  for (unsigned x = 0; x < 256; ++x) {
    cpu.set_file(kCalls, 0);
    cpu.set_file(kFeed, static_cast<std::uint8_t>(x));
    EXPECT_TRUE(cpu.enter(static_cast<std::uint16_t>(label_address(program, "roll_reject"))));
    for (int i = 0; i < 1000 && !(cpu.pc == PicCpu::kReturnAddress && cpu.stack_depth() == 0); ++i)
      EXPECT_TRUE(cpu.step());
    EXPECT_EQ(cpu.pc, PicCpu::kReturnAddress);
    count_call(c, cpu.w, cpu.file(kCalls), x);
  }
  return c;
}

// The Fast Dice Roller over every string of kFlips coin flips: coin_flip is
// replaced by a stub that shifts the next flip out of a 16-bit pattern (lowest
// bit first) into carry and counts the flips. Rolls that need more flips than
// the string has are cut off. Expected: Lumbroso's published loop, written
// here, over the same strings; and every face the same count (exact).
constexpr unsigned kFlips = 10;

FaceCounts fdr_counted_by_brute_force(unsigned n) {
  FaceCounts c{std::vector<std::uint32_t>(n, 0), 0};
  for (unsigned bits = 0; bits < (1u << kFlips); ++bits) {
    unsigned v = 1, value = 0, used = 0;
    for (;;) {
      if (used == kFlips) {
        ++c.rejected;  // here: cut off
        break;
      }
      v = 2 * v;
      value = 2 * value + (bits >> used++ & 1);
      if (v < n) continue;
      if (value < n) {
        ++c.faces[value];
        break;
      }
      v -= n;
      value -= n;
    }
  }
  return c;
}

FaceCounts sm83_fdr_counts(unsigned n) {
  const AsmProgram& program = asm_program(AsmIsa::sm83);
  const std::vector<std::uint16_t> image = program.image();
  const std::vector<std::uint8_t> bytes(image.begin(), image.end());
  // ld hl,D001 / srl (hl) / dec hl / rr (hl) / ld hl,D002 / inc (hl) / ret: the flip in carry
  const std::vector<std::uint8_t> stub{0x21, 0x01, 0xd0, 0xcb, 0x3e, 0x2b, 0xcb, 0x1e, 0x21, 0x02, 0xd0, 0x34, 0xc9};
  constexpr std::uint16_t kPattern = 0xd000, kCount = 0xd002, kReturn = 0xfff0;
  FaceCounts c{std::vector<std::uint32_t>(n, 0), 0};
  Sm83Cpu cpu;  // the runs write only the stack, the pattern and the count
  cpu.load(static_cast<std::uint16_t>(program.origin), bytes);
  cpu.load(static_cast<std::uint16_t>(label_address(program, "coin_flip")), stub);
  for (unsigned bits = 0; bits < (1u << kFlips); ++bits) {
    cpu.poke(kCount, 0);
    cpu.poke(kPattern, static_cast<std::uint8_t>(bits));
    cpu.poke(kPattern + 1, static_cast<std::uint8_t>(bits >> 8));
    cpu.regs.b = static_cast<std::uint8_t>(n - 1);
    cpu.regs.sp = 0xdff0;
    cpu.enter(static_cast<std::uint16_t>(label_address(program, "roll_fdr")), kReturn);
    while (cpu.regs.pc != kReturn && cpu.peek(kCount) <= kFlips) EXPECT_TRUE(cpu.step());
    if (cpu.peek(kCount) > kFlips) ++c.rejected;
    else if (cpu.regs.a < n) ++c.faces[cpu.regs.a];
    else ADD_FAILURE() << "n=" << n << ": value " << int{cpu.regs.a};
  }
  return c;
}

TEST(AsmSession, Sm83FdrFaceCountsOverEveryFlipStringAreTheBruteForceCounts) {
  std::vector<unsigned> sides{128};  // the shuffle bounds 2..78 (d6 and d20 among them) and the largest
  for (unsigned n = 2; n <= 78; ++n) sides.push_back(n);
  for (const unsigned n : sides) {
    const FaceCounts expected = fdr_counted_by_brute_force(n);
    EXPECT_EQ(sm83_fdr_counts(n), expected) << "n=" << n;
    for (const std::uint32_t count : expected.faces) EXPECT_EQ(count, expected.faces[0]) << "n=" << n;
  }
  // A d6 within 10 flips: 170 strings per face, 4 of the 1,024 still running.
  const FaceCounts d6 = fdr_counted_by_brute_force(6);
  EXPECT_EQ(d6.faces[0], 170u);
  EXPECT_EQ(d6.rejected, 4u);
}

TEST(AsmSession, RejectListingsFaceCountsOverEveryByteAreTheBruteForceCounts) {
  for (unsigned n = 1; n <= 255; ++n) {
    const FaceCounts expected = counted_by_brute_force(n);
    EXPECT_EQ(sm83_reject_counts(n), expected) << "Game Boy n=" << n;
    EXPECT_EQ(pic_reject_counts(n), expected) << "PIC n=" << n;
  }
  // Every face the same count: exactly uniform (for a d6, 32 bytes each of the 8 masked values, 64 thrown away).
  const FaceCounts d6 = counted_by_brute_force(6);
  EXPECT_EQ(d6.faces, std::vector<std::uint32_t>(6, 32));
  EXPECT_EQ(d6.rejected, 64u);
}

// The reject rolls' own cycles (outside the generator routine), as measured
// by the interpreters, against a hand count from the documented timings.
// Game Boy (M-cycles): setup xor a 1 + per widening (cp 1, jr nc 2, scf 1,
// rla 1, jr 3) 8 + last check (cp 1, jr nc taken 3) + ld c,a 1; per byte
// push 4 + call 6 + pop 3 + and 1 + cp 1, then thrown away (ret z 2, jr nc
// taken 3) 5, kept below top (ret z 2, jr nc 2, ret 4) 8, kept at top (ret z
// taken) 5. PIC (instruction cycles): setup clrf 1 + per widening (decf 1,
// subwf 1, btfsc skipping 2, bsf 1, rlf 1, goto 2) 8 + last check (decf,
// subwf, btfsc 1 each, goto 2); per byte call 2 + movf, andwf, movwf, movf,
// subwf 1 each, then thrown away (btfsc 1, goto 2) 3, kept (btfsc skipping 2,
// movf 1, return 2) 5.
TEST(AsmCosts, RejectRollsOwnCyclesAreTheHandCount) {
  for (const unsigned n : {6u, 20u, 78u}) {
    std::uint64_t widenings = 0;
    for (std::uint64_t mask = 0; mask < n - 1; mask = mask * 2 + 1) ++widenings;
    const std::uint64_t mask = reject_mask(n);
    std::uint64_t sm83 = 0, pic = 0;
    GaloisLfsr lfsr = tarot(0x12345678);
    std::uint32_t state = 0;
    for (int roll = 0; roll < 256; ++roll) {
      std::uint64_t x;
      sm83 += 1 + 8 * widenings + 4 + 1;
      while ((x = lfsr.next_byte() & mask) >= n) sm83 += 15 + 5;
      sm83 += 15 + (x == n - 1 ? 5 : 8);
      pic += 1 + 8 * widenings + 5;
      while ((x = ((state = lcrng_next(state)) >> 24) & mask) >= n) pic += 7 + 3;
      pic += 7 + 5;
    }
    const AsmSession gb = run_to_end(AsmAlgorithm::sm83_reject, {0x12345678, 0, n, 256});
    EXPECT_EQ(gb.cycles() - gb.cycles_in("tarot_lfsr"), sm83) << "n=" << n;
    const AsmSession p = run_to_end(AsmAlgorithm::pic_reject, {0, 0, n, 256});
    EXPECT_EQ(p.cycles() - p.cycles_in("lcrng"), pic) << "n=" << n;
    // The cost the chooser reads is that run's over its 256 rolls.
    AsmInputs gb_inputs = asm_measured_inputs(AsmAlgorithm::sm83_reject);
    gb_inputs.n = n;
    EXPECT_DOUBLE_EQ(*asm_cost_on(AsmAlgorithm::sm83_reject, gb_inputs).value().own_cycles_per_output,
                     static_cast<double>(sm83) / 256);
    AsmInputs pic_inputs = asm_measured_inputs(AsmAlgorithm::pic_reject);
    pic_inputs.n = n;
    EXPECT_DOUBLE_EQ(*asm_cost_on(AsmAlgorithm::pic_reject, pic_inputs).value().own_cycles_per_output,
                     static_cast<double>(pic) / 256);
  }
}

TEST(AsmSession, PicLcrngStepsLikeLcrngNext) {
  for (const std::uint64_t seed : {0ull, 1ull, 0x932D217Cull, 0xFFFFFFFFull, 0x80000000ull}) {
    const AsmSession s = run_to_end(AsmAlgorithm::pic_lcrng, {seed, 0, 0, 300});
    auto state = static_cast<std::uint32_t>(seed);
    for (std::size_t i = 0; i < 300; ++i) {
      state = lcrng_next(state);
      ASSERT_EQ(s.outputs()[i], state) << std::hex << seed << " step " << std::dec << i;
    }
  }
}

TEST(AsmSession, PicDealsLikeOneChipDeal) {
  // 0x932D217C is the seed whose deal takes the most calls (39).
  for (const std::uint64_t seed : {0ull, 0x932D217Cull, 0x12345678ull, 0xFFFFFFFFull}) {
    const AsmSession s = run_to_end(AsmAlgorithm::pic_deal, {seed, 0, 0, 8});
    auto state = static_cast<std::uint32_t>(seed);
    for (int deal = 0; deal < 8; ++deal) {
      const OneChipDeal expected = one_chip_deal(state);
      for (std::size_t i = 0; i < 10; ++i)
        ASSERT_EQ(s.outputs()[10 * static_cast<std::size_t>(deal) + i], expected.cards[i]) << deal << " " << i;
      state = expected.final_state;
    }
    const auto memory = s.memory();
    ASSERT_EQ(memory[0].name, "STATE");
    const std::uint32_t final_state = std::uint32_t{memory[0].bytes[3]} << 24 | memory[0].bytes[2] << 16 |
                                      memory[0].bytes[1] << 8 | memory[0].bytes[0];
    EXPECT_EQ(final_state, state);
  }
}

TEST(AsmSession, X86StrikeRemovesTheNthRemainingCard) {
  const std::uint64_t deck = (std::uint64_t{1} << 52) - 1;
  const AsmSession s = run_to_end(AsmAlgorithm::x86_strike, {deck, 0, 7, 52});
  std::uint64_t cards = deck;
  for (std::size_t k = 0; k < 52; ++k) {
    const auto rank = static_cast<unsigned>(7 % std::popcount(cards));
    // Brute force: walk the set bits to the rank-th one.
    std::uint32_t expected = 0;
    for (unsigned seen = 0, bit = 0; bit < 64; ++bit)
      if ((cards >> bit) & 1 && seen++ == rank) expected = bit;
    std::uint64_t copy = cards;
    ASSERT_EQ(strike_nth_card(copy, rank), expected);
    ASSERT_EQ(s.outputs()[k], expected) << k;
    cards = copy;
  }
}

TEST(AsmSession, X86LemireDrawsLikeRangeReducer) {
  for (const std::uint64_t n : {std::uint64_t{1}, std::uint64_t{6}, std::uint64_t{52},
                                (std::uint64_t{1} << 63) + 1, ~std::uint64_t{0}}) {
    const AsmSession s = run_to_end(AsmAlgorithm::x86_lemire, {42, 0, n, 100});
    // The session's words: SplitMix64 from the seed (Steele, Lea, Flood 2014).
    std::uint64_t state = 42;
    auto next = [&] { return test::splitmix64(state); };
    const auto reducer = RangeReducer::trusted(RangeMethod::lemire, n, 64);
    for (std::size_t i = 0; i < 100; ++i) ASSERT_EQ(s.outputs()[i], reducer.draw(next)) << "n=" << n << " " << i;
  }
}

TEST(AsmSession, StepsWalkTheRowsAndReportRegisters) {
  auto session = AsmSession::start(AsmAlgorithm::z80_lfsr, {0x0123456789ABCDEFull, 0, 0, 1});
  ASSERT_TRUE(session);
  AsmSession& s = session.value();
  EXPECT_EQ(s.current_row(), 0);
  ASSERT_TRUE(s.step());
  EXPECT_EQ(s.last_row(), 0);
  EXPECT_EQ(s.current_row(), 1);
  EXPECT_EQ(s.cycles(), 16u);  // LD HL,(nn): 16 T-states
  // HL = bytes 6 and 7 of the seed: packed 0123456789ABCDEF lists byte +0 first.
  std::uint64_t hl = 0;
  for (const auto& r : s.registers())
    if (r.name == "H" || r.name == "L") hl = r.name == "H" ? (hl | r.value << 8) : (hl | r.value);
  EXPECT_EQ(hl, 0xEFCDu);
  while (!s.done()) ASSERT_TRUE(s.step());
  EXPECT_EQ(s.current_row(), -1);
  EXPECT_EQ(s.calls_done(), 1u);
}

TEST(AsmSession, Xorshift6502MatchesMarsagliasStepsWrittenOut) {
  // Marsaglia's xorshift with the triples (7,9,8) for 16 bits and (13,17,5) for 32, by hand.
  for (const std::uint32_t seed : {1u, 0xACE1u, 0xFFFFu}) {
    const AsmSession s = run_to_end(AsmAlgorithm::mos6502_xorshift16, {seed, 0, 0, 300});
    std::uint32_t x = seed;
    for (std::size_t i = 0; i < 300; ++i) {
      x = (x ^ (x << 7)) & 0xFFFFu, x ^= x >> 9, x = (x ^ (x << 8)) & 0xFFFFu;
      ASSERT_EQ(s.outputs()[i], x >> 8) << i;
    }
  }
  for (const std::uint32_t seed : {1u, 0x12345678u, 0xFFFFFFFFu}) {
    const AsmSession s = run_to_end(AsmAlgorithm::mos6502_xorshift32, {seed, 0, 0, 300});
    std::uint32_t x = seed;
    for (std::size_t i = 0; i < 300; ++i) {
      x ^= x << 13, x ^= x >> 17, x ^= x << 5;
      ASSERT_EQ(s.outputs()[i], x >> 24) << i;
    }
  }
  EXPECT_NE(AsmSession::start(AsmAlgorithm::mos6502_xorshift16, {0x10000, 0, 0, 1}).error().find("seed:"),
            std::string::npos);
  EXPECT_NE(AsmSession::start(AsmAlgorithm::mos6502_xorshift32, {0, 0, 0, 1}).error().find("seed:"),
            std::string::npos);
}

TEST(AsmSession, RejectsBadInputsNamingTheField) {
  EXPECT_NE(AsmSession::start(AsmAlgorithm::z80_roll_exact, {1, 256, 6, 1}).error().find("x:"), std::string::npos);
  EXPECT_NE(AsmSession::start(AsmAlgorithm::z80_roll_exact, {1, 0, 0, 1}).error().find("n:"), std::string::npos);
  EXPECT_NE(AsmSession::start(AsmAlgorithm::sm83_lfsr, {0, 0, 0, 1}).error().find("seed:"), std::string::npos);
  EXPECT_NE(AsmSession::start(AsmAlgorithm::sm83_roll, {1, 0, 129, 1}).error().find("n:"), std::string::npos);
  EXPECT_NE(AsmSession::start(AsmAlgorithm::sm83_reject, {1, 0, 256, 1}).error().find("n:"), std::string::npos);
  EXPECT_NE(AsmSession::start(AsmAlgorithm::sm83_reject, {0, 0, 6, 1}).error().find("seed:"), std::string::npos);
  EXPECT_NE(AsmSession::start(AsmAlgorithm::pic_reject, {1, 0, 0, 1}).error().find("n:"), std::string::npos);
  EXPECT_NE(AsmSession::start(AsmAlgorithm::pic_lcrng, {1, 0, 0, 0}).error().find("calls:"), std::string::npos);
  EXPECT_NE(AsmSession::start(AsmAlgorithm::x86_strike, {0b101, 0, 0, 3}).error().find("calls:"), std::string::npos);
  EXPECT_EQ(*parse_asm_algorithm("listing", "pic-deal"), AsmAlgorithm::pic_deal);
  EXPECT_FALSE(parse_asm_algorithm("listing", "nope"));
}

TEST(AsmCosts, AreMeasuredFromTheRuns) {
  const auto tables = asm_cost_tables();
  ASSERT_TRUE(tables) << tables.error();
  ASSERT_EQ(tables->size(), 4u);
  for (const auto& table : *tables)
    for (const auto& row : table.rows)
      if (row.algorithm) {
        EXPECT_GT(row.code_bytes, 0u) << row.name;
        EXPECT_GT(*row.cycles_per_output, 0.0) << row.name;
      }
  // Hand count for the Z80 LFSR (Zilog timings): 3 x LD HL,(nn) 16 + 13 x ADD HL,HL 11
  // + LD A,H 4 + 4 x XOR H 4 + 3 x LD rr,nn 10 + LDDR 6 x 21 + 16 + LD (DE),A 7 + RET 10 = 400.
  const auto lfsr = asm_cost(AsmAlgorithm::z80_lfsr);
  ASSERT_TRUE(lfsr);
  EXPECT_DOUBLE_EQ(*lfsr->cycles_per_output, 400.0);
  EXPECT_EQ(lfsr->code_bytes, 40u);  // 0000..0027 in z80asm's listing
  EXPECT_EQ(*lfsr->ram_bytes, 8u);   // the seed; no stack
  // The tarot step: 8 bit-steps; RAM = the 4 state bytes.
  const auto tarot_cost = asm_cost(AsmAlgorithm::sm83_lfsr);
  ASSERT_TRUE(tarot_cost);
  EXPECT_EQ(*tarot_cost->ram_bytes, 4u);
  // PIC: code in 14-bit words, bytes = ceil(words * 14 / 8).
  const auto pic = asm_cost(AsmAlgorithm::pic_lcrng);
  ASSERT_TRUE(pic);
  EXPECT_EQ(pic->code_units, 57u);
  EXPECT_EQ(pic->code_bytes, (57u * 14 + 7) / 8);
  EXPECT_EQ(*pic->ram_bytes, 4u + 3 + 4 + 1);  // STATE, MUL, PROD, BITS
  // 6502 xorshift16, hand count (MOS timings): 8 zero-page LDA/EOR/STA x 3 + 3 x LSR/ROR A 2
  // + RTS 6 = 36; bytes: 8 x 2 + 3 + 1 = 20.
  const auto xs16 = asm_cost(AsmAlgorithm::mos6502_xorshift16);
  ASSERT_TRUE(xs16);
  EXPECT_DOUBLE_EQ(*xs16->cycles_per_output, 36.0);
  EXPECT_EQ(xs16->code_bytes, 20u);
  EXPECT_EQ(*xs16->ram_bytes, 2u);  // the state
  // xorshift32: << 13 = 5 x 3 + 2 + 5 x (ASL 5 + ROL 5 + ROL A 2 + DEX 2) + 4 taken BNE x 3 + 2 + 8 x 3 = 125;
  // >> 17 = 6 x 3 + 2 x 2 = 22; << 5 = 7 x 3 + 2 + 5 x 19 + 14 + 11 x 3 = 165; LDA 3 + RTS 6: 321 in all.
  const auto xs32 = asm_cost(AsmAlgorithm::mos6502_xorshift32);
  ASSERT_TRUE(xs32);
  EXPECT_DOUBLE_EQ(*xs32->cycles_per_output, 321.0);
  EXPECT_EQ(xs32->code_bytes, 0x165u - 0x101u + 1);  // ca65's listing: xorshift32 at +101, its RTS at +165
  EXPECT_EQ(*xs32->ram_bytes, 4u + 3);               // the state, the shifted copy
}

}  // namespace
}  // namespace shufflelab
