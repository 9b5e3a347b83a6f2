#include "core/gen/generators.hpp"

#include <type_traits>
#include <utility>

#include "core/base/parse.hpp"
#include "core/gen/generator_presets.hpp"

namespace shufflelab {

namespace {

// User text echoed in a message: short and printable.
std::string printable(std::string_view text) {
  std::string out(text.substr(0, 24));
  for (char& ch : out)
    if (ch < 0x20 || ch > 0x7e) ch = '?';
  return text.size() > 24 ? out + "..." : out;
}

std::string_view strip_hex_prefix(std::string_view text) {
  if (text.size() >= 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) text.remove_prefix(2);
  return text;
}

// `count` words of `digits` hex digits each, written back to back, first word first.
Result<std::vector<std::uint64_t>> parse_hex_words(std::string_view field, std::string_view text, std::size_t count,
                                                   std::size_t digits) {
  using R = Result<std::vector<std::uint64_t>>;
  const std::string_view body = strip_hex_prefix(text);
  if (body.size() != count * digits)
    return R::fail(std::string(field) + ": expected exactly " + std::to_string(count * digits) + " hex digits, got " +
                   std::to_string(body.size()));
  std::vector<std::uint64_t> words;
  words.reserve(count);
  for (std::size_t i = 0; i < count; ++i) {
    auto word = parse_hex(field, body.substr(i * digits, digits), static_cast<int>(digits));
    if (!word) return R::fail(word.error());
    words.push_back(*word);
  }
  return R::ok(std::move(words));
}

Result<std::uint64_t> parse_fixed_hex(std::string_view field, std::string_view text, std::size_t digits) {
  auto words = parse_hex_words(field, text, 1, digits);
  if (!words) return Result<std::uint64_t>::fail(words.error());
  return Result<std::uint64_t>::ok(words->front());
}

// Decimal, or hex with a 0x prefix.
Result<std::uint64_t> parse_number(std::string_view field, std::string_view text, std::uint64_t max) {
  if (strip_hex_prefix(text).size() == text.size()) return parse_decimal(field, text, 0, max);
  auto value = parse_hex(field, text, 16);
  if (value && *value > max)
    return Result<std::uint64_t>::fail(std::string(field) + ": " + std::string(text) + " is above " +
                                       std::to_string(max));
  return value;
}

int register_digits(int width) { return (width + 3) / 4; }

// An LFSR register typed as hex: up to ceil(width/4) digits for a seed, exactly
// that many for a state string; never zero, never wider than the register.
Result<std::uint64_t> parse_register(std::string_view field, int width, std::string_view text, bool exact) {
  using R = Result<std::uint64_t>;
  const int digits = register_digits(width);
  auto value = exact ? parse_fixed_hex(field, text, static_cast<std::size_t>(digits)) : parse_hex(field, text, digits);
  if (!value) return value;
  if (*value & ~width_mask(width))
    return R::fail(std::string(field) + ": has bits above the " + std::to_string(width) + "-bit register");
  if (*value == 0) return R::fail(std::string(field) + " must not be zero: an all-zero register stays zero forever");
  return value;
}

Result<std::uint64_t> check_taps(std::string_view field, int width, std::uint64_t taps) {
  if (taps & ~width_mask(width))
    return Result<std::uint64_t>::fail(std::string(field) + ": has bits above the " + std::to_string(width) +
                                       "-bit register");
  return Result<std::uint64_t>::ok(taps);
}

Result<Z80Lfsr> z80_from_text(std::string_view field, std::string_view text) {
  auto value = parse_fixed_hex(field, text, 16);
  if (!value) return Result<Z80Lfsr>::fail(value.error() + " (byte +0 first)");
  if (*value == 0)
    return Result<Z80Lfsr>::fail(std::string(field) + " must not be zero: an all-zero register stays zero forever");
  return Result<Z80Lfsr>::ok(Z80Lfsr::from_packed(*value));
}

Result<Lcg32> lcg_from_state(const Lcg32& config, std::string_view field, std::uint64_t value) {
  if (value > width_mask(config.modulus_bits))
    return Result<Lcg32>::fail(std::string(field) + ": must be below 2^" + std::to_string(config.modulus_bits) +
                               " (the modulus)");
  if (value == 0 && config.c == 0)
    return Result<Lcg32>::fail(std::string(field) + " must not be zero when c = 0: the generator would stay at 0");
  Lcg32 g = config;
  g.state = static_cast<std::uint32_t>(value);
  return Result<Lcg32>::ok(g);
}

// The Galois register after 8 bit-steps depends on its low byte only through
// an XOR term (the bits that fall out during those steps are bits 0..7, and
// higher bits just move down), so a byte-at-a-time table replaces 8 steps.
void fill_galois(GaloisLfsr& g, std::uint8_t* out, std::size_t count) {
  if (count < 256) {
    for (std::size_t i = 0; i < count; ++i) out[i] = g.next_byte();
    return;
  }
  std::array<std::uint64_t, 256> low_byte_term{};
  for (std::size_t b = 0; b < 256; ++b) {
    GaloisLfsr probe{g.width, g.taps, b};
    for (int i = 0; i < 8; ++i) probe.step_bit();
    low_byte_term[b] = probe.state;
  }
  std::uint64_t state = g.state;
  if (g.width >= 8) {
    const int top_shift = g.width - 8;
    for (std::size_t i = 0; i < count; ++i) {
      state = (state >> 8) ^ low_byte_term[static_cast<std::size_t>(state & 0xff)];
      out[i] = static_cast<std::uint8_t>(state >> top_shift);
    }
  } else {
    for (std::size_t i = 0; i < count; ++i) {
      state = low_byte_term[static_cast<std::size_t>(state)];
      out[i] = static_cast<std::uint8_t>(state);
    }
  }
  g.state = state;
}

// Z80Lfsr::next_byte() with the 8 bytes in one word (byte +i at bits 8i..8i+7),
// so the LDDR move becomes one shift.
void fill_z80(Z80Lfsr& g, std::uint8_t* out, std::size_t count) {
  std::uint64_t bytes = 0;
  for (std::size_t i = 8; i-- > 0;) bytes = (bytes << 8) | g.seed[i];
  for (std::size_t i = 0; i < count; ++i) {
    const auto x = static_cast<std::uint32_t>(bytes >> 32);
    const auto r = static_cast<std::uint8_t>((x >> 24) ^ (x >> 21) ^ (x >> 20) ^ (x >> 12) ^ (x >> 3));
    bytes = (bytes << 8) | r;
    out[i] = r;
  }
  for (std::size_t i = 0; i < 8; ++i, bytes >>= 8) g.seed[i] = static_cast<std::uint8_t>(bytes);
}

template <typename G>
std::uint32_t next_u32_of(G& g) {
  if constexpr (requires { g.next_u32(); }) {
    return g.next_u32();
  } else {
    std::uint32_t word = 0;
    for (int i = 0; i < 4; ++i) word = (word << 8) | g.next_byte();
    return word;
  }
}

const GeneratorParams::mapped_type* find_param(const GeneratorParams& params, std::string_view key) {
  auto it = params.find(key);
  return it == params.end() ? nullptr : &it->second;
}

using GenResult = Result<ByteGenerator>;

template <typename T>
GenResult lift(Result<T> r) {
  if (!r) return GenResult::fail(r.error());
  return GenResult::ok(ByteGenerator(std::move(r.value())));
}

GenResult build_tarot(const GeneratorParams& p) {
  int width = 32;
  if (auto* w = find_param(p, "width")) {
    auto r = parse_decimal("width", *w, kMinLfsrWidth, kMaxLfsrWidth);
    if (!r) return GenResult::fail(r.error());
    width = static_cast<int>(*r);
  }
  const auto* mask_text = find_param(p, "mask");
  const auto* taps_text = find_param(p, "taps");
  if (mask_text && taps_text) return GenResult::fail("give mask or taps, not both");
  std::uint64_t taps = tarot_taps(width, 0xCF);
  if (mask_text) {
    auto m = parse_hex("mask", *mask_text, 2);
    if (!m) return GenResult::fail(m.error());
    taps = tarot_taps(width, *m);
  } else if (taps_text) {
    auto t = parse_hex("taps", *taps_text, 16);
    if (t) t = check_taps("taps", width, *t);
    if (!t) return GenResult::fail(t.error());
    taps = *t;
  }
  const auto* state_text = find_param(p, "state");
  auto reg = state_text ? parse_register("state", width, *state_text, true)
                        : parse_register("seed", width, *find_param(p, "seed"), false);
  if (!reg) return GenResult::fail(reg.error());
  return GenResult::ok(ByteGenerator(GaloisLfsr{width, taps, *reg}));
}

GenResult build_z80(const GeneratorParams& p) {
  const auto* state_text = find_param(p, "state");
  return lift(state_text ? z80_from_text("state", *state_text) : z80_from_text("seed", *find_param(p, "seed")));
}

GenResult build_fibonacci(const GeneratorParams& p) {
  int width = 32;
  if (auto* w = find_param(p, "width")) {
    auto r = parse_decimal("width", *w, kMinLfsrWidth, kMaxLfsrWidth);
    if (!r) return GenResult::fail(r.error());
    width = static_cast<int>(*r);
  }
  const auto* taps_text = find_param(p, "taps");
  if (!taps_text) return GenResult::fail("fibonacci needs taps (hex; bit i set = state bit i feeds the parity)");
  auto taps = parse_hex("taps", *taps_text, 16);
  if (taps) taps = check_taps("taps", width, *taps);
  if (!taps) return GenResult::fail(taps.error());
  const auto* state_text = find_param(p, "state");
  auto reg = state_text ? parse_register("state", width, *state_text, true)
                        : parse_register("seed", width, *find_param(p, "seed"), false);
  if (!reg) return GenResult::fail(reg.error());
  return GenResult::ok(ByteGenerator(FibonacciLfsr{width, *taps, *reg}));
}

GenResult build_lcg(const GeneratorParams& p) {
  const auto* preset_text = find_param(p, "preset");
  const auto* a_text = find_param(p, "a");
  const auto* c_text = find_param(p, "c");
  Lcg32 config;
  if (preset_text) {
    if (a_text || c_text) return GenResult::fail("give preset or a and c, not both");
    const LcgPreset* found = nullptr;
    for (const auto& preset : kLcgPresets)
      if (preset.name == *preset_text) found = &preset;
    if (!found)
      return GenResult::fail("preset: unknown \"" + printable(*preset_text) +
                             "\" (onechip, randu, msvc, cpc8 or getrand16)");
    config = Lcg32{found->a, found->c, found->modulus_bits, 0};
  } else {
    if (!a_text || !c_text) return GenResult::fail("lcg32 needs preset (onechip, randu, msvc) or both a and c");
    auto a = parse_number("a", *a_text, 0xffffffffu);
    if (!a) return GenResult::fail(a.error());
    auto c = parse_number("c", *c_text, 0xffffffffu);
    if (!c) return GenResult::fail(c.error());
    config = Lcg32{static_cast<std::uint32_t>(*a), static_cast<std::uint32_t>(*c), 32, 0};
  }
  if (const auto* state_text = find_param(p, "state")) return lift(with_state(config, *state_text));
  auto seed = parse_number("seed", *find_param(p, "seed"), 0xffffffffu);
  if (!seed) return GenResult::fail(seed.error());
  return lift(lcg_from_state(config, "seed", *seed));
}

int lcg_state_digits(const Lcg32& g) { return g.modulus_bits <= 8 ? 2 : g.modulus_bits <= 16 ? 4 : 8; }

GenResult build_xorshift(const GeneratorParams& p) {
  std::uint64_t width = 32;
  if (const auto* w = find_param(p, "width")) {
    auto r = parse_decimal("width", *w, 16, 32);
    if (!r) return GenResult::fail(r.error());
    width = *r;
  }
  auto config = make_xorshift(static_cast<int>(width), 1);
  if (!config) return GenResult::fail(config.error());
  if (const auto* state_text = find_param(p, "state")) return lift(with_state(*config, *state_text));
  auto seed = parse_register("seed", config->width, *find_param(p, "seed"), false);
  if (!seed) return GenResult::fail(seed.error());
  return lift(make_xorshift(config->width, *seed));
}

GenResult build_glibc(const GeneratorParams& p) {
  GlibcGenerator config{GlibcRand(1)};
  if (const auto* state_text = find_param(p, "state")) return lift(with_state(config, *state_text));
  auto seed = parse_number("seed", *find_param(p, "seed"), 0xffffffffu);
  if (!seed) return GenResult::fail(seed.error());
  return GenResult::ok(ByteGenerator(GlibcGenerator{GlibcRand(static_cast<std::uint32_t>(*seed))}));
}

GenResult build_splitmix(const GeneratorParams& p) {
  if (const auto* state_text = find_param(p, "state")) return lift(with_state(SplitMix64{}, *state_text));
  auto seed = parse_number("seed", *find_param(p, "seed"), ~std::uint64_t{0});
  if (!seed) return GenResult::fail(seed.error());
  return GenResult::ok(ByteGenerator(SplitMix64{*seed}));
}

GenResult build_xoshiro(const GeneratorParams& p) {
  if (const auto* state_text = find_param(p, "state")) return lift(with_state(Xoshiro256ss{}, *state_text));
  auto seed = parse_number("seed", *find_param(p, "seed"), ~std::uint64_t{0});
  if (!seed) return GenResult::fail(seed.error());
  return GenResult::ok(ByteGenerator(Xoshiro256ss::from_seed(*seed)));
}

GenResult build_pcg(const GeneratorParams& p) {
  std::uint64_t stream = 0;
  if (const auto* stream_text = find_param(p, "stream")) {
    auto s = parse_number("stream", *stream_text, ~std::uint64_t{0});
    if (!s) return GenResult::fail(s.error());
    stream = *s;
  }
  if (const auto* state_text = find_param(p, "state")) {
    Pcg32 config;
    config.inc = (stream << 1) | 1;
    return lift(with_state(config, *state_text));
  }
  auto seed = parse_number("seed", *find_param(p, "seed"), ~std::uint64_t{0});
  if (!seed) return GenResult::fail(seed.error());
  return GenResult::ok(ByteGenerator(Pcg32::from_seed(*seed, stream)));
}

using Builder = GenResult (*)(const GeneratorParams&);
// Same order as generator_catalog() and ByteGenerator::Engine.
constexpr std::array<Builder, 9> kBuilders{build_tarot, build_z80,      build_fibonacci, build_lcg,     build_glibc,
                                           build_splitmix, build_xoshiro, build_pcg,    build_xorshift};

}  // namespace

// ---------------------------------------------------------------------------

Result<FibonacciLfsr> make_fibonacci_lfsr(int width, std::uint64_t taps, std::uint64_t seed) {
  using R = Result<FibonacciLfsr>;
  if (width < kMinLfsrWidth || width > kMaxLfsrWidth)
    return R::fail("width must be between " + std::to_string(kMinLfsrWidth) + " and " +
                   std::to_string(kMaxLfsrWidth) + ", got " + std::to_string(width));
  if (auto t = check_taps("taps", width, taps); !t) return R::fail(t.error());
  if (seed & ~width_mask(width)) return R::fail("seed: has bits above the " + std::to_string(width) + "-bit register");
  if (seed == 0) return R::fail("seed must not be zero: an all-zero register stays zero forever");
  return R::ok(FibonacciLfsr{width, taps, seed});
}

Result<Lcg32> make_lcg32(std::uint32_t a, std::uint32_t c, int modulus_bits, std::uint32_t seed) {
  if (modulus_bits != 8 && modulus_bits != 16 && modulus_bits != 31 && modulus_bits != 32)
    return Result<Lcg32>::fail("the LCG modulus must be 2^8, 2^16, 2^31 or 2^32");
  return lcg_from_state(Lcg32{a, c, modulus_bits, 0}, "seed", seed);
}

Result<Xorshift> make_xorshift(int width, std::uint64_t seed) {
  using R = Result<Xorshift>;
  for (const XorshiftTriple& t : kXorshiftTriples) {
    if (t.width != width) continue;
    if (seed & ~width_mask(width)) return R::fail("seed: has bits above the " + std::to_string(width) + "-bit word");
    if (seed == 0) return R::fail("seed must not be zero: xorshift maps zero to zero forever");
    return R::ok(Xorshift{t.width, t.a, t.b, t.c, static_cast<std::uint32_t>(seed)});
  }
  return R::fail("width: xorshift here is 16 or 32 bits, got " + std::to_string(width));
}

Xoshiro256ss Xoshiro256ss::from_seed(std::uint64_t seed) {
  SplitMix64 expander{seed};
  Xoshiro256ss g;
  for (auto& word : g.s) word = expander.next();
  return g;
}

Pcg32 Pcg32::from_seed(std::uint64_t initstate, std::uint64_t initseq) {
  Pcg32 g;
  g.state = 0;
  g.inc = (initseq << 1) | 1;
  g.next();
  g.state += initstate;
  g.next();
  return g;
}

std::string state_string(const GaloisLfsr& g) { return format_hex_upper(g.state, register_digits(g.width)); }
std::string state_string(const Z80Lfsr& g) { return format_hex_upper(g.packed(), 16); }
std::string state_string(const FibonacciLfsr& g) { return format_hex_upper(g.state, register_digits(g.width)); }
std::string state_string(const Lcg32& g) { return format_hex_upper(g.state, lcg_state_digits(g)); }
std::string state_string(const Xorshift& g) { return format_hex_upper(g.state, register_digits(g.width)); }
std::string state_string(const GlibcGenerator& g) {
  std::string out;
  for (std::uint32_t word : g.rand.window()) out += format_hex_upper(word, 8);
  return out;
}
std::string state_string(const SplitMix64& g) { return format_hex_upper(g.state, 16); }
std::string state_string(const Xoshiro256ss& g) {
  std::string out;
  for (std::uint64_t word : g.s) out += format_hex_upper(word, 16);
  return out;
}
std::string state_string(const Pcg32& g) { return format_hex_upper(g.state, 16); }

Result<GaloisLfsr> with_state(const GaloisLfsr& config, std::string_view text) {
  auto reg = parse_register("state", config.width, text, true);
  if (!reg) return Result<GaloisLfsr>::fail(reg.error());
  return Result<GaloisLfsr>::ok(GaloisLfsr{config.width, config.taps, *reg});
}

Result<Z80Lfsr> with_state(const Z80Lfsr&, std::string_view text) { return z80_from_text("state", text); }

Result<FibonacciLfsr> with_state(const FibonacciLfsr& config, std::string_view text) {
  auto reg = parse_register("state", config.width, text, true);
  if (!reg) return Result<FibonacciLfsr>::fail(reg.error());
  return Result<FibonacciLfsr>::ok(FibonacciLfsr{config.width, config.taps, *reg});
}

Result<Lcg32> with_state(const Lcg32& config, std::string_view text) {
  auto value = parse_fixed_hex("state", text, static_cast<std::size_t>(lcg_state_digits(config)));
  if (!value) return Result<Lcg32>::fail(value.error());
  return lcg_from_state(config, "state", *value);
}

Result<GlibcGenerator> with_state(const GlibcGenerator&, std::string_view text) {
  using R = Result<GlibcGenerator>;
  auto words = parse_hex_words("state", text, GlibcRand::kWords, 8);
  if (!words) return R::fail(words.error());
  GlibcRand::Window window{};
  bool all_zero = true;
  for (std::size_t i = 0; i < GlibcRand::kWords; ++i) {
    window[i] = static_cast<std::uint32_t>((*words)[i]);
    all_zero = all_zero && window[i] == 0;
  }
  if (all_zero) return R::fail("state must not be all zero: the generator would return 0 forever");
  return R::ok(GlibcGenerator{GlibcRand::from_window(window)});
}

Result<SplitMix64> with_state(const SplitMix64&, std::string_view text) {
  auto value = parse_fixed_hex("state", text, 16);
  if (!value) return Result<SplitMix64>::fail(value.error());
  return Result<SplitMix64>::ok(SplitMix64{*value});
}

Result<Xoshiro256ss> with_state(const Xoshiro256ss&, std::string_view text) {
  using R = Result<Xoshiro256ss>;
  auto words = parse_hex_words("state", text, 4, 16);
  if (!words) return R::fail(words.error());
  Xoshiro256ss g;
  for (std::size_t i = 0; i < 4; ++i) g.s[i] = (*words)[i];
  if ((g.s[0] | g.s[1] | g.s[2] | g.s[3]) == 0)
    return R::fail("state must not be all zero: xoshiro256** would return 0 forever");
  return R::ok(g);
}

Result<Xorshift> with_state(const Xorshift& config, std::string_view text) {
  auto value = parse_register("state", config.width, text, true);
  if (!value) return Result<Xorshift>::fail(value.error());
  return make_xorshift(config.width, *value);
}

Result<Pcg32> with_state(const Pcg32& config, std::string_view text) {
  auto value = parse_fixed_hex("state", text, 16);
  if (!value) return Result<Pcg32>::fail(value.error());
  Pcg32 g = config;
  g.state = *value;
  return Result<Pcg32>::ok(g);
}

// ---------------------------------------------------------------------------

const std::vector<GeneratorInfo>& generator_catalog() {
  static const std::vector<GeneratorInfo> catalog{
      {"tarot32",
       "Game Boy tarot Galois LFSR (seed 000): shift right, XOR the taps in when a 1 falls out; "
       "byte = top byte after 8 shifts",
       {{"width", "register width 4..64 (default 32)"},
        {"mask", "top-byte tap mask, 1-2 hex digits (default CF)"},
        {"taps", "full-width tap mask in hex, instead of mask"},
        {"seed", "register in hex, up to width bits, not zero"},
        {"state", "register as exactly ceil(width/4) hex digits, instead of seed"}}},
      {"z80",
       "Z80 LFSR routine (seed 002): 8-byte shift register, one byte per call",
       {{"seed", "_LFSRSeed+0..+7 as exactly 16 hex digits, byte +0 first, not all zero"},
        {"state", "same format as seed"}}},
      {"fibonacci",
       "Fibonacci LFSR: parity of (state & taps) enters at the top, bit 0 falls out; "
       "byte = next 8 fallen bits, first in bit 0",
       {{"width", "register width 4..64 (default 32)"},
        {"taps", "hex; bit i set = state bit i feeds the parity (required)"},
        {"seed", "register in hex, up to width bits, not zero"},
        {"state", "register as exactly ceil(width/4) hex digits, instead of seed"}}},
      {"lcg32",
       "32-bit LCG n' = a n + c; byte = top 8 bits of the state",
       {{"preset", "onechip (a=1664525 c=1013904223), randu (a=65539 c=0 mod 2^31), msvc (a=214013 c=2531011), "
                   "cpc8 (a=5 c=1 mod 2^8) or getrand16 (a=5 c=13841 mod 2^16)"},
        {"a", "multiplier, instead of preset"},
        {"c", "increment, instead of preset"},
        {"seed", "initial state (decimal or 0x hex)"},
        {"state", "state as exactly 8 hex digits, instead of seed"}}},
      {"glibc",
       "glibc srand()/rand() (seed 001); byte = rand() >> 23",
       {{"seed", "the srand() argument 0..4294967295 (0 acts as 1)"},
        {"state", "248 hex digits: the 31 words of the additive generator, oldest first"}}},
      {"splitmix64",
       "SplitMix64; byte = top 8 bits of each 64-bit output",
       {{"seed", "64-bit initial counter (decimal or 0x hex)"}, {"state", "exactly 16 hex digits"}}},
      {"xoshiro256ss",
       "xoshiro256** 1.0; byte = top 8 bits of each 64-bit output",
       {{"seed", "64-bit seed, expanded to 256 bits by SplitMix64"},
        {"state", "exactly 64 hex digits, s[0] first, not all zero"}}},
      {"pcg32",
       "PCG32 (XSH RR, pcg32_srandom_r seeding); byte = top 8 bits of each output",
       {{"seed", "initstate, 64-bit (decimal or 0x hex)"},
        {"stream", "initseq, 64-bit; only its low 63 bits matter (default 0)"},
        {"state", "the 64-bit LCG state as exactly 16 hex digits, instead of seed"}}},
      {"xorshift",
       "xorshift: x ^= x<<a; x ^= x>>b; x ^= x<<c (16-bit 7,9,8 or 32-bit 13,17,5); byte = top 8 bits",
       {{"width", "16 or 32 (default 32)"},
        {"seed", "word in hex, up to width bits, not zero"},
        {"state", "word as exactly width/4 hex digits, instead of seed"}}},
  };
  return catalog;
}

std::string_view ByteGenerator::name() const { return generator_catalog()[engine_.index()].name; }

std::uint8_t ByteGenerator::next_byte() {
  return std::visit([](auto& g) { return g.next_byte(); }, engine_);
}

std::uint32_t ByteGenerator::next_u32() {
  return std::visit([](auto& g) { return next_u32_of(g); }, engine_);
}

void ByteGenerator::fill(std::uint8_t* out, std::size_t count) {
  std::visit(
      [&](auto& g) {
        using T = std::decay_t<decltype(g)>;
        if constexpr (std::is_same_v<T, GaloisLfsr>) {
          fill_galois(g, out, count);
        } else if constexpr (std::is_same_v<T, Z80Lfsr>) {
          fill_z80(g, out, count);
        } else {
          for (std::size_t i = 0; i < count; ++i) out[i] = g.next_byte();
        }
      },
      engine_);
}

std::string ByteGenerator::state_string() const {
  return std::visit([](const auto& g) { return shufflelab::state_string(g); }, engine_);
}

Result<ByteGenerator> ByteGenerator::with_state(std::string_view text) const {
  return std::visit([&](const auto& g) { return lift(shufflelab::with_state(g, text)); }, engine_);
}

GeneratorParams ByteGenerator::params() const {
  GeneratorParams p;
  p["state"] = state_string();
  std::visit(
      [&](const auto& g) {
        using T = std::decay_t<decltype(g)>;
        if constexpr (std::is_same_v<T, GaloisLfsr>) {
          p["width"] = std::to_string(g.width);
          const std::uint64_t mask8 = g.width >= 8 ? g.taps >> (g.width - 8) : g.taps << (8 - g.width);
          if (tarot_taps(g.width, mask8) == g.taps)
            p["mask"] = format_hex_upper(mask8, 2);
          else
            p["taps"] = format_hex_upper(g.taps, register_digits(g.width));
        } else if constexpr (std::is_same_v<T, FibonacciLfsr>) {
          p["width"] = std::to_string(g.width);
          p["taps"] = format_hex_upper(g.taps, register_digits(g.width));
        } else if constexpr (std::is_same_v<T, Lcg32>) {
          for (const auto& preset : kLcgPresets)
            if (preset.a == g.a && preset.c == g.c && preset.modulus_bits == g.modulus_bits) p["preset"] = preset.name;
          if (!p.count("preset")) {
            p["a"] = std::to_string(g.a);
            p["c"] = std::to_string(g.c);
          }
        } else if constexpr (std::is_same_v<T, Pcg32>) {
          p["stream"] = std::to_string(g.inc >> 1);
        } else if constexpr (std::is_same_v<T, Xorshift>) {
          p["width"] = std::to_string(g.width);
        }
      },
      engine_);
  return p;
}

Result<ByteGenerator> make_generator(std::string_view name, const GeneratorParams& params) {
  if (const GeneratorPreset* preset = find_generator_preset(name)) {
    GeneratorParams full;
    for (const auto& [key, value] : params) {
      if (key != "seed" && key != "state")
        return GenResult::fail(std::string(name) + " has no parameter '" + printable(key) + "' (it takes: seed, state)");
      full[key] = value;
    }
    for (const auto& [key, value] : preset->params) full[std::string(key)] = std::string(value);
    return make_generator(preset->base, full);
  }
  const auto& catalog = generator_catalog();
  std::string names;
  for (std::size_t i = 0; i < catalog.size(); ++i) {
    const GeneratorInfo& info = catalog[i];
    names += (i ? ", " : "") + std::string(info.name);
    if (info.name != name) continue;
    std::string keys;
    for (const auto& param : info.params) keys += (keys.empty() ? "" : ", ") + std::string(param.key);
    for (const auto& [key, value] : params) {
      bool known = false;
      for (const auto& param : info.params) known = known || param.key == key;
      if (!known)
        return GenResult::fail(std::string(name) + " has no parameter '" + printable(key) + "' (it takes: " + keys +
                               ")");
    }
    const bool has_seed = params.count("seed") != 0;
    const bool has_state = params.count("state") != 0;
    if (has_seed && has_state) return GenResult::fail("give seed or state, not both");
    if (!has_seed && !has_state) return GenResult::fail(std::string(name) + " needs a seed (or a state)");
    return kBuilders[i](params);
  }
  for (const auto& preset : generator_presets()) names += ", " + std::string(preset.name);
  return GenResult::fail("unknown generator \"" + printable(name) + "\" (one of: " + names + ")");
}

}  // namespace shufflelab
