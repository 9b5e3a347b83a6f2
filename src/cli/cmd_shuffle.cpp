// The shuffle lab from the command line: `shuffle` (one deck from typed-in
// draws, a seed, or the 2003 shuffle.c), `poker` (One Chip Video Poker deals
// and the all-seeds sweep) and `bias` (position x card count matrices).
//
// Seeded runs of the draw-list shuffles use SplitMix64 (Vigna's 64-bit
// mixer, the usual seeding generator) with Lemire's unbiased multiply-and-
// reject range method, both from the core.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <string>
#include <thread>
#include <vector>

#include "cli/cli.hpp"
#include "cli/thread_job_runner.hpp"
#include "core/shuffle/bias.hpp"
#include "core/shuffle/comparator_sort.hpp"
#include "core/shuffle/riffle.hpp"
#include "core/base/parse.hpp"
#include "core/dice/range.hpp"
#include "core/gen/generators.hpp"
#include "core/poker/poker.hpp"
#include "core/poker/poker_lab.hpp"
#include "core/poker/poker_sweep.hpp"
#include "core/shuffle/shuffle.hpp"

namespace shufflelab::cli {
namespace {

constexpr std::uint32_t kMaxBiasCards = 256;  // the CSV has n * n cells
constexpr std::uint64_t kMaxBiasShuffles = 1'000'000'000;

// A seeded run's draws: SplitMix64's top 32 bits through Lemire's method
// (the core's generator and range method; a bound of 1 still reads a word,
// as every release of this command did).
class SplitMix64Draws {
 public:
  explicit SplitMix64Draws(std::uint64_t seed) : generator_{seed} {}
  std::uint32_t operator()(std::uint32_t bound) {
    return static_cast<std::uint32_t>(RangeReducer::trusted(RangeMethod::lemire, bound, 32).draw([this] {
      return std::uint64_t{generator_.next_u32()};
    }));
  }

 private:
  SplitMix64 generator_;
};

std::string join(const std::vector<std::uint32_t>& values) {
  std::string line;
  for (std::uint32_t v : values) line += (line.empty() ? "" : " ") + std::to_string(v);
  return line;
}

std::vector<std::uint32_t> parse_draws(const std::string& text) {
  std::vector<std::uint32_t> draws;
  if (text.empty()) return draws;
  std::size_t start = 0;
  for (;;) {
    const std::size_t comma = text.find(',', start);
    const std::string item = text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    const std::string field = "--draws item " + std::to_string(draws.size());
    draws.push_back(static_cast<std::uint32_t>(value_or_usage_error(parse_decimal(field, item, 0, 0xffffffffu))));
    if (comma == std::string::npos) return draws;
    start = comma + 1;
  }
}

// --algo (not lin2003), --n, --take, --key-range.
ShuffleSpec spec_from_options(ArgList& args, ShuffleAlgo algo, std::uint32_t max_cards) {
  const auto n = static_cast<std::uint32_t>(args.decimal("n", 1, max_cards));
  const auto take = static_cast<std::uint32_t>(algo == ShuffleAlgo::Partial ? args.decimal("take", 1, n) : 0);
  const auto key_bound =
      static_cast<std::uint32_t>(algo == ShuffleAlgo::SortKeys ? args.decimal("key-range", 1, 0xffffffffu) : 0);
  const bool human = algo == ShuffleAlgo::Riffle || algo == ShuffleAlgo::Overhand;
  const auto rounds = static_cast<std::uint32_t>(human ? args.decimal("rounds", 1, kMaxShuffleRounds, 1) : 0);
  const auto cut = static_cast<std::uint32_t>(algo == ShuffleAlgo::Overhand ? args.decimal("cut", 2, kMaxCutBound, 8) : 0);
  return value_or_usage_error(make_human_shuffle_spec(algo, n, take, key_bound, rounds, cut));
}

std::uint32_t lin2003_seed(ArgList& args) { return static_cast<std::uint32_t>(args.decimal("seed", 0, 0xffffffffu)); }

int run_shuffle(ArgList& args, std::ostream& out) {
  const std::string algo_name = args.require("algo");
  if (algo_name == "lin2003") {
    const std::uint32_t seed = lin2003_seed(args);
    const auto n = static_cast<std::uint32_t>(args.decimal("n", 1, kMaxShuffleCards, 52));
    args.finish();
    out << lin2003_output(seed, n);
    return 0;
  }
  const ShuffleAlgo algo = value_or_usage_error(parse_shuffle_algo("--algo", algo_name));
  const ShuffleSpec spec = spec_from_options(args, algo, kMaxShuffleCards);
  const auto draws_text = args.get("draws");
  const auto seed_text = args.get("seed");
  const bool calls = args.flag("calls");
  args.finish();
  if (draws_text.has_value() == seed_text.has_value()) throw UsageError("give exactly one of --draws and --seed");
  const auto sort = comparator_sort_of(algo);
  if (calls && (!sort || !draws_text)) throw UsageError("--calls lists a comparator sort's calls: give a cmp-* --algo and --draws");

  std::vector<std::uint32_t> deck;
  if (draws_text) {
    deck = value_or_usage_error(shuffle_with_draws(spec, parse_draws(*draws_text)));
  } else {
    SplitMix64Draws source(value_or_usage_error(parse_decimal("--seed", *seed_text, 0, ~std::uint64_t{0})));
    deck = shuffle_fast(spec, source);
  }
  out << join(algo == ShuffleAlgo::Partial ? partial_sample(deck, spec.take) : deck) << '\n';
  if (calls) {
    std::string line;
    for (const auto& [x, y] : comparator_calls(*sort, spec.n, parse_draws(*draws_text)).calls)
      line += (line.empty() ? "" : " ") + std::to_string(x) + ":" + std::to_string(y);
    out << line << '\n';
  }
  return 0;
}

// Every seed's deal, as the page's sweep: the job's parts on `threads` threads, merged.
SweepStats sweep_on_threads(unsigned threads) {
  ThreadJobRunner jobs(threads);
  const int id = jobs.start("poker_sweep", poker_sweep_params(true));
  int shown = 0;
  for (JobStatus s = jobs.status(id);; s = jobs.status(id)) {
    if (s.state == JobStatus::State::done) return sweep_stats_from_result(s.result);
    if (s.state != JobStatus::State::running) throw UsageError("poker sweep: " + s.summary);
    if (const int tenths = static_cast<int>(s.progress * 10); tenths > shown && tenths < 10) {
      shown = tenths;
      std::cerr << "poker sweep: " << tenths * 10 << "% of 2^32 seeds\n";
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
}

int run_poker(ArgList& args, std::ostream& out) {
  const bool deal = args.flag("deal");
  const bool sweep = args.flag("sweep");
  if (deal == sweep) throw UsageError("give exactly one of --deal and --sweep");
  if (deal) {
    const auto seed = static_cast<std::uint32_t>(args.hex("seed", 8));
    args.finish();
    const OneChipDeal result = one_chip_deal(seed);
    out << join(std::vector<std::uint32_t>(result.cards.begin(), result.cards.end())) << '\n' << result.calls << '\n';
    return 0;
  }
  const auto threads = static_cast<unsigned>(args.decimal("threads", 1, 64, 2));
  args.finish();
  const SweepStats stats = sweep_on_threads(threads);
  for (std::size_t calls = 0; calls < stats.histogram.size(); ++calls)
    if (stats.histogram[calls] != 0) out << "calls " << calls << " seeds " << stats.histogram[calls] << '\n';
  char line[96];
  std::snprintf(line, sizeof line, "max %u seed 0x%08X mean %.4f\n", stats.max_calls, stats.max_seed, stats.mean_calls());
  out << line;
  return 0;
}

// A position x card matrix, one row a line, cells comma-separated (no header).
template <class Cell>
void print_matrix(std::ostream& out, std::uint32_t n, Cell&& cell) {
  std::string line;
  for (std::uint32_t position = 0; position < n; ++position) {
    line.clear();
    for (std::uint32_t card = 0; card < n; ++card) line += (card ? "," : "") + cell(position, card);
    out << line << '\n';
  }
}

void print_big_csv(std::ostream& out, std::uint32_t n, const std::vector<BigUint>& weights) {
  print_matrix(out, n, [&](std::uint32_t p, std::uint32_t c) { return weights[std::size_t{p} * n + c].to_string(); });
}

// Comparator sorts and riffles: exact weights over 2^E (their laws are dyadic).
void print_adaptive_exact(std::ostream& out, const ShuffleSpec& spec) {
  if (const auto sort = comparator_sort_of(spec.algo)) {
    if (const std::uint32_t most = comparator_sort_info(*sort).max_exact_cards; spec.n > most)
      throw UsageError("--n: the exact comparator law walks every answer sequence; at most " + std::to_string(most) +
                       " cards for " + std::string(shuffle_algo_name(spec.algo)));
    ComparatorExact exact(*sort, spec.n);
    while (!exact.done()) exact.run(std::uint64_t{1} << 20);
    print_big_csv(out, spec.n, exact.weights());
    const Fraction mean = exact.mean_comparisons();
    std::cerr << "rows sum to 2^" << exact.exponent() << "; mean comparisons " << mean.to_string() << " = "
              << mean.to_double() << " (Fisher-Yates: " << spec.n - 1 << " draws)\n";
    return;
  }
  if (spec.algo == ShuffleAlgo::Riffle) {
    const RiffleMatrix matrix = value_or_usage_error(riffle_matrix(spec.n, spec.rounds));
    print_big_csv(out, spec.n, matrix.weights);
    std::cerr << "rows sum to 2^" << std::size_t{spec.rounds} * spec.n << "\n";
    return;
  }
  throw UsageError("--exact: " + std::string(shuffle_algo_name(spec.algo)) + " has no exact law here; use --shuffles");
}

void print_csv(std::ostream& out, const BiasMatrix& matrix) {
  print_matrix(out, matrix.n, [&](std::uint32_t p, std::uint32_t c) { return std::to_string(matrix.at(p, c)); });
}

int run_bias(ArgList& args, std::ostream& out) {
  const std::string algo_name = args.require("algo");
  const bool exact = args.flag("exact");
  if (algo_name == "lin2003") {
    if (exact) throw UsageError("--exact enumerates uniform draws; lin2003's come from glibc (use --shuffles)");
    const auto n = static_cast<std::uint32_t>(args.decimal("n", 1, kMaxBiasCards));
    const std::uint64_t shuffles = args.decimal("shuffles", 1, kMaxBiasShuffles);
    const std::uint32_t seed = lin2003_seed(args);
    args.finish();
    BiasMatrix matrix(n);
    for (std::uint64_t m = 0; m < shuffles; ++m) matrix.add(lin2003_deck(static_cast<std::uint32_t>(seed + m), n));
    print_csv(out, matrix);
    return 0;
  }
  const ShuffleAlgo algo = value_or_usage_error(parse_shuffle_algo("--algo", algo_name));
  const ShuffleSpec spec = spec_from_options(args, algo, kMaxBiasCards);
  if (exact) {
    if (args.get("shuffles") || args.get("seed")) throw UsageError("--exact counts every draw list once: drop --shuffles and --seed");
    args.finish();
    if (draws_adapt(spec.algo)) print_adaptive_exact(out, spec);
    else print_csv(out, value_or_usage_error(exact_bias(spec)));
    return 0;
  }
  const std::uint64_t shuffles = args.decimal("shuffles", 1, kMaxBiasShuffles);
  SplitMix64Draws source(args.decimal("seed", 0, ~std::uint64_t{0}));
  args.finish();
  print_csv(out, value_or_usage_error(empirical_bias(spec, shuffles, source)));
  return 0;
}

const SubcommandRegistrar shuffle_command(
    "shuffle",
    "  shuffle --algo lin2003 --seed S [--n N]\n"
    "      Exactly what James D. Lin's shuffle.c (2003) prints after srand(S) (S decimal, 0..2^32-1)\n"
    "      with N cards (default 52): four rand() warm-up calls, Fisher-Yates with\n"
    "      randomInt(0, i) = (int)((i+1) * rand()/RAND_MAX), each card then a space, then a newline.\n"
    "  shuffle --algo ALGO --n N (--draws D0,D1,... | --seed S) [--take K] [--key-range R] [--calls]\n"
    "      One deck of cards 0..N-1 on one line, space separated. --draws gives every random draw\n"
    "      (uniform on [0, bound)); --seed draws them from SplitMix64(S) with Lemire's method. ALGO:\n"
    "        fisher-yates  for i = N-1 down to 1 swap positions i and [0, i]: N-1 draws, draw k < N-k\n"
    "        pencil        strike the d-th remaining card, in output order: N draws, draw k < N-k\n"
    "        pdep          the same deck via a PDEP bitset (seed 003): N draws, draw k < N-k\n"
    "        sattolo       swap i with [0, i): one N-cycle; N-1 draws, draw k < N-1-k\n"
    "        naive         swap i = 0..N-1 with any position: N draws, each < N (biased)\n"
    "        sort-keys     sort cards by random keys < R, ties keep the lower card first: N draws\n"
    "        partial       --take K cards from the top (the lottery use): min(K, N-1) draws, draw k < N-k;\n"
    "                      prints only the K cards drawn, first drawn first\n"
    "        cmp-insertion, cmp-binary-insertion, cmp-merge, cmp-quick-first, cmp-quick-median3, cmp-v8,\n"
    "        cmp-v8-chromium  sort with a coin-flip comparator: one draw < 2 per comparison, 1 = the\n"
    "                      comparator's answer is negative (cmp-v8*: N <= 63); --calls (with --draws) adds a\n"
    "                      line of the comparator's calls, X:Y = compare(card X, card Y)\n"
    "        riffle        --rounds K GSR riffles (default 1): per riffle N coins for the cut, then one\n"
    "                      draw < a+b per card dropped while both packets are non-empty\n"
    "        overhand      --rounds K overhand shuffles, --cut C (default 8): N-1 draws < C, 0 = cut there",
    {"calls"}, run_shuffle);

const SubcommandRegistrar poker_command(
    "poker",
    "  poker --deal --seed HEX\n"
    "      One Chip Video Poker's 10-card deal from LCRNG state HEX (up to 8 hex digits): line 1 the\n"
    "      cards (0..51, rank = card >> 2 with 0 = 2 .. 12 = ace, suit = card & 3 with hearts,\n"
    "      diamonds, clubs, spades), space separated; line 2 the number of LCRNG calls used.\n"
    "  poker --sweep [--threads T]\n"
    "      Deals from all 2^32 seeds (T threads, default 2; progress on stderr). Prints\n"
    "      'calls C seeds K' for every call count C that occurs, then\n"
    "      'max M seed 0xXXXXXXXX mean X.XXXX' (the smallest seed needing the most calls).",
    {"deal", "sweep"}, run_poker);

const SubcommandRegistrar bias_command(
    "bias",
    "  bias --algo ALGO --n N (--shuffles M --seed S | --exact) [--take K] [--key-range R]\n"
    "      Position x card counts as CSV: N rows (positions 0..N-1) of N counts (cards 0..N-1), N <= 256.\n"
    "      ALGO as for `shuffle`. --shuffles M: M decks from SplitMix64(S) with Lemire's method.\n"
    "      --exact: every possible draw list once (each row sums to the product of the draw bounds,\n"
    "      at most 2^32). ALGO lin2003 (with --shuffles only): deck m is shuffle.c after srand(S + m).\n"
    "      Comparator sorts (N <= 10; cmp-quick-first 22, cmp-quick-median3 20) and riffle (N <= 8) with --exact:\n"
    "      exact weights, each row sums to 2^E (E and the exact mean number of comparisons on stderr).",
    {"exact"}, run_bias);

}  // namespace
}  // namespace shufflelab::cli
