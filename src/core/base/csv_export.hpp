// csv_export.hpp: the CSV table every lab's export writes (RFC 4180: comma separated, CRLF line ends, a field quoted when it
// holds a comma, quote or line break). Exact where the lab is exact: counts
// and weights are whole numbers, probabilities are written twice, as a
// reduced fraction "p/q" and as a decimal (17 significant digits), so a
// spreadsheet can use the decimal and a checker the fraction. Each lab's
// writers live in its folder (dice_csv, shuffle_csv, poker_csv).
#pragma once
#include <cstdint>
#include <initializer_list>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace shufflelab {

class CsvTable {
 public:
  explicit CsvTable(std::initializer_list<std::string_view> header);
  explicit CsvTable(const std::vector<std::string>& header);
  // A row must have exactly as many cells as the header (checked: extra cells
  // are dropped, missing ones written empty, so the file stays rectangular).
  void add_row(const std::vector<std::string>& cells);
  const std::string& text() const { return text_; }
  std::size_t rows() const { return rows_; }

 private:
  void write_row(std::span<const std::string> cells);
  std::size_t columns_;
  std::size_t rows_ = 0;
  std::string text_;
};

// A CSV file a lab offers: what one of its histograms or matrices shows now.
struct CsvExport {
  std::string id;        // the command csv=<id>
  std::string label;     // menu entry
  std::string filename;
  std::string text;
};

// One field as it must be written (quoted and doubled quotes when needed).
std::string csv_field(std::string_view text);
// A double with 17 significant digits ("0" for zero), so it reads back exactly.
std::string csv_decimal(double value);

}  // namespace shufflelab
