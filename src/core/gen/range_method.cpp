#include "core/gen/range_method.hpp"

#include <array>
#include <bit>
#include <string>

namespace shufflelab {

namespace {

constexpr std::array<RangeMethodInfo, 9> kMethods{{
    {RangeMethod::modulo, "modulo", "x % n"},
    {RangeMethod::float_scale, "float",
     "(int)(n * (x / RAND_MAX as double)), redraw when that ratio is >= 1.0 (seed 001)"},
    {RangeMethod::shift, "shift", "shift x right until it is below n (seed 002, first attempt)"},
    {RangeMethod::maxu8, "maxu8", "Z80 MAXU8 loop with rangeMax = n: halve an all-ones mask and AND it in until x < n"},
    {RangeMethod::maxu8_article, "maxu8-article",
     "MAXU8 with rangeMax = n+1 (values 0..n, seed 002's d20 table), 0 counted as face n"},
    {RangeMethod::mulhi, "mulhi", "(x * n) >> B, face = high part + 1 (rollDie with DIESIDES; Lemire's fastrange)"},
    {RangeMethod::mulhi_minus1, "mulhi-minus1",
     "(x * (n-1)) >> B, face = high part + 1 (rollDie's DIESIDES-1, exact multiply)"},
    {RangeMethod::mask_reject, "reject", "x & (smallest 2^k-1 >= n-1), redraw when >= n"},
    {RangeMethod::lemire, "lemire", "Lemire's nearly divisionless (x * n) >> B with rejection of 2^B mod n low halves"},
}};

}  // namespace

std::span<const RangeMethodInfo> range_methods() { return kMethods; }

std::string_view range_method_name(RangeMethod method) {
  for (const auto& info : kMethods)
    if (info.method == method) return info.name;
  return "?";
}

Result<RangeMethod> parse_range_method(std::string_view field, std::string_view text) {
  std::string names;
  for (const auto& info : kMethods) {
    if (info.name == text) return Result<RangeMethod>::ok(info.method);
    names += names.empty() ? "" : ", ";
    names += info.name;
  }
  return Result<RangeMethod>::fail(std::string(field) + ": unknown method '" + std::string(text) +
                                   "' (one of: " + names + ")");
}

RangeReducer::RangeReducer(RangeMethod method, std::uint64_t n, unsigned bits)
    : method_(method),
      n_(n),
      bits_(bits),
      mask_(word_bits_mask(bits)),
      reject_mask_(word_bits_mask(static_cast<unsigned>(std::bit_width(n - 1)))),
      rand_max_(static_cast<double>(word_bits_mask(bits))),
      n_as_double_(static_cast<double>(n)) {}

Result<RangeReducer> RangeReducer::make(RangeMethod method, std::uint64_t n, unsigned bits) {
  using R = Result<RangeReducer>;
  if (bits < 1 || bits > kMaxWordBits)
    return R::fail("bits: word size must be between 1 and 64, got " + std::to_string(bits));
  if (n < 1) return R::fail("sides: a die needs at least 1 side");
  if (bits < 64 && n > (std::uint64_t{1} << bits))
    return R::fail("sides: " + std::to_string(n) + " sides need more than " + std::to_string(bits) +
                   "-bit words (at most " + std::to_string(std::uint64_t{1} << bits) + " sides)");
  if (method == RangeMethod::float_scale && n > kMaxFloatSides)
    return R::fail("sides: the float method needs n <= 2^53 so that n is exact as a double");
  return R::ok(RangeReducer(method, n, bits));
}

}  // namespace shufflelab
