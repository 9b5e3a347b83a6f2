#include "core/gallery_wire.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <initializer_list>

#include "core/base/plain_text.hpp"
#include "core/base/split_lines.hpp"

namespace shufflelab {

namespace {

constexpr std::string_view kHeader = "shufflelab findings 1";
constexpr std::array<std::string_view, 4> kStyles = {"plain", "grouped", "fixed", "percent"};  // QuoteStyle's order

// The fields of a record decoded in place; false when one is not percent-encoded text.
bool decode_texts(const std::vector<std::string_view>& f, std::initializer_list<std::string*> into) {
  std::size_t k = 1;
  for (std::string* text : into) {
    auto decoded = percent_decode(f[k++], "field");
    if (!decoded) return false;
    *text = std::move(decoded.value());
  }
  return true;
}

bool read_quote(const std::vector<std::string_view>& f, QuotedNumber& q) {
  std::string style, decimals;
  if (f.size() != 6 || !decode_texts(f, {&q.text, &q.path, &style, &decimals, &q.per})) return false;
  std::size_t s = 0;
  while (s < kStyles.size() && kStyles[s] != style) ++s;
  if (s == kStyles.size()) return false;
  q.style = static_cast<QuoteStyle>(s);
  const auto [end, error] = std::from_chars(decimals.data(), decimals.data() + decimals.size(), q.decimals);
  if (error != std::errc{} || end != decimals.data() + decimals.size() || decimals.empty()) return false;
  if (q.per == "-") q.per.clear();
  return true;
}

}  // namespace

std::string encode_findings(const std::vector<GalleryEntry>& entries) {
  std::string out = std::string(kHeader) + "\n";
  for (const GalleryEntry& e : entries) {
    out += "entry " + percent_encode(e.title) + " " + percent_encode(e.source) + " " + percent_encode(e.link) + " " +
           percent_encode(e.text) + "\n";
    for (const QuotedNumber& q : e.quotes)
      out += "quote " + percent_encode(q.text) + " " + percent_encode(q.path) + " " +
             std::string(kStyles[static_cast<std::size_t>(q.style)]) + " " + std::to_string(q.decimals) + " " +
             (q.per.empty() ? std::string("-") : percent_encode(q.per)) + "\n";
  }
  return out;
}

Result<std::vector<GalleryEntry>> decode_findings(std::string_view text) {
  using R = Result<std::vector<GalleryEntry>>;
  std::vector<GalleryEntry> entries;
  const std::vector<std::string_view> records = split_lines(text);
  if (records.empty()) return R::fail("the findings' text is empty");
  for (std::size_t line = 0; line < records.size(); ++line) {
    const std::string_view record = records[line];
    if (line == 0) {
      if (record != kHeader) return R::fail("the findings' text does not start with \"" + std::string(kHeader) + "\"");
      continue;
    }
    const std::vector<std::string_view> f = space_fields(record);
    bool ok = false;
    if (f[0] == "entry" && f.size() == 5) {
      GalleryEntry& e = entries.emplace_back();
      ok = decode_texts(f, {&e.title, &e.source, &e.link, &e.text});
    } else if (f[0] == "quote" && !entries.empty()) {
      ok = read_quote(f, entries.back().quotes.emplace_back());
    }
    if (!ok)
      return R::fail("the findings' text, line " + std::to_string(line + 1) + ": \"" + readable_excerpt(record, 40) +
                     "\" is not an entry or a quote");
  }
  return R::ok(std::move(entries));
}

}  // namespace shufflelab
