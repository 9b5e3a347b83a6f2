#include "core/golden.hpp"

#include <vector>

#include "core/dice/fdr.hpp"
#include "core/gen/generators.hpp"
#include "core/gen/glibc_rand.hpp"
#include "core/base/parse.hpp"
#include "core/poker/poker.hpp"
#include "core/dice/range.hpp"
#include "core/shuffle/shuffle.hpp"

namespace shufflelab {

namespace {
std::string join(const std::vector<std::uint64_t>& values) {
  std::string out;
  for (auto v : values) out += (out.empty() ? "" : " ") + std::to_string(v);
  return out;
}
}  // namespace

std::string golden_vectors() {
  std::string out;
  // Generators: the first 32 bytes of each, with representative parameters.
  const std::vector<std::pair<std::string, GeneratorParams>> generators = {
      {"tarot32", {{"mask", "CF"}, {"seed", "DEADBEEF"}}},
      {"tarot32", {{"width", "64"}, {"mask", "AF"}, {"seed", "0123456789ABCDEF"}}},
      {"z80", {{"seed", "0102030405060708"}}},
      {"fibonacci", {{"width", "16"}, {"taps", "B400"}, {"seed", "ACE1"}}},
      {"lcg32", {{"preset", "onechip"}, {"seed", "1"}}},
      {"lcg32", {{"preset", "randu"}, {"seed", "1"}}},
      {"lcg32", {{"preset", "msvc"}, {"seed", "1"}}},
      {"glibc", {{"seed", "1"}}},
      {"splitmix64", {{"seed", "1234567"}}},
      {"xoshiro256ss", {{"seed", "42"}}},
      {"pcg32", {{"seed", "42"}, {"stream", "54"}}},
  };
  for (const auto& [name, params] : generators) {
    auto g = make_generator(name, params);
    out += "gen " + name + ": ";
    if (!g) {
      out += "error " + g.error() + "\n";
      continue;
    }
    std::uint8_t bytes[32];
    g.value().fill(bytes, sizeof bytes);
    out += format_hex_bytes(bytes, sizeof bytes) + " | " + std::to_string(g.value().next_u32()) + "\n";
  }

  // Range methods: 24 values per (method, bits, n) from one SplitMix64 stream.
  for (const auto& info : range_methods()) {
    for (unsigned bits : {8u, 16u, 31u, 32u, 64u}) {
      for (std::uint64_t n : {6u, 20u, 52u, 78u}) {
        auto reducer = RangeReducer::make(info.method, n, bits);
        if (!reducer) continue;
        SplitMix64 source{n * 1000 + bits};
        std::vector<std::uint64_t> values;
        for (int i = 0; i < 24; ++i) values.push_back(reducer.value().draw([&] { return source.next(); }));
        out += "range " + std::string(info.name) + " B=" + std::to_string(bits) + " n=" + std::to_string(n) + ": " +
               join(values) + "\n";
      }
    }
  }

  // Coin-flip rollers fed by the tarot LFSR's bytes, low bit first.
  for (FdrVariant variant : {FdrVariant::published, FdrVariant::tarot}) {
    auto roller = FastDiceRoller::make(78, variant);
    if (!roller) continue;
    GaloisLfsr lfsr{32, tarot_taps(32, 0xCF), 0xDEADBEEF};
    std::uint8_t byte = 0;
    int left = 0;
    auto flip = [&]() -> unsigned {
      if (left == 0) byte = lfsr.next_byte(), left = 8;
      const unsigned bit = byte & 1u;
      byte = static_cast<std::uint8_t>(byte >> 1);
      --left;
      return bit;
    };
    std::vector<std::uint64_t> values;
    for (int i = 0; i < 40; ++i) values.push_back(roller.value().draw(flip));
    out += std::string("fdr ") + (variant == FdrVariant::published ? "published" : "tarot") + " n=78: " + join(values) + "\n";
  }

  // Shuffles: every algorithm on 52 cards with draws from one generator.
  for (ShuffleAlgo algo : {ShuffleAlgo::FisherYates, ShuffleAlgo::Pencil, ShuffleAlgo::Pdep, ShuffleAlgo::Sattolo,
                           ShuffleAlgo::Naive, ShuffleAlgo::SortKeys, ShuffleAlgo::Partial}) {
    auto spec = make_shuffle_spec(algo, 52, algo == ShuffleAlgo::Partial ? 6 : 0);
    if (!spec) continue;
    Xoshiro256ss source = Xoshiro256ss::from_seed(2024);
    auto draw = [&](std::uint32_t bound) -> std::uint32_t {
      auto r = RangeReducer::trusted(RangeMethod::lemire, bound, 32);
      return static_cast<std::uint32_t>(r.draw([&] { return source.next() >> 32; }));
    };
    const auto deck = shuffle_fast(spec.value(), DrawRef(draw));
    std::vector<std::uint64_t> values(deck.begin(), deck.end());
    out += "shuffle " + std::string(shuffle_algo_name(algo)) + ": " + join(values) + "\n";
  }
  for (std::uint32_t seed : {1u, 1700000000u, 4294967295u}) out += "lin2003 " + std::to_string(seed) + ": " + lin2003_output(seed, 52);

  // One Chip deals.
  for (std::uint32_t seed : {0u, 1u, 0x932D217Cu, 0xFFFFFFFFu}) {
    const OneChipDeal d = one_chip_deal(seed);
    std::vector<std::uint64_t> cards(d.cards.begin(), d.cards.end());
    out += "onechip " + format_hex_upper(seed, 8) + ": " + join(cards) + " calls " + std::to_string(d.calls) + "\n";
  }
  return out;
}

}  // namespace shufflelab
