// `shufflelab bench`: every benchmark case natively, each candidate next to
// its baseline in this one process (src/bench); tools/bench.mjs runs it with
// the WebAssembly build beside it.
#include <ctime>
#include <fstream>
#include <iostream>
#include <thread>

#include "bench/bench.hpp"
#include "cli/cli.hpp"
#include "core/base/text_format.hpp"
#include "core/shuffle/bits.hpp"

namespace shufflelab::cli {
namespace {

double clock_ns(clockid_t clock) {
  timespec now{};
  clock_gettime(clock, &now);
  return static_cast<double>(now.tv_sec) * 1e9 + static_cast<double>(now.tv_nsec);
}

// "key: value" lines of /proc/cpuinfo for the first CPU (empty elsewhere).
std::string cpuinfo(const std::string& key) {
  std::ifstream in("/proc/cpuinfo");
  std::string line;
  while (std::getline(in, line)) {
    const auto colon = line.find(':');
    if (colon == std::string::npos) continue;
    std::string name = line.substr(0, colon);
    while (!name.empty() && (name.back() == ' ' || name.back() == '\t')) name.pop_back();
    if (name == key) return colon + 2 <= line.size() ? line.substr(colon + 2) : "";
  }
  return "";
}

std::string machine_json() {
  using shufflelab::json_string;
  return "{\"cpu\": " + json_string(cpuinfo("model name")) + ", \"cpu_family\": " +
         json_string(cpuinfo("cpu family")) + ", \"cpu_model\": " + json_string(cpuinfo("model")) +
         ", \"nproc\": " + std::to_string(std::thread::hardware_concurrency()) +
         ", \"compiler\": " + json_string(__VERSION__) +
         ", \"pdep\": " + json_string(pdep_uses_hardware() ? "hardware" : "software") + "}";
}

void run_on_threads(std::vector<std::function<void()>>& tasks) {
  std::vector<std::thread> pool;
  for (auto& task : tasks) pool.emplace_back(task);
  for (auto& thread : pool) thread.join();
}

int run_bench(ArgList& args, std::ostream& out) {
  bench::Options options;
  options.smoke = args.flag("smoke");
  const std::optional<std::string> json_path = args.get("json");
  if (auto filter = args.get("filter")) {
    if (!bench::filter_matches_a_group(*filter)) {
      std::string groups;
      for (const auto& group : bench::case_groups()) groups += (groups.empty() ? "" : ", ") + group;
      throw UsageError("--filter: no case group contains '" + *filter + "' (groups: " + groups + ")");
    }
    options.filter = *filter;
  }
  args.finish();
  std::ofstream json;
  if (json_path) {
    json.open(*json_path);
    if (!json) throw UsageError("--json: cannot write " + *json_path);
  }
  bench::Platform platform;
  platform.name = "native";
  platform.thread_cpu_ns = [] { return clock_ns(CLOCK_THREAD_CPUTIME_ID); };
  platform.process_cpu_ns = [] { return clock_ns(CLOCK_PROCESS_CPUTIME_ID); };
  platform.wall_ns = [] { return clock_ns(CLOCK_MONOTONIC); };
  platform.threads = std::max(1u, std::min(2u, std::thread::hardware_concurrency()));
  platform.run_parallel = run_on_threads;
  const bench::Report report = bench::run_benchmarks(options, platform, out);
  if (json_path) json << bench::report_json(report, machine_json());
  return report.failures.empty() ? 0 : 1;
}

const SubcommandRegistrar kBench(
    "bench",
    "  bench [--smoke] [--json FILE] [--filter SUBSTR]\n"
    "      Benchmarks: each candidate next to its baseline in one process, one line per\n"
    "      variant (median time per operation and the ratio to the baseline), after\n"
    "      checking that their outputs agree. --smoke: checks plus one short sample each\n"
    "      (seconds; times not meaningful, targets not judged). --json: the same as JSON.\n"
    "      --filter: only case groups containing SUBSTR. Exit status 1 if a check fails.\n",
    {"smoke"}, run_bench);

}  // namespace
}  // namespace shufflelab::cli
