#include "core/jobs.hpp"

#include <gtest/gtest.h>

#include <random>

#include "core/lfsr.hpp"
#include "core/parse.hpp"
#include "core/period.hpp"

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

}  // namespace
}  // namespace shufflelab
