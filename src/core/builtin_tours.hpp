// builtin_tours.hpp: the built-in lessons' steps, every number in their
// sentences computed from the core. The app's download does not hold them:
// its session asks for a lesson with the job kind "tour" (parameters
// "id=<lesson id>"), which a worker's core module runs, and reads the
// job's payload, the lesson in the lesson file format (core/tours.hpp), as it
// reads a dropped lesson file. The CLI and native tests run the same job
// inline (core/inline_job_runner), or call builtin_tours() directly.
#pragma once
#include <memory>
#include <string_view>
#include <vector>

#include "core/base/jobs.hpp"
#include "core/base/result.hpp"
#include "core/tours.hpp"

namespace shufflelab {

class FieldReader;

// In the order of builtin_tour_headings(); built once per process.
const std::vector<Tour>& builtin_tours();
const Tour* find_builtin_tour(std::string_view id);  // nullptr when unknown

// The "tour" job: builds one lesson; refuses an id no heading has.
Result<std::shared_ptr<Job>> make_builtin_tour_job(FieldReader& fields);

}  // namespace shufflelab
