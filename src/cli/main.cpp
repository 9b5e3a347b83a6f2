// The native `shufflelab` command: every lab's numbers from the same core the
// browser uses. Subcommands register themselves (see cli.hpp).
#include <iostream>

#include "cli/cli.hpp"

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  std::vector<std::string> args(argv + 1, argv + argc);
  const int status = shufflelab::cli::run_cli(args, std::cout, std::cerr);
  std::cout.flush();
  return status;
}
