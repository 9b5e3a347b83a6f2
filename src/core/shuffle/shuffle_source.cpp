#include "core/shuffle/shuffle_source.hpp"

#include <cmath>
#include <utility>

#include "core/base/parse.hpp"
#include "core/base/url_fields.hpp"

namespace shufflelab {

namespace {
constexpr std::array<DrawMethodInfo, 11> kDrawMethods{{
    {{DrawMethod::Kind::range, RangeMethod::modulo, {}}, "modulo", "x % n: low values come up more often"},
    {{DrawMethod::Kind::range, RangeMethod::float_scale, {}},
     "float",
     "(int)(n * x / (2^B - 1)), redraw when the ratio is 1.0: shuffle.c's randomInt"},
    {{DrawMethod::Kind::range, RangeMethod::shift, {}}, "shift", "shift x right until it is below n (seed 002)"},
    {{DrawMethod::Kind::range, RangeMethod::maxu8, {}}, "maxu8", "Z80 MAXU8: halve an all-ones mask until x < n"},
    {{DrawMethod::Kind::range, RangeMethod::maxu8_article, {}},
     "maxu8-article",
     "MAXU8 as the Z80 article calls it (range 0..n, 0 read as n)"},
    {{DrawMethod::Kind::range, RangeMethod::mulhi, {}}, "mulhi", "(x * n) >> B: the high half of a product"},
    {{DrawMethod::Kind::range, RangeMethod::mulhi_minus1, {}},
     "mulhi-minus1",
     "(x * (n-1)) >> B: rollDie as printed; never gives n-1"},
    {{DrawMethod::Kind::range, RangeMethod::mask_reject, {}}, "reject", "mask to the next power of two, redraw when >= n"},
    {{DrawMethod::Kind::range, RangeMethod::lemire, {}}, "lemire", "Lemire's multiply-and-reject: unbiased, rarely redraws"},
    {{DrawMethod::Kind::fdr, RangeMethod::lemire, FdrVariant::published},
     "fdr",
     "Lumbroso's Fast Dice Roller on coin flips (unbiased)"},
    {{DrawMethod::Kind::fdr, RangeMethod::lemire, FdrVariant::tarot},
     "fdr-tarot",
     "the roller as printed in the tarot article: overshoot subtracts n-1 (biased)"},
}};

// log2(2^k - 1) without losing the tiny difference from k.
double log2_all_but_zero(unsigned k) { return static_cast<double>(k) + std::log2(1.0 - std::ldexp(1.0, -static_cast<int>(k))); }

const std::vector<ShuffleGeneratorInfo>& generator_table() {
  static const std::vector<ShuffleGeneratorInfo> table{
      {"tarot32", "Game Boy tarot LFSR, 32 bits, taps CF (seed 000); 8-bit outputs", "tarot32", "", 8, 8, 1,
       0xFFFFFFFFu, 0xDEADBEEF, 32, log2_all_but_zero(32), "every 32-bit register except 0"},
      {"z80", "Z80 LFSR routine, 8 bytes (seed 002); 8-bit outputs", "z80", "", 8, 16, 1, ~std::uint64_t{0},
       0x0123456789ABCDEF, 64, log2_all_but_zero(64), "every 64-bit register except 0"},
      {"onechip", "One Chip Video Poker LCRNG a=1664525 c=1013904223 (seed 004); 32-bit outputs", "lcg32",
       "onechip", 32, 0, 0, 0xFFFFFFFFu, 1, 32, 32.0, "every 32-bit state"},
      {"randu", "IBM RANDU a=65539 mod 2^31; 31-bit outputs", "lcg32", "randu", 31, 0, 1, 0x7FFFFFFFu, 1, 31,
       log2_all_but_zero(31), "every 31-bit state except 0"},
      {"glibc", "glibc srand()/rand() (seed 001); 31-bit outputs", "glibc", "", 31, 0, 0, 0xFFFFFFFFu, 1, 992,
       log2_all_but_zero(32), "srand() takes 32 bits and srand(0) = srand(1)"},
      {"splitmix64", "SplitMix64; 64-bit outputs", "splitmix64", "", 64, 0, 0, ~std::uint64_t{0}, 1, 64, 64.0,
       "every 64-bit counter"},
      {"xoshiro256ss", "xoshiro256** seeded by SplitMix64; 64-bit outputs", "xoshiro256ss", "", 64, 0, 0,
       ~std::uint64_t{0}, 1, 256, 64.0, "256 bits of state, but only a 64-bit seed reaches it"},
      {"pcg32", "PCG32 (XSH RR), stream 0; 32-bit outputs", "pcg32", "", 32, 0, 0, ~std::uint64_t{0}, 1, 64, 64.0,
       "a 64-bit initstate (the stream is fixed)"},
  };
  return table;
}
}  // namespace

std::span<const DrawMethodInfo> draw_methods() { return kDrawMethods; }

std::string_view draw_method_name(const DrawMethod& method) {
  for (const auto& info : kDrawMethods)
    if (info.method.kind == method.kind &&
        (method.kind == DrawMethod::Kind::range ? info.method.range == method.range : info.method.fdr == method.fdr))
      return info.name;
  return "?";
}

Result<DrawMethod> parse_draw_method(std::string_view field, std::string_view text) {
  for (const auto& info : kDrawMethods)
    if (info.name == text) return Result<DrawMethod>::ok(info.method);
  std::string names;
  for (const auto& info : kDrawMethods) names += (names.empty() ? "" : ", ") + std::string(info.name);
  return Result<DrawMethod>::fail(std::string(field) + ": unknown method \"" + printable_excerpt(text) +
                                  "\" (one of " + names + ")");
}

std::span<const ShuffleGeneratorInfo> shuffle_generators() { return generator_table(); }

const ShuffleGeneratorInfo* find_shuffle_generator(std::string_view name) {
  for (const auto& info : generator_table())
    if (info.name == name) return &info;
  return nullptr;
}

DrawSource::DrawSource(DrawSourceSpec spec, ByteGenerator generator)
    : spec_(std::move(spec)), generator_(std::move(generator)), engine_(generator_.engine()) {
  const ShuffleGeneratorInfo& info = *find_shuffle_generator(spec_.generator);
  native_bits_ = info.native_bits;
  byte_native_ = info.native_bits == 8;
  outputs_per_word_ = (spec_.bits + native_bits_ - 1) / native_bits_;
  dropped_bits_ = outputs_per_word_ * native_bits_ - spec_.bits;
}

Result<DrawSource> DrawSource::make(const DrawSourceSpec& spec, std::uint64_t max_bound) {
  using R = Result<DrawSource>;
  const ShuffleGeneratorInfo* info = find_shuffle_generator(spec.generator);
  if (!info) {
    std::string names;
    for (const auto& g : generator_table()) names += (names.empty() ? "" : ", ") + std::string(g.name);
    return R::fail("gen: unknown generator \"" + printable_excerpt(spec.generator) + "\" (one of " + names + ")");
  }
  if (spec.seed < info->min_seed || spec.seed > info->max_seed)
    return R::fail("seed: " + std::to_string(spec.seed) + " is outside " + std::to_string(info->min_seed) + ".." +
                   std::to_string(info->max_seed) + " for " + std::string(info->name));
  if (spec.bits < 1 || spec.bits > kMaxWordBits)
    return R::fail("bits: word size must be between 1 and 64, got " + std::to_string(spec.bits));
  if (spec.discard > kMaxDiscard)
    return R::fail("warmup: at most " + std::to_string(kMaxDiscard) + " words can be thrown away");
  if (spec.method.kind == DrawMethod::Kind::range) {
    if (spec.method.range == RangeMethod::float_scale && spec.bits > 53)
      return R::fail("bits: the float method divides by 2^B - 1 in a double, so B must be at most 53");
    if (max_bound > 1) {
      auto reducer = RangeReducer::make(spec.method.range, max_bound, spec.bits);
      if (!reducer) return R::fail(reducer.error());
    }
  } else if (max_bound > kMaxFdrSides) {
    return R::fail("n: too large for the dice roller");
  }
  GeneratorParams params;
  if (!info->preset.empty()) params["preset"] = std::string(info->preset);
  params["seed"] = info->seed_hex_digits > 0 ? format_hex_upper(spec.seed, info->seed_hex_digits)
                                             : std::to_string(spec.seed);
  auto generator = make_generator(info->catalog, params);
  if (!generator) return R::fail("seed: " + generator.error());
  return R::ok(DrawSource(spec, std::move(generator.value())));
}

std::uint64_t DrawSource::next_buffered_byte() {
  if (byte_pos_ == bytes_.size()) {
    generator_.fill(bytes_.data(), bytes_.size());
    byte_pos_ = 0;
  }
  return bytes_[byte_pos_++];
}

std::uint32_t DrawSource::operator()(std::uint32_t bound) {
  std::uint32_t value = 0;
  run([&](auto& draw) { value = draw(bound); });
  return value;
}

}  // namespace shufflelab
