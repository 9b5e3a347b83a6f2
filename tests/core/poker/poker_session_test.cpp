// The poker lab's one vocabulary: what a button, its key, a lesson step, the
// hook and the CLI send. Expected states come from an LCRNG deal stepped here
// by hand (state = 1664525 x + 1013904223, card = top 6 bits).
#include "core/poker/poker_session.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "core/inline_job_runner.hpp"

namespace shufflelab {
namespace {

struct HandDeal {
  std::uint32_t calls = 0, too_high = 0, duplicates = 0;
  std::uint32_t final_state = 0;
};
HandDeal hand_deal(std::uint32_t x) {
  HandDeal d;
  std::vector<std::uint32_t> cards;
  while (cards.size() < 10) {
    x = 1664525u * x + 1013904223u;
    ++d.calls;
    const std::uint32_t c = x >> 26;
    if (c >= 52) ++d.too_high;
    else if (std::find(cards.begin(), cards.end(), c) != cards.end()) ++d.duplicates;
    else cards.push_back(c);
  }
  d.final_state = x;
  return d;
}

Result<bool> send(PokerSession& s, std::string_view text) { return s.apply(parse_lab_command(text)); }

TEST(PokerSession, TransportCommandsMoveTheStepAsTheDealAllows) {
  InlineJobRunner jobs;
  PokerLabState state{.seed = 0x932D217C};
  PokerSession s(state, jobs);
  const HandDeal d = hand_deal(0x932D217C);
  ASSERT_EQ(d.calls, 39u);
  EXPECT_TRUE(send(s, "step").value());
  EXPECT_EQ(state.step, 1u);
  EXPECT_TRUE(send(s, "last").value());
  EXPECT_EQ(state.step, d.calls);
  EXPECT_FALSE(send(s, "step").value());  // at the end: no change
  EXPECT_EQ(state.step, d.calls);
  EXPECT_TRUE(send(s, "back").value());
  EXPECT_EQ(state.step, d.calls - 1);
  EXPECT_TRUE(send(s, "t=7").value());
  EXPECT_EQ(state.step, 7u);
  EXPECT_TRUE(send(s, "first").value());
  EXPECT_EQ(state.step, 0u);
  EXPECT_TRUE(send(s, "next_deal").value());
  EXPECT_EQ(state.seed, d.final_state);
  EXPECT_EQ(state.step, 0u);
  EXPECT_TRUE(send(s, "seed=DEADBEEF").value());
  EXPECT_EQ(state.seed, 0xDEADBEEFu);
}

// The Text view's count of the whole deal, with its nouns in the singular for
// a count of 1 (seed DEADBEEF's deal throws one card away as a duplicate).
TEST(PokerSession, TheTextViewCountsTheWholeDeal) {
  InlineJobRunner jobs;
  PokerLabState state{.seed = 0xDEADBEEF};
  PokerSession s(state, jobs);
  const HandDeal d = hand_deal(0xDEADBEEF);
  ASSERT_EQ(d.duplicates, 1u);
  const std::string expected = "Whole deal: " + std::to_string(d.calls) + " calls, " + std::to_string(d.too_high) +
                               " too high, 1 duplicate (the article's worst case: 39 calls)";
  const std::vector<TextLine> lines = s.text();
  EXPECT_TRUE(std::any_of(lines.begin(), lines.end(), [&](const TextLine& l) { return l.text == expected; })) << expected;
}

TEST(PokerSession, PlayAdvancesThreeCallsASecondAndTransportStopsIt) {
  InlineJobRunner jobs;
  PokerLabState state{.seed = 0x932D217C};
  PokerSession s(state, jobs);
  ASSERT_TRUE(send(s, "play"));
  for (int i = 0; i < 10; ++i) s.tick(0.1);  // one second
  EXPECT_EQ(state.step, 3u);
  ASSERT_TRUE(send(s, "first"));  // the |< button and the Home of every transport: playback stops
  EXPECT_FALSE(s.view().playing);
  s.tick(1.0);
  EXPECT_EQ(state.step, 0u);
  ASSERT_TRUE(send(s, "toggle_play"));  // Space
  EXPECT_TRUE(s.view().playing);
  ASSERT_TRUE(send(s, "toggle_play"));
  EXPECT_FALSE(s.view().playing);
  // Play at the end of the deal starts again from the seed.
  ASSERT_TRUE(send(s, "last"));
  ASSERT_TRUE(send(s, "play"));
  EXPECT_EQ(state.step, 0u);
}

TEST(PokerSession, RefusedCommandsNameThemselvesAndKeepTheState) {
  InlineJobRunner jobs;
  PokerLabState state{.seed = 0x12345678, .step = 4};
  PokerSession s(state, jobs);
  const PokerLabState before = state;
  for (const char* bad : {"t=abc", "seed=xyz", "log_scale=2", "warp", "t", "open_worst"}) {
    auto r = send(s, bad);
    ASSERT_FALSE(r) << bad;
    const std::string verb = parse_lab_command(bad).verb;
    EXPECT_NE(r.error().find(verb), std::string::npos) << r.error();
    EXPECT_EQ(state, before) << bad;
  }
}

TEST(PokerSession, ASweepStartedByCommandIsTheLinksRunUntilCancelled) {
  InlineJobRunner jobs;
  PokerLabState state;
  PokerSession s(state, jobs);
  ASSERT_TRUE(send(s, "sweep_sample"));
  EXPECT_EQ(state.run, "sample");
  EXPECT_TRUE(s.busy());
  ASSERT_TRUE(send(s, "cancel_sweep"));
  s.tick(0.0);
  EXPECT_EQ(state.run, "");
  EXPECT_FALSE(s.busy());
}

}  // namespace
}  // namespace shufflelab
