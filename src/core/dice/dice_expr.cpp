#include "core/dice/dice_expr.hpp"

#include <cmath>
#include <cstdio>
#include <string>

namespace shufflelab {

namespace {

// ---------------------------------------------------------------- parsing

class Parser {
 public:
  explicit Parser(std::string_view text) : text_(text) {}

  Result<DiceExpr> parse() {
    if (text_.size() > kMaxExpressionLength)
      return fail(0, "expression longer than " + std::to_string(kMaxExpressionLength) + " characters");
    skip_spaces();
    if (at_end()) return fail(pos_, "empty expression (expected a number or a die such as d6)");
    bool negative = false;
    if (peek() == '+' || peek() == '-') {
      negative = peek() == '-';
      ++pos_;
      skip_spaces();
    }
    DiceExpr expr;
    std::uint32_t dice = 0;
    for (;;) {
      auto term = parse_term(negative);
      if (!term) return Result<DiceExpr>::fail(term.error());
      dice += term->count;
      if (dice > kMaxDice)
        return fail(term->position - 1, "more than " + std::to_string(kMaxDice) + " dice in the expression");
      expr.terms.push_back(*term);
      skip_spaces();
      if (at_end()) break;
      if (peek() != '+' && peek() != '-')
        return fail(pos_, std::string("expected '+', '-' or the end, found '") + text_[pos_] + "'");
      negative = peek() == '-';
      const char op = text_[pos_++];
      skip_spaces();
      if (at_end()) return fail(pos_, std::string("expected a number or a die after '") + op + "'");
    }
    return Result<DiceExpr>::ok(std::move(expr));
  }

 private:
  static constexpr std::uint64_t kTooBig = std::uint64_t{1} << 62;

  bool at_end() const { return pos_ >= text_.size(); }
  char peek() const {
    const char c = text_[pos_];
    return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
  }
  bool digit_here() const { return !at_end() && text_[pos_] >= '0' && text_[pos_] <= '9'; }
  void skip_spaces() {
    while (!at_end() && (text_[pos_] == ' ' || text_[pos_] == '\t')) ++pos_;
  }
  template <class T = DiceExpr>
  Result<T> fail(std::size_t at, const std::string& message) const {
    return Result<T>::fail("at " + std::to_string(at + 1) + ": " + message);
  }
  // Digits at the cursor; values past kTooBig saturate (every limit is far below).
  std::uint64_t read_number() {
    std::uint64_t value = 0;
    while (digit_here()) {
      value = std::min(kTooBig, value * 10 + static_cast<std::uint64_t>(text_[pos_] - '0'));
      ++pos_;
    }
    return value;
  }

  Result<DiceTerm> parse_term(bool negative) {
    DiceTerm term;
    term.negative = negative;
    term.position = pos_ + 1;
    const std::size_t start = pos_;
    std::uint64_t count = 1;
    if (digit_here()) {
      count = read_number();
      if (at_end() || peek() != 'd') {
        if (count > static_cast<std::uint64_t>(kMaxConstant))
          return fail<DiceTerm>(start, "constant must be at most " + std::to_string(kMaxConstant));
        term.constant = static_cast<std::int64_t>(count);
        return Result<DiceTerm>::ok(term);
      }
    } else if (at_end() || peek() != 'd') {
      return fail<DiceTerm>(pos_, "expected a number or a die such as d6");
    }
    if (count < 1) return fail<DiceTerm>(start, "number of dice must be at least 1");
    if (count > kMaxDice) return fail<DiceTerm>(start, "at most " + std::to_string(kMaxDice) + " dice");
    ++pos_;  // the 'd'
    std::uint64_t sides = 0;
    const std::size_t sides_at = pos_;
    if (!at_end() && peek() == '%') {
      sides = 100;
      ++pos_;
    } else if (digit_here()) {
      sides = read_number();
    } else {
      return fail<DiceTerm>(pos_, "expected number of sides after 'd'");
    }
    if (sides < 1) return fail<DiceTerm>(sides_at, "a die needs at least 1 side");
    if (sides > kMaxSides) return fail<DiceTerm>(sides_at, "at most " + std::to_string(kMaxSides) + " sides");
    term.count = static_cast<std::uint32_t>(count);
    term.sides = static_cast<std::uint32_t>(sides);
    if (!at_end() && (peek() == 'k' || peek() == 'd')) return parse_rule(term);
    return Result<DiceTerm>::ok(term);
  }

  Result<DiceTerm> parse_rule(DiceTerm term) {
    const std::size_t rule_at = pos_;
    const bool keep = peek() == 'k';
    ++pos_;
    if (at_end() || (peek() != 'h' && peek() != 'l'))
      return fail<DiceTerm>(pos_, std::string("expected 'h' or 'l' after '") + (keep ? 'k' : 'd') + "'");
    const bool highest = peek() == 'h';
    ++pos_;
    const std::string rule_name = std::string(keep ? "k" : "d") + (highest ? "h" : "l");
    if (!digit_here()) return fail<DiceTerm>(pos_, "expected a number after '" + rule_name + "'");
    const std::uint64_t n = read_number();
    if (keep && (n < 1 || n > term.count))
      return fail<DiceTerm>(rule_at, "can keep 1 to " + std::to_string(term.count) + " dice, not " + std::to_string(n));
    if (!keep && n >= term.count)
      return fail<DiceTerm>(rule_at,
                            "can drop 0 to " + std::to_string(term.count - 1) + " dice, not " + std::to_string(n));
    term.rule = keep ? (highest ? KeepRule::keep_highest : KeepRule::keep_lowest)
                     : (highest ? KeepRule::drop_highest : KeepRule::drop_lowest);
    term.rule_count = static_cast<std::uint32_t>(n);
    return Result<DiceTerm>::ok(term);
  }

  std::string_view text_;
  std::size_t pos_ = 0;
};

// ---------------------------------------------------------------- exact law

// Adds one die uniform on [1, sides] (or [-sides, -1]): counts of the new
// total are window sums of `sides` consecutive old counts.
void add_plain_die(DiceDistribution& dist, std::uint32_t sides, bool negative) {
  const std::size_t old_size = dist.counts.size();
  std::vector<BigUint> next(old_size + sides - 1);
  BigUint window;
  for (std::size_t i = 0; i < next.size(); ++i) {
    if (i < old_size) window += dist.counts[i];
    if (i >= sides) window -= dist.counts[i - sides];
    next[i] = window;
  }
  dist.counts = std::move(next);
  dist.min_total += negative ? -static_cast<std::int64_t>(sides) : 1;
}

// C(r, m) for m = 0..max_m.
std::vector<BigUint> binomial_row(std::size_t r, std::size_t max_m) {
  std::vector<BigUint> row{BigUint(1)};
  for (std::size_t m = 1; m <= max_m && m <= r; ++m)
    row.push_back(BigUint::divmod(row.back() * BigUint(r - m + 1), BigUint(m)).first);
  row.resize(max_m + 1);  // C(r, m) = 0 for m > r
  return row;
}

// Counts of the sum of the `keep` highest of `count` dice with `sides`
// sides, indexed by sum - keep. Faces are visited from `sides` down; while
// fewer than `keep` dice are placed, every placed die is kept. When the m
// dice showing face f complete the kept set, the other dice just need to be
// <= f with at least (keep - placed) of them equal to f:
//   W = f^r - sum_{m < keep-placed} C(r, m) (f-1)^(r-m),  r = dice not placed yet.
// Sizes are bounded by the work estimate, far below 2^32.
std::vector<BigUint> keep_highest_counts(std::size_t n, std::size_t s, std::size_t k) {
  std::vector<BigUint> result(k * s - k + 1);
  std::vector<std::vector<BigUint>> ways(k);  // ways[j][sum]: j dice placed (all kept)
  for (std::size_t j = 0; j < k; ++j) ways[j].resize(j * s + 1);
  ways[0][0] = BigUint(1);
  std::vector<std::vector<BigUint>> binomials(k);  // binomials[j][m] = C(n - j, m)
  for (std::size_t j = 0; j < k; ++j) binomials[j] = binomial_row(n - j, k - j);
  const std::size_t low_exponent = n - k + 1;
  for (std::size_t f = s; f >= 1; --f) {
    // lower_power[e - low_exponent] = (f-1)^e and face_power likewise f^e, for e in [n-k+1, n].
    std::vector<BigUint> lower_power{BigUint::power(f - 1, low_exponent)}, face_power{BigUint::power(f, low_exponent)};
    for (std::size_t e = low_exponent + 1; e <= n; ++e) {
      lower_power.push_back(lower_power.back() * BigUint(f - 1));
      face_power.push_back(face_power.back() * BigUint(f));
    }
    std::vector<std::vector<BigUint>> next(k);
    for (std::size_t j = 0; j < k; ++j) next[j].resize(j * s + 1);
    for (std::size_t j = 0; j < k; ++j) {
      const std::size_t r = n - j, need = k - j;
      BigUint completing = face_power[r - low_exponent];
      for (std::size_t m = 0; m < need; ++m) completing -= binomials[j][m] * lower_power[r - m - low_exponent];
      for (std::size_t sum = 0; sum < ways[j].size(); ++sum) {
        const BigUint& w = ways[j][sum];
        if (w.is_zero()) continue;
        result[sum + need * f - k] += w * completing;
        if (f == 1) continue;  // dice left unplaced would need a face below 1
        for (std::size_t m = 0; m < need; ++m) next[j + m][sum + m * f] += w * binomials[j][m];
      }
    }
    ways = std::move(next);
  }
  return result;
}

void convolve(DiceDistribution& dist, const std::vector<BigUint>& term, std::int64_t term_min) {
  std::vector<BigUint> next(dist.counts.size() + term.size() - 1);
  for (std::size_t i = 0; i < dist.counts.size(); ++i) {
    if (dist.counts[i].is_zero()) continue;
    for (std::size_t j = 0; j < term.size(); ++j) next[i + j] += dist.counts[i] * term[j];
  }
  dist.counts = std::move(next);
  dist.min_total += term_min;
}

bool uses_keep_dp(const DiceTerm& term) { return !term.is_constant() && term.kept() != term.count; }

struct Cost {
  double work = 0;    // rough count of 32-bit limb operations
  double totals = 1;  // distinct totals, which bounds memory
};

// Estimated before allocating anything, so huge requests fail fast.
Cost estimate_cost(const DiceExpr& expr) {
  double outcome_bits = 1, support = 1, work = 0;
  for (const auto& t : expr.terms)
    if (!t.is_constant()) outcome_bits += t.count * std::log2(static_cast<double>(t.sides));
  const double limbs = outcome_bits / 32 + 1;
  for (const auto& t : expr.terms) {
    if (t.is_constant()) continue;
    const double s = t.sides;
    if (uses_keep_dp(t)) {
      // Per face: every (placed, sum) state times its transitions, plus the
      // table of powers; then the convolution into the running law.
      const std::uint32_t k = t.kept();
      double per_face = k * 2.0;
      for (std::uint32_t j = 0; j < k; ++j) per_face += (j * s + 1) * (k - j + 1);
      const double term_support = k * (s - 1) + 1;
      work += s * per_face * limbs * limbs + support * term_support * limbs * limbs;
      support += term_support - 1;
    } else {
      for (std::uint32_t i = 0; i < t.count; ++i) {
        support += s - 1;
        work += support * limbs;
      }
    }
  }
  return {work, support};
}

std::string approx(double x) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.3g", x);
  return buffer;
}

}  // namespace

Result<DiceExpr> parse_dice_expr(std::string_view text) { return Parser(text).parse(); }

Result<DiceDistribution> exact_dice_distribution(const DiceExpr& expr) {
  using R = Result<DiceDistribution>;
  const Cost cost = estimate_cost(expr);
  if (cost.totals > static_cast<double>(kMaxExactTotals))
    return R::fail("expression: exact distribution too large (" + approx(cost.totals) + " possible totals, limit " +
                   std::to_string(kMaxExactTotals) + "); use fewer dice or sides");
  if (cost.work > kMaxExactWork)
    return R::fail("expression: exact distribution too large (about " + approx(cost.work) + " operations, limit " +
                   approx(kMaxExactWork) + "); use fewer dice or sides");
  DiceDistribution dist;
  dist.counts.push_back(BigUint(1));
  dist.outcomes = BigUint(1);
  for (const auto& term : expr.terms) {
    if (term.is_constant()) {
      dist.min_total += term.negative ? -term.constant : term.constant;
      continue;
    }
    dist.outcomes *= BigUint::power(term.sides, term.count);
    if (!uses_keep_dp(term)) {
      for (std::uint32_t i = 0; i < term.count; ++i) add_plain_die(dist, term.sides, term.negative);
      continue;
    }
    // Keeping the lowest is keeping the highest of the mirrored faces
    // sides+1-f, whose kept sum mirrors to kept*(sides+1) - sum: a reversal.
    std::vector<BigUint> counts = keep_highest_counts(term.count, term.sides, term.kept());
    if (!term.keeps_highest()) std::reverse(counts.begin(), counts.end());
    const auto kept = static_cast<std::int64_t>(term.kept());
    const std::int64_t term_min = term.negative ? -kept * term.sides : kept;
    if (term.negative) std::reverse(counts.begin(), counts.end());
    convolve(dist, counts, term_min);
  }
  return R::ok(std::move(dist));
}

Result<DiceSampler> DiceSampler::make(DiceExpr expr, RangeMethod method, unsigned bits) {
  std::vector<std::optional<RangeReducer>> reducers;
  for (const auto& term : expr.terms) {
    if (term.is_constant()) {
      reducers.emplace_back();
      continue;
    }
    auto reducer = RangeReducer::make(method, term.sides, bits);
    if (!reducer) return Result<DiceSampler>::fail("at " + std::to_string(term.position) + ": " + reducer.error());
    reducers.emplace_back(*reducer);
  }
  return Result<DiceSampler>::ok(DiceSampler(std::move(expr), std::move(reducers)));
}

}  // namespace shufflelab
