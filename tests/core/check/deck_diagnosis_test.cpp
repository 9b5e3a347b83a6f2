// The Check lab's diagnosis: the mistakes' exact position x card laws against
// enumerations written here (every draw list, every word, every riffle's
// packet labels), the mistake named for decks made by the core's flawed
// shuffles and by independent ones written here, "not enough to tell" for
// small samples, and the sample size that catches the naive swap against a
// simulation that computes the test's statistic itself.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "core/base/text_format.hpp"
#include "core/check/check_examples.hpp"
#include "core/check/check_session.hpp"
#include "core/check/check_stats.hpp"
#include "core/check/deck_diagnosis.hpp"

namespace shufflelab {
namespace {

using Deck = std::vector<std::size_t>;
using Matrix = std::vector<double>;

// Every list of `count` draws below `bound` (an odometer), each applied to 0..n-1.
Matrix enumerate(std::size_t n, std::size_t count, std::size_t bound,
                 const std::function<void(Deck&, const std::vector<std::size_t>&)>& shuffle) {
  Matrix m(n * n, 0.0);
  std::vector<std::size_t> draws(count, 0);
  double lists = 0;
  for (;;) {
    Deck d(n);
    for (std::size_t i = 0; i < n; ++i) d[i] = i;
    shuffle(d, draws);
    for (std::size_t pos = 0; pos < n; ++pos) m[pos * n + d[pos]] += 1;
    lists += 1;
    std::size_t i = 0;
    while (i < count && ++draws[i] == bound) draws[i++] = 0;
    if (i == count) break;
  }
  for (double& x : m) x /= lists;
  return m;
}

void expect_same(const Matrix& a, const Matrix& b) {
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t i = 0; i < a.size(); ++i) EXPECT_NEAR(a[i], b[i], 1e-12) << "cell " << i;
}

TEST(DeckDiagnosisLaws, NaiveSwapEqualsEveryDrawList) {
  for (std::size_t n : {3u, 4u, 5u}) {
    const Matrix brute = enumerate(n, n, n, [n](Deck& d, const std::vector<std::size_t>& r) {
      for (std::size_t i = 0; i < n; ++i) std::swap(d[i], d[r[i]]);
    });
    expect_same(naive_swap_law(n), brute);
  }
}

TEST(DeckDiagnosisLaws, ModuloFisherYatesEqualsEveryWord) {
  // 3-bit words, so 8 % k leaves a remainder for k = 3, 5: from the bottom, swap(top, word % (top + 1)).
  const std::size_t n = 5;
  const Matrix brute = enumerate(n, n - 1, 8, [n](Deck& d, const std::vector<std::size_t>& w) {
    for (std::size_t top = n - 1, i = 0; top >= 1; --top, ++i) std::swap(d[top], d[w[i] % (top + 1)]);
  });
  expect_same(modulo_fisher_yates_law(n, 3), brute);
}

TEST(DeckDiagnosisLaws, RifflesEqualEveryCutAndDrop) {
  // One GSR riffle = n fair coins, read as which packet each final position takes its card from (label 0:
  // the top packet, as many cards as zeros); k riffles = k such label lists, applied in turn.
  for (std::size_t n : {4u, 5u})
    for (unsigned k : {1u, 2u}) {
      const Matrix brute = enumerate(n, n * k, 2, [n, k](Deck& d, const std::vector<std::size_t>& labels) {
        for (unsigned r = 0; r < k; ++r) {
          const auto top_cards = static_cast<std::size_t>(
              std::count(labels.begin() + r * n, labels.begin() + (r + 1) * n, std::size_t{0}));
          Deck out(n);
          std::size_t from_top = 0, from_bottom = top_cards;
          for (std::size_t pos = 0; pos < n; ++pos) out[pos] = labels[r * n + pos] == 0 ? d[from_top++] : d[from_bottom++];
          d = out;
        }
      });
      expect_same(riffle_law(n, k), brute);
    }
}

TEST(DeckDiagnosisLaws, SattoloEqualsEveryDrawList) {
  // From the bottom, swap(top, random(top)): draws below 3, 2 and 1 for 4 cards, 6 lists.
  Matrix brute(16, 0.0);
  for (std::size_t a = 0; a < 3; ++a)
    for (std::size_t b = 0; b < 2; ++b) {
      Deck d = {0, 1, 2, 3};
      std::swap(d[3], d[a]);
      std::swap(d[2], d[b]);
      std::swap(d[1], d[0]);
      for (std::size_t pos = 0; pos < 4; ++pos) brute[pos * 4 + d[pos]] += 1.0 / 6;
    }
  expect_same(sattolo_law(4), brute);
}

// ---- Decks and their reports ------------------------------------------------

std::string decks_text(std::size_t count, std::size_t n, std::uint64_t seed,
                       const std::function<void(Deck&, std::mt19937_64&)>& shuffle) {
  std::mt19937_64 rng(seed);
  std::string text;
  Deck d(n);
  for (std::size_t k = 0; k < count; ++k) {
    for (std::size_t i = 0; i < n; ++i) d[i] = i;
    shuffle(d, rng);
    for (std::size_t i = 0; i < n; ++i) text += std::to_string(d[i]) + (i + 1 < n ? "," : "\n");
  }
  return text;
}

std::size_t below(std::mt19937_64& rng, std::size_t k) { return std::uniform_int_distribution<std::size_t>(0, k - 1)(rng); }

CheckReport check_decks(const std::string& text) {
  auto session = std::move(CheckSession::make(CheckOptions{}).value());
  session->feed(text);
  auto report = session->finish();
  EXPECT_TRUE(report) << report.error();
  return report ? *report : CheckReport{};
}

void naive(Deck& d, std::mt19937_64& rng) {
  for (std::size_t i = 0; i < d.size(); ++i) std::swap(d[i], d[below(rng, d.size())]);
}
void off_by_one(Deck& d, std::mt19937_64& rng) {  // Fisher-Yates with random(i) where random(i + 1) was meant
  for (std::size_t i = d.size() - 1; i > 0; --i) std::swap(d[i], d[below(rng, i)]);
}
void riffles(Deck& d, std::mt19937_64& rng, int times) {  // GSR: binomial cut, drop in proportion to packet sizes
  for (int t = 0; t < times; ++t) {
    const auto cut = static_cast<std::size_t>(std::binomial_distribution<int>(static_cast<int>(d.size()), 0.5)(rng));
    const Deck top(d.begin(), d.begin() + static_cast<std::ptrdiff_t>(cut)), bottom(d.begin() + static_cast<std::ptrdiff_t>(cut), d.end());
    std::size_t a = 0, b = 0;
    for (std::size_t k = 0; k < d.size(); ++k)
      d[k] = below(rng, top.size() - a + bottom.size() - b) < top.size() - a ? top[a++] : bottom[b++];
  }
}
void coin_insertion(Deck& d, std::mt19937_64& rng) {  // insertion sort, the comparator a coin
  for (std::size_t i = 1; i < d.size(); ++i)
    for (std::size_t j = i; j > 0 && below(rng, 2) == 1; --j) std::swap(d[j], d[j - 1]);
}
void coin_merge(Deck& d, std::size_t lo, std::size_t hi, std::mt19937_64& rng) {  // left half floor(n/2), as glibc
  if (hi - lo < 2) return;
  const std::size_t mid = lo + (hi - lo) / 2;
  coin_merge(d, lo, mid, rng);
  coin_merge(d, mid, hi, rng);
  Deck merged;
  std::size_t a = lo, b = mid;
  while (a < mid || b < hi) merged.push_back((b == hi || (a < mid && below(rng, 2) == 1)) ? d[a++] : d[b++]);
  std::copy(merged.begin(), merged.end(), d.begin() + static_cast<std::ptrdiff_t>(lo));
}
void modulo8(Deck& d, std::mt19937_64& rng) {  // Fisher-Yates from the bottom, random(k) = byte % k
  for (std::size_t top = d.size() - 1; top >= 1; --top) std::swap(d[top], d[(rng() & 0xFF) % (top + 1)]);
}

// The best fit's key: the diagnosis lists every candidate's score, best first, after "): ".
std::string best_fit(const CheckReport& r) {
  EXPECT_TRUE(r.failed) << report_text(r);
  if (r.diagnosis.size() < 2) return "";
  EXPECT_EQ(r.diagnosis.front().rfind("Best fit: ", 0), 0u) << r.diagnosis.front();
  const std::string& all = r.diagnosis.back();
  const std::size_t first = all.find("): ") + 3;
  return all.substr(first, all.find(' ', first) - first);
}

struct Maker {
  const char* expected_key;
  std::size_t decks_of_10, decks_of_52;  // 0: not tried (5 riffles of 10 cards are nearly fair)
  std::function<void(Deck&, std::mt19937_64&)> shuffle;
};

TEST(DeckDiagnosis, NamesTheMistakeOfDecksShuffledHere) {
  const std::vector<Maker> makers = {
      {"naive", 20000, 20000, naive},
      {"sattolo", 500, 500, off_by_one},
      {"riffle3", 2000, 2000, [](Deck& d, std::mt19937_64& rng) { riffles(d, rng, 3); }},
      {"riffle5", 0, 20000, [](Deck& d, std::mt19937_64& rng) { riffles(d, rng, 5); }},
      {"cmp-insertion", 2000, 2000, coin_insertion},
      {"cmp-merge", 5000, 5000, [](Deck& d, std::mt19937_64& rng) { coin_merge(d, 0, d.size(), rng); }},
      // 256 % k is at most 6 for k <= 10: a bias of about 2% per draw needs many decks.
      {"modulo8", 200000, 20000, modulo8},
  };
  for (std::size_t n : {10u, 52u})
    for (const Maker& m : makers) {
      const std::size_t decks = n == 10 ? m.decks_of_10 : m.decks_of_52;
      if (decks) EXPECT_EQ(best_fit(check_decks(decks_text(decks, n, 7, m.shuffle))), m.expected_key) << n << " cards";
    }
}

TEST(DeckDiagnosis, NamesTheMistakeOfTheCoresOwnFlawedShuffles) {
  struct Case {
    ShuffleAlgo algo;
    const char* expected_key;
    std::uint64_t decks;
    const char* method = "lemire";
    unsigned bits = 64;
  };
  const Case cases[] = {
      {ShuffleAlgo::Naive, "naive", 20000},
      {ShuffleAlgo::Sattolo, "sattolo", 500},
      {ShuffleAlgo::Riffle, "riffle3", 2000},
      {ShuffleAlgo::CmpInsertion, "cmp-insertion", 2000},
      {ShuffleAlgo::CmpBinaryInsertion, "cmp-binary-insertion", 5000},
      {ShuffleAlgo::CmpMerge, "cmp-merge", 5000},
      {ShuffleAlgo::CmpQuickFirst, "cmp-quick-first", 5000},
      {ShuffleAlgo::CmpQuickMedian3, "cmp-quick-median3", 5000},
      {ShuffleAlgo::CmpV8, "cmp-v8", 5000},
      {ShuffleAlgo::FisherYates, "modulo8", 20000, "modulo", 8},
  };
  for (const Case& c : cases) {
    DrawSourceSpec source;
    source.seed = 11;
    source.method = *parse_draw_method("method", c.method);
    source.bits = c.bits;
    const auto text = example_decks(c.algo, 52, c.decks, source, 3);
    ASSERT_TRUE(text) << text.error();
    EXPECT_EQ(best_fit(check_decks(*text)), c.expected_key) << shuffle_algo_name(c.algo);
  }
}

TEST(DeckDiagnosis, TooFewDecksAreNotEnoughToTellWithTheNumberNeeded) {
  const std::uint64_t needed = decks_to_catch_naive(52, kDefaultCheckAlpha / 6);
  const CheckReport few = check_decks(decks_text(100, 52, 3, naive));
  EXPECT_FALSE(few.failed) << report_text(few);
  EXPECT_TRUE(few.inconclusive);
  EXPECT_EQ(few.verdict.rfind("NOT ENOUGH TO TELL", 0), 0u) << few.verdict;
  EXPECT_NE(few.verdict.find("needs about " + grouped(needed) + " decks of 52 cards to catch the naive swap"),
            std::string::npos)
      << few.verdict;
  EXPECT_EQ(report_text(few).find("PASS"), std::string::npos);
  // Enough fair decks: a pass that means something.
  const CheckReport fair = check_decks(decks_text(needed, 52, 5, [](Deck& d, std::mt19937_64& rng) {
    for (std::size_t i = d.size() - 1; i > 0; --i) std::swap(d[i], d[below(rng, i + 1)]);
  }));
  EXPECT_FALSE(fair.failed) << report_text(fair);
  EXPECT_FALSE(fair.inconclusive);
  EXPECT_EQ(fair.verdict.rfind("PASS", 0), 0u) << fair.verdict;
}

// The position x card statistic computed here from the decks, scaled as a
// permutation's cells require: its mean for a fair shuffle is exactly (n-1)^2.
double position_statistic(const std::vector<double>& counts, std::size_t n, std::size_t decks) {
  const double expected = static_cast<double>(decks) / static_cast<double>(n);
  double sum = 0;
  for (double c : counts) sum += (c - expected) * (c - expected) / expected;
  return sum * static_cast<double>(n - 1) / static_cast<double>(n);
}

double detection_rate(std::size_t n, std::size_t decks, double critical, int runs, std::mt19937_64& rng,
                      void (*shuffle)(Deck&, std::mt19937_64&), double* mean = nullptr) {
  int caught = 0;
  double total = 0;
  Deck d(n);
  for (int run = 0; run < runs; ++run) {
    std::vector<double> counts(n * n, 0.0);
    for (std::size_t k = 0; k < decks; ++k) {
      for (std::size_t i = 0; i < n; ++i) d[i] = i;
      shuffle(d, rng);
      for (std::size_t pos = 0; pos < n; ++pos) counts[pos * n + d[pos]] += 1;
    }
    const double x = position_statistic(counts, n, decks);
    total += x;
    caught += x > critical;
  }
  if (mean) *mean = total / runs;
  return static_cast<double>(caught) / runs;
}

void fisher_yates(Deck& d, std::mt19937_64& rng) {
  for (std::size_t i = d.size() - 1; i > 0; --i) std::swap(d[i], d[below(rng, i + 1)]);
}

TEST(DeckDiagnosis, TheSampleNeededToCatchTheNaiveSwapHoldsInSimulation) {
  const std::size_t n = 16;
  const double per_test = kDefaultCheckAlpha / 6, dof = 15.0 * 15.0;
  const std::uint64_t needed = decks_to_catch_naive(n, per_test);
  ASSERT_GT(needed, 10u);
  const double critical = chi_square_critical(per_test, dof);
  std::mt19937_64 rng(2024);
  // 400 runs: the rate's standard error is 1.5 points around 90%.
  const double at_needed = detection_rate(n, needed, critical, 400, rng, naive);
  EXPECT_GT(at_needed, 0.84) << needed << " decks";
  EXPECT_LT(at_needed, 0.96) << needed << " decks";
  EXPECT_LT(detection_rate(n, needed / 2, critical, 200, rng, naive), 0.5);
  // The scaling the test relies on: a fair shuffle's statistic has mean (n-1)^2 and is seldom caught.
  double mean = 0;
  EXPECT_LT(detection_rate(n, needed, critical, 400, rng, fisher_yates, &mean), 0.01);
  EXPECT_NEAR(mean, dof, 3 * std::sqrt(2 * dof / 400) + 1);
}

TEST(DeckDiagnosis, TheReportIsPlainAscii) {
  const CheckReport r = check_decks(decks_text(3000, 20, 9, naive));
  for (const std::string& text : {report_text(r), report_json(r)})
    for (const char c : text) EXPECT_TRUE(c == '\n' || (c >= 0x20 && c <= 0x7E)) << static_cast<int>(c);
}

}  // namespace
}  // namespace shufflelab
