#include "core/check/deck_checks.hpp"

#include <algorithm>
#include <bit>
#include <cmath>

#include "core/check/check_laws.hpp"
#include "core/check/deck_diagnosis.hpp"
#include "core/check/check_stats.hpp"
#include "core/base/text_format.hpp"

namespace shufflelab {

DeckTally::DeckTally(std::size_t n)
    : n_(n),
      position_card_(n * n, 0),
      lehmer_(n * n, 0),
      fixed_points_(n + 1, 0),
      cycles_(n + 1, 0),
      rising_(n + 1, 0),
      successions_(n, 0),
      where_(n, 0),
      visited_(n, 0),
      fenwick_(n + 1, 0) {}

void DeckTally::add(std::span<const std::uint16_t> deck) {
  ++decks_;
  std::size_t fixed = 0, follows = 0;
  for (std::size_t pos = 0; pos < n_; ++pos) {
    const std::uint16_t card = deck[pos];
    ++position_card_[pos * n_ + card];
    fixed += card == pos;
    where_[card] = static_cast<std::uint16_t>(pos);
    if (pos + 1 < n_) follows += deck[pos + 1] == card + 1;
  }
  ++fixed_points_[fixed];
  ++successions_[follows];
  std::size_t rising = 1;
  for (std::size_t card = 0; card + 1 < n_; ++card) rising += where_[card + 1] < where_[card];
  ++rising_[rising];
  std::fill(visited_.begin(), visited_.end(), std::uint8_t{0});
  std::size_t cycles = 0;
  for (std::size_t start = 0; start < n_; ++start) {
    if (visited_[start]) continue;
    ++cycles;
    for (std::size_t pos = start; !visited_[pos]; pos = deck[pos]) visited_[pos] = 1;
  }
  ++cycles_[cycles];
  add_lehmer(deck);
}

void DeckTally::add_lehmer(std::span<const std::uint16_t> deck) {
  // Digit at position i: cards below it (positions > i) smaller than deck[i]
  // = cards smaller than deck[i] not yet seen from the top.
  if (n_ <= 64) {
    std::uint64_t unseen = n_ == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << n_) - 1;
    for (std::size_t pos = 0; pos < n_; ++pos) {
      const std::uint64_t below = (std::uint64_t{1} << deck[pos]) - 1;
      ++lehmer_[pos * n_ + static_cast<std::size_t>(std::popcount(unseen & below))];
      unseen &= ~(std::uint64_t{1} << deck[pos]);
    }
    return;
  }
  std::fill(fenwick_.begin(), fenwick_.end(), 0u);  // counts of seen cards, 1-based tree
  for (std::size_t pos = 0; pos < n_; ++pos) {
    std::size_t seen_smaller = 0;
    for (std::size_t i = deck[pos]; i > 0; i &= i - 1) seen_smaller += fenwick_[i];
    ++lehmer_[pos * n_ + (deck[pos] - seen_smaller)];
    for (std::size_t i = deck[pos] + 1u; i <= n_; i += i & (~i + 1)) ++fenwick_[i];
  }
}

namespace {

std::string spell(const DeckSpelling& s, std::size_t card) {
  return s.notation == DeckNotation::names ? card_name(static_cast<std::uint16_t>(card))
                                           : std::to_string(card + s.first_number);
}

double mean_of(const std::vector<std::uint64_t>& histogram, std::uint64_t total) {
  double sum = 0;
  for (std::size_t k = 0; k < histogram.size(); ++k) sum += static_cast<double>(k) * static_cast<double>(histogram[k]);
  return total ? sum / static_cast<double>(total) : 0.0;
}

double mean_of_law(const std::vector<double>& law) {
  double sum = 0;
  for (std::size_t k = 0; k < law.size(); ++k) sum += static_cast<double>(k) * law[k];
  return sum;
}

// A statistic of each deck against its exact law. The report says which way
// the decks depart (too few fixed points, too many cycles); the diagnosis
// (deck_diagnosis.hpp) says which known mistake that fits.
struct LawCheck {
  const char* key;
  const char* name;
  const std::vector<std::uint64_t>& (DeckTally::*observed)() const;
  std::vector<double> (*law)(std::size_t);
  const char* quantity;
  const char* meaning;
};

constexpr LawCheck kLawChecks[] = {
    {"adjacent_pairs", "adjacent pairs (card c+1 right below card c)", &DeckTally::successions, succession_law,
     "successions (card c+1 right below card c)", "the decks keep or break up neighbours of the starting order unlike a fair shuffle"},
    {"fixed_points", "fixed points (cards still at their starting place)", &DeckTally::fixed_points, fixed_point_law,
     "fixed points (cycles of length one)", "cards stay at their starting place unlike in a fair shuffle"},
    {"cycles", "cycles of the permutation", &DeckTally::cycles, cycle_count_law, "cycles",
     "the permutations are made of a different number of cycles than a fair shuffle's"},
    {"rising_sequences", "rising sequences (runs of the starting order)", &DeckTally::rising_sequences,
     rising_sequence_law, "rising sequences", "the starting order survives in interleaved runs unlike in a fair shuffle"},
};

CheckTest law_test(const LawCheck& check, const DeckTally& tally) {
  const std::vector<std::uint64_t>& observed = (tally.*check.observed)();
  const std::vector<double> law = check.law(tally.size());
  const ChiSquare chi = binned_chi_square(observed, law, tally.decks());
  CheckTest t = make_test(check.key, check.name, chi.statistic, chi.dof, chi.p);
  const double seen = mean_of(observed, tally.decks()), fair = mean_of_law(law);
  const char* direction = seen < fair ? "fewer " : seen > fair ? "more " : "as many ";
  t.observed = std::string(direction) + check.quantity + " than a fair shuffle: " + format_value(seen) +
               " per deck, a fair shuffle gives " + format_value(fair);
  t.meaning = check.meaning;
  return t;
}

}  // namespace

CheckReport deck_report(const DeckTally& tally, const DeckSpelling& spelling, double alpha) {
  const std::size_t n = tally.size();
  const std::uint64_t decks = tally.decks();
  const double dn = static_cast<double>(n), dd = static_cast<double>(decks);
  CheckReport report;
  report.kind = "decks";
  report.alpha = alpha;
  report.facts.push_back({"decks", "decks read", dd, grouped(decks)});
  report.facts.push_back({"cards", "cards per deck", dn, std::to_string(n)});

  // Position x card.
  {
    CheckTest t;
    t.key = "position_card";
    t.name = "position x card (which card lands where)";
    const double expected = dd / dn;
    struct Cell {
      double z;
      std::size_t index;
    };
    std::vector<Cell> cells;
    for (std::size_t i = 0; i < n * n; ++i) {
      const double d = static_cast<double>(tally.position_card()[i]) - expected;
      t.statistic += d * d / expected * (dn - 1) / dn;
      cells.push_back({d / std::sqrt(expected * (1 - 1 / dn)), i});
    }
    // The cells of a permutation are tied by row and column: sum (O-E)^2/E has
    // mean n(n-1) for a fair shuffle, n/(n-1) times a chi-square on (n-1)^2.
    t.dof = (dn - 1) * (dn - 1);
    t.p = chi_square_survival(t.statistic, t.dof);
    const std::size_t shown = std::min<std::size_t>(3, cells.size());
    std::partial_sort(cells.begin(), cells.begin() + static_cast<std::ptrdiff_t>(shown), cells.end(),
                      [](const Cell& a, const Cell& b) {  // ties by cell: the same order in every standard library
                        return std::abs(a.z) != std::abs(b.z) ? std::abs(a.z) > std::abs(b.z) : a.index < b.index;
                      });
    t.observed = "most deviant:";
    for (std::size_t i = 0; i < shown; ++i) {
      const std::size_t pos = cells[i].index / n, card = cells[i].index % n;
      t.observed += (i ? "," : "") + std::string(" card ") + spell(spelling, card) + " at position " +
                    std::to_string(pos + 1) + " from the top " + grouped(tally.position_card()[cells[i].index]) +
                    " times (expected " + format_value(expected) + ", " + format_value(cells[i].z) + " sd)";
    }
    t.meaning = "some cards favour some places in the deck: a player who knows the shuffle can bet on where a card is";
    report.tests.push_back(t);
  }

  for (const LawCheck& check : kLawChecks) report.tests.push_back(law_test(check, tally));

  // Lehmer digits.
  {
    CheckTest t;
    t.key = "lehmer_digits";
    t.name = "Lehmer digits (each choice of the shuffle uniform)";
    double worst_p = 2;
    std::size_t worst = 0;
    for (std::size_t pos = 0; pos + 1 < n; ++pos) {
      const double values = dn - static_cast<double>(pos), expected = dd / values;
      double digit_statistic = 0;
      for (std::size_t d = 0; d < n - pos; ++d) {
        const double diff = static_cast<double>(tally.lehmer_digits()[pos * n + d]) - expected;
        digit_statistic += diff * diff / expected;
      }
      t.statistic += digit_statistic;
      t.dof += values - 1;
      const double p = chi_square_survival(digit_statistic, values - 1);
      if (p < worst_p) worst_p = p, worst = pos;
    }
    t.p = chi_square_survival(t.statistic, t.dof);
    t.observed = "least uniform digit: position " + std::to_string(worst + 1) + " from the top (p " +
                 format_p(worst_p) + " alone)";
    t.meaning = "the choice made for some position is not uniform over the cards left";
    report.tests.push_back(t);
  }

  judge(report, "decks", decks);
  if (report.failed) {
    report.diagnosis = deck_diagnosis_lines(tally);
    return report;
  }
  // A pass means something only if the decks could have caught the usual mistakes.
  const double per_test = alpha / static_cast<double>(report.tests.size());
  const std::uint64_t needed = decks_to_catch_naive(n, per_test);
  if (needed == 0) {
    report.notes.push_back("No sample size to catch the naive swap is computed for decks of more than " +
                           std::to_string(kMaxNaiveLawCards) + " cards.");
  } else if (decks < needed) {
    report.inconclusive = true;
    report.verdict = "NOT ENOUGH TO TELL: no test detects a bias in these " + grouped(decks) +
                     " decks, but the position x card test needs about " + grouped(needed) + " decks of " +
                     std::to_string(n) + " cards to catch the naive swap " + format_value(kDetectionPower * 100) +
                     "% of the time (alpha " + format_value(alpha) + " after correcting for " +
                     std::to_string(report.tests.size()) + " tests)";
  } else {
    report.notes.push_back(grouped(decks) + " decks are enough: the position x card test catches the naive swap " +
                           format_value(kDetectionPower * 100) + "% of the time from " + grouped(needed) + " decks of " +
                           std::to_string(n) + " cards.");
  }
  return report;
}

}  // namespace shufflelab
