// `shufflelab golden`: the determinism digest (core/golden.hpp).
#include "cli/cli.hpp"
#include "core/golden.hpp"

namespace shufflelab::cli {
namespace {
int run_golden(ArgList& args, std::ostream& out) {
  args.finish();
  out << golden_vectors();
  return 0;
}
const SubcommandRegistrar golden_command(
    "golden",
    "  golden\n"
    "      What every generator, range method, dice roller and shuffle produces from fixed\n"
    "      seeds, one line each; native, node and browser runs must print the same text.",
    {}, run_golden);
}  // namespace
}  // namespace shufflelab::cli
