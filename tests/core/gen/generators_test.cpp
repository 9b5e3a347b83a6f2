// Tests for generators.hpp (and the read-only lfsr.hpp / z80_lfsr.hpp they
// wrap). Expected values come from: re-implementations written here from the
// articles' own descriptions (tarot LFSR() byte pseudocode, the Z80 routine
// instruction by instruction), recurrences written from the definitions,
// published vectors (cited at each test), and hand derivations.
#include "core/gen/generators.hpp"
#include "core/base/parse.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace shufflelab {
namespace {

ByteGenerator must_make(std::string_view name, const GeneratorParams& params) {
  auto g = make_generator(name, params);
  EXPECT_TRUE(g.has_value()) << g.error();
  return g.value();
}

std::string make_error(std::string_view name, const GeneratorParams& params) {
  auto g = make_generator(name, params);
  EXPECT_FALSE(g.has_value()) << name << " was accepted";
  return g.has_value() ? std::string() : g.error();
}

std::vector<std::uint8_t> bytes_by_calls(ByteGenerator g, std::size_t n) {
  std::vector<std::uint8_t> out(n);
  for (auto& b : out) b = g.next_byte();
  return out;
}

std::vector<std::uint8_t> bytes_by_fill(ByteGenerator g, std::size_t n) {
  std::vector<std::uint8_t> out(n);
  g.fill(out.data(), n);
  return out;
}

// ---------------------------------------------------------------------------
// (a) The tarot LFSR() of seed 000, transcribed byte by byte: four byte
// variables, lfsr0 most significant; each of 8 rounds shifts every byte right,
// carrying the bit that falls out of one byte into bit 7 of the next, and when
// a 1 falls out of lfsr3 XORs the mask into lfsr0. (The pseudocode writes
// "lfsr1 >> 1 + c"; its comments make clear the shift happens first.)
struct ArticleTarotLfsr {
  std::uint8_t lfsr0, lfsr1, lfsr2, lfsr3, mask;

  std::uint8_t call() {
    for (int x = 0; x < 8; ++x) {
      int carry = (lfsr0 & 1) ? 128 : 0;
      lfsr0 = static_cast<std::uint8_t>(lfsr0 >> 1);
      int c = carry;
      carry = (lfsr1 & 1) ? 128 : 0;
      lfsr1 = static_cast<std::uint8_t>((lfsr1 >> 1) + c);
      c = carry;
      carry = (lfsr2 & 1) ? 128 : 0;
      lfsr2 = static_cast<std::uint8_t>((lfsr2 >> 1) + c);
      c = carry;
      carry = (lfsr3 & 1) ? 128 : 0;
      lfsr3 = static_cast<std::uint8_t>((lfsr3 >> 1) + c);
      if (carry == 128) lfsr0 ^= mask;
    }
    return lfsr0;
  }
};

TEST(TarotLfsr, MatchesTheArticlesByteWisePseudocode) {
  const std::uint32_t seeds[] = {0x00000001, 0xDEADBEEF, 0x80000000, 0x12345678, 0xFFFFFFFF, 0x00010000};
  const std::uint8_t masks[] = {0xCF, 0xC5, 0x01, 0xFF, 0x80};
  for (std::uint32_t seed : seeds) {
    for (std::uint8_t mask : masks) {
      ArticleTarotLfsr article{static_cast<std::uint8_t>(seed >> 24), static_cast<std::uint8_t>(seed >> 16),
                               static_cast<std::uint8_t>(seed >> 8), static_cast<std::uint8_t>(seed), mask};
      GaloisLfsr galois{32, tarot_taps(32, mask), seed};
      ByteGenerator gen = must_make("tarot32", {{"mask", format_hex_upper(mask, 2)}, {"seed", format_hex_upper(seed, 8)}});
      std::vector<std::uint8_t> filled = bytes_by_fill(gen, 5000);
      for (std::size_t i = 0; i < 5000; ++i) {
        const std::uint8_t expected = article.call();
        ASSERT_EQ(galois.next_byte(), expected) << "seed " << seed << " mask " << int(mask) << " byte " << i;
        ASSERT_EQ(gen.next_byte(), expected) << "seed " << seed << " mask " << int(mask) << " byte " << i;
        ASSERT_EQ(filled[i], expected) << "fill, seed " << seed << " mask " << int(mask) << " byte " << i;
      }
    }
  }
}

// Any width: a register kept as an array of bits, shifted one bit at a time.
TEST(TarotLfsr, FillMatchesABitArrayModelForEveryWidth) {
  std::mt19937_64 rng(7);
  for (int width = 4; width <= 64; ++width) {
    const std::uint64_t taps = rng() & width_mask(width);
    std::uint64_t seed = rng() & width_mask(width);
    if (seed == 0) seed = 1;
    std::vector<int> bits(static_cast<std::size_t>(width));
    for (int i = 0; i < width; ++i) bits[static_cast<std::size_t>(i)] = static_cast<int>((seed >> i) & 1);
    ByteGenerator gen = must_make("tarot32", {{"width", std::to_string(width)},
                                              {"taps", format_hex_upper(taps, 16)},
                                              {"seed", format_hex_upper(seed, (width + 3) / 4)}});
    std::vector<std::uint8_t> got = bytes_by_fill(gen, 700);
    for (std::size_t n = 0; n < got.size(); ++n) {
      for (int step = 0; step < 8; ++step) {
        const int out = bits[0];
        for (int i = 0; i + 1 < width; ++i) bits[static_cast<std::size_t>(i)] = bits[static_cast<std::size_t>(i + 1)];
        bits[static_cast<std::size_t>(width - 1)] = 0;
        if (out)
          for (int i = 0; i < width; ++i) bits[static_cast<std::size_t>(i)] ^= static_cast<int>((taps >> i) & 1);
      }
      unsigned expected = 0;  // the top byte, or the whole register below 8 bits
      const int low = width >= 8 ? width - 8 : 0;
      for (int i = width - 1; i >= low; --i) expected = (expected << 1) | static_cast<unsigned>(bits[static_cast<std::size_t>(i)]);
      ASSERT_EQ(got[n], expected) << "width " << width << " byte " << n;
    }
  }
}

// ---------------------------------------------------------------------------
// (b) The Z80 routine of seed 002, simulated at the register level. rl/rla
// rotate through the carry flag; xor clears the carry flag; lddr copies
// (HL) to (DE) and decrements HL, DE, BC until BC is 0.
struct Z80Machine {
  std::array<std::uint8_t, 8> mem{};  // _LFSRSeed+0..+7
  bool carry = false;

  void rl(std::uint8_t& r) {
    const bool out = (r & 0x80) != 0;
    r = static_cast<std::uint8_t>((r << 1) | (carry ? 1 : 0));
    carry = out;
  }
  void xor_a(std::uint8_t& a, std::uint8_t r) {
    a ^= r;
    carry = false;
  }

  std::uint8_t call() {
    std::uint8_t e = mem[4], d = mem[5], c = mem[6], a = mem[7];  // ld e,(hl) ... ld a,(hl)
    const std::uint8_t b = a;                                       // ld b,a
    for (int i = 0; i < 3; ++i) {
      rl(e), rl(d), rl(c), rl(a);
    }
    const std::uint8_t h = a;  // ld h,a
    rl(e), rl(d), rl(c), rl(a);
    xor_a(a, b);
    rl(e), rl(d);
    xor_a(a, h);
    xor_a(a, c);
    xor_a(a, d);
    int hl = 6, de = 7, bc = 7;  // ld hl,+6 / ld de,+7 / ld bc,7 / lddr
    do {
      mem[static_cast<std::size_t>(de--)] = mem[static_cast<std::size_t>(hl--)];
    } while (--bc != 0);
    mem[static_cast<std::size_t>(de)] = a;  // ld (de),a with de == +0
    return a;
  }
};

TEST(Z80Lfsr, MatchesTheRoutineSimulatedInstructionByInstruction) {
  std::mt19937_64 rng(2023);
  for (int trial = 0; trial < 20; ++trial) {
    std::uint64_t packed = rng();
    if (trial == 0) packed = 0x0102030405060708;
    Z80Machine machine;
    for (std::size_t i = 0; i < 8; ++i) machine.mem[i] = static_cast<std::uint8_t>(packed >> (56 - 8 * i));
    Z80Lfsr lfsr = Z80Lfsr::from_packed(packed);
    ByteGenerator gen = must_make("z80", {{"seed", format_hex_upper(packed, 16)}});
    std::vector<std::uint8_t> filled = bytes_by_fill(gen, 3000);
    for (std::size_t n = 0; n < 3000; ++n) {
      machine.carry = (rng() & 1) != 0;  // whatever the carry flag was on entry
      const std::uint8_t expected = machine.call();
      ASSERT_EQ(lfsr.next_byte(), expected) << "trial " << trial << " call " << n;
      ASSERT_EQ(filled[n], expected) << "trial " << trial << " call " << n;
      ASSERT_EQ(lfsr.seed, machine.mem) << "trial " << trial << " call " << n;
    }
  }
}

TEST(Z80Lfsr, CarryFlagOnEntryDoesNotMatter) {
  std::mt19937_64 rng(99);
  for (int trial = 0; trial < 200; ++trial) {
    Z80Machine clear, set;
    const std::uint64_t packed = rng();
    for (std::size_t i = 0; i < 8; ++i) clear.mem[i] = set.mem[i] = static_cast<std::uint8_t>(packed >> (8 * i));
    for (int n = 0; n < 50; ++n) {
      clear.carry = false;
      set.carry = true;
      ASSERT_EQ(clear.call(), set.call());
      ASSERT_EQ(clear.mem, set.mem);
    }
  }
}

TEST(Z80Lfsr, NextU32PacksFourBytesFirstMostSignificant) {
  Z80Machine machine;
  for (std::size_t i = 0; i < 8; ++i) machine.mem[i] = static_cast<std::uint8_t>(i + 1);
  ByteGenerator gen = must_make("z80", {{"seed", "0102030405060708"}});
  for (int n = 0; n < 100; ++n) {
    std::uint32_t expected = 0;
    for (int k = 0; k < 4; ++k) expected = (expected << 8) | machine.call();
    ASSERT_EQ(gen.next_u32(), expected);
  }
}

// ---------------------------------------------------------------------------
// Fibonacci LFSR: the output bits must obey b[n+w] = XOR of b[n+i], i in taps.
TEST(FibonacciLfsr, OutputObeysTheRecurrence) {
  std::mt19937_64 rng(5);
  for (int width = 4; width <= 64; width += 3) {
    const std::uint64_t taps = (rng() & width_mask(width)) | 1;
    std::uint64_t seed = rng() & width_mask(width);
    if (seed == 0) seed = 1;
    ByteGenerator gen = must_make("fibonacci", {{"width", std::to_string(width)},
                                                {"taps", format_hex_upper(taps, 16)},
                                                {"seed", format_hex_upper(seed, (width + 3) / 4)}});
    const std::size_t n_bytes = 500;
    std::vector<int> b(n_bytes * 8 + 64);
    for (int i = 0; i < width; ++i) b[static_cast<std::size_t>(i)] = static_cast<int>((seed >> i) & 1);
    for (std::size_t n = 0; n + static_cast<std::size_t>(width) < b.size(); ++n) {
      int parity = 0;
      for (int i = 0; i < width; ++i)
        if ((taps >> i) & 1) parity ^= b[n + static_cast<std::size_t>(i)];
      b[n + static_cast<std::size_t>(width)] = parity;
    }
    std::vector<std::uint8_t> got = bytes_by_fill(gen, n_bytes);
    for (std::size_t k = 0; k < n_bytes; ++k) {
      unsigned expected = 0;
      for (std::size_t j = 0; j < 8; ++j) expected |= static_cast<unsigned>(b[8 * k + j]) << j;
      ASSERT_EQ(got[k], expected) << "width " << width << " byte " << k;
    }
  }
}

// x^4 + x + 1 and x^5 + x^2 + 1 are primitive, so every non-zero state lies on
// one cycle through all 2^w - 1 of them (counted by brute force here).
TEST(FibonacciLfsr, PrimitivePolynomialsGiveFullPeriod) {
  struct Case { int width; std::uint64_t taps; };
  for (Case c : {Case{4, 0x3}, Case{5, 0x5}}) {
    for (std::uint64_t seed = 1; seed <= width_mask(c.width); ++seed) {
      auto lfsr = make_fibonacci_lfsr(c.width, c.taps, seed);
      ASSERT_TRUE(lfsr) << lfsr.error();
      FibonacciLfsr g = lfsr.value();
      std::uint64_t period = 0;
      do {
        g.step_bit();
        ++period;
      } while (g.state != seed && period <= width_mask(c.width));
      EXPECT_EQ(period, width_mask(c.width)) << "width " << c.width << " seed " << seed;
    }
  }
}

// ---------------------------------------------------------------------------
// (c) Published vectors.

// PCG32: imneme/pcg-c, test-high/expected/check-pcg32.out (the same program
// ships as pcg32-demo.c in pcg-c-basic): pcg32_srandom_r(&rng, 42u, 54u), then
// per round 6 words, 65 coins, 33 d6 rolls and a 52-card shuffle, all through
// pcg32_boundedrand_r (reject r < (-bound) % bound, return r % bound).
TEST(PublishedVectors, Pcg32DemoSeed42Stream54) {
  struct Round {
    std::uint32_t words[6];
    const char* coins;
    const char* rolls;
    const char* cards;
  };
  const Round rounds[] = {
      {{0xa15c02b7, 0x7b47f409, 0xba1d3330, 0x83d2f293, 0xbfa4784b, 0xcbed606e},
       "HHTTTHTHHHTHTTTHHHHHTTTHHHTHTHTHTTHTTTHHHHHHTTTTHHTTTTTHTTTTTTTHT",
       "3 4 1 1 2 2 3 2 4 3 2 4 3 3 5 2 3 1 3 1 5 1 4 1 5 6 4 6 6 2 6 3 3",
       "Qd Ks 6d 3s 3d 4c 3h Td Kc 5c Jh Kd Jd As 4s 4h Ad Th Ac Jc 7s Qs 2s 7h Kh 2d 6c Ah 4d Qh 9h 6s 5s 2c 9c Ts "
       "8d 9s 3c 8c Js 5d 2h 6h 7d 8s 9d 5h 8h Qc 7c Tc"},
      {{0x74ab93ad, 0x1c1da000, 0x494ff896, 0x34462f2f, 0xd308a3e5, 0x0fa83bab},
       "HHHHHHHHHHTHHHTHTHTHTHTTTTHHTTTHHTHHTHTTHHTTTHHHHHHTHTTHTHTTTTTTT",
       "5 1 1 3 3 2 4 5 3 2 2 6 4 3 2 4 2 4 3 2 3 6 3 2 3 4 2 4 1 1 5 4 4",
       "7d 2s 7h Td 8s 3c 3d Js 2d Tc 4h Qs 5c 9c Th 2c Jc Qd 9d Qc 7s 3s 5s 6h 4d Jh 4c Ac 4s 5h 5d Kc 8h 8d Jd 9s "
       "Ad 6s 6c Kd 2h 3h Kh Ts Qh 9h 6d As 7c Ks Ah 8c"},
      {{0x39af5f9f, 0x04196b18, 0xc3c3eb28, 0xc076c60c, 0xc693e135, 0xf8f63932},
       "HTTHHTTTTTHTTHHHTHTTHHTTHTHHTHTHTTTTHHTTTHHTHHTTHTTHHHTHHHTHTTTHT",
       "5 1 5 3 2 2 4 5 3 3 1 3 4 6 3 2 3 4 2 2 3 1 5 2 4 6 6 4 2 4 3 3 6",
       "Kd Jh Kc Qh 4d Qc 4h 9d 3c Kh Qs 8h 5c Jd 7d 8d 3h 7c 8s 3s 2h Ks 9c 9h 2c 8c Ad 7s 4s 2s 5h 6s 4c Ah 7h 5s "
       "Ac 3d 5d Qd As Tc 6h 9s 2d 6c 6d Td Jc Ts Th Js"},
      {{0x55ce6851, 0x97a7726d, 0x17e10815, 0x58007d43, 0x962fb148, 0xb9bb55bd},
       "HHTHHTTTTHTHHHHHTTHHHTTTHHTHTHTHTHHTTHTHHHHHHTHHTHHTHHTTTTHHTHHTT",
       "6 6 3 2 3 4 2 6 4 2 6 3 2 3 5 5 3 4 4 6 6 2 6 5 4 4 6 1 6 1 3 6 5",
       "Qd 8h 5d 8s 8d Ts 7h Th Qs Js 7s Kc 6h 5s 4d Ac Jd 7d 7c Td 2c 6s 5h 6d 3s Kd 9s Jh Kh As Ah 9h 3c Qh 9c 2d "
       "Tc 9d 2s 3d Ks 4h Qc Ad Jc 8c 2h 3h 4s 4c 5c 6c"},
      {{0xfcef7cd6, 0x1b488b5a, 0xd0daf7ea, 0x1d9a70f7, 0x241a37cf, 0x9a3857b7},
       "HHHHTHHTTHTTHHHTTTHHTHTHTTTTHTTHTHTTTHHHTHTHTTHTTHTHHTHTHHHTHTHTT",
       "5 4 1 2 6 1 3 1 5 6 3 6 2 1 4 4 5 2 1 5 6 5 6 4 4 4 5 2 6 4 3 5 6",
       "4d 9s Qc 9h As Qs 7s 4c Kd 6h 6s 2c 8c 5d 7h 5h Jc 3s 7c Jh Js Ks Tc Jd Kc Th 3h Ts Qh Ad Td 3c Ah 2d 3d 5c "
       "Ac 8s 5s 9c 2h 6c 6d Kh Qd 8d 7d 2s 8h 4h 9d 4s"},
  };
  ByteGenerator gen = must_make("pcg32", {{"seed", "42"}, {"stream", "54"}});
  auto bounded = [&](std::uint32_t bound) {
    const std::uint32_t threshold = (0u - bound) % bound;
    for (;;) {
      const std::uint32_t r = gen.next_u32();
      if (r >= threshold) return r % bound;
    }
  };
  for (const Round& round : rounds) {
    for (std::uint32_t word : round.words) ASSERT_EQ(gen.next_u32(), word);
    std::string coins, rolls, cards;
    for (int i = 0; i < 65; ++i) coins += bounded(2) ? 'H' : 'T';
    for (int i = 0; i < 33; ++i) rolls += (i ? " " : "") + std::to_string(bounded(6) + 1);
    int deck[52];
    for (int i = 0; i < 52; ++i) deck[i] = i;
    for (std::uint32_t i = 52; i > 1; --i) std::swap(deck[bounded(i)], deck[i - 1]);
    for (int i = 0; i < 52; ++i) {
      if (i) cards += ' ';
      cards += "A23456789TJQK"[deck[i] / 4];
      cards += "hcds"[deck[i] % 4];
    }
    EXPECT_EQ(coins, round.coins);
    EXPECT_EQ(rolls, round.rolls);
    EXPECT_EQ(cards, round.cards);
  }
  // next_byte() is the top byte of the same words.
  ByteGenerator fresh = must_make("pcg32", {{"seed", "42"}, {"stream", "54"}});
  for (std::uint32_t word : rounds[0].words) EXPECT_EQ(fresh.next_byte(), word >> 24);
}

// SplitMix64: rust-random/rngs, rand_xoshiro/src/splitmix64.rs, test
// `reference` ("produced with the reference implementation" splitmix64.c),
// state 1477776061723855037.
const std::uint64_t kSplitMixVector[50] = {
    1985237415132408290ULL,  2979275885539914483ULL,  13511426838097143398ULL, 8488337342461049707ULL,
    15141737807933549159ULL, 17093170987380407015ULL, 16389528042912955399ULL, 13177319091862933652ULL,
    10841969400225389492ULL, 17094824097954834098ULL, 3336622647361835228ULL,  9678412372263018368ULL,
    11111587619974030187ULL, 7882215801036322410ULL,  5709234165213761869ULL,  7799681907651786826ULL,
    4616320717312661886ULL,  4251077652075509767ULL,  7836757050122171900ULL,  5054003328188417616ULL,
    12919285918354108358ULL, 16477564761813870717ULL, 5124667218451240549ULL,  18099554314556827626ULL,
    7603784838804469118ULL,  6358551455431362471ULL,  3037176434532249502ULL,  3217550417701719149ULL,
    9958699920490216947ULL,  5965803675992506258ULL,  12000828378049868312ULL, 12720568162811471118ULL,
    245696019213873792ULL,   8351371993958923852ULL,  14378754021282935786ULL, 5655432093647472106ULL,
    5508031680350692005ULL,  8515198786865082103ULL,  6287793597487164412ULL,  14963046237722101617ULL,
    3630795823534910476ULL,  8422285279403485710ULL,  10554287778700714153ULL, 10871906555720704584ULL,
    8659066966120258468ULL,  9420238805069527062ULL,  10338115333623340156ULL, 13514802760105037173ULL,
    14635952304031724449ULL, 15419692541594102413ULL,
};

TEST(PublishedVectors, SplitMix64ReferenceOutputs) {
  SplitMix64 g{1477776061723855037ULL};
  for (std::uint64_t expected : kSplitMixVector) ASSERT_EQ(g.next(), expected);
  ByteGenerator gen = must_make("splitmix64", {{"seed", "1477776061723855037"}});
  for (std::uint64_t expected : kSplitMixVector) ASSERT_EQ(gen.next_u32(), expected >> 32);
  ByteGenerator hex_seeded = must_make("splitmix64", {{"seed", "0x14821D7FA0A048BD"}});  // same seed in hex
  for (std::uint64_t expected : kSplitMixVector) ASSERT_EQ(hex_seeded.next_byte(), expected >> 56);
}

// xoshiro256**: rust-random/rngs, rand_xoshiro/src/xoshiro256starstar.rs, test
// `reference`: state {1, 2, 3, 4}, values from the authors' reference C code.
TEST(PublishedVectors, Xoshiro256StarStarFromState1234) {
  const std::uint64_t expected[] = {11520ULL,
                                    0ULL,
                                    1509978240ULL,
                                    1215971899390074240ULL,
                                    1216172134540287360ULL,
                                    607988272756665600ULL,
                                    16172922978634559625ULL,
                                    8476171486693032832ULL,
                                    10595114339597558777ULL,
                                    2904607092377533576ULL};
  const std::string state = "0000000000000001000000000000000200000000000000030000000000000004";
  auto g = with_state(Xoshiro256ss{}, state);
  ASSERT_TRUE(g) << g.error();
  Xoshiro256ss x = g.value();
  for (std::uint64_t e : expected) ASSERT_EQ(x.next(), e);
  ByteGenerator gen = must_make("xoshiro256ss", {{"state", state}});
  for (std::uint64_t e : expected) ASSERT_EQ(gen.next_u32(), e >> 32);
}

// Seeding as the xoshiro authors recommend: s[0..3] = four SplitMix64 outputs,
// which for this seed are the first four values of the published vector.
TEST(PublishedVectors, Xoshiro256StarStarSeedsFromSplitMix64) {
  const Xoshiro256ss g = Xoshiro256ss::from_seed(1477776061723855037ULL);
  for (std::size_t i = 0; i < 4; ++i) EXPECT_EQ(g.s[i], kSplitMixVector[i]);
}

// One Chip Video Poker's LCRNG is Numerical Recipes' ranqd1; Numerical Recipes
// in C (2nd ed., section 7.1) lists its values from idum = 0 in hex.
TEST(PublishedVectors, OneChipIsRanqd1) {
  const std::uint32_t expected[] = {0x3C6EF35F, 0x47502932, 0xD1CCF6E9, 0xAAF95334, 0x6252E503, 0x9F2EC686,
                                    0x57FE6C2D, 0xA3D95FA8, 0x81FDBEE7, 0x94F0AF1A, 0xCBF633B1};
  ByteGenerator words = must_make("lcg32", {{"preset", "onechip"}, {"seed", "0"}});
  ByteGenerator bytes = must_make("lcg32", {{"a", "1664525"}, {"c", "1013904223"}, {"seed", "0"}});
  for (std::uint32_t e : expected) {
    EXPECT_EQ(words.next_u32(), e);
    EXPECT_EQ(bytes.next_byte(), e >> 24);
  }
}

// MSVC rand() with its default seed 1: Microsoft's C++ documentation prints
// these in its generate / sort examples ("41 18467 6334 26500 19169 15724
// 11478 29358 26962 24464").
TEST(PublishedVectors, MsvcRandSeed1) {
  const std::uint32_t expected[] = {41, 18467, 6334, 26500, 19169, 15724, 11478, 29358, 26962, 24464};
  ByteGenerator gen = must_make("lcg32", {{"preset", "msvc"}, {"seed", "1"}});
  Lcg32 lcg = std::get<Lcg32>(gen.engine());
  for (std::uint32_t e : expected) EXPECT_EQ(msvc_rand_bits(lcg.next()), e);
}

// RANDU, by hand (a = 2^16 + 3, mod 2^31, so 2^32 == 0):
//   x1 = 65539
//   x2 = (2^16+3)^2 = 2^32 + 6*2^16 + 9 == 393225
//   x3 = (2^16+3)(6*2^16+9) = 6*2^32 + 27*2^16 + 27 == 1769499
// and in general a^2 == 6a - 9, so x[k+2] = 6 x[k+1] - 9 x[k] (mod 2^31):
// RANDU's notorious planes.
TEST(PublishedVectors, RanduByHandAndItsThreeTermIdentity) {
  ByteGenerator gen = must_make("lcg32", {{"preset", "randu"}, {"seed", "1"}});
  Lcg32 lcg = std::get<Lcg32>(gen.engine());
  EXPECT_EQ(lcg.next(), 65539u);
  EXPECT_EQ(lcg.next(), 393225u);
  EXPECT_EQ(lcg.next(), 1769499u);
  EXPECT_EQ(gen.next_u32(), 65539u << 1);  // next_u32 left-aligns the 31 bits
  EXPECT_EQ(gen.next_byte(), 393225u >> 23);
  const std::int64_t m = std::int64_t{1} << 31;
  Lcg32 fresh = std::get<Lcg32>(must_make("lcg32", {{"preset", "randu"}, {"seed", "12345"}}).engine());
  std::int64_t x0 = fresh.next(), x1 = fresh.next();
  for (int k = 0; k < 100000; ++k) {
    const std::int64_t x2 = fresh.next();
    ASSERT_EQ(x2, ((6 * x1 - 9 * x0) % m + m) % m) << k;
    x0 = x1;
    x1 = x2;
  }
}

// glibc rand() after srand(1) (also its default): the values every Linux C
// program prints; checked against the real glibc in tests/oracle.
TEST(PublishedVectors, GlibcSrand1) {
  const std::int32_t expected[] = {1804289383, 846930886, 1681692777, 1714636915, 1957747793,
                                   424238335,  719885386, 1649760492, 596516649,  1189641421};
  GlibcRand one(1), zero(0);
  for (std::int32_t e : expected) {
    EXPECT_EQ(one.next(), e);
    EXPECT_EQ(zero.next(), e);  // srand(0) acts as srand(1)
  }
  ByteGenerator gen = must_make("glibc", {{"seed", "1"}});
  EXPECT_EQ(gen.next_byte(), 1804289383 >> 23);
  EXPECT_EQ(gen.next_u32(), 846930886u << 1);
}

// The textbook statement of glibc's generator, written out on an array:
// r[0] = seed, r[i] = 16807 r[i-1] mod (2^31-1) for i < 31 (64-bit arithmetic,
// negative remainders corrected), r[31..33] = r[0..2], r[i] = r[i-31] + r[i-3]
// mod 2^32, output k = r[k+344] >> 1.
TEST(GlibcRand, MatchesTheArrayFormulation) {
  std::mt19937 rng(1);
  std::vector<std::uint32_t> seeds = {0, 1, 2, 42, 127773, 0x7FFFFFFF, 0x80000000, 0xFFFFFFFF};
  for (int i = 0; i < 40; ++i) seeds.push_back(static_cast<std::uint32_t>(rng()));
  for (std::uint32_t seed : seeds) {
    const int n = 2000;
    std::vector<std::int64_t> r(344 + n);
    r[0] = static_cast<std::int32_t>(seed == 0 ? 1 : seed);
    for (std::size_t i = 1; i < 31; ++i) {
      r[i] = (16807 * r[i - 1]) % 2147483647;
      if (r[i] < 0) r[i] += 2147483647;
    }
    for (std::size_t i = 31; i < 34; ++i) r[i] = r[i - 31];
    for (std::size_t i = 34; i < r.size(); ++i) r[i] = static_cast<std::uint32_t>(r[i - 31] + r[i - 3]);
    GlibcRand g(seed);
    for (std::size_t k = 0; k < static_cast<std::size_t>(n); ++k)
      ASSERT_EQ(g.next(), static_cast<std::int32_t>(static_cast<std::uint32_t>(r[k + 344]) >> 1))
          << "seed " << seed << " output " << k;
  }
}

// ---------------------------------------------------------------------------
// (d) State strings and parameters.

std::vector<ByteGenerator> one_of_each() {
  return {must_make("tarot32", {{"seed", "00000001"}}),
          must_make("tarot32", {{"width", "13"}, {"taps", "1A2B"}, {"seed", "ABC"}}),
          must_make("tarot32", {{"width", "6"}, {"mask", "C0"}, {"seed", "21"}}),
          must_make("z80", {{"seed", "0102030405060708"}}),
          must_make("fibonacci", {{"width", "64"}, {"taps", "D800000000000001"}, {"seed", "1"}}),
          must_make("lcg32", {{"preset", "onechip"}, {"seed", "12345"}}),
          must_make("lcg32", {{"preset", "randu"}, {"seed", "1"}}),
          must_make("lcg32", {{"preset", "msvc"}, {"seed", "0x10"}}),
          must_make("lcg32", {{"a", "69069"}, {"c", "1"}, {"seed", "7"}}),
          must_make("glibc", {{"seed", "4294967295"}}),
          must_make("splitmix64", {{"seed", "0"}}),
          must_make("xoshiro256ss", {{"seed", "18446744073709551615"}}),
          must_make("pcg32", {{"seed", "42"}, {"stream", "54"}})};
}

TEST(ByteGenerators, FillInPiecesEqualsOneStreamOfCalls) {
  for (ByteGenerator whole : one_of_each()) {
    ByteGenerator pieces = whole;
    const std::vector<std::uint8_t> expected = bytes_by_calls(whole, 4000);
    std::vector<std::uint8_t> got(4000);
    pieces.fill(got.data(), 100);
    got[100] = pieces.next_byte();
    pieces.fill(got.data() + 101, 3000);
    pieces.fill(got.data() + 3101, 899);
    EXPECT_EQ(got, expected) << whole.name();
    whole.fill(got.data(), 4000);  // `whole` itself, advanced past the same bytes
    EXPECT_EQ(whole.state_string(), pieces.state_string()) << whole.name();
  }
}

TEST(StateStrings, ParamsAndStateRoundTripMidStream) {
  for (ByteGenerator g : one_of_each()) {
    for (int i = 0; i < 777; ++i) g.next_byte();
    const std::vector<std::uint8_t> expected = bytes_by_calls(g, 2000);

    ByteGenerator rebuilt = must_make(g.name(), g.params());
    EXPECT_EQ(rebuilt.name(), g.name());
    EXPECT_EQ(rebuilt.state_string(), g.state_string()) << g.name();
    EXPECT_EQ(rebuilt.params(), g.params()) << g.name();
    EXPECT_EQ(bytes_by_calls(rebuilt, 2000), expected) << g.name();

    auto restored = g.with_state(g.state_string());
    ASSERT_TRUE(restored) << restored.error();
    EXPECT_EQ(bytes_by_fill(restored.value(), 2000), expected) << g.name();
  }
}

TEST(StateStrings, ExactFormats) {
  EXPECT_EQ(must_make("tarot32", {{"seed", "1"}}).state_string(), "00000001");
  EXPECT_EQ(must_make("tarot32", {{"width", "13"}, {"seed", "1"}}).state_string(), "0001");
  EXPECT_EQ(must_make("z80", {{"seed", "0102030405060708"}}).state_string(), "0102030405060708");
  EXPECT_EQ(must_make("lcg32", {{"preset", "msvc"}, {"seed", "255"}}).state_string(), "000000FF");
  EXPECT_EQ(must_make("splitmix64", {{"seed", "0x1F"}}).state_string(), "000000000000001F");
  EXPECT_EQ(must_make("glibc", {{"seed", "1"}}).state_string().size(), 248u);
  EXPECT_EQ(must_make("xoshiro256ss", {{"seed", "1"}}).state_string().size(), 64u);

  const GeneratorParams tarot = must_make("tarot32", {{"seed", "00000001"}}).params();
  EXPECT_EQ(tarot, (GeneratorParams{{"mask", "CF"}, {"state", "00000001"}, {"width", "32"}}));
  const GeneratorParams z80 = must_make("z80", {{"seed", "0102030405060708"}}).params();
  EXPECT_EQ(z80, (GeneratorParams{{"state", "0102030405060708"}}));
  const GeneratorParams lcg = must_make("lcg32", {{"a", "214013"}, {"c", "2531011"}, {"seed", "0"}}).params();
  EXPECT_EQ(lcg, (GeneratorParams{{"preset", "msvc"}, {"state", "00000000"}}));
  const GeneratorParams pcg = must_make("pcg32", {{"seed", "1"}, {"stream", "0xFFFFFFFFFFFFFFFF"}}).params();
  EXPECT_EQ(pcg.at("stream"), "9223372036854775807");  // only 63 bits of the stream matter

  // The Z80 string lists byte +0 first.
  const Z80Lfsr z = std::get<Z80Lfsr>(must_make("z80", {{"seed", "0102030405060708"}}).engine());
  EXPECT_EQ(z.seed[0], 0x01);
  EXPECT_EQ(z.seed[7], 0x08);
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

TEST(StateStrings, BadInputsNameTheProblem) {
  EXPECT_TRUE(contains(make_error("nope", {{"seed", "1"}}), "unknown generator \"nope\" (one of: tarot32, z80"));
  EXPECT_TRUE(contains(make_error("pcg32", {{"seed", "1"}, {"mask", "CF"}}),
                       "pcg32 has no parameter 'mask' (it takes: seed, stream, state)"));
  EXPECT_TRUE(contains(make_error("pcg32", {}), "pcg32 needs a seed"));
  EXPECT_TRUE(contains(make_error("tarot32", {{"seed", "1"}, {"state", "00000001"}}), "not both"));

  EXPECT_TRUE(contains(make_error("tarot32", {{"seed", "0"}}), "seed must not be zero"));
  EXPECT_TRUE(contains(make_error("tarot32", {{"seed", "123456789"}}), "seed: at most 8 hex digits, got 9"));
  EXPECT_TRUE(contains(make_error("tarot32", {{"width", "16"}, {"seed", "12345"}}), "at most 4 hex digits"));
  EXPECT_TRUE(contains(make_error("tarot32", {{"width", "30"}, {"seed", "FFFFFFFF"}}),
                       "seed: has bits above the 30-bit register"));
  EXPECT_TRUE(contains(make_error("tarot32", {{"width", "65"}, {"seed", "1"}}), "width: \"65\" is above 64"));
  EXPECT_TRUE(contains(make_error("tarot32", {{"width", "3"}, {"seed", "1"}}), "width: 3 is below 4"));
  EXPECT_TRUE(contains(make_error("tarot32", {{"mask", "XY"}, {"seed", "1"}}), "mask: \"XY\" is not hex"));
  EXPECT_TRUE(contains(make_error("tarot32", {{"mask", "CF"}, {"taps", "CF000000"}, {"seed", "1"}}),
                       "give mask or taps, not both"));
  EXPECT_TRUE(contains(make_error("tarot32", {{"width", "8"}, {"taps", "100"}, {"seed", "1"}}),
                       "taps: has bits above the 8-bit register"));
  EXPECT_TRUE(contains(make_error("tarot32", {{"state", "1"}}), "state: expected exactly 8 hex digits, got 1"));

  EXPECT_TRUE(contains(make_error("z80", {{"seed", "0102"}}), "seed: expected exactly 16 hex digits, got 4"));
  EXPECT_TRUE(contains(make_error("z80", {{"seed", "0000000000000000"}}), "seed must not be zero"));
  EXPECT_TRUE(contains(make_error("z80", {{"seed", "01020304050607G8"}}), "not hex"));

  EXPECT_TRUE(contains(make_error("fibonacci", {{"seed", "1"}}), "fibonacci needs taps"));

  EXPECT_TRUE(contains(make_error("lcg32", {{"seed", "1"}}), "lcg32 needs preset"));
  EXPECT_TRUE(contains(make_error("lcg32", {{"a", "5"}, {"seed", "1"}}), "both a and c"));
  EXPECT_TRUE(contains(make_error("lcg32", {{"preset", "minstd"}, {"seed", "1"}}), "preset: unknown \"minstd\""));
  EXPECT_TRUE(contains(make_error("lcg32", {{"preset", "randu"}, {"a", "5"}, {"seed", "1"}}), "not both"));
  EXPECT_TRUE(contains(make_error("lcg32", {{"preset", "randu"}, {"seed", "2147483648"}}),
                       "seed: must be below 2^31"));
  EXPECT_TRUE(contains(make_error("lcg32", {{"preset", "randu"}, {"seed", "0"}}), "must not be zero when c = 0"));
  EXPECT_TRUE(contains(make_error("lcg32", {{"preset", "onechip"}, {"seed", "-1"}}), "seed: \"-1\" is not a whole"));

  EXPECT_TRUE(contains(make_error("glibc", {{"seed", "4294967296"}}), "seed: \"4294967296\" is above 4294967295"));
  EXPECT_TRUE(contains(make_error("glibc", {{"seed", "0x100000000"}}), "is above 4294967295"));
  EXPECT_TRUE(contains(make_error("glibc", {{"state", "00"}}), "state: expected exactly 248 hex digits, got 2"));
  EXPECT_TRUE(contains(make_error("glibc", {{"state", std::string(248, '0')}}), "must not be all zero"));
  EXPECT_TRUE(contains(make_error("xoshiro256ss", {{"state", std::string(64, '0')}}), "must not be all zero"));
  EXPECT_TRUE(contains(make_error("splitmix64", {{"seed", "18446744073709551616"}}), "is above"));
  EXPECT_TRUE(contains(make_error("pcg32", {{"seed", "1"}, {"stream", "x"}}), "stream: \"x\" is not a whole"));

  ByteGenerator z80 = must_make("z80", {{"seed", "0102030405060708"}});
  auto bad = z80.with_state("12");
  ASSERT_FALSE(bad);
  EXPECT_TRUE(contains(bad.error(), "state: expected exactly 16 hex digits, got 2"));
}

TEST(Catalog, ListsEveryEngineInOrder) {
  const auto& catalog = generator_catalog();
  ASSERT_EQ(catalog.size(), std::variant_size_v<ByteGenerator::Engine>);
  const char* names[] = {"tarot32", "z80", "fibonacci", "lcg32", "glibc", "splitmix64", "xoshiro256ss", "pcg32", "xorshift"};
  for (std::size_t i = 0; i < catalog.size(); ++i) EXPECT_EQ(catalog[i].name, names[i]);
  for (ByteGenerator g : one_of_each()) EXPECT_EQ(g.name(), catalog[g.engine().index()].name);
}

// ---------------------------------------------------------------------------
// (e) galois_jump_ahead(t) == t single bit-steps.
TEST(GaloisJumpAhead, EqualsSingleSteps) {
  std::mt19937_64 rng(11);
  const int widths[] = {4, 7, 8, 13, 32, 33, 63, 64};
  for (int width : widths) {
    GaloisLfsr start{width, (rng() & width_mask(width)) | (std::uint64_t{1} << (width - 1)),
                     (rng() & width_mask(width)) | 1};
    GaloisLfsr stepped = start;
    for (std::uint64_t t = 0; t <= 3000; ++t) {
      ASSERT_EQ(galois_jump_ahead(start, t), stepped.state) << "width " << width << " t " << t;
      stepped.step_bit();
    }
    // Larger, irregular t: keep stepping and compare at random checkpoints.
    GaloisLfsr far = start;
    std::uint64_t t = 0;
    for (int checkpoint = 0; checkpoint < 20; ++checkpoint) {
      const std::uint64_t gap = rng() % 20000;
      for (std::uint64_t i = 0; i < gap; ++i) far.step_bit();
      t += gap;
      ASSERT_EQ(galois_jump_ahead(start, t), far.state) << "width " << width << " t " << t;
    }
  }
}

// The tarot article says mask CF runs through all 2^32 - 1 states. Counting
// bit-steps from state 00000001 until it comes back (a plain loop, about 3 s
// natively, so not repeated here) gives 3757580295 = 3*5*7*17*257*8191: the
// period is shorter. Checked by jumping: back to 1 after that many steps, and
// not after that many divided by any of its prime factors.
TEST(GaloisJumpAhead, TarotMaskCFPeriodFromSeed1) {
  const GaloisLfsr start{32, tarot_taps(32, 0xCF), 1};
  const std::uint64_t period = 3757580295ULL;
  EXPECT_EQ(galois_jump_ahead(start, period), 1u);
  for (std::uint64_t p : {3ULL, 5ULL, 7ULL, 17ULL, 257ULL, 8191ULL}) EXPECT_NE(galois_jump_ahead(start, period / p), 1u) << p;
  EXPECT_NE(galois_jump_ahead(start, 0xFFFFFFFFULL), 1u);
}

}  // namespace
}  // namespace shufflelab
