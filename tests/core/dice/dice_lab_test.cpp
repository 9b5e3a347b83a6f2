// Dice lab core: link codec, exact laws, the sampling jobs and the Z80 d20.
// Independent sources: the sampling jobs are compared with loops written
// here from the articles' own descriptions (seed 000's coinFlip and roller,
// seed 001's randomInt, seed 002's rollDie) and from Lemire's paper, each
// assembling its words by hand; chi-square values and MulHbyL results are
// derived by hand in comments. (MulHbyL as modelled here was also run under
// the z80ex emulator over all 256 bytes with the same counts.)
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "core/dice/dice_lab.hpp"
#include "core/dice/dice_law.hpp"
#include "core/dice/dice_sample.hpp"
#include "core/dice/dice_z80.hpp"
#include "core/gen/glibc_rand.hpp"
#include "core/job_catalog.hpp"
#include "core/url_state.hpp"

#include "test_support.hpp"

namespace shufflelab {
namespace {

// ------------------------------------------------------------------ helpers

std::vector<std::uint64_t> run_sample(const std::string& params, std::uint64_t slice) {
  auto job = make_job("dice_sample", params);
  EXPECT_TRUE(job) << job.error();
  if (!job) return {};
  run_job_to_end(**job, slice, [](double) {});
  auto r = read_dice_sample_result((*job)->result());
  EXPECT_TRUE(r) << r.error();
  if (!r) return {};
  std::vector<std::uint64_t> all;
  for (const auto& counts : r->counts) all.insert(all.end(), counts.begin(), counts.end());
  return all;
}

std::uint64_t sum(const std::vector<std::uint64_t>& v) {
  std::uint64_t s = 0;
  for (auto x : v) s += x;
  return s;
}

// The Z80 routine's byte from its documented formula, on a byte array.
struct Z80Bytes {
  std::uint8_t s[8];
  std::uint8_t next() {
    const std::uint32_t x = s[4] | (std::uint32_t{s[5]} << 8) | (std::uint32_t{s[6]} << 16) | (std::uint32_t{s[7]} << 24);
    const auto r = static_cast<std::uint8_t>((x >> 24) ^ (x >> 21) ^ (x >> 20) ^ (x >> 12) ^ (x >> 3));
    for (int i = 7; i > 0; --i) s[i] = s[i - 1];
    s[0] = r;
    return r;
  }
};

// ------------------------------------------------------------------ codec

TEST(DiceLabCodec, RoundTripsEveryField) {
  LabState state;
  state.lab = LabId::dice;
  state.dice = {"fdr-tarot", 78, 64, "glibc", "12345", 4242, "d% + 2d20kh1 - 3", "z80"};
  const std::string link = encode_fragment(state);
  EXPECT_EQ(link, "#v=1&lab=dice&method=fdr-tarot&sides=78&bits=64&gen=glibc&seed=12345&rolls=4242"
                  "&expr=d%25+2d20kh1-3&view=z80");
  EXPECT_LT(link.size(), 300u);
  const DecodedState back = decode_fragment(link);
  EXPECT_TRUE(back.notices.empty());
  LabState expected = state;
  expected.dice.expr = "d%+2d20kh1-3";  // spaces are not carried
  EXPECT_EQ(back.state, expected);
}

TEST(DiceLabCodec, LongestLinkStaysShort) {
  LabState state;
  state.lab = LabId::dice;
  std::string expr;
  for (int i = 0; i < 21; ++i) expr += "d%+";
  expr += "1";  // 64 characters, each '%' written as 3 in the link
  state.dice = {"maxu8-article", 1000, 64, "xoshiro256ss", "18446744073709551615", kMaxDiceRolls, expr, "expr"};
  ASSERT_EQ(state.dice.expr.size(), kMaxLabExpressionLength);
  ASSERT_TRUE(parse_lab_expression(state.dice.expr)) << state.dice.expr;
  EXPECT_LT(encode_fragment(state).size(), 300u);
  EXPECT_EQ(decode_fragment(encode_fragment(state)).state, state);
}

TEST(DiceLabCodec, BadValuesGiveNoticesAndDefaults) {
  const DiceLabState defaults;
  const DecodedState d = decode_fragment(
      "#v=1&lab=dice&method=dice&sides=0&bits=12&gen=rand&seed=zz&rolls=1000000000&expr=3d6+&view=table");
  EXPECT_EQ(d.notices.size(), 8u);
  EXPECT_EQ(d.state.dice, defaults);
  // A seed the generator refuses keeps that generator's default seed.
  const DecodedState z = decode_fragment("#v=1&lab=dice&gen=glibc&seed=99999999999");
  EXPECT_EQ(z.notices.size(), 1u);
  EXPECT_EQ(z.state.dice.gen, "glibc");
  EXPECT_EQ(z.state.dice.seed, "1");
  // An expression error keeps its position for the caret.
  const DecodedState e = decode_fragment("#v=1&lab=dice&expr=2d6x");
  ASSERT_EQ(e.notices.size(), 1u);
  EXPECT_NE(e.notices[0].find("at 4:"), std::string::npos) << e.notices[0];
}

TEST(DiceLabCodec, ExpressionLinkSyntax) {
  EXPECT_EQ(expression_to_link("d% + 3"), "d%25+3");
  EXPECT_EQ(*expression_from_link("d%25+3"), "d%+3");
  EXPECT_EQ(*expression_from_link("d%+3"), "d%+3");  // a bare % typed in the address bar
  EXPECT_FALSE(expression_from_link("3d6<script>"));
  EXPECT_EQ(expression_error_position("at 12: expected a die"), std::optional<std::size_t>(12));
  EXPECT_EQ(expression_error_position("expression: too large"), std::nullopt);
  auto too_long = parse_lab_expression(std::string(kMaxLabExpressionLength + 1, '1'));
  ASSERT_FALSE(too_long);
  EXPECT_EQ(expression_error_position(too_long.error()), std::optional<std::size_t>(kMaxLabExpressionLength + 1));
}

// ------------------------------------------------------------------ exact laws

TEST(DiceLabLaw, RollDieWithDiesidesMinusOneNeverRollsTwenty) {
  // (x * 19) >> 8 for x < 256 is at most 255 * 19 / 256 = 18.9, so value 19 (face 20) never;
  // value v gets the x in [ceil(256 v / 19), ceil(256 (v+1) / 19)).
  auto law = exact_die_law(*find_dice_method("mulhi-minus1"), 20, 8);
  ASSERT_TRUE(law) << law.error();
  std::vector<std::uint64_t> expected(20, 0);
  for (unsigned x = 0; x < 256; ++x) ++expected[(x * 19) >> 8];
  for (std::size_t v = 0; v < 20; ++v) EXPECT_EQ(law->weights[v], BigUint(expected[v])) << v;
  EXPECT_EQ(law->total, BigUint(256));
  EXPECT_EQ(law->stats.never, std::vector<std::uint64_t>{19});
  EXPECT_NE(law->how.find("enumerated"), std::string::npos);
  EXPECT_EQ(law->expected_bits, Fraction(8, 1));
}

TEST(DiceLabLaw, RejectionCostsBitsAndCoinRollersAreExact) {
  // mask-and-reject, d6 on bytes: mask 7 keeps 6 of every 8 masked values,
  // so 192 of 256 words are accepted: 8 * 256 / 192 = 32/3 bits per roll.
  auto reject = exact_die_law(*find_dice_method("reject"), 6, 8);
  ASSERT_TRUE(reject);
  EXPECT_EQ(reject->rejected, BigUint(64));
  EXPECT_EQ(reject->expected_bits, Fraction(32, 3));
  EXPECT_TRUE(reject->stats.total_variation.is_zero());
  // The published roller is exactly uniform whatever B says; the tarot one is not.
  auto fdr = exact_die_law(*find_dice_method("fdr"), 6, 32);
  ASSERT_TRUE(fdr);
  EXPECT_TRUE(fdr->stats.total_variation.is_zero());
  auto tarot = exact_die_law(*find_dice_method("fdr-tarot"), 6, 8);
  ASSERT_TRUE(tarot);
  EXPECT_FALSE(tarot->stats.total_variation.is_zero());
  EXPECT_FALSE(exact_die_law(*find_dice_method("fdr-tarot"), 1, 8));
  EXPECT_FALSE(exact_die_law(*find_dice_method("modulo"), 300, 8));  // 300 sides need more than 8 bits
}

TEST(DiceLabLaw, AllMethodsAreComputedForEveryWordSize) {
  for (int bits : kDiceWordBits) {
    const auto laws = all_die_laws(52, static_cast<unsigned>(bits));
    ASSERT_EQ(laws.size(), dice_methods().size());
    for (const auto& law : laws) {
      ASSERT_TRUE(law) << law.error();
      BigUint total;
      for (const BigUint& w : law->weights) total += w;
      EXPECT_EQ(total, law->total) << law->method->name << " B=" << bits;
    }
  }
}

TEST(DiceLabLaw, RollsToNotice) {
  // mulhi-minus1 with n = 2 multiplies by 1: (x * 1) >> 8 = 0, always face 1.
  // sum (p - 1/2)^2 = 1/4 + 1/4, so N = 3 sqrt(2) / (2 * 1/2) = 3 sqrt(2).
  auto law = exact_die_law(*find_dice_method("mulhi-minus1"), 2, 8);
  ASSERT_TRUE(law);
  EXPECT_NEAR(rolls_to_notice(*law), 3.0 * std::sqrt(2.0), 1e-12);
  EXPECT_TRUE(std::isinf(rolls_to_notice(*exact_die_law(*find_dice_method("lemire"), 6, 64))));
}

TEST(DiceLabLaw, JudgeSampleByHand) {
  // counts {10, 20}, p = {1/2, 1/2}: E = 15 each, X^2 = 25/15 + 25/15 = 10/3.
  // One degree of freedom: P(X >= x) = erfc(sqrt(x / 2)).
  const std::vector<std::uint64_t> counts{10, 20};
  const std::vector<double> half{0.5, 0.5};
  const SampleVerdict v = judge_sample(counts, half);
  EXPECT_EQ(v.rolls, 30u);
  EXPECT_NEAR(v.chi_square_uniform, 10.0 / 3.0, 1e-12);
  EXPECT_NEAR(v.p_uniform, std::erfc(std::sqrt(5.0 / 3.0)), 1e-9);
  EXPECT_NEAR(v.p_exact, v.p_uniform, 1e-15);
  // sigma = sqrt(30 * 1/4); the band is 1/2 -+ 2 sigma / 30.
  EXPECT_NEAR(v.band_low[0], 0.5 - 2.0 * std::sqrt(7.5) / 30.0, 1e-12);
  EXPECT_NEAR(v.band_high[1], 0.5 + 2.0 * std::sqrt(7.5) / 30.0, 1e-12);
  // A face the law says never comes up leaves the exact test's degrees of freedom.
  const std::vector<std::uint64_t> three{15, 15, 0};
  const std::vector<double> law{0.5, 0.5, 0.0};
  const SampleVerdict w = judge_sample(three, law);
  EXPECT_EQ(w.dof_exact, 1.0);
  EXPECT_EQ(w.chi_square_exact, 0.0);
  EXPECT_EQ(w.dof_uniform, 2.0);
  EXPECT_NEAR(w.chi_square_uniform, 15.0, 1e-12);  // E = 10: 2.5 + 2.5 + 10
}

TEST(DiceLabLaw, DistributionSurvivesTheJobResult) {
  for (const char* text : {"3d6+2", "100d6", "2d20kh1-5", "d%"}) {
    auto expr = parse_lab_expression(text);
    ASSERT_TRUE(expr);
    auto dist = exact_dice_distribution(*expr);
    ASSERT_TRUE(dist);
    auto back = distribution_from_doubles(distribution_to_doubles(*dist));
    ASSERT_TRUE(back) << back.error();
    EXPECT_EQ(back->min_total, dist->min_total);
    EXPECT_EQ(back->counts, dist->counts);
    EXPECT_EQ(back->outcomes, dist->outcomes);
  }
  const std::vector<double> broken{1, 2, 1, 6, 1};
  EXPECT_FALSE(distribution_from_doubles(broken));
  // 3d6+2: totals 5..20, 216 outcomes; 1000d6 is far from quick.
  auto small = parse_lab_expression("3d6+2");
  EXPECT_TRUE(expression_law_is_quick(*small));
  EXPECT_EQ(expression_total_range(*small).min_total, 5);
  EXPECT_EQ(expression_total_range(*small).max_total, 20);
  EXPECT_FALSE(expression_law_is_quick(*parse_lab_expression("1000d6")));
  EXPECT_EQ(expression_total_range(*parse_lab_expression("2d20kh1-1d4")).min_total, -3);
}

// ------------------------------------------------------------------ sampling = direct loops

TEST(DiceSampleJob, Z80RollDieMinusOneMatchesADirectLoop) {
  // seed 002's d20: one LFSR byte, H = 19, high byte of the product, + 1.
  Z80Bytes z{{0x01, 0x23, 0x45, 0x67, 0x89, 0xAB, 0xCD, 0xEF}};
  std::vector<std::uint64_t> expected(20, 0);
  for (int i = 0; i < 20000; ++i) ++expected[(z.next() * 19u) >> 8];
  const auto counts =
      run_sample("method=mulhi-minus1&sides=20&bits=8&gen=z80&seed=0123456789ABCDEF&rolls=20000", 1 << 20);
  EXPECT_EQ(counts, expected);
  EXPECT_EQ(counts[19], 0u);
}

TEST(DiceSampleJob, GlibcFloatScalingMatchesRandomInt) {
  // seed 001's randomInt(0, 51) on srand(7): r = rand() / RAND_MAX, redraw r >= 1, (int)(52 r).
  GlibcRand rand(7);
  std::vector<std::uint64_t> expected(52, 0);
  for (int i = 0; i < 30000; ++i) {
    double r;
    do r = static_cast<double>(rand.next()) / kGlibcRandMax;
    while (r >= 1.0);
    ++expected[static_cast<std::size_t>(52 * r)];
  }
  EXPECT_EQ(run_sample("method=float&sides=52&bits=31&gen=glibc&seed=7&rolls=30000", 1 << 20), expected);
}

TEST(DiceSampleJob, TarotRollerMatchesTheArticlePseudocode) {
  // seed 000: coinFlip takes the LFSR byte's bits from the right; getRandomNumber
  // doubles v, appends a flip to c, and past 77 either stops (c <= 77) or subtracts 77.
  GaloisLfsr lfsr{32, tarot_taps(32, 0xCF), 0xDEADBEEF};
  unsigned left = 0, rng = 0;
  auto coin_flip = [&] {
    if (left == 0) rng = lfsr.next_byte(), left = 8;
    const unsigned bit = rng & 1;
    rng >>= 1;
    --left;
    return bit;
  };
  std::vector<std::uint64_t> expected(78, 0);
  for (int i = 0; i < 20000; ++i) {
    unsigned v = 1, c = 0;
    for (;;) {
      v *= 2;
      c = c * 2 + coin_flip();
      if (v > 77) {
        if (c <= 77) break;
        v -= 77;
        c -= 77;
      }
    }
    ++expected[c];
  }
  const std::string params = "method=fdr-tarot&sides=78&bits=8&gen=tarot32&seed=DEADBEEF&rolls=20000";
  EXPECT_EQ(run_sample(params, 1 << 20), expected);
  EXPECT_EQ(run_sample(params, 1), expected);  // unread flips carry over between slices
}

TEST(DiceSampleJob, LemireOnSplitMix64MatchesThePaper) {
  // Lemire 2019, Algorithm 5, with 64-bit words: m = x * s; l = low 64 bits;
  // if l < s { t = -s mod s; while l < t redraw }; return m >> 64.
  std::uint64_t state = 99;
  auto next = [&] { return test::splitmix64(state); };
  const std::uint64_t s = 6;
  std::vector<std::uint64_t> expected(6, 0);
  for (int i = 0; i < 20000; ++i) {
    unsigned __int128 m = static_cast<unsigned __int128>(next()) * s;
    auto l = static_cast<std::uint64_t>(m);
    if (l < s) {
      const std::uint64_t t = (0 - s) % s;
      while (l < t) {
        m = static_cast<unsigned __int128>(next()) * s;
        l = static_cast<std::uint64_t>(m);
      }
    }
    ++expected[static_cast<std::size_t>(m >> 64)];
  }
  EXPECT_EQ(run_sample("method=lemire&sides=6&bits=64&gen=splitmix64&seed=99&rolls=20000", 4096), expected);
}

TEST(DiceSampleJob, WordsAreAssembledFromNativeOutputs) {
  // 64-bit words from glibc: three 31-bit rand() values, first most
  // significant, 93 bits, top 64 kept: r1 << 33 | r2 << 2 | r3 >> 29.
  GlibcRand rand(3);
  std::vector<std::uint64_t> expected(7, 0);
  for (int i = 0; i < 5000; ++i) {
    const auto r1 = static_cast<std::uint64_t>(rand.next()), r2 = static_cast<std::uint64_t>(rand.next()),
               r3 = static_cast<std::uint64_t>(rand.next());
    ++expected[((r1 << 33) | (r2 << 2) | (r3 >> 29)) % 7];
  }
  EXPECT_EQ(run_sample("method=modulo&sides=7&bits=64&gen=glibc&seed=3&rolls=5000", 333), expected);

  // 32-bit words from the Z80 bytes, first byte most significant; shift until below 100.
  Z80Bytes z{{1, 0, 0, 0, 0, 0, 0, 0}};
  std::vector<std::uint64_t> shifted(100, 0);
  for (int i = 0; i < 5000; ++i) {
    std::uint32_t x = 0;
    for (int b = 0; b < 4; ++b) x = (x << 8) | z.next();
    while (x >= 100) x >>= 1;
    ++shifted[x];
  }
  EXPECT_EQ(run_sample("method=shift&sides=100&bits=32&gen=z80&seed=0100000000000000&rolls=5000", 77), shifted);

  // 16-bit words from PCG32 (pcg32_srandom_r(42, 0)): top half of each output; mask 1023, redraw >= 1000.
  auto pcg = make_generator("pcg32", {{"seed", "42"}});
  ASSERT_TRUE(pcg);
  Pcg32 g = std::get<Pcg32>(pcg->engine());
  std::vector<std::uint64_t> rejected(1000, 0);
  for (int i = 0; i < 5000; ++i) {
    std::uint32_t x;
    do x = (g.next() >> 16) & 1023;
    while (x >= 1000);
    ++rejected[x];
  }
  EXPECT_EQ(run_sample("method=reject&sides=1000&bits=16&gen=pcg32&seed=42&rolls=5000", 1000), rejected);
}

TEST(DiceSampleJob, SlicingNeverChangesTheCounts) {
  for (const char* params : {"method=all&sides=20&bits=8&gen=z80&seed=0123456789ABCDEF&rolls=3000",
                             "method=fdr,lemire,float&sides=97&bits=31&gen=randu&seed=1&rolls=4000",
                             "method=maxu8-article&sides=20&bits=64&gen=xoshiro256ss&seed=5&rolls=3000"}) {
    const auto whole = run_sample(params, std::uint64_t{1} << 40);
    for (std::uint64_t slice : {1u, 3u, 1000u}) EXPECT_EQ(run_sample(params, slice), whole) << params << " / " << slice;
  }
  const auto all = run_sample("method=all&sides=20&bits=8&gen=z80&seed=0123456789ABCDEF&rolls=3000", 500);
  EXPECT_EQ(sum(all), 3000u * dice_methods().size());
}

TEST(DiceSampleJob, ExpressionsMatchADirectLoopAndAnySlicing) {
  // 4d6dl1 + 2 with multiply-high on onechip bytes: top byte of each LCG state.
  std::uint32_t state = 11;
  auto byte = [&] {
    state = state * 1664525u + 1013904223u;
    return state >> 24;
  };
  std::vector<std::uint64_t> expected(20 - 5 + 1, 0);  // totals 5..20
  for (int i = 0; i < 4000; ++i) {
    unsigned d[4], low = 7, total = 0;
    for (auto& x : d) x = ((byte() * 6) >> 8) + 1, total += x, low = x < low ? x : low;
    ++expected[total - low + 2 - 5];
  }
  const std::string params = "expr=4d6dl1+2&method=mulhi&bits=8&gen=onechip&seed=11&rolls=4000";
  for (std::uint64_t slice : {std::uint64_t{1} << 30, std::uint64_t{1}, std::uint64_t{13}}) {
    auto job = make_job("dice_expr_sample", params);
    ASSERT_TRUE(job) << job.error();
    run_job_to_end(**job, slice, [](double) {});
    auto r = read_dice_expr_sample_result((*job)->result());
    ASSERT_TRUE(r) << r.error();
    EXPECT_EQ(r->min_total, 5);
    EXPECT_EQ(r->counts, expected) << slice;
    EXPECT_EQ(r->bits_drawn, 4000u * 4 * 8);
  }
  // d% through the coin-flip roller, and the exact job.
  auto pct = make_job("dice_expr_sample", "expr=d%25&method=fdr&bits=8&gen=tarot32&seed=DEADBEEF&rolls=1000");
  ASSERT_TRUE(pct) << pct.error();
  run_job_to_end(**pct, 64, [](double) {});
  EXPECT_EQ(sum(read_dice_expr_sample_result((*pct)->result())->counts), 1000u);
  auto exact = make_job("dice_expr_exact", "expr=3d6");
  ASSERT_TRUE(exact);
  run_job_to_end(**exact, 1, [](double) {});
  auto dist = distribution_from_doubles((*exact)->result());
  ASSERT_TRUE(dist);
  EXPECT_EQ(dist->counts[10 - 3], BigUint(27));  // 3d6 = 10 in 27 of 216 ways
}

TEST(DiceSampleJob, BadParametersAreRefusedWithTheField) {
  const auto error = [](const char* kind, const char* params) {
    auto job = make_job(kind, params);
    return job ? std::string("(accepted)") : job.error();
  };
  EXPECT_NE(error("dice_sample", "method=modulo&sides=300&bits=8&gen=z80&seed=0123456789ABCDEF&rolls=5").find("sides"),
            std::string::npos);
  EXPECT_NE(error("dice_sample", "method=nope&sides=6&bits=8&gen=z80&seed=0123456789ABCDEF&rolls=5").find("method"),
            std::string::npos);
  EXPECT_NE(error("dice_sample", "method=modulo&sides=6&bits=8&gen=z80&seed=00&rolls=5").find("seed"), std::string::npos);
  EXPECT_NE(error("dice_sample", "method=modulo&sides=6&bits=8&gen=glibc&seed=1&rolls=0").find("rolls"),
            std::string::npos);
  EXPECT_NE(error("dice_expr_sample", "expr=3d&method=mulhi&bits=8&gen=glibc&seed=1&rolls=5").find("expr"),
            std::string::npos);
  EXPECT_NE(error("dice_expr_sample", "expr=1000d1000000&method=mulhi&bits=32&gen=glibc&seed=1&rolls=5").find("totals"),
            std::string::npos);
}

TEST(DiceSampleJob, FirstRollsAreTheSampleStream) {
  Z80Bytes z{{0x01, 0x23, 0x45, 0x67, 0x89, 0xAB, 0xCD, 0xEF}};
  auto faces = first_rolls(*find_dice_method("mulhi"), 20, 8, "z80", "0123456789ABCDEF", 12);
  ASSERT_TRUE(faces);
  for (std::uint64_t face : *faces) EXPECT_EQ(face, ((z.next() * 20u) >> 8) + 1);
}

// ------------------------------------------------------------------ the Z80 d20

TEST(DiceZ80, MulHbyLAsPrintedMultipliesByHPlusOne) {
  // ld d,h / ld h,0 / ld b,0 / ld c,l: HL = L and BC = L before the loop, and
  // add hl,bc runs until dec d reaches 0: H times for H >= 1, 256 times for H = 0.
  for (unsigned h = 0; h < 256; ++h)
    for (unsigned l = 0; l < 256; l += 17) {
      const unsigned times = h == 0 ? 256 : h;
      EXPECT_EQ(z80_mul_h_by_l(static_cast<std::uint8_t>(h), static_cast<std::uint8_t>(l)), (l + times * l) & 0xffff);
    }
  // So rollDie with DIESIDES-1 = 19 returns ((20 * byte) >> 8) + 1: face 20 from
  // the bytes with 20 x >= 19 * 256, x >= 243.2: 244..255, 12 bytes.
  const auto counts = z80_roll_die_counts(20);
  EXPECT_EQ(counts[20], 12u);
  EXPECT_EQ(counts[0], 0u);
  EXPECT_EQ(counts[21], 0u);
  for (unsigned x = 0; x < 256; ++x)
    EXPECT_EQ(z80_roll_die_as_printed(static_cast<std::uint8_t>(x), 20), ((20 * x) >> 8) + 1);
}

TEST(DiceZ80, PrintedRollsFollowTheBytes) {
  Z80Bytes z{{0x01, 0x23, 0x45, 0x67, 0x89, 0xAB, 0xCD, 0xEF}};
  auto faces = z80_printed_rolls("0123456789ABCDEF", 20, 30);
  ASSERT_TRUE(faces);
  for (std::uint8_t face : *faces) EXPECT_EQ(face, ((z.next() * 20u) >> 8) + 1);
  EXPECT_FALSE(z80_printed_rolls("0000000000000000", 20, 3));
}

TEST(DiceLabLaw, DistributionViewOfTwoDice) {
  // 2d6: mean 7, variance 2 * 35/12 = 35/6; P(7) = 6/36.
  auto dist = exact_dice_distribution(*parse_lab_expression("2d6"));
  ASSERT_TRUE(dist);
  const DistributionView v = view_distribution(*dist);
  EXPECT_NEAR(v.mean, 7.0, 1e-12);
  EXPECT_NEAR(v.standard_deviation, std::sqrt(35.0 / 6.0), 1e-12);
  EXPECT_NEAR(v.probabilities[7 - 2], 6.0 / 36.0, 1e-15);
  EXPECT_EQ(read_p_value(0.5), "consistent with this law");
  EXPECT_NE(read_p_value(1e-9).find("does not follow"), std::string_view::npos);
}

TEST(DiceZ80, ArticleChecksReachTheHandDerivedVerdicts) {
  // rollDie: face 20 impossible with an exact multiply by 19, possible as printed.
  // MAXU8, rangeMax 21: y = x mod 32, y >= 21 -> y - 16 in 5..15: 8 or 16 bytes, as claimed.
  // MAXU8, rangeMax 101: y = x mod 128, y >= 101 -> y - 64 in 37..63, not 25..75.
  // Tarot roller: 0 and 1 only before an overshoot: not uniform.
  // Float, 52 of 2^31 - 1 values: 2147483647 = 52 * 41297762 + 23, so 23 faces get one more.
  const auto checks = article_checks();
  ASSERT_EQ(checks.size(), 5u);
  EXPECT_EQ(checks[0].verdict, CheckVerdict::accidental);
  EXPECT_EQ(checks[1].verdict, CheckVerdict::holds);
  EXPECT_EQ(checks[2].verdict, CheckVerdict::fails);
  EXPECT_NE(checks[2].numbers.find("37-63"), std::string::npos);
  EXPECT_EQ(checks[3].verdict, CheckVerdict::fails);
  EXPECT_EQ(checks[4].verdict, CheckVerdict::negligible);
  EXPECT_NE(checks[4].numbers.find("23 favoured"), std::string::npos);
}

}  // namespace
}  // namespace shufflelab
