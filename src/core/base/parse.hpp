// parse.hpp: strict parsers for the numbers users type (hex seeds, masks,
// decimal counts). Every field of the URL codec, the CLI and the UI goes
// through these, so one fuzz target covers them all.
//
// Rules: no sign, no whitespace, no "0x" unless allowed, no overflow, and a
// message that names the field and says what was expected.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>

#include "core/base/result.hpp"

namespace shufflelab {

// Hex digits only (either case), 1..max_digits of them, optional "0x" prefix.
Result<std::uint64_t> parse_hex(std::string_view field, std::string_view text, int max_digits = 16);

// Decimal digits only, value in [min, max].
Result<std::uint64_t> parse_decimal(std::string_view field, std::string_view text, std::uint64_t min,
                                    std::uint64_t max);

// Two-digit lowercase hex bytes separated by single spaces: "0a ff 3c".
std::string format_hex_bytes(const std::uint8_t* bytes, std::size_t count);

// Fixed-width uppercase hex: format_hex_upper(0xcf, 2) == "CF".
std::string format_hex_upper(std::uint64_t value, int digits);

}  // namespace shufflelab
