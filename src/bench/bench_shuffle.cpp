// Shuffle speed (shuffle52, shuffle78) and random bits spent per shuffle
// (bits52, bits78).
#include <algorithm>
#include <array>
#include <cstdio>
#include <memory>
#include <numeric>
#include <random>
#include <span>
#include <string>
#include <vector>

#include "bench/bench.hpp"
#include "core/shuffle/fast_entropy.hpp"
#include "core/gen/fast_mt64.hpp"
#include "core/shuffle/fast_shuffle.hpp"
#include "core/dice/fdr.hpp"
#include "core/dice/range.hpp"
#include "core/shuffle/shuffle.hpp"
#include "core/shuffle/shuffle_lab.hpp"  // log2_factorial

namespace shufflelab::bench {

namespace {

constexpr std::uint64_t kSeed = 20240521;
// C++ standard [rand.predef]: the 10000th output of a default-constructed mt19937_64.
constexpr std::uint64_t kMt64TenThousandth = 9981545732273789042u;

using Deck = std::vector<std::uint32_t>;
using EntropyDraws = RecyclingDraws<HalfWords<XoshiroWords>>;

ShuffleSpec spec_of(ShuffleAlgo algo, std::uint32_t n) { return make_shuffle_spec(algo, n).value(); }

XoshiroWords xoshiro(std::uint64_t seed) { return XoshiroWords{Xoshiro256ss::from_seed(seed)}; }
EntropyDraws entropy_draws(std::uint64_t seed) { return EntropyDraws(HalfWords<XoshiroWords>(xoshiro(seed))); }

Deck stepper_deck(const ShuffleSpec& spec, DrawRef draw) {
  ShuffleStepper stepper(spec);
  std::vector<ShuffleEvent> events;
  while (!stepper.done()) stepper.step(draw, events);
  return stepper.cards();
}

bool is_permutation_of_n(std::span<const std::uint32_t> deck) {
  std::vector<bool> seen(deck.size(), false);
  for (std::uint32_t card : deck) {
    if (card >= deck.size() || seen[card]) return false;
    seen[card] = true;
  }
  return true;
}

// mt19937_64 that counts its calls (std::shuffle's bits).
struct CountingMt64 {
  using result_type = std::mt19937_64::result_type;
  static constexpr result_type min() { return std::mt19937_64::min(); }
  static constexpr result_type max() { return std::mt19937_64::max(); }
  result_type operator()() {
    ++calls;
    return engine();
  }
  std::mt19937_64 engine;
  std::uint64_t calls = 0;
};

// The batched fast paths against the step-by-step shuffles of shuffle.hpp,
// fed with the draws batched_draws() reports for the same words.
template <std::uint32_t N, class Words>
void check_batched_twins(Context& ctx, const std::string& what, const Words& words) {
  const BatchPlan plan(N);
  Words for_draws = words, for_runtime = words, for_fixed = words, for_pencil = words;
  Deck draws(N - 1), runtime(N), pencil(N);
  std::array<std::uint32_t, N> fixed{}, fixed_after{}, fixed_behind{};
  Words for_fixed_after = words, for_fixed_behind = words;
  batched_draws(plan, for_draws, draws);
  fisher_yates_batched(plan, runtime, for_runtime);
  fisher_yates_batched_fixed<N>(fixed, for_fixed);
  fisher_yates_batched_fixed<N, BatchSwaps::after_draws>(fixed_after, for_fixed_after);
  fisher_yates_batched_fixed<N, BatchSwaps::behind_draws>(fixed_behind, for_fixed_behind);
  SequenceDraws replay(draws);
  const Deck stepped = stepper_deck(spec_of(ShuffleAlgo::FisherYates, N), replay);
  ctx.check(is_permutation_of_n(runtime) && runtime == stepped,
            what + ": batched Fisher-Yates differs from ShuffleStepper fed the same draws");
  ctx.check(std::equal(fixed.begin(), fixed.end(), runtime.begin()) &&
                std::equal(fixed_after.begin(), fixed_after.end(), runtime.begin()) &&
                std::equal(fixed_behind.begin(), fixed_behind.end(), runtime.begin()),
            what + ": fisher_yates_batched_fixed (some swap order) differs from fisher_yates_batched");
  if constexpr (N <= 64) {
    pencil_batched(plan, pencil, for_pencil);
    Deck pencil_draws = draws;
    pencil_draws.push_back(0);
    SequenceDraws pencil_replay(pencil_draws);
    ctx.check(pencil == stepper_deck(spec_of(ShuffleAlgo::Pdep, N), pencil_replay),
              what + ": batched pencil differs from ShuffleStepper (pdep) fed the same draws");
  }
}

// Every run reads one card per shuffle into the checksum, a different one
// each time, so every shuffle must be done in full. (A function of its own,
// so each variant's loop is compiled on its own, as a caller's would be.)
template <std::uint32_t N, class Shuffle>
[[gnu::noinline]] std::uint64_t shuffle_loop(Shuffle& shuffle_once, const std::array<std::uint32_t, N>& deck,
                                             std::uint64_t iterations) {
  std::uint64_t sum = 0;
  for (std::uint64_t i = 0; i < iterations; ++i) {
    shuffle_once();
    sum += deck[i % N];
  }
  return sum;
}

// One variant's deck and generator side by side in a heap block of their
// own, the same arrangement for every variant. (With all of them in one
// stack frame, adding or moving a local changed some rows by up to 30%.)
template <std::uint32_t N, class State>
struct Lane {
  State state;
  std::array<std::uint32_t, N> deck;
};

// One shuffle = one call the timing loop cannot inline, as for a caller in
// another file (libstdc++'s std::shuffle body is out of line as well).
template <class Shuffle, class Cards, class State>
[[gnu::noinline]] void shuffle_call(Shuffle& shuffle, Cards& deck, State& state) {
  shuffle(deck, state);
}

template <std::uint32_t N, class State, class Shuffle>
Timed::Run lane_run(State state, Shuffle shuffle) {
  auto lane = std::make_shared<Lane<N, State>>(Lane<N, State>{std::move(state), {}});
  return [lane, shuffle](std::uint64_t iterations) mutable {
    auto once = [&] { shuffle_call(shuffle, lane->deck, lane->state); };
    return shuffle_loop<N>(once, lane->deck, iterations);
  };
}

template <std::uint32_t N>
void shuffle_group(Context& ctx) {
  const std::string group = "shuffle" + std::to_string(N);
  if (!ctx.wants(group)) return;

  {
    std::mt19937_64 reference(kSeed);
    Mt19937_64Block block(kSeed);
    bool same = true;
    for (int i = 0; i < 5000; ++i) same = same && reference() == block();
    ctx.check(same, group + ": Mt19937_64Block output differs from std::mt19937_64");
    Mt19937_64Block standard;
    std::uint64_t value = 0;
    for (int i = 0; i < 10000; ++i) value = standard();
    ctx.check(value == kMt64TenThousandth, group + ": 10000th Mt19937_64Block output is not the standard's value");
  }
  for (std::uint64_t seed = kSeed; seed < kSeed + 3; ++seed) {
    check_batched_twins<N>(ctx, group + " mt19937_64", std::mt19937_64(seed));
    check_batched_twins<N>(ctx, group + " mt19937_64 block", Mt19937_64Block(seed));
    check_batched_twins<N>(ctx, group + " xoshiro256**", xoshiro(seed));
    {
      // The default fast path, shuffle after shuffle, against the run-time plan on the same words.
      FastShuffler fast(N, seed);
      XoshiroWords words = xoshiro(seed);
      Deck by_plan(N), by_fast(N);
      bool same = true;
      for (int s = 0; s < 300; ++s) {
        fast.shuffle(by_fast);
        fisher_yates_batched(BatchPlan(N), by_plan, words);
        same = same && by_fast == by_plan;
      }
      ctx.check(same, group + ": FastShuffler differs from fisher_yates_batched on the same words");
    }
    EntropyDraws fast_draws = entropy_draws(seed), step_draws = entropy_draws(seed);
    Deck fast(N);
    fisher_yates_direct(fast, fast_draws);
    ctx.check(is_permutation_of_n(fast) && fast == stepper_deck(spec_of(ShuffleAlgo::FisherYates, N), step_draws),
              group + ": entropy-optimal Fisher-Yates differs from ShuffleStepper fed the same draw source");
    std::mt19937_64 engine(seed);
    std::array<std::uint32_t, N> deck{};
    std::iota(deck.begin(), deck.end(), 0u);
    std::shuffle(deck.begin(), deck.end(), engine);
    ctx.check(is_permutation_of_n(deck), group + ": std::shuffle did not return a permutation");
  }

  // The swap floor: the default path's work without making draws: a fresh
  // deck, then its swaps (top-down, step s swaps n-1-s with its draw) from
  // lists of draws made before timing. 256 lists stay in L1.
  constexpr std::size_t kDrawLists = 256;
  auto ready_draws = std::make_shared<std::vector<std::uint32_t>>(kDrawLists * (N - 1));
  {
    XoshiroWords words = xoshiro(kSeed);
    Deck draws(N - 1);
    for (std::size_t list = 0; list < kDrawLists; ++list) {
      batched_draws(BatchPlan(N), words, draws);
      std::copy(draws.begin(), draws.end(), ready_draws->begin() + static_cast<std::ptrdiff_t>(list * (N - 1)));
    }
    // The floor does the default path's swaps: same draws, same deck.
    XoshiroWords replay_words = xoshiro(kSeed);
    Deck by_floor(N), by_plan(N);
    bool same = true;
    for (std::size_t list = 0; list < kDrawLists; ++list) {
      const std::uint32_t* draw = ready_draws->data() + list * (N - 1);
      fisher_yates_from_draws(by_floor, draw);
      fisher_yates_batched(BatchPlan(N), by_plan, replay_words);
      same = same && by_floor == by_plan;
    }
    ctx.check(same, group + ": the swap floor's deck differs from fisher_yates_batched on the same words");
  }
  struct FloorState {
    std::shared_ptr<std::vector<std::uint32_t>> draws;
    std::size_t list = 0;
  };
  const auto swap_floor = [](auto& deck, FloorState& state) {
    const std::uint32_t* draw = state.draws->data() + state.list * (N - 1);
    state.list = (state.list + 1) % kDrawLists;
    fisher_yates_from_draws(deck, draw);
  };

  const BatchPlan plan(N);
  const std::optional<TargetSpec> same_generator = speedup_at_least(2, "native");
  const std::string fixed = "batched fisher-yates<" + std::to_string(N) + ">";
  std::vector<Timed> variants{
      {"std::shuffle + std::mt19937_64", lane_run<N>(std::mt19937_64(kSeed), [](auto& deck, auto& engine) {
         std::iota(deck.begin(), deck.end(), 0u);
         std::shuffle(deck.begin(), deck.end(), engine);
       }),
       true},
      {"batched fisher-yates + std::mt19937_64",
       lane_run<N>(std::mt19937_64(kSeed), [&plan](auto& deck, auto& engine) { fisher_yates_batched(plan, deck, engine); })},
      {"batched fisher-yates + mt19937_64 block",
       lane_run<N>(Mt19937_64Block(kSeed), [&plan](auto& deck, auto& block) { fisher_yates_batched(plan, deck, block); }),
       false, same_generator},
      {fixed + " + mt19937_64 block",
       lane_run<N>(Mt19937_64Block(kSeed), [](auto& deck, auto& block) { fisher_yates_batched_fixed<N>(deck, block); }),
       false, same_generator},
      {"default fast path: FastShuffler + xoshiro256**",
       lane_run<N>(FastShuffler(N, kSeed), [](auto& deck, auto& fast) { fast.shuffle(deck); }), false,
       floor_within(1.2, "any")},
      floor_variant("swap floor: the same swaps from ready draws", lane_run<N>(FloorState{ready_draws}, swap_floor)),
      {fixed + " swaps as drawn + xoshiro256**",
       lane_run<N>(xoshiro(kSeed), [](auto& deck, auto& words) { fisher_yates_batched_fixed<N>(deck, words); })},
      {"batched fisher-yates + xoshiro256**",
       lane_run<N>(xoshiro(kSeed), [&plan](auto& deck, auto& words) { fisher_yates_batched(plan, deck, words); })},
      {"entropy-optimal fisher-yates + xoshiro256**",
       lane_run<N>(entropy_draws(kSeed), [](auto& deck, auto& draws) { fisher_yates_direct(deck, draws); })},
  };
  if constexpr (N <= 64) {
    variants.push_back({std::string("batched pencil, ") + (pdep_uses_hardware() ? "PDEP" : "select") +
                            " strike + xoshiro256**",
                        lane_run<N>(xoshiro(kSeed), [&plan](auto& deck, auto& words) { pencil_batched(plan, deck, words); })});
  }
  const auto samples = ctx.time_variants(variants);
  ctx.add_timed_rows(group, variants, samples, "ns/shuffle");
}

// Bits a shuffle method takes from its generator, per shuffle, over many
// shuffles in a row (leftovers carry over, so this is the long-run rate).
template <std::uint32_t N>
void bits_group(Context& ctx) {
  const std::string group = "bits" + std::to_string(N);
  if (!ctx.wants(group)) return;
  const std::uint64_t shuffles = ctx.smoke() ? 2000 : 100000;
  const double bound = log2_factorial(N);
  const auto add = [&](const std::string& variant, double bits, const std::string& note,
                       const std::optional<TargetSpec>& target = std::nullopt, bool is_bound = false) {
    Row row;
    row.group = group;
    row.variant = variant;
    row.unit = "bits/shuffle";
    row.value = bits;
    row.ratio = bits / bound;
    row.ratio_kind = "of-bound";
    row.note = note;
    row.baseline = is_bound;
    ctx.add_row(std::move(row), target);
  };
  add("log2(n!) = information in one shuffle", bound, "", std::nullopt, true);

  Deck deck(N);
  std::uint64_t sum = 0;
  {
    EntropyDraws draws = entropy_draws(kSeed);
    for (std::uint64_t s = 0; s < shuffles; ++s) {
      fisher_yates_direct(deck, draws);
      sum += deck[s % N];
    }
    const double bits = static_cast<double>(draws.bits_used()) / static_cast<double>(shuffles);
    // Information cannot be created: at least log2(n!) bits per shuffle.
    ctx.check(bits <= 1.01 * bound && bits >= bound * (1 - 1e-12),
              group + ": entropy-optimal shuffle spent " + std::to_string(bits) + " bits per shuffle");
    char note[96];
    std::snprintf(note, sizeof note, "%llu shuffles in a row, %.1f bits still held at the end",
                  static_cast<unsigned long long>(shuffles), draws.bits_held());
    add("entropy-optimal (recycling) fisher-yates", bits, note,
        TargetSpec{"<= 1.01 x log2(n!)", "any", [bound](const Row& row) { return row.value <= 1.01 * bound; }});
  }
  {
    // A fresh Fast Dice Roller per draw: its coin flips are bits.
    std::vector<FastDiceRoller> rollers;
    double exact = 0;
    for (std::uint32_t sides = 1; sides <= N; ++sides) {
      rollers.push_back(FastDiceRoller::make(sides, FdrVariant::published).value());
      if (sides >= 2) exact += solve_fdr_exact(sides, FdrVariant::published).value().expected_flips.to_double();
    }
    std::uint64_t flips = 0;
    CoinsFromWords<XoshiroWords> coins(xoshiro(kSeed), 64);
    const auto flip = [&] {
      ++flips;
      return coins();
    };
    const auto draw = [&](std::uint32_t bound_k) {
      return static_cast<std::uint32_t>(rollers[bound_k - 1].draw(flip));
    };
    for (std::uint64_t s = 0; s < shuffles; ++s) {
      fisher_yates_direct(deck, draw);
      sum += deck[s % N];
    }
    char note[96];
    std::snprintf(note, sizeof note, "exact expectation %.3f bits (solve_fdr_exact summed)", exact);
    add("fisher-yates + fast dice roller per draw", static_cast<double>(flips) / static_cast<double>(shuffles), note);
  }
  {
    XoshiroWords words = xoshiro(kSeed);
    const BatchPlan plan(N);
    Deck draws(N - 1);
    std::uint64_t used = 0;
    for (std::uint64_t s = 0; s < shuffles; ++s) {
      used += batched_draws(plan, words, draws);
      sum += draws[s % (N - 1)];
    }
    add("batched fisher-yates (a 64-bit word per 2 batches)",
        64.0 * static_cast<double>(used) / static_cast<double>(shuffles),
        std::to_string(plan.batches().size()) + " batches per shuffle");
  }
  {
    CountingMt64 counting{std::mt19937_64(kSeed)};
    std::array<std::uint32_t, N> std_deck{};
    for (std::uint64_t s = 0; s < shuffles; ++s) {
      std::iota(std_deck.begin(), std_deck.end(), 0u);
      std::shuffle(std_deck.begin(), std_deck.end(), counting);
      sum += std_deck[s % N];
    }
    add("std::shuffle + std::mt19937_64 (64 bits per call)",
        64.0 * static_cast<double>(counting.calls) / static_cast<double>(shuffles), "");
  }
  ctx.consume(sum);
}

}  // namespace

void run_shuffle_cases(Context& ctx) {
  shuffle_group<52>(ctx);
  shuffle_group<78>(ctx);
  bits_group<52>(ctx);
  bits_group<78>(ctx);
}

}  // namespace shufflelab::bench
