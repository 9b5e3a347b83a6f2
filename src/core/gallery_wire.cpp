#include "core/gallery_wire.hpp"

#include <algorithm>
#include <array>

#include "core/base/wire_records.hpp"

namespace shufflelab {

namespace {

constexpr std::string_view kHeader = "shufflelab findings 1";
constexpr std::array<std::string_view, 4> kStyles = {"plain", "grouped", "fixed", "percent"};  // QuoteStyle's order

bool read_quote(FieldCursor& f, QuotedNumber& q) {
  q.text = f.text();
  q.path = f.text();
  const std::string_view style = f.word();
  const auto s = std::find(kStyles.begin(), kStyles.end(), style);
  if (s == kStyles.end()) return false;
  q.style = static_cast<QuoteStyle>(s - kStyles.begin());
  q.decimals = f.number<decltype(q.decimals)>();
  if (!f.dash()) q.per = f.text();
  return true;
}

}  // namespace

std::string encode_findings(const std::vector<GalleryEntry>& entries) {
  std::string out = std::string(kHeader) + "\n";
  for (const GalleryEntry& e : entries) {
    out += "entry" + text_field(e.title) + text_field(e.source) + text_field(e.link) + text_field(e.text) + "\n";
    for (const QuotedNumber& q : e.quotes)
      out += "quote" + text_field(q.text) + text_field(q.path) + " " + std::string(kStyles[static_cast<std::size_t>(q.style)]) +
             number_field(q.decimals) + (q.per.empty() ? std::string(" -") : text_field(q.per)) + "\n";
  }
  return out;
}

Result<std::vector<GalleryEntry>> decode_findings(std::string_view text) {
  std::vector<GalleryEntry> entries;
  const auto read = read_records(text, kHeader, "the findings' text", [&](FieldCursor& f) {
    if (f.tag() == "entry") {
      GalleryEntry& e = entries.emplace_back();
      e.title = f.text();
      e.source = f.text();
      e.link = f.text();
      e.text = f.text();
      return true;
    }
    return f.tag() == "quote" && !entries.empty() && read_quote(f, entries.back().quotes.emplace_back());
  });
  if (!read) return Result<std::vector<GalleryEntry>>::fail(read.error());
  return Result<std::vector<GalleryEntry>>::ok(std::move(entries));
}

}  // namespace shufflelab
