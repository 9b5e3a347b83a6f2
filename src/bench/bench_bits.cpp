// Range reduction (range64), LFSR output (lfsr32) and PDEP card draws (pdep52).
#include <array>
#include <functional>
#include <cstdio>
#include <numeric>
#include <string>
#include <vector>

#include "bench/bench.hpp"
#include "core/shuffle/bits.hpp"
#include "core/gen/fast_lfsr.hpp"
#include "core/dice/fast_range.hpp"
#include "core/shuffle/rank_deal.hpp"
#include "core/shuffle/fast_shuffle.hpp"
#include "core/gen/generators.hpp"
#include "core/dice/range.hpp"
#include "core/shuffle/shuffle.hpp"

namespace shufflelab::bench {

namespace {

constexpr std::uint64_t kSeed = 777;
constexpr std::size_t kChunk = std::size_t{1} << 16;  // bytes per LFSR fill call

std::vector<std::uint64_t> random_words(std::size_t count) {
  Xoshiro256ss generator = Xoshiro256ss::from_seed(kSeed);
  std::vector<std::uint64_t> words(count);
  for (auto& word : words) word = generator.next();
  return words;
}

// Every RangeReducer method on the same 64-bit words, reducing to [0, 52).
void range_group(Context& ctx) {
  const std::string group = "range64";
  if (!ctx.wants(group)) return;
  constexpr std::uint64_t kFaces = 52;
  constexpr std::size_t kWordMask = 4095;
  const std::vector<std::uint64_t> words = random_words(kWordMask + 1);

  std::vector<Timed> variants;
  for (const RangeMethodInfo& info : range_methods()) {
    const RangeReducer reducer = RangeReducer::trusted(info.method, kFaces, 64);
    // draw() (with its own fast path for Lemire) against map_word() word by word.
    std::size_t drawn = 0, mapped = 0;
    bool same = true;
    for (int k = 0; k < 2000; ++k) {
      const std::uint64_t value = reducer.draw([&] { return words[drawn++ & kWordMask]; });
      std::optional<std::uint64_t> reference;
      while (!(reference = reducer.map_word(words[mapped++ & kWordMask]))) {
      }
      same = same && value == *reference && drawn == mapped;
    }
    ctx.check(same, group + " " + std::string(info.name) + ": draw() differs from map_word()");
    Timed timed{"range method " + std::string(info.name),
                [reducer, &words](std::uint64_t iterations) {
                  std::size_t next = 0;
                  std::uint64_t sum = 0;
                  for (std::uint64_t i = 0; i < iterations; ++i)
                    sum += reducer.draw([&] { return words[next++ & kWordMask]; });
                  return sum;
                },
                info.method == RangeMethod::modulo};
    variants.push_back(std::move(timed));
  }
  const auto samples = ctx.time_variants(variants);
  ctx.add_timed_rows(group, variants, samples, "ns/value");
}

// A value the compiler cannot see through (so x % n stays a division).
std::uint64_t opaque(std::uint64_t value) {
  volatile std::uint64_t hidden = value;
  return hidden;
}

// Plain loops over the same 64-bit words: x % n against Lemire64, and
// RangeReducer's generic Lemire path beside them.
void lemire_group(Context& ctx) {
  const std::string group = "lemire64";
  if (!ctx.wants(group)) return;
  constexpr std::size_t kWordMask = 4095;
  const std::vector<std::uint64_t> words = random_words(kWordMask + 1);
  const std::uint64_t faces = opaque(52);
  const Lemire64 lemire(faces);
  const RangeReducer modulo = RangeReducer::trusted(RangeMethod::modulo, faces, 64);
  const RangeReducer generic = RangeReducer::trusted(RangeMethod::lemire, faces, 64);
  {
    std::size_t fast_next = 0, generic_next = 0;
    bool same = true;
    for (std::size_t i = 0; i < 3000; ++i) {
      same = same && words[i & kWordMask] % faces == *modulo.map_word(words[i & kWordMask]);
      same = same && lemire.draw([&] { return words[fast_next++ & kWordMask]; }) ==
                         generic.draw([&] { return words[generic_next++ & kWordMask]; });
    }
    ctx.check(same && fast_next == generic_next, group + ": Lemire64 or x % n differs from RangeReducer");
  }
  std::vector<Timed> variants{
      {"x % n (64-bit words, plain loop)",
       [&words, faces](std::uint64_t iterations) {
         std::uint64_t sum = 0;
         for (std::uint64_t i = 0; i < iterations; ++i) sum += words[i & kWordMask] % faces;
         return sum;
       },
       true},
      {"Lemire64 (fast_range.hpp)",
       [&words, lemire](std::uint64_t iterations) {
         std::size_t next = 0;
         std::uint64_t sum = 0;
         for (std::uint64_t i = 0; i < iterations; ++i) sum += lemire.draw([&] { return words[next++ & kWordMask]; });
         return sum;
       },
       false, speedup_at_least(2, "native")},
      {"RangeReducer lemire (any word width)",
       [&words, generic](std::uint64_t iterations) {
         std::size_t next = 0;
         std::uint64_t sum = 0;
         for (std::uint64_t i = 0; i < iterations; ++i) sum += generic.draw([&] { return words[next++ & kWordMask]; });
         return sum;
       }},
  };
  const auto samples = ctx.time_variants(variants);
  ctx.add_timed_rows(group, variants, samples, "ns/value");
}

// The tarot generator's bytes: one bit-step at a time, one table lookup per
// byte, one table step per four bytes.
void lfsr_group(Context& ctx) {
  const std::string group = "lfsr32";
  if (!ctx.wants(group)) return;
  const GaloisLfsr config{32, tarot_taps(32, 0xCF), 0x1234ABCD};
  const GaloisWordTable table = GaloisWordTable::make(config).value();

  {
    constexpr std::size_t kCount = kChunk + 3;  // not a multiple of 4: the tail path runs too
    std::vector<std::uint8_t> serial(kCount), bytewise(kCount), wordwise(kCount);
    GaloisLfsr a = config, c = config;
    ByteGenerator b(config);
    for (auto& byte : serial) byte = a.next_byte();
    b.fill(bytewise.data(), kCount);
    table.fill(c, wordwise.data(), kCount);
    ctx.check(serial == bytewise && serial == wordwise && std::get<GaloisLfsr>(b.engine()).state == a.state &&
                  c.state == a.state,
              group + ": table-driven bytes differ from the bit-serial LFSR");
  }

  std::vector<std::uint8_t> buffer(kChunk);
  GaloisLfsr serial = config, wordwise = config;
  ByteGenerator bytewise(config);
  // One operation = one byte; runs go in chunks of kChunk bytes.
  const auto chunked = [&buffer](auto&& fill) {
    return [&buffer, fill](std::uint64_t bytes) mutable {
      std::uint64_t sum = 0;
      while (bytes > 0) {
        const auto count = static_cast<std::size_t>(std::min<std::uint64_t>(bytes, kChunk));
        fill(count);
        sum += buffer[count - 1] + buffer[(bytes * 31) % count];
        bytes -= count;
      }
      return sum;
    };
  };
  const TargetSpec fast_enough{">= 8x faster and >= 1 GB/s", "native",
                               [](const Row& row) { return row.ratio && *row.ratio >= 8 && 1 / row.value >= 1; }};
  const auto gigabytes = [](const Row& row) {
    char text[32];
    std::snprintf(text, sizeof text, "%.3f GB/s", 1 / row.value);
    return std::string(text);
  };
  std::vector<Timed> variants{
      {"bit-serial GaloisLfsr::next_byte()",
       chunked([&](std::size_t count) {
         for (std::size_t i = 0; i < count; ++i) buffer[i] = serial.next_byte();
       }),
       true, std::nullopt, gigabytes},
      {"ByteGenerator::fill (a table lookup per byte)",
       chunked([&](std::size_t count) { bytewise.fill(buffer.data(), count); }), false, fast_enough, gigabytes},
      {"GaloisWordTable::fill (8 bytes per table step)",
       chunked([&](std::size_t count) { table.fill(wordwise, buffer.data(), count); }), false, fast_enough, gigabytes},
  };
  const auto samples = ctx.time_variants(variants);
  ctx.add_timed_rows(group, variants, samples, "ns/byte");
}

// Dealing 52 cards from the same pencil draws (bounds 52..1): by striking the
// draw-th remaining card of a bit set, and by array Fisher-Yates (which reads
// the first 51 draws as its own).
void pdep_group(Context& ctx) {
  const std::string group = "pdep52";
  if (!ctx.wants(group)) return;
  constexpr std::uint32_t kCards = 52;
  constexpr std::size_t kLists = 256;
  std::vector<std::uint32_t> draws(kLists * kCards);
  {
    Xoshiro256ss generator = Xoshiro256ss::from_seed(kSeed);
    for (std::size_t list = 0; list < kLists; ++list)
      for (std::uint32_t t = 0; t < kCards; ++t)
        draws[list * kCards + t] = static_cast<std::uint32_t>(
            RangeReducer::trusted(RangeMethod::lemire, kCards - t, 64).draw([&] { return generator.next(); }));
  }
  using Deal = std::array<std::uint32_t, kCards>;
  const auto array_fisher_yates = [](const std::uint32_t* list, Deal& deck) {
    std::iota(deck.begin(), deck.end(), 0u);
    for (std::uint32_t s = 0; s + 1 < kCards; ++s) std::swap(deck[kCards - 1 - s], deck[list[s]]);
  };
  // Strike with a given "clear the i-th set bit" function.
  const auto striker = [](auto clear_nth) {
    return [clear_nth](const std::uint32_t* list, Deal& deck) {
      std::uint64_t cards = (std::uint64_t{1} << kCards) - 1;
      for (std::uint32_t t = 0; t < kCards; ++t) {
        const std::uint64_t rest = clear_nth(cards, list[t]);
        deck[t] = static_cast<std::uint32_t>(ctz64(cards ^ rest));
        cards = rest;
      }
    };
  };
  struct Method {
    std::string name;
    std::function<void(const std::uint32_t*, Deal&)> deal;
  };
  std::vector<Method> methods{{"array fisher-yates (same draws)", array_fisher_yates}};
#ifdef SHUFFLELAB_HAS_PDEP_INSTRUCTION
  if (cpu_has_bmi2())
    methods.push_back({"bitset strike, hardware PDEP", striker([](std::uint64_t x, std::uint32_t i) {
                         return detail::pdep_instruction(~(std::uint64_t{1} << i), x);
                       })});
#endif
  methods.push_back({"bitset strike, software PDEP loop (pdep_u64_soft)",
                     striker([](std::uint64_t x, std::uint32_t i) { return pdep_u64_soft(~(std::uint64_t{1} << i), x); })});
  methods.push_back({"bitset strike, broadword select (bits.hpp)",
                     striker([](std::uint64_t x, std::uint32_t i) { return detail::clear_nth_set_bit_by_select(x, i); })});
  methods.push_back({"rank deal, byte-vector compares (rank_deal.hpp)",
                     [](const std::uint32_t* list, Deal& deck) { deal_by_ranks<kCards>(list, deck.data()); }});

  const ShuffleSpec fisher_yates = make_shuffle_spec(ShuffleAlgo::FisherYates, kCards).value();
  const ShuffleSpec pencil = make_shuffle_spec(ShuffleAlgo::Pdep, kCards).value();
  for (const Method& method : methods) {
    bool same = true;
    for (std::size_t list = 0; list < 16; ++list) {
      const std::uint32_t* first = &draws[list * kCards];
      Deal deck{};
      method.deal(first, deck);
      const bool is_array = method.name.starts_with("array");
      SequenceDraws replay(std::span(first, is_array ? kCards - 1 : kCards));
      ShuffleStepper stepper(is_array ? fisher_yates : pencil);
      std::vector<ShuffleEvent> events;
      while (!stepper.done()) stepper.step(replay, events);
      same = same && std::equal(deck.begin(), deck.end(), stepper.cards().begin());
    }
    ctx.check(same, group + " " + method.name + ": deck differs from ShuffleStepper fed the same draws");
  }

  Deal deck{};
  std::vector<Timed> variants;
  for (const Method& method : methods) {
    Timed timed{method.name,
                [&deck, &draws, deal = method.deal](std::uint64_t iterations) {
                  std::uint64_t sum = 0;
                  for (std::uint64_t i = 0; i < iterations; ++i) {
                    deal(&draws[(i % kLists) * kCards], deck);
                    sum += deck[i % kCards];
                  }
                  return sum;
                },
                method.name.starts_with("array")};
    // The array deal is both the baseline and the strike's floor.
    timed.floor = timed.baseline;
    // The rank deal is the software strike (WebAssembly has no PDEP); the others are for comparison.
    if (method.name.starts_with("rank deal")) timed.target = floor_within(1.3, "any");
    variants.push_back(std::move(timed));
  }
  const auto samples = ctx.time_variants(variants);
  ctx.add_timed_rows(group, variants, samples, "ns/deal");
}

}  // namespace

void run_bit_cases(Context& ctx) {
  range_group(ctx);
  lemire_group(ctx);
  lfsr_group(ctx);
  pdep_group(ctx);
}

}  // namespace shufflelab::bench
