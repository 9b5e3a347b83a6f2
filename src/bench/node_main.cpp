// bench_node.cjs: the benchmark cases compiled to WebAssembly, run by Node
// (node --no-experimental-fetch bench_node.cjs [--smoke] [--json FILE]
// [--filter SUBSTR]). Node gives no thread CPU clock, so times are the
// process's CPU time (process.cpuUsage), which counts V8's helper threads too.
#include <emscripten.h>

#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "bench/bench.hpp"

EM_JS(double, node_process_cpu_ns, (), {
  var usage = process["cpuUsage"]();
  return (usage["user"] + usage["system"]) * 1000;
});
EM_JS(double, node_wall_ns, (), {
  var t = process["hrtime"]();
  return t[0] * 1e9 + t[1];
});
// {"cpu": ..., "nproc": ..., "node": ...} into out (size bytes, truncated).
EM_JS(void, node_machine_json, (char* out, int size), {
  var cpus = require("os").cpus();
  var text = JSON.stringify({cpu: cpus.length ? cpus[0].model : "", nproc: cpus.length, node: process.version});
  stringToUTF8(text, out, size);
});

int main(int argc, char** argv) {
  using namespace shufflelab::bench;
  Options options;
  std::string json_path;
  const std::vector<std::string> args(argv + 1, argv + argc);
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--smoke") {
      options.smoke = true;
    } else if ((args[i] == "--json" || args[i] == "--filter") && i + 1 < args.size()) {
      (args[i] == "--json" ? json_path : options.filter) = args[i + 1];
      ++i;
    } else {
      std::cerr << "bench_node: unexpected argument '" << args[i]
                << "' (usage: [--smoke] [--json FILE] [--filter SUBSTR])\n";
      return 2;
    }
  }
  if (!options.filter.empty() && !filter_matches_a_group(options.filter)) {
    std::cerr << "bench_node: --filter: no case group contains '" << options.filter << "'\n";
    return 2;
  }
  Platform platform;
  platform.name = "wasm";
  platform.thread_cpu_ns = node_process_cpu_ns;
  platform.process_cpu_ns = node_process_cpu_ns;
  platform.wall_ns = node_wall_ns;
  platform.threads = 1;
  platform.run_parallel = [](std::vector<std::function<void()>>& tasks) {
    for (auto& task : tasks) task();
  };
  const Report report = run_benchmarks(options, platform, std::cout);
  std::cout.flush();
  if (!json_path.empty()) {
    std::ofstream json(json_path);
    char machine[512];
    node_machine_json(machine, sizeof machine);
    json << report_json(report, machine);
    if (!json) {
      std::cerr << "bench_node: cannot write " << json_path << "\n";
      return 2;
    }
  }
  return report.failures.empty() ? 0 : 1;
}
