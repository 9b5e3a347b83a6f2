// url_state.hpp: the link format. A lab's whole state lives in the URL
// fragment, so a link reopens the same numbers with no server:
//   #v=1&lab=lfsr&seed=DEADBEEF&mask=CF&t=13
// Rules: version first (v=1); unknown keys are ignored (newer links still
// open); a malformed or out-of-range value produces a notice and that field
// keeps its default, never a crash. Fragments longer than kMaxFragmentLength
// are refused whole (the notice says so) because no valid state needs that.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace shufflelab {

constexpr int kUrlFormatVersion = 1;
constexpr std::size_t kMaxFragmentLength = 2048;

enum class LabId { lfsr, about };

std::string_view lab_name(LabId lab);

// The LFSR lab's state: the tarot register of seed 000 at bit-step t.
struct LfsrLabState {
  int width = 32;
  std::uint64_t mask = 0xCF;         // the article's top-byte mask
  std::uint64_t seed = 0xDEADBEEF;   // nonzero, fits the width
  std::uint64_t t = 0;               // bit-steps from the seed
  bool operator==(const LfsrLabState&) const = default;
};

constexpr std::uint64_t kMaxLfsrStep = (std::uint64_t{1} << 53);  // exact in a JS number

struct LabState {
  LabId lab = LabId::lfsr;
  LfsrLabState lfsr;
  bool operator==(const LabState&) const = default;
};

struct DecodedState {
  LabState state;
  std::vector<std::string> notices;  // empty when the link was clean
};

// Splits "a=1&b=2" (leading '#' optional) into pairs; no percent-decoding is
// needed because every value we write is [0-9A-Za-z_-].
std::vector<std::pair<std::string, std::string>> split_fragment(std::string_view fragment);

DecodedState decode_fragment(std::string_view fragment);
std::string encode_fragment(const LabState& state);  // starts with '#'

}  // namespace shufflelab
