// Oracle tests for the shuffle lab: the BMI2 instruction against the portable
// PDEP, the 2003 shuffle.c loop run on this machine's real glibc rand()
// against lin2003_*, and the `shuffle` / `poker` / `bias` subcommands of the
// shipped CLI (SHUFFLELAB_CLI_PATH), including the One Chip article's
// published worst case (39 LCRNG calls for a 10-card deal).
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "core/shuffle/bits.hpp"
#include "core/shuffle/shuffle.hpp"

namespace shufflelab {
namespace {

#ifdef SHUFFLELAB_HAS_PDEP_INSTRUCTION
TEST(ShuffleOracle, HardwarePdepMatchesSoftware) {
  if (!cpu_has_bmi2()) GTEST_SKIP() << "this CPU has no BMI2";
  std::mt19937_64 rng(2023);
  for (int i = 0; i < 200000; ++i) {
    const std::uint64_t value = rng(), mask = i % 2 ? rng() & rng() : rng() | rng();
    const std::uint64_t want = pdep_u64_hardware(value, mask);
    ASSERT_EQ(pdep_u64_soft(value, mask), want);
    ASSERT_EQ(pdep_u64(value, mask), want);
    const auto n = static_cast<unsigned>(rng() % 64);
    std::uint64_t hardware_cards = mask, portable_cards = mask;
    if (n < static_cast<unsigned>(popcount64(mask))) {
      ASSERT_EQ(strike_nth_card(portable_cards, n), strike_nth_card_hardware(hardware_cards, n));
      ASSERT_EQ(portable_cards, hardware_cards);
    }
    ASSERT_EQ(detail::clear_nth_set_bit_by_select(mask, n), pdep_u64_hardware(~(std::uint64_t{1} << n), mask));
  }
}
#endif

// shuffle.c's main() with srand(seed) instead of srand(time(NULL)), on the
// real rand(), printing into a string.
std::string real_shuffle_c(unsigned seed, std::size_t num_cards) {
  srand(seed);
  rand();
  rand();
  rand();
  rand();
  std::vector<int> deck(num_cards);
  for (std::size_t i = 0; i < num_cards; i++) deck[i] = static_cast<int>(i);
  for (std::size_t i = num_cards - 1; i > 0; i--) {
    const int low = 0, high = static_cast<int>(i);
    double r;
    do {
      r = static_cast<double>(rand()) / RAND_MAX;
    } while (r >= 1.0);
    const int j = static_cast<int>(low + (high - low + 1) * r);
    std::swap(deck[i], deck[static_cast<std::size_t>(j)]);
  }
  std::string out;
  char buffer[16];
  for (int card : deck) {
    std::snprintf(buffer, sizeof buffer, "%d ", card);
    out += buffer;
  }
  return out + '\n';
}

TEST(ShuffleOracle, Lin2003MatchesShuffleCOnTheRealGlibc) {
  std::vector<unsigned> seeds = {0, 1, 2, 1044, 1700000000, 0x7FFFFFFF, 0x80000000, 0xFFFFFFFF};
  std::mt19937 rng(20030204);
  for (int i = 0; i < 200; ++i) seeds.push_back(static_cast<unsigned>(rng()));
  for (unsigned seed : seeds)
    for (std::uint32_t n : {1u, 2u, 3u, 10u, 52u, 500u})
      ASSERT_EQ(lin2003_output(seed, n), real_shuffle_c(seed, n)) << "seed " << seed << " n " << n;
}

TEST(ShuffleOracle, Lin2003RetriesRandMaxLikeShuffleC) {
  // Found by scanning seeds with the real rand(): after srand(50091614) the
  // 16th call returns RAND_MAX, i.e. r = 1.0, which randomInt() retries.
  constexpr unsigned kSeed = 50091614;
  srand(kSeed);
  for (int call = 0; call < 15; ++call) ASSERT_NE(rand(), RAND_MAX);
  ASSERT_EQ(rand(), RAND_MAX);

  std::vector<ShuffleEvent> trace;
  Lin2003Draws draws(kSeed, &trace);
  const ShuffleSpec spec{ShuffleAlgo::FisherYates, 52};
  const auto deck = shuffle_fast(spec, draws);
  std::size_t rejects = 0;
  for (std::size_t k = 0; k < trace.size(); ++k)
    if (trace[k].kind == EventKind::Reject) {
      ++rejects;
      EXPECT_EQ(k, 15u);  // 4 warm-ups, then one event per rand() call
      EXPECT_EQ(static_cast<int>(trace[k].a), RAND_MAX);
    }
  EXPECT_EQ(rejects, 1u);
  std::string text;
  for (std::uint32_t card : deck) text += std::to_string(card) + " ";
  EXPECT_EQ(text + "\n", real_shuffle_c(kSeed, 52));
  EXPECT_EQ(lin2003_output(kSeed, 52), real_shuffle_c(kSeed, 52));
}

#ifdef SHUFFLELAB_CLI_PATH

struct CliRun {
  int status;
  std::string out;
};

// Runs the CLI with `args` (already shell-safe); stderr is discarded.
CliRun run_cli(const std::string& args) {
  const std::string command = std::string(SHUFFLELAB_CLI_PATH) + " " + args + " 2>/dev/null";
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) return {-1, ""};
  std::string out;
  char buffer[4096];
  std::size_t got;
  while ((got = std::fread(buffer, 1, sizeof buffer, pipe)) > 0) out.append(buffer, got);
  const int raw = pclose(pipe);
  return {WIFEXITED(raw) ? WEXITSTATUS(raw) : -1, out};
}

struct Deal {
  std::string cards;
  unsigned calls = 0;
};

// The One Chip article's steps, written out again.
Deal reference_deal(std::uint32_t seed) {
  std::vector<std::uint32_t> hand;
  Deal deal;
  std::uint32_t state = seed;
  while (hand.size() < 10) {
    state = state * 1664525u + 1013904223u;
    ++deal.calls;
    const std::uint32_t card = state >> 26;
    if (card < 52 && std::find(hand.begin(), hand.end(), card) == hand.end()) hand.push_back(card);
  }
  for (std::uint32_t card : hand) deal.cards += (deal.cards.empty() ? "" : " ") + std::to_string(card);
  return deal;
}

TEST(ShuffleOracle, CliLin2003PrintsWhatShuffleCPrints) {
  for (unsigned seed : {0u, 1u, 1044u, 1700000000u, 4294967295u})
    for (unsigned n : {1u, 5u, 52u, 100u}) {
      const CliRun run =
          run_cli("shuffle --algo lin2003 --seed " + std::to_string(seed) + " --n " + std::to_string(n));
      ASSERT_EQ(run.status, 0);
      ASSERT_EQ(run.out, real_shuffle_c(seed, n)) << "seed " << seed << " n " << n;
    }
  // No --n: the program's default deck of 52.
  EXPECT_EQ(run_cli("shuffle --algo lin2003 --seed 99").out, real_shuffle_c(99, 52));
}

TEST(ShuffleOracle, CliShuffleWithDraws) {
  // Hand-worked: see tests/core/shuffle/shuffle_test.cpp HandWorkedDecks.
  EXPECT_EQ(run_cli("shuffle --algo pdep --n 5 --draws 4,0,2,1,0").out, "4 0 3 2 1\n");
  EXPECT_EQ(run_cli("shuffle --algo fisher-yates --n 4 --draws 1,2,0").out, "3 0 2 1\n");
  EXPECT_EQ(run_cli("shuffle --algo partial --n 6 --take 2 --draws 0,2").out, "0 2\n");
  EXPECT_EQ(run_cli("shuffle --algo sort-keys --n 5 --key-range 2 --draws 1,0,1,0,0").out, "1 3 4 0 2\n");
  for (const char* bad : {"shuffle --algo pdep --n 5 --draws 4,0,2,1", "shuffle --algo pdep --n 5 --draws 4,0,3,1,0",
                          "shuffle --algo pdep --n 5 --draws 4,x,2,1,0", "shuffle --algo pdep --n 5",
                          "shuffle --algo pdep --n 5 --draws 4,0,2,1,0 --seed 3", "shuffle --algo bogus --n 5 --seed 1",
                          "shuffle --algo lin2003 --seed -1"}) {
    EXPECT_EQ(run_cli(bad).status, 2) << bad;
  }
}

TEST(ShuffleOracle, CliPokerDeal) {
  for (std::uint32_t seed : {0u, 1u, 0xDEADBEEFu, 0xFFFFFFFFu, 0x12345678u}) {
    char hex[16];
    std::snprintf(hex, sizeof hex, "%08X", seed);
    const Deal want = reference_deal(seed);
    EXPECT_EQ(run_cli(std::string("poker --deal --seed ") + hex).out, want.cards + "\n" + std::to_string(want.calls) + "\n");
  }
  EXPECT_EQ(run_cli("poker --deal --seed 123456789").status, 2);  // nine hex digits
}

TEST(ShuffleOracle, CliBiasExact) {
  // Fisher-Yates on 4 cards: 24 draw lists, every card 6 times everywhere.
  EXPECT_EQ(run_cli("bias --algo fisher-yates --n 4 --exact").out, "6,6,6,6\n6,6,6,6\n6,6,6,6\n6,6,6,6\n");
  // Naive swap on 3 cards: brute force over the 27 draw lists.
  int counts[3][3] = {};
  for (int a = 0; a < 3; ++a)
    for (int b = 0; b < 3; ++b)
      for (int c = 0; c < 3; ++c) {
        int deck[3] = {0, 1, 2};
        std::swap(deck[0], deck[a]);
        std::swap(deck[1], deck[b]);
        std::swap(deck[2], deck[c]);
        for (int p = 0; p < 3; ++p) ++counts[p][deck[p]];
      }
  std::string want;
  for (auto& row : counts) want += std::to_string(row[0]) + "," + std::to_string(row[1]) + "," + std::to_string(row[2]) + "\n";
  EXPECT_EQ(run_cli("bias --algo naive --n 3 --exact").out, want);
  // Seeded runs: n rows of n counts each summing to the number of shuffles.
  const CliRun run = run_cli("bias --algo lin2003 --n 5 --shuffles 1000 --seed 1700000000");
  ASSERT_EQ(run.status, 0);
  std::istringstream lines(run.out);
  std::string line;
  int rows = 0;
  while (std::getline(lines, line)) {
    long sum = 0;
    std::istringstream cells(line);
    std::string cell;
    while (std::getline(cells, cell, ',')) sum += std::stol(cell);
    EXPECT_EQ(sum, 1000);
    ++rows;
  }
  EXPECT_EQ(rows, 5);
  EXPECT_EQ(run_cli("bias --algo fisher-yates --n 4 --exact --shuffles 5").status, 2);
}

TEST(ShuffleOracle, CliPokerSweepFindsTheArticlesWorstCase) {
  // The whole 2^32-seed sweep (seconds on two cores). The article reports
  // that its exhaustive PC run needed at most 39 LCRNG calls for a deal.
  const CliRun run = run_cli("poker --sweep");
  ASSERT_EQ(run.status, 0);
  std::istringstream lines(run.out);
  std::string line, last;
  unsigned long long seeds = 0, total_calls = 0;
  while (std::getline(lines, line)) {
    unsigned calls = 0;
    unsigned long long count = 0;
    if (std::sscanf(line.c_str(), "calls %u seeds %llu", &calls, &count) == 2) {
      seeds += count;
      total_calls += calls * count;
    }
    last = line;
  }
  EXPECT_EQ(seeds, 1ull << 32);
  unsigned max_calls = 0, seed = 0;
  double mean = 0;
  ASSERT_EQ(std::sscanf(last.c_str(), "max %u seed 0x%X mean %lf", &max_calls, &seed, &mean), 3) << last;
  EXPECT_EQ(max_calls, 39u);
  EXPECT_EQ(reference_deal(seed).calls, 39u);
  char want_mean[32];
  std::snprintf(want_mean, sizeof want_mean, "%.4f", static_cast<double>(total_calls) / 4294967296.0);
  EXPECT_NE(last.find(std::string("mean ") + want_mean), std::string::npos) << last;
}

#endif  // SHUFFLELAB_CLI_PATH

}  // namespace
}  // namespace shufflelab
