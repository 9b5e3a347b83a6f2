#include "core/dice/fdr.hpp"

#include <bit>
#include <string>

namespace shufflelab {

namespace {

constexpr std::uint64_t kMaxSimulatedFlips = std::uint64_t{1} << 20;
constexpr std::uint64_t kMaxNumeratorBits = std::uint64_t{1} << 27;  // n * T, bounds memory

// Each bit b of a 32-bit value becomes the two bits 2b and 2b+1.
std::uint64_t spread_bits(std::uint64_t x) {
  x = (x | (x << 16)) & 0x0000FFFF0000FFFFu;
  x = (x | (x << 8)) & 0x00FF00FF00FF00FFu;
  x = (x | (x << 4)) & 0x0F0F0F0F0F0F0F0Fu;
  x = (x | (x << 2)) & 0x3333333333333333u;
  x = (x | (x << 1)) & 0x5555555555555555u;
  return x | (x << 1);
}

// The 64 bits of `set` starting at bit `first` (zeros past the end).
std::uint64_t bits_from(const std::vector<std::uint64_t>& set, std::uint64_t first) {
  const auto w = static_cast<std::size_t>(first / 64);
  const auto offset = static_cast<unsigned>(first % 64);
  if (w >= set.size()) return 0;
  std::uint64_t out = set[w] >> offset;
  if (offset != 0 && w + 1 < set.size()) out |= set[w + 1] << (64 - offset);
  return out;
}

// (v, S): S is the set of live c values, all below v; v = 0 once S is empty
// (the roller has stopped), which makes "stopped" one fixed state.
struct LiveState {
  std::uint64_t v = 1;
  std::vector<std::uint64_t> set;
  friend bool operator==(const LiveState&, const LiveState&) = default;
};

class Simulator {
 public:
  Simulator(std::uint64_t n, std::uint64_t step)
      : n_(n), step_(step), words_(static_cast<std::size_t>((n + 63) / 64)) {}

  LiveState start() const {
    LiveState s{1, std::vector<std::uint64_t>(words_, 0)};
    s.set[0] = 1;
    return s;
  }

  // One flip. Fills `returned` (a bitset over [0, n)) with the values that
  // stop at this flip.
  void advance(LiveState& s, std::vector<std::uint64_t>& returned) const {
    returned.assign(words_, 0);
    if (s.v == 0) return;
    doubled_.assign(2 * words_, 0);
    for (std::size_t i = 0; i < words_; ++i) {
      doubled_[2 * i] = spread_bits(s.set[i] & 0xffffffffu);
      doubled_[2 * i + 1] = spread_bits(s.set[i] >> 32);
    }
    s.v *= 2;
    if (s.v < n_) {
      for (std::size_t i = 0; i < words_; ++i) s.set[i] = doubled_[i];
      return;
    }
    for (std::uint64_t c = 0; c < n_; c += 64) {
      const std::size_t w = static_cast<std::size_t>(c / 64);
      const std::uint64_t in_range = n_ - c >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << (n_ - c)) - 1;
      returned[w] = doubled_[w] & in_range;
    }
    // Survivors: c in [n, v) becomes c - step. Clear the returned values,
    // then shift the whole doubled set right by step.
    for (std::size_t w = 0; w < words_; ++w) doubled_[w] &= ~returned[w];
    bool any = false;
    for (std::size_t w = 0; w < words_; ++w) {
      s.set[w] = bits_from(doubled_, 64 * w + step_);
      any = any || s.set[w] != 0;
    }
    s.v = any ? s.v - step_ : 0;
  }

  void advance(LiveState& s) const { advance(s, scratch_); }

 private:
  std::uint64_t n_;
  std::uint64_t step_;
  std::size_t words_;
  mutable std::vector<std::uint64_t> doubled_;
  mutable std::vector<std::uint64_t> scratch_;
};

std::uint64_t popcount(const std::vector<std::uint64_t>& set) {
  std::uint64_t total = 0;
  for (const std::uint64_t w : set) total += static_cast<std::uint64_t>(std::popcount(w));
  return total;
}

}  // namespace

Result<FdrExact> solve_fdr_exact(std::uint64_t n, FdrVariant variant) {
  using R = Result<FdrExact>;
  const auto roller = FastDiceRoller::make(n, variant);
  if (!roller) return R::fail(roller.error());
  if (n > kMaxExactFdrSides) return R::fail("n: exact coin-flip laws stop at n = " + std::to_string(kMaxExactFdrSides));
  const Simulator sim(n, roller->overshoot_step());

  // Brent: lambda = period, then mu = first flip count at which the cycle is entered.
  const LiveState origin = sim.start();
  std::uint64_t power = 1, lambda = 1, simulated = 1;
  LiveState tortoise = origin, hare = origin;
  sim.advance(hare);
  while (tortoise != hare) {
    if (power == lambda) {
      tortoise = hare;
      power *= 2;
      lambda = 0;
    }
    sim.advance(hare);
    ++lambda;
    if (++simulated > kMaxSimulatedFlips)
      return R::fail("n: the roller's state did not repeat within " + std::to_string(kMaxSimulatedFlips) + " flips");
  }
  tortoise = origin;
  hare = origin;
  for (std::uint64_t i = 0; i < lambda; ++i) sim.advance(hare);
  std::uint64_t mu = 0;
  while (tortoise != hare) {
    sim.advance(tortoise);
    sim.advance(hare);
    ++mu;
  }
  const bool stops_surely = tortoise.v == 0;
  const std::uint64_t total_flips = mu + lambda;  // T
  if (n * total_flips > kMaxNumeratorBits)
    return R::fail("n: exact law too large (pre-period " + std::to_string(mu) + " + period " + std::to_string(lambda) +
                   " flips for " + std::to_string(n) + " outcomes)");

  // Second pass: outcome k stopping at flip t contributes 2^(T-t) to pre[k]
  // (t <= mu) or cyc[k] (inside the period), likewise |S_t| to the survival sums.
  const auto outcomes = static_cast<std::size_t>(n);  // <= kMaxExactFdrSides
  const auto flips_t = static_cast<std::size_t>(total_flips), flips_l = static_cast<std::size_t>(lambda);
  std::vector<BigUint> pre(outcomes), cyc(outcomes);
  BigUint survival_pre, survival_cyc;  // Horner sums of |S_t| 2^(T-t)
  LiveState state = origin;
  std::vector<std::uint64_t> returned;
  survival_pre = BigUint(1);  // |S_0| = 1
  for (std::uint64_t t = 1; t <= total_flips; ++t) {
    sim.advance(state, returned);
    for (std::size_t w = 0; w < returned.size(); ++w) {
      for (std::uint64_t bits = returned[w]; bits != 0; bits &= bits - 1) {
        const std::size_t k = w * 64 + static_cast<std::size_t>(std::countr_zero(bits));
        (t <= mu ? pre : cyc)[k].set_bit(flips_t - static_cast<std::size_t>(t));
      }
    }
    BigUint& survival = t <= mu ? survival_pre : survival_cyc;
    survival = (survival << 1) + BigUint(popcount(state.set));
  }
  survival_pre <<= flips_l;  // align to 2^(T-t)

  // P = sum_pre 2^-t + sum_cyc 2^-t / (1 - 2^-L), over D = 2^T (2^L - 1).
  const BigUint two_l = BigUint::power_of_two(flips_l);
  const BigUint two_l_minus_1 = two_l - BigUint(1);
  FdrExact result;
  result.n = n;
  result.variant = variant;
  result.common_denominator = BigUint::power_of_two(flips_t) * two_l_minus_1;
  result.preperiod_flips = mu;
  result.period_flips = stops_surely ? 0 : lambda;
  for (std::size_t k = 0; k < outcomes; ++k) {
    result.weights.push_back(two_l_minus_1 * pre[k] + two_l * cyc[k]);
    result.probabilities.emplace_back(result.weights.back(), result.common_denominator);
  }
  result.expected_flips = Fraction(two_l_minus_1 * survival_pre + two_l * survival_cyc, result.common_denominator);
  return R::ok(std::move(result));
}

}  // namespace shufflelab
