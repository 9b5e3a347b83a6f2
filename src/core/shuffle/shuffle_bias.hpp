// shuffle_bias.hpp: the shuffle lab's position x card matrices, three ways.
//  - empirical: M shuffles from the setup's own generator and method (a Job).
//    shuffle.c (lin2003) is run as the program runs: shuffle m is a fresh
//    srand(seed + m), one second after the other, like the CLI's `bias`.
//  - exact: every draw list once with perfect uniform draws (ExactBias; a
//    Job): the algorithm's own bias, nothing else.
//  - law: every draw list weighted by the exact law of the method on ideal
//    B-bit words (range.hpp's exact counts, fdr.hpp's exact roller law):
//    the method's bias on top of the algorithm's, as exact fractions (a Job;
//    at most kMaxLawLists lists). Its result carries the big integers as
//    32-bit limbs in doubles, so nothing is rounded on the way to the page.
//  - exact for the adaptive shuffles: comparator sorts by walking their
//    probability tree (comparator_sort.hpp, up to 8 cards), riffles by the
//    Bayer-Diaconis formula (riffle.hpp); counts are weights over 2^E.
// Statistics: with uniform shuffles the Pearson sum over all n^2 cells is
// n/(n-1) times a chi-square with (n-1)^2 degrees of freedom (one shuffle's
// 0/1 matrix has covariance P(x)P / (n-1) with P = I - J/n, a projection of
// rank (n-1)^2), so the p-value uses the statistic times (n-1)/n.
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/shuffle/bias.hpp"
#include "core/shuffle/comparator_sort.hpp"
#include "core/base/jobs.hpp"
#include "core/base/rational.hpp"
#include "core/shuffle/shuffle_lab.hpp"

namespace shufflelab {

constexpr std::uint32_t kMaxBiasLabCards = 100;  // the matrix is drawn cell by cell
constexpr std::uint64_t kMaxLawLists = 1'000'000;
constexpr std::uint32_t kMaxLabComparatorExactCards = 8;  // weights stay below 2^53 for every sort

enum class BiasMode : std::uint8_t { empirical, exact, law };

// The law of one draw on ideal B-bit words: value v has probability weights[v] / total.
struct DrawLaw {
  std::vector<BigUint> weights;
  BigUint total;
};
Result<DrawLaw> draw_law(const DrawMethod& method, std::uint32_t bound, unsigned bits);

struct LawBias {
  std::uint32_t n = 0;
  std::vector<BigUint> weights;  // weights[position * n + card]; each row sums to total
  BigUint total;
  std::uint64_t lists = 0;  // draw lists with a nonzero probability
  Fraction probability(std::uint32_t position, std::uint32_t card) const {
    return Fraction(weights[std::size_t{position} * n + card], total);
  }
};

// Every draw list in odometer order (the last draw turns fastest), weighted by
// the product of its draws' probabilities; resumable in slices.
class LawEnumerator {
 public:
  static Result<LawEnumerator> make(const ShuffleSetup& setup);
  std::uint64_t run(std::uint64_t max_lists);  // returns how many lists it visited
  bool done() const { return visited_ >= lists_; }
  std::uint64_t visited() const { return visited_; }
  std::uint64_t lists() const { return lists_; }
  const LawBias& bias() const { return out_; }

 private:
  LawEnumerator() = default;
  ShuffleSpec spec_;
  std::vector<DrawLaw> laws_;             // one per distinct bound
  std::vector<std::size_t> law_of_draw_;  // index into laws_ for each draw
  std::vector<std::uint32_t> draws_;
  std::vector<BigUint> prefix_;  // prefix_[k] = product of the weights of draws 0..k-1
  std::size_t dirty_ = 0;        // prefix_ entries after this one are stale
  std::vector<std::uint32_t> deck_;
  std::uint64_t lists_ = 0, visited_ = 0;
  LawBias out_;
};
Result<LawBias> law_exact_bias(const ShuffleSetup& setup);

// Job kind "shuffle_bias": the lab's link fields plus mode=empirical|exact|law
// (shuffles= is M for empirical). result(): empirical and exact
// {n, total, counts[position * n + card]...}; law: law_bias_to_doubles.
class ShuffleBiasJob final : public Job {
 public:
  static Result<std::shared_ptr<ShuffleBiasJob>> make(const ShuffleLabState& state, BiasMode mode);
  double step(std::uint64_t budget) override;
  bool done() const override;
  std::vector<double> result() const override;
  std::string summary() const override;

 private:
  ShuffleBiasJob(ShuffleSetup setup, std::uint64_t shuffles);
  const BiasMatrix& matrix() const;

  ShuffleSetup setup_;
  std::uint64_t shuffles_;
  std::optional<DrawSource> source_;       // empirical, not lin2003
  std::optional<EmpiricalBias> empirical_;  // empirical, not lin2003
  BiasMatrix lin2003_matrix_;               // empirical lin2003
  std::vector<std::uint32_t> deck_;
  std::optional<ExactBias> exact_;
  std::optional<LawEnumerator> law_;
  std::optional<ComparatorExact> tree_;          // exact, comparator sorts: the probability tree
  std::optional<BiasMatrix> adaptive_matrix_;    // exact, comparator sorts (when walked) and riffle
};

std::string shuffle_bias_job_params(const ShuffleLabState& state, BiasMode mode);
// The exact law of comparator sort `algo` on n cards (the real engine's models).
std::string comparator_law_job_params(ShuffleAlgo algo, std::uint32_t n);
Result<std::shared_ptr<Job>> make_shuffle_bias_job(FieldReader& fields);
Result<BiasMatrix> bias_matrix_from_result(const std::vector<double>& result);
// {n, lists, total, weights...}, each big integer as {limb count, 32-bit limbs from the lowest}.
std::vector<double> law_bias_to_doubles(const LawBias& bias);
Result<LawBias> law_bias_from_result(const std::vector<double>& result);
// Checks n <= kMaxBiasLabCards and, for exact, the number of draw lists.
Result<ShuffleSetup> bias_setup(const ShuffleLabState& state, BiasMode mode);

// How far an empirical matrix is from uniform.
struct BiasSummary {
  double max_relative_deviation = 0;  // max over cells of |count n / total - 1|
  double relative_standard_error = 0;  // of one cell's estimate under uniformity: sqrt((n-1)/M)
  double max_abs_z = 0;                // max |count - M/n| / sqrt(M (1/n)(1 - 1/n))
  std::uint64_t cells_beyond_4_sigma = 0;
  double chi_square = 0;  // Pearson sum times (n-1)/n, see the header comment
  double degrees_of_freedom = 0;
  double p_value = 1;
};
BiasSummary summarize_bias(const BiasMatrix& matrix);
// Whether a sample's bias is real rather than noise (p below one in a million).
bool bias_is_real(const BiasSummary& summary);

// The real engine: a browser's own Array.prototype.sort with a random
// comparator, sampled in the page's worker (web/worker.js, job kind
// "js_sort_sample": {n, runs, counts...} like an empirical result), against
// the exact law of our model. Each row (position) of the sample is a
// multinomial draw from that row of the law, so Pearson's sum of one row is a
// chi-square with n-1 degrees of freedom; the rows are not independent, so
// the verdict uses the largest row sum against a Bonferroni bound.
struct EngineComparison {
  std::vector<double> row_chi_square;  // one per position
  double worst_row = 0;
  double degrees_of_freedom = 0;
  double p_value = 1;  // of the worst row, times n (Bonferroni), at most 1
  bool agrees = true;  // p_value >= 0.001
  std::string verdict;
};
// law: an exact matrix (counts over total); sample: the engine's counts.
Result<EngineComparison> compare_engine(const BiasMatrix& law, const BiasMatrix& sample);
// The sample against every modelled sort (laws[i] for comparator_sorts()[i]):
// one line per model and which ones this engine is consistent with.
struct EngineView {
  std::vector<std::string> rows;  // "V8 Array.prototype.sort: largest row chi-square ..."
  std::vector<std::string> matching;  // algo names (cmp-...) whose law the sample fits
  std::string verdict;
};
EngineView engine_view(const std::vector<BiasMatrix>& laws, const BiasMatrix& sample);
std::string engine_sample_params(std::uint32_t n, std::uint64_t runs);

// The smallest 1, 2 or 5 times a power of ten that is >= value (value > 0).
double nice_limit(double value);

}  // namespace shufflelab
