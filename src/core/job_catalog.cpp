#include "core/job_catalog.hpp"

#include "core/asm/asm_jobs.hpp"
#include "core/asm/routine_check.hpp"
#include "core/base/url_fields.hpp"
#include "core/builtin_tours.hpp"
#include "core/check/check_lab.hpp"
#include "core/check/deck_tests_job.hpp"
#include "core/chooser/chooser_job.hpp"
#include "core/gallery.hpp"
#include "core/dice/dice_sample.hpp"
#include "core/dice/die_law_wire.hpp"
#include "core/lfsr/lfsr_analysis.hpp"
#include "core/lfsr/lfsr_lattice.hpp"
#include "core/poker/poker_sweep.hpp"
#include "core/shuffle/riffle_view.hpp"
#include "core/shuffle/shuffle_bias.hpp"
#include "core/shuffle/shuffle_predict.hpp"
#include "core/url_state.hpp"

namespace shufflelab {

namespace {
using JobFactory = Result<std::shared_ptr<Job>> (*)(FieldReader&);
struct JobKind {
  std::string_view kind;
  JobFactory make;
};
constexpr JobKind kJobKinds[] = {
    {"lfsr_step_period", make_lfsr_step_period_job},   {"lfsr_lab_step_period", make_lfsr_lab_step_period_job},
    {"dice_sample", make_dice_sample_job},             {"dice_expr_sample", make_dice_expr_sample_job},
    {"dice_expr_exact", make_dice_expr_exact_job},     {"poker_sweep", make_poker_sweep_job},
    {"poker_hands", make_poker_hands_job},             {"shuffle_bias", make_shuffle_bias_job},
    {"shuffle_seed_search", make_seed_search_job},     {"riffle_table", make_riffle_table_job},
    {"check_example", make_check_example_job},         {"chooser", make_chooser_job},
    {"routine_check", make_routine_check_job},         {"asm_listing_source", make_asm_listing_source_job},
    {"tour", make_builtin_tour_job},                   {"findings", make_findings_job},
    {"lcg_lattice", make_lcg_lattice_job},             {"die_laws", make_die_laws_job},
    {"dice_checks", make_dice_checks_job},
    {"asm_costs", make_asm_costs_job},
};
// Kinds whose input is a text longer than parameters may be (JobRunner::start's `text`).
using TextJobFactory = Result<std::shared_ptr<Job>> (*)(FieldReader&, std::string_view);
struct TextJobKind {
  std::string_view kind;
  TextJobFactory make;
};
constexpr TextJobKind kTextJobKinds[] = {
    {"deck_tests", make_deck_tests_job},
    {"assemble", make_assemble_job},
    {"asm_lanes", make_asm_lanes_job},
    {"asm_run", make_asm_run_job},
    {"asm_output_hex", make_asm_output_hex_job},
};
}  // namespace

Result<std::shared_ptr<Job>> make_job(std::string_view kind, std::string_view params, std::string_view text) {
  using R = Result<std::shared_ptr<Job>>;
  if (params.size() > kMaxFragmentLength) return R::fail("job parameters too long");
  if (kind == "js_sort_sample") return R::fail("js_sort_sample: the browser's own sort runs only in the page's worker");
  const JobKind* entry = nullptr;
  for (const JobKind& k : kJobKinds)
    if (k.kind == kind) entry = &k;
  const TextJobKind* text_entry = nullptr;
  for (const TextJobKind& k : kTextJobKinds)
    if (k.kind == kind) text_entry = &k;
  if (!entry && !text_entry) return R::fail("unknown job kind \"" + printable_excerpt(kind) + "\"");
  if (entry && !text.empty()) return R::fail("job kind \"" + printable_excerpt(kind) + "\" takes no text");
  const FragmentPairs pairs = split_fragment(params);
  std::vector<std::string> notices;
  FieldReader fields(pairs, notices);
  auto job = entry ? entry->make(fields) : text_entry->make(fields, text);
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

