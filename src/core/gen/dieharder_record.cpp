#include "core/gen/dieharder_record.hpp"

#include <string_view>

#include "dieharder_table.hpp"

namespace shufflelab {

namespace {
// Splits on a separator with string_view rather than iostreams, which would
// add their whole machinery to the downloaded app for one small table.
std::vector<std::string_view> split(std::string_view text, char separator) {
  std::vector<std::string_view> parts;
  for (std::size_t start = 0;;) {
    const std::size_t end = text.find(separator, start);
    parts.push_back(text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start));
    if (end == std::string_view::npos) return parts;
    start = end + 1;
  }
}

std::vector<DieharderRow> parse_record() {
  std::vector<DieharderRow> rows;
  const std::vector<std::string_view> lines = split(data::kDieharderTable, '\n');
  for (std::size_t i = 1; i < lines.size(); ++i) {  // line 0 is the header
    const std::vector<std::string_view> cells = split(lines[i], '\t');
    if (cells.size() != 4) continue;
    rows.push_back({std::string(cells[0]), std::string(cells[1]), std::string(cells[2]), std::string(cells[3])});
  }
  return rows;
}
}  // namespace

const std::vector<DieharderRow>& dieharder_record() {
  static const std::vector<DieharderRow> rows = parse_record();
  return rows;
}

}  // namespace shufflelab
