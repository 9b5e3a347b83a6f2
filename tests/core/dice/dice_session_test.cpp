// The dice lab's one vocabulary: what its controls, the hook and the CLI
// send. Expected values are derived here: laws by counting every byte through
// the method by hand, samples from the Z80 routine's bytes stepped as seed 002
// describes it, the expression 2d20kh1 by listing its 400 outcomes, a
// chi-square by hand (and SciPy for its p-value).
#include "core/dice/dice_session.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "core/inline_job_runner.hpp"
#include "test_support.hpp"

namespace shufflelab {
namespace {

Result<bool> send(DiceSession& s, std::string_view text) { return s.apply(parse_lab_command(text)); }

void run_jobs(DiceSession& s) {
  for (int i = 0; i < 100000 && s.busy(); ++i) s.tick(0.016);
  ASSERT_FALSE(s.busy());
}

std::string all_text(const std::vector<TextLine>& lines) {
  std::string out;
  for (const TextLine& l : lines) out += l.text + "\n";
  return out;
}

// The Z80 routine's byte: X = seed bytes +4..+7 (byte +7 most significant),
// r = (X>>24 ^ X>>21 ^ X>>20 ^ X>>12 ^ X>>3) & 0xff; the bytes move up one and r goes to +0.
struct Z80Bytes {
  std::array<unsigned, 8> s{};
  explicit Z80Bytes(const std::string& hex) {
    for (std::size_t i = 0; i < 8; ++i) s[i] = static_cast<unsigned>(std::stoul(hex.substr(2 * i, 2), nullptr, 16));
  }
  unsigned next() {
    const std::uint32_t x = s[4] | (s[5] << 8) | (s[6] << 16) | (static_cast<std::uint32_t>(s[7]) << 24);
    const unsigned r = ((x >> 24) ^ (x >> 21) ^ (x >> 20) ^ (x >> 12) ^ (x >> 3)) & 0xff;
    for (std::size_t i = 7; i > 0; --i) s[i] = s[i - 1];
    s[0] = r;
    return r;
  }
};

std::size_t filled(const DiceLawTable& table) {
  return static_cast<std::size_t>(
      std::count_if(table.laws.begin(), table.laws.end(), [](const auto& l) { return l.has_value(); }));
}

TEST(DiceSession, FieldCommandsSetTheStateAsTheControlsDo) {
  InlineJobRunner jobs;
  DiceLabState state;
  DiceSession s(state, jobs);
  EXPECT_TRUE(send(s, "method=modulo").value());
  EXPECT_TRUE(send(s, "sides=6").value());
  EXPECT_TRUE(send(s, "bits=16").value());
  EXPECT_TRUE(send(s, "rolls=100").value());
  EXPECT_TRUE(send(s, "roll=5").value());
  EXPECT_TRUE(send(s, "lanes=1").value());
  EXPECT_TRUE(send(s, "view=z80").value());
  EXPECT_EQ(state.method, "modulo");
  EXPECT_EQ(state.sides, 6u);
  EXPECT_EQ(state.bits, 16);
  EXPECT_EQ(state.rolls, 100u);
  EXPECT_EQ(state.roll, 5u);
  EXPECT_TRUE(state.lanes);
  EXPECT_EQ(state.view, "z80");
  EXPECT_FALSE(send(s, "sides=6").value());  // no change
  // The generator combo: a generator at its default seed (glibc's srand(1)), chosen again too.
  EXPECT_TRUE(send(s, "gen=glibc").value());
  EXPECT_EQ(state.seed, "1");
  EXPECT_TRUE(send(s, "seed=42").value());
  EXPECT_EQ(state.seed, "42");
  EXPECT_TRUE(send(s, "gen=glibc").value());
  EXPECT_EQ(state.seed, "1");
  EXPECT_TRUE(send(s, "deviation=1"));
  EXPECT_TRUE(s.view().deviation);
}

TEST(DiceSession, RefusedCommandsNameThemselvesAndKeepTheState) {
  InlineJobRunner jobs;
  DiceLabState state;
  state.method = "modulo", state.sides = 300, state.bits = 8;  // 256 bytes cannot make 300 faces
  DiceSession s(state, jobs);
  const DiceLabState before = state;
  for (const char* bad : {"sides=0", "sides=1001", "bits=12", "method=nope", "gen=nope", "seed=zz", "rolls=0",
                          "rolls=100000001", "view=x", "roll=4096", "lanes=2", "deviation=2", "warp", "expr",
                          "seed", "roll"}) {
    auto r = send(s, bad);
    ASSERT_FALSE(r) << bad;
    const std::string verb = parse_lab_command(bad).verb;
    EXPECT_NE(r.error().find(verb), std::string::npos) << r.error();
    EXPECT_EQ(state, before) << bad;
  }
  s.tick(0.016);          // the laws come in (inline)
  EXPECT_FALSE(s.busy());  // the refused roll started nothing
}

TEST(DiceSession, ARefusedSeedIsTheFieldsErrorUntilTheSeedOrGeneratorChanges) {
  InlineJobRunner jobs;
  DiceLabState state;
  DiceSession s(state, jobs);
  ASSERT_FALSE(send(s, "seed=0000"));  // the Z80 seed is 16 hex digits
  EXPECT_NE(s.view().seed_error.find("seed"), std::string::npos);
  ASSERT_TRUE(send(s, "seed=00000000000000FF"));
  EXPECT_EQ(s.view().seed_error, "");
  ASSERT_FALSE(send(s, "seed=0000"));
  state.gen = "glibc", state.seed = "1";  // a link opened
  EXPECT_EQ(s.view().seed_error, "");
}

TEST(DiceSession, EveryMethodsLawOfTheDieComesFromOneJob) {
  test::HeldJobRunner jobs;
  jobs.held = false;
  DiceLabState state;  // multiply-high by 19 on bytes, a d20
  DiceSession s(state, jobs);
  const DiceView& v = s.view();
  ASSERT_TRUE(v.law && *v.law);
  std::vector<std::uint64_t> counts(20, 0);
  for (std::uint64_t x = 0; x < 256; ++x) ++counts[(19 * x) >> 8];
  for (std::size_t face = 0; face < 20; ++face)
    EXPECT_EQ(v.law->value().weights[face].to_string(), std::to_string(counts[face]));
  EXPECT_EQ(filled(*v.methods), dice_methods().size());
  EXPECT_EQ(jobs.kinds, std::vector<std::string>{"die_laws"});
  s.tick(0.016);  // and what the hook shows: the Z80 tab's d20 on bytes (this very die) and its checks
  const std::vector<std::string> ticked{"die_laws", "dice_checks"};
  EXPECT_EQ(jobs.kinds, ticked);
  s.tick(0.016);
  EXPECT_EQ(jobs.kinds, ticked);  // the same die: the same laws
  // A new die asks for its own, and the Z80 tab's d20 now needs a job of its own too.
  ASSERT_TRUE(send(s, "sides=6"));
  s.tick(0.016);
  EXPECT_EQ(filled(*s.view().methods), dice_methods().size());
  EXPECT_EQ(jobs.kinds, (std::vector<std::string>{"die_laws", "dice_checks", "die_laws", "die_laws"}));
}

TEST(DiceSession, RollSamplesTheDieAndIsTheLinksRunUntilTheSeedChanges) {
  InlineJobRunner jobs;
  DiceLabState state;
  state.method = "modulo", state.sides = 6, state.rolls = 600;
  DiceSession s(state, jobs);
  ASSERT_TRUE(send(s, "roll"));
  EXPECT_EQ(state.run, "sample");
  EXPECT_TRUE(s.busy());
  run_jobs(s);
  Z80Bytes bytes(state.seed);
  std::vector<std::uint64_t> expected(6, 0);
  for (int i = 0; i < 600; ++i) ++expected[bytes.next() % 6];
  ASSERT_TRUE(s.view().sample);
  EXPECT_EQ(s.view().sample->counts, expected);
  EXPECT_EQ(state.run, "sample");
  const std::string text = all_text(s.text());
  EXPECT_NE(text.find("Sample of 600 rolls"), std::string::npos) << text;
  EXPECT_NE(text.find("Face 1 sampled: " + std::to_string(expected[0]) + " ("), std::string::npos) << text;
  // The CSV of the die holds the sample.
  const std::vector<CsvExport> csv = s.csv_exports();
  ASSERT_EQ(csv.size(), 2u);
  EXPECT_EQ(csv[0].filename, "shufflelab-d6-modulo-8bit.csv");
  EXPECT_EQ(csv[0].label, "Law of the d6 and the sample");
  // Another seed: the sample is for other settings and run= leaves the link.
  ASSERT_TRUE(send(s, "seed=00000000000000FF"));
  EXPECT_EQ(state.run, "");
  EXPECT_FALSE(s.view().sample);
  EXPECT_EQ(all_text(s.text()).find("Sample of"), std::string::npos);
}

TEST(DiceSession, ALinkedRunStartsFromRunAndCancelDropsIt) {
  InlineJobRunner jobs;
  DiceLabState state;
  state.rolls = 100'000'000, state.run = "sample";
  DiceSession s(state, jobs);
  s.start_linked_run();
  EXPECT_TRUE(s.busy());
  s.tick(0.016);
  EXPECT_EQ(state.run, "sample");
  ASSERT_TRUE(send(s, "cancel"));
  s.tick(0.016);  // the runner reports the cancel
  EXPECT_FALSE(s.busy());
  EXPECT_EQ(state.run, "");
  EXPECT_EQ(s.view().die_job->status.state, JobStatus::State::cancelled);
}

TEST(DiceSession, CancelStopsTheOpenViewsSampleOnly) {
  InlineJobRunner jobs;
  DiceLabState state;
  state.rolls = 100'000'000;
  DiceSession s(state, jobs);
  ASSERT_TRUE(send(s, "roll"));  // the die
  ASSERT_TRUE(send(s, "view=expr"));
  ASSERT_TRUE(send(s, "roll"));  // the expression
  ASSERT_TRUE(send(s, "cancel"));
  s.tick(0.016);
  EXPECT_EQ(s.view().expr_job->status.state, JobStatus::State::cancelled);
  ASSERT_TRUE(send(s, "view=die"));
  EXPECT_TRUE(s.view().die_job->running());
}

TEST(DiceSession, TypedExpressionsKeepTheLastValidOneWithTheErrorsPosition) {
  InlineJobRunner jobs;
  DiceLabState state;
  state.view = "expr", state.expr = "2d20kh1";
  DiceSession s(state, jobs);
  // The higher of two d20s, over the 400 outcomes listed here.
  std::vector<std::uint64_t> counts(20, 0);
  for (int a = 1; a <= 20; ++a)
    for (int b = 1; b <= 20; ++b) ++counts[static_cast<std::size_t>(std::max(a, b) - 1)];
  const DiceExprLaw& law = *s.view().expr_law;
  ASSERT_TRUE(law.law);
  EXPECT_EQ(law.law->outcomes.to_string(), "400");
  ASSERT_EQ(law.law->counts.size(), 20u);
  for (std::size_t t = 0; t < 20; ++t) EXPECT_EQ(law.law->counts[t].to_string(), std::to_string(counts[t]));

  auto r = send(s, "expr=3d6+");  // typed: kept as typed, not refused
  ASSERT_TRUE(r);
  EXPECT_FALSE(r.value());
  EXPECT_EQ(state.expr, "2d20kh1");
  EXPECT_EQ(s.view().expr_text, "3d6+");
  EXPECT_EQ(s.view().expr_error.rfind("at 5:", 0), 0u) << s.view().expr_error;  // just past the '+'
  EXPECT_EQ(s.view().expr_error_position, 5u);
  ASSERT_TRUE(send(s, "expr=2d6x"));
  EXPECT_EQ(s.view().expr_error_position, 4u);
  EXPECT_TRUE(send(s, "expr=d%+3").value());
  EXPECT_EQ(state.expr, "d%+3");
  EXPECT_EQ(s.view().expr_error, "");
  // A link's expression replaces what was typed.
  ASSERT_TRUE(send(s, "expr=3d6+"));
  state.expr = "d20";
  EXPECT_EQ(s.view().expr_text, "d20");
  EXPECT_EQ(s.view().expr_error, "");
}

TEST(DiceSession, ASlowExpressionLawIsAJob) {
  InlineJobRunner jobs;
  DiceLabState state;
  state.view = "expr", state.expr = "1000d6";
  DiceSession s(state, jobs);
  EXPECT_TRUE(s.view().expr_law->job.running());
  run_jobs(s);
  const DiceExprLaw& law = *s.view().expr_law;
  ASSERT_TRUE(law.law) << law.error;
  EXPECT_EQ(law.law->min_total, 1000);
  EXPECT_EQ(law.law->counts.size(), 5001u);  // totals 1000..6000
}

TEST(DiceSession, Z80ViewThePrintedRollDieAndEveryMethodsSample) {
  InlineJobRunner jobs;
  DiceLabState state;
  state.view = "z80", state.rolls = 200;
  DiceSession s(state, jobs);
  // As printed: A = ((20 L) >> 8) + 1, so 20 comes from the bytes L with 20 L >> 8 == 19.
  std::uint32_t twenty = 0;
  for (std::uint32_t l = 0; l < 256; ++l) twenty += ((20 * l) >> 8) + 1 == 20;
  EXPECT_EQ(s.view().printed[20], twenty);
  EXPECT_EQ(s.view().first_rolls->size(), dice_methods().size() + 1);
  ASSERT_TRUE(send(s, "roll"));
  run_jobs(s);
  const DiceSampleResult* sample = s.view().z80_sample;
  ASSERT_NE(sample, nullptr);
  // Multiply-high by 19: never a 20 (19 x >> 8 is at most 18 for a byte).
  const std::size_t mulhi_minus1 = static_cast<std::size_t>(find_dice_method("mulhi-minus1") - dice_methods().data());
  EXPECT_EQ(sample->counts[mulhi_minus1][19], 0u);
  Z80Bytes bytes(state.seed);
  std::uint64_t sum = 0;
  for (int i = 0; i < 200; ++i) sum += (19 * bytes.next()) >> 8 == 0;
  EXPECT_EQ(sample->counts[mulhi_minus1][0], sum);
  EXPECT_EQ(s.csv_exports().at(0).filename, "shufflelab-d20-8bit-methods.csv");
}

TEST(DiceSession, TextOfASampleCountsAndChiSquare) {
  // Counts 5, 10, 15, 10, 10, 10 of 60 rolls against a fair d6: chi-square
  // (25 + 0 + 25) / 10 = 5 on 5 degrees of freedom; SciPy's chi2.sf(5, 5) = 0.41588.
  // A dice_sample result: [methods, sides, rolls, bits drawn, counts...].
  test::ScriptedJobRunner jobs({1, 6, 60, 480, 5, 10, 15, 10, 10, 10}, "dice_sample");
  DiceLabState state;
  state.method = "modulo", state.sides = 6, state.rolls = 60;
  DiceSession s(state, jobs);
  EXPECT_EQ(all_text(s.text()).find("Sample of"), std::string::npos);
  ASSERT_TRUE(send(s, "roll"));
  s.tick(0.016);
  const std::string text = all_text(s.text());
  EXPECT_NE(text.find("Sample of 60 rolls"), std::string::npos) << text;
  EXPECT_NE(text.find("Against a fair die: chi-square 5 with 5 degrees of freedom, p = 0.416"), std::string::npos)
      << text;
  EXPECT_NE(text.find("Face 3 sampled: 15 (25%)"), std::string::npos) << text;
  EXPECT_NE(text.find("Random bits per roll: 8"), std::string::npos) << text;
  // Another view's text leaves the die's sample out.
  ASSERT_TRUE(send(s, "view=z80"));
  EXPECT_EQ(all_text(s.text()).find("Sample of"), std::string::npos);
}

TEST(DiceSession, HookJsonHoldsTheLawAndTheSample) {
  InlineJobRunner jobs;
  DiceLabState state;
  DiceSession s(state, jobs);
  const std::string json = s.describe_json() + "}";
  EXPECT_EQ(json.find("{\"method\":\"mulhi-minus1\",\"sides\":20,\"bits\":8,"), 0u) << json;
  EXPECT_NE(json.find("\"never\":[20]"), std::string::npos) << json;
  EXPECT_NE(json.find("\"printedRollDieFace20\":12"), std::string::npos) << json;
  EXPECT_EQ(json.find("\"lanes\""), std::string::npos);  // the screen's
}

}  // namespace
}  // namespace shufflelab
