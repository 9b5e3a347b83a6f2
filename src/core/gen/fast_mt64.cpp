#include "core/gen/fast_mt64.hpp"

namespace shufflelab {

namespace {
constexpr std::size_t kShift = 156;  // the recurrence's middle term m
constexpr std::uint64_t kMatrix = 0xB5026F5AA96619E9;
constexpr std::uint64_t kUpperBits = 0xFFFFFFFF80000000;
constexpr std::uint64_t kLowerBits = 0x7FFFFFFF;

// One recurrence step: the top bit of `word`, the low 31 bits of `next`.
constexpr std::uint64_t twist(std::uint64_t word, std::uint64_t next, std::uint64_t far) {
  const std::uint64_t joined = (word & kUpperBits) | (next & kLowerBits);
  return far ^ (joined >> 1) ^ ((std::uint64_t{0} - (joined & 1)) & kMatrix);
}

constexpr std::uint64_t temper(std::uint64_t y) {
  y ^= (y >> 29) & 0x5555555555555555;
  y ^= (y << 17) & 0x71D67FFFEDA60000;
  y ^= (y << 37) & 0xFFF7EEE000000000;
  return y ^ (y >> 43);
}
}  // namespace

Mt19937_64Block::Mt19937_64Block(std::uint64_t seed) {
  state_[0] = seed;
  for (std::size_t i = 1; i < kWords; ++i)
    state_[i] = 6364136223846793005 * (state_[i - 1] ^ (state_[i - 1] >> 62)) + i;
}

void Mt19937_64Block::refill() {
  // Split where the far term wraps, so no loop reads a word it writes.
  for (std::size_t i = 0; i < kWords - kShift; ++i) state_[i] = twist(state_[i], state_[i + 1], state_[i + kShift]);
  for (std::size_t i = kWords - kShift; i < kWords - 1; ++i)
    state_[i] = twist(state_[i], state_[i + 1], state_[i + kShift - kWords]);
  state_[kWords - 1] = twist(state_[kWords - 1], state_[0], state_[kShift - 1]);
  for (std::size_t i = 0; i < kWords; ++i) output_[i] = temper(state_[i]);
  next_ = 0;
}

}  // namespace shufflelab
