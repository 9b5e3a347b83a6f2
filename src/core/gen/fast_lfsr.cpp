#include "core/gen/fast_lfsr.hpp"

#include <string>

namespace shufflelab {

Result<GaloisWordTable> GaloisWordTable::make(const GaloisLfsr& lfsr) {
  if (lfsr.width < kMinWidth || lfsr.width > kMaxLfsrWidth)
    return Result<GaloisWordTable>::fail("width: the 8-byte table step needs a register of " +
                                         std::to_string(kMinWidth) + " to 64 bits, got " +
                                         std::to_string(lfsr.width));
  return Result<GaloisWordTable>::ok(GaloisWordTable(lfsr));
}

GaloisWordTable::GaloisWordTable(const GaloisLfsr& lfsr) : tables_(static_cast<std::size_t>(lfsr.width + 7) / 8) {
  for (std::size_t j = 0; j < tables_.size(); ++j) {
    for (std::size_t v = 0; v < 256; ++v) {
      // Run the register from the state holding only this byte (bits above
      // the width never occur in a real state; their entries stay unused).
      GaloisLfsr probe{lfsr.width, lfsr.taps, (std::uint64_t{v} << (8 * j)) & width_mask(lfsr.width)};
      std::uint64_t bytes = 0;
      for (unsigned k = 0; k < 8; ++k) bytes |= std::uint64_t{probe.next_byte()} << (8 * k);
      tables_[j][v] = {probe.state, bytes};
    }
  }
}

namespace {
// The table rounds with the table count fixed, so the lookups unroll.
template <std::size_t Tables, class Entry>
std::size_t fill_rounds(const std::array<Entry, 256>* tables, std::uint64_t& state, std::uint8_t* out,
                        std::size_t count) {
  std::size_t i = 0;
  for (; i + 8 <= count; i += 8) {
    std::uint64_t next = 0, bytes = 0;
    for (std::size_t j = 0; j < Tables; ++j) {
      const Entry& entry = tables[j][(state >> (8 * j)) & 0xff];
      next ^= entry.state;
      bytes ^= entry.bytes;
    }
    for (unsigned k = 0; k < 8; ++k) out[i + k] = static_cast<std::uint8_t>(bytes >> (8 * k));
    state = next;
  }
  return i;
}
}  // namespace

void GaloisWordTable::fill(GaloisLfsr& lfsr, std::uint8_t* out, std::size_t count) const {
  std::uint64_t state = lfsr.state;
  std::size_t done = 0;
  switch (tables_.size()) {
    case 4: done = fill_rounds<4>(tables_.data(), state, out, count); break;
    case 5: done = fill_rounds<5>(tables_.data(), state, out, count); break;
    case 6: done = fill_rounds<6>(tables_.data(), state, out, count); break;
    case 7: done = fill_rounds<7>(tables_.data(), state, out, count); break;
    default: done = fill_rounds<8>(tables_.data(), state, out, count); break;
  }
  lfsr.state = state;
  for (; done < count; ++done) out[done] = lfsr.next_byte();
}

}  // namespace shufflelab
