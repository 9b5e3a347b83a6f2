#include "core/base/text_lines.hpp"

#include "core/base/text_format.hpp"

namespace shufflelab {

std::string_view text_kind_name(TextKind kind) {
  switch (kind) {
    case TextKind::heading: return "heading";
    case TextKind::subheading: return "subheading";
    case TextKind::item: return "item";
    case TextKind::paragraph: return "paragraph";
  }
  return "paragraph";
}

void TextLines::add(TextKind kind, std::string text) {
  if (text.empty() || lines_.size() >= kMaxLabTextLines) return;
  if (text.size() > kMaxLabTextLineBytes) {
    std::size_t cut = kMaxLabTextLineBytes - 3;
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;  // not inside a character
    text.resize(cut);
    text += "...";
  }
  lines_.push_back({kind, std::move(text)});
}

std::string grouped_and_plain(std::uint64_t v) {
  const std::string g = grouped(v);
  const std::string plain = std::to_string(v);
  return g == plain ? plain : g + " (" + plain + ")";
}

}  // namespace shufflelab
