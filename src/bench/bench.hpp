// bench.hpp: the benchmark harness behind `shufflelab bench` (native) and
// bench_node.cjs (the same sources compiled to WebAssembly, run by Node).
//
// Every case runs its baseline and its candidates in one process, on the same
// inputs, after checking that their outputs agree (a failed check is reported
// and makes the run fail; no time is taken for it). Timing rounds interleave
// the variants (the starting one rotates), each sample lasts at least ~20 ms,
// and a row shows the median over the rounds. Times are CPU time of the
// measuring thread where the platform can tell (the machine is shared, so
// wall time also counts other processes), wall time for the multi-threaded
// sweep. Each timed run returns a checksum of its results that is folded into
// the printed total, so no work can be optimised away.
// --smoke runs every check and one short sample per variant: it proves the
// cases work and says nothing about speed (targets are not judged).
#pragma once
#include <cstdint>
#include <functional>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace shufflelab::bench {

// What the host program provides.
struct Platform {
  std::string name;               // "native" or "wasm"
  double (*thread_cpu_ns)();      // CPU time of the calling thread
  double (*process_cpu_ns)();     // CPU time of the whole process
  double (*wall_ns)();            // monotonic wall clock
  unsigned threads = 1;           // threads the One Chip sweep may use
  // Runs every task, up to `threads` at a time, and returns when all are done.
  std::function<void(std::vector<std::function<void()>>&)> run_parallel;
};

struct Options {
  bool smoke = false;
  std::string filter;  // only cases whose group name contains this
};

struct Target {
  std::string text;         // e.g. ">= 2x faster than the baseline"
  std::string platform;     // where it applies: "native", "wasm" or "any"
  std::optional<bool> met;  // empty when not judged (smoke run, other platform)
  std::string why_not;      // why it was not judged
};

struct Row {
  std::string group;
  std::string variant;
  bool baseline = false;
  std::string unit;             // "ns/shuffle", "ns/byte", "bits/shuffle", "ms", "s", ...
  double value = 0;             // median of the samples (or the single measurement)
  std::vector<double> samples;  // one per round, in the unit above
  std::optional<double> ratio;  // see ratio_kind
  std::string ratio_kind;       // "speedup" (baseline time / this time) or "of-bound" (value / bound)
  std::string note;
  std::optional<Target> target;
};

struct Report {
  std::string platform;
  bool smoke = false;
  std::vector<Row> rows;
  std::vector<std::string> failures;  // failed checks
  std::uint64_t checksum = 0;
  double seconds = 0;
};

// Every case group, in run order; --filter must be part of at least one.
const std::vector<std::string>& case_groups();
bool filter_matches_a_group(std::string_view filter);

// Runs the cases, printing one line per row to `out` as it is measured.
Report run_benchmarks(const Options& options, const Platform& platform, std::ostream& out);

std::string format_row(const Row& row);
// The report as one JSON object; machine_json is inserted as "machine".
std::string report_json(const Report& report, const std::string& machine_json);

// ---- For the case files -------------------------------------------------

// A target and how to judge a row against it.
struct TargetSpec {
  std::string text;
  std::string platform;  // "native", "wasm" or "any"
  std::function<bool(const Row&)> judge;
};

// A timed variant: run(iterations) does `iterations` operations and returns a
// checksum of their results.
struct Timed {
  using Run = std::function<std::uint64_t(std::uint64_t)>;
  using Note = std::function<std::string(const Row&)>;
  Timed(std::string name_, Run run_, bool baseline_ = false, std::optional<TargetSpec> target_ = std::nullopt,
        Note note_ = nullptr)
      : name(std::move(name_)), run(std::move(run_)), baseline(baseline_), target(std::move(target_)),
        note(std::move(note_)) {}
  std::string name;
  Run run;
  bool baseline;
  std::optional<TargetSpec> target;
  Note note;  // optional: text from the measured row
};

// Judges "at least `factor` times faster than the baseline".
TargetSpec speedup_at_least(double factor, const std::string& platform);

class Context {
 public:
  Context(const Options& options, const Platform& platform, std::ostream& out, Report& report)
      : options_(options), platform_(platform), out_(out), report_(report) {}

  const Options& options() const { return options_; }
  const Platform& platform() const { return platform_; }
  bool smoke() const { return options_.smoke; }
  bool wants(std::string_view group) const;

  // Records a failed check (and prints it) when ok is false; returns ok.
  bool check(bool ok, const std::string& what);
  void consume(std::uint64_t checksum) { report_.checksum ^= checksum + 0x9e3779b97f4a7c15 * report_.checksum; }

  // ns per operation of each variant (same order), one sample per round,
  // rounds interleaved. full_rounds overrides the number of rounds of a full
  // run (for cases whose single operation takes seconds).
  std::vector<std::vector<double>> time_variants(std::vector<Timed>& variants, int full_rounds = 0);

  // Prints and stores a row, judging the target when this run can (not in
  // --smoke, and only on the platform it names).
  void add_row(Row row, const std::optional<TargetSpec>& target = std::nullopt);

  // Rows for timed variants: baseline first, speed-ups relative to it.
  void add_timed_rows(const std::string& group, const std::vector<Timed>& variants,
                      const std::vector<std::vector<double>>& samples_ns, const std::string& unit,
                      double unit_scale = 1.0);

 private:
  const Options& options_;
  const Platform& platform_;
  std::ostream& out_;
  Report& report_;
};

double median(std::vector<double> values);

// The case files.
void run_shuffle_cases(Context& ctx);
void run_bit_cases(Context& ctx);
void run_job_cases(Context& ctx);
void run_check_cases(Context& ctx);
void run_asm_cases(Context& ctx);

}  // namespace shufflelab::bench
