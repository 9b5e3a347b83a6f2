// The core as a JavaScript module (Embind). Thin and batched: each call does a
// whole job and returns plain values or typed arrays, never one call per element.
#include <emscripten/bind.h>
#include <emscripten/heap.h>
#include <emscripten/val.h>

#include <string>
#include <vector>

#include "core/builtin_tours.hpp"
#include "core/check/check_lab.hpp"
#include "core/check/check_view_wire.hpp"
#include "core/golden.hpp"
#include "core/job_catalog.hpp"
#include "core/gen/lfsr.hpp"
#include "core/base/parse.hpp"
#include "core/shuffle/comparator_sort.hpp"
#include "core/shuffle/riffle.hpp"
#include "core/shuffle/user_code.hpp"
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
  const DecodedState d = decode_fragment(fragment, find_builtin_tour);
  val result = val::object();
  result.set("hash", encode_fragment(d.state));
  val notices = val::array();
  for (const auto& n : d.notices) notices.call<void>("push", n);
  result.set("notices", notices);
  return result;
}

// Long jobs (core/base/jobs.hpp): the worker steps them in slices.
std::shared_ptr<Job> make_job_or_throw(const std::string& kind, const std::string& params, const std::string& text) {
  auto job = make_job(kind, params, text);
  if (!job) throw_js(job.error());
  return job.value();
}

val job_result(const std::shared_ptr<Job>& job) {
  const std::vector<double> r = job->result();
  return val(typed_memory_view(r.size(), r.data())).call<val>("slice");
}

double job_step(Job& job, double budget) { return job.step(static_cast<std::uint64_t>(budget)); }

// Riffles: {distances: Float64Array (k = 1..kMax), fractions: exact "p/q" strings (n <= 200), belowHalf}.
val riffle_table(unsigned n, unsigned k_max) {
  if (k_max < 1 || k_max > kMaxRiffleTheoryRounds) throw_js("kMax: 1.." + std::to_string(kMaxRiffleTheoryRounds));
  auto table = RiffleTable::make(n);
  if (!table) throw_js(table.error());
  std::vector<double> distances;
  val fractions = val::array();
  for (unsigned k = 1; k <= k_max; ++k) {
    const RiffleLaw law = table->law(k);
    distances.push_back(law.distance);
    if (n <= 200) fractions.call<void>("push", law.distance_fraction().to_string());
  }
  val result = val::object();
  result.set("distances", val(typed_memory_view(distances.size(), distances.data())).call<val>("slice"));
  result.set("fractions", fractions);
  result.set("belowHalf", riffles_below_half(table.value(), k_max));
  return result;
}

// A comparator sort's exact law: {exponent E, weights: decimal strings (rows sum to 2^E), meanComparisons "p/q"}.
val comparator_law(const std::string& algo, unsigned n) {
  auto parsed = parse_shuffle_algo("algo", algo);
  if (!parsed) throw_js(parsed.error());
  const auto sort = comparator_sort_of(*parsed);
  if (!sort) throw_js("algo: " + algo + " is not a comparator sort");
  if (const std::uint32_t most = comparator_sort_info(*sort).max_exact_cards; n < 1 || n > most)
    throw_js("n: 1.." + std::to_string(most) + " for " + algo);
  ComparatorExact exact(*sort, n);
  while (!exact.done()) exact.run(std::uint64_t{1} << 20);
  val weights = val::array();
  for (const BigUint& w : exact.weights()) weights.call<void>("push", w.to_string());
  val result = val::object();
  result.set("exponent", static_cast<double>(exact.exponent()));
  result.set("weights", weights);
  result.set("meanComparisons", exact.mean_comparisons().to_string());
  return result;
}

// The Check lab's file check: the worker feeds the file in chunks (typed
// arrays) and takes the report, made into what the app shows, as its payload
// text (core/check/check_view_wire).
class CheckFileReader {
 public:
  explicit CheckFileReader(const std::string& params) {
    auto options = check_options_from_params(params);
    if (!options) throw_js(options.error());
    auto made = CheckSession::make(*options);
    if (!made) throw_js(made.error());
    session_ = std::move(made.value());
  }
  void feed(const std::string& chunk) { session_->feed(chunk); }
  // The first problem so far ("" while the input is good): lets the worker stop reading early.
  std::string error() const { return session_->error() ? session_->error()->text() : std::string(); }
  std::string finish() {
    auto report = session_->finish();
    if (!report) throw_js(report.error());
    return encode_check_report_view(make_check_report_view(*report));
  }
  std::string verdict(const std::string& payload) const {
    auto view = decode_check_report_view(payload);
    return view ? view->verdict : view.error();
  }

 private:
  std::unique_ptr<CheckSession> session_;
};

std::string version() { return "shufflelab core, URL format v" + std::to_string(kUrlFormatVersion); }

}  // namespace

EMSCRIPTEN_BINDINGS(shufflelab_core) {
  function("version", &version);
  function("tarotBytes", &tarot_bytes);
  function("decodeLink", &decode_link);
  function("goldenVectors", &golden_vectors);
  function("riffleTable", &riffle_table);
  function("comparatorLaw", &comparator_law);
  class_<Job>("Job")
      .smart_ptr<std::shared_ptr<Job>>("JobPtr")
      .function("step", &job_step)
      .function("done", &Job::done)
      .function("summary", &Job::summary)
      .function("payload", &Job::payload);
  function("makeJob", +[](const std::string& kind, const std::string& params) { return make_job_or_throw(kind, params, {}); });
  // A kind that reads a text longer than parameters may be (core/job_catalog: "assemble", "deck_tests").
  function("makeTextJob", &make_job_or_throw);
  // The module's wasm memory in bytes (it only grows): shows a streamed check stays bounded.
  function("heapBytes", +[]() { return static_cast<double>(emscripten_get_heap_size()); });
  class_<CheckFileReader>("CheckFileReader")
      .constructor<std::string>()
      .function("feed", &CheckFileReader::feed)
      .function("error", &CheckFileReader::error)
      .function("finish", &CheckFileReader::finish)
      .function("verdict", &CheckFileReader::verdict);
  function("jobResult", &job_result);
  // The reader's shuffle as node runs it (docs/code_protocol.md): the worker's TEXT for n cards, analysed as JSON.
  function("analyzeShuffleResult", +[](const std::string& text, std::uint32_t n) { return code_result_json(text, n); });
}
