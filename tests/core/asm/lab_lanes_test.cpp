// lab_lanes_test.cpp: each lab's lane, run to its default cursor, must show
// the lab's value at that step. Expected values are computed here, naively
// and independently of the core: the generators stepped one by one from
// their published definitions (tarot register: shift right, XOR 0xCF into
// the top byte when a 1 falls out; the Z80 routine's five-term XOR; the One
// Chip LCRNG a = 1664525, c = 1013904223; SplitMix64), the range methods and
// the tarot roller written out from their descriptions, shuffles replayed by
// hand. Also: every row any cursor lights maps to a line of the C++ snippet
// the C++ lane shows (the "one cursor").
#include "core/dice/dice_lanes.hpp"
#include "core/lfsr/lfsr_lanes.hpp"
#include "core/poker/poker_lanes.hpp"
#include "core/shuffle/shuffle_lanes.hpp"

#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <functional>
#include <vector>

#include "core/lfsr/lfsr_timeline.hpp"
#include "core/base/parse.hpp"
#include "core/url_state.hpp"

#include "test_support.hpp"

namespace shufflelab {
namespace {

// ---- independent generators ---------------------------------------------------------
std::uint32_t tarot_after(std::uint32_t state, std::uint64_t bit_steps) {
  for (std::uint64_t i = 0; i < bit_steps; ++i) {
    const bool out = state & 1;
    state >>= 1;
    if (out) state ^= 0xCF000000u;
  }
  return state;
}

struct NaiveZ80 {
  std::array<std::uint8_t, 8> b{};  // b[0] = _LFSRSeed+0
  explicit NaiveZ80(std::uint64_t packed) {
    for (int i = 7; i >= 0; --i, packed >>= 8) b[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(packed);
  }
  std::uint8_t next() {
    const std::uint32_t x = b[4] | b[5] << 8 | b[6] << 16 | static_cast<std::uint32_t>(b[7]) << 24;
    const auto r = static_cast<std::uint8_t>(((x >> 24) ^ (x >> 21) ^ (x >> 20) ^ (x >> 12) ^ (x >> 3)) & 0xff);
    for (int i = 7; i > 0; --i) b[static_cast<std::size_t>(i)] = b[static_cast<std::size_t>(i - 1)];
    b[0] = r;
    return r;
  }
  std::uint64_t packed() const {
    std::uint64_t v = 0;
    for (auto x : b) v = v << 8 | x;
    return v;
  }
};

std::uint32_t lcrng_after(std::uint32_t s, std::uint64_t calls) {
  for (std::uint64_t i = 0; i < calls; ++i) s = 1664525u * s + 1013904223u;
  return s;
}

// Lemire's method, written from his paper: m = x * n; reject while low(m) < (2^64 - n) mod n.
std::uint64_t lemire(std::uint64_t n, std::uint64_t& counter) {
  for (;;) {
    const unsigned __int128 m = static_cast<unsigned __int128>(test::splitmix64(counter)) * n;
    const auto low = static_cast<std::uint64_t>(m);
    if (low >= (0 - n) % n) return static_cast<std::uint64_t>(m >> 64);
  }
}

// Coin flips from tarot LFSR() bytes (eight bit-steps, top byte), low bit first.
struct TarotCoins {
  std::uint32_t state;
  std::uint8_t byte = 0;
  int left = 0;
  unsigned flip() {
    if (left == 0) {
      state = tarot_after(state, 8);
      byte = static_cast<std::uint8_t>(state >> 24);
      left = 8;
    }
    const unsigned bit = byte & 1;
    byte = static_cast<std::uint8_t>(byte >> 1);
    --left;
    return bit;
  }
};

// The seed 000 roller: a value 0..top; after an overshoot, take `step` off v
// and c: top as printed, top + 1 = n in Lumbroso's Fast Dice Roller.
std::uint32_t coin_roll(std::uint32_t top, std::uint32_t step, TarotCoins& coins) {
  std::uint32_t v = 1, c = 0;
  for (;;) {
    v *= 2;
    c = 2 * c + coins.flip();
    if (v <= top) continue;
    if (c <= top) return c;
    v -= step;
    c -= step;
  }
}
std::uint32_t tarot_roll(std::uint32_t top, TarotCoins& coins) { return coin_roll(top, top, coins); }

// ---- running and checking a lane ---------------------------------------------------------
// Runs the lane, checks its value against `expected`, and that every cursor
// position lights a row whose C++ line lies inside the snippet shown.
void check_lane(const LabLane& lane, const std::vector<std::uint64_t>& expected, const std::string& what,
                bool every_cursor = true) {
  SCOPED_TRACE(what + " (" + std::string(asm_algorithm_info(lane.algorithm).id) + ")");
  auto run = LaneRun::start(lane);
  ASSERT_TRUE(run) << run.error();
  EXPECT_EQ(run.value().value(), expected);
  EXPECT_EQ(lane.lab_value, expected) << "the lab's own value";
  EXPECT_TRUE(run.value().agrees());
  if (!every_cursor) return;
  LaneRun& r = run.value();
  for (std::uint64_t c = 0; c <= r.call_length(); ++c) {
    ASSERT_TRUE(r.seek(c));
    const CppSnippet* snippet = r.snippet();
    ASSERT_NE(snippet, nullptr);
    const std::uint32_t line = r.cpp_line();
    ASSERT_EQ(r.cpp_file(), snippet->file) << "cursor " << c;
    ASSERT_GE(line, snippet->first_line) << "cursor " << c;
    ASSERT_LT(line, snippet->first_line + cpp_snippet_line_count(*snippet)) << "cursor " << c;
  }
  ASSERT_TRUE(r.seek(r.default_cursor()));  // back again: re-runs from the start
  EXPECT_EQ(r.value(), expected);
}

LabLanes lfsr_lanes(const LfsrLabState& s) {
  auto timeline = LabTimeline::make(s);
  EXPECT_TRUE(timeline) << timeline.error();
  return lfsr_lab_lanes(s, timeline.value());
}

TEST(LabLanesLfsr, TarotRegisterAtEveryBitStepOfTheCall) {
  for (const std::uint32_t seed : {0xDEADBEEFu, 0x00000001u, 0x80000000u, 0x12345678u}) {
    for (std::uint64_t t : {0ull, 1ull, 5ull, 7ull, 8ull, 9ull, 16ull, 23ull, 100ull, 1000ull, 4097ull}) {
      LfsrLabState s = lab_defaults(LabGen::tarot32);
      s.seed = seed;
      s.t = t;
      const LabLanes lanes = lfsr_lanes(s);
      ASSERT_EQ(lanes.lanes.size(), 2u) << lanes.none;  // Game Boy, then 6502
      check_lane(lanes.lanes[0], {tarot_after(seed, t)}, "tarot t=" + std::to_string(t), t < 20);
      check_lane(lanes.lanes[1], {tarot_after(seed, t)}, "6502 tarot t=" + std::to_string(t), t < 20);
      // The end of the call returns the top byte after the call's eighth shift.
      auto run = LaneRun::start(lanes.lanes[0]);
      ASSERT_TRUE(run.value().seek(run.value().call_length()));
      const std::uint64_t call_end = t == 0 ? 8 : (t + 7) / 8 * 8;
      EXPECT_EQ(run.value().session().outputs().back(), tarot_after(seed, call_end) >> 24);
    }
  }
  // The bit-step jump must also hold far out (the lane starts from a jumped state).
  LfsrLabState far = lab_defaults(LabGen::tarot32);
  far.t = 1'000'003;
  check_lane(lfsr_lanes(far).lanes.at(0), {tarot_after(0xDEADBEEFu, far.t)}, "tarot far", false);
}

TEST(LabLanesLfsr, SixteenBitGaloisWithMaskB4RunsOnThe6502) {
  for (const std::uint32_t seed : {0xACE1u, 0x0001u, 0xFFFFu}) {
    for (std::uint64_t t : {0ull, 1ull, 7ull, 8ull, 9ull, 300ull}) {
      LfsrLabState s = lab_defaults(LabGen::tarot32);
      s.width = 16;
      s.mask = 0xB4;
      s.seed = seed;
      s.t = t;
      std::uint32_t expected = seed;  // by hand: shift right, XOR B400 when a 1 falls out
      for (std::uint64_t i = 0; i < t; ++i) expected = (expected >> 1) ^ ((expected & 1) ? 0xB400u : 0u);
      const LabLanes lanes = lfsr_lanes(s);
      ASSERT_EQ(lanes.lanes.size(), 1u) << lanes.none;
      EXPECT_EQ(lanes.lanes[0].algorithm, AsmAlgorithm::mos6502_lfsr16);
      check_lane(lanes.lanes[0], {expected}, "galois16 t=" + std::to_string(t), t < 10);
    }
  }
}

TEST(LabLanesLfsr, TarotWithOtherMaskOrWidthHasNoLane) {
  LfsrLabState s = lab_defaults(LabGen::tarot32);
  s.mask = 0xB8;
  EXPECT_TRUE(lfsr_lanes(s).lanes.empty());
  EXPECT_NE(lfsr_lanes(s).none.find("mask CF"), std::string::npos);
  s = lab_defaults(LabGen::tarot32);
  s.width = 24;
  s.seed = 0xABCDEF;
  EXPECT_TRUE(lfsr_lanes(s).lanes.empty());
}

TEST(LabLanesLfsr, Z80MemoryEqualsTheBytesAfterCallT) {
  // 0102030405060708 is the lab's default; 01 and all-FF are weak (short-cycle) seeds, 8080.. a sparse one.
  for (const std::uint64_t seed : {0x0102030405060708ull, 0x0000000000000001ull, 0xFFFFFFFFFFFFFFFFull,
                                   0x8080808080808080ull}) {
    for (std::uint64_t t : {0ull, 1ull, 2ull, 3ull, 50ull, 777ull, 5000ull}) {
      LfsrLabState s = lab_defaults(LabGen::z80);
      s.seed = seed;
      s.t = t;
      NaiveZ80 z(seed);
      std::uint8_t last = 0;
      for (std::uint64_t i = 0; i < t; ++i) last = z.next();
      const LabLanes lanes = lfsr_lanes(s);
      ASSERT_EQ(lanes.lanes.size(), 1u);
      check_lane(lanes.lanes[0], {z.packed()}, "z80 t=" + std::to_string(t), t < 4);
      if (t > 0) {
        auto run = LaneRun::start(lanes.lanes[0]);
        EXPECT_EQ(run.value().session().outputs().back(), last);  // the byte returned in A
      }
    }
  }
}

TEST(LabLanesLfsr, OneChipLcgAndOthers) {
  for (std::uint64_t t : {0ull, 1ull, 2ull, 10ull, 99999ull}) {
    LfsrLabState s = lab_defaults(LabGen::lcg32);
    s.seed = 0x2468ACE;
    s.t = t;
    const LabLanes lanes = lfsr_lanes(s);
    ASSERT_EQ(lanes.lanes.size(), 2u) << lanes.none;  // PIC, then 6502
    check_lane(lanes.lanes[0], {lcrng_after(0x2468ACE, t)}, "lcg t=" + std::to_string(t), t < 3);
    check_lane(lanes.lanes[1], {lcrng_after(0x2468ACE, t)}, "6502 lcg t=" + std::to_string(t), t < 3);
  }
  LfsrLabState randu = lab_defaults(LabGen::lcg32);
  randu.preset = 1;
  EXPECT_TRUE(lfsr_lanes(randu).lanes.empty());
  const LabLanes pcg = lfsr_lanes(lab_defaults(LabGen::pcg32));
  EXPECT_TRUE(pcg.lanes.empty());
  EXPECT_NE(pcg.none.find("tarot32"), std::string::npos);
}

TEST(LabLanesLfsr, XorshiftStateAfterCallTOnThe6502) {
  for (const int width : {16, 32}) {
    for (const std::uint32_t seed : {1u, 0xACE1u, width == 32 ? 0x12345678u : 0xFFFFu}) {
      for (std::uint64_t t : {0ull, 1ull, 2ull, 77ull}) {
        LfsrLabState s = lab_defaults(LabGen::xorshift);
        s.width = width;
        s.seed = seed;
        s.t = t;
        // By hand, Marsaglia's triples (7,9,8) for 16 bits and (13,17,5) for 32.
        std::uint32_t x = seed;
        for (std::uint64_t i = 0; i < t; ++i) {
          if (width == 16) {
            x = (x ^ (x << 7)) & 0xFFFFu, x ^= x >> 9, x = (x ^ (x << 8)) & 0xFFFFu;
          } else {
            x ^= x << 13, x ^= x >> 17, x ^= x << 5;
          }
        }
        const LabLanes lanes = lfsr_lanes(s);
        ASSERT_EQ(lanes.lanes.size(), 1u) << lanes.none;
        EXPECT_EQ(lanes.lanes[0].algorithm,
                  width == 16 ? AsmAlgorithm::mos6502_xorshift16 : AsmAlgorithm::mos6502_xorshift32);
        check_lane(lanes.lanes[0], {x}, "xorshift" + std::to_string(width) + " t=" + std::to_string(t), t < 3);
      }
    }
  }
}

// ---- dice -----------------------------------------------------------------------
DiceLabState dice(std::string method, std::uint64_t sides, int bits, std::string gen, std::string seed,
                  std::uint64_t roll) {
  DiceLabState s;
  s.method = std::move(method);
  s.sides = sides;
  s.bits = bits;
  s.gen = std::move(gen);
  s.seed = std::move(seed);
  s.roll = roll;
  return s;
}

TEST(LabLanesDice, Z80ByteRoutinesOnZ80Bytes) {
  for (const char* seed : {"0123456789ABCDEF", "0000000000000001"}) {
    for (std::uint64_t sides : {2ull, 6ull, 20ull, 255ull}) {
      for (std::uint64_t k : {0ull, 1ull, 7ull, 300ull}) {
        NaiveZ80 z(parse_hex("seed", seed, 16).value());
        std::uint64_t x = 0;
        for (std::uint64_t i = 0; i <= k; ++i) x = z.next();  // one byte per roll
        std::uint64_t maxu8 = x, mask = 0xff;
        while (maxu8 >= sides) mask >>= 1, maxu8 &= mask;
        const std::string what = std::string(seed) + " n=" + std::to_string(sides) + " k=" + std::to_string(k);
        for (const auto& [method, value] : {std::pair<std::string, std::uint64_t>{"mulhi-minus1", (x * (sides - 1)) >> 8},
                                            {"mulhi", (x * sides) >> 8},
                                            {"maxu8", maxu8}}) {
          const LabLanes lanes = dice_lab_lanes(dice(method, sides, 8, "z80", seed, k));
          ASSERT_EQ(lanes.lanes.size(), method == "mulhi" ? 2u : 1u) << lanes.none;  // mulhi: Z80, then 6502
          for (const LabLane& lane : lanes.lanes) check_lane(lane, {value}, method + " " + what, k < 2);
        }
      }
    }
  }
}

TEST(LabLanesDice, Z80RejectStartsFromTheBytesLeft) {
  for (const char* seed : {"0123456789ABCDEF", "0000000000000001", "0101010101010101"}) {
    for (std::uint64_t sides : {6ull, 20ull, 100ull}) {
      NaiveZ80 z(parse_hex("seed", seed, 16).value());
      std::uint64_t mask = 1;
      while (mask < sides - 1) mask = mask * 2 + 1;
      for (std::uint64_t k = 0; k <= 40; ++k) {
        std::uint64_t value;
        do value = z.next() & mask; while (value >= sides);
        if (k % 10 != 0 && k != 1) continue;
        const LabLanes lanes = dice_lab_lanes(dice("reject", sides, 8, "z80", seed, k));
        ASSERT_EQ(lanes.lanes.size(), 1u) << lanes.none;
        check_lane(lanes.lanes[0], {value}, std::string(seed) + " reject k=" + std::to_string(k), k == 0);
      }
    }
  }
}

// The reject lanes of a dice setup (mask to the smallest 2^k-1 >= n-1, redraw
// when >= n) against rolls drawn here from `next_byte`, which steps the
// generator from `seed` as written in each test.
void check_reject_lanes(std::string_view gen, std::string seed, const std::vector<AsmAlgorithm>& algorithms,
                        const std::function<std::uint64_t()>& next_byte) {
  for (std::uint64_t sides : {1ull, 6ull, 20ull, 255ull}) {
    std::uint64_t mask = 0;
    while (mask < sides - 1) mask = mask * 2 + 1;
    std::function<std::uint64_t()> fresh = next_byte;  // a copy: each bound from the seed again
    for (std::uint64_t k = 0; k <= 30; ++k) {
      std::uint64_t value;
      do value = fresh() & mask; while (value >= sides);
      if (k % 10 != 0 && k != 1) continue;
      const LabLanes lanes = dice_lab_lanes(dice("reject", sides, 8, std::string(gen), seed, k));
      ASSERT_EQ(lanes.lanes.size(), algorithms.size()) << lanes.none;
      for (std::size_t i = 0; i < algorithms.size(); ++i) {
        EXPECT_EQ(lanes.lanes[i].algorithm, algorithms[i]);
        check_lane(lanes.lanes[i], {value}, std::string(gen) + " reject n=" + std::to_string(sides) + " k=" +
                   std::to_string(k), k == 0);
      }
    }
  }
}

TEST(LabLanesDice, SixFiveOhTwoAndGameBoyRejectStartFromTheTarotBytesLeft) {
  for (const std::uint32_t seed : {0xDEADBEEFu, 0x00000001u})
    check_reject_lanes("tarot32", format_hex_upper(seed, 8), {AsmAlgorithm::mos6502_reject, AsmAlgorithm::sm83_reject},
                       [state = seed]() mutable {
                         state = tarot_after(state, 8);
                         return std::uint64_t{state >> 24};
                       });
}

// One Chip's LCG written here: state = 1664525 state + 1013904223 (mod 2^32), the byte its top 8 bits.
TEST(LabLanesDice, PicRejectStartsFromTheOneChipStateLeft) {
  for (const std::uint32_t seed : {1u, 0x932D217Cu})
    check_reject_lanes("onechip", std::to_string(seed), {AsmAlgorithm::pic_reject}, [state = seed]() mutable {
      state = 1664525u * state + 1013904223u;
      return std::uint64_t{state >> 24};
    });
}

TEST(LabLanesDice, StuckZ80RegisterIsReportedNotLooped) {
  // All ones: X = FFFFFFFF, and the five-term XOR of FF bytes is FF again, so every byte is FF;
  // FF & 7 = 7 >= 6 is always rejected.
  const auto rolled = dice_lab_roll(dice("reject", 6, 8, "z80", "FFFFFFFFFFFFFFFF", 0));
  ASSERT_FALSE(rolled);
  EXPECT_NE(rolled.error().find("stuck"), std::string::npos);
  EXPECT_TRUE(dice_lab_lanes(dice("reject", 6, 8, "z80", "FFFFFFFFFFFFFFFF", 0)).lanes.empty());
}

TEST(LabLanesDice, LemireOnSplitMix64Words) {
  for (const std::uint64_t seed : {1ull, 0xDEADBEEFull}) {
    for (std::uint64_t sides : {6ull, 20ull, 1000ull}) {
      std::uint64_t counter = seed;
      for (std::uint64_t k = 0; k <= 50; ++k) {
        const std::uint64_t value = lemire(sides, counter);
        if (k % 25 != 0 && k != 1) continue;
        const LabLanes lanes = dice_lab_lanes(dice("lemire", sides, 64, "splitmix64", std::to_string(seed), k));
        ASSERT_EQ(lanes.lanes.size(), 1u) << lanes.none;
        check_lane(lanes.lanes[0], {value}, "lemire k=" + std::to_string(k), k == 0);
      }
    }
  }
}

TEST(LabLanesDice, TarotRollerAndFastDiceRollerKeepTheirCoinQueue) {
  for (const bool fixed : {false, true}) {
    for (const std::uint32_t seed : {0xDEADBEEFu, 0x00000001u}) {
      for (std::uint64_t sides : {2ull, 6ull, 78ull, 128ull}) {
        TarotCoins coins{seed};
        const auto top = static_cast<std::uint32_t>(sides - 1);
        for (std::uint64_t k = 0; k <= 60; ++k) {
          const std::uint64_t value = coin_roll(top, fixed ? top + 1 : top, coins);
          if (k % 20 != 0 && k != 1) continue;
          const LabLanes lanes =
              dice_lab_lanes(dice(fixed ? "fdr" : "fdr-tarot", sides, 8, "tarot32", format_hex_upper(seed, 8), k));
          ASSERT_EQ(lanes.lanes.size(), 1u) << lanes.none;
          EXPECT_EQ(lanes.lanes[0].algorithm, fixed ? AsmAlgorithm::sm83_fdr : AsmAlgorithm::sm83_roll);
          check_lane(lanes.lanes[0], {value}, (fixed ? "fdr k=" : "tarot roll k=") + std::to_string(k), k == 0);
        }
      }
    }
  }
}

TEST(LabLanesDice, OtherSetupsSayWhy) {
  EXPECT_TRUE(dice_lab_lanes(dice("modulo", 6, 8, "z80", "0123456789ABCDEF", 0)).lanes.empty());
  EXPECT_TRUE(dice_lab_lanes(dice("mulhi", 300, 16, "z80", "0123456789ABCDEF", 0)).lanes.empty());
  EXPECT_TRUE(dice_lab_lanes(dice("lemire", 6, 32, "splitmix64", "1", 0)).lanes.empty());
  const LabLanes fdr = dice_lab_lanes(dice("fdr", 6, 8, "z80", "0123456789ABCDEF", 0));
  ASSERT_TRUE(fdr.lanes.empty());
  EXPECT_NE(fdr.none.find("fdr-tarot and fdr on tarot32"), std::string::npos);
}

TEST(LabLanesDice, RollFieldIsOptionalInLinks) {
  DiceLabState s;
  FieldWriter w;
  encode_dice_lab(s, w);
  EXPECT_EQ(w.text().find("roll="), std::string::npos);
  EXPECT_EQ(w.text().find("lanes"), std::string::npos);
  s.roll = 12;
  s.lanes = true;
  FieldWriter w2;
  encode_dice_lab(s, w2);
  const FragmentPairs pairs = split_fragment(w2.text());
  std::vector<std::string> notices;
  FieldReader r(pairs, notices);
  DiceLabState back;
  decode_dice_lab(r, back);
  EXPECT_TRUE(notices.empty());
  EXPECT_EQ(back.roll, 12u);
  EXPECT_TRUE(back.lanes);
}

template <class State, class Encode, class Decode>
void check_lanes_field(State state, Encode encode, Decode decode, bool State::*open) {
  FieldWriter closed;
  encode(state, closed);
  EXPECT_EQ(closed.text().find("lanes"), std::string::npos) << "old links stay as they were";
  state.*open = true;
  FieldWriter w;
  encode(state, w);
  EXPECT_NE(w.text().find("lanes=1"), std::string::npos);
  const FragmentPairs pairs = split_fragment(w.text());
  std::vector<std::string> notices;
  FieldReader r(pairs, notices);
  State back;
  decode(r, back);
  EXPECT_TRUE(back.*open);
  EXPECT_TRUE(notices.empty());
}

TEST(LabLanes, LinkFieldLanesOpensTheSection) {
  check_lanes_field(ShuffleLabState{}, encode_shuffle_lab, decode_shuffle_lab, &ShuffleLabState::lanes);
  check_lanes_field(PokerLabState{}, encode_poker_lab, decode_poker_lab, &PokerLabState::lanes);
  check_lanes_field(DiceLabState{}, encode_dice_lab, decode_dice_lab, &DiceLabState::lanes);
  check_lanes_field(lab_defaults(LabGen::z80), encode_lfsr_lab, decode_lfsr_lab, &LfsrLabState::lanes);
}

// ---- shuffle --------------------------------------------------------------------------
LabRecording record(const ShuffleLabState& s) {
  auto setup = make_shuffle_setup(s);
  EXPECT_TRUE(setup) << setup.error();
  auto rec = record_lab_shuffle(setup.value());
  EXPECT_TRUE(rec) << rec.error();
  return std::move(rec.value());
}

// Fisher-Yates over n cards from tarot32 bytes; the deck starts in order.
ShuffleLabState tarot_fisher_yates(std::uint32_t n, std::uint32_t seed, std::string method,
                                   std::vector<std::uint64_t>& deck) {
  ShuffleLabState s;
  s.n = n;
  s.gen = "tarot32";
  s.seed = seed;
  s.method = std::move(method);
  s.bits = 8;
  deck.resize(n);
  for (std::uint64_t i = 0; i < n; ++i) deck[i] = i;
  return s;
}

TEST(LabLanesShuffle, GameBoyFisherYatesDeckAtEveryStep) {
  for (const std::uint32_t seed : {0xDEADBEEFu, 0x1u}) {
    std::vector<std::uint64_t> deck;
    ShuffleLabState s = tarot_fisher_yates(78, seed, "fdr-tarot", deck);
    const LabRecording rec = record(s);
    // By hand: top = 77..1, swap deck[top] with deck[roll 0..top].
    TarotCoins coins{seed};
    for (std::uint32_t t = 0; t <= 77; ++t) {
      if (t > 0) {
        const std::uint32_t top = 78 - t;
        std::swap(deck[top], deck[tarot_roll(top, coins)]);
      }
      if (t % 11 != 0 && t != 77 && t != 1) continue;
      s.t = t;
      const LabLanes lanes = shuffle_lab_lanes(s, rec);
      ASSERT_EQ(lanes.lanes.size(), 1u) << lanes.none;
      check_lane(lanes.lanes[0], deck, "sm83 shuffle t=" + std::to_string(t), false);
    }
  }
  ShuffleLabState other;  // the default: 52 cards from SplitMix64
  EXPECT_TRUE(shuffle_lab_lanes(other, record(other)).lanes.empty());
}

TEST(LabLanesShuffle, SixFiveOhTwoFisherYatesOver52CardsAtEveryStep) {
  for (const std::uint32_t seed : {0xDEADBEEFu, 0x1u}) {
    std::vector<std::uint64_t> deck;
    ShuffleLabState s = tarot_fisher_yates(52, seed, "reject", deck);
    const LabRecording rec = record(s);
    // By hand: top = 51..1, swap deck[top] with a mask-and-reject draw 0..top on tarot bytes.
    std::uint32_t state = seed;
    for (std::uint32_t t = 0; t <= 51; ++t) {
      if (t > 0) {
        const std::uint32_t top = 52 - t;
        std::uint32_t mask = 0, r = 0;
        while (mask < top) mask = mask * 2 + 1;
        do {
          state = tarot_after(state, 8);
          r = (state >> 24) & mask;
        } while (r > top);
        std::swap(deck[top], deck[r]);
      }
      if (t % 10 != 0 && t != 51 && t != 1) continue;
      s.t = t;
      const LabLanes lanes = shuffle_lab_lanes(s, rec);
      ASSERT_EQ(lanes.lanes.size(), 1u) << lanes.none;
      check_lane(lanes.lanes[0], deck, "6502 shuffle t=" + std::to_string(t), t == 1);
    }
  }
}

TEST(LabLanesShuffle, PdepStrikeAndLemireRank) {
  for (const std::uint32_t n : {52u, 64u, 100u}) {
    ShuffleLabState s;
    s.algo = "pdep";
    s.n = n;
    s.seed = 7;
    const LabRecording rec = record(s);
    // By hand: draw a rank among the cards left, take the rank-th remaining card.
    std::vector<bool> left(n, true);
    std::uint64_t counter = 7;
    for (std::uint32_t t = 1; t <= n; ++t) {
      const std::uint64_t rank = lemire(n - (t - 1), counter);
      std::uint32_t card = 0;
      for (std::uint64_t seen = 0;; ++card)
        if (left[card] && seen++ == rank) break;
      left[card] = false;
      if (t % 9 != 1 && t != n) continue;
      s.t = t;
      const LabLanes lanes = shuffle_lab_lanes(s, rec);
      ASSERT_EQ(lanes.lanes.size(), 2u) << lanes.none;
      check_lane(lanes.lanes[0], {card % 64}, "strike n=" + std::to_string(n) + " t=" + std::to_string(t), t == 1);
      check_lane(lanes.lanes[1], {rank}, "lemire rank t=" + std::to_string(t), t == 1);
    }
  }
  ShuffleLabState glibc;
  glibc.algo = "pdep";
  glibc.gen = "glibc";
  glibc.bits = 31;
  glibc.method = "modulo";
  glibc.t = 3;
  const LabLanes only_strike = shuffle_lab_lanes(glibc, record(glibc));
  EXPECT_EQ(only_strike.lanes.size(), 1u);
}

// ---- poker -----------------------------------------------------------------------------
TEST(LabLanesPoker, LcrngCallAndDealAtEveryStep) {
  for (const std::uint32_t seed : {0xDEADBEEFu, 0u, 0x12345678u}) {
    PokerLabState s;
    s.seed = seed;
    const std::uint32_t calls = poker_deal_calls(seed);
    for (std::uint32_t step = 0; step <= calls; ++step) {
      s.step = step;
      const LabLanes lanes = poker_lab_lanes(s);
      ASSERT_EQ(lanes.lanes.size(), 3u);
      const std::uint64_t expected = lcrng_after(seed, step);
      check_lane(lanes.lanes[0], {expected}, "pic lcrng step " + std::to_string(step), step < 2);
      check_lane(lanes.lanes[1], {expected}, "pic deal step " + std::to_string(step), false);
      check_lane(lanes.lanes[2], {expected}, "6502 lcrng step " + std::to_string(step), step < 2);
    }
  }
}

TEST(LabLanes, WasmFunctionsOnlyWhereTheBuildHasThem) {
  const bool has_wasm = !asm_program(AsmIsa::wasm).rows.empty();
  EXPECT_EQ(lane_wasm_functions(AsmAlgorithm::sm83_lfsr).empty(), !has_wasm);
  EXPECT_EQ(lane_wasm_functions(AsmAlgorithm::z80_lfsr).empty(), !has_wasm);
  EXPECT_EQ(lane_wasm_functions(AsmAlgorithm::pic_lcrng).empty(), !has_wasm);
  EXPECT_TRUE(lane_wasm_functions(AsmAlgorithm::x86_lemire).empty());
}

}  // namespace
}  // namespace shufflelab
