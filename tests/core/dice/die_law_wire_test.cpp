// The exact die laws as the worker hands them to the app: the "die_laws" job's
// result and payload (core/dice/die_law_wire) read back bit for bit, with
// weights counted here by hand or by a loop of our own (x % 6 and 20x >> 8
// over the 256 bytes), the "dice_checks" job's article checks, and the Dice
// lab while the jobs are out: the Text view says it is computing, the hook
// says the laws are loading, and the same laws come once they are in.
#include "core/dice/die_law_wire.hpp"

#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "core/app_session.hpp"
#include "core/dice/dice_session.hpp"
#include "core/job_catalog.hpp"
#include "test_support.hpp"

namespace shufflelab {
namespace {

using test::HeldJobRunner;

DieLawsWire output_of(const std::string& kind, const std::string& params) {
  auto job = make_job(kind, params);
  EXPECT_TRUE(job) << job.error();
  if (!job) return {};
  run_job_to_end(*job.value(), 1, [](double) {});
  return {job.value()->result(), job.value()->payload()};
}

std::vector<Result<DieLaw>> laws_from_job(std::uint64_t sides, unsigned bits) {
  const DieLawsWire wire =
      output_of("die_laws", "sides=" + std::to_string(sides) + "&bits=" + std::to_string(bits));
  auto laws = decode_die_laws(wire.numbers, wire.text, sides, bits);
  EXPECT_TRUE(laws) << laws.error();
  return laws ? laws.value() : std::vector<Result<DieLaw>>{};
}

std::size_t index_of(std::string_view method) {
  const auto methods = dice_methods();
  for (std::size_t i = 0; i < methods.size(); ++i)
    if (methods[i].name == method) return i;
  ADD_FAILURE() << method;
  return 0;
}

std::vector<BigUint> big(const std::vector<std::uint64_t>& counts) { return {counts.begin(), counts.end()}; }

bool same_double(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

std::string text_of(DiceSession& s) {
  std::string text;
  for (const TextLine& l : s.text()) text += l.text + "\n";
  return text;
}

TEST(DieLawWire, ByteLawsComeBackAsCountedByHand) {
  const auto laws = laws_from_job(6, 8);
  ASSERT_EQ(laws.size(), dice_methods().size());
  // x % 6 over 0..255: 256 = 6 * 42 + 4, so values 0..3 (faces 1..4) get one byte more.
  const Result<DieLaw>& modulo = laws[index_of("modulo")];
  ASSERT_TRUE(modulo) << modulo.error();
  EXPECT_EQ(modulo->weights, big({43, 43, 43, 43, 42, 42}));
  EXPECT_EQ(modulo->total, BigUint(256));
  EXPECT_EQ(modulo->inputs, BigUint(256));
  EXPECT_EQ(modulo->rejected, BigUint(0));
  EXPECT_EQ(modulo->expected_bits, Fraction(8, 1));
  EXPECT_EQ(modulo->method, &dice_methods()[index_of("modulo")]);
  EXPECT_EQ(modulo->sides, 6u);
  EXPECT_EQ(modulo->bits, 8u);
  EXPECT_EQ(modulo->how, "all 256 words of 8 bits enumerated and counted");
  EXPECT_EQ(modulo->probabilities[0], 43.0 / 256.0);
  EXPECT_EQ(modulo->stats.favoured.size(), 4u);
  EXPECT_EQ(modulo->stats.starved.size(), 2u);
  EXPECT_EQ(modulo->stats.max_min_ratio, Fraction(43, 42));
}

TEST(DieLawWire, MultiplyHighD20MatchesALoopOverTheBytes) {
  std::vector<std::uint64_t> counts(20, 0);
  for (std::uint64_t x = 0; x < 256; ++x) ++counts[(20 * x) >> 8];
  const auto laws = laws_from_job(20, 8);
  const Result<DieLaw>& mulhi = laws[index_of("mulhi")];
  ASSERT_TRUE(mulhi) << mulhi.error();
  EXPECT_EQ(mulhi->weights, big(counts));
  EXPECT_EQ(mulhi->total, BigUint(256));
}

TEST(DieLawWire, TheFastDiceRollerIsUniformAndTheTarotVariantCannotRollAD1) {
  const auto d3 = laws_from_job(3, 8);
  const Result<DieLaw>& fdr = d3[index_of("fdr")];
  ASSERT_TRUE(fdr) << fdr.error();
  ASSERT_EQ(fdr->weights.size(), 3u);
  EXPECT_EQ(fdr->weights[0], fdr->weights[1]);
  EXPECT_EQ(fdr->weights[1], fdr->weights[2]);
  EXPECT_EQ(fdr->total, fdr->weights[0] * BigUint(3));
  const auto d1 = laws_from_job(1, 8);
  const Result<DieLaw>& tarot = d1[index_of("fdr-tarot")];
  ASSERT_FALSE(tarot);
  EXPECT_NE(tarot.error().find("the tarot variant subtracts n-1 = 0"), std::string::npos) << tarot.error();
}

TEST(DieLawWire, WideWordsComeBackExactly) {
  // 64-bit words: totals of 2^64 and weights far beyond a double's integers.
  const auto direct = all_die_laws(1000, 64);
  const DieLawsWire wire = encode_die_laws(direct);
  auto back = decode_die_laws(wire.numbers, wire.text, 1000, 64);
  ASSERT_TRUE(back) << back.error();
  ASSERT_EQ(back->size(), direct.size());
  for (std::size_t i = 0; i < direct.size(); ++i) {
    SCOPED_TRACE(dice_methods()[i].name);
    ASSERT_EQ(bool((*back)[i]), bool(direct[i]));
    if (!direct[i]) {
      EXPECT_EQ((*back)[i].error(), direct[i].error());
      continue;
    }
    const DieLaw &got = *(*back)[i], &want = *direct[i];
    EXPECT_EQ(got.weights, want.weights);
    EXPECT_EQ(got.total, want.total);
    EXPECT_EQ(got.inputs, want.inputs);
    EXPECT_EQ(got.rejected, want.rejected);
    EXPECT_EQ(got.expected_bits, want.expected_bits);
    EXPECT_EQ(got.how, want.how);
    EXPECT_TRUE(same_double(got.log2_sides, want.log2_sides));
    ASSERT_EQ(got.probabilities.size(), want.probabilities.size());
    for (std::size_t f = 0; f < got.probabilities.size(); ++f)
      ASSERT_TRUE(same_double(got.probabilities[f], want.probabilities[f])) << f;
    EXPECT_EQ(got.stats.total_variation, want.stats.total_variation);
    EXPECT_EQ(got.stats.never, want.stats.never);
    EXPECT_EQ(rolls_to_notice(got), rolls_to_notice(want));
  }
  BigUint two_to_64(1);
  two_to_64 <<= 64;
  EXPECT_EQ(direct[index_of("modulo")]->total, two_to_64);  // the case really is wide
}

TEST(DieLawWire, BadOutputIsRefusedSayingWhatIsWrong) {
  const DieLawsWire good = output_of("die_laws", "sides=6&bits=8");
  ASSERT_TRUE(decode_die_laws(good.numbers, good.text, 6, 8));
  auto r = decode_die_laws({}, good.text, 6, 8);
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().find("'s law is missing"), std::string::npos) << r.error();
  r = decode_die_laws(good.numbers, good.text, 7, 8);  // read as another die
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().find("number of faces is not 7"), std::string::npos) << r.error();
  std::vector<double> numbers = good.numbers;
  numbers.push_back(0);
  r = decode_die_laws(numbers, good.text, 6, 8);
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().find("left over"), std::string::npos) << r.error();
  numbers = good.numbers;
  numbers[3] += 1;  // the first law's first weight (after 1, 6 and its limb count)
  r = decode_die_laws(numbers, good.text, 6, 8);
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().find("do not add up"), std::string::npos) << r.error();
  r = decode_die_laws(good.numbers, good.text + "\nmore", 6, 8);
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().find("more text lines than methods"), std::string::npos) << r.error();
  auto job = make_job("die_laws", "sides=1001&bits=8");
  ASSERT_FALSE(job);
  EXPECT_EQ(job.error(), "sides: missing or not 1..1000");
}

TEST(DieLawWire, TheArticleChecksComeBackAsComputed) {
  const std::vector<ArticleCheck> direct = article_checks();
  ASSERT_FALSE(direct.empty());
  const DieLawsWire wire = output_of("dice_checks", "");
  auto back = decode_article_checks(wire.text);
  ASSERT_TRUE(back) << back.error();
  ASSERT_EQ(back->size(), direct.size());
  for (std::size_t i = 0; i < direct.size(); ++i) {
    EXPECT_EQ((*back)[i].source, direct[i].source);
    EXPECT_EQ((*back)[i].claim, direct[i].claim);
    EXPECT_EQ((*back)[i].numbers, direct[i].numbers);
    EXPECT_EQ((*back)[i].verdict, direct[i].verdict);
  }
  auto bad = decode_article_checks("1\tsource\tclaim\n");
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error(), "the article checks: line 1 is not four fields");
  bad = decode_article_checks("9\ta\tb\tc\n");
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error(), "the article checks: line 1 has no known verdict");
}

TEST(DieLawsSession, WhileTheWorkerComputesThemTheTextSaysSoAndTheLawsComeOnce) {
  HeldJobRunner jobs;
  DiceLabState state;
  state.method = "modulo", state.sides = 6, state.bits = 8;
  DiceSession s(state, jobs);
  EXPECT_TRUE(s.laws_awaited());
  EXPECT_TRUE(jobs.kinds.empty());  // nothing is computed before it is asked for
  EXPECT_NE(text_of(s).find("Computing the exact laws..."), std::string::npos);
  EXPECT_EQ(jobs.kinds, std::vector<std::string>{"die_laws"});
  EXPECT_TRUE(s.busy());
  EXPECT_EQ(s.view().law, nullptr);
  EXPECT_NE(s.describe_json().find("\"exact\":null"), std::string::npos);
  EXPECT_TRUE(s.laws_awaited());
  // A die the method can roll rolls meanwhile; one it cannot is refused as before.
  EXPECT_TRUE(s.apply(parse_lab_command("roll")));
  jobs.held = false;
  s.tick(0.0);
  s.describe_json();  // the hook asks for the Z80 tab's laws and checks too
  EXPECT_FALSE(s.laws_awaited());
  ASSERT_NE(s.view().law, nullptr);
  ASSERT_TRUE(*s.view().law);
  EXPECT_EQ((*s.view().law)->weights, big({43, 43, 43, 43, 42, 42}));
  const std::string text = text_of(s);
  EXPECT_EQ(text.find("Computing"), std::string::npos);
  EXPECT_NE(text.find("Face 5: probability 21/128"), std::string::npos) << text;
  const std::size_t jobs_then = jobs.kinds.size();
  ASSERT_TRUE(s.apply(parse_lab_command("method=mulhi")));
  EXPECT_NE(s.view().law, nullptr);  // the same die: the table already has it
  EXPECT_EQ(jobs.kinds.size(), jobs_then);
  ASSERT_TRUE(s.apply(parse_lab_command("sides=7")));
  s.view();
  EXPECT_EQ(jobs.kinds.size(), jobs_then + 1);
}

TEST(DieLawsSession, TheAppSaysTheLawsAreLoadingOnlyInTheDiceLab) {
  HeldJobRunner jobs;
  AppSession app(jobs);
  app.open("#v=1&lab=lfsr");
  app.tick(0.0);
  app.describe_lab_json();
  EXPECT_NE(app.describe_json_fields().find("\"lawsLoading\":false"), std::string::npos) << app.describe_json_fields();
  EXPECT_TRUE(jobs.kinds.empty());  // the default lab starts no job
  app.open("#v=1&lab=dice");
  EXPECT_NE(app.describe_json_fields().find("\"lawsLoading\":true"), std::string::npos);
  app.tick(0.0);
  app.describe_lab_json();
  EXPECT_TRUE(app.busy());
  EXPECT_NE(app.describe_json_fields().find("\"lawsLoading\":true"), std::string::npos);
  jobs.held = false;
  app.tick(0.0);
  app.describe_lab_json();
  EXPECT_NE(app.describe_json_fields().find("\"lawsLoading\":false"), std::string::npos);
}

}  // namespace
}  // namespace shufflelab
