#include "core/base/csv_export.hpp"

#include <algorithm>
#include <cstdio>

namespace shufflelab {

std::string csv_field(std::string_view text) {
  if (text.find_first_of(",\"\r\n") == std::string_view::npos) return std::string(text);
  std::string out = "\"";
  for (char c : text) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + "\"";
}

std::string csv_decimal(double value) {
  if (value == 0.0) return "0";
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.17g", value);
  return buf;
}

CsvTable::CsvTable(std::initializer_list<std::string_view> header) : columns_(header.size()) {
  std::vector<std::string> cells(header.begin(), header.end());
  write_row(cells);
}

CsvTable::CsvTable(const std::vector<std::string>& header) : columns_(header.size()) { write_row(header); }

void CsvTable::add_row(const std::vector<std::string>& cells) {
  if (cells.size() == columns_) return write_row(cells), void(++rows_);
  std::vector<std::string> fitted(cells.begin(), cells.begin() + static_cast<std::ptrdiff_t>(std::min(cells.size(), columns_)));
  fitted.resize(columns_);
  write_row(fitted);
  ++rows_;
}

void CsvTable::write_row(std::span<const std::string> cells) {
  for (std::size_t i = 0; i < cells.size(); ++i) {
    if (i) text_ += ',';
    text_ += csv_field(cells[i]);
  }
  text_ += "\r\n";
}

}  // namespace shufflelab
