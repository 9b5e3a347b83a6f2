#include "core/lfsr/lfsr_timeline.hpp"

#include <algorithm>
#include <type_traits>
#include <variant>

namespace shufflelab {

namespace {
constexpr std::uint64_t kPcgMultiplier = 6364136223846793005ULL;

LinearMap fibonacci_map(int width, std::uint64_t taps) {
  return linear_map_from(width, [&](std::uint64_t s) {
    FibonacciLfsr f{width, taps, s};
    f.step_bit();
    return f.state;
  });
}
}  // namespace

void step_engine(Engine& engine, std::uint64_t n) {
  std::visit(
      [n](auto& g) {
        using T = std::decay_t<decltype(g)>;
        for (std::uint64_t i = 0; i < n; ++i) {
          if constexpr (std::is_same_v<T, GaloisLfsr> || std::is_same_v<T, FibonacciLfsr>) g.step_bit();
          else if constexpr (std::is_same_v<T, GlibcGenerator>) g.rand.next();
          else if constexpr (std::is_same_v<T, Z80Lfsr>) g.next_byte();
          else g.next();
        }
      },
      engine);
}

std::uint64_t jump_linear(const LinearMap& map, std::uint64_t state, std::uint64_t steps) {
  LinearMap power = map;
  while (steps) {
    if (steps & 1) state = power.apply(state);
    steps >>= 1;
    if (steps) {
      LinearMap squared = power;
      for (int j = 0; j < power.width; ++j)
        squared.columns[static_cast<std::size_t>(j)] = power.apply(power.columns[static_cast<std::size_t>(j)]);
      power = squared;
    }
  }
  return state;
}

std::uint64_t affine_jump(std::uint64_t a, std::uint64_t c, std::uint64_t x, std::uint64_t steps) {
  // (a, c) composed with itself: x -> a^2 x + (a + 1) c; accumulate the powers that steps names.
  std::uint64_t acc_a = 1, acc_c = 0;
  while (steps) {
    if (steps & 1) {
      acc_a *= a;
      acc_c = acc_c * a + c;
    }
    c *= a + 1;
    a *= a;
    steps >>= 1;
  }
  return acc_a * x + acc_c;
}

Result<LabTimeline> LabTimeline::make(const LfsrLabState& config) {
  auto g = lab_generator(config);
  if (!g) return Result<LabTimeline>::fail(g.error());
  return Result<LabTimeline>::ok(LabTimeline(config, g->engine()));
}

LabTimeline::LabTimeline(const LfsrLabState& config, Engine seed)
    : config_(config), seed_(seed), cached_(seed) {
  config_.t = 0;
  if (config.gen == LabGen::fibonacci) linear_ = fibonacci_map(config.width, config.taps);
  if (config.gen == LabGen::z80) linear_ = z80_map();
  if (config.gen == LabGen::xorshift) linear_ = xorshift_map(config.width);
  if (!lab_gen_jumps(config.gen)) checkpoints_.push_back(seed);
}

bool LabTimeline::same_config(const LfsrLabState& s) const {
  LfsrLabState probe = s;
  probe.t = 0;
  return probe == config_;
}

Engine LabTimeline::jump(std::uint64_t t) const {
  Engine e = seed_;
  std::visit(
      [&](auto& g) {
        using T = std::decay_t<decltype(g)>;
        if constexpr (std::is_same_v<T, GaloisLfsr>) {
          g.state = galois_jump_ahead(g, t);
        } else if constexpr (std::is_same_v<T, FibonacciLfsr>) {
          g.state = jump_linear(linear_, g.state, t);
        } else if constexpr (std::is_same_v<T, Z80Lfsr>) {
          g = Z80Lfsr::from_packed(jump_linear(linear_, g.packed(), t));
        } else if constexpr (std::is_same_v<T, Xorshift>) {
          g.state = static_cast<std::uint32_t>(jump_linear(linear_, g.state, t));
        } else if constexpr (std::is_same_v<T, Lcg32>) {
          // Mod 2^32 arithmetic, then the modulus (2^31 divides 2^32).
          const std::uint64_t x = affine_jump(g.a, g.c, g.state, t);
          g.state = static_cast<std::uint32_t>(x & width_mask(g.modulus_bits));
        } else if constexpr (std::is_same_v<T, Pcg32>) {
          g.state = affine_jump(kPcgMultiplier, g.inc, g.state, t);
        } else if constexpr (std::is_same_v<T, SplitMix64>) {
          g.state += t * kSplitMix64Increment;
        } else {
          step_engine(e, t);  // no jump-ahead: replay (at() uses checkpoints instead)
        }
      },
      e);
  return e;
}

std::uint64_t LabTimeline::advance(std::uint64_t steps) {
  steps = std::min(steps, max_step() - cached_t_);
  step_engine(cached_, steps);
  cached_t_ += steps;
  return cached_t_;
}

const Engine& LabTimeline::at(std::uint64_t t) {
  t = std::min(t, max_step());
  if (t == cached_t_) return cached_;
  if (t > cached_t_ && t - cached_t_ <= kCheckpointSpacing) {  // short forward moves: replay
    step_engine(cached_, t - cached_t_);
  } else if (lab_gen_jumps(config_.gen)) {
    cached_ = jump(t);
  } else {
    const std::uint64_t k = t / kCheckpointSpacing;
    while (checkpoints_.size() <= k) {
      Engine next = checkpoints_.back();
      step_engine(next, kCheckpointSpacing);
      checkpoints_.push_back(next);
    }
    cached_ = checkpoints_[static_cast<std::size_t>(k)];
    step_engine(cached_, t % kCheckpointSpacing);
  }
  cached_t_ = t;
  return cached_;
}

}  // namespace shufflelab
