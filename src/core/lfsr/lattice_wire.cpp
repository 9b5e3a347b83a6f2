#include "core/lfsr/lattice_wire.hpp"

#include <cmath>

namespace shufflelab {

namespace {

constexpr std::size_t kNumbersPerVector = 6;
constexpr std::size_t kNumbers = 2 * kNumbersPerVector + 2;  // and the edge-on yaw and pitch

void add_numbers(const DualVector& d, std::vector<double>& out) {
  out.insert(out.end(), {static_cast<double>(d.dims), static_cast<double>(d.s[0]), static_cast<double>(d.s[1]),
                         static_cast<double>(d.s[2]), static_cast<double>(d.hyperplanes), d.length});
}

bool whole(double x, double limit) { return std::trunc(x) == x && std::fabs(x) <= limit; }

// The vector at numbers[at..at + 6) with `dims` dimensions.
bool read_vector(const std::vector<double>& numbers, std::size_t at, int dims, DualVector& d) {
  constexpr double kLimit = 9007199254740992.0;  // 2^53: every integer below is exact
  if (numbers[at] != dims || !whole(numbers[at + 4], kLimit) || numbers[at + 4] < 1 || !(numbers[at + 5] > 0))
    return false;
  d.dims = dims;
  for (std::size_t i = 0; i < 3; ++i) {
    if (!whole(numbers[at + 1 + i], kLimit)) return false;
    d.s[i] = static_cast<std::int64_t>(numbers[at + 1 + i]);
  }
  d.hyperplanes = static_cast<std::uint64_t>(numbers[at + 4]);
  d.length = numbers[at + 5];
  return true;
}

}  // namespace

LatticeWire encode_lattice_duals(const LatticeDuals& duals) {
  LatticeWire out;
  add_numbers(duals.lines, out.numbers);
  add_numbers(duals.planes, out.numbers);
  out.numbers.insert(out.numbers.end(), duals.edge_on.begin(), duals.edge_on.end());
  out.text = duals.lines_text + "\n" + duals.planes_text;
  return out;
}

Result<LatticeDuals> decode_lattice_duals(const std::vector<double>& numbers, std::string_view text) {
  using R = Result<LatticeDuals>;
  if (numbers.size() != kNumbers)
    return R::fail("the lattice: " + std::to_string(numbers.size()) + " numbers, not " + std::to_string(kNumbers));
  LatticeDuals duals;
  if (!read_vector(numbers, 0, 2, duals.lines)) return R::fail("the lattice: the lines' numbers are not a 2-D vector");
  if (!read_vector(numbers, kNumbersPerVector, 3, duals.planes))
    return R::fail("the lattice: the planes' numbers are not a 3-D vector");
  duals.edge_on = {numbers[kNumbers - 2], numbers[kNumbers - 1]};
  if (!std::isfinite(duals.edge_on[0]) || !std::isfinite(duals.edge_on[1]))
    return R::fail("the lattice: the edge-on angles are not numbers");
  const std::size_t newline = text.find('\n');
  if (newline == std::string_view::npos || text.find('\n', newline + 1) != std::string_view::npos)
    return R::fail("the lattice: its text is not two lines");
  duals.lines_text = std::string(text.substr(0, newline));
  duals.planes_text = std::string(text.substr(newline + 1));
  return R::ok(std::move(duals));
}

}  // namespace shufflelab
