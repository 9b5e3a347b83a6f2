// The LCG lattice as the worker hands it to the app: the "lcg_lattice" job's
// result and payload (core/lfsr/lattice_wire) read back bit for bit, RANDU's planes from
// its hand-derived identity (a^2 = 6a - 9 mod 2^31, so s = (9, -6, 1), |s| =
// sqrt(118), 15 planes), and the LFSR session while the job is out: the
// Lattice tab and the Text view say it is computing, the hook says it is
// loading, and the same lattice comes once it is in.
#include "core/lfsr/lattice_wire.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "core/app_session.hpp"
#include "core/job_catalog.hpp"
#include "core/lfsr/lfsr_session.hpp"
#include "test_support.hpp"

namespace shufflelab {
namespace {

using test::HeldJobRunner;

DualVector vector_of(int dims, std::int64_t s0, std::int64_t s1, std::int64_t s2, std::uint64_t count, double length) {
  DualVector d;
  d.dims = dims, d.s = {s0, s1, s2}, d.hyperplanes = count, d.length = length;
  return d;
}

void expect_same(const DualVector& got, const DualVector& want) {
  EXPECT_EQ(got.dims, want.dims);
  EXPECT_EQ(got.s, want.s);
  EXPECT_EQ(got.hyperplanes, want.hyperplanes);
  EXPECT_EQ(std::memcmp(&got.length, &want.length, sizeof(double)), 0) << got.length << " vs " << want.length;
}

// The job's output as the worker hands it over.
LatticeWire output_of(const std::string& params) {
  auto job = make_job("lcg_lattice", params);
  EXPECT_TRUE(job) << job.error();
  if (!job) return {};
  run_job_to_end(*job.value(), 1, [](double) {});
  return {job.value()->result(), job.value()->payload()};
}

std::string text_of(LfsrSession& s) {
  std::string text;
  for (const TextLine& l : s.text()) text += l.text + "\n";
  return text;
}

TEST(LatticeWire, TheDualsComeBackExactly) {
  // Lengths with no short decimal form, negative entries, a count above 2^32, and
  // sentences with a percent sign and spaces.
  LatticeDuals duals{vector_of(2, 46341, -3, 0, 8589934593ULL, std::sqrt(2.0)),
                     vector_of(3, -1, 1234567, -2147483647, 1, 1.0 / 3.0), "a b%c", "one two", {-0.1, 1.5}};
  const LatticeWire wire = encode_lattice_duals(duals);
  EXPECT_EQ(wire.numbers, (std::vector<double>{2, 46341, -3, 0, 8589934593.0, std::sqrt(2.0),  //
                                               3, -1, 1234567, -2147483647, 1, 1.0 / 3.0, -0.1, 1.5}));
  EXPECT_EQ(wire.text, "a b%c\none two");
  auto back = decode_lattice_duals(wire.numbers, wire.text);
  ASSERT_TRUE(back) << back.error();
  expect_same(back.value().lines, duals.lines);
  expect_same(back.value().planes, duals.planes);
  EXPECT_EQ(back.value().lines_text, "a b%c");
  EXPECT_EQ(back.value().planes_text, "one two");
  EXPECT_EQ(back.value().edge_on, duals.edge_on);
}

TEST(LatticeWire, BadOutputIsRefusedSayingWhatIsWrong) {
  const LatticeWire good = output_of("a=65539&c=0&bits=31");
  ASSERT_TRUE(decode_lattice_duals(good.numbers, good.text));
  auto r = decode_lattice_duals({}, good.text);  // a job with no result
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().find("0 numbers, not 14"), std::string::npos) << r.error();
  std::vector<double> numbers = good.numbers;
  numbers[6] = 2;  // the planes in two dimensions
  r = decode_lattice_duals(numbers, good.text);
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().find("the planes' numbers"), std::string::npos) << r.error();
  numbers = good.numbers;
  numbers[1] = 0.5;  // not an integer
  r = decode_lattice_duals(numbers, good.text);
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().find("the lines' numbers"), std::string::npos) << r.error();
  numbers = good.numbers;
  numbers[11] = std::nan("");
  EXPECT_FALSE(decode_lattice_duals(numbers, good.text));
  numbers = good.numbers;
  numbers[13] = std::nan("");  // the pitch
  r = decode_lattice_duals(numbers, good.text);
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().find("edge-on"), std::string::npos) << r.error();
  r = decode_lattice_duals(good.numbers, "one line");
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().find("not two lines"), std::string::npos) << r.error();
  EXPECT_FALSE(decode_lattice_duals(good.numbers, "a\nb\nc"));
}

TEST(LatticeWire, TheJobGivesRandusFifteenPlanes) {
  const LatticeWire out = output_of("a=65539&c=0&bits=31");
  auto duals = decode_lattice_duals(out.numbers, out.text);
  ASSERT_TRUE(duals) << duals.error();
  expect_same(duals.value().planes, vector_of(3, 9, -6, 1, 15, std::sqrt(118.0)));
  EXPECT_EQ(duals.value().planes_text,
            "s = (9, -6, 1): every triple lies on one of 15 parallel planes s . x = k m + r, 10.86 apart (times 1/|s|)");
  EXPECT_EQ(duals.value().lines.dims, 2);
  // Edge-on: the normal (9, -6, 1) along the screen's x axis, yaw atan2(-6, 9), pitch asin(1 / sqrt(118)).
  EXPECT_NEAR(duals.value().edge_on[0], std::atan2(-6.0, 9.0), 1e-15);
  EXPECT_NEAR(duals.value().edge_on[1], std::asin(1.0 / std::sqrt(118.0)), 1e-15);
  auto bad = make_job("lcg_lattice", "a=65539&c=0&bits=33");
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().find("bits"), std::string::npos) << bad.error();
  bad = make_job("lcg_lattice", "a=300&c=0&bits=8");
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().find("a: "), std::string::npos) << bad.error();
}

TEST(LatticeSession, WhileTheWorkerComputesItTheTabAndTheTextSaySoAndTheLatticeComesOnce) {
  HeldJobRunner jobs;
  LfsrLabState state;
  state.gen = LabGen::lcg32, state.preset = 1, state.seed = 1, state.tab = "lattice";  // RANDU
  LfsrSession s(state, jobs);
  EXPECT_TRUE(s.lattice_awaited());
  EXPECT_TRUE(jobs.kinds.empty());  // nothing is computed before it is asked for
  EXPECT_EQ(s.lattice(), nullptr);
  EXPECT_EQ(jobs.kinds, std::vector<std::string>{"lcg_lattice"});
  EXPECT_TRUE(s.busy());
  EXPECT_TRUE(s.lattice_awaited());
  EXPECT_NE(text_of(s).find("Computing the lattice's lines and planes..."), std::string::npos);
  EXPECT_EQ(s.describe_json().find("\"lattice\":{"), std::string::npos);  // no lines or planes yet
  s.tick(0.0);
  EXPECT_EQ(jobs.kinds.size(), 1u);  // still the one job
  jobs.held = false;
  s.tick(0.0);
  EXPECT_FALSE(s.busy());
  EXPECT_FALSE(s.lattice_awaited());
  const LcgLattice* l = s.lattice();
  ASSERT_NE(l, nullptr);
  EXPECT_EQ(l->duals.planes.s, (std::array<std::int64_t, 3>{9, -6, 1}));
  EXPECT_EQ(l->modulus, std::uint64_t{1} << 31);
  ASSERT_EQ(l->triples.size(), 3000u);
  EXPECT_EQ(l->triples[0], (LcgTriple{65539, 65539u * 6 - 9, (65539u * (65539u * 6 - 9)) & 0x7FFFFFFFu}));
  EXPECT_EQ(text_of(s).find("Computing"), std::string::npos);
  EXPECT_NE(s.describe_json().find("\"planes\":{\"s\":[9,-6,1],\"count\":15}"), std::string::npos);
  ASSERT_TRUE(s.apply(parse_lab_command("seed=00000003")));
  EXPECT_NE(s.lattice(), nullptr);  // the same preset: not computed again
  EXPECT_EQ(jobs.kinds.size(), 1u);
}

TEST(LatticeSession, TheAppSaysTheLatticeIsLoadingOnlyInTheLfsrLabWithAnLcg) {
  HeldJobRunner jobs;
  AppSession app(jobs);
  app.open("#v=1&lab=lfsr&gen=lcg32&preset=randu&seed=00000001&t=7");
  EXPECT_NE(app.describe_json_fields().find("\"latticeLoading\":true"), std::string::npos);  // before it starts
  app.describe_lab_json();  // the hook's object asks for the lattice
  app.tick(0.0);
  EXPECT_TRUE(app.busy());
  EXPECT_NE(app.describe_json_fields().find("\"latticeLoading\":true"), std::string::npos);
  app.open("#v=1&lab=lfsr");
  EXPECT_NE(app.describe_json_fields().find("\"latticeLoading\":false"), std::string::npos);
  jobs.held = false;
  app.open("#v=1&lab=lfsr&gen=lcg32&preset=randu&seed=00000001&t=7");
  app.tick(0.0);
  EXPECT_NE(app.describe_json_fields().find("\"latticeLoading\":false"), std::string::npos);
  EXPECT_NE(app.describe_lab_json().find("\"planes\":{\"s\":[9,-6,1],\"count\":15}"), std::string::npos);
}

}  // namespace
}  // namespace shufflelab
