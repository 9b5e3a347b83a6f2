// `shufflelab lfsr`, `rand` and `stream`: the raw generators of
// core/gen/generators.hpp. Generator options are the catalog's parameter names
// (--seed, --mask, --width, --taps, --preset, --stream, --state, ...).
#include <algorithm>
#include <charconv>
#include <cstdint>
#include <string>
#include <vector>

#include "cli/cli.hpp"
#include "core/gen/generator_presets.hpp"
#include "core/gen/generators.hpp"
#include "core/base/parse.hpp"

namespace shufflelab::cli {
namespace {

// Reads every option the generator's catalog entry names (a preset of
// core/gen/generator_presets.hpp: seed and state only); finish() then
// rejects anything else, e.g. --mask for z80.
ByteGenerator generator_from_options(ArgList& args, const std::string& gen) {
  const auto& catalog = generator_catalog();
  auto info = std::find_if(catalog.begin(), catalog.end(), [&](const GeneratorInfo& i) { return i.name == gen; });
  std::vector<std::string> keys{"seed", "state"};
  if (info != catalog.end()) {
    keys.clear();
    for (const GeneratorParamInfo& param : info->params) keys.emplace_back(param.key);
  } else if (!find_generator_preset(gen)) {
    throw UsageError(make_generator(gen, {}).error());
  }
  GeneratorParams params;
  for (const std::string& key : keys)
    if (auto value = args.get(key)) params[key] = *value;
  args.finish();
  return value_or_usage_error(make_generator(gen, params));
}

int run_lfsr(ArgList& args, std::ostream& out) {
  const std::string gen = args.require("gen");
  const GeneratorPreset* preset = find_generator_preset(gen);
  const bool linear_preset = preset && preset->base != "lcg32";
  if (gen != "tarot32" && gen != "z80" && gen != "fibonacci" && gen != "xorshift" && !linear_preset)
    throw UsageError("--gen must be tarot32, z80, fibonacci, xorshift or one of galois8, galois16, fibonacci8, "
                     "fibonacci16, xorshift16, xorshift32 (other generators: see `shufflelab stream`)");
  const std::uint64_t count = args.decimal("bytes", 1, 10'000'000);
  ByteGenerator generator = generator_from_options(args, gen);
  std::vector<std::uint8_t> bytes(static_cast<std::size_t>(count));
  generator.fill(bytes.data(), bytes.size());
  out << format_hex_bytes(bytes.data(), bytes.size()) << '\n';
  return 0;
}

int run_rand(ArgList& args, std::ostream& out) {
  const std::string gen = args.get("gen").value_or("glibc");
  if (gen != "glibc" && gen != "msvc") throw UsageError("--gen must be glibc or msvc");
  const auto seed = static_cast<std::uint32_t>(args.decimal("seed", 0, 0xffffffffu));
  const std::uint64_t count = args.decimal("count", 1, 10'000'000);
  args.finish();

  std::string line;
  line.reserve(static_cast<std::size_t>(count) * 11);
  char digits[16];
  GlibcRand glibc(seed);
  static_assert(kLcgPresets[2].name == "msvc");
  Lcg32 msvc{kLcgPresets[2].a, kLcgPresets[2].c, 32, seed};
  for (std::uint64_t i = 0; i < count; ++i) {
    const std::uint32_t value =
        gen == "glibc" ? static_cast<std::uint32_t>(glibc.next()) : msvc_rand_bits(msvc.next());
    if (i) line += ' ';
    line.append(digits, std::to_chars(digits, digits + sizeof digits, value).ptr);
  }
  out << line << '\n';
  return 0;
}

int run_stream(ArgList& args, std::ostream& out) {
  const std::string gen = args.require("gen");
  const std::uint64_t total = args.decimal("bytes", 1, std::uint64_t{1} << 34);
  ByteGenerator generator = generator_from_options(args, gen);
  std::vector<std::uint8_t> chunk(1 << 16);
  for (std::uint64_t left = total; left > 0 && out;) {
    const auto n = static_cast<std::size_t>(left < chunk.size() ? left : chunk.size());
    generator.fill(chunk.data(), n);
    out.write(reinterpret_cast<const char*>(chunk.data()), static_cast<std::streamsize>(n));
    left -= n;
  }
  out.flush();
  return out ? 0 : 1;
}

const SubcommandRegistrar lfsr_command(
    "lfsr",
    "  lfsr    --gen tarot32 [--width W] [--mask HH | --taps HEX] --seed HEX --bytes N\n"
    "          --gen z80 --seed HHHHHHHHHHHHHHHH --bytes N        (16 hex digits, byte +0 first)\n"
    "          --gen fibonacci [--width W] --taps HEX --seed HEX --bytes N\n"
    "          --gen xorshift [--width 16|32] --seed HEX --bytes N\n"
    "          --gen galois8|galois16|fibonacci8|fibonacci16|xorshift16|xorshift32 --seed HEX --bytes N\n"
    "          N (1..10000000) bytes as lowercase hex, space separated, on one line;\n"
    "          tarot32: width 4..64 (default 32), mask = top-byte taps (default CF)",
    {}, run_lfsr);

const SubcommandRegistrar rand_command(
    "rand",
    "  rand    [--gen glibc|msvc] --seed S --count K\n"
    "          the K (1..10000000) values of rand() after srand(S), S in 0..4294967295, decimal on one line",
    {}, run_rand);

const SubcommandRegistrar stream_command(
    "stream",
    "  stream  --gen G [generator options] --bytes N\n"
    "          N (1..2^34) raw bytes of next_byte() to stdout. G and its options:\n"
    "            tarot32 --width --mask|--taps --seed|--state    z80 --seed|--state\n"
    "            fibonacci --width --taps --seed|--state         lcg32 --preset|--a --c --seed|--state\n"
    "            glibc --seed|--state   splitmix64 --seed|--state   xoshiro256ss --seed|--state\n"
    "            pcg32 --seed|--state [--stream]   xorshift --width 16|32 --seed|--state\n"
    "            presets (--seed|--state only): galois8 galois16 fibonacci8 fibonacci16 xorshift16\n"
    "            xorshift32 lcg8 lcg16",
    {}, run_stream);

}  // namespace
}  // namespace shufflelab::cli
