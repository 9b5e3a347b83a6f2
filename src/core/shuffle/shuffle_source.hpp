// shuffle_source.hpp: the draws of a shuffle, made by any generator of the lab
// through any range method (range.hpp) or either Fast Dice Roller (fdr.hpp).
//
// Words: a generator's native output has w bits (8 for the byte-wise LFSRs
// and the 8-bit LCG, 16 for the 16-bit LCG and xorshift16, 31 for glibc rand()
// and RANDU, 32 for the other LCGs, xorshift32 and PCG32, 64 for SplitMix64
// and xoshiro256**). A B-bit word is the top B bits of ceil(B/w)
// consecutive outputs, the first one most significant, so B = 8 on the tarot
// LFSR is its LFSR() byte and B = 31 on glibc is rand() itself. The coin-flip
// rollers read each word's bits least significant first and keep unread bits
// for the next draw (the tarot article's coinFlip).
//
// A draw with bound 1 has a single answer and reads nothing (the tarot roller
// would loop forever on it). `discard` words are thrown away before the first
// draw: shuffle.c's four warm-up rand() calls. So Fisher-Yates + glibc +
// float + 31 bits + discard 4 is exactly seed 001's shuffle.c (tested against
// lin2003_deck). Everything is a pure function of the spec: same spec, same
// draws, on every platform.
#pragma once
#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "core/dice/fdr.hpp"
#include "core/gen/generators.hpp"
#include "core/dice/range.hpp"
#include "core/base/result.hpp"

namespace shufflelab {

// A range method, or a coin-flip roller.
struct DrawMethod {
  enum class Kind : std::uint8_t { range, fdr };
  Kind kind = Kind::range;
  RangeMethod range = RangeMethod::lemire;
  FdrVariant fdr = FdrVariant::published;
  friend bool operator==(const DrawMethod&, const DrawMethod&) = default;
};

struct DrawMethodInfo {
  DrawMethod method;
  std::string_view name;  // link / CLI spelling: range.hpp's names, then "fdr" and "fdr-tarot"
  std::string_view summary;
};
std::span<const DrawMethodInfo> draw_methods();
std::string_view draw_method_name(const DrawMethod& method);
Result<DrawMethod> parse_draw_method(std::string_view field, std::string_view text);

// The lab's generators: a catalog generator (generators.hpp) with its
// configuration fixed, or a preset of core/gen/generator_presets.hpp, started
// from one number.
struct ShuffleGeneratorInfo {
  std::string_view name;     // link / menu name
  std::string_view summary;  // one line for the menu
  std::string_view catalog;  // generator_catalog() or generator_presets() name
  std::string_view fixed_key, fixed_value;  // an extra catalog parameter (lcg32 preset, fibonacci taps), or empty
  unsigned native_bits;      // bits of one native output
  int seed_hex_digits;       // > 0: the catalog wants the seed as exactly this many hex digits
  std::uint64_t min_seed;
  std::uint64_t max_seed;
  std::uint64_t default_seed;
  unsigned state_bits;    // bits of the evolving state
  double seeds_log2;      // log2 of the number of different starting states the seed can give
  std::string_view seeds_note;  // why that number
  std::string_view seed_help;   // what the seed is, for the seed field's help
};
std::span<const ShuffleGeneratorInfo> shuffle_generators();
const ShuffleGeneratorInfo* find_shuffle_generator(std::string_view name);

struct DrawSourceSpec {
  std::string generator = "splitmix64";
  std::uint64_t seed = 1;
  DrawMethod method;
  unsigned bits = 64;
  std::uint32_t discard = 0;  // words thrown away before the first draw
};

// What one draw read, for the animation's "where did this number come from".
struct DrawInput {
  enum class Kind : std::uint8_t { word, rejected, discarded, flip };
  Kind kind = Kind::word;
  std::uint64_t value = 0;  // the B-bit word, or the flip (0/1)
  friend bool operator==(const DrawInput&, const DrawInput&) = default;
};

class DrawSource {
 public:
  static constexpr std::uint32_t kMaxDiscard = 1000;

  // Checks the generator, seed, bits (1..64; the float method needs <= 53)
  // and that the method can serve every bound up to max_bound.
  static Result<DrawSource> make(const DrawSourceSpec& spec, std::uint64_t max_bound);

  std::uint64_t words_read() const { return words_read_; }  // including discarded ones

  // Record every word or flip read from now on (null stops recording).
  void set_trace(std::vector<DrawInput>* trace) { trace_ = trace; }

  // One draw, uniform on [0, bound) as far as the method allows.
  std::uint32_t operator()(std::uint32_t bound);

  // Calls body(draw) once with a draw callable bound to the concrete engine
  // (no per-word dispatch); the state carries over to later calls.
  template <class Body>
  void run(Body&& body);

 private:
  DrawSource(DrawSourceSpec spec, ByteGenerator generator);

  template <class NextNative>
  class Typed {
   public:
    Typed(DrawSource& source, NextNative& next) : source_(source), next_(next) {}
    std::uint32_t operator()(std::uint32_t bound) {
      return source_.trace_ ? source_.draw_with<true>(next_, bound) : source_.draw_with<false>(next_, bound);
    }

   private:
    DrawSource& source_;
    NextNative& next_;
  };

  template <class NextNative>
  std::uint64_t next_word(NextNative& next);
  template <bool kTraced, class NextNative>
  std::uint32_t draw_with(NextNative& next, std::uint32_t bound);
  std::uint64_t next_buffered_byte();

  DrawSourceSpec spec_;
  ByteGenerator generator_;      // byte-native engines are read through its table-driven fill()
  ByteGenerator::Engine engine_;  // the others are stepped here directly
  bool byte_native_;
  unsigned native_bits_;
  unsigned outputs_per_word_;
  unsigned dropped_bits_;  // low bits of the concatenated outputs that are not used
  bool warmed_up_ = false;
  std::uint64_t words_read_ = 0;
  std::uint64_t coin_word_ = 0;
  unsigned coins_left_ = 0;
  std::vector<DrawInput>* trace_ = nullptr;
  std::array<std::uint8_t, 1024> bytes_{};
  std::size_t byte_pos_ = 1024;
};

// ---- template implementation --------------------------------------------
namespace detail {
inline std::uint64_t native_output(Lcg32& g) { return g.next(); }
inline std::uint64_t native_output(GlibcGenerator& g) { return static_cast<std::uint64_t>(g.rand.next()); }
inline std::uint64_t native_output(SplitMix64& g) { return g.next(); }
inline std::uint64_t native_output(Xoshiro256ss& g) { return g.next(); }
inline std::uint64_t native_output(Pcg32& g) { return g.next(); }
inline std::uint64_t native_output(Xorshift& g) { return g.next(); }
template <class ByteEngine>
std::uint64_t native_output(ByteEngine& g) {
  return g.next_byte();
}
}  // namespace detail

template <class NextNative>
std::uint64_t DrawSource::next_word(NextNative& next) {
  ++words_read_;
  if (outputs_per_word_ == 1) return next() >> dropped_bits_;
  WideCount joined = 0;
  for (unsigned k = 0; k < outputs_per_word_; ++k) joined = (joined << native_bits_) | next();
  return static_cast<std::uint64_t>(joined >> dropped_bits_);
}

template <bool kTraced, class NextNative>
std::uint32_t DrawSource::draw_with(NextNative& next, std::uint32_t bound) {
  if (!warmed_up_) {
    warmed_up_ = true;
    for (std::uint32_t k = 0; k < spec_.discard; ++k) {
      const std::uint64_t word = next_word(next);
      if constexpr (kTraced) trace_->push_back({DrawInput::Kind::discarded, word});
    }
  }
  if (bound <= 1) return 0;
  if (spec_.method.kind == DrawMethod::Kind::fdr) {
    // Lumbroso's loop (fdr.hpp) with the coin reservoir in locals: flips are the hot path.
    const std::uint64_t step = spec_.method.fdr == FdrVariant::published ? bound : bound - 1;
    std::uint64_t word = coin_word_, v = 1, c = 0;
    unsigned left = coins_left_;
    for (;;) {
      if (left == 0) {
        word = next_word(next);
        left = spec_.bits;
      }
      const std::uint64_t bit = word & 1;
      word >>= 1;
      --left;
      if constexpr (kTraced) trace_->push_back({DrawInput::Kind::flip, bit});
      v <<= 1;
      c = (c << 1) | bit;
      if (v >= bound) {
        if (c < bound) break;
        v -= step;
        c -= step;
      }
    }
    coin_word_ = word;
    coins_left_ = left;
    return static_cast<std::uint32_t>(c);
  }
  const RangeReducer reducer = RangeReducer::trusted(spec_.method.range, bound, spec_.bits);
  if constexpr (!kTraced) return static_cast<std::uint32_t>(reducer.draw([&] { return next_word(next); }));
  for (;;) {
    const std::uint64_t word = next_word(next);
    const auto value = reducer.map_word(word);
    trace_->push_back({value ? DrawInput::Kind::word : DrawInput::Kind::rejected, word});
    if (value) return static_cast<std::uint32_t>(*value);
  }
}

template <class Body>
void DrawSource::run(Body&& body) {
  if (byte_native_) {
    auto next = [this]() -> std::uint64_t { return next_buffered_byte(); };
    Typed<decltype(next)> draw(*this, next);
    body(draw);
    return;
  }
  std::visit(
      [&](auto& engine) {
        auto next = [&engine]() -> std::uint64_t { return detail::native_output(engine); };
        Typed<decltype(next)> draw(*this, next);
        body(draw);
      },
      engine_);
}

}  // namespace shufflelab
