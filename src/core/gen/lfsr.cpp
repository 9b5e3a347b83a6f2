#include "core/gen/lfsr.hpp"

#include <array>

#include "core/base/parse.hpp"

namespace shufflelab {

Result<GaloisLfsr> make_galois_lfsr(int width, std::uint64_t taps, std::uint64_t seed) {
  using R = Result<GaloisLfsr>;
  if (width < kMinLfsrWidth || width > kMaxLfsrWidth)
    return R::fail("width must be between " + std::to_string(kMinLfsrWidth) + " and " + std::to_string(kMaxLfsrWidth) +
                   ", got " + std::to_string(width));
  if (taps & ~width_mask(width)) return R::fail("mask has bits above the register's width");
  if ((seed & width_mask(width)) != seed) return R::fail("seed has bits above the register's width");
  if (seed == 0) return R::fail("seed must not be zero: an all-zero register stays zero forever");
  return R::ok(GaloisLfsr{width, taps, seed});
}

namespace {
// A linear map on width-bit vectors: column j is the image of bit j.
using Gf2Matrix = std::array<std::uint64_t, 64>;

std::uint64_t apply(const Gf2Matrix& m, int width, std::uint64_t v) {
  std::uint64_t out = 0;
  for (int j = 0; j < width; ++j)
    if ((v >> j) & 1) out ^= m[static_cast<std::size_t>(j)];
  return out;
}

Gf2Matrix compose(const Gf2Matrix& a, const Gf2Matrix& b, int width) {  // a after b
  Gf2Matrix c{};
  for (int j = 0; j < width; ++j) c[static_cast<std::size_t>(j)] = apply(a, width, b[static_cast<std::size_t>(j)]);
  return c;
}
}  // namespace

std::uint64_t galois_jump_ahead(const GaloisLfsr& lfsr, std::uint64_t steps) {
  const int w = lfsr.width;
  Gf2Matrix step{};
  for (int j = 0; j < w; ++j) {
    GaloisLfsr unit{w, lfsr.taps, std::uint64_t{1} << j};
    unit.step_bit();
    step[static_cast<std::size_t>(j)] = unit.state;
  }
  std::uint64_t state = lfsr.state;
  while (steps) {
    if (steps & 1) state = apply(step, w, state);
    steps >>= 1;
    if (steps) step = compose(step, step, w);
  }
  return state;
}

}  // namespace shufflelab
