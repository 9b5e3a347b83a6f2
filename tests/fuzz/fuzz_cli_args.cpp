// Fuzz target: the CLI argument parser. Arguments are NUL-separated; every
// outcome is either parsed options or a UsageError with a message.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "cli/cli.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::vector<std::string> args(1);
  for (std::size_t i = 0; i < size; ++i) {
    if (data[i] == 0) args.emplace_back();
    else args.back() += static_cast<char>(data[i]);
  }
  try {
    shufflelab::cli::ArgList list(args, {"exact", "max", "deal", "sweep"});
    (void)list.flag("exact");
    (void)list.get("seed");
    try { (void)list.hex("mask", 2, 0xCF); } catch (const shufflelab::cli::UsageError&) {}
    try { (void)list.decimal("bytes", 1, 10000000, 16); } catch (const shufflelab::cli::UsageError&) {}
    list.finish();
  } catch (const shufflelab::cli::UsageError& e) {
    if (std::string(e.what()).empty()) __builtin_trap();
  }
  return 0;
}
