#include "cli/cli.hpp"

#include <algorithm>

#include "core/base/parse.hpp"

namespace shufflelab::cli {

ArgList::ArgList(const std::vector<std::string>& args, const std::set<std::string>& flags,
                 std::size_t max_positionals) {
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (positionals_.size() < max_positionals && (a == "-" || a.compare(0, 2, "--") != 0)) {
      positionals_.push_back(a);
      continue;
    }
    if (a.size() < 3 || a.compare(0, 2, "--") != 0) throw UsageError("unexpected argument '" + a + "' (options look like --name)");
    const std::string name = a.substr(2);
    if (flags_set_.count(name)) throw UsageError("option --" + name + " given twice");
    if (flags.count(name)) {
      flags_set_.insert(name);
    } else {
      if (i + 1 >= args.size()) throw UsageError("option --" + name + " needs a value");
      values_[name].push_back(args[++i]);
    }
  }
}

bool ArgList::flag(const std::string& name) {
  consumed_.insert(name);
  return flags_set_.count(name) != 0;
}

std::optional<std::string> ArgList::get(const std::string& name) {
  consumed_.insert(name);
  auto it = values_.find(name);
  if (it == values_.end()) return std::nullopt;
  if (it->second.size() > 1) throw UsageError("option --" + name + " given twice");
  return it->second.front();
}

std::vector<std::string> ArgList::get_all(const std::string& name) {
  consumed_.insert(name);
  auto it = values_.find(name);
  return it == values_.end() ? std::vector<std::string>{} : it->second;
}

std::string ArgList::require(const std::string& name) {
  auto v = get(name);
  if (!v) throw UsageError("missing option --" + name);
  return *v;
}

std::uint64_t ArgList::hex(const std::string& name, int max_digits, std::optional<std::uint64_t> fallback) {
  auto v = get(name);
  if (!v) {
    if (fallback) return *fallback;
    throw UsageError("missing option --" + name);
  }
  return value_or_usage_error(parse_hex("--" + name, *v, max_digits));
}

std::uint64_t ArgList::decimal(const std::string& name, std::uint64_t min, std::uint64_t max,
                               std::optional<std::uint64_t> fallback) {
  auto v = get(name);
  if (!v) {
    if (fallback) return *fallback;
    throw UsageError("missing option --" + name);
  }
  return value_or_usage_error(parse_decimal("--" + name, *v, min, max));
}

void ArgList::finish() const {
  for (const auto& [name, value] : values_)
    if (!consumed_.count(name)) throw UsageError("unknown option --" + name);
  for (const auto& name : flags_set_)
    if (!consumed_.count(name)) throw UsageError("unknown option --" + name);
}

std::vector<Subcommand>& registry() {
  static std::vector<Subcommand> commands;
  return commands;
}

SubcommandRegistrar::SubcommandRegistrar(std::string name, std::string usage, std::set<std::string> flags,
                                         SubcommandFn run, std::size_t positionals) {
  registry().push_back({std::move(name), std::move(usage), std::move(flags), run, positionals});
}

namespace {
void print_help(std::ostream& out) {
  auto commands = registry();
  std::sort(commands.begin(), commands.end(), [](const auto& a, const auto& b) { return a.name < b.name; });
  out << "shufflelab: the shufflelab core from the command line\n\n"
         "usage: shufflelab <subcommand> [--option value ...]\n\nsubcommands:\n";
  for (const auto& c : commands) out << c.usage << "\n";
  out << "\nErrors print one line to stderr and exit with status 2.\n";
}
}  // namespace

int run_cli(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  if (args.empty()) {
    err << "shufflelab: missing subcommand (try --help)\n";
    return 2;
  }
  if (args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
    print_help(out);
    return 0;
  }
  for (const auto& c : registry()) {
    if (c.name != args[0]) continue;
    std::vector<std::string> rest(args.begin() + 1, args.end());
    if (!rest.empty() && (rest[0] == "--help" || rest[0] == "-h")) {
      out << c.usage << "\n";
      return 0;
    }
    try {
      ArgList list(rest, c.flags, c.positionals);
      return c.run(list, out);
    } catch (const UsageError& e) {
      err << "shufflelab " << c.name << ": " << e.what() << "\n";
      return 2;
    }
  }
  err << "shufflelab: unknown subcommand '" << args[0] << "' (try --help)\n";
  return 2;
}

}  // namespace shufflelab::cli
