// The 32-bit xorshift (13, 17, 5) stepped through its whole cycle here, with
// the shifts written out in the test (not the core's Xorshift), against the
// period and weak-seed count the core derives from its GF(2) state matrix.
// About 4 s natively, so it lives with the oracle tests, not the core tests
// that also run under ASan and in wasm.
#include <gtest/gtest.h>

#include <cstdint>

#include "core/gen/generator_presets.hpp"
#include "core/lfsr/lfsr_analysis.hpp"
#include "core/lfsr/lfsr_lab.hpp"

namespace shufflelab {
namespace {

TEST(SmallGeneratorPeriod, Xorshift32WalksEveryNonzeroStateOnce) {
  std::uint32_t x = 1;
  std::uint64_t steps = 0;
  do {
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    ++steps;
  } while (x != 1 && steps <= (std::uint64_t{1} << 32));
  ASSERT_EQ(steps, (std::uint64_t{1} << 32) - 1);  // one cycle through all 2^32 - 1 nonzero states

  auto lab = lab_state_for("xorshift32");
  ASSERT_TRUE(lab) << lab.error();
  auto analysis = analyse_lab(*lab);
  ASSERT_TRUE(analysis) << analysis.error();
  EXPECT_EQ(analysis->map.max_period, steps);
  EXPECT_EQ(analysis->seed.period, steps);
}

}  // namespace
}  // namespace shufflelab
