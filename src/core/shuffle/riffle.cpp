#include "core/shuffle/riffle.hpp"

#include <algorithm>
#include <numeric>

namespace shufflelab {

void riffle_once(std::span<std::uint32_t> deck, DrawRef draw, StepTape& tape) {
  const auto n = static_cast<std::uint32_t>(deck.size());
  tape.begin_step();
  std::uint32_t top = 0;
  for (std::uint32_t i = 0; i < n; ++i) {
    const std::uint32_t coin = draw(2);
    top += coin;
    if (tape.recording()) tape.note({EventKind::Draw, coin, 2, i});
  }
  if (tape.recording()) tape.note({EventKind::Cut, top, n - top});
  // Positions [0, placed) are dropped; the top packet follows, then the bottom one.
  std::uint32_t left = top, right = n - top;
  for (std::uint32_t placed = 0; placed < n; ++placed) {
    bool from_top = right == 0;
    if (left != 0 && right != 0) {
      tape.begin_step();
      const std::uint32_t value = draw(left + right);
      if (tape.recording()) tape.note({EventKind::Draw, value, left + right, placed});
      from_top = value < left;
    }
    if (from_top) {
      --left;
    } else {
      if (left != 0) tape.emit(deck, {EventKind::Move, placed, placed + left});
      --right;
    }
  }
}

void overhand_once(std::span<std::uint32_t> deck, std::uint32_t cut_bound, DrawRef draw, StepTape& tape) {
  const auto n = static_cast<std::uint32_t>(deck.size());
  tape.begin_step();
  std::vector<std::uint32_t> starts{0};  // first position of each packet, top packet first
  for (std::uint32_t gap = 1; gap < n; ++gap) {
    const std::uint32_t value = draw(cut_bound);
    if (tape.recording()) tape.note({EventKind::Draw, value, cut_bound, gap});
    if (value == 0) starts.push_back(gap);
  }
  if (tape.recording())
    for (std::size_t p = 0; p < starts.size(); ++p) {
      const std::uint32_t end = p + 1 < starts.size() ? starts[p + 1] : n;
      tape.note({EventKind::Cut, starts[p], end - starts[p]});
    }
  // Lifting each later packet onto the top reverses the packet order.
  for (std::size_t p = 1; p < starts.size(); ++p) {
    tape.begin_step();
    const std::uint32_t end = p + 1 < starts.size() ? starts[p + 1] : n;
    for (std::uint32_t k = 0; k < end - starts[p]; ++k) tape.emit(deck, {EventKind::Move, k, starts[p] + k});
  }
}

namespace {
std::vector<std::uint32_t> positions_of(std::span<const std::uint32_t> deck) {
  std::vector<std::uint32_t> position(deck.size());
  for (std::uint32_t p = 0; p < deck.size(); ++p) position[deck[p]] = p;
  return position;
}
}  // namespace

std::uint32_t rising_sequences(std::span<const std::uint32_t> deck) {
  if (deck.empty()) return 0;
  const auto position = positions_of(deck);
  std::uint32_t runs = 1;
  for (std::size_t c = 0; c + 1 < deck.size(); ++c) runs += position[c + 1] < position[c];
  return runs;
}

std::uint32_t adjacent_pairs_kept(std::span<const std::uint32_t> deck) {
  std::uint32_t kept = 0;
  for (std::size_t p = 0; p + 1 < deck.size(); ++p) kept += deck[p + 1] == deck[p] + 1;
  return kept;
}

std::vector<BigUint> eulerian_row(std::uint32_t n) {
  std::vector<BigUint> row{BigUint(1)};  // A(0, 0)
  for (std::uint32_t m = 1; m <= n; ++m) {
    std::vector<BigUint> next(m + 1);
    for (std::uint32_t r = 1; r <= m; ++r) {
      if (r < m) next[r] = row[r] * BigUint(r);
      if (!row[r - 1].is_zero()) next[r] += row[r - 1] * BigUint(m - r + 1);
    }
    row = std::move(next);
  }
  return row;
}

Fraction RiffleLaw::distance_fraction() const { return Fraction(distance_numerator, denominator << 1); }

Result<RiffleTable> RiffleTable::make(std::uint32_t n) {
  if (n < 1 || n > kMaxRiffleTheoryCards)
    return Result<RiffleTable>::fail("n: " + std::to_string(n) + " cards is outside 1.." +
                                     std::to_string(kMaxRiffleTheoryCards));
  RiffleTable table;
  table.n_ = n;
  table.eulerian_ = eulerian_row(n);
  table.factorial_ = BigUint(1);
  for (std::uint32_t m = 2; m <= n; ++m) table.factorial_ *= BigUint(m);
  return Result<RiffleTable>::ok(std::move(table));
}

RiffleLaw RiffleTable::law(std::uint32_t k) const {
  RiffleLaw law;
  law.n = n_;
  law.k = k;
  const BigUint all = BigUint::power_of_two(std::size_t{k} * n_);  // 2^(kn) = n! times the uniform chance
  law.denominator = factorial_ * all;
  law.rising.assign(n_ + 1, BigUint());
  // n! C(m, n) = m (m-1) ... (m-n+1) for m = 2^k + n - r, r from n down to 1.
  const BigUint base = BigUint::power_of_two(k);
  BigUint falling;  // for the current m; zero while m < n
  bool started = false;
  for (std::uint32_t r = n_; r >= 1; --r) {
    const BigUint m = base + BigUint(n_ - r);
    if (m >= BigUint(n_)) {
      if (!started) {
        falling = BigUint(1);
        for (std::uint32_t j = 0; j < n_; ++j) falling *= m - BigUint(j);
        started = true;
      } else {
        // falling(m) = falling(m - 1) * m / (m - n)
        falling = BigUint::divmod(falling * m, m - BigUint(n_)).first;
      }
    }
    law.rising[r] = eulerian_[r] * falling;
    law.distance_numerator += eulerian_[r] * abs_diff(falling, all);
  }
  law.distance = ratio_to_double(law.distance_numerator, law.denominator << 1);
  return law;
}

std::uint32_t riffles_below_half(const RiffleTable& table, std::uint32_t k_max) {
  for (std::uint32_t k = 1; k <= k_max; ++k) {
    const RiffleLaw law = table.law(k);
    if (law.distance_numerator < law.denominator) return k;  // numerator / (2 den) < 1/2
  }
  return 0;
}

Result<RiffleMatrix> riffle_matrix(std::uint32_t n, std::uint32_t k) {
  if (n < 1 || n > kMaxRiffleMatrixCards)
    return Result<RiffleMatrix>::fail("n: the exact riffle matrix visits all n! orders, so n must be 1.." +
                                      std::to_string(kMaxRiffleMatrixCards) + ", got " + std::to_string(n));
  if (k < 1 || k > kMaxRiffleTheoryRounds)
    return Result<RiffleMatrix>::fail("k: " + std::to_string(k) + " riffles is outside 1.." +
                                      std::to_string(kMaxRiffleTheoryRounds));
  // chance[r] * 2^(kn) = C(2^k + n - r, n)
  const BigUint base = BigUint::power_of_two(k);
  std::vector<BigUint> weight(n + 1);
  for (std::uint32_t r = 1; r <= n; ++r) {
    const BigUint m = base + BigUint(n - r);
    BigUint numerator(1), denominator(1);
    for (std::uint32_t j = 0; j < n; ++j) {
      if (m < BigUint(j + 1)) numerator = BigUint();
      else numerator *= m - BigUint(j);
      denominator *= BigUint(j + 1);
    }
    weight[r] = BigUint::divmod(numerator, denominator).first;
  }
  RiffleMatrix out{n, k, std::vector<BigUint>(std::size_t{n} * n), BigUint::power_of_two(std::size_t{k} * n)};
  std::vector<std::uint32_t> deck(n);
  std::iota(deck.begin(), deck.end(), std::uint32_t{0});
  do {
    const BigUint& w = weight[rising_sequences(deck)];
    if (w.is_zero()) continue;
    for (std::uint32_t p = 0; p < n; ++p) out.weights[std::size_t{p} * n + deck[p]] += w;
  } while (std::next_permutation(deck.begin(), deck.end()));
  return Result<RiffleMatrix>::ok(std::move(out));
}

std::vector<std::uint32_t> faro_out(std::span<const std::uint32_t> deck) {
  const std::size_t n = deck.size(), top_half = (n + 1) / 2;
  std::vector<std::uint32_t> out(n);
  for (std::size_t i = 0; i < top_half; ++i) out[2 * i] = deck[i];
  for (std::size_t i = 0; top_half + i < n; ++i) out[2 * i + 1] = deck[top_half + i];
  return out;
}

std::uint32_t faro_out_order(std::uint32_t n) {
  std::vector<std::uint32_t> start(n);
  std::iota(start.begin(), start.end(), std::uint32_t{0});
  std::vector<std::uint32_t> deck = faro_out(start);
  std::uint32_t order = 1;
  while (deck != start) {
    deck = faro_out(deck);
    ++order;
  }
  return order;
}

MixingCurve sample_mixing(const ShuffleSpec& spec, std::uint32_t decks, DrawRef draw) {
  MixingCurve curve;
  curve.mean_pairs_kept.assign(spec.rounds, 0.0);
  curve.uniform_mean = spec.n == 0 ? 0 : static_cast<double>(spec.n - 1) / spec.n;
  std::vector<std::uint32_t> deck(spec.n);
  StepTape tape;
  for (std::uint32_t d = 0; d < decks; ++d) {
    std::iota(deck.begin(), deck.end(), std::uint32_t{0});
    for (std::uint32_t round = 0; round < spec.rounds; ++round) {
      if (spec.algo == ShuffleAlgo::Overhand) overhand_once(deck, spec.cut_bound, draw, tape);
      else riffle_once(deck, draw, tape);
      curve.mean_pairs_kept[round] += adjacent_pairs_kept(deck);
    }
  }
  for (double& mean : curve.mean_pairs_kept) mean /= decks == 0 ? 1 : decks;
  return curve;
}

}  // namespace shufflelab
