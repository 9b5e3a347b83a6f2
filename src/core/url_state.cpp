#include "core/url_state.hpp"

namespace shufflelab {

namespace {
struct LabEntry {
  LabId id;
  std::string_view name;
};
constexpr LabEntry kLabs[] = {{LabId::gallery, "findings"}, {LabId::lfsr, "lfsr"}, {LabId::dice, "dice"},
                               {LabId::shuffle, "shuffle"}, {LabId::poker, "poker"}, {LabId::assembly, "asm"},
                               {LabId::about, "about"}};
}  // namespace

std::string_view lab_name(LabId lab) {
  for (const auto& e : kLabs)
    if (e.id == lab) return e.name;
  return "lfsr";
}

std::vector<LabId> all_labs() {
  std::vector<LabId> labs;
  for (const auto& e : kLabs) labs.push_back(e.id);
  return labs;
}

FragmentPairs split_fragment(std::string_view fragment) {
  FragmentPairs pairs;
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

DecodedState decode_fragment(std::string_view fragment) {
  DecodedState out;
  if (!fragment.empty() && fragment[0] == '#') fragment.remove_prefix(1);
  if (fragment.empty()) return out;
  if (fragment.size() > kMaxFragmentLength) {
    out.notices.push_back("link ignored: its fragment has " + std::to_string(fragment.size()) +
                          " characters, more than any valid state needs (" + std::to_string(kMaxFragmentLength) + ")");
    return out;
  }
  const FragmentPairs pairs = split_fragment(fragment);
  FieldReader fields(pairs, out.notices);
  const std::string* version = fields.raw("v");
  if (!version || *version != std::to_string(kUrlFormatVersion)) {
    out.notices.push_back(!version ? "link has no version (v=1): showing the defaults"
                                   : "link version \"" + printable_excerpt(*version) + "\" is not supported: showing the defaults");
    return out;
  }
  if (const std::string* lab = fields.raw("lab")) {
    bool known = false;
    for (const auto& e : kLabs)
      if (*lab == e.name) out.state.lab = e.id, known = true;
    if (!known) out.notices.push_back("unknown lab \"" + printable_excerpt(*lab) + "\": showing the LFSR lab");
  }
  fields.flag("embed", out.state.embed);
  switch (out.state.lab) {
    case LabId::lfsr: decode_lfsr_lab(fields, out.state.lfsr); break;
    case LabId::dice: decode_dice_lab(fields, out.state.dice); break;
    case LabId::shuffle: decode_shuffle_lab(fields, out.state.shuffle); break;
    case LabId::poker: decode_poker_lab(fields, out.state.poker); break;
    case LabId::assembly: decode_asm_lab(fields, out.state.assembly); break;
    case LabId::gallery:
    case LabId::about: break;
  }
  return out;
}

std::string encode_fragment(const LabState& state) {
  FieldWriter fields;
  switch (state.lab) {
    case LabId::lfsr: encode_lfsr_lab(state.lfsr, fields); break;
    case LabId::dice: encode_dice_lab(state.dice, fields); break;
    case LabId::shuffle: encode_shuffle_lab(state.shuffle, fields); break;
    case LabId::poker: encode_poker_lab(state.poker, fields); break;
    case LabId::assembly: encode_asm_lab(state.assembly, fields); break;
    case LabId::gallery:
    case LabId::about: break;
  }
  return "#v=" + std::to_string(kUrlFormatVersion) + (state.embed ? "&embed=1" : "") + "&lab=" +
         std::string(lab_name(state.lab)) + fields.text();
}

}  // namespace shufflelab
