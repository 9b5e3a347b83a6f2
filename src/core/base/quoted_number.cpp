#include "core/base/quoted_number.hpp"

#include <cstdlib>
#include <optional>

#include "core/base/text_format.hpp"

namespace shufflelab {

namespace {
// A number written as JSON writes it, or a fraction "a/b".
std::optional<double> number_of(std::string_view text) {
  const auto parse = [](std::string_view s) -> std::optional<double> {
    const std::string copy(s);  // strtod: Emscripten 3.1.6's libc++ has no from_chars for double
    char* end = nullptr;
    const double v = std::strtod(copy.c_str(), &end);
    if (copy.empty() || end != copy.c_str() + copy.size()) return std::nullopt;
    return v;
  };
  const std::size_t slash = text.find('/');
  if (slash == std::string_view::npos) return parse(text);
  const auto num = parse(text.substr(0, slash)), den = parse(text.substr(slash + 1));
  if (!num || !den || *den == 0) return std::nullopt;
  return *num / *den;
}
}  // namespace

std::string quote_text(QuoteStyle style, int decimals, std::string_view value, std::string_view per) {
  if (style == QuoteStyle::plain) return std::string(value);
  if (style == QuoteStyle::grouped) return grouped(value);
  auto v = number_of(value);
  auto d = per.empty() ? std::optional<double>(1.0) : number_of(per);
  if (!v || !d || *d == 0) return "(not a number: " + std::string(value) + (per.empty() ? "" : " / " + std::string(per)) + ")";
  const double x = *v / *d;
  return style == QuoteStyle::fixed ? fixed_decimals(x, decimals) : shufflelab::percent(x);
}

std::string Quotes::add(QuotedNumber q) {
  quotes_.push_back(std::move(q));
  return quotes_.back().text;
}

std::string Quotes::plain(std::string text, std::string path) {
  return add({std::move(text), std::move(path), QuoteStyle::plain, 0, {}});
}

std::string Quotes::grouped(std::uint64_t value, std::string path) {
  return add({shufflelab::grouped(value), std::move(path), QuoteStyle::grouped, 0, {}});
}

std::string Quotes::fixed(double value, int decimals, std::string path, std::string per) {
  return add({fixed_decimals(value, decimals), std::move(path), QuoteStyle::fixed, decimals, std::move(per)});
}

std::string Quotes::percent(double share, std::string path, std::string per) {
  return add({shufflelab::percent(share), std::move(path), QuoteStyle::percent, 0, std::move(per)});
}

}  // namespace shufflelab
