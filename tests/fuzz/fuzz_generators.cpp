// Fuzz target: building a generator from untrusted name/parameter strings
// (what links and CLI options carry) never crashes, and a built generator
// resumes exactly from its own state string.
#include <cstddef>
#include <cstdint>
#include <string>

#include "core/gen/generators.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  // Layout: name \n key=value \n key=value ...
  std::string text(reinterpret_cast<const char*>(data), size);
  std::string name;
  shufflelab::GeneratorParams params;
  std::size_t start = 0;
  bool first = true;
  while (start <= text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    const std::string line = text.substr(start, end - start);
    if (first) name = line, first = false;
    else if (auto eq = line.find('='); eq != std::string::npos) params[line.substr(0, eq)] = line.substr(eq + 1);
    start = end + 1;
  }
  auto gen = shufflelab::make_generator(name, params);
  if (!gen) {
    if (gen.error().empty()) __builtin_trap();
    return 0;
  }
  auto& g = gen.value();
  for (int i = 0; i < 64; ++i) g.next_byte();
  auto resumed = shufflelab::make_generator(g.name(), g.params());
  if (!resumed) __builtin_trap();
  for (int i = 0; i < 64; ++i)
    if (resumed.value().next_byte() != g.next_byte()) __builtin_trap();
  return 0;
}
