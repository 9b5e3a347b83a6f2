#include "core/check/deck_diagnosis.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <limits>

#include "core/base/text_format.hpp"
#include "core/check/check_report.hpp"
#include "core/check/check_stats.hpp"
#include "core/gen/generators.hpp"
#include "core/shuffle/comparator_sort.hpp"

namespace shufflelab {

namespace {

constexpr unsigned kMaxRiffles = 8;
constexpr double kRiffleWorkBudget = 1e8;  // digits x positions x convolution cells
constexpr unsigned kModuloBits = 8;

// One card's position distribution through a shuffle of swaps: at each step a
// position `at` is swapped with position v drawn with weight[v] (v < bound).
struct SwapChain {
  std::vector<double> where;
  void step(std::size_t at, const std::vector<double>& weight) {
    double to_at = 0;
    const double here = where[at];
    for (std::size_t v = 0; v < weight.size(); ++v) {
      if (v == at) continue;
      to_at += where[v] * weight[v];
      where[v] = where[v] * (1 - weight[v]) + here * weight[v];
    }
    where[at] = to_at + here * (at < weight.size() ? weight[at] : 0.0);
  }
};

// log_factorial[m] = ln m!, for m up to the deck size.
std::vector<double> log_factorials(std::size_t n) {
  std::vector<double> out(n + 1, 0.0);
  for (std::size_t m = 2; m <= n; ++m) out[m] = out[m - 1] + std::log(static_cast<double>(m));
  return out;
}

std::vector<double> binomial_pmf(std::size_t trials, double q, const std::vector<double>& log_factorial) {
  std::vector<double> pmf(trials + 1, 0.0);
  if (q <= 0) return pmf[0] = 1, pmf;
  if (q >= 1) return pmf[trials] = 1, pmf;
  const double log_q = std::log(q), log_rest = std::log1p(-q);
  for (std::size_t j = 0; j <= trials; ++j)
    pmf[j] = std::exp(log_factorial[trials] - log_factorial[j] - log_factorial[trials - j] +
                      static_cast<double>(j) * log_q + static_cast<double>(trials - j) * log_rest);
  return pmf;
}

unsigned riffles_considered(std::size_t n) {
  const double cube = static_cast<double>(n) * static_cast<double>(n) * static_cast<double>(n) / 4;
  unsigned k = 0;
  while (k < kMaxRiffles && std::ldexp(cube, static_cast<int>(k + 1)) <= kRiffleWorkBudget) ++k;
  return k;
}

std::vector<double> sampled_comparator_law(const ComparatorSortInfo& info, std::size_t n) {
  SplitMix64 rng{0x5eed + static_cast<std::uint64_t>(info.sort)};
  auto coin = [&rng](std::uint32_t bound) { return static_cast<std::uint32_t>(rng.next() % bound); };
  std::vector<std::uint64_t> counts(n * n, 0);
  std::vector<std::uint32_t> deck(n);
  for (std::uint64_t d = 0; d < kSampledLawDecks; ++d) {
    for (std::size_t i = 0; i < n; ++i) deck[i] = static_cast<std::uint32_t>(i);
    comparator_sort(info.sort, deck, DrawRef(coin));
    for (std::size_t pos = 0; pos < n; ++pos) ++counts[pos * n + deck[pos]];
  }
  // Half a count in every cell: a card no sampled deck put somewhere is rare there, not impossible.
  std::vector<double> law(n * n);
  const double row = static_cast<double>(kSampledLawDecks) + 0.5 * static_cast<double>(n);
  for (std::size_t i = 0; i < n * n; ++i) law[i] = (static_cast<double>(counts[i]) + 0.5) / row;
  return law;
}

std::string signed_nats(double value) {
  if (value == -std::numeric_limits<double>::infinity()) return "impossible";
  return (value > 0 ? "+" : "") + format_value(value);
}

}  // namespace

std::vector<double> naive_swap_law(std::size_t n) {
  std::vector<double> law(n * n);
  const std::vector<double> uniform(n, 1.0 / static_cast<double>(n));
  for (std::size_t card = 0; card < n; ++card) {
    SwapChain chain{std::vector<double>(n, 0.0)};
    chain.where[card] = 1;
    for (std::size_t i = 0; i < n; ++i) chain.step(i, uniform);
    for (std::size_t pos = 0; pos < n; ++pos) law[pos * n + card] = chain.where[pos];
  }
  return law;
}

std::vector<double> modulo_fisher_yates_law(std::size_t n, unsigned bits) {
  const double words = std::ldexp(1.0, static_cast<int>(bits));
  std::vector<double> law(n * n);
  for (std::size_t card = 0; card < n; ++card) {
    SwapChain chain{std::vector<double>(n, 0.0)};
    chain.where[card] = 1;
    for (std::size_t top = n - 1; top >= 1; --top) {
      const std::size_t bound = top + 1;
      const double each = std::floor(words / static_cast<double>(bound));
      const double extra = words - each * static_cast<double>(bound);  // this many values get one word more
      std::vector<double> weight(bound);
      for (std::size_t v = 0; v < bound; ++v) weight[v] = (each + (static_cast<double>(v) < extra ? 1 : 0)) / words;
      chain.step(top, weight);
    }
    for (std::size_t pos = 0; pos < n; ++pos) law[pos * n + card] = chain.where[pos];
  }
  return law;
}

std::vector<double> sattolo_law(std::size_t n) {
  std::vector<double> law(n * n, 1.0 / static_cast<double>(n - 1));
  for (std::size_t i = 0; i < n; ++i) law[i * n + i] = 0;
  return law;
}

std::vector<double> riffle_law(std::size_t n, unsigned riffles) {
  const std::size_t digits = std::size_t{1} << riffles;
  const double a = static_cast<double>(digits);
  const std::vector<double> log_factorial = log_factorials(n);
  std::vector<double> law(n * n, 0.0);
  for (std::size_t pos = 0; pos < n; ++pos) {
    for (std::size_t d = 0; d < digits; ++d) {
      const std::vector<double> above = binomial_pmf(pos, static_cast<double>(d + 1) / a, log_factorial);
      const std::vector<double> below = binomial_pmf(n - 1 - pos, static_cast<double>(d) / a, log_factorial);
      for (std::size_t i = 0; i < above.size(); ++i)
        for (std::size_t j = 0; j < below.size(); ++j) law[pos * n + i + j] += above[i] * below[j] / a;
    }
  }
  return law;
}

std::vector<DeckMistakeLaw> deck_mistake_laws(std::size_t n) {
  std::vector<DeckMistakeLaw> laws;
  laws.push_back({"naive", "the naive swap (swap card i with any card: random(n) instead of random(i+1))", true,
                  naive_swap_law(n)});
  laws.push_back({"sattolo", "the off-by-one Fisher-Yates (random(i) instead of random(i+1)), i.e. Sattolo's algorithm", true,
                  sattolo_law(n)});
  for (unsigned k = 1; k <= riffles_considered(n); ++k)
    laws.push_back({"riffle" + std::to_string(k),
                    "too few riffles: " + std::to_string(k) + (k == 1 ? " riffle" : " riffles") + " (Gilbert-Shannon-Reeds)",
                    true, riffle_law(n, k)});
  if (n <= (std::size_t{1} << kModuloBits))
    laws.push_back({"modulo" + std::to_string(kModuloBits),
                    "modulo bias: Fisher-Yates with random(k) = word % k on " + std::to_string(kModuloBits) + "-bit words",
                    true, modulo_fisher_yates_law(n, kModuloBits)});
  for (const ComparatorSortInfo& info : comparator_sorts()) {
    // Chromium's V8 sort is binary insertion below 16 cards and the V8 model from there: no law of its own.
    if (info.sort == ComparatorSort::V8Chromium) continue;
    if (info.sort == ComparatorSort::V8 && n > kMaxV8ModelCards) continue;
    std::string sort(info.label);
    if (sort.size() > 1 && std::islower(static_cast<unsigned char>(sort[1])))  // a word, not a name like V8
      sort[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(sort[0])));
    laws.push_back({std::string(shuffle_algo_name(info.algo)), "a random comparator: " + sort + " with a coin-flip comparator",
                    false, sampled_comparator_law(info, n)});
  }
  return laws;
}

std::vector<DeckMistakeFit> fit_deck_mistakes(const DeckTally& tally) {
  const std::size_t n = tally.size();
  const double dn = static_cast<double>(n);
  std::vector<DeckMistakeFit> fits;
  for (const DeckMistakeLaw& law : deck_mistake_laws(n)) {
    DeckMistakeFit fit{law.key, law.label, law.exact, 0};
    for (std::size_t i = 0; i < n * n; ++i) {
      const auto count = static_cast<double>(tally.position_card()[i]);
      if (count == 0) continue;
      if (law.cells[i] <= 0) {
        fit.versus_fair = -std::numeric_limits<double>::infinity();
        break;
      }
      fit.versus_fair += count * std::log(dn * law.cells[i]);
    }
    fits.push_back(std::move(fit));
  }
  std::stable_sort(fits.begin(), fits.end(),
                   [](const DeckMistakeFit& a, const DeckMistakeFit& b) { return a.versus_fair > b.versus_fair; });
  return fits;
}

std::uint64_t decks_to_catch_naive(std::size_t n, double alpha_per_test, double power) {
  if (n < 2 || n > kMaxNaiveLawCards) return 0;
  const std::vector<double> law = naive_swap_law(n);
  const double dn = static_cast<double>(n);
  double distance = 0;  // sum of squared departures from 1/n
  for (double p : law) distance += (p - 1 / dn) * (p - 1 / dn);
  const double dof = (dn - 1) * (dn - 1);
  const double critical = chi_square_critical(alpha_per_test, dof);
  // The test's statistic (deck_checks.cpp) has mean dof + decks (n-1) distance under the naive law.
  const auto caught = [&](double decks) {
    const double lambda = decks * (dn - 1) * distance;
    const double scale = (dof + 2 * lambda) / (dof + lambda), shape = (dof + lambda) * (dof + lambda) / (dof + 2 * lambda);
    return chi_square_survival(critical / scale, shape) >= power;
  };
  std::uint64_t low = 1, high = 2;
  while (!caught(static_cast<double>(high))) {
    low = high, high *= 2;
    if (high > (std::uint64_t{1} << 50)) return 0;
  }
  while (high - low > 1) {
    const std::uint64_t mid = low + (high - low) / 2;
    (caught(static_cast<double>(mid)) ? high : low) = mid;
  }
  return high;
}

std::vector<std::string> deck_diagnosis_lines(const DeckTally& tally) {
  const std::size_t n = tally.size();
  if (n > kMaxDiagnosisCards)
    return {"No diagnosis of the mistake for decks of more than " + std::to_string(kMaxDiagnosisCards) +
            " cards: the laws it compares cost n^3 and more."};
  const std::vector<DeckMistakeFit> fits = fit_deck_mistakes(tally);
  std::vector<std::string> lines;
  const DeckMistakeFit& best = fits.front();
  if (!(best.versus_fair > 0)) {
    lines.push_back("None of the known mistakes fits these decks better than a fair shuffle does: the bias is of another kind.");
  } else {
    std::string line = "Best fit: " + best.label + ", log-likelihood " + signed_nats(best.versus_fair) +
                       " against a fair shuffle";
    if (fits.size() > 1) {
      const DeckMistakeFit& next = fits[1];
      line += next.versus_fair == -std::numeric_limits<double>::infinity()
                  ? "; every other candidate is impossible for these decks"
                  : ", " + format_value(best.versus_fair - next.versus_fair) + " ahead of the next, " + next.label;
    }
    lines.push_back(line + ".");
  }
  std::string all = "Log-likelihood of the position x card counts against a fair shuffle (each position's row a "
                    "multinomial under the mistake's law; exact laws";
  const bool sampled = std::any_of(fits.begin(), fits.end(), [](const DeckMistakeFit& f) { return !f.exact; });
  if (sampled)
    all += ", except the comparator sorts', sampled from " + grouped(kSampledLawDecks) + " decks of the core's models";
  all += "; impossible: the decks put a card where that mistake never does):";
  for (std::size_t i = 0; i < fits.size(); ++i) all += (i ? "; " : " ") + fits[i].key + " " + signed_nats(fits[i].versus_fair);
  lines.push_back(all + ".");
  return lines;
}

}  // namespace shufflelab
