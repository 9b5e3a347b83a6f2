// text_format.hpp: how numbers read on screen, in the CLI and in the text a
// screen reader gets, in one place so every lab writes them the same way.
//  - grouped: digits in threes with commas, "4,294,967,296" (any length, so a
//    BigUint's decimal string too);
//  - json_*: the small JSON writer behind the labs' test hook and the
//    benchmarks' report (strings escaped per RFC 8259, numbers round-trip).
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace shufflelab {

class BigUint;

// Upper-case hex with at least `digits` digits; a wider value keeps all of its own.
std::string hex_at_least(std::uint64_t value, int digits);
std::string grouped(std::string_view digits);
std::string grouped(std::uint64_t value);
std::string grouped(const BigUint& value);

// A decimal with exactly `digits` digits after the point: fixed_decimals(2.0/3, 3) = "0.667".
std::string fixed_decimals(double value, int digits);
// A share as a percentage with one decimal: percent(0.125) = "12.5%".
std::string percent(double share);
// A count and its noun, plural unless the count is 1: counted(1, "card") =
// "1 card", counted(0, "duplicate") = "0 duplicates" (nouns whose plural adds "s").
std::string counted(std::uint64_t count, std::string_view noun);
// The same with the count grouped: grouped_count(1000000, "roll") = "1,000,000 rolls".
std::string grouped_count(std::uint64_t count, std::string_view noun);

// JSON text: a quoted, escaped string; a number with `digits` significant
// digits (17 round-trips a double), null when not finite; true/false.
std::string json_string(std::string_view text);
std::string json_number(double value, int digits = 17);
inline std::string json_bool(bool value) { return value ? "true" : "false"; }

// [e0,e1,...] with element(value) writing each one.
template <class T, class F>
std::string json_array(const std::vector<T>& values, F&& element) {
  std::string out = "[";
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (i) out += ',';
    out += element(values[i]);
  }
  return out + "]";
}

// [1,2,3] for whole numbers.
template <class T>
std::string json_integers(const std::vector<T>& values) {
  return json_array(values, [](T v) { return std::to_string(v); });
}

}  // namespace shufflelab
