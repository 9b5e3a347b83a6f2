#include "core/dice/range.hpp"

#include <array>
#include <bit>
#include <cmath>
#include <limits>
#include <string>

namespace shufflelab {

namespace {


WideCount ceil_div(WideCount a, WideCount b) { return a / b + (a % b != 0 ? 1 : 0); }

// Inputs x in [0, 2^bits) with (x * k) >> bits == v, for v < n.
std::vector<WideCount> mulhi_counts(std::size_t n, std::uint64_t k, unsigned bits) {
  const WideCount inputs = WideCount{1} << bits;
  std::vector<WideCount> counts(n, 0);
  if (k == 0) {
    counts[0] = inputs;
    return counts;
  }
  // The first x reaching value v is ceil(v * 2^bits / k).
  auto first = [&](std::size_t v) {
    const WideCount f = ceil_div(static_cast<WideCount>(v) << bits, k);
    return f < inputs ? f : inputs;
  };
  for (std::size_t v = 0; v < n; ++v) counts[v] = first(v + 1) - first(v);
  return counts;
}

// The MAXU8 loop accepting a <= limit: with c = limit + 1 and 2^p <= c < 2^(p+1),
// the result depends only on y = x mod 2^(p+1): y if y < c, else y - 2^p
// (the first mask below 2^(p+1) that gives a value < c is 2^p - 1).
std::vector<WideCount> maxu8_counts(std::uint64_t limit, unsigned bits) {
  const WideCount c = static_cast<WideCount>(limit) + 1;
  const WideCount inputs = WideCount{1} << bits;
  if (c >= inputs) return std::vector<WideCount>(static_cast<std::size_t>(inputs), 1);
  const unsigned p = static_cast<unsigned>(std::bit_width(static_cast<std::uint64_t>(c))) - 1;
  const WideCount repeats = inputs >> (p + 1);
  const std::size_t half = std::size_t{1} << p;  // c <= kMaxExactFaces + 1 here
  std::vector<WideCount> counts(static_cast<std::size_t>(c), repeats);
  for (std::size_t a = static_cast<std::size_t>(c) - half; a < half; ++a) counts[a] += repeats;
  return counts;
}

// Shift: x < n is kept; otherwise x >> s for the first s with x >> s < n.
// Value v is reached from x >> (s-1) = w in {2v, 2v+1} with w >= n, so from
// the block [w * 2^(s-1), (w+1) * 2^(s-1)) of inputs.
std::vector<WideCount> shift_counts(std::size_t n, unsigned bits) {
  const WideCount inputs = WideCount{1} << bits;
  std::vector<WideCount> counts(n, 1);
  for (std::size_t v = 0; v < n; ++v) {
    for (std::size_t w = 2 * v; w <= 2 * v + 1; ++w) {
      if (w < n) continue;
      for (unsigned s = 1; s <= bits; ++s) {
        const WideCount start = static_cast<WideCount>(w) << (s - 1);
        if (start >= inputs) break;
        const WideCount end = static_cast<WideCount>(w + 1) << (s - 1);
        counts[v] += (end < inputs ? end : inputs) - start;
      }
    }
  }
  return counts;
}

// Float: the word-to-value map is a composition of monotone roundings, so
// each value's preimage is an interval; find the boundaries by bisection
// using the very same double computation as map_word.
RangeCounts float_counts(const RangeReducer& reducer, std::size_t n) {
  const WideCount inputs = WideCount{1} << reducer.bits();
  auto lower_bound = [&](WideCount lo, WideCount hi, auto&& reached) {
    while (lo < hi) {
      const WideCount mid = lo + (hi - lo) / 2;
      if (reached(static_cast<std::uint64_t>(mid)))
        hi = mid;
      else
        lo = mid + 1;
    }
    return lo;
  };
  const WideCount accepted_end =
      lower_bound(0, inputs, [&](std::uint64_t x) { return !reducer.map_word(x).has_value(); });
  RangeCounts result{RangeMethod::float_scale, reducer.n(), reducer.bits(), {}, inputs - accepted_end};
  result.counts.assign(n, 0);
  WideCount start = 0;
  for (std::size_t v = 0; v < n; ++v) {
    const WideCount end = lower_bound(start, accepted_end, [&](std::uint64_t x) { return *reducer.map_word(x) > v; });
    result.counts[v] = end - start;
    start = end;
  }
  return result;
}

}  // namespace

Result<RangeCounts> exact_range_counts(RangeMethod method, std::uint64_t n, unsigned bits) {
  using R = Result<RangeCounts>;
  const auto reducer = RangeReducer::make(method, n, bits);
  if (!reducer) return R::fail(reducer.error());
  if (n > kMaxExactFaces)
    return R::fail("sides: exact tables stop at " + std::to_string(kMaxExactFaces) + " sides, got " +
                   std::to_string(n));
  const auto faces = static_cast<std::size_t>(n);
  const WideCount inputs = WideCount{1} << bits;
  RangeCounts result{method, n, bits, {}, 0};
  switch (method) {
    case RangeMethod::modulo:
      result.counts.resize(faces);
      for (std::size_t v = 0; v < faces; ++v) result.counts[v] = (inputs - 1 - v) / n + 1;
      break;
    case RangeMethod::float_scale:
      return R::ok(float_counts(*reducer, faces));
    case RangeMethod::shift:
      result.counts = shift_counts(faces, bits);
      break;
    case RangeMethod::maxu8:
      result.counts = maxu8_counts(n - 1, bits);  // n entries since n <= 2^bits
      break;
    case RangeMethod::maxu8_article: {
      const std::vector<WideCount> by_a = maxu8_counts(n, bits);  // a in [0, n], or fewer if 2^bits <= n
      result.counts.assign(faces, 0);
      for (std::size_t a = 0; a < by_a.size(); ++a) result.counts[a == 0 ? faces - 1 : a - 1] += by_a[a];
      break;
    }
    case RangeMethod::mulhi:
      result.counts = mulhi_counts(faces, n, bits);
      break;
    case RangeMethod::mulhi_minus1:
      result.counts = mulhi_counts(faces, n - 1, bits);
      break;
    case RangeMethod::mask_reject: {
      const unsigned k = static_cast<unsigned>(std::bit_width(n - 1));
      result.counts.assign(faces, inputs >> k);
      result.rejected = inputs - (inputs >> k) * n;
      break;
    }
    case RangeMethod::lemire:
      result.counts.assign(faces, inputs / n);
      result.rejected = inputs % n;
      break;
  }
  return R::ok(std::move(result));
}

Fraction expected_bits_per_value(const RangeCounts& counts) {
  return Fraction(BigUint(counts.bits) * BigUint::from_wide(counts.inputs()), BigUint::from_wide(counts.accepted()));
}

std::vector<BigUint> to_big_weights(const std::vector<WideCount>& counts) {
  std::vector<BigUint> weights;
  weights.reserve(counts.size());
  for (const WideCount c : counts) weights.push_back(BigUint::from_wide(c));
  return weights;
}

FaceStats face_stats(const std::vector<BigUint>& weights, const BigUint& total) {
  FaceStats stats;
  const BigUint n(static_cast<std::uint64_t>(weights.size()));
  std::size_t min_index = 0, max_index = 0;
  BigUint deviation_sum;  // sum |w_i * n - total|
  for (std::size_t i = 0; i < weights.size(); ++i) {
    const BigUint scaled = weights[i] * n;
    const auto order = scaled <=> total;
    if (order > 0) stats.favoured.push_back(i);
    if (order < 0) stats.starved.push_back(i);
    if (weights[i].is_zero()) stats.never.push_back(i);
    deviation_sum += abs_diff(scaled, total);
    if (weights[i] < weights[min_index]) min_index = i;
    if (weights[i] > weights[max_index]) max_index = i;
  }
  stats.min_probability = Fraction(weights[min_index], total);
  stats.max_probability = Fraction(weights[max_index], total);
  if (!weights[min_index].is_zero()) stats.max_min_ratio = Fraction(weights[max_index], weights[min_index]);
  const BigUint tv_denominator = BigUint(2) * n * total;
  stats.total_variation = Fraction(deviation_sum, tv_denominator);
  stats.total_variation_approx = ratio_to_double(deviation_sum, tv_denominator);
  return stats;
}

double chi_square_statistic(std::span<const std::uint64_t> observed, std::span<const double> probabilities) {
  double total = 0;
  for (const std::uint64_t o : observed) total += static_cast<double>(o);
  double statistic = 0;
  for (std::size_t i = 0; i < observed.size(); ++i) {
    const double expected = total * probabilities[i];
    const double o = static_cast<double>(observed[i]);
    if (expected <= 0) {
      if (o > 0) return std::numeric_limits<double>::infinity();
      continue;
    }
    statistic += (o - expected) * (o - expected) / expected;
  }
  return statistic;
}

double regularized_upper_gamma(double a, double x) {
  if (x <= 0) return 1.0;
  if (std::isinf(x)) return 0.0;
  constexpr double kEpsilon = 1e-15;
  constexpr double kTiny = 1e-300;
  const double log_prefactor = -x + a * std::log(x) - std::lgamma(a);
  if (x < a + 1) {
    double term = 1.0 / a, sum = term, ap = a;
    for (int i = 0; i < 10000 && std::fabs(term) > std::fabs(sum) * kEpsilon; ++i) {
      ap += 1;
      term *= x / ap;
      sum += term;
    }
    return 1.0 - sum * std::exp(log_prefactor);
  }
  double b = x + 1 - a, c = 1 / kTiny, d = 1 / b, h = d;
  for (int i = 1; i < 10000; ++i) {
    const double an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (std::fabs(d) < kTiny) d = kTiny;
    c = b + an / c;
    if (std::fabs(c) < kTiny) c = kTiny;
    d = 1 / d;
    const double delta = d * c;
    h *= delta;
    if (std::fabs(delta - 1) < kEpsilon) break;
  }
  return std::exp(log_prefactor) * h;
}

double chi_square_p_value(double statistic, double degrees_of_freedom) {
  return regularized_upper_gamma(degrees_of_freedom / 2, statistic / 2);
}

}  // namespace shufflelab
