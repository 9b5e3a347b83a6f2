#include "core/dice/dice_law.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/dice/die_law_wire.hpp"

namespace shufflelab {

namespace {

constexpr unsigned kMaxEnumeratedBits = 16;

std::string grouped_decimal(const BigUint& value) {
  const std::string digits = value.to_string();
  std::string out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    out += digits[i];
    if (i + 1 < digits.size() && (digits.size() - i - 1) % 3 == 0) out += ',';
  }
  return out;
}

// Every word through map_word: the law by brute force, for B <= 16.
void enumerate_words(const RangeReducer& reducer, DieLaw& law) {
  const std::uint64_t words = std::uint64_t{1} << reducer.bits();
  std::vector<std::uint64_t> counts(static_cast<std::size_t>(reducer.n()), 0);
  std::uint64_t rejected = 0;
  for (std::uint64_t x = 0; x < words; ++x) {
    if (const auto value = reducer.map_word(x))
      ++counts[static_cast<std::size_t>(*value)];
    else
      ++rejected;
  }
  law.weights.assign(counts.begin(), counts.end());
  law.inputs = words;
  law.rejected = rejected;
  law.total = BigUint(words - rejected);
  law.how = "all " + grouped_decimal(law.inputs) + " words of " + std::to_string(reducer.bits()) +
            " bits enumerated and counted";
}

void count_arithmetically(const RangeCounts& counts, DieLaw& law) {
  law.weights = to_big_weights(counts.counts);
  law.inputs = BigUint::from_wide(counts.inputs());
  law.rejected = BigUint::from_wide(counts.rejected);
  law.total = BigUint::from_wide(counts.accepted());
  law.how = "counted arithmetically over all 2^" + std::to_string(counts.bits) + " words (closed forms)";
}

double binomial_sigma(double rolls, double p) { return std::sqrt(rolls * p * (1.0 - p)); }

}  // namespace

Result<DieLaw> exact_die_law(const DiceMethodInfo& method, std::uint64_t sides, unsigned bits) {
  using R = Result<DieLaw>;
  if (std::string problem = die_problem(method, sides, bits); !problem.empty()) return R::fail(problem);
  DieLaw law;
  law.method = &method;
  law.sides = sides;
  law.bits = bits;
  law.log2_sides = std::log2(static_cast<double>(sides));
  if (method.coin_flips()) {
    auto exact = solve_fdr_exact(sides, method.fdr);
    if (!exact) return R::fail(exact.error());
    law.weights = exact->weights;
    law.total = exact->common_denominator;
    law.expected_bits = exact->expected_flips;
    law.how = "exact rational law of the coin-flip roller (its flips repeat their pattern after " +
              std::to_string(exact->preperiod_flips) + " + " + std::to_string(exact->period_flips) +
              " flips); fair bits assumed, so it is the same for every B";
  } else {
    const auto reducer = RangeReducer::trusted(*method.range, sides, bits);
    if (bits <= kMaxEnumeratedBits) {
      enumerate_words(reducer, law);
    } else {
      auto counts = exact_range_counts(*method.range, sides, bits);
      if (!counts) return R::fail(counts.error());
      count_arithmetically(*counts, law);
    }
    // Words are drawn until one is accepted: bits * inputs / accepted on average.
    law.expected_bits = Fraction(law.inputs * BigUint(bits), law.total);
  }
  law.probabilities.reserve(law.weights.size());
  for (const BigUint& w : law.weights) law.probabilities.push_back(ratio_to_double(w, law.total));
  law.stats = face_stats(law.weights, law.total);
  return R::ok(std::move(law));
}

double rolls_to_notice(const DieLaw& law) {
  if (law.stats.total_variation.is_zero() || law.sides < 2) return std::numeric_limits<double>::infinity();
  // sum (p_i - 1/n)^2 = sum (n w_i - T)^2 / (n T)^2, exactly: for 64-bit
  // words the differences are far below a double's resolution of p_i.
  const BigUint n(law.sides);
  BigUint squares;
  for (const BigUint& w : law.weights) {
    const BigUint d = abs_diff(n * w, law.total);
    squares += d * d;
  }
  const BigUint scale = n * law.total;
  const double sum_of_squares = ratio_to_double(squares, scale * scale);
  const double sides = static_cast<double>(law.sides);
  return 3.0 * std::sqrt(2.0 * (sides - 1.0)) / (sides * sum_of_squares);
}

std::vector<Result<DieLaw>> all_die_laws(std::uint64_t sides, unsigned bits) {
  std::vector<Result<DieLaw>> laws;
  for (const DiceMethodInfo& method : dice_methods()) laws.push_back(exact_die_law(method, sides, bits));
  return laws;
}

SampleVerdict judge_sample(std::span<const std::uint64_t> counts, std::span<const double> exact_probabilities) {
  SampleVerdict v;
  for (std::uint64_t c : counts) v.rolls += c;
  const std::size_t n = counts.size();
  const std::vector<double> uniform(n, 1.0 / static_cast<double>(n));
  v.chi_square_uniform = chi_square_statistic(counts, uniform);
  v.dof_uniform = static_cast<double>(n) - 1.0;
  v.p_uniform = n > 1 ? chi_square_p_value(v.chi_square_uniform, v.dof_uniform) : 1.0;
  v.chi_square_exact = chi_square_statistic(counts, exact_probabilities);
  const auto possible = std::count_if(exact_probabilities.begin(), exact_probabilities.end(), [](double p) { return p > 0; });
  v.dof_exact = static_cast<double>(possible) - 1.0;
  v.p_exact = v.dof_exact > 0 ? chi_square_p_value(v.chi_square_exact, v.dof_exact)
                              : (std::isinf(v.chi_square_exact) ? 0.0 : 1.0);
  const double rolls = static_cast<double>(v.rolls);
  for (double p : exact_probabilities) {
    const double spread = rolls > 0 ? 2.0 * binomial_sigma(rolls, p) / rolls : 0.0;
    v.band_low.push_back(std::max(0.0, p - spread));
    v.band_high.push_back(std::min(1.0, p + spread));
  }
  return v;
}

std::string_view read_p_value(double p) {
  if (p < 1e-6) return "far too unlikely for chance: the sample does not follow this law";
  if (p < 1e-3) return "very unlikely by chance (p < 0.001): the sample does not follow this law";
  if (p < 0.05) return "somewhat unusual (p < 0.05): worth rolling again before concluding";
  return "consistent with this law";
}

bool expression_law_is_quick(const DiceExpr& expr) {
  // A rough cost in limb operations: each die is convolved over the totals
  // so far with numbers of `limbs` 32-bit limbs; keep/drop terms run a
  // dynamic programme over faces x dice x kept sums. Measured: about 1e6 of
  // these units take 2-4 ms natively, a few times that in wasm.
  double outcome_bits = 0, totals = 1, dice = 0, work = 0;
  for (const DiceTerm& term : expr.terms) {
    if (term.is_constant()) continue;
    outcome_bits += term.count * std::log2(static_cast<double>(term.sides));
    totals += static_cast<double>(term.kept()) * term.sides;
    dice += term.count;
  }
  const double limbs = outcome_bits / 32.0 + 1.0;
  for (const DiceTerm& term : expr.terms) {
    if (term.is_constant()) continue;
    const double count = term.count, sides = term.sides;
    if (term.kept() == term.count)
      work += count * totals * limbs;
    else
      work += count * count * sides * (term.kept() * sides) * limbs;
  }
  return dice <= 200 && work <= 1e6;
}

std::vector<double> distribution_to_doubles(const DiceDistribution& dist) {
  std::vector<double> out{static_cast<double>(dist.min_total), static_cast<double>(dist.counts.size())};
  append_big_limbs(out, dist.outcomes);
  for (const BigUint& c : dist.counts) append_big_limbs(out, c);
  return out;
}

Result<DiceDistribution> distribution_from_doubles(std::span<const double> values) {
  using R = Result<DiceDistribution>;
  if (values.size() < 2 || values[0] != std::floor(values[0]) || std::fabs(values[0]) > 9e15 || !is_big_limb(values[1]))
    return R::fail("distribution: malformed header");
  DiceDistribution dist;
  dist.min_total = static_cast<std::int64_t>(values[0]);
  const auto totals = static_cast<std::size_t>(values[1]);
  std::size_t pos = 2;
  if (!read_big_limbs(values, pos, dist.outcomes) || dist.outcomes.is_zero()) return R::fail("distribution: malformed denominator");
  if (totals > values.size()) return R::fail("distribution: malformed count of totals");
  dist.counts.resize(totals);
  for (BigUint& c : dist.counts)
    if (!read_big_limbs(values, pos, c)) return R::fail("distribution: malformed counts");
  if (pos != values.size()) return R::fail("distribution: trailing data");
  return R::ok(std::move(dist));
}

DistributionView view_distribution(const DiceDistribution& dist) {
  DistributionView v;
  double sum = 0, squares = 0;
  for (std::size_t i = 0; i < dist.counts.size(); ++i) {
    const double p = ratio_to_double(dist.counts[i], dist.outcomes);
    const double total = static_cast<double>(dist.min_total + static_cast<std::int64_t>(i));
    v.probabilities.push_back(p);
    sum += p * total;
    squares += p * total * total;
  }
  v.mean = sum;
  v.standard_deviation = std::sqrt(std::max(0.0, squares - sum * sum));
  return v;
}

TotalRange expression_total_range(const DiceExpr& expr) {
  TotalRange range;
  for (const DiceTerm& term : expr.terms) {
    std::int64_t low = term.constant, high = term.constant;
    if (!term.is_constant()) {
      low = term.kept();
      high = static_cast<std::int64_t>(term.kept()) * term.sides;
    }
    if (term.negative) {
      range.min_total -= high;
      range.max_total -= low;
    } else {
      range.min_total += low;
      range.max_total += high;
    }
  }
  return range;
}

}  // namespace shufflelab
