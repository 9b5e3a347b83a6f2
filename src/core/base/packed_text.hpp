// packed_text.hpp: a long text (a reader's source code) in a link field, in
// fewer characters than percent-encoding gives: LZ77 back-references in
// base64url. Links are written and read by the core alone, so the page and
// `shufflelab open` read the same text.
//
// The stream: a flag byte, then up to eight items, bit i of the flag telling
// item i's kind: 0 = one literal byte; 1 = a copy of 3..18 bytes from 1..4096
// bytes back, in two bytes: (distance - 1) >> 4, then ((distance - 1) & 15) << 4
// | (length - 3). A copy may overlap what it writes (a run). The stream ends
// with the data: flag bits past the last item are 0. base64url: A-Z a-z 0-9
// - _, no padding.
#pragma once
#include <cstddef>
#include <string>
#include <string_view>

#include "core/base/result.hpp"

namespace shufflelab {

std::string pack_text(std::string_view text);

// How a link writes a text field: percent-encoded (packed = false), or packed
// when the percent-encoded form is over `pack_above` characters and packing is shorter.
struct LinkTextField {
  bool packed = false;
  std::string value;
};
LinkTextField link_text_field(std::string_view text, std::size_t pack_above);

// The text back; refused, naming `field` and the character or byte where it
// broke, when the value is no packed text or unpacks to over max_bytes.
Result<std::string> unpack_text(std::string_view packed, std::string_view field, std::size_t max_bytes);

}  // namespace shufflelab
