// The shuffle lab's one vocabulary: what a button, its key, a lesson step,
// the hook and the CLI send. Expected decks and matrices come from shuffles
// done here by hand: glibc's rand() (the TYPE_3 additive feedback generator)
// under shuffle.c's Fisher-Yates, and the naive swap over all its draw lists.
#include "core/shuffle/shuffle_session.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>
#include <string>
#include <vector>

#include "core/inline_job_runner.hpp"

namespace shufflelab {
namespace {

// glibc's random() after srandom(seed), and shuffle.c's deck: four warm-up
// calls, then position i swaps with (int)((i + 1) * (rand() / RAND_MAX)),
// drawn again when that ratio is 1.
class GlibcRand {
 public:
  explicit GlibcRand(std::uint32_t seed) {
    std::vector<std::int64_t> r(34);
    r[0] = seed == 0 ? 1 : seed;
    for (int i = 1; i < 31; ++i) {
      r[i] = (16807 * r[i - 1]) % 2147483647;
      if (r[i] < 0) r[i] += 2147483647;
    }
    for (int i = 31; i < 34; ++i) r[i] = r[i - 31];
    for (std::int64_t v : r) table_.push_back(static_cast<std::uint32_t>(v));
    for (int i = 34; i < 344; ++i) next_word();
  }
  std::uint32_t next() { return next_word() >> 1; }

 private:
  std::uint32_t next_word() {
    const std::size_t k = table_.size();
    table_.push_back(table_[k - 31] + table_[k - 3]);
    return table_.back();
  }
  std::vector<std::uint32_t> table_;
};

std::vector<std::uint32_t> shuffle_c_deck(std::uint32_t seed, std::uint32_t n) {
  GlibcRand rand(seed);
  for (int k = 0; k < 4; ++k) rand.next();
  std::vector<std::uint32_t> deck(n);
  std::iota(deck.begin(), deck.end(), 0u);
  for (std::uint32_t i = n - 1; i >= 1; --i) {
    double ratio = 0;
    do ratio = rand.next() / 2147483647.0;
    while (ratio >= 1.0);
    std::swap(deck[i], deck[static_cast<std::uint32_t>((i + 1) * ratio)]);
  }
  return deck;
}

// The naive swap of n cards (position i swaps with any position) over all n^n draw lists.
std::vector<std::uint64_t> naive_counts(std::uint32_t n) {
  std::vector<std::uint64_t> counts(n * n);
  std::uint64_t lists = 1;
  for (std::uint32_t i = 0; i < n; ++i) lists *= n;
  for (std::uint64_t list = 0; list < lists; ++list) {
    std::vector<std::uint32_t> deck(n);
    std::iota(deck.begin(), deck.end(), 0u);
    std::uint64_t draws = list;
    for (std::uint32_t i = 0; i < n; ++i, draws /= n) std::swap(deck[i], deck[draws % n]);
    for (std::uint32_t p = 0; p < n; ++p) ++counts[p * n + deck[p]];
  }
  return counts;
}

Result<bool> send(ShuffleSession& s, std::string_view text) { return s.apply(parse_lab_command(text)); }

void run_jobs(ShuffleSession& s) {
  while (s.busy()) s.tick(0.0);
}

std::string all_text(const std::vector<TextLine>& lines) {
  std::string out;
  for (const TextLine& l : lines) out += l.text + "\n";
  return out;
}

TEST(ShuffleSession, TransportStepsThroughShuffleC) {
  InlineJobRunner jobs;
  ShuffleLabState state{.algo = "lin2003", .seed = 1044362711};
  ShuffleSession s(state, jobs);
  EXPECT_TRUE(send(s, "step").value());
  EXPECT_EQ(state.t, 1u);
  EXPECT_TRUE(send(s, "last").value());
  EXPECT_EQ(state.t, 51u);  // 52 cards: positions 51 down to 1 each draw once
  EXPECT_EQ(s.view().frame->deck, shuffle_c_deck(1044362711, 52));
  EXPECT_FALSE(send(s, "step").value());  // at the end: no change
  EXPECT_TRUE(send(s, "back").value());
  EXPECT_EQ(state.t, 50u);
  EXPECT_TRUE(send(s, "t=7").value());
  EXPECT_EQ(state.t, 7u);
  EXPECT_TRUE(send(s, "t=4000").value());  // past the end: the last step
  EXPECT_EQ(state.t, 51u);
  EXPECT_TRUE(send(s, "first").value());
  EXPECT_EQ(state.t, 0u);
  std::vector<std::uint32_t> ordered(52);
  std::iota(ordered.begin(), ordered.end(), 0u);
  EXPECT_EQ(s.view().frame->deck, ordered);
}

TEST(ShuffleSession, PlaybackPlaysAtItsSpeedAndTheTransportButtonsStopIt) {
  InlineJobRunner jobs;
  ShuffleLabState state{.algo = "lin2003", .seed = 1044362711};
  ShuffleSession s(state, jobs);
  ASSERT_TRUE(send(s, "speed=10"));
  ASSERT_TRUE(send(s, "play"));
  s.tick(0.5);  // 10 steps a second for half a second
  EXPECT_EQ(state.t, 5u);
  ASSERT_TRUE(send(s, "t=20"));  // scrubbing keeps playing from there
  s.tick(0.2);
  EXPECT_EQ(state.t, 22u);
  ASSERT_TRUE(send(s, "step"));  // the Step button and the Right arrow: playback stops
  EXPECT_FALSE(s.view().playing);
  s.tick(1.0);
  EXPECT_EQ(state.t, 23u);
  ASSERT_TRUE(send(s, "toggle_play"));  // Space and the Play button
  EXPECT_TRUE(s.view().playing);
  s.tick(100.0);  // runs to the end and stops there
  EXPECT_EQ(state.t, 51u);
  EXPECT_FALSE(s.view().playing);
  ASSERT_TRUE(send(s, "toggle_play"));  // at the end, play starts again from step 0
  EXPECT_EQ(state.t, 0u);
  EXPECT_TRUE(s.view().playing);
  ASSERT_TRUE(send(s, "pause"));
  EXPECT_FALSE(s.view().playing);
}

TEST(ShuffleSession, OneStepForwardIsAnimatedForAtMostFortyFiveHundredths) {
  InlineJobRunner jobs;
  ShuffleLabState state;
  ShuffleSession s(state, jobs);
  ASSERT_TRUE(send(s, "step"));
  EXPECT_TRUE(s.view().animating);
  EXPECT_EQ(s.view().animation, 0.0f);
  s.tick(0.23);  // at 4 steps a second a move takes min(0.45, 0.9 / 4) = 0.225 s
  EXPECT_FALSE(s.view().animating);
  ASSERT_TRUE(send(s, "last"));  // a jump is not animated
  EXPECT_FALSE(s.view().animating);
}

TEST(ShuffleSession, SetupEditsApplyOnlyWhenTheShuffleCanRun) {
  InlineJobRunner jobs;
  ShuffleLabState state;
  ShuffleSession s(state, jobs);
  EXPECT_TRUE(send(s, "n=10").value());
  EXPECT_EQ(state.n, 10u);
  EXPECT_TRUE(send(s, "seed=0x1F").value());
  EXPECT_EQ(state.seed, 31u);
  EXPECT_TRUE(send(s, "method=float").value());  // float reads at most 53 bits
  EXPECT_EQ(state.bits, 53u);
  const ShuffleGeneratorInfo* tarot = find_shuffle_generator("tarot32");
  ASSERT_NE(tarot, nullptr);
  EXPECT_TRUE(send(s, "gen=tarot32").value());
  EXPECT_EQ(state.bits, std::min(tarot->native_bits, 53u));
  EXPECT_TRUE(send(s, "faces=numbers").value());
  EXPECT_TRUE(send(s, "algo=sattolo").value());
  EXPECT_EQ(state.algo, "sattolo");
  EXPECT_EQ(*s.view().setup_error, "");

  const ShuffleLabState before = state;
  auto r = send(s, "n=0");
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().find("n=0"), std::string::npos) << r.error();
  EXPECT_NE(s.view().setup_error->find("outside 1..1000"), std::string::npos) << *s.view().setup_error;
  EXPECT_EQ(state, before);
  EXPECT_TRUE(send(s, "n=12"));  // a valid edit clears the message
  EXPECT_EQ(*s.view().setup_error, "");
}

TEST(ShuffleSession, RefusedCommandsNameThemselvesAndKeepTheState) {
  InlineJobRunner jobs;
  ShuffleLabState state{.n = 10, .t = 3};
  ShuffleSession s(state, jobs);
  const ShuffleLabState before = state;
  for (const char* bad : {"t=abc", "t", "tab=bogus", "preset=nosuch", "warp", "seed=xyz", "n=1001", "gen=nosuch",
                          "faces=cards", "colour_scale=5", "window=year", "speed=-1", "shuffles=0", "lanes=2",
                          "engine_sample"}) {  // the engine is compared on 2 to 8 cards
    auto r = send(s, bad);
    ASSERT_FALSE(r) << bad;
    EXPECT_NE(r.error().find(parse_lab_command(bad).verb), std::string::npos) << r.error();
    EXPECT_EQ(state, before) << bad;
  }
}

TEST(ShuffleSession, TheNaiveSwapOnThreeCardsOverAllItsDrawLists) {
  InlineJobRunner jobs;
  ShuffleLabState state{.tab = "bias"};
  ShuffleSession s(state, jobs);
  ASSERT_TRUE(send(s, "preset=naive3"));  // on the bias tab the preset starts its matrix
  EXPECT_EQ(state.algo, "naive");
  EXPECT_EQ(state.n, 3u);
  EXPECT_EQ(state.run, "exact");
  run_jobs(s);
  const std::vector<std::uint64_t> counts = naive_counts(3);
  ASSERT_TRUE(s.view().bias->job.result);
  EXPECT_EQ(s.view().bias->job.result->matrix->counts, counts);

  double worst = 0, pearson = 0;
  for (std::uint64_t c : counts) {
    worst = std::max(worst, std::abs(static_cast<double>(c) * 3.0 / 27.0 - 1.0));
    pearson += (static_cast<double>(c) - 9.0) * (static_cast<double>(c) - 9.0) / 9.0;
  }
  char line[128];
  std::snprintf(line, sizeof line, "Exact counts over all 27 draw lists: largest relative deviation from 1/3 is %.4g.", worst);
  const std::string text = all_text(s.text());
  EXPECT_NE(text.find(line), std::string::npos) << line << "\n" << text;
  // The hook: the chi-square is Pearson's sum times (n-1)/n.
  char numbers[128];
  std::snprintf(numbers, sizeof numbers, "\"maxDeviation\":%.6g,\"chiSquare\":%.6g", worst, pearson * 2.0 / 3.0);
  const std::string json = s.describe_json();
  EXPECT_NE(json.find(numbers), std::string::npos) << numbers << "\n" << json;
  EXPECT_NE(json.find("\"kind\":\"exact\",\"stale\":false"), std::string::npos) << json;

  const std::vector<CsvExport> csv = s.csv_exports();
  ASSERT_EQ(csv.size(), 1u);
  EXPECT_EQ(csv[0].filename, "shufflelab-naive-3-exact.csv");

  ASSERT_TRUE(send(s, "tab=animate"));  // another tab does not show it
  EXPECT_EQ(all_text(s.text()).find("draw lists"), std::string::npos);
  EXPECT_TRUE(s.csv_exports().empty());
}

TEST(ShuffleSession, ASampledSattoloMatrixHasAnEmptyDiagonal) {
  InlineJobRunner jobs;
  ShuffleLabState state{.algo = "sattolo", .n = 5, .tab = "bias", .shuffles = 2000};
  ShuffleSession s(state, jobs);
  ASSERT_TRUE(send(s, "bias_sample"));
  EXPECT_EQ(state.run, "sample");
  run_jobs(s);
  const BiasMatrix& m = *s.view().bias->job.result->matrix;
  EXPECT_EQ(m.total, 2000u);
  for (std::uint32_t p = 0; p < 5; ++p) {
    EXPECT_EQ(m.at(p, p), 0u) << "Sattolo moves every card";
    std::uint64_t row = 0;
    for (std::uint32_t c = 0; c < 5; ++c) row += m.at(p, c);
    EXPECT_EQ(row, 2000u);
  }
  ASSERT_TRUE(send(s, "n=6"));  // the setup changed: the result is stale and run= is dropped
  EXPECT_TRUE(s.view().bias_stale);
  EXPECT_EQ(state.run, "");
}

TEST(ShuffleSession, TheLinksRunRecoversShuffleCsSeed) {
  InlineJobRunner jobs;
  ShuffleLabState state{.tab = "predict", .run = "predict"};
  ShuffleSession s(state, jobs);
  s.start_linked_run();
  EXPECT_TRUE(s.busy());
  run_jobs(s);
  // The hour around the guess holds the true time, 911 s after it.
  ASSERT_NE(s.view().found, nullptr);
  EXPECT_EQ(s.view().found->tried, 3600u);
  EXPECT_NE(std::find(s.view().found->found.begin(), s.view().found->found.end(), kDefaultPredictTime),
            s.view().found->found.end());
  EXPECT_EQ(state.run, "predict");
  const std::vector<std::uint32_t> deck = shuffle_c_deck(static_cast<std::uint32_t>(kDefaultPredictTime), 52);
  EXPECT_EQ(s.view().deck, deck);
  EXPECT_NE(all_text(s.text()).find("Seed search"), std::string::npos);
  ASSERT_TRUE(send(s, "time=1044362712"));  // another time: the search shown no longer applies
  EXPECT_EQ(state.run, "");
  EXPECT_EQ(s.view().found, nullptr);
}

TEST(ShuffleSession, ACancelledRunLeavesTheLink) {
  InlineJobRunner jobs;
  ShuffleLabState state{.n = 52, .tab = "bias", .run = "sample"};
  ShuffleSession s(state, jobs);
  s.start_linked_run();
  ASSERT_TRUE(s.busy());
  ASSERT_TRUE(send(s, "bias_cancel"));
  s.tick(0.0);
  EXPECT_FALSE(s.busy());
  EXPECT_EQ(state.run, "");
}

TEST(ShuffleSession, TabsAndPredictFieldsAreCommands) {
  InlineJobRunner jobs;
  ShuffleLabState state;
  ShuffleSession s(state, jobs);
  for (const ShuffleTab& tab : kShuffleTabs) {
    ASSERT_TRUE(send(s, "tab=" + std::string(tab.id)));
    EXPECT_EQ(state.tab, tab.id);
  }
  ASSERT_TRUE(send(s, "window=day"));
  ASSERT_TRUE(send(s, "guess=1000000"));
  EXPECT_EQ(s.view().window.count, 86400u);
  EXPECT_EQ(s.view().window.first, 1000000u - 43200u);
  ASSERT_TRUE(send(s, "lanes=1"));
  EXPECT_TRUE(state.lanes);
  ASSERT_TRUE(send(s, "shuffles=5000"));
  EXPECT_EQ(state.shuffles, 5000u);
}

}  // namespace
}  // namespace shufflelab
