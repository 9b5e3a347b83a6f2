// lfsr_timeline.hpp: a generator's state at any step t of the LFSR lab
// without replaying from the seed where that is avoidable.
//
// Jump-ahead, O(log t): the LFSRs by squaring their GF(2) transition matrix;
// LCGs and PCG32's inner LCG by composing the affine map x -> a x + c with
// itself (the same doubling; Brown, "Random number generation with arbitrary
// strides", 1994); SplitMix64 by adding t times its constant increment.
// glibc rand() and xoshiro256** are replayed from checkpoints kept every
// kCheckpointSpacing steps, so any t <= kMaxReplaySteps costs at most that
// many steps once the checkpoints exist (they are built on first need).
// Short forward moves (playing) step the cached state instead of jumping.
#pragma once
#include <cstdint>
#include <vector>

#include "core/gen/generators.hpp"
#include "core/lfsr/lfsr_lab.hpp"
#include "core/gen/period.hpp"
#include "core/base/result.hpp"

namespace shufflelab {

using Engine = ByteGenerator::Engine;

// n steps of the lab's unit (bit-steps for GaloisLfsr and FibonacciLfsr, one
// call or output for the others), one at a time.
void step_engine(Engine& engine, std::uint64_t n);

// T^steps applied to state, by repeated squaring of the map.
std::uint64_t jump_linear(const LinearMap& map, std::uint64_t state, std::uint64_t steps);

// State of x -> a x + c (mod 2^64; callers mask to their modulus) after `steps`.
std::uint64_t affine_jump(std::uint64_t a, std::uint64_t c, std::uint64_t x, std::uint64_t steps);

class LabTimeline {
 public:
  static constexpr std::uint64_t kCheckpointSpacing = 4096;

  // The generator of `config` (its t is ignored); fails like lab_generator.
  static Result<LabTimeline> make(const LfsrLabState& config);

  // True if `s` differs from the timeline's configuration only in t.
  bool same_config(const LfsrLabState& s) const;
  const LfsrLabState& config() const { return config_; }
  std::uint64_t max_step() const { return lab_max_step(config_.gen); }

  // The state after t steps from the seed; t is clamped to max_step().
  const Engine& at(std::uint64_t t);
  // Steps the last state returned by at() forward one step at a time (how
  // the lab plays); returns its t. Stops at max_step().
  std::uint64_t advance(std::uint64_t steps);

 private:
  explicit LabTimeline(const LfsrLabState& config, Engine seed);
  Engine jump(std::uint64_t t) const;

  LfsrLabState config_;
  Engine seed_;
  LinearMap linear_;  // fibonacci and z80
  std::vector<Engine> checkpoints_;  // [k] = state at k * kCheckpointSpacing (no-jump generators)
  Engine cached_;
  std::uint64_t cached_t_ = 0;
};

}  // namespace shufflelab
