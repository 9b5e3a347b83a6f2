// `shufflelab check decks|rolls|bytes FILE|-`: judge decks, dice rolls or
// random bytes made anywhere, for a project's test suite. Exit status 0 when
// no test detects a bias, 1 when one does at --alpha (after correcting for the
// number of tests), 2 on bad arguments or bad input (line and column named),
// 3 when no test fails but the decks are too few to catch the naive swap.
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <vector>

#include "cli/cli.hpp"
#include "core/check/check_examples.hpp"
#include "core/check/check_session.hpp"
#include "core/base/parse.hpp"

namespace shufflelab::cli {
namespace {

double parse_alpha(const std::string& text) {
  char* end = nullptr;
  errno = 0;
  const double value = std::strtod(text.c_str(), &end);
  if (text.empty() || end != text.c_str() + text.size() || errno != 0 || !(value > 0 && value < 1))
    throw UsageError("--alpha must be a number between 0 and 1 (like 0.001), not '" + text + "'");
  return value;
}

ByteFormat parse_format(const std::string& text) {
  if (text == "raw") return ByteFormat::raw;
  if (text == "hex") return ByteFormat::hex;
  if (text == "auto") return ByteFormat::automatic;
  throw UsageError("--format must be raw, hex or auto, not '" + text + "'");
}

int run_check(ArgList& args, std::ostream& out) {
  const auto& words = args.positionals();
  if (words.size() != 2) throw UsageError("usage: shufflelab check decks|rolls|bytes FILE|- [options]");
  CheckOptions options;
  options.kind = value_or_usage_error(parse_check_kind(words[0]));
  const std::string& path = words[1];
  const bool json = args.flag("json");
  if (const auto a = args.get("alpha")) options.alpha = parse_alpha(*a);
  if (options.kind == CheckKind::rolls) {
    options.sides = args.decimal("sides", 2, kMaxDieSides, 0);
    if (const auto m = args.get("method")) options.method = *m;
    options.method_bits = static_cast<unsigned>(args.decimal("bits", 8, 64, 32));
  }
  if (options.kind == CheckKind::bytes) {
    if (const auto f = args.get("format")) options.format = parse_format(*f);
    options.linear_bytes = args.decimal("linear-bytes", 0, 1u << 20, kDefaultLinearBytes);
  }
  args.finish();
  auto made = CheckSession::make(options);
  if (!made) throw UsageError(made.error());
  const std::unique_ptr<CheckSession> session = std::move(made.value());

  std::FILE* file = path == "-" ? stdin : std::fopen(path.c_str(), "rb");
  if (!file) throw UsageError("cannot open '" + path + "': " + std::strerror(errno));
  std::vector<char> buffer(1 << 20);
  while (!session->error()) {
    const std::size_t got = std::fread(buffer.data(), 1, buffer.size(), file);
    if (got == 0) break;
    session->feed(std::string_view(buffer.data(), got));
  }
  const bool read_failed = std::ferror(file) != 0;
  if (file != stdin) std::fclose(file);
  if (read_failed) throw UsageError("cannot read '" + path + "'");
  const auto report = session->finish();
  if (!report) throw UsageError((path == "-" ? std::string("stdin") : path) + ": " + report.error());
  out << (json ? report_json(*report) + "\n" : report_text(*report));
  return report->failed ? 1 : report->inconclusive ? 3 : 0;
}

DrawSourceSpec source_options(ArgList& args) {
  DrawSourceSpec source;
  if (const auto g = args.get("gen")) source.generator = *g;
  source.seed = args.decimal("seed", 0, ~std::uint64_t{0}, 1);
  if (const auto m = args.get("method")) source.method = value_or_usage_error(parse_draw_method("--method", *m));
  source.bits = static_cast<unsigned>(args.decimal("bits", 1, 64, 64));
  return source;
}

int run_check_example(ArgList& args, std::ostream& out) {
  const auto& words = args.positionals();
  if (words.size() != 1) throw UsageError("usage: shufflelab check-example decks|rolls [options]");
  const CheckKind kind = value_or_usage_error(parse_check_kind(words[0]));
  if (kind == CheckKind::bytes) throw UsageError("for example bytes use `shufflelab stream`");
  Result<std::string> text = Result<std::string>::fail("");
  if (kind == CheckKind::decks) {
    const ShuffleAlgo algo = value_or_usage_error(parse_shuffle_algo("--algo", args.get("algo").value_or("fisher-yates")));
    const auto n = static_cast<std::uint32_t>(args.decimal("n", kMinDeckSize, kMaxDeckSize, 52));
    const std::uint64_t count = args.decimal("count", 1, kMaxExampleDecks, 1000);
    const auto rounds = static_cast<std::uint32_t>(args.decimal("rounds", 1, kMaxShuffleRounds, 3));
    const DrawSourceSpec source = source_options(args);
    args.finish();
    text = example_decks(algo, n, count, source, rounds);
  } else {
    const auto sides = static_cast<std::uint32_t>(args.decimal("sides", 2, 1u << 20, 6));
    const std::uint64_t count = args.decimal("count", 1, kMaxExampleRolls, 10000);
    const DrawSourceSpec source = source_options(args);
    args.finish();
    text = example_rolls(sides, count, source);
  }
  out << value_or_usage_error(text);
  return 0;
}

const SubcommandRegistrar check_command(
    "check",
    "  check decks|rolls|bytes FILE|- [--alpha A] [--json]\n"
    "      Tests decks, dice rolls or random bytes made by any program (FILE, or - for stdin).\n"
    "      decks: one deck a line, cards 0..n-1, 1..n or names (AS, 10h, Qd), separated by\n"
    "      commas, spaces or tabs. rolls: whole numbers; [--sides S] (default: the largest\n"
    "      seen), [--method M --bits B] to compare with a dice lab method's exact law too.\n"
    "      bytes: raw or hex text [--format raw|hex|auto] [--linear-bytes N] (bytes kept\n"
    "      for Berlekamp-Massey, default 16384). Exit 0: no test detects a bias at --alpha\n"
    "      (default 0.001, after correcting for the number of tests); 1: a test does, and for\n"
    "      decks the known mistake that fits them best; 2: bad arguments or bad input (line and\n"
    "      column named, the line quoted); 3: not enough to tell (too few decks to catch the\n"
    "      naive swap; the report says how many are needed).",
    {"json"}, run_check, 2);

const SubcommandRegistrar check_example_command(
    "check-example",
    "  check-example decks [--algo A] [--n N] [--count C] [--rounds R]   or   check-example rolls [--sides S] [--count C]\n"
    "      Example input for `check`, from the shuffle lab's algorithms (A: fisher-yates, pencil, pdep,\n"
    "      sattolo, naive, cmp-*, riffle or overhand with R rounds (default 3); default fisher-yates, n 52,\n"
    "      1000 decks) or its draw methods (d6, 10000 rolls),\n"
    "      fed by [--gen G] [--seed N] [--method M] [--bits B] (default splitmix64, seed 1, lemire, 64 bits).\n"
    "      Fair and biased side by side: check-example decks --algo naive | shufflelab check decks -",
    {}, run_check_example, 1);

}  // namespace
}  // namespace shufflelab::cli
