// The assembly lab's one vocabulary: what its buttons, a link, the hook and
// the CLI send. The listing's outputs are checked against the Z80 article's
// routine worked here by hand (r = X>>24 ^ X>>21 ^ X>>20 ^ X>>12 ^ X>>3 of
// bytes +4..+7, shifted in at +0); the step count of a whole run against the
// interpreter stepped directly.
#include "core/asm/asm_lab_session.hpp"

#include <gtest/gtest.h>

#include <array>
#include <string>
#include <vector>

#include "core/inline_job_runner.hpp"
#include "test_support.hpp"

namespace shufflelab {
namespace {

using test::all_text;
using test::send;

// The Z80 routine's bytes, by hand, from the seed as links write it (byte +0 first).
std::vector<std::uint64_t> z80_bytes(std::uint64_t packed, int calls) {
  std::array<std::uint8_t, 8> b{};
  for (int i = 7; i >= 0; --i, packed >>= 8) b[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(packed);
  std::vector<std::uint64_t> out;
  for (int c = 0; c < calls; ++c) {
    const std::uint32_t x = b[4] | b[5] << 8 | b[6] << 16 | static_cast<std::uint32_t>(b[7]) << 24;
    const auto r = static_cast<std::uint8_t>((x >> 24) ^ (x >> 21) ^ (x >> 20) ^ (x >> 12) ^ (x >> 3));
    for (int i = 7; i > 0; --i) b[static_cast<std::size_t>(i)] = b[static_cast<std::size_t>(i - 1)];
    b[0] = r;
    out.push_back(r);
  }
  return out;
}

// Instructions in a whole run of the listing, by stepping the interpreter until it is done.
std::uint64_t whole_run(const AsmLabState& state) {
  auto started = AsmSession::start(*parse_asm_algorithm("algo", state.algorithm), state.inputs);
  EXPECT_TRUE(started) << started.error();
  AsmSession run = std::move(started.value());
  std::uint64_t steps = 0;
  while (!run.done() && run.step()) ++steps;
  return steps;
}

TEST(AsmLabSession, TransportMovesTheStepAndClampsItToTheRun) {
  AsmLabState state;  // z80-lfsr, seed 0102030405060708, 4 calls
  InlineJobRunner jobs;
  AsmLabSession s(state, jobs);
  EXPECT_TRUE(send(s, "step").value());
  EXPECT_TRUE(send(s, "step").value());
  EXPECT_EQ(state.t, 2u);
  EXPECT_TRUE(send(s, "back").value());
  EXPECT_EQ(state.t, 1u);
  EXPECT_TRUE(send(s, "t=9").value());
  EXPECT_EQ(state.t, 9u);
  EXPECT_NE(all_text(s.text()).find("Instructions executed: 9,"), std::string::npos);
  EXPECT_TRUE(send(s, "run").value());  // To the end: as far as the listing goes
  const std::uint64_t total = whole_run(state);
  EXPECT_EQ(state.t, total);
  ASSERT_NE(s.view().run, nullptr);
  EXPECT_TRUE(s.view().run->done);
  EXPECT_EQ(s.view().run->outputs, z80_bytes(0x0102030405060708ull, 4));
  EXPECT_FALSE(send(s, "step").value());  // at the end: nowhere to go
  EXPECT_EQ(state.t, total);
  EXPECT_TRUE(send(s, "t=2000000").has_value());  // a step past the end is the end
  EXPECT_EQ(state.t, total);
  EXPECT_TRUE(send(s, "reset").value());
  EXPECT_EQ(state.t, 0u);
  EXPECT_FALSE(send(s, "back").value());
  EXPECT_EQ(state.t, 0u);
}

TEST(AsmLabSession, AnotherListingStartsFromStepZero) {
  AsmLabState state;
  state.inputs.seed = 1;  // a seed every listing's register takes
  InlineJobRunner jobs;
  AsmLabSession s(state, jobs);
  ASSERT_TRUE(send(s, "t=5"));
  ASSERT_TRUE(send(s, "algo=6502-lfsr16").value());
  EXPECT_EQ(state.algorithm, "6502-lfsr16");
  EXPECT_EQ(state.t, 0u);
  const std::string text = all_text(s.text());
  EXPECT_NE(text.find("Instruction set: MOS 6502"), std::string::npos) << text;
  EXPECT_NE(text.find("Instructions executed: 0,"), std::string::npos) << text;
}

TEST(AsmLabSession, PlaybackRunsAtItsSpeedAndResetStopsIt) {
  AsmLabState state;
  InlineJobRunner jobs;
  AsmLabSession s(state, jobs);
  ASSERT_TRUE(send(s, "play"));
  s.tick(1.0);  // one second at 6 instructions a second
  EXPECT_EQ(state.t, 6u);
  ASSERT_TRUE(send(s, "step"));  // Step never stopped playback
  EXPECT_TRUE(s.view().playing);
  ASSERT_TRUE(send(s, "speed=50"));
  s.tick(0.5);
  EXPECT_EQ(state.t, 7u + 25u);
  ASSERT_TRUE(send(s, "reset"));  // Reset stops it (its button always did; now the hook's reset too)
  EXPECT_FALSE(s.view().playing);
  s.tick(1.0);
  EXPECT_EQ(state.t, 0u);
  ASSERT_TRUE(send(s, "toggle_play"));
  EXPECT_TRUE(s.view().playing);
  ASSERT_TRUE(send(s, "toggle_play"));
  EXPECT_FALSE(s.view().playing);
  // Playback ends with the listing.
  ASSERT_TRUE(send(s, "speed=200"));
  ASSERT_TRUE(send(s, "play"));
  for (int i = 0; i < 100 && s.view().playing; ++i) s.tick(1.0);
  EXPECT_FALSE(s.view().playing);
  EXPECT_EQ(state.t, whole_run(state));
}

TEST(AsmLabSession, RefusedCommandsNameThemselvesAndKeepTheState) {
  AsmLabState state;
  InlineJobRunner jobs;
  AsmLabSession s(state, jobs);
  ASSERT_TRUE(send(s, "t=3"));
  test::expect_refused(s, state, {"algo=bogus", "algo", "t=x", "t=2000001", "speed=0", "speed=201", "nope", "lane_step"});
}

// The Text view and the hook read the same run: every listing's count of
// instructions executed is the step the link names.
TEST(AsmLabSession, TextAndHookShowTheStepOfEveryListing) {
  for (const AsmAlgorithmInfo& info : asm_algorithms()) {
    AsmLabState state;
    state.inputs.seed = 1;
    state.algorithm = std::string(info.id);
    state.t = 7;
    InlineJobRunner jobs;
  AsmLabSession s(state, jobs);
    const std::string text = all_text(s.text());
    if (!s.view().run) continue;  // inputs this listing refuses: it says why
    EXPECT_EQ(state.t, 7u) << info.id;
    EXPECT_NE(text.find("Instructions executed: 7,"), std::string::npos) << info.id << "\n" << text;
    EXPECT_EQ(s.describe_json().rfind("{\"algorithm\":\"" + std::string(info.id) + "\",\"t\":7,\"done\":false", 0), 0u)
        << s.describe_json();
  }
}

}  // namespace
}  // namespace shufflelab
