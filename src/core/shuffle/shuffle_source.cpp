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
      {"tarot32", "Game Boy tarot LFSR, 32 bits, taps CF (seed 000); 8-bit outputs", "tarot32", "", "", 8, 8, 1,
       0xFFFFFFFFu, 0xDEADBEEF, 32, log2_all_but_zero(32), "every 32-bit register except 0",
       "Decimal, or hex with 0x: the 32-bit register, not 0 (an all-zero register never changes)."},
      {"z80", "Z80 LFSR routine, 8 bytes (seed 002); 8-bit outputs", "z80", "", "", 8, 16, 1, ~std::uint64_t{0},
       0x0123456789ABCDEF, 64, log2_all_but_zero(64), "every 64-bit register except 0",
       "Decimal, or hex with 0x: the 8 bytes as one 64-bit number, byte +0 in the top byte, not 0 (an all-zero "
       "register never changes)."},
      {"onechip", "One Chip Video Poker LCRNG a=1664525 c=1013904223 (seed 004); 32-bit outputs", "lcg32", "preset",
       "onechip", 32, 0, 0, 0xFFFFFFFFu, 1, 32, 32.0, "every 32-bit state",
       "Decimal, or hex with 0x: the 32-bit starting state, any value."},
      {"randu", "IBM RANDU a=65539 mod 2^31; 31-bit outputs", "lcg32", "preset", "randu", 31, 0, 1, 0x7FFFFFFFu, 1, 31,
       log2_all_but_zero(31), "every 31-bit state except 0",
       "Decimal, or hex with 0x: the 31-bit starting state, not 0 (with c = 0, zero stays zero)."},
      {"glibc", "glibc srand()/rand() (seed 001); 31-bit outputs", "glibc", "", "", 31, 0, 0, 0xFFFFFFFFu, 1, 992,
       log2_all_but_zero(32), "srand() takes 32 bits and srand(0) = srand(1)",
       "Decimal, or hex with 0x: the srand() argument, 32 bits (srand(0) acts as srand(1))."},
      {"splitmix64", "SplitMix64; 64-bit outputs", "splitmix64", "", "", 64, 0, 0, ~std::uint64_t{0}, 1, 64, 64.0,
       "every 64-bit counter", "Decimal, or hex with 0x: the 64-bit starting counter, any value."},
      {"xoshiro256ss", "xoshiro256** seeded by SplitMix64; 64-bit outputs", "xoshiro256ss", "", "", 64, 0, 0,
       ~std::uint64_t{0}, 1, 256, 64.0, "256 bits of state, but only a 64-bit seed reaches it",
       "Decimal, or hex with 0x: a 64-bit seed, spread over the 256-bit state by SplitMix64."},
      {"pcg32", "PCG32 (XSH RR), stream 0; 32-bit outputs", "pcg32", "", "", 32, 0, 0, ~std::uint64_t{0}, 1, 64, 64.0,
       "a 64-bit initstate (the stream is fixed)", "Decimal, or hex with 0x: the 64-bit initstate (stream 0)."},
      // Appended: the Dice lab's other generators, then the small generators of
      // 8-bit code (core/gen/generator_presets.hpp), from the starting states
      // their sources print where they print one.
      {"fibonacci", "Fibonacci LFSR, 32 bits, taps x^32+x^22+x^2+x+1; 8-bit outputs", "fibonacci", "taps", "00400007",
       8, 8, 1, 0xFFFFFFFFu, 0xDEADBEEF, 32, log2_all_but_zero(32), "every 32-bit register except 0",
       "Decimal, or hex with 0x: the 32-bit register, not 0 (an all-zero register never changes)."},
      {"msvc", "MSVC's LCG a=214013 c=2531011 (its whole state, not rand()'s 15 bits); 32-bit outputs", "lcg32",
       "preset", "msvc", 32, 0, 0, 0xFFFFFFFFu, 1, 32, 32.0, "every 32-bit state",
       "Decimal, or hex with 0x: the 32-bit starting state, any value."},
      {"galois8", "8-bit Galois LFSR, taps B8 (8,6,5,4); 8-bit outputs", "galois8", "", "", 8, 2, 1, 0xFF, 1, 8,
       log2_all_but_zero(8), "every 8-bit register except 0",
       "Decimal, or hex with 0x: the 8-bit register, 1 to 255 (0 is a fixed point)."},
      {"galois16", "16-bit Galois LFSR, taps B400 (Wikipedia's example); 8-bit outputs", "galois16", "", "", 8, 4, 1,
       0xFFFF, 0xACE1, 16, log2_all_but_zero(16), "every 16-bit register except 0",
       "Decimal, or hex with 0x: the 16-bit register, 1 to 65535 (0 is a fixed point; 0xACE1 is Wikipedia's "
       "start)."},
      {"fibonacci8", "8-bit Fibonacci LFSR, taps 1D (8,6,5,4); 8-bit outputs", "fibonacci8", "", "", 8, 2, 1, 0xFF, 1,
       8, log2_all_but_zero(8), "every 8-bit register except 0",
       "Decimal, or hex with 0x: the 8-bit register, 1 to 255 (0 is a fixed point)."},
      {"fibonacci16", "16-bit Fibonacci LFSR, taps 2D (Wikipedia's example); 8-bit outputs", "fibonacci16", "", "", 8,
       4, 1, 0xFFFF, 0xACE1, 16, log2_all_but_zero(16), "every 16-bit register except 0",
       "Decimal, or hex with 0x: the 16-bit register, 1 to 65535 (0 is a fixed point; 0xACE1 is Wikipedia's "
       "start)."},
      {"xorshift16", "16-bit xorshift 7,9,8 (Metcalf); 16-bit outputs", "xorshift16", "", "", 16, 4, 1, 0xFFFF, 1, 16,
       log2_all_but_zero(16), "every 16-bit word except 0",
       "Decimal, or hex with 0x: the 16-bit word, 1 to 65535 (0 is a fixed point; 1 is Metcalf's start)."},
      {"xorshift32", "32-bit xorshift 13,17,5 (Marsaglia 2003); 32-bit outputs", "xorshift32", "", "", 32, 8, 1,
       0xFFFFFFFFu, 2463534242u, 32, log2_all_but_zero(32), "every 32-bit word except 0",
       "Decimal, or hex with 0x: the 32-bit word, not 0 (0 is a fixed point; 2463534242 is Marsaglia's start)."},
      {"lcg8", "8-bit LCG 5x+1 mod 2^8 (CPCWiki); 8-bit outputs", "lcg8", "", "", 8, 0, 0, 0xFF, 1, 8, 8.0,
       "every 8-bit state", "Decimal, or hex with 0x: the 8-bit starting state, 0 to 255 (any value: c = 1)."},
      {"lcg16", "16-bit LCG 5x+13841 mod 2^16 (6502 GETRAND); 16-bit outputs", "lcg16", "", "", 16, 0, 0, 0xFFFF, 1, 16,
       16.0, "every 16-bit state",
       "Decimal, or hex with 0x: the 16-bit starting state, 0 to 65535 (any value: c = 13841)."},
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
  if (!info->fixed_key.empty()) params[std::string(info->fixed_key)] = std::string(info->fixed_value);
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
