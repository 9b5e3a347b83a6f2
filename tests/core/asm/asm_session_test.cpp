// The listings run on the core's interpreters (the browser's path) and must
// give what the C++ core gives: Z80Lfsr and range.hpp for the Z80, the
// tarot GaloisLfsr, FastDiceRoller and Fisher-Yates for the SM83, lcrng_next
// and one_chip_deal for the PIC16, strike_nth_card and Lemire's draw for the
// x86 model. Expected values come from those core functions (each tested
// against its own independent sources elsewhere) or from brute force here.
#include <gtest/gtest.h>

#include <bit>
#include <vector>

#include "core/asm/asm_session.hpp"
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
