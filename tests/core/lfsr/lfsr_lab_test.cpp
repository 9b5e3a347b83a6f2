// The LFSR lab's state, link codec, views and timeline. References written
// here, independent of the code under test: the tarot article's byte-wise
// LFSR() (four bytes with carries), a Fibonacci register as a bit recurrence,
// the Z80 routine instruction by instruction, LCG formulas, and plain
// one-step-at-a-time stepping for every jump and checkpoint.
#include "core/lfsr/lfsr_lab.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <deque>
#include <numeric>
#include <random>

#include "core/lfsr/lfsr_timeline.hpp"
#include "core/url_state.hpp"

namespace shufflelab {
namespace {

struct ArticleLfsr {  // lfsr0 is the top byte; LFSR() returns lfsr0 after 8 shifts
  std::array<unsigned, 4> b;
  unsigned mask;
  void shift_once() {
    unsigned carry_in = 0;
    for (auto& byte : b) {
      const unsigned carry_out = (byte & 1) ? 128 : 0;
      byte = (byte >> 1) + carry_in;
      carry_in = carry_out;
    }
    if (carry_in == 128) b[0] ^= mask;
  }
  unsigned state() const { return b[0] << 24 | b[1] << 16 | b[2] << 8 | b[3]; }
};

// The Z80 routine of seed 002, instruction by instruction (rl through carry).
struct Z80Machine {
  std::array<std::uint8_t, 8> mem{};
  bool carry = false;
  void rl(std::uint8_t& r) {
    const bool out = (r & 0x80) != 0;
    r = static_cast<std::uint8_t>((r << 1) | (carry ? 1 : 0));
    carry = out;
  }
  std::uint8_t call() {
    std::uint8_t e = mem[4], d = mem[5], c = mem[6], a = mem[7];
    const std::uint8_t b = a;
    for (int i = 0; i < 3; ++i) rl(e), rl(d), rl(c), rl(a);
    const std::uint8_t h = a;
    rl(e), rl(d), rl(c), rl(a);
    a ^= b;
    rl(e), rl(d);
    a = static_cast<std::uint8_t>(a ^ h ^ c ^ d);
    for (int i = 7; i >= 1; --i) mem[static_cast<std::size_t>(i)] = mem[static_cast<std::size_t>(i - 1)];  // lddr
    mem[0] = a;
    return a;
  }
  std::uint64_t packed() const {
    std::uint64_t v = 0;
    for (auto x : mem) v = (v << 8) | x;
    return v;
  }
};

LabTimeline timeline_for(const LfsrLabState& s) {
  auto t = LabTimeline::make(s);
  EXPECT_TRUE(t.has_value()) << t.error();
  return t.value();
}

DecodedState decode(const std::string& fragment) { return decode_fragment(fragment); }

// ---------------------------------------------------------------------------
// Link codec

TEST(LfsrLabCodec, OldLinksKeepWorking) {
  const auto d = decode("#v=1&lab=lfsr&seed=DEADBEEF&mask=CF&t=13");
  EXPECT_TRUE(d.notices.empty());
  EXPECT_EQ(d.state.lfsr.gen, LabGen::tarot32);
  EXPECT_EQ(d.state.lfsr.width, 32);
  EXPECT_EQ(d.state.lfsr.seed, 0xDEADBEEFu);
  EXPECT_EQ(d.state.lfsr.mask, 0xCFu);
  EXPECT_EQ(d.state.lfsr.t, 13u);
  EXPECT_EQ(encode_fragment(d.state), "#v=1&lab=lfsr&seed=DEADBEEF&mask=CF&t=13");
  const auto w = decode("#v=1&lab=lfsr&width=20&seed=12345&mask=CF");
  EXPECT_TRUE(w.notices.empty());
  EXPECT_EQ(w.state.lfsr.width, 20);
  EXPECT_EQ(encode_fragment(w.state), "#v=1&lab=lfsr&width=20&seed=12345&mask=CF&t=0");
}

TEST(LfsrLabCodec, IssueExampleForZ80) {
  const auto d = decode("#v=1&lab=lfsr&gen=z80&seed=0102030405060708&t=40");
  EXPECT_TRUE(d.notices.empty());
  EXPECT_EQ(d.state.lfsr.gen, LabGen::z80);
  EXPECT_EQ(d.state.lfsr.seed, 0x0102030405060708u);
  EXPECT_EQ(d.state.lfsr.t, 40u);
  EXPECT_EQ(encode_fragment(d.state), "#v=1&lab=lfsr&gen=z80&seed=0102030405060708&t=40");
}

// Random valid states of every generator survive encode -> decode, in short links.
TEST(LfsrLabCodec, RoundTripsForEveryGenerator) {
  std::mt19937_64 rng(11);
  for (LabGen gen : kLabGens) {
    for (int i = 0; i < 300; ++i) {
      LabState s;
      s.lfsr = lab_defaults(gen);
      LfsrLabState& l = s.lfsr;
      switch (gen) {
        case LabGen::tarot32:
          l.width = 4 + static_cast<int>(rng() % 61);
          l.full_taps = rng() % 2 == 0;
          if (l.full_taps) l.taps = rng() & width_mask(l.width);
          else l.mask = rng() & 0xff;
          l.seed = (rng() & width_mask(l.width)) | 1;
          break;
        case LabGen::fibonacci:
          l.width = 4 + static_cast<int>(rng() % 61);
          l.taps = rng() & width_mask(l.width);
          l.seed = (rng() & width_mask(l.width)) | 2;
          break;
        case LabGen::z80: l.seed = rng() | 1; break;
        case LabGen::lcg32:
          l.preset = static_cast<int>(rng() % kLcgPresets.size());
          l.seed = (rng() & width_mask(kLcgPresets[static_cast<std::size_t>(l.preset)].modulus_bits)) | 1;
          break;
        case LabGen::glibc: l.seed = rng() & 0xffffffffu; break;
        case LabGen::xorshift:
          l.width = rng() % 2 ? 16 : 32;
          l.seed = (rng() & width_mask(l.width)) | 1;
          break;
        case LabGen::pcg32: l.stream = rng(); [[fallthrough]];
        default: l.seed = rng(); break;
      }
      l.t = rng() % (lab_max_step(gen) + 1);
      const std::string link = encode_fragment(s);
      const auto d = decode(link);
      ASSERT_TRUE(d.notices.empty()) << link << ": " << d.notices.front();
      ASSERT_EQ(d.state, s) << link;
      ASSERT_LT(link.size(), 300u) << link;
    }
  }
}

TEST(LfsrLabCodec, BadValuesGiveANoticeAndThatFieldsDefault) {
  struct Case {
    const char* link;
    const char* field;  // the notice starts with it
  };
  for (const Case& c : {Case{"#v=1&lab=lfsr&gen=z80&seed=123&t=4", "seed"},
                        Case{"#v=1&lab=lfsr&gen=z80&seed=0000000000000000&t=4", "seed"},
                        Case{"#v=1&lab=lfsr&gen=lcg32&preset=ibm&seed=5&t=4", "preset"},
                        Case{"#v=1&lab=lfsr&gen=lcg32&preset=randu&seed=80000000&t=4", "seed"},
                        Case{"#v=1&lab=lfsr&gen=lcg32&preset=randu&seed=0&t=4", "seed"},
                        Case{"#v=1&lab=lfsr&gen=glibc&seed=1&t=2000000", "t"},
                        Case{"#v=1&lab=lfsr&gen=xoshiro256ss&seed=zz&t=4", "seed"},
                        Case{"#v=1&lab=lfsr&gen=pcg32&seed=2A&stream=12345678123456789&t=4", "stream"},
                        Case{"#v=1&lab=lfsr&gen=fibonacci&width=8&taps=1FF&seed=1&t=4", "taps"},
                        Case{"#v=1&lab=lfsr&seed=1&taps=1FFFFFFFF&t=4", "taps"},
                        Case{"#v=1&lab=lfsr&gen=bogus&seed=1&t=4", "gen"}}) {
    const auto d = decode(c.link);
    ASSERT_EQ(d.notices.size(), 1u) << c.link;
    EXPECT_EQ(d.notices[0].rfind(c.field, 0), 0u) << c.link << ": " << d.notices[0];
    // Every other field is still taken, and the state is usable.
    EXPECT_TRUE(lab_generator(d.state.lfsr).has_value()) << c.link;
    if (std::string(c.field) != "t") {
      EXPECT_EQ(d.state.lfsr.t, 4u) << c.link;
    }
  }
  // The defaults of the bad fields:
  EXPECT_EQ(decode("#v=1&lab=lfsr&gen=z80&seed=123").state.lfsr.seed, lab_defaults(LabGen::z80).seed);
  EXPECT_EQ(decode("#v=1&lab=lfsr&gen=lcg32&preset=ibm").state.lfsr.preset, 0);
  EXPECT_EQ(decode("#v=1&lab=lfsr&gen=glibc&t=2000000").state.lfsr.t, 0u);
  EXPECT_EQ(decode("#v=1&lab=lfsr&gen=bogus").state.lfsr, LfsrLabState{});
}

TEST(LfsrLabCodec, FibonacciWidthWithoutTapsGetsAFullPeriodDefault) {
  const auto d = decode("#v=1&lab=lfsr&gen=fibonacci&width=12");
  EXPECT_TRUE(d.notices.empty());
  EXPECT_EQ(d.state.lfsr.width, 12);
  EXPECT_EQ(d.state.lfsr.taps, default_fibonacci_taps(12));
  EXPECT_EQ(d.state.lfsr.seed, 0xDEADBEEFu & 0xfff);  // the default seed, cut to the width
}

// default_fibonacci_taps really gives period 2^w - 1: count it by stepping
// the recurrence b[n + w] = XOR of b[n + i] over the taps.
TEST(LfsrLab, DefaultFibonacciTapsHaveFullPeriod) {
  for (int w = 4; w <= 18; ++w) {
    const std::uint64_t taps = default_fibonacci_taps(w);
    ASSERT_EQ(taps & 1, 1u) << w;
    std::uint64_t state = 1, steps = 0;
    do {
      const std::uint64_t feedback = static_cast<std::uint64_t>(__builtin_popcountll(state & taps) & 1);
      state = (state >> 1) | (feedback << (w - 1));
      ++steps;
    } while (state != 1 && steps <= (std::uint64_t{1} << w));
    EXPECT_EQ(steps, (std::uint64_t{1} << w) - 1) << "width " << w;
  }
}

// ---------------------------------------------------------------------------
// Views against independent stepping

TEST(LfsrLabView, TarotViewAtEveryStepMatchesTheArticleProcedure) {
  for (std::uint64_t seed : {0xDEADBEEFull, 0x00000001ull, 0x80000000ull}) {
    for (unsigned mask : {0xCFu, 0xC5u, 0x01u}) {
      const LfsrLabState base{32, mask, seed, 0};
      LabTimeline timeline = timeline_for(base);
      ArticleLfsr ref{{static_cast<unsigned>(seed >> 24) & 255, static_cast<unsigned>(seed >> 16) & 255,
                       static_cast<unsigned>(seed >> 8) & 255, static_cast<unsigned>(seed) & 255},
                      mask};
      std::vector<std::uint8_t> bytes, tops;
      for (std::uint64_t t = 0; t <= 300; ++t) {
        int fell = -1;
        if (t > 0) {
          fell = static_cast<int>(ref.b[3] & 1);
          ref.shift_once();
          if (t % 8 == 1) tops.clear();
          tops.push_back(static_cast<std::uint8_t>(ref.b[0]));
          if (t % 8 == 0) bytes.push_back(static_cast<std::uint8_t>(ref.b[0])), tops.clear();
        }
        LfsrLabState s = base;
        s.t = t;
        const LfsrView v = lfsr_view(s, timeline);
        ASSERT_EQ(v.state, ref.state()) << "t=" << t;
        ASSERT_EQ(v.shifts_into_byte, static_cast<int>(t % 8));
        ASSERT_EQ(v.last_out_bit, fell);
        ASSERT_EQ(v.taps_applied, fell == 1);
        ASSERT_EQ(v.top_after, tops) << "t=" << t;
        ASSERT_EQ(v.fallen_bits.size(), t % 8);
        const std::size_t shown = std::min<std::size_t>(bytes.size(), 16);
        ASSERT_EQ(v.recent_bytes.size(), shown);
        for (std::size_t i = 0; i < shown; ++i) ASSERT_EQ(v.recent_bytes[i], bytes[bytes.size() - shown + i]);
      }
    }
  }
}

TEST(LfsrLabView, FibonacciViewMatchesTheBitRecurrence) {
  for (int w : {5, 16, 33, 64}) {
    LfsrLabState s = lab_defaults(LabGen::fibonacci);
    s.width = w;
    s.taps = (0x9A3C5E71F00D1235ull & width_mask(w)) | 1;
    s.seed = 0xC0FFEE123456789Bull & width_mask(w);
    LabTimeline timeline = timeline_for(s);
    std::deque<int> bits;  // b[n..]: the register, bit 0 first
    for (int i = 0; i < w; ++i) bits.push_back(static_cast<int>((s.seed >> i) & 1));
    std::vector<int> fallen;
    for (std::uint64_t t = 0; t <= 200; ++t) {
      if (t > 0) {
        int next = 0;
        for (int i = 0; i < w; ++i)
          if ((s.taps >> i) & 1) next ^= bits[static_cast<std::size_t>(i)];
        fallen.push_back(bits.front());
        bits.pop_front();
        bits.push_back(next);
      }
      LfsrLabState at = s;
      at.t = t;
      const LfsrView v = lfsr_view(at, timeline);
      std::uint64_t expected = 0;
      for (int i = 0; i < w; ++i) expected |= static_cast<std::uint64_t>(bits[static_cast<std::size_t>(i)]) << i;
      ASSERT_EQ(v.state, expected) << "w=" << w << " t=" << t;
      if (t > 0) {
        ASSERT_EQ(v.last_out_bit, fallen.back());
        ASSERT_EQ(v.entered_bit, bits.back());
      }
      // Bytes: 8 fallen bits, the first in bit 0.
      const std::size_t whole = fallen.size() / 8;
      std::uint8_t partial = 0;
      for (std::size_t i = whole * 8; i < fallen.size(); ++i)
        partial = static_cast<std::uint8_t>(partial | (fallen[i] << (i % 8)));
      ASSERT_EQ(v.byte_so_far, partial);
      if (whole > 0) {
        std::uint8_t last = 0;
        for (std::size_t i = 0; i < 8; ++i) last = static_cast<std::uint8_t>(last | (fallen[(whole - 1) * 8 + i] << i));
        ASSERT_EQ(v.recent_bytes.back(), last);
      }
    }
  }
}

TEST(LfsrLabView, Z80ViewMatchesTheRoutine) {
  LfsrLabState s = lab_defaults(LabGen::z80);
  LabTimeline timeline = timeline_for(s);
  Z80Machine m;
  for (std::size_t i = 0; i < 8; ++i) m.mem[i] = static_cast<std::uint8_t>(i + 1);  // 0102030405060708
  std::vector<std::uint8_t> outputs;
  for (std::uint64_t t = 0; t <= 100; ++t) {
    const auto before = m.mem;
    if (t > 0) outputs.push_back(m.call());
    s.t = t;
    const Z80View v = z80_view(s, timeline);
    ASSERT_EQ(v.bytes, m.mem) << t;
    ASSERT_EQ(v.upcoming, t == 0);
    if (t > 0) {
      ASSERT_EQ(v.output, outputs.back());
      ASSERT_EQ(v.dropped, before[7]);
      ASSERT_EQ(v.x, static_cast<std::uint32_t>(before[7]) << 24 | static_cast<std::uint32_t>(before[6]) << 16 |
                         static_cast<std::uint32_t>(before[5]) << 8 | before[4]);
      const std::size_t shown = std::min<std::size_t>(outputs.size(), 16);
      ASSERT_TRUE(std::equal(v.recent_bytes.begin(), v.recent_bytes.end(), outputs.end() - static_cast<long>(shown)));
    }
  }
}

TEST(LfsrLabView, LcgOutputsAreTheFormula) {
  for (int preset = 0; preset < 3; ++preset) {
    LfsrLabState s = lab_defaults(LabGen::lcg32);
    s.preset = preset;
    s.seed = 12345;
    const LcgPreset& p = kLcgPresets[static_cast<std::size_t>(preset)];
    LabTimeline timeline = timeline_for(s);
    std::vector<std::uint64_t> xs;
    std::uint64_t x = s.seed;
    for (int n = 0; n < 50; ++n) xs.push_back(x = (p.a * x + p.c) % (std::uint64_t{1} << p.modulus_bits));
    s.t = 50;
    const OutputsView v = outputs_view(s, timeline);
    ASSERT_EQ(v.recent.size(), 8u);
    for (std::size_t i = 0; i < 8; ++i) {
      EXPECT_EQ(v.recent[i].index, 43 + i);
      EXPECT_EQ(v.recent[i].value, xs[42 + i]);
      EXPECT_EQ(v.recent[i].byte, xs[42 + i] >> (p.modulus_bits - 8));
    }
    EXPECT_EQ(v.value_bits, p.modulus_bits);
  }
}

TEST(LfsrLabView, GlibcStateIsTheWindowOfTheLast31Words) {
  LfsrLabState s = lab_defaults(LabGen::glibc);  // srand(1)
  LabTimeline timeline = timeline_for(s);
  s.t = 5;
  const OutputsView v = outputs_view(s, timeline);
  // rand() after srand(1): 1804289383, 846930886, 1681692777, 1714636915, 1957747793 (glibc's well-known sequence).
  ASSERT_EQ(v.recent.size(), 5u);
  EXPECT_EQ(v.recent[0].value, 1804289383u);
  EXPECT_EQ(v.recent[4].value, 1957747793u);
  ASSERT_EQ(v.state.size(), 31u);
  // The newest word is the last rand() << 1 plus its dropped low bit.
  EXPECT_EQ(std::stoull(v.state[30].hex, nullptr, 16) >> 1, 1957747793u);
  EXPECT_EQ(v.read_next, (std::vector<int>{0, 28}));
}

// ---------------------------------------------------------------------------
// Timeline: every jump and checkpoint equals plain stepping

std::uint64_t register_value(const Engine& e) {
  if (auto* g = std::get_if<GaloisLfsr>(&e)) return g->state;
  if (auto* f = std::get_if<FibonacciLfsr>(&e)) return f->state;
  if (auto* z = std::get_if<Z80Lfsr>(&e)) return z->packed();
  return 0;
}

TEST(LfsrLabTimeline, ScrubbingInAnyOrderEqualsStepping) {
  std::mt19937_64 rng(5);
  for (LabGen gen : kLabGens) {
    LfsrLabState s = lab_defaults(gen);
    if (gen == LabGen::tarot32) s.width = 45, s.seed = 0x123456789AB;
    LabTimeline timeline = timeline_for(s);
    // Reference: one step at a time with the generator's own step function.
    ByteGenerator ref = lab_generator(s).value();
    std::vector<std::string> states;  // state strings at t = 0..N
    constexpr std::uint64_t kN = 20000;
    Engine e = ref.engine();
    for (std::uint64_t t = 0; t <= kN; ++t) {
      states.push_back(ByteGenerator(e).state_string());
      std::visit(
          [](auto& g) {
            using T = std::decay_t<decltype(g)>;
            if constexpr (std::is_same_v<T, GaloisLfsr> || std::is_same_v<T, FibonacciLfsr>) g.step_bit();
            else if constexpr (std::is_same_v<T, GlibcGenerator>) g.rand.next();
            else if constexpr (std::is_same_v<T, Z80Lfsr>) g.next_byte();
            else g.next();
          },
          e);
    }
    for (int i = 0; i < 300; ++i) {
      std::uint64_t t = rng() % (kN + 1);
      if (i % 3 == 1) t = std::min<std::uint64_t>(kN, t / 50);  // small moves near the start too
      ASSERT_EQ(ByteGenerator(timeline.at(t)).state_string(), states[t]) << lab_gen_name(gen) << " t=" << t;
    }
    // advance() continues from the last at().
    timeline.at(100);
    EXPECT_EQ(timeline.advance(900), 1000u);
    EXPECT_EQ(ByteGenerator(timeline.at(1000)).state_string(), states[1000]);
  }
}

TEST(LfsrLabTimeline, FarJumpsLandOnKnownPeriods) {
  // Width 12 mask found maximal here by brute force; far jumps by multiples of 4095 return to the seed.
  std::uint64_t maximal_mask = 0;
  for (std::uint64_t m = 0x80; m < 0x100 && !maximal_mask; ++m) {
    GaloisLfsr g{12, tarot_taps(12, m), 1};
    std::uint64_t n = 0;
    do g.step_bit(), ++n;
    while (g.state != 1 && n < 5000);
    if (n == 4095) maximal_mask = m;
  }
  ASSERT_NE(maximal_mask, 0u);
  LfsrLabState s{12, maximal_mask, 0xABC, 0};
  LabTimeline t = timeline_for(s);
  EXPECT_EQ(register_value(t.at(4095ull * 1000000007ull)), 0xABCu);
  EXPECT_NE(register_value(t.at(4095ull * 1000000007ull + 1)), 0xABCu);

  // One Chip's LCG satisfies Hull-Dobell (c odd, a - 1 divisible by 4): period 2^32.
  LfsrLabState lcg = lab_defaults(LabGen::lcg32);
  LabTimeline tl = timeline_for(lcg);
  EXPECT_EQ(std::get<Lcg32>(tl.at(std::uint64_t{1} << 32)).state, 1u);
  EXPECT_EQ(std::get<Lcg32>(tl.at(std::uint64_t{3} << 32)).state, 1u);
  // RANDU from an odd seed has period 2^29 (multiplier = 3 mod 8, modulus 2^31).
  lcg.preset = 1;
  LabTimeline randu = timeline_for(lcg);
  EXPECT_EQ(std::get<Lcg32>(randu.at(std::uint64_t{1} << 29)).state, 1u);
  EXPECT_NE(std::get<Lcg32>(randu.at(std::uint64_t{1} << 28)).state, 1u);
  // SplitMix64 is a counter: t steps add t times its increment.
  LfsrLabState sm = lab_defaults(LabGen::splitmix64);
  LabTimeline ts = timeline_for(sm);
  EXPECT_EQ(std::get<SplitMix64>(ts.at(kMaxLfsrStep)).state, 1 + kMaxLfsrStep * 0x9e3779b97f4a7c15ull);
}

TEST(LfsrLabTimeline, ReplayedGeneratorsStopAtTheCap) {
  for (LabGen gen : {LabGen::glibc, LabGen::xoshiro256ss}) {
    LfsrLabState s = lab_defaults(gen);
    LabTimeline timeline = timeline_for(s);
    EXPECT_EQ(timeline.max_step(), kMaxReplaySteps);
    ByteGenerator ref = lab_generator(s).value();
    for (std::uint64_t i = 0; i < kMaxReplaySteps; ++i) ref.next_u32();  // one output each
    EXPECT_EQ(ByteGenerator(timeline.at(kMaxReplaySteps + 5)).state_string(), ref.state_string());
  }
}

// ---------------------------------------------------------------------------
// Bit plane: the generator's own output, packed least significant bit first

TEST(LfsrLabBitPlane, BitsAreTheGeneratorsBytesAndWords) {
  for (LabGen gen : kLabGens) {
    LfsrLabState s = lab_defaults(gen);
    s.t = 77;
    LabTimeline timeline = timeline_for(s);
    const ByteGenerator at_t(timeline.at(s.t));
    const std::vector<std::uint8_t> bytes = bit_plane_bits(at_t, BitPlaneSource::bytes);
    ASSERT_EQ(bytes.size(), 512u * 512u / 8u);
    ByteGenerator one_by_one = at_t;
    for (std::size_t i = 0; i < bytes.size(); ++i) ASSERT_EQ(bytes[i], one_by_one.next_byte()) << i;

    const std::vector<std::uint8_t> words = bit_plane_bits(at_t, BitPlaneSource::words);
    ByteGenerator word_by_word = at_t;
    for (std::size_t i = 0; i < words.size(); i += 4) {
      const std::uint32_t w = word_by_word.next_u32();
      for (int bit = 0; bit < 32; ++bit) {  // stream bit i*8 + bit is word bit `bit`
        const std::size_t stream_bit = i * 8 + static_cast<std::size_t>(bit);
        ASSERT_EQ((words[stream_bit / 8] >> (stream_bit % 8)) & 1, (w >> bit) & 1);
      }
    }
  }
}

TEST(LfsrLabBitPlane, AShortPeriodRegisterRepeats) {
  // Width 8, mask 8E: by the stepping loop below the seed returns after p
  // bit-steps, so bytes repeat with period p / gcd(p, 8) calls.
  LfsrLabState s{8, 0x8E, 0x01, 0};
  GaloisLfsr g{8, tarot_taps(8, 0x8E), 1};
  std::uint64_t p = 0;
  do g.step_bit(), ++p;
  while (g.state != 1);
  const std::uint64_t byte_period = p / std::gcd(p, std::uint64_t{8});
  LabTimeline timeline = timeline_for(s);
  const auto bytes = bit_plane_bits(ByteGenerator(timeline.at(0)), BitPlaneSource::bytes);
  for (std::size_t i = 0; i + byte_period < 4096; ++i) ASSERT_EQ(bytes[i], bytes[i + byte_period]);
}

}  // namespace
}  // namespace shufflelab
