#include "core/dice/dice_sample.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "core/dice/dice_law.hpp"

namespace shufflelab {

namespace {

unsigned native_bits_of(const ByteGenerator::Engine& engine) {
  return std::visit(
      [](const auto& g) -> unsigned {
        using G = std::decay_t<decltype(g)>;
        if constexpr (std::is_same_v<G, Lcg32>) return static_cast<unsigned>(g.modulus_bits);
        else if constexpr (std::is_same_v<G, Xorshift>) return static_cast<unsigned>(g.width);
        else if constexpr (std::is_same_v<G, GlibcGenerator>) return 31;
        else if constexpr (std::is_same_v<G, SplitMix64> || std::is_same_v<G, Xoshiro256ss>) return 64;
        else if constexpr (std::is_same_v<G, Pcg32>) return 32;
        else return 8;
      },
      engine);
}

std::string grouped(std::uint64_t value) {
  const std::string digits = std::to_string(value);
  std::string out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    out += digits[i];
    if (i + 1 < digits.size() && (digits.size() - i - 1) % 3 == 0) out += ',';
  }
  return out;
}

bool whole_in(double v, double low, double high) { return v >= low && v <= high && v == std::floor(v); }

// The fields every sampling job shares, read into its spec; the message, or
// empty when all are there.
template <class Spec>
std::string read_common(FieldReader& f, Spec& spec) {
  int bits = 0;
  if (!f.decimal("bits", 1, 64, bits)) return "bits: missing or not 1..64";
  spec.bits = static_cast<unsigned>(bits);
  const std::string* gen = f.raw("gen");
  const std::string* seed = f.raw("seed");
  if (!gen || !seed) return "gen and seed: both are needed";
  spec.gen = *gen;
  spec.seed = *seed;
  if (!f.decimal("rolls", std::uint64_t{1}, kMaxDiceRolls, spec.rolls)) return "rolls: missing or not 1..10^8";
  return {};
}

}  // namespace

DiceWordSource::DiceWordSource(ByteGenerator generator, unsigned bits)
    : engine_(generator.engine()), bits_(bits), native_bits_(native_bits_of(engine_)) {
  outputs_per_word_ = (bits_ + native_bits_ - 1) / native_bits_;
  dropped_bits_ = outputs_per_word_ * native_bits_ - bits_;
}

Result<DieRoller> DieRoller::make(const DiceMethodInfo& method, std::uint64_t sides, unsigned bits) {
  if (method.coin_flips()) {
    if (method.fdr == FdrVariant::tarot && sides < 2)
      return Result<DieRoller>::fail("sides: the tarot variant needs at least 2 sides (it may never stop for 1)");
    auto fdr = FastDiceRoller::make(sides, method.fdr);
    if (!fdr) return Result<DieRoller>::fail(fdr.error());
    return Result<DieRoller>::ok(DieRoller(std::nullopt, *fdr));
  }
  auto reducer = RangeReducer::make(*method.range, sides, bits);
  if (!reducer) return Result<DieRoller>::fail(reducer.error());
  return Result<DieRoller>::ok(DieRoller(*reducer, std::nullopt));
}

Result<std::vector<std::uint64_t>> first_rolls(const DiceMethodInfo& method, std::uint64_t sides, unsigned bits,
                                               std::string_view gen, std::string_view seed, std::size_t count) {
  using R = Result<std::vector<std::uint64_t>>;
  auto generator = make_dice_generator(gen, seed);
  if (!generator) return R::fail(generator.error());
  auto roller = DieRoller::make(method, sides, bits);
  if (!roller) return R::fail(roller.error());
  DiceWordSource words(*generator, bits);
  CoinReservoir coins(bits);
  std::vector<std::uint64_t> faces;
  words.run([&](auto&& next_word) {
    for (std::size_t i = 0; i < count; ++i) faces.push_back(roller->roll(next_word, coins) + 1);
  });
  return R::ok(std::move(faces));
}

// ---------------------------------------------------------------- one die

std::string dice_sample_params(const DiceSampleSpec& spec) {
  std::string methods;
  if (spec.methods.size() == dice_methods().size()) {
    methods = "all";
  } else {
    for (const DiceMethodInfo* m : spec.methods) {
      if (!methods.empty()) methods += ',';
      methods += m->name;
    }
  }
  FieldWriter out;
  out.add("method", methods);
  out.add("sides", spec.sides);
  out.add("bits", static_cast<std::uint64_t>(spec.bits));
  out.add("gen", spec.gen);
  out.add("seed", spec.seed);
  out.add("rolls", spec.rolls);
  return out.text().substr(1);  // no leading '&'
}

Result<std::shared_ptr<Job>> DiceSampleJob::make(const DiceSampleSpec& spec) {
  using R = Result<std::shared_ptr<Job>>;
  if (spec.methods.empty()) return R::fail("method: none given");
  if (spec.rolls < 1 || spec.rolls > kMaxDiceRolls) return R::fail("rolls: between 1 and 100000000");
  auto generator = make_dice_generator(spec.gen, spec.seed);
  if (!generator) return R::fail(generator.error());
  std::vector<DieRoller> rollers;
  for (const DiceMethodInfo* m : spec.methods) {
    if (std::string problem = die_problem(*m, spec.sides, spec.bits); !problem.empty())
      return R::fail(std::string(m->name) + ": " + problem);
    auto roller = DieRoller::make(*m, spec.sides, spec.bits);
    if (!roller) return R::fail(std::string(m->name) + ": " + roller.error());
    rollers.push_back(*roller);
  }
  return R::ok(std::shared_ptr<Job>(new DiceSampleJob(spec, *generator, std::move(rollers))));
}

DiceSampleJob::DiceSampleJob(DiceSampleSpec spec, ByteGenerator generator, std::vector<DieRoller> rollers)
    : spec_(std::move(spec)), start_(std::move(generator)), rollers_(std::move(rollers)) {
  counts_.assign(spec_.methods.size(), std::vector<std::uint64_t>(static_cast<std::size_t>(spec_.sides), 0));
  bits_drawn_.assign(spec_.methods.size(), 0);
  start_method();
}

void DiceSampleJob::start_method() {
  rolled_ = 0;
  words_.emplace(start_, spec_.bits);
  coins_ = CoinReservoir(spec_.bits);
}

double DiceSampleJob::step(std::uint64_t budget) {
  while (budget > 0 && !done()) {
    const std::uint64_t now = std::min(budget, spec_.rolls - rolled_);
    const DieRoller& roller = rollers_[method_index_];
    std::uint64_t* counts = counts_[method_index_].data();
    words_->run([&](auto&& next_word) {
      for (std::uint64_t i = 0; i < now; ++i) ++counts[roller.roll(next_word, coins_)];
    });
    rolled_ += now;
    budget -= now;
    if (rolled_ == spec_.rolls) {
      bits_drawn_[method_index_] = roller.coin_flips() ? coins_.flips() : words_->words_drawn() * spec_.bits;
      if (++method_index_ < spec_.methods.size()) start_method();
    }
  }
  if (done()) return 1.0;
  const double total = static_cast<double>(spec_.rolls) * static_cast<double>(spec_.methods.size());
  return (static_cast<double>(method_index_) * static_cast<double>(spec_.rolls) + static_cast<double>(rolled_)) / total;
}

std::vector<double> DiceSampleJob::result() const {
  std::vector<double> out{static_cast<double>(spec_.methods.size()), static_cast<double>(spec_.sides),
                          static_cast<double>(spec_.rolls)};
  for (std::size_t m = 0; m < counts_.size(); ++m) {
    out.push_back(static_cast<double>(bits_drawn_[m]));
    for (std::uint64_t c : counts_[m]) out.push_back(static_cast<double>(c));
  }
  return out;
}

std::string DiceSampleJob::summary() const {
  if (done())
    return "rolled " + grouped(spec_.rolls) + " d" + std::to_string(spec_.sides) +
           (spec_.methods.size() > 1 ? " with each of " + std::to_string(spec_.methods.size()) + " methods" : "");
  return "rolling with " + std::string(spec_.methods[method_index_]->name) + ": " + grouped(rolled_) + " of " +
         grouped(spec_.rolls);
}

Result<DiceSampleResult> read_dice_sample_result(std::span<const double> values) {
  using R = Result<DiceSampleResult>;
  if (values.size() < 3 || !whole_in(values[0], 1, 64) || !whole_in(values[1], 1, 1e6) ||
      !whole_in(values[2], 1, static_cast<double>(kMaxDiceRolls)))
    return R::fail("sample result: malformed header");
  DiceSampleResult r;
  const auto methods = static_cast<std::size_t>(values[0]);
  r.sides = static_cast<std::uint64_t>(values[1]);
  r.rolls = static_cast<std::uint64_t>(values[2]);
  const std::size_t block = static_cast<std::size_t>(r.sides) + 1;
  if (values.size() != 3 + methods * block) return R::fail("sample result: wrong length");
  for (std::size_t m = 0; m < methods; ++m) {
    const double* p = values.data() + 3 + m * block;
    r.bits_drawn.push_back(static_cast<std::uint64_t>(p[0]));
    r.counts.emplace_back();
    for (std::size_t i = 1; i < block; ++i) r.counts.back().push_back(static_cast<std::uint64_t>(p[i]));
  }
  return R::ok(std::move(r));
}

// ---------------------------------------------------------------- expressions

std::string dice_expr_sample_params(const DiceExprSampleSpec& spec) {
  FieldWriter out;
  out.add("expr", expression_to_link(spec.expr));
  out.add("method", spec.method ? spec.method->name : std::string_view("?"));
  out.add("bits", static_cast<std::uint64_t>(spec.bits));
  out.add("gen", spec.gen);
  out.add("seed", spec.seed);
  out.add("rolls", spec.rolls);
  return out.text().substr(1);
}

Result<std::shared_ptr<Job>> DiceExprSampleJob::make(const DiceExprSampleSpec& spec) {
  using R = Result<std::shared_ptr<Job>>;
  if (!spec.method) return R::fail("method: none given");
  if (spec.rolls < 1 || spec.rolls > kMaxDiceRolls) return R::fail("rolls: between 1 and 100000000");
  auto expr = parse_lab_expression(spec.expr);
  if (!expr) return R::fail("expr: " + expr.error());
  auto generator = make_dice_generator(spec.gen, spec.seed);
  if (!generator) return R::fail(generator.error());
  const TotalRange totals = expression_total_range(*expr);
  if (totals.max_total - totals.min_total >= kMaxSampledTotals)
    return R::fail("expr: " + std::to_string(totals.max_total - totals.min_total + 1) +
                   " possible totals; sampling keeps a histogram of at most " + std::to_string(kMaxSampledTotals));
  std::vector<std::optional<DieRoller>> rollers;
  for (const DiceTerm& term : expr->terms) {
    if (term.is_constant()) {
      rollers.emplace_back();
      continue;
    }
    auto roller = DieRoller::make(*spec.method, term.sides, spec.bits);
    if (!roller) return R::fail("at " + std::to_string(term.position) + ": " + roller.error());
    rollers.emplace_back(*roller);
  }
  DiceWordSource words(*generator, spec.bits);
  return R::ok(std::shared_ptr<Job>(new DiceExprSampleJob(spec, *expr, std::move(rollers), std::move(words), totals)));
}

DiceExprSampleJob::DiceExprSampleJob(DiceExprSampleSpec spec, DiceExpr expr,
                                     std::vector<std::optional<DieRoller>> rollers, DiceWordSource words,
                                     TotalRange totals)
    : spec_(std::move(spec)),
      expr_(std::move(expr)),
      rollers_(std::move(rollers)),
      words_(std::move(words)),
      coins_(spec_.bits),
      min_total_(totals.min_total),
      counts_(static_cast<std::size_t>(totals.max_total - totals.min_total + 1), 0) {
  std::uint64_t dice = 0;
  for (const DiceTerm& term : expr_.terms) dice += term.count;
  dice_per_roll_ = std::max<std::uint64_t>(dice, 1);
}

double DiceExprSampleJob::step(std::uint64_t budget) {
  const std::uint64_t now = std::min(std::max<std::uint64_t>(budget / dice_per_roll_, 1), spec_.rolls - rolled_);
  words_.run([&](auto&& next_word) {
    auto roll_die = [&](const DiceTerm& term) {
      return rollers_[static_cast<std::size_t>(&term - expr_.terms.data())]->roll(next_word, coins_);
    };
    for (std::uint64_t i = 0; i < now; ++i)
      ++counts_[static_cast<std::size_t>(sample_dice_total(expr_, roll_die, scratch_) - min_total_)];
  });
  rolled_ += now;
  return static_cast<double>(rolled_) / static_cast<double>(spec_.rolls);
}

std::vector<double> DiceExprSampleJob::result() const {
  const bool coin_flips = !spec_.method->range.has_value();
  const std::uint64_t bits = coin_flips ? coins_.flips() : words_.words_drawn() * spec_.bits;
  std::vector<double> out{static_cast<double>(rolled_), static_cast<double>(bits), static_cast<double>(min_total_)};
  for (std::uint64_t c : counts_) out.push_back(static_cast<double>(c));
  return out;
}

std::string DiceExprSampleJob::summary() const {
  return (done() ? "rolled " : "rolling: ") + grouped(rolled_) + (done() ? " times" : " of " + grouped(spec_.rolls));
}

Result<DiceExprSampleResult> read_dice_expr_sample_result(std::span<const double> values) {
  using R = Result<DiceExprSampleResult>;
  if (values.size() < 4 || !whole_in(values[0], 0, static_cast<double>(kMaxDiceRolls)) || !whole_in(values[1], 0, 9e15) ||
      !whole_in(values[2], -9e15, 9e15) || values.size() - 3 > static_cast<std::size_t>(kMaxSampledTotals))
    return R::fail("expression sample: malformed result");
  DiceExprSampleResult r;
  r.rolls = static_cast<std::uint64_t>(values[0]);
  r.bits_drawn = static_cast<std::uint64_t>(values[1]);
  r.min_total = static_cast<std::int64_t>(values[2]);
  for (std::size_t i = 3; i < values.size(); ++i) r.counts.push_back(static_cast<std::uint64_t>(values[i]));
  return R::ok(std::move(r));
}

double DiceExprExactJob::step(std::uint64_t) {
  if (done_) return 1.0;
  auto dist = exact_dice_distribution(expr_);
  done_ = true;
  if (!dist) {
    summary_ = dist.error();
    return 1.0;
  }
  result_ = distribution_to_doubles(*dist);
  summary_ = "exact law: " + std::to_string(dist->counts.size()) + " totals";
  return 1.0;
}

// ---------------------------------------------------------------- factories

Result<std::shared_ptr<Job>> make_dice_sample_job(FieldReader& f) {
  using R = Result<std::shared_ptr<Job>>;
  DiceSampleSpec spec;
  const std::string* methods = f.raw("method");
  if (!methods) return R::fail("method: missing");
  if (*methods == "all") {
    for (const DiceMethodInfo& m : dice_methods()) spec.methods.push_back(&m);
  } else {
    std::string_view rest = *methods;
    while (!rest.empty()) {
      const std::size_t comma = rest.find(',');
      const std::string_view name = rest.substr(0, comma);
      const DiceMethodInfo* m = find_dice_method(name);
      if (!m) return R::fail("method: unknown method \"" + printable_excerpt(name) + "\"");
      spec.methods.push_back(m);
      if (comma == std::string_view::npos) break;
      rest.remove_prefix(comma + 1);
    }
  }
  if (!f.decimal("sides", std::uint64_t{1}, kMaxDiceLabSides, spec.sides)) return R::fail("sides: missing or not 1..1000");
  if (std::string problem = read_common(f, spec); !problem.empty()) return R::fail(problem);
  return DiceSampleJob::make(spec);
}

Result<std::shared_ptr<Job>> make_dice_expr_sample_job(FieldReader& f) {
  using R = Result<std::shared_ptr<Job>>;
  DiceExprSampleSpec spec;
  const std::string* expr = f.raw("expr");
  if (!expr) return R::fail("expr: missing");
  auto text = expression_from_link(*expr);
  if (!text) return R::fail(text.error());
  spec.expr = *text;
  const std::string* method = f.raw("method");
  spec.method = method ? find_dice_method(*method) : nullptr;
  if (!spec.method) return R::fail("method: missing or unknown");
  if (std::string problem = read_common(f, spec); !problem.empty()) return R::fail(problem);
  return DiceExprSampleJob::make(spec);
}

Result<std::shared_ptr<Job>> make_dice_expr_exact_job(FieldReader& f) {
  using R = Result<std::shared_ptr<Job>>;
  const std::string* value = f.raw("expr");
  if (!value) return R::fail("expr: missing");
  auto text = expression_from_link(*value);
  if (!text) return R::fail(text.error());
  auto expr = parse_lab_expression(*text);
  if (!expr) return R::fail("expr: " + expr.error());
  return R::ok(std::make_shared<DiceExprExactJob>(*expr));
}

}  // namespace shufflelab
