#include "core/base/jobs.hpp"

#include "core/check/check_lab.hpp"
#include "core/chooser/chooser_job.hpp"
#include "core/dice/dice_sample.hpp"
#include "core/gen/lfsr.hpp"
#include "core/lfsr/lfsr_analysis.hpp"
#include "core/poker/poker_sweep.hpp"
#include "core/shuffle/shuffle_bias.hpp"
#include "core/shuffle/riffle_view.hpp"
#include "core/shuffle/shuffle_predict.hpp"
#include "core/base/url_fields.hpp"
#include "core/url_state.hpp"

namespace shufflelab {

LfsrStepPeriodJob::LfsrStepPeriodJob(int width, std::uint64_t taps, std::uint64_t seed)
    : width_(width), taps_(taps), seed_(seed), state_(seed), limit_(width_mask(width)) {}

double LfsrStepPeriodJob::step(std::uint64_t budget) {
  GaloisLfsr r{width_, taps_, state_};
  for (std::uint64_t i = 0; i < budget && !done_; ++i) {
    r.step_bit();
    ++steps_;
    if (r.state == seed_) returned_ = done_ = true;
    else if (steps_ >= limit_) done_ = true;  // more steps than nonzero states: the seed is on a tail
  }
  state_ = r.state;
  return done_ ? 1.0 : static_cast<double>(steps_) / static_cast<double>(limit_);
}

std::vector<double> LfsrStepPeriodJob::result() const {
  return {returned_ ? static_cast<double>(steps_) : 0.0, static_cast<double>(steps_)};
}

std::string LfsrStepPeriodJob::summary() const {
  if (!done_) return "stepped " + std::to_string(steps_) + " bits so far";
  if (!returned_) return "the seed never came back: it lies on a tail";
  return "the seed came back after " + std::to_string(steps_) + " bit-steps";
}

namespace {
Result<std::shared_ptr<Job>> make_lfsr_step_period(FieldReader& f) {
  using R = Result<std::shared_ptr<Job>>;
  int width = 32;
  std::uint64_t mask = 0xCF, seed = 0;
  f.decimal("width", kMinLfsrWidth, 40, width);
  f.hex("mask", 2, mask);
  if (!f.hex("seed", 16, seed)) return R::fail("seed: missing or not hex");
  auto lfsr = make_galois_lfsr(width, tarot_taps(width, mask), seed);
  if (!lfsr) return R::fail(lfsr.error());
  return R::ok(std::make_shared<LfsrStepPeriodJob>(width, lfsr->taps, seed));
}
}  // namespace

Result<std::shared_ptr<Job>> make_job(std::string_view kind, std::string_view params) {
  using R = Result<std::shared_ptr<Job>>;
  if (params.size() > kMaxFragmentLength) return R::fail("job parameters too long");
  const FragmentPairs pairs = split_fragment(params);
  std::vector<std::string> notices;
  FieldReader fields(pairs, notices);
  Result<std::shared_ptr<Job>> job = R::fail("unknown job kind \"" + printable_excerpt(kind) + "\"");
  if (kind == "lfsr_step_period") job = make_lfsr_step_period(fields);
  if (kind == "lfsr_lab_step_period") job = make_lfsr_lab_step_period_job(fields);
  if (kind == "dice_sample") job = make_dice_sample_job(fields);
  if (kind == "dice_expr_sample") job = make_dice_expr_sample_job(fields);
  if (kind == "dice_expr_exact") job = make_dice_expr_exact_job(fields);
  if (kind == "poker_sweep") job = make_poker_sweep_job(fields);
  if (kind == "poker_hands") job = make_poker_hands_job(fields);
  if (kind == "shuffle_bias") job = make_shuffle_bias_job(fields);
  if (kind == "shuffle_seed_search") job = make_seed_search_job(fields);
  if (kind == "riffle_table") job = make_riffle_table_job(fields);
  if (kind == "check_example") job = make_check_example_job(fields);
  if (kind == "chooser") job = make_chooser_job(fields);
  if (kind == "js_sort_sample") job = R::fail("js_sort_sample: the browser's own sort runs only in the page's worker");
  if (job && !notices.empty()) return R::fail(notices.front());
  return job;
}

std::vector<std::string> split_job(std::string_view kind, std::string_view params, unsigned parts) {
  if (kind != "poker_sweep" || params.size() > kMaxFragmentLength) return {};
  const FragmentPairs pairs = split_fragment(params);
  std::vector<std::string> notices;
  FieldReader fields(pairs, notices);
  auto out = split_poker_sweep(fields, parts);
  return notices.empty() ? out : std::vector<std::string>{};
}

Result<MergedJobResult> merge_job_results(std::string_view kind, const std::vector<std::vector<double>>& parts) {
  using R = Result<MergedJobResult>;
  if (kind != "poker_sweep") return R::fail("job kind \"" + printable_excerpt(kind) + "\" does not split");
  SweepStats whole;
  for (const auto& part : parts) {
    if (part.size() < 4) return R::fail("poker_sweep: a part's result is incomplete");
    whole.merge(sweep_stats_from_result(part));
  }
  return R::ok({sweep_result(whole), sweep_summary(whole)});
}

}  // namespace shufflelab

