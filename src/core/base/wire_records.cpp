#include "core/base/wire_records.hpp"

#include <algorithm>

namespace shufflelab {

std::vector<std::string_view> space_fields(std::string_view record) {
  std::vector<std::string_view> out;
  for (std::size_t at = 0; at <= record.size();) {
    const std::size_t space = std::min(record.find(' ', at), record.size());
    out.push_back(record.substr(at, space - at));
    at = space + 1;
  }
  return out;
}

namespace detail {

Result<bool> wire_start(const std::vector<std::string_view>& lines, std::string_view header, std::string_view what) {
  if (lines.empty()) return Result<bool>::fail(std::string(what) + " is empty");
  if (lines[0] != header)
    return Result<bool>::fail(std::string(what) + " does not start with \"" + std::string(header) + "\"");
  return Result<bool>::ok(true);
}

std::string refused_record(std::string_view line, std::size_t number, std::string_view what) {
  return std::string(what) + ", line " + std::to_string(number) + ": \"" + readable_excerpt(line, 40) + "\" does not read";
}

}  // namespace detail
}  // namespace shufflelab
