// job_catalog.hpp: every kind of job the labs run, built from its kind and
// its parameters in link syntax, so a worker, the CLI and the tests rebuild
// the same job from two strings. Lives above the labs (it names each lab's
// jobs); the Job interface itself is in core/base/jobs.hpp.
#pragma once
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/jobs.hpp"
#include "core/base/result.hpp"

namespace shufflelab {

// Builds a job from its kind and parameters; the message names the problem.
// `text`: the input of a kind that reads a text longer than parameters may be
// ("deck_tests": a tally of decks; "assemble": the source); the other kinds take none.
Result<std::shared_ptr<Job>> make_job(std::string_view kind, std::string_view params, std::string_view text = {});

// Jobs whose work splits into independent parts (the browser runs the parts
// on several workers at once). split_job: the parts' parameters, or empty
// when the kind does not split (or the parameters are bad: make_job says
// why). merge_job_results: the whole job's result and summary from the
// finished parts' results, equal to running it unsplit.
std::vector<std::string> split_job(std::string_view kind, std::string_view params, unsigned parts);
struct MergedJobResult {
  std::vector<double> result;
  std::string summary;
};
Result<MergedJobResult> merge_job_results(std::string_view kind, const std::vector<std::vector<double>>& parts);

}  // namespace shufflelab
