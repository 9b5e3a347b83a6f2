// The check lab's streaming checks: 10^6 decks of 52 as text (check_decks),
// Berlekamp-Massey on 10^6 bits (check_bm) and 10^8 die rolls as text
// (check_rolls), with the bit-serial algorithm as Berlekamp-Massey's baseline. The text is made once per case (a block repeated, so the
// work is the parsing and checking, not the making); the baseline reads the
// same text into numbers with std::from_chars and checks nothing.
#include <charconv>
#include <cstdio>
#include <string>
#include <vector>

#include "bench/bench.hpp"
#include "core/check/check_session.hpp"
#include "core/check/linear_complexity.hpp"
#include "core/gen/linear_complexity.hpp"

namespace shufflelab::bench {
namespace {

std::uint64_t splitmix(std::uint64_t& s) {
  std::uint64_t z = (s += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

// Sum of every number in the text: what reading it costs without any check.
std::uint64_t read_numbers(const std::string& text) {
  std::uint64_t sum = 0;
  const char* p = text.data();
  const char* end = p + text.size();
  while (p < end) {
    unsigned value = 0;
    const auto r = std::from_chars(p, end, value);
    if (r.ec == std::errc()) sum += value, p = r.ptr;
    else ++p;
  }
  return sum;
}

// A row of one measurement in seconds.
Row seconds_row(const std::string& group, const std::string& variant, double value) {
  Row row;
  row.group = group;
  row.variant = variant;
  row.unit = "s";
  row.value = value;
  row.samples = {value};
  return row;
}

// CPU seconds of f(), and its checksum folded into the run's.
template <class F>
double seconds(Context& ctx, F&& f) {
  const double start = ctx.platform().thread_cpu_ns();
  ctx.consume(f());
  return (ctx.platform().thread_cpu_ns() - start) / 1e9;
}

void streaming_case(Context& ctx, const std::string& group, CheckKind kind, const std::string& block, int repeats,
                    const std::string& what, double native_limit, double wasm_limit) {
  CheckOptions options;
  options.kind = kind;
  std::uint64_t tests = 0;
  const double checked = seconds(ctx, [&] {
    auto session = std::move(CheckSession::make(options).value());
    for (int r = 0; r < repeats; ++r) session->feed(block);
    const auto report = session->finish();
    ctx.check(report.has_value(), group + ": the generated text did not parse");
    tests = report ? report->tests.size() : 0;
    return tests;
  });
  const double baseline = seconds(ctx, [&] {
    std::uint64_t sum = 0;
    for (int r = 0; r < repeats; ++r) sum += read_numbers(block);
    return sum;
  });
  Row base = seconds_row(group, "read the numbers only (std::from_chars)", baseline);
  base.baseline = true;
  base.ratio = 1;  // like every baseline row: the ratios below are against it
  base.ratio_kind = "speedup";
  ctx.add_row(base);
  Row row = seconds_row(group, "parse, validate and every check (" + what + ")", checked);
  row.ratio = checked > 0 ? baseline / checked : 0;
  row.ratio_kind = "speedup";
  char note[160];
  std::snprintf(note, sizeof note, "%.1f MB of text, %.0f MB/s, %llu tests", static_cast<double>(block.size()) * repeats / 1e6,
                static_cast<double>(block.size()) * repeats / 1e6 / checked, static_cast<unsigned long long>(tests));
  row.note = note;
  const bool native = ctx.platform().name == "native";
  const double limit = native ? native_limit : wasm_limit;
  char target[48];
  std::snprintf(target, sizeof target, "<= %g s", limit);
  ctx.add_row(std::move(row), TargetSpec{target, native ? "native" : "wasm",
                                         [limit](const Row& r) { return r.value <= limit; }});
}

void decks_group(Context& ctx) {
  const std::string group = "check_decks";
  if (!ctx.wants(group)) return;
  std::uint64_t s = 52;
  std::string block;
  for (int d = 0; d < 10000; ++d) {
    int deck[52];
    for (int i = 0; i < 52; ++i) deck[i] = i;
    for (int i = 51; i > 0; --i) std::swap(deck[i], deck[splitmix(s) % static_cast<std::uint64_t>(i + 1)]);
    for (int i = 0; i < 52; ++i) block += std::to_string(deck[i]) + (i < 51 ? "," : "\n");
  }
  const int repeats = ctx.smoke() ? 1 : 100;
  streaming_case(ctx, group, CheckKind::decks, block, repeats,
                 std::to_string(repeats * 10000) + " decks of 52", 10, 30);
}

void rolls_group(Context& ctx) {
  const std::string group = "check_rolls";
  if (!ctx.wants(group)) return;
  std::uint64_t s = 6;
  std::string block;
  for (int i = 0; i < 1000000; ++i) {
    block += static_cast<char>('1' + splitmix(s) % 6);
    block += i % 30 == 29 ? '\n' : ' ';
  }
  const int repeats = ctx.smoke() ? 1 : 100;
  streaming_case(ctx, group, CheckKind::rolls, block, repeats, std::to_string(repeats) + " million d6 rolls", 5, 15);
}

void bm_group(Context& ctx) {
  const std::string group = "check_bm";
  if (!ctx.wants(group)) return;
  std::uint64_t s = 1;
  PackedBits small, large;
  std::vector<std::uint8_t> small_unpacked;  // for the bit-serial reference (core/gen/linear_complexity)
  const std::size_t large_bits = ctx.smoke() ? 100000 : 1000000;
  for (std::size_t i = 0; i < large_bits; ++i) {
    const bool bit = splitmix(s) & 1;
    if (i < 16384) small.push(bit), small_unpacked.push_back(bit);
    large.push(bit);
  }
  // The long run first, as the first call in a fresh worker: a wasm engine's optimized code for a function
  // only serves its later calls, so timing it after the warm-ups below would flatter a one-call hot loop.
  std::size_t complexity = 0;
  const double t = seconds(ctx, [&] { return complexity = berlekamp_massey(large, large.size).complexity; });
  ctx.check(static_cast<std::size_t>(linear_complexity(small_unpacked)) == berlekamp_massey(small, small.size).complexity,
            group + ": word-parallel and bit-serial Berlekamp-Massey disagree");
  std::vector<Timed> variants{
      {"bit-serial Massey, 16384 random bits", [&](std::uint64_t k) {
         std::uint64_t sum = 0;
         for (std::uint64_t i = 0; i < k; ++i) sum += static_cast<std::uint64_t>(linear_complexity(small_unpacked));
         return sum;
       }, true},
      {"word-parallel, 16384 random bits", [&](std::uint64_t k) {
         std::uint64_t sum = 0;
         for (std::uint64_t i = 0; i < k; ++i) sum += berlekamp_massey(small, small.size).complexity;
         return sum;
       }}};
  const auto samples = ctx.time_variants(variants, 3);
  ctx.add_timed_rows(group, variants, samples, "ms", 1e-6);
  // Its own group: a target on the full length, with no baseline run at that length (bit-serial would take minutes).
  Row row = seconds_row(group + "_long", "word-parallel, " + std::to_string(large_bits) + " random bits, first call", t);
  row.note = "linear complexity " + std::to_string(complexity) + " (random: about n/2)";
  const bool native = ctx.platform().name == "native";
  const double limit = native ? 2 : 5;
  ctx.add_row(std::move(row), TargetSpec{native ? "<= 2 s" : "<= 5 s", native ? "native" : "wasm",
                                         [limit](const Row& r) { return r.value <= limit; }});
}

}  // namespace

void run_check_cases(Context& ctx) {
  decks_group(ctx);
  bm_group(ctx);
  rolls_group(ctx);
}

}  // namespace shufflelab::bench
