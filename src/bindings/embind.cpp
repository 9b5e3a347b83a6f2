// The core as a JavaScript module (Embind). Thin and batched: each call does a
// whole job and returns plain values or typed arrays, never one call per element.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <string>
#include <vector>

#include "core/golden.hpp"
#include "core/base/jobs.hpp"
#include "core/gen/lfsr.hpp"
#include "core/base/parse.hpp"
#include "core/url_state.hpp"

using namespace emscripten;
using namespace shufflelab;

namespace {

// Throws a JS Error with the core's message (the JS side sees a normal exception).
[[noreturn]] void throw_js(const std::string& message) {
  val::global("Error").new_(message).throw_();
  __builtin_unreachable();
}

// Tarot-form LFSR output: `count` bytes from LFSR() calls, as a Uint8Array.
val tarot_bytes(int width, const std::string& mask_hex, const std::string& seed_hex, unsigned count) {
  auto mask = parse_hex("mask", mask_hex, 2);
  if (!mask) throw_js(mask.error());
  auto seed = parse_hex("seed", seed_hex, 16);
  if (!seed) throw_js(seed.error());
  auto lfsr = make_galois_lfsr(width, tarot_taps(width, *mask), *seed);
  if (!lfsr) throw_js(lfsr.error());
  if (count > (1u << 26)) throw_js("count: at most 67108864 bytes per call");
  std::vector<std::uint8_t> out(count);
  GaloisLfsr r = lfsr.value();
  for (auto& b : out) b = r.next_byte();
  return val(typed_memory_view(out.size(), out.data())).call<val>("slice");
}

// URL codec: decode to {hash (normalised), notices[]}.
val decode_link(const std::string& fragment) {
  const DecodedState d = decode_fragment(fragment);
  val result = val::object();
  result.set("hash", encode_fragment(d.state));
  val notices = val::array();
  for (const auto& n : d.notices) notices.call<void>("push", n);
  result.set("notices", notices);
  return result;
}

// Long jobs (core/base/jobs.hpp): the worker steps them in slices.
std::shared_ptr<Job> make_job_or_throw(const std::string& kind, const std::string& params) {
  auto job = make_job(kind, params);
  if (!job) throw_js(job.error());
  return job.value();
}

val job_result(const std::shared_ptr<Job>& job) {
  const std::vector<double> r = job->result();
  return val(typed_memory_view(r.size(), r.data())).call<val>("slice");
}

double job_step(Job& job, double budget) { return job.step(static_cast<std::uint64_t>(budget)); }

std::string version() { return "shufflelab core, URL format v" + std::to_string(kUrlFormatVersion); }

}  // namespace

EMSCRIPTEN_BINDINGS(shufflelab_core) {
  function("version", &version);
  function("tarotBytes", &tarot_bytes);
  function("decodeLink", &decode_link);
  function("goldenVectors", &golden_vectors);
  class_<Job>("Job")
      .smart_ptr<std::shared_ptr<Job>>("JobPtr")
      .function("step", &job_step)
      .function("done", &Job::done)
      .function("summary", &Job::summary);
  function("makeJob", &make_job_or_throw);
  function("jobResult", &job_result);
}
