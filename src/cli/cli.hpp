// cli.hpp: the small framework behind the `shufflelab` command.
//
// Each lab adds one file src/cli/cmd_<lab>.cpp that registers its subcommands
// with a static SubcommandRegistrar; main.cpp only dispatches. A bad argument
// throws UsageError, which main turns into one line on stderr and exit 2.
#pragma once
#include <cstdint>
#include <map>
#include <optional>
#include <ostream>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/base/result.hpp"

namespace shufflelab::cli {

struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Parses "--key value" and "--flag" arguments. Flags (no value) must be named
// up front so "--exact --n 6" is unambiguous. Every option must be consumed by
// the subcommand; finish() rejects leftovers so typos never pass silently.
class ArgList {
 public:
  // Up to `max_positionals` words that are not options ("decks", "-") are
  // kept in order for the subcommand (`check decks FILE`); others are refused.
  ArgList(const std::vector<std::string>& args, const std::set<std::string>& flags, std::size_t max_positionals = 0);
  const std::vector<std::string>& positionals() const { return positionals_; }

  bool flag(const std::string& name);                       // consumes
  std::optional<std::string> get(const std::string& name);  // consumes; UsageError if given twice
  std::vector<std::string> get_all(const std::string& name);  // consumes: every value, in order (--do A --do B)
  std::string require(const std::string& name);             // consumes; UsageError if absent
  std::uint64_t hex(const std::string& name, int max_digits, std::optional<std::uint64_t> fallback = {});
  std::uint64_t decimal(const std::string& name, std::uint64_t min, std::uint64_t max,
                        std::optional<std::uint64_t> fallback = {});
  void finish() const;  // UsageError on any option not consumed

 private:
  std::map<std::string, std::vector<std::string>> values_;
  std::vector<std::string> positionals_;
  std::set<std::string> flags_set_;
  std::set<std::string> consumed_;
};

// Unwraps a Result or throws UsageError with its message.
template <typename T>
T value_or_usage_error(const Result<T>& r) {
  if (!r) throw UsageError(r.error());
  return r.value();
}

using SubcommandFn = int (*)(ArgList& args, std::ostream& out);

struct Subcommand {
  std::string name;
  std::string usage;  // one or more lines shown by --help
  std::set<std::string> flags;
  SubcommandFn run;
  std::size_t positionals = 0;  // words before/between options the subcommand takes
};

std::vector<Subcommand>& registry();

struct SubcommandRegistrar {
  SubcommandRegistrar(std::string name, std::string usage, std::set<std::string> flags, SubcommandFn run,
                      std::size_t positionals = 0);
};

// Runs the command line (without argv[0]); returns the exit status.
int run_cli(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace shufflelab::cli
