// wire_records.hpp: the texts the worker's core module and the page pass
// each other (the assembly, findings, lanes, run and cost wires): a header
// line, then one record per line, its fields split at each space. Text
// fields are percent-encoded (so they hold no space); "-" stands for none
// where a wire says so.
#pragma once
#include <charconv>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/plain_text.hpp"
#include "core/base/result.hpp"
#include "core/base/split_lines.hpp"

namespace shufflelab {

// Fields as they are appended to a record: a space, then the field.
inline std::string text_field(std::string_view text) { return " " + percent_encode(text); }
template <class T>
std::string number_field(T value) {
  return " " + std::to_string(value);
}

// A record's fields, split at each space, empty ones kept.
std::vector<std::string_view> space_fields(std::string_view record);

// Reads one record's fields in order after its tag; a field that does not
// read, one too few or one left over makes the record bad (ok() false).
class FieldCursor {
 public:
  explicit FieldCursor(std::vector<std::string_view> fields) : f_(std::move(fields)) {}
  std::size_t size() const { return f_.size(); }
  std::string_view tag() const { return f_[0]; }
  bool ok() const { return ok_ && at_ == f_.size(); }
  std::string_view word() { return more() ? f_[at_++] : std::string_view{}; }
  std::string text() {
    if (!more()) return {};
    auto decoded = percent_decode(f_[at_++], "field");
    if (!decoded) ok_ = false;
    return decoded ? std::move(decoded.value()) : std::string{};
  }
  template <class T>
  T number(int base = 10) {
    T value{};
    if (!more()) return value;
    const std::string_view s = f_[at_++];
    const auto [end, error] = std::from_chars(s.data(), s.data() + s.size(), value, base);
    if (error != std::errc{} || end != s.data() + s.size() || s.empty()) ok_ = false;
    return value;
  }
  bool flag() { return number<int>() != 0; }
  std::vector<std::uint64_t> rest() {
    std::vector<std::uint64_t> out;
    while (at_ < f_.size()) out.push_back(number<std::uint64_t>());
    return out;
  }
  // "-" next: skips it and says so.
  bool dash() {
    if (at_ >= f_.size() || f_[at_] != "-") return false;
    ++at_;
    return true;
  }

 private:
  bool more() {
    if (at_ < f_.size()) return true;
    ok_ = false;
    return false;
  }
  std::vector<std::string_view> f_;
  std::size_t at_ = 1;
  bool ok_ = true;
};

namespace detail {
// ok when the text's first line is the header; else why not.
Result<bool> wire_start(const std::vector<std::string_view>& lines, std::string_view header, std::string_view what);
std::string refused_record(std::string_view line, std::size_t number, std::string_view what);
}  // namespace detail

// Calls record(FieldCursor&) -> bool for each line after the header; fails
// naming `what` and the first line it refuses (numbered from 1, the header's).
template <class OnRecord>
Result<bool> read_records(std::string_view text, std::string_view header, std::string_view what, OnRecord&& record) {
  const std::vector<std::string_view> lines = split_lines(text);
  if (auto start = detail::wire_start(lines, header, what); !start) return start;
  for (std::size_t line = 1; line < lines.size(); ++line) {
    FieldCursor fields(space_fields(lines[line]));
    if (!record(fields) || !fields.ok()) return Result<bool>::fail(detail::refused_record(lines[line], line + 1, what));
  }
  return Result<bool>::ok(true);
}

}  // namespace shufflelab
