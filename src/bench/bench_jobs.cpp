// The long jobs: One Chip's all-seeds sweep (onechip), exact periods of 64-bit
// linear generators (period64) and a 10^6-shuffle bias matrix (bias52).
#include <algorithm>
#include <array>
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

#include "bench/bench.hpp"
#include "core/shuffle/bias.hpp"
#include "core/shuffle/comparator_sort.hpp"
#include "core/shuffle/riffle.hpp"
#include "core/shuffle/fast_entropy.hpp"
#include "core/shuffle/fast_shuffle.hpp"
#include "core/gen/period.hpp"
#include "core/poker/poker.hpp"
#include "core/poker/poker_sweep.hpp"

namespace shufflelab::bench {

namespace {

// The histogram without trailing empty counts (the two paths size it differently).
std::vector<std::uint64_t> trimmed(std::vector<std::uint64_t> histogram) {
  while (!histogram.empty() && histogram.back() == 0) histogram.pop_back();
  return histogram;
}

// The sweep the page's worker runs (job poker_sweep).
SweepStats deal_end_sweep(std::uint64_t count) {
  DealEndSweeper sweeper(0, count);
  while (!sweeper.done()) sweeper.run(count);
  return sweeper.stats();
}

// The baseline: deal every seed from scratch. Seeds in cycle order from 0
// (cycle position p = the state p steps after 0), like CycleSweeper.
SweepStats replay_seeds(std::uint64_t count) {
  SweepStats stats;
  std::uint32_t seed = 0;
  for (std::uint64_t p = 0; p < count; ++p, seed = lcrng_next(seed)) stats.add(seed, one_chip_deal(seed).calls);
  return stats;
}

// The sweep's floor: what a seed costs with nothing but its share of the
// stream: one LCRNG step, the new card, one histogram count (four histograms
// in turn, as the sweep keeps them).
std::uint64_t sweep_floor(std::uint64_t seeds) {
  std::array<std::array<std::uint64_t, 64>, 4> histograms{};
  std::uint32_t state = 0;
  for (std::uint64_t p = 0; p < seeds; ++p) {
    state = lcrng_next(state);
    ++histograms[p & 3][lcrng_card(state) & 63];
  }
  std::uint64_t sum = 0;
  for (const auto& histogram : histograms)
    for (std::size_t c = 0; c < histogram.size(); ++c) sum += histogram[c] * c;
  return sum;
}

std::string seconds_text(const char* format, double seconds) {
  char text[128];
  std::snprintf(text, sizeof text, format, seconds);
  return text;
}

void onechip_group(Context& ctx) {
  const std::string group = "onechip";
  if (!ctx.wants(group)) return;
  const std::uint64_t sample = ctx.smoke() ? std::uint64_t{1} << 16 : std::uint64_t{1} << 22;
  {
    const SweepStats replayed = replay_seeds(sample);
    for (const SweepStats& swept : {sweep_cycle_range(0, sample), deal_end_sweep(sample)})
      ctx.check(trimmed(replayed.histogram) == trimmed(swept.histogram) && replayed.max_calls == swept.max_calls &&
                    replayed.max_seed == swept.max_seed && replayed.total_calls == swept.total_calls,
                group + ": a sweep and the per-seed replay disagree on the first " + std::to_string(sample) + " seeds");
  }
  const auto projected = [](const Row& row) {
    return seconds_text("all 2^32 seeds on one thread: %.1f s", row.value * 4294967296e-9);
  };
  std::vector<Timed> variants{
      {"per-seed replay (one_chip_deal)",
       [](std::uint64_t seeds) { return replay_seeds(seeds).total_calls; }, true, std::nullopt, projected},
      {"cycle sweep (CycleSweeper), 1 thread",
       [](std::uint64_t seeds) { return sweep_cycle_range(0, seeds).total_calls; }, false, std::nullopt, projected},
      {"deal-end sweep (DealEndSweeper, the page's job), 1 thread",
       [](std::uint64_t seeds) { return deal_end_sweep(seeds).total_calls; }, false, std::nullopt, projected},
      floor_variant("floor: one LCRNG step, card and count per seed", sweep_floor),
  };
  const auto samples = ctx.time_variants(variants, 3);
  ctx.add_timed_rows(group, variants, samples, "ns/seed");
  const double replay_ns = median(samples[0]);

  // The full sweep runs where threads are real (native) and outside --smoke.
  if (ctx.smoke() || ctx.platform().name != "native") return;
  const Platform& platform = ctx.platform();
  const unsigned threads = platform.threads;
  std::vector<SweepStats> parts(threads);
  std::vector<double> thread_cpu(threads);
  std::vector<std::function<void()>> tasks;
  for (unsigned t = 0; t < threads; ++t) {
    const std::uint64_t first = kLcrngPeriod * t / threads;
    const std::uint64_t count = kLcrngPeriod * (t + 1) / threads - first;
    tasks.push_back([&parts, &thread_cpu, &platform, t, first, count] {
      const double start = platform.thread_cpu_ns();
      CycleSweeper sweeper(first, count);
      while (!sweeper.done()) sweeper.run(std::uint64_t{1} << 24);
      parts[t] = sweeper.stats();
      thread_cpu[t] = (platform.thread_cpu_ns() - start) / 1e9;
    });
  }
  const double wall_start = platform.wall_ns(), cpu_start = platform.process_cpu_ns();
  platform.run_parallel(tasks);
  const double wall = (platform.wall_ns() - wall_start) / 1e9, cpu = (platform.process_cpu_ns() - cpu_start) / 1e9;
  SweepStats all = parts[0];
  for (unsigned t = 1; t < threads; ++t) all.merge(parts[t]);
  std::uint64_t histogram_total = 0;
  for (std::uint64_t count : all.histogram) histogram_total += count;
  ctx.check(all.seeds == kLcrngPeriod && histogram_total == kLcrngPeriod &&
                one_chip_deal(all.max_seed).calls == all.max_calls,
            group + ": the full sweep did not cover 2^32 seeds consistently");
  ctx.consume(all.total_calls);

  Row row;
  row.group = group;
  row.variant = "cycle sweep, all 2^32 seeds, " + std::to_string(threads) + " threads (wall)";
  row.unit = "s";
  row.value = wall;
  row.samples = {wall};
  const double replay_projection = replay_ns * 4294967296e-9 / threads;
  row.ratio = replay_projection / wall;
  row.ratio_kind = "speedup";
  // On a shared machine the threads wait for a core: the busiest thread's
  // CPU time is what the wall time would be with the cores to ourselves.
  const double busiest = *std::max_element(thread_cpu.begin(), thread_cpu.end());
  char note[256];
  std::snprintf(note, sizeof note,
                "CPU %.1f s in all, busiest thread %.1f s; replay on %u threads would take ~%.0f s; "
                "most calls %u (seed 0x%08X), mean %.4f",
                cpu, busiest, threads, replay_projection, all.max_calls, all.max_seed, all.mean_calls());
  row.note = note;
  ctx.add_row(std::move(row), TargetSpec{"<= 10 s", "native", [](const Row& r) { return r.value <= 10; }});
}

// M^steps applied to state, by squaring M (an independent check of a period).
std::uint64_t apply_power(LinearMap map, std::uint64_t steps, std::uint64_t state) {
  while (steps != 0) {
    if (steps & 1) state = map.apply(state);
    steps >>= 1;
    LinearMap squared = map;
    for (int j = 0; j < map.width; ++j)
      squared.columns[static_cast<std::size_t>(j)] = map.apply(map.columns[static_cast<std::size_t>(j)]);
    map = squared;
  }
  return state;
}

void period_group(Context& ctx) {
  const std::string group = "period64";
  if (!ctx.wants(group)) return;
  const GaloisLfsr tarot64{64, tarot_taps(64, 0xCF), 1};
  const Z80Lfsr z80 = Z80Lfsr::from_packed(0x0123456789ABCDEF);
  {
    const auto galois = analyse_galois(tarot64);
    const auto z = analyse_z80(z80);
    ctx.check(galois && z, group + ": analysis failed");
    if (galois && z) {
      // Back to the first state on the cycle after one period, by matrix powers.
      const LinearMap galois_step = galois_map(64, tarot64.taps);
      const std::uint64_t galois_start = apply_power(galois_step, static_cast<std::uint64_t>(galois->seed.tail), tarot64.state);
      const LinearMap z80_step = z80_map();
      const std::uint64_t z80_start = apply_power(z80_step, static_cast<std::uint64_t>(z->seed.tail), z80.packed());
      ctx.check(apply_power(galois_step, galois->seed.period, galois_start) == galois_start &&
                    galois_jump_ahead(GaloisLfsr{64, tarot64.taps, galois_start}, galois->seed.period) == galois_start,
                group + ": the 64-bit Galois register does not return after its period");
      ctx.check(apply_power(z80_step, z->seed.period, z80_start) == z80_start,
                group + ": the Z80 register does not return after its period");
    }
  }
  const auto period_note = [](std::uint64_t period) {
    return [period](const Row&) { return "period " + std::to_string(period); };
  };
  const TargetSpec fast{"<= 50 ms", "wasm", [](const Row& row) { return row.value <= 50; }};
  std::vector<Timed> variants{
      {"analyse_galois, 64-bit tarot register (mask CF)",
       [&](std::uint64_t runs) {
         std::uint64_t sum = 0;
         for (std::uint64_t i = 0; i < runs; ++i) sum += analyse_galois(tarot64)->seed.period;
         return sum;
       },
       false, fast, period_note(analyse_galois(tarot64)->seed.period)},
      {"analyse_z80, 64-bit Z80 register",
       [&](std::uint64_t runs) {
         std::uint64_t sum = 0;
         for (std::uint64_t i = 0; i < runs; ++i) sum += analyse_z80(z80)->seed.period;
         return sum;
       },
       false, fast, period_note(analyse_z80(z80)->seed.period)},
  };
  const auto samples = ctx.time_variants(variants);
  ctx.add_timed_rows(group, variants, samples, "ms", 1e-6);
}

// Draws for the bias runs: Lemire's method on 32-bit fractions of xoshiro256**.
struct LemireDraws {
  HalfWords<XoshiroWords> fractions;
  std::uint32_t operator()(std::uint32_t bound) {
    std::uint64_t product = std::uint64_t{fractions()} * bound;
    if (static_cast<std::uint32_t>(product) < bound) {
      const std::uint32_t threshold = (0u - bound) % bound;
      while (static_cast<std::uint32_t>(product) < threshold) product = std::uint64_t{fractions()} * bound;
    }
    return static_cast<std::uint32_t>(product >> 32);
  }
};

void bias_group(Context& ctx) {
  const std::string group = "bias52";
  if (!ctx.wants(group)) return;
  constexpr std::uint32_t kCards = 52;
  const std::uint64_t shuffles = ctx.smoke() ? 10000 : 1000000;
  const ShuffleSpec spec = make_shuffle_spec(ShuffleAlgo::FisherYates, kCards).value();
  const auto draws = [] { return LemireDraws{HalfWords<XoshiroWords>(XoshiroWords{Xoshiro256ss::from_seed(52)})}; };
  {
    LemireDraws for_core = draws(), for_reference = draws();
    const auto matrix = empirical_bias(spec, 10000, for_core);
    BiasMatrix reference(kCards);
    std::vector<std::uint32_t> deck(kCards);
    for (int s = 0; s < 10000; ++s) {
      fisher_yates_direct(deck, for_reference);
      reference.add(deck);
    }
    ctx.check(matrix && matrix->counts == reference.counts && matrix->total == reference.total,
              group + ": empirical_bias differs from a direct tally of the same shuffles");
  }
  const auto with_matrix = [](const BiasMatrix& matrix) {
    std::uint64_t sum = matrix.total;
    for (std::size_t i = 0; i < matrix.counts.size(); i += 53) sum += matrix.counts[i];
    return sum;
  };
  const TargetSpec fast{"<= 3 s per 10^6 shuffles", "wasm", [](const Row& row) { return row.value <= 3; }};
  std::vector<Timed> variants{
      {"empirical_bias (shuffle_fast via DrawRef, Lemire draws)",
       [&](std::uint64_t runs) {
         std::uint64_t sum = 0;
         for (std::uint64_t i = 0; i < runs; ++i) {
           LemireDraws source = draws();
           sum += with_matrix(empirical_bias(spec, shuffles, source).value());
         }
         return sum;
       },
       false, fast},
      {"batched fisher-yates (FastShuffler) + BiasMatrix::add",
       [&](std::uint64_t runs) {
         std::uint64_t sum = 0;
         std::vector<std::uint32_t> deck(kCards);
         for (std::uint64_t i = 0; i < runs; ++i) {
           FastShuffler shuffler(kCards, 52);
           BiasMatrix matrix(kCards);
           for (std::uint64_t s = 0; s < shuffles; ++s) {
             shuffler.shuffle(deck);
             matrix.add(deck);
           }
           sum += with_matrix(matrix);
         }
         return sum;
       },
       false, fast},
  };
  const auto samples = ctx.time_variants(variants, 3);
  // One operation = one run of `shuffles` shuffles; the unit is per 10^6.
  ctx.add_timed_rows(group, variants, samples, "s/10^6 shuffles", 1e-9 * 1e6 / static_cast<double>(shuffles));
}

}  // namespace

// Exact random-comparator matrices for 8 cards, against the exact Fisher-Yates
// matrix (8! draw lists) as the baseline; target <= 2 s each natively.
void comparator_group(Context& ctx) {
  const std::string group = "comparator8";
  if (!ctx.wants(group)) return;
  const ShuffleSpec fisher_yates = make_shuffle_spec(ShuffleAlgo::FisherYates, 8).value();
  std::vector<Timed> variants{{"exact Fisher-Yates, 8! draw lists (ExactBias)", [fisher_yates](std::uint64_t runs) {
                                 std::uint64_t sum = 0;
                                 for (std::uint64_t r = 0; r < runs; ++r) sum += exact_bias(fisher_yates)->at(0, 0);
                                 return sum;
                               }, true}};
  for (const auto& info : comparator_sorts()) {
    const ComparatorSort sort = info.sort;
    variants.push_back({"exact " + std::string(info.label), [sort](std::uint64_t runs) {
                          std::uint64_t sum = 0;
                          for (std::uint64_t r = 0; r < runs; ++r) {
                            ComparatorExact exact(sort, 8);
                            while (!exact.done()) exact.run(std::uint64_t{1} << 20);
                            sum += exact.paths();
                          }
                          return sum;
                        }, false, TargetSpec{"<= 2 s", "native", [](const Row& row) { return row.value <= 2000; }}});
  }
  auto samples = ctx.time_variants(variants, 5);
  ctx.add_timed_rows(group, variants, samples, "ms", 1e-6);
}

// The riffle table for 52 cards, k = 1..20, exact: falling factorials updated
// by one multiplication and one division per r, against recomputing each as a
// product of n factors (the baseline); target <= 100 ms in wasm.
void riffle_group(Context& ctx) {
  const std::string group = "riffle52";
  if (!ctx.wants(group)) return;
  const std::uint32_t n = 52, k_max = 20;
  const auto direct_distance_numerator = [](const std::vector<BigUint>& eulerian, std::uint32_t cards, std::uint32_t k) {
    const BigUint all = BigUint::power_of_two(std::size_t{k} * cards);
    BigUint sum;
    for (std::uint32_t r = 1; r <= cards; ++r) {
      const BigUint m = BigUint::power_of_two(k) + BigUint(cards - r);
      BigUint falling(1);
      for (std::uint32_t j = 0; j < cards; ++j) falling = m < BigUint(j + 1) ? BigUint() : falling * (m - BigUint(j));
      sum += eulerian[r] * abs_diff(falling, all);
    }
    return sum;
  };
  {
    const RiffleTable table = RiffleTable::make(n).value();
    const auto eulerian = eulerian_row(n);
    bool same = true;
    for (std::uint32_t k = 1; k <= k_max; ++k) same &= table.law(k).distance_numerator == direct_distance_numerator(eulerian, n, k);
    ctx.check(same, group + ": the incremental falling factorials disagree with direct products");
  }
  std::vector<Timed> variants{
      {"direct products of n factors per r", [=](std::uint64_t runs) {
         std::uint64_t sum = 0;
         for (std::uint64_t r = 0; r < runs; ++r) {
           const auto eulerian = eulerian_row(n);
           for (std::uint32_t k = 1; k <= k_max; ++k) sum += direct_distance_numerator(eulerian, n, k).bit_length();
         }
         return sum;
       }, true},
      {"RiffleTable (one multiply and divide per r)", [=](std::uint64_t runs) {
         std::uint64_t sum = 0;
         for (std::uint64_t r = 0; r < runs; ++r) {
           const RiffleTable table = RiffleTable::make(n).value();
           for (std::uint32_t k = 1; k <= k_max; ++k) sum += table.law(k).distance_numerator.bit_length();
         }
         return sum;
       }, false, TargetSpec{"<= 100 ms", "wasm", [](const Row& row) { return row.value <= 100; }}}};
  auto samples = ctx.time_variants(variants);
  ctx.add_timed_rows(group, variants, samples, "ms", 1e-6);
}

void run_job_cases(Context& ctx) {
  onechip_group(ctx);
  period_group(ctx);
  bias_group(ctx);
  comparator_group(ctx);
  riffle_group(ctx);
}

}  // namespace shufflelab::bench
