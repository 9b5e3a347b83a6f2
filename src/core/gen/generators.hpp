// generators.hpp: every bit source the labs can feed from, behind one
// ByteGenerator: the tarot Galois LFSR (seed 000), the Z80 LFSR (seed 002), a
// Fibonacci LFSR, 32-bit LCGs (One Chip Video Poker of seed 004, RANDU, MSVC
// rand), glibc rand() (seed 001), SplitMix64, xoshiro256** and PCG32.
//
// One call = one native step. next_byte() is the article's byte for the LFSRs
// and the 8 most significant output bits for the others; next_u32() is the
// generator's 32-bit word (see each type) or, for byte-native LFSRs, four
// bytes with the first one most significant. fill(out, n) == n next_byte().
// State strings are fixed-width uppercase hex of the evolving state only;
// configuration (width, taps, LCG constants, PCG stream) travels in params().
// Algorithms as published: SplitMix64 and xoshiro256** (Vigna, Blackman; the
// xoshiro authors seed its state from SplitMix64), PCG32 = pcg32_random_r and
// pcg32_srandom_r of pcg-c-basic (O'Neill), RANDU (IBM SSP, mod 2^31),
// MSVC rand (a = 214013, c = 2531011), Numerical Recipes' ranqd1 constants.
#pragma once
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "core/gen/glibc_rand.hpp"
#include "core/gen/lfsr.hpp"
#include "core/base/result.hpp"
#include "core/gen/z80_lfsr.hpp"

namespace shufflelab {

// Right-shifting Fibonacci LFSR. Each bit-step the parity of (state & taps)
// enters at the top (bit width-1) while bit 0 falls out; the fallen bits are
// the output sequence, so b[n + width] = XOR of b[n + i] over the taps bits i
// (polynomial x^width + sum x^i). next_byte() packs the next 8 fallen bits,
// the first one in bit 0. Taps without bit 0 lose information each step.
struct FibonacciLfsr {
  int width = 32;
  std::uint64_t taps = 0;
  std::uint64_t state = 1;  // never zero

  int step_bit() {
    const int out = static_cast<int>(state & 1);
    const auto feedback = static_cast<std::uint64_t>(std::popcount(state & taps) & 1);
    state = (state >> 1) | (feedback << (width - 1));
    return out;
  }
  std::uint8_t next_byte() {
    unsigned byte = 0;
    for (int i = 0; i < 8; ++i) byte |= static_cast<unsigned>(step_bit()) << i;
    return static_cast<std::uint8_t>(byte);
  }
};

Result<FibonacciLfsr> make_fibonacci_lfsr(int width, std::uint64_t taps, std::uint64_t seed);

// n' = a n + c mod 2^modulus_bits. modulus_bits is 32, or 31 for RANDU, which
// IBM defined mod 2^31 (it is not a mod-2^32 generator with a zero top bit),
// or 8 / 16 for the small LCGs of 8-bit code (core/gen/generator_presets).
// next() returns the new state; next_byte() its top 8 bits; next_u32() the
// state shifted so its top bit is bit 31 (for RANDU bit 0 is then always 0);
// for 8 and 16 bits, four next_byte() with the first one most significant.
// Low bits of any power-of-two LCG are weak: bit k repeats every 2^(k+1).
struct Lcg32 {
  std::uint32_t a = 1664525;
  std::uint32_t c = 1013904223;
  int modulus_bits = 32;
  std::uint32_t state = 0;

  std::uint32_t next() {
    state = (a * state + c) & static_cast<std::uint32_t>(width_mask(modulus_bits));
    return state;
  }
  std::uint8_t next_byte() { return static_cast<std::uint8_t>(next() >> (modulus_bits - 8)); }
  std::uint32_t next_u32() {
    if (modulus_bits >= 31) return next() << (32 - modulus_bits);
    std::uint32_t word = 0;
    for (int i = 0; i < 4; ++i) word = (word << 8) | next_byte();
    return word;
  }
};

struct LcgPreset {
  std::string_view name;
  std::uint32_t a;
  std::uint32_t c;
  int modulus_bits;
};
// "onechip" (One Chip Video Poker = Numerical Recipes ranqd1), "randu", "msvc";
// appended: "cpc8" and "getrand16" (sources in core/gen/generator_presets.hpp).
inline constexpr std::array<LcgPreset, 5> kLcgPresets{{
    {"onechip", 1664525, 1013904223, 32},
    {"randu", 65539, 0, 31},
    {"msvc", 214013, 2531011, 32},
    {"cpc8", 5, 1, 8},
    {"getrand16", 5, 13841, 16},
}};

// Refuses a modulus other than 2^8, 2^16, 2^31 or 2^32, a seed wider than the
// modulus, and seed 0 when c = 0 (stuck at 0).
// RANDU was specified for odd seeds; even ones are allowed here, and show why.
Result<Lcg32> make_lcg32(std::uint32_t a, std::uint32_t c, int modulus_bits, std::uint32_t seed);

// What MSVC's rand() returns after its state has advanced: bits 16..30.
constexpr std::uint32_t msvc_rand_bits(std::uint32_t state) { return (state >> 16) & 0x7fff; }

// glibc rand() as a byte source: next_byte() = rand() >> 23 (its top 8 of 31
// bits, what float scaling like rand() / RAND_MAX mostly looks at);
// next_u32() = rand() << 1 (31 bits, bit 0 always 0).
struct GlibcGenerator {
  GlibcRand rand;

  std::uint8_t next_byte() { return static_cast<std::uint8_t>(rand.next() >> 23); }
  std::uint32_t next_u32() { return static_cast<std::uint32_t>(rand.next()) << 1; }
};

// SplitMix64: a Weyl counter through a 64-bit mixer; any seed works.
// next_u32() = top 32 bits of next(), next_byte() = top 8. The counter after
// k outputs is seed + k * kSplitMix64Increment (jump-ahead for free).
constexpr std::uint64_t kSplitMix64Increment = 0x9e3779b97f4a7c15;
struct SplitMix64 {
  std::uint64_t state = 0;

  std::uint64_t next() {
    std::uint64_t z = (state += kSplitMix64Increment);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9;
    z = (z ^ (z >> 27)) * 0x94d049bb133111eb;
    return z ^ (z >> 31);
  }
  std::uint8_t next_byte() { return static_cast<std::uint8_t>(next() >> 56); }
  std::uint32_t next_u32() { return static_cast<std::uint32_t>(next() >> 32); }
};

// xoshiro256** 1.0. from_seed() fills s[0..3] with four SplitMix64 outputs,
// as its authors recommend (never all zero). next_u32() = top 32 bits.
struct Xoshiro256ss {
  std::array<std::uint64_t, 4> s{};

  static Xoshiro256ss from_seed(std::uint64_t seed);
  std::uint64_t next() {
    const std::uint64_t result = std::rotl(s[1] * 5, 7) * 9;
    const std::uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = std::rotl(s[3], 45);
    return result;
  }
  std::uint8_t next_byte() { return static_cast<std::uint8_t>(next() >> 56); }
  std::uint32_t next_u32() { return static_cast<std::uint32_t>(next() >> 32); }
};

// PCG32 (64-bit LCG state, XSH RR output). from_seed(initstate, initseq) is
// pcg32_srandom_r: inc = 2 initseq + 1, so only initseq's low 63 bits matter.
struct Pcg32 {
  std::uint64_t state = 0;
  std::uint64_t inc = 1;  // odd

  static Pcg32 from_seed(std::uint64_t initstate, std::uint64_t initseq);
  std::uint32_t next() {
    const std::uint64_t old = state;
    state = old * 6364136223846793005ULL + inc;
    const auto xorshifted = static_cast<std::uint32_t>(((old >> 18) ^ old) >> 27);
    const auto rot = static_cast<unsigned>(old >> 59);
    return (xorshifted >> rot) | (xorshifted << ((32 - rot) & 31));
  }
  std::uint8_t next_byte() { return static_cast<std::uint8_t>(next() >> 24); }
  std::uint32_t next_u32() { return next(); }
};

// xorshift on a 16- or 32-bit word (Marsaglia 2003): x ^= x << a;
// x ^= x >> b; x ^= x << c, all within the width. The triple is fixed by the
// width (kXorshiftTriples). next() returns the new state; next_byte() its top
// 8 bits; next_u32() the state (32 bits) or two outputs, first in the high half.
// Linear over GF(2); zero is a fixed point and is refused.
struct XorshiftTriple {
  int width, a, b, c;
};
inline constexpr std::array<XorshiftTriple, 2> kXorshiftTriples{{{16, 7, 9, 8}, {32, 13, 17, 5}}};

struct Xorshift {
  int width = 32;
  int a = 13, b = 17, c = 5;
  std::uint32_t state = 1;

  std::uint32_t next() {
    const auto mask = static_cast<std::uint32_t>(width_mask(width));
    std::uint32_t x = state;
    x = (x ^ (x << a)) & mask;
    x ^= x >> b;
    x = (x ^ (x << c)) & mask;
    return state = x;
  }
  std::uint8_t next_byte() { return static_cast<std::uint8_t>(next() >> (width - 8)); }
  std::uint32_t next_u32() {
    if (width == 32) return next();
    const std::uint32_t high = next();
    return (high << 16) | next();
  }
};
// width 16 or 32, seed nonzero and within the width.
Result<Xorshift> make_xorshift(int width, std::uint64_t seed);

// Exact state strings: fixed-width uppercase hex, and their strict parsers
// (exact digit count, no "0x"), which keep the configuration of `config`.
//   GaloisLfsr / FibonacciLfsr: ceil(width/4) digits, not zero
//   Z80Lfsr: 16 digits, byte +0 first, not all zero
//   Lcg32: 8 digits (2 for mod 2^8, 4 for 2^16), below 2^modulus_bits (not zero when c = 0)
//   Xorshift: width/4 digits, not zero
//   GlibcGenerator: 248 digits = 31 words, oldest first, not all zero
//   SplitMix64, Pcg32: 16 digits (Pcg32's inc stays in config)
//   Xoshiro256ss: 64 digits, s[0] first, not all zero
std::string state_string(const GaloisLfsr& g);
std::string state_string(const Z80Lfsr& g);
std::string state_string(const FibonacciLfsr& g);
std::string state_string(const Lcg32& g);
std::string state_string(const GlibcGenerator& g);
std::string state_string(const SplitMix64& g);
std::string state_string(const Xoshiro256ss& g);
std::string state_string(const Pcg32& g);
std::string state_string(const Xorshift& g);
Result<GaloisLfsr> with_state(const GaloisLfsr& config, std::string_view text);
Result<Z80Lfsr> with_state(const Z80Lfsr& config, std::string_view text);
Result<FibonacciLfsr> with_state(const FibonacciLfsr& config, std::string_view text);
Result<Lcg32> with_state(const Lcg32& config, std::string_view text);
Result<GlibcGenerator> with_state(const GlibcGenerator& config, std::string_view text);
Result<SplitMix64> with_state(const SplitMix64& config, std::string_view text);
Result<Xoshiro256ss> with_state(const Xoshiro256ss& config, std::string_view text);
Result<Pcg32> with_state(const Pcg32& config, std::string_view text);
Result<Xorshift> with_state(const Xorshift& config, std::string_view text);

// ---------------------------------------------------------------------------
// The generator menu: names and parameters (text, as typed in a URL, a CLI
// option or a text box). Numbers for the arithmetic generators are decimal or
// 0x-prefixed hex; LFSR registers, masks and taps are hex.
struct GeneratorParamInfo {
  std::string_view key;
  std::string_view help;
};
struct GeneratorInfo {
  std::string_view name;
  std::string_view summary;
  std::vector<GeneratorParamInfo> params;
};
// In ByteGenerator::Engine order: tarot32, z80, fibonacci, lcg32, glibc,
// splitmix64, xoshiro256ss, pcg32, xorshift (appended).
const std::vector<GeneratorInfo>& generator_catalog();

using GeneratorParams = std::map<std::string, std::string, std::less<>>;

class ByteGenerator {
 public:
  using Engine = std::variant<GaloisLfsr, Z80Lfsr, FibonacciLfsr, Lcg32, GlibcGenerator, SplitMix64, Xoshiro256ss,
                              Pcg32, Xorshift>;

  explicit ByteGenerator(Engine engine) : engine_(std::move(engine)) {}

  std::string_view name() const;
  std::uint8_t next_byte();
  std::uint32_t next_u32();
  void fill(std::uint8_t* out, std::size_t count);  // == count next_byte() calls, faster
  std::string state_string() const;
  Result<ByteGenerator> with_state(std::string_view text) const;
  // Canonical parameters (always with "state"): make_generator(name(),
  // params()) continues exactly from here.
  GeneratorParams params() const;
  const Engine& engine() const { return engine_; }

 private:
  Engine engine_;
};

// Builds a generator from its catalog name, or a preset's name
// (core/gen/generator_presets.hpp: then only seed or state), and parameters.
// Exactly one of "seed" and "state" is required; the message names the bad field.
Result<ByteGenerator> make_generator(std::string_view name, const GeneratorParams& params);

}  // namespace shufflelab
