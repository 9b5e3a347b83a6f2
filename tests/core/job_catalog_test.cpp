#include "core/job_catalog.hpp"
#include "core/lfsr/lfsr_analysis.hpp"

#include <gtest/gtest.h>

#include <random>

#include "core/gen/lfsr.hpp"
#include "core/base/parse.hpp"
#include "core/gen/period.hpp"

namespace shufflelab {
namespace {

// The job steps the register; the oracle is the algebraic GF(2) analysis
// (order of x modulo the seed's annihilator), a different route to the same number.
TEST(Jobs, StepPeriodJobAgreesWithGf2AnalysisInSlices) {
  std::mt19937_64 rng(11);
  for (int trial = 0; trial < 40; ++trial) {
    const int width = 8 + static_cast<int>(rng() % 11);
    const std::uint64_t mask = rng() & 0xff;
    const std::uint64_t seed = (rng() & width_mask(width)) | 1;
    const std::string params = "width=" + std::to_string(width) + "&mask=" + format_hex_upper(mask, 2) +
                               "&seed=" + format_hex_upper(seed, 5);
    auto job = make_job("lfsr_step_period", params);
    ASSERT_TRUE(job) << job.error();
    double last = 0;
    run_job_to_end(*job.value(), 997, [&](double p) { EXPECT_GE(p, last); last = p; });
    auto expected = analyse_seed(galois_map(width, tarot_taps(width, mask)), seed);
    ASSERT_TRUE(expected);
    const double want = expected->tail == 0 ? static_cast<double>(expected->period) : 0.0;
    EXPECT_EQ(job.value()->result()[0], want) << params;
  }
}

TEST(Jobs, BadParametersAreRefusedWithAMessage) {
  EXPECT_FALSE(make_job("lfsr_step_period", "width=8&mask=B8&seed=00"));
  EXPECT_FALSE(make_job("lfsr_step_period", "width=99&seed=1"));
  EXPECT_FALSE(make_job("lfsr_step_period", "seed=zz"));
  EXPECT_FALSE(make_job("nope", ""));
  EXPECT_NE(make_job("nope", "").error().find("unknown job"), std::string::npos);
}

// Splitting a sweep over workers must not change its answer: the parts,
// merged, give the unsplit job's result and summary, also when the range
// wraps past seed position 2^32 - 1 and when there are more parts than seeds.
TEST(Jobs, SplitPokerSweepMergesToTheWholeRun) {
  const auto run = [](const std::string& params) {
    auto job = make_job("poker_sweep", params);
    EXPECT_TRUE(job) << job.error();
    run_job_to_end(*job.value(), 1 << 14, [](double) {});
    return std::make_pair(job.value()->result(), job.value()->summary());
  };
  for (const auto& [params, parts] : std::vector<std::pair<std::string, unsigned>>{
           {"first=123&count=65536", 3}, {"first=4294967200&count=4000", 2}, {"first=7&count=3", 4}}) {
    const auto pieces = split_job("poker_sweep", params, parts);
    ASSERT_FALSE(pieces.empty()) << params;
    EXPECT_LE(pieces.size(), parts);
    std::vector<std::vector<double>> results;
    for (const auto& piece : pieces) results.push_back(run(piece).first);
    auto merged = merge_job_results("poker_sweep", results);
    ASSERT_TRUE(merged) << merged.error();
    const auto whole = run(params);
    EXPECT_EQ(merged.value().result, whole.first) << params;
    EXPECT_EQ(merged.value().summary, whole.second) << params;
  }
}

TEST(Jobs, OnlySweepsSplit) {
  EXPECT_TRUE(split_job("lfsr_step_period", "width=8&mask=B8&seed=01", 2).empty());
  EXPECT_TRUE(split_job("poker_sweep", "first=0&count=0", 2).empty());
  EXPECT_TRUE(split_job("poker_sweep", "first=x&count=10", 2).empty());
  EXPECT_FALSE(merge_job_results("poker_sweep", {{1.0, 2.0}}));
  EXPECT_FALSE(merge_job_results("dice_sample", {}));
}

}  // namespace
}  // namespace shufflelab

