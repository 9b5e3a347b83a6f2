// poker_lab.hpp and poker_sweep.hpp: the link codec, the stepped deal view,
// the sliced sweep jobs and the claim numbers. Independent sources: a
// transcription of the article's dealing steps written here (one deal per
// seed, replayed seed by seed), the core's CycleSweeper (sweep_cycle_range),
// nested-loop enumeration of 5-card sets, and 52*51*...*43 / 5! for deals.
#include "core/poker/poker_lab.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>
#include <vector>

#include "core/job_catalog.hpp"
#include "core/poker/poker_sweep.hpp"
#include "core/url_state.hpp"

#include "test_support.hpp"

namespace shufflelab {
namespace {

struct ReferenceCall {
  std::uint32_t state, value;
  char verdict;  // 'd' dealt, 'h' too high, 'u' duplicate
};

// The article: step the LCRNG (a = 1664525, c = 1013904223), keep the top 6
// bits if below 52 and not dealt yet, until ten cards are dealt.
std::vector<ReferenceCall> reference_deal(std::uint32_t seed, std::vector<std::uint32_t>* cards = nullptr) {
  std::vector<ReferenceCall> calls;
  std::vector<std::uint32_t> dealt;
  std::uint32_t state = seed;
  while (dealt.size() < 10) {
    state = state * 1664525u + 1013904223u;
    const std::uint32_t value = state >> 26;
    char verdict = 'd';
    if (value >= 52) verdict = 'h';
    else if (std::find(dealt.begin(), dealt.end(), value) != dealt.end()) verdict = 'u';
    else dealt.push_back(value);
    calls.push_back({state, value, verdict});
  }
  if (cards) *cards = dealt;
  return calls;
}

SweepStats run_sweep_job(std::uint64_t first, std::uint64_t count, std::mt19937_64& rng, std::uint64_t max_slice) {
  auto job = make_job("poker_sweep", "first=" + std::to_string(first) + "&count=" + std::to_string(count));
  EXPECT_TRUE(job) << job.error();
  double last_progress = 0.0;
  bool stepped = false;  // a range of one or two seeds is done by construction
  while (!job.value()->done()) {
    const double progress = job.value()->step(1 + rng() % max_slice);
    EXPECT_GE(progress, last_progress);
    last_progress = progress;
    stepped = true;
  }
  if (stepped) EXPECT_EQ(last_progress, 1.0);
  return sweep_stats_from_result(job.value()->result());
}

TEST(PokerLab, LinkRoundTrip) {
  std::mt19937_64 rng(4);
  for (int i = 0; i < 300; ++i) {
    LabState s;
    s.lab = LabId::poker;
    s.poker.seed = static_cast<std::uint32_t>(rng());
    s.poker.step = static_cast<std::uint32_t>(rng() % (reference_deal(s.poker.seed).size() + 1));
    const std::string link = encode_fragment(s);
    const DecodedState d = decode_fragment(link);
    EXPECT_TRUE(d.notices.empty()) << link;
    EXPECT_EQ(d.state.poker, s.poker) << link;
  }
  const DecodedState d = decode_fragment("#v=1&lab=poker&seed=932D217C&t=39");
  EXPECT_TRUE(d.notices.empty());
  EXPECT_EQ(d.state.poker.seed, 0x932D217Cu);
  EXPECT_EQ(d.state.poker.step, 39u);
  LabState s;
  s.lab = LabId::poker;
  s.poker = {0x0000ABCD, 3};
  EXPECT_EQ(encode_fragment(s), "#v=1&lab=poker&seed=0000ABCD&t=3");
}

TEST(PokerLab, BadLinkFieldsKeepDefaultsWithANotice) {
  const PokerLabState defaults;
  for (const char* link : {"#v=1&lab=poker&seed=XYZ", "#v=1&lab=poker&seed=123456789", "#v=1&lab=poker&t=-1",
                           "#v=1&lab=poker&t=99999999999999999999999"}) {
    const DecodedState d = decode_fragment(link);
    EXPECT_EQ(d.notices.size(), 1u) << link;
    EXPECT_EQ(d.state.poker, defaults) << link;
  }
  // One past this seed's last call (from the reference deal) is refused.
  const auto calls = reference_deal(0x932D217C).size();
  const DecodedState d = decode_fragment("#v=1&lab=poker&seed=932D217C&t=" + std::to_string(calls + 1));
  ASSERT_EQ(d.notices.size(), 1u);
  EXPECT_NE(d.notices[0].find("t:"), std::string::npos);
  EXPECT_EQ(d.state.poker.seed, 0x932D217Cu);
  EXPECT_EQ(d.state.poker.step, 0u);
}

TEST(PokerLab, DealViewAtEveryStepFollowsTheTrace) {
  for (std::uint32_t seed : {0u, 1u, 0xDEADBEEFu, 0x932D217Cu, 0xFFFFFFFFu, 0x12345678u}) {
    std::vector<std::uint32_t> cards;
    const std::vector<ReferenceCall> ref = reference_deal(seed, &cards);
    std::vector<DealCall> trace;
    const OneChipDeal deal = one_chip_deal(seed, &trace);
    ASSERT_EQ(trace.size(), ref.size());
    for (std::uint32_t step = 0; step <= ref.size(); ++step) {
      const PokerDealView v = poker_deal_view({seed, step});
      ASSERT_EQ(v.step, step);
      ASSERT_EQ(v.calls.size(), trace.size());
      EXPECT_EQ(v.deal.calls, deal.calls);
      EXPECT_EQ(v.state, step == 0 ? seed : trace[step - 1].state);
      EXPECT_EQ(v.state, step == 0 ? seed : ref[step - 1].state);
      std::vector<std::uint8_t> dealt;
      std::uint32_t high = 0, duplicate = 0;
      for (std::uint32_t i = 0; i < step; ++i) {
        EXPECT_EQ(v.calls[i].state, trace[i].state);
        EXPECT_EQ(v.calls[i].value, ref[i].value);
        if (ref[i].verdict == 'd') dealt.push_back(static_cast<std::uint8_t>(ref[i].value));
        high += ref[i].verdict == 'h';
        duplicate += ref[i].verdict == 'u';
      }
      EXPECT_EQ(v.dealt, dealt);
      EXPECT_EQ(v.too_high, high);
      EXPECT_EQ(v.duplicates, duplicate);
      if (step > 0 && ref[step - 1].verdict == 'u') {
        const std::uint32_t at = v.first_dealt_at;
        ASSERT_GE(at, 1u);
        EXPECT_EQ(ref[at - 1].value, ref[step - 1].value);
        EXPECT_EQ(ref[at - 1].verdict, 'd');
      } else {
        EXPECT_EQ(v.first_dealt_at, 0u);
      }
    }
    // A step past the end is clamped.
    EXPECT_EQ(poker_deal_view({seed, 1000}).step, ref.size());
    EXPECT_EQ(with_poker_step({seed, 0}, 1000).step, ref.size());
    EXPECT_EQ(with_poker_step({seed, 5}, -3).step, 0u);
  }
}

TEST(PokerLab, ClaimNumbers) {
  // 2,598,960 five-card hands: the standard poker count.
  EXPECT_EQ(pat_hand_count(), 2598960u);
  EXPECT_EQ(pat_hand_count(), kPatHands);
  // A deal is 10 ordered cards with the first 5 unordered: 52*51*...*43 / 5!.
  std::uint64_t ordered = 1;
  for (std::uint64_t c = 52; c > 42; --c) ordered *= c;
  EXPECT_EQ(possible_deal_count(), ordered / 120);
  EXPECT_FALSE(eta_seconds(0.0, 5.0).has_value());
  EXPECT_DOUBLE_EQ(*eta_seconds(0.25, 3.0), 9.0);
  EXPECT_DOUBLE_EQ(*eta_seconds(1.0, 3.0), 0.0);
}

TEST(PokerSweep, SlicedJobEqualsTheCoreSweepAndAReplay) {
  std::mt19937_64 rng(2024);
  // Small ranges (starts, ends, the wrap at 2^32) against the replay.
  for (const auto& [first, count] : std::vector<std::pair<std::uint64_t, std::uint64_t>>{
           {0, 1}, {5, 2}, {12345, 37}, {4294967295u, 1}, {4294967290u, 60}, {777, 3000}}) {
    const SweepStats want = test::replay_sweep<SweepStats>(lcrng_jump(0, first), count, [](std::uint32_t seed) { return reference_deal(seed).size(); });
    test::expect_same_sweep(run_sweep_job(first, count, rng, 7), want, "replay " + std::to_string(first));
    test::expect_same_sweep(sweep_cycle_range(first, count), want, "core " + std::to_string(first));
  }
  // Larger ranges against the core's sweep, in random slices; slices of 1
  // take the exact step everywhere, large ones the fast loop.
  for (int trial = 0; trial < 8; ++trial) {
    const std::uint64_t first = rng() & 0xFFFFFFFFu;
    const std::uint64_t count = 1 + rng() % 400000;
    const std::uint64_t max_slice = trial % 2 ? 1 : 100000;
    const std::uint64_t shown_count = trial % 2 ? count % 5000 + 1 : count;
    test::expect_same_sweep(run_sweep_job(first, shown_count, rng, max_slice), sweep_cycle_range(first, shown_count),
                "first " + std::to_string(first));
  }
}

TEST(PokerSweep, PatHandsMatchDealingEachSeed) {
  std::mt19937_64 rng(52);
  for (int trial = 0; trial < 6; ++trial) {
    const std::uint64_t first = trial == 0 ? 4294967290u : rng() & 0xFFFFFFFFu;
    const std::uint64_t count = trial == 0 ? 20 : 1 + rng() % 20000;
    PatHandSweeper sweeper(first, count);
    while (!sweeper.done()) sweeper.run(1 + rng() % (trial % 2 ? 3 : 5000));
    std::set<std::uint64_t> hands;
    std::uint32_t state = lcrng_jump(0, first);
    for (std::uint64_t k = 0; k < count; ++k) {
      std::vector<std::uint32_t> cards;
      reference_deal(state, &cards);
      std::uint64_t bits = 0;
      for (std::size_t c = 0; c < 5; ++c) bits |= std::uint64_t{1} << cards[c];
      hands.insert(bits);
      state = state * 1664525u + 1013904223u;
    }
    EXPECT_EQ(sweeper.reachable(), hands.size()) << first;
    for (std::uint64_t h : hands) EXPECT_TRUE(sweeper.reached(h)) << first;
  }
}

TEST(PokerSweep, PatHandSweepStopsWhenEveryHandIsSeen) {
  // All of them within the first ~55 million seeds (about 1.3% of the cycle).
  PatHandSweeper all(0, kLcrngPeriod);
  while (!all.done()) all.run(std::uint64_t{1} << 22);
  EXPECT_EQ(all.reachable(), kPatHands);
  ASSERT_TRUE(all.all_dealt_by().has_value());
  const std::uint64_t last = *all.all_dealt_by();
  EXPECT_LT(all.processed(), kLcrngPeriod);
  // The seeds before `last` miss exactly one hand: the one seed `last` deals.
  PatHandSweeper before(0, last);
  while (!before.done()) before.run(std::uint64_t{1} << 22);
  EXPECT_EQ(before.processed(), last);
  EXPECT_EQ(before.reachable(), kPatHands - 1);
  EXPECT_FALSE(before.all_dealt_by().has_value());
  std::vector<std::uint32_t> cards;
  reference_deal(lcrng_jump(0, last), &cards);
  std::uint64_t bits = 0;
  for (std::size_t c = 0; c < 5; ++c) bits |= std::uint64_t{1} << cards[c];
  EXPECT_FALSE(before.reached(bits));
  EXPECT_TRUE(all.reached(bits));
}

TEST(PokerSweep, PatHandRankIsTheColexIndex) {
  // Colex order: by highest card, then the next highest, ...; enumerated by nested loops.
  std::uint32_t index = 0;
  for (std::uint32_t e = 4; e < 52; ++e)
    for (std::uint32_t d = 3; d < e; ++d)
      for (std::uint32_t c = 2; c < d; ++c)
        for (std::uint32_t b = 1; b < c; ++b)
          for (std::uint32_t a = 0; a < b; ++a) {
            const std::uint64_t bits = (std::uint64_t{1} << a) | (std::uint64_t{1} << b) | (std::uint64_t{1} << c) |
                                       (std::uint64_t{1} << d) | (std::uint64_t{1} << e);
            ASSERT_EQ(pat_hand_rank(bits), index++);
          }
  EXPECT_EQ(index, 2598960u);
}

TEST(PokerSweep, JobParametersAreChecked) {
  EXPECT_FALSE(make_job("poker_sweep", "first=0"));
  EXPECT_FALSE(make_job("poker_sweep", "first=0&count=0"));
  EXPECT_FALSE(make_job("poker_sweep", "first=4294967296&count=5"));
  EXPECT_FALSE(make_job("poker_hands", "count=4294967297&first=0"));
  auto job = make_job("poker_sweep", "first=0&count=4294967296");
  ASSERT_TRUE(job);
  job.value()->step(1000);
  EXPECT_FALSE(job.value()->done());
  EXPECT_NE(job.value()->summary().find("of 4294967296 seeds"), std::string::npos);
}

}  // namespace
}  // namespace shufflelab
