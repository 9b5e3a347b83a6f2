#include "core/gen/linear_complexity.hpp"

#include <utility>

namespace shufflelab {

int linear_complexity(const std::vector<std::uint8_t>& bits) {
  const std::size_t n = bits.size();
  std::vector<std::uint8_t> current(n + 1, 0), previous(n + 1, 0), saved;
  current[0] = previous[0] = 1;
  std::size_t length = 0;
  std::size_t shift = 1;  // steps since `previous` was last replaced
  for (std::size_t i = 0; i < n; ++i) {
    // Discrepancy: does the current LFSR predict bit i?
    unsigned d = bits[i] ? 1u : 0u;
    for (std::size_t j = 1; j <= length; ++j) d ^= current[j] & (bits[i - j] ? 1u : 0u);
    if (d == 0) {
      ++shift;
      continue;
    }
    if (2 * length <= i) {
      saved = current;
      for (std::size_t j = 0; j + shift <= n; ++j) current[j + shift] ^= previous[j];
      length = i + 1 - length;
      previous = std::move(saved);
      shift = 1;
    } else {
      for (std::size_t j = 0; j + shift <= n; ++j) current[j + shift] ^= previous[j];
      ++shift;
    }
  }
  return static_cast<int>(length);
}

std::vector<std::uint8_t> output_bits(ByteGenerator generator, std::size_t count) {
  std::vector<std::uint8_t> bytes((count + 7) / 8);
  generator.fill(bytes.data(), bytes.size());
  std::vector<std::uint8_t> bits(count);
  for (std::size_t i = 0; i < count; ++i) bits[i] = static_cast<std::uint8_t>((bytes[i / 8] >> (i % 8)) & 1);
  return bits;
}

}  // namespace shufflelab
