#include "core/shuffle/shuffle_bias.hpp"

#include "core/dice/range.hpp"
#include "core/shuffle/riffle.hpp"
#include "core/base/text_format.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <map>

namespace shufflelab {

namespace {

// Why the law is not weighed: bias_setup says it without LawEnumerator::make, so the app that
// checks a setup before its job starts links no draw laws (exact_range_counts, solve_fdr_exact).
std::string too_many_law_lists(const ShuffleSpec& spec, std::uint64_t lists) {
  return "exact law: " + std::string(shuffle_algo_name(spec.algo)) + " with n = " + std::to_string(spec.n) + " has " +
         (lists == ~std::uint64_t{0} ? std::string("too many") : std::to_string(lists)) + " draw lists, more than the " +
         std::to_string(kMaxLawLists) + " weighed here; use fewer cards or sample";
}

}  // namespace

// ---- Job --------------------------------------------------------------------

Result<ShuffleSetup> bias_setup(const ShuffleLabState& state, BiasMode mode) {
  using R = Result<ShuffleSetup>;
  auto setup = make_shuffle_setup(state);
  if (!setup) return setup;
  if (state.n > kMaxBiasLabCards)
    return R::fail("n: the bias matrix is drawn for at most " + std::to_string(kMaxBiasLabCards) + " cards, got " +
                   std::to_string(state.n));
  if (mode == BiasMode::exact && !draws_adapt(setup->spec.algo)) {
    auto exact = ExactBias::make(setup->spec);
    if (!exact) return R::fail(exact.error());
  }
  if (mode != BiasMode::empirical && draws_adapt(setup->spec.algo)) {
    const std::string name(shuffle_algo_name(setup->spec.algo));
    const ShuffleSpec& spec = setup->spec;
    if (mode == BiasMode::law)
      return R::fail("law: " + name + " draws only coins and uniform values; use the exact matrix");
    if (comparator_sort_of(spec.algo) && spec.n > kMaxLabComparatorExactCards)
      return R::fail("exact: the lab walks comparator sorts exactly up to " +
                     std::to_string(kMaxLabComparatorExactCards) + " cards, got " + std::to_string(spec.n));
    if (spec.algo == ShuffleAlgo::Riffle && (spec.n > kMaxRiffleMatrixCards || spec.rounds * spec.n > 53))
      return R::fail("exact: the riffle matrix visits all n! orders with weights over 2^(kn): n <= " +
                     std::to_string(kMaxRiffleMatrixCards) + " and k n <= 53, got n = " + std::to_string(spec.n) +
                     ", k = " + std::to_string(spec.rounds));
    if (spec.algo == ShuffleAlgo::Overhand)
      return R::fail("exact: the overhand shuffle has no exact law here; sample it");
  }
  if (const std::uint64_t lists = ExactBias::outcomes(setup->spec); mode == BiasMode::law && lists > kMaxLawLists)
    return R::fail(too_many_law_lists(setup->spec, lists));
  return setup;
}

ShuffleBiasJob::ShuffleBiasJob(ShuffleSetup setup, std::uint64_t shuffles)
    : setup_(std::move(setup)), shuffles_(shuffles), lin2003_matrix_(setup_.spec.n), deck_(setup_.spec.n) {}

Result<std::shared_ptr<ShuffleBiasJob>> ShuffleBiasJob::make(const ShuffleLabState& state, BiasMode mode) {
  using R = Result<std::shared_ptr<ShuffleBiasJob>>;
  auto setup = bias_setup(state, mode);
  if (!setup) return R::fail(setup.error());
  std::shared_ptr<ShuffleBiasJob> job(new ShuffleBiasJob(*setup, state.shuffles));
  if (mode == BiasMode::exact && draws_adapt(setup->spec.algo)) {
    if (const auto sort = comparator_sort_of(setup->spec.algo)) {
      job->tree_.emplace(*sort, setup->spec.n);
    } else {
      const RiffleMatrix riffle = riffle_matrix(setup->spec.n, setup->spec.rounds).value();
      job->adaptive_matrix_ = BiasMatrix(setup->spec.n);
      job->adaptive_matrix_->total = std::uint64_t{1} << (setup->spec.rounds * setup->spec.n);
      for (std::size_t cell = 0; cell < riffle.weights.size(); ++cell)
        job->adaptive_matrix_->counts[cell] = riffle.weights[cell].low_u64();
    }
  } else if (mode == BiasMode::exact) {
    job->exact_.emplace(ExactBias::make(setup->spec).value());
  } else if (mode == BiasMode::law) {
    auto law = LawEnumerator::make(*setup);
    if (!law) return R::fail(law.error());
    job->law_.emplace(std::move(law.value()));
  } else if (!setup->lin2003) {
    job->source_.emplace(DrawSource::make(setup->source, max_draw_bound(setup->spec)).value());
    job->empirical_.emplace(setup->spec, state.shuffles);
  }
  return R::ok(job);
}

const BiasMatrix& ShuffleBiasJob::matrix() const {
  if (adaptive_matrix_) return *adaptive_matrix_;
  if (exact_) return exact_->matrix();
  if (empirical_) return empirical_->matrix();
  return lin2003_matrix_;
}

bool ShuffleBiasJob::done() const {
  if (tree_) return adaptive_matrix_.has_value();
  if (adaptive_matrix_) return true;
  if (law_) return law_->done();
  if (exact_) return exact_->done();
  return matrix().total >= shuffles_;
}

double ShuffleBiasJob::step(std::uint64_t budget) {
  // One unit of budget is about one draw.
  const std::uint64_t count = std::max<std::uint64_t>(1, budget / std::max<std::uint32_t>(setup_.spec.n, 1));
  if (law_) {
    law_->run(std::max<std::uint64_t>(1, count / 8));  // big-integer products and sums: about 8 draws' worth each
    return static_cast<double>(law_->visited()) / static_cast<double>(law_->lists());
  }
  if (exact_) {
    exact_->run(count);
    return static_cast<double>(exact_->matrix().total) / static_cast<double>(exact_->outcomes());
  }
  if (tree_) {
    tree_->run(count);
    if (!tree_->done()) return 0.5;  // the number of leaves is not known in advance
    BiasMatrix m(setup_.spec.n);
    m.total = std::uint64_t{1} << tree_->exponent();  // n <= 8: at most 2^46
    const auto weights = tree_->weights();
    for (std::size_t cell = 0; cell < weights.size(); ++cell) m.counts[cell] = weights[cell].low_u64();
    adaptive_matrix_ = std::move(m);
    return 1;
  }
  if (adaptive_matrix_) return 1;
  if (empirical_) {
    source_->run([&](auto& draw) { empirical_->run(draw, count); });
  } else {
    // shuffle.c as run once a second: shuffle m starts from srand(seed + m).
    const std::uint64_t todo = std::min(count, shuffles_ - lin2003_matrix_.total);
    for (std::uint64_t k = 0; k < todo; ++k) {
      Lin2003Draws draws(static_cast<std::uint32_t>(setup_.source.seed + lin2003_matrix_.total));
      shuffle_fast(setup_.spec, deck_, draws);
      lin2003_matrix_.add(deck_);
    }
  }
  return static_cast<double>(matrix().total) / static_cast<double>(shuffles_);
}

std::vector<double> ShuffleBiasJob::result() const {
  if (law_) return law_bias_to_doubles(law_->bias());
  const BiasMatrix& m = matrix();
  std::vector<double> out{static_cast<double>(m.n), static_cast<double>(m.total)};
  out.reserve(2 + m.counts.size());
  for (std::uint64_t c : m.counts) out.push_back(static_cast<double>(c));
  return out;
}

std::string ShuffleBiasJob::summary() const {
  if (law_)
    return std::to_string(law_->visited()) + " of " + std::to_string(law_->lists()) + " draw lists weighed";
  const std::uint64_t total = matrix().total;
  if (exact_)
    return std::to_string(total) + " of " + std::to_string(exact_->outcomes()) + " draw lists enumerated";
  if (tree_) return std::to_string(tree_->paths()) + " answer sequences walked";
  if (adaptive_matrix_) return "exact law over 2^" + std::to_string(setup_.spec.rounds * setup_.spec.n);
  return std::to_string(total) + " of " + counted(shuffles_, "shuffle") + " counted";
}

std::string shuffle_bias_job_params(const ShuffleLabState& state, BiasMode mode) {
  FieldWriter out;
  encode_shuffle_lab(state, out);
  out.add("mode", mode == BiasMode::exact ? "exact" : mode == BiasMode::law ? "law" : "empirical");
  out.add("shuffles", state.shuffles);
  std::string text = out.text();
  return text.empty() ? text : text.substr(1);  // FieldWriter starts every field with '&'
}

std::string comparator_law_job_params(ShuffleAlgo algo, std::uint32_t n) {
  ShuffleLabState state;
  state.algo = std::string(shuffle_algo_name(algo));
  state.n = n;
  return shuffle_bias_job_params(state, BiasMode::exact);
}

Result<std::shared_ptr<Job>> make_shuffle_bias_job(FieldReader& fields) {
  using R = Result<std::shared_ptr<Job>>;
  ShuffleLabState state;
  std::string mode = "empirical";
  fields.word("mode", {"empirical", "exact", "law"}, mode);
  decode_shuffle_lab(fields, state);  // a bad field leaves a notice: make_job then refuses the job
  auto job = ShuffleBiasJob::make(state, mode == "exact" ? BiasMode::exact
                                         : mode == "law" ? BiasMode::law
                                                         : BiasMode::empirical);
  if (!job) return R::fail(job.error());
  return R::ok(job.value());
}

Result<BiasMatrix> bias_matrix_from_result(const std::vector<double>& result) {
  using R = Result<BiasMatrix>;
  if (result.size() < 2) return R::fail("bias result: too short");
  const double n_value = result[0];
  if (!(n_value >= 1 && n_value <= kMaxBiasLabCards)) return R::fail("bias result: bad card count");
  const auto n = static_cast<std::uint32_t>(n_value);
  if (result.size() != 2 + std::size_t{n} * n) return R::fail("bias result: wrong size");
  BiasMatrix m(n);
  m.total = static_cast<std::uint64_t>(result[1]);
  for (std::size_t k = 0; k < m.counts.size(); ++k) m.counts[k] = static_cast<std::uint64_t>(result[2 + k]);
  return R::ok(m);
}

// ---- Exact laws -------------------------------------------------------------

Result<DrawLaw> draw_law(const DrawMethod& method, std::uint32_t bound, unsigned bits) {
  using R = Result<DrawLaw>;
  DrawLaw law;
  if (bound <= 1) {  // the source answers 0 without reading anything
    law.weights = {BigUint(1)};
    law.total = 1;
    return R::ok(law);
  }
  if (method.kind == DrawMethod::Kind::fdr) {
    auto exact = solve_fdr_exact(bound, method.fdr);
    if (!exact) return R::fail(exact.error());
    law.weights = exact->weights;
    law.total = exact->common_denominator;
    return R::ok(law);
  }
  auto counts = exact_range_counts(method.range, bound, bits);
  if (!counts) return R::fail(counts.error());
  for (WideCount c : counts->counts) law.weights.push_back(BigUint::from_wide(c));
  law.total = BigUint::from_wide(counts->accepted());
  return R::ok(law);
}

Result<LawEnumerator> LawEnumerator::make(const ShuffleSetup& setup) {
  using R = Result<LawEnumerator>;
  const ShuffleSpec& spec = setup.spec;
  if (spec.n > kMaxBiasLabCards) return R::fail("n: too many cards for a matrix");
  const std::uint64_t lists = ExactBias::outcomes(spec);
  if (lists > kMaxLawLists) return R::fail(too_many_law_lists(spec, lists));
  LawEnumerator e;
  e.spec_ = spec;
  e.lists_ = lists;
  e.out_.n = spec.n;
  e.out_.weights.assign(std::size_t{spec.n} * spec.n, BigUint());
  e.out_.total = 1;
  std::map<std::uint32_t, std::size_t> by_bound;
  for (std::uint32_t bound : draw_bounds(spec)) {
    auto it = by_bound.find(bound);
    if (it == by_bound.end()) {
      auto law = draw_law(setup.source.method, bound, setup.source.bits);
      if (!law) return R::fail(law.error());
      e.laws_.push_back(std::move(law.value()));
      it = by_bound.emplace(bound, e.laws_.size() - 1).first;
    }
    e.law_of_draw_.push_back(it->second);
    e.out_.total *= e.laws_[it->second].total;
  }
  e.draws_.assign(e.law_of_draw_.size(), 0);
  e.prefix_.assign(e.law_of_draw_.size() + 1, BigUint(1));
  e.deck_.resize(spec.n);
  return R::ok(std::move(e));
}

std::uint64_t LawEnumerator::run(std::uint64_t max_lists) {
  const std::size_t depth = draws_.size();
  std::uint64_t count = 0;
  for (; count < max_lists && !done(); ++count) {
    for (std::size_t d = dirty_; d < depth; ++d) prefix_[d + 1] = prefix_[d] * laws_[law_of_draw_[d]].weights[draws_[d]];
    const BigUint& weight = prefix_[depth];
    if (!weight.is_zero()) {  // lists the method can never produce add nothing
      SequenceDraws source(draws_);
      shuffle_fast(spec_, deck_, source);
      for (std::uint32_t p = 0; p < spec_.n; ++p) out_.weights[std::size_t{p} * spec_.n + deck_[p]] += weight;
      ++out_.lists;
    }
    ++visited_;
    // Odometer step: the last draw turns fastest; prefixes from the first changed draw on are stale.
    dirty_ = depth;
    for (std::size_t d = depth; d-- > 0;) {
      dirty_ = d;
      if (++draws_[d] < laws_[law_of_draw_[d]].weights.size()) break;
      draws_[d] = 0;
    }
  }
  return count;
}

Result<LawBias> law_exact_bias(const ShuffleSetup& setup) {
  auto made = LawEnumerator::make(setup);
  if (!made) return Result<LawBias>::fail(made.error());
  LawEnumerator& e = made.value();
  while (!e.done()) e.run(e.lists());
  return Result<LawBias>::ok(e.bias());
}

namespace {
void append_big(std::vector<double>& out, BigUint value) {
  std::vector<double> limbs;
  while (!value.is_zero()) {
    limbs.push_back(static_cast<double>(value.low_u64() & 0xFFFFFFFFu));
    value >>= 32;
  }
  out.push_back(static_cast<double>(limbs.size()));
  out.insert(out.end(), limbs.begin(), limbs.end());
}

// Reads one big integer at `at`; fails on a malformed or truncated encoding.
bool read_big(const std::vector<double>& in, std::size_t& at, BigUint& out) {
  if (at >= in.size()) return false;
  const double count = in[at++];
  if (!(count >= 0 && count <= 4096) || at + static_cast<std::size_t>(count) > in.size()) return false;
  out = BigUint();
  for (std::size_t k = static_cast<std::size_t>(count); k-- > 0;) {
    const double limb = in[at + k];
    if (!(limb >= 0 && limb <= 4294967295.0)) return false;
    out <<= 32;
    out += BigUint(static_cast<std::uint64_t>(limb));
  }
  at += static_cast<std::size_t>(count);
  return true;
}
}  // namespace

std::vector<double> law_bias_to_doubles(const LawBias& bias) {
  std::vector<double> out{static_cast<double>(bias.n), static_cast<double>(bias.lists)};
  append_big(out, bias.total);
  for (const BigUint& w : bias.weights) append_big(out, w);
  return out;
}

Result<LawBias> law_bias_from_result(const std::vector<double>& result) {
  using R = Result<LawBias>;
  if (result.size() < 3 || !(result[0] >= 1 && result[0] <= kMaxBiasLabCards)) return R::fail("law result: bad header");
  LawBias bias;
  bias.n = static_cast<std::uint32_t>(result[0]);
  bias.lists = static_cast<std::uint64_t>(result[1]);
  std::size_t at = 2;
  if (!read_big(result, at, bias.total) || bias.total.is_zero()) return R::fail("law result: bad total");
  bias.weights.resize(std::size_t{bias.n} * bias.n);
  for (BigUint& w : bias.weights)
    if (!read_big(result, at, w)) return R::fail("law result: truncated");
  if (at != result.size()) return R::fail("law result: trailing data");
  return R::ok(std::move(bias));
}

// ---- Statistics -------------------------------------------------------------

bool bias_is_real(const BiasSummary& summary) { return summary.p_value < 1e-6; }

BiasSummary summarize_bias(const BiasMatrix& matrix) {
  BiasSummary s;
  const double n = matrix.n, total = static_cast<double>(matrix.total);
  if (matrix.n == 0 || matrix.total == 0) return s;
  const double expected = total / n;
  const double sd = std::sqrt(total * (1.0 / n) * (1.0 - 1.0 / n));
  double pearson = 0;
  for (std::uint64_t count : matrix.counts) {
    const double diff = static_cast<double>(count) - expected;
    s.max_relative_deviation = std::max(s.max_relative_deviation, std::abs(diff) / expected);
    pearson += diff * diff / expected;
    if (sd > 0) {
      const double z = std::abs(diff) / sd;
      s.max_abs_z = std::max(s.max_abs_z, z);
      if (z > 4.0) ++s.cells_beyond_4_sigma;
    }
  }
  s.relative_standard_error = std::sqrt((n - 1.0) / total);
  if (matrix.n >= 2) {
    s.chi_square = pearson * (n - 1.0) / n;
    s.degrees_of_freedom = (n - 1.0) * (n - 1.0);
    s.p_value = chi_square_p_value(s.chi_square, s.degrees_of_freedom);
  }
  return s;
}

double nice_limit(double value) {
  if (!(value > 0)) return 1e-12;
  double decade = std::pow(10.0, std::floor(std::log10(value)));
  for (;;) {
    for (double step : {1.0, 2.0, 5.0})
      if (step * decade >= value * (1 - 1e-12)) return step * decade;
    decade *= 10;
  }
}

Result<EngineComparison> compare_engine(const BiasMatrix& law, const BiasMatrix& sample) {
  using R = Result<EngineComparison>;
  if (law.n != sample.n || law.n < 2 || law.total == 0 || sample.total == 0)
    return R::fail("engine: the sample and the model are for different decks");
  const std::uint32_t n = law.n;
  EngineComparison c;
  c.degrees_of_freedom = n - 1.0;
  const double runs = static_cast<double>(sample.total);
  for (std::uint32_t p = 0; p < n; ++p) {
    double chi = 0;
    for (std::uint32_t card = 0; card < n; ++card) {
      const double expected = static_cast<double>(law.at(p, card)) / static_cast<double>(law.total) * runs;
      const double seen = static_cast<double>(sample.at(p, card));
      if (expected == 0) {
        if (seen != 0) chi = std::numeric_limits<double>::infinity();
        continue;
      }
      chi += (seen - expected) * (seen - expected) / expected;
    }
    c.row_chi_square.push_back(chi);
    c.worst_row = std::max(c.worst_row, chi);
  }
  c.p_value = std::isinf(c.worst_row) ? 0.0
                                      : std::min(1.0, n * chi_square_p_value(c.worst_row, c.degrees_of_freedom));
  c.agrees = c.p_value >= 0.001;
  char text[200];
  std::snprintf(text, sizeof text, "largest row chi-square %.2f on %.0f degrees of freedom, p = %.3g (x %u rows): %s",
                c.worst_row, c.degrees_of_freedom, c.p_value, n,
                c.agrees ? "consistent" : "rejected");
  c.verdict = text;
  return R::ok(std::move(c));
}

EngineView engine_view(const std::vector<BiasMatrix>& laws, const BiasMatrix& sample) {
  EngineView view;
  const auto sorts = comparator_sorts();
  for (std::size_t i = 0; i < laws.size() && i < sorts.size(); ++i) {
    auto c = compare_engine(laws[i], sample);
    if (!c) {
      view.rows.push_back(std::string(sorts[i].label) + ": " + c.error());
      continue;
    }
    view.rows.push_back(std::string(sorts[i].label) + ": " + c->verdict);
    if (c->agrees) view.matching.emplace_back(shuffle_algo_name(sorts[i].algo));
  }
  std::string names;
  for (const std::string& m : view.matching) names += (names.empty() ? "" : ", ") + m;
  view.verdict = view.matching.empty() ? "This engine sorts like none of the modelled sorts."
                                       : "This engine's sample fits: " + names + ".";
  return view;
}

std::string engine_sample_params(std::uint32_t n, std::uint64_t runs) {
  return "n=" + std::to_string(n) + "&runs=" + std::to_string(runs);
}

}  // namespace shufflelab
