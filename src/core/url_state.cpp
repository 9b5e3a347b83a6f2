#include "core/url_state.hpp"

#include "core/lfsr.hpp"
#include "core/parse.hpp"

namespace shufflelab {

std::string_view lab_name(LabId lab) {
  switch (lab) {
    case LabId::lfsr: return "lfsr";
    case LabId::about: return "about";
  }
  return "lfsr";
}

std::vector<std::pair<std::string, std::string>> split_fragment(std::string_view fragment) {
  std::vector<std::pair<std::string, std::string>> pairs;
  if (!fragment.empty() && fragment[0] == '#') fragment.remove_prefix(1);
  while (!fragment.empty()) {
    const std::size_t amp = fragment.find('&');
    const std::string_view item = fragment.substr(0, amp);
    if (!item.empty()) {
      const std::size_t eq = item.find('=');
      if (eq == std::string_view::npos)
        pairs.emplace_back(std::string(item), std::string());
      else
        pairs.emplace_back(std::string(item.substr(0, eq)), std::string(item.substr(eq + 1)));
    }
    if (amp == std::string_view::npos) break;
    fragment.remove_prefix(amp + 1);
  }
  return pairs;
}

namespace {
std::string printable(std::string_view text) {
  std::string out;
  for (std::size_t i = 0; i < text.size() && i < 24; ++i)
    out += (text[i] >= 0x20 && text[i] < 0x7f) ? text[i] : '?';
  if (text.size() > 24) out += "...";
  return out;
}

void decode_lfsr(const std::vector<std::pair<std::string, std::string>>& pairs, DecodedState& out) {
  LfsrLabState s;  // defaults
  LfsrLabState candidate = s;
  for (const auto& [key, value] : pairs) {
    if (key == "width") {
      auto r = parse_decimal("width", value, kMinLfsrWidth, kMaxLfsrWidth);
      if (r) candidate.width = static_cast<int>(*r); else out.notices.push_back(r.error());
    } else if (key == "mask") {
      auto r = parse_hex("mask", value, 2);
      if (r) candidate.mask = *r; else out.notices.push_back(r.error());
    } else if (key == "seed") {
      auto r = parse_hex("seed", value, 16);
      if (!r) out.notices.push_back(r.error());
      else if (*r == 0) out.notices.push_back("seed: zero is refused (an all-zero register stays zero forever)");
      else candidate.seed = *r;
    } else if (key == "t") {
      auto r = parse_decimal("t", value, 0, kMaxLfsrStep);
      if (r) candidate.t = *r; else out.notices.push_back(r.error());
    }
  }
  // The seed must fit the width; otherwise keep the default register whole.
  if ((candidate.seed & width_mask(candidate.width)) != candidate.seed) {
    out.notices.push_back("seed: more bits than the register's width " + std::to_string(candidate.width));
    candidate.seed = s.seed & width_mask(candidate.width);
    if (candidate.seed == 0) candidate.seed = 1;
  }
  out.state.lfsr = candidate;
}
}  // namespace

DecodedState decode_fragment(std::string_view fragment) {
  DecodedState out;
  if (!fragment.empty() && fragment[0] == '#') fragment.remove_prefix(1);
  if (fragment.empty()) return out;
  if (fragment.size() > kMaxFragmentLength) {
    out.notices.push_back("link ignored: its fragment has " + std::to_string(fragment.size()) +
                          " characters, more than any valid state needs (" + std::to_string(kMaxFragmentLength) + ")");
    return out;
  }
  const auto pairs = split_fragment(fragment);
  std::string version, lab;
  for (const auto& [key, value] : pairs) {
    if (key == "v") version = value;
    if (key == "lab") lab = value;
  }
  if (version != std::to_string(kUrlFormatVersion)) {
    out.notices.push_back(version.empty() ? "link has no version (v=1): showing the defaults"
                                          : "link version \"" + printable(version) + "\" is not supported: showing the defaults");
    return out;
  }
  if (lab == "lfsr" || lab.empty()) {
    out.state.lab = LabId::lfsr;
  } else if (lab == "about") {
    out.state.lab = LabId::about;
  } else {
    out.notices.push_back("unknown lab \"" + printable(lab) + "\": showing the LFSR lab");
    out.state.lab = LabId::lfsr;
  }
  decode_lfsr(pairs, out);
  return out;
}

std::string encode_fragment(const LabState& state) {
  std::string out = "#v=" + std::to_string(kUrlFormatVersion) + "&lab=" + std::string(lab_name(state.lab));
  if (state.lab == LabId::lfsr) {
    const auto& l = state.lfsr;
    if (l.width != 32) out += "&width=" + std::to_string(l.width);
    const int digits = (l.width + 3) / 4;
    out += "&seed=" + format_hex_upper(l.seed, digits);
    out += "&mask=" + format_hex_upper(l.mask, 2);
    out += "&t=" + std::to_string(l.t);
  }
  return out;
}

}  // namespace shufflelab
