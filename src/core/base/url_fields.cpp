#include "core/base/url_fields.hpp"

#include "core/base/parse.hpp"

namespace shufflelab {

std::string printable_excerpt(std::string_view text) {
  std::string out;
  for (std::size_t i = 0; i < text.size() && i < 24; ++i) out += (text[i] >= 0x20 && text[i] < 0x7f) ? text[i] : '?';
  if (text.size() > 24) out += "...";
  return out;
}

const std::string* FieldReader::raw(std::string_view key) const {
  const std::string* found = nullptr;
  for (const auto& [k, v] : pairs_)
    if (k == key) found = &v;
  return found;
}

bool FieldReader::hex(std::string_view key, int max_digits, std::uint64_t& out) {
  const std::string* v = raw(key);
  if (!v) return false;
  auto r = parse_hex(key, *v, max_digits);
  if (!r) return notice(r.error()), false;
  out = *r;
  return true;
}

bool FieldReader::decimal(std::string_view key, std::uint64_t min, std::uint64_t max, std::uint64_t& out) {
  const std::string* v = raw(key);
  if (!v) return false;
  auto r = parse_decimal(key, *v, min, max);
  if (!r) return notice(r.error()), false;
  out = *r;
  return true;
}

bool FieldReader::decimal(std::string_view key, int min, int max, int& out) {
  std::uint64_t wide = 0;
  if (min < 0 || !decimal(key, static_cast<std::uint64_t>(min), static_cast<std::uint64_t>(max), wide)) return false;
  out = static_cast<int>(wide);
  return true;
}

bool FieldReader::word(std::string_view key, std::initializer_list<std::string_view> allowed, std::string& out) {
  const std::string* v = raw(key);
  if (!v) return false;
  for (auto a : allowed)
    if (*v == a) return out = *v, true;
  std::string list;
  for (auto a : allowed) list += (list.empty() ? "" : ", ") + std::string(a);
  notice(std::string(key) + ": \"" + printable_excerpt(*v) + "\" is not one of " + list);
  return false;
}

bool FieldReader::token(std::string_view key, std::size_t max_length, std::string& out, std::string_view also) {
  const std::string* v = raw(key);
  if (!v) return false;
  if (v->size() > max_length)
    return notice(std::string(key) + ": longer than " + std::to_string(max_length) + " characters"), false;
  for (char c : *v) {
    const bool ok = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' ||
                    c == '.' || c == ',' || c == '+' || c == '-' || also.find(c) != std::string_view::npos;
    if (!ok) return notice(std::string(key) + ": \"" + printable_excerpt(*v) + "\" has characters a link never uses"), false;
  }
  out = *v;
  return true;
}

bool FieldReader::flag(std::string_view key, bool& out) {
  const std::string* v = raw(key);
  if (!v) return false;
  if (*v != "0" && *v != "1") return notice(std::string(key) + ": expected 0 or 1"), false;
  out = *v == "1";
  return true;
}

void FieldWriter::add(std::string_view key, std::string_view value) {
  out_ += '&';
  out_ += key;
  out_ += '=';
  out_ += value;
}

void FieldWriter::add_hex(std::string_view key, std::uint64_t value, int digits) {
  add(key, format_hex_upper(value, digits));
}

std::string lab_link(std::string_view lab_name, const FieldWriter& fields, bool embed) {
  return "#v=" + std::to_string(kUrlFormatVersion) + (embed ? "&embed=1" : "") + "&lab=" + std::string(lab_name) +
         fields.text();
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

}  // namespace shufflelab
