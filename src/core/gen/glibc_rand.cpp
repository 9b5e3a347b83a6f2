#include "core/gen/glibc_rand.hpp"

namespace shufflelab {

GlibcRand::GlibcRand(std::uint32_t seed) {
  if (seed == 0) seed = 1;
  // glibc keeps the seed in a signed 32-bit word; Schrage's split keeps
  // 16807 * word from overflowing (16807 * 127773 + 2836 == 2^31 - 1).
  auto word = static_cast<std::int32_t>(seed);
  ring_[0] = seed;
  for (std::size_t i = 1; i < kWords; ++i) {
    const std::int32_t hi = word / 127773;
    const std::int32_t lo = word % 127773;
    word = 16807 * lo - 2836 * hi;
    if (word < 0) word += 2147483647;
    ring_[i] = static_cast<std::uint32_t>(word);
  }
  // r[31..33] are copies of r[0..2], so the first new word is r[34] =
  // r[3] + r[31]: it overwrites slot 3 and reads slot 0.
  oldest_ = 3;
  lag3_ = 0;
  for (int i = 0; i < 310; ++i) next();
}

GlibcRand::Window GlibcRand::window() const {
  Window w{};
  for (std::size_t k = 0; k < kWords; ++k) w[k] = ring_[(oldest_ + k) % kWords];
  return w;
}

GlibcRand GlibcRand::from_window(const Window& words) {
  GlibcRand g;
  g.ring_ = words;
  g.oldest_ = 0;
  g.lag3_ = kWords - 3;
  return g;
}

}  // namespace shufflelab
