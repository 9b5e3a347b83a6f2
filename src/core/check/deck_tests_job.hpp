// deck_tests_job.hpp: the "deck_tests" job: the Check lab's deck tests on a
// tally of decks counted elsewhere (the Your code tab's sample, counted in
// the page's app: core/code_deck_tests). The tally comes as the job's text
// (core/check/deck_tally_wire), the report goes back as its payload, made
// into what the app shows (core/check/check_view_wire), so the tests and the
// report's text run in the worker's core module and the app's own wasm never
// links them.
#pragma once
#include <memory>
#include <string_view>

#include "core/base/jobs.hpp"
#include "core/base/result.hpp"
#include "core/base/url_fields.hpp"

namespace shufflelab {

// Fails with the tally's first problem (its line named).
Result<std::shared_ptr<Job>> make_deck_tests_job(FieldReader& fields, std::string_view text);

}  // namespace shufflelab
