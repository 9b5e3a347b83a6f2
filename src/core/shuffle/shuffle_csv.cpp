#include "core/shuffle/shuffle_csv.hpp"

namespace shufflelab {

namespace {
std::vector<std::string> card_header(std::uint32_t n) {
  std::vector<std::string> header{"position"};
  for (std::uint32_t c = 0; c < n; ++c) header.push_back("card_" + std::to_string(c));
  return header;
}
}  // namespace

CsvTable bias_matrix_csv(const BiasMatrix& matrix) {
  CsvTable table(card_header(matrix.n));
  for (std::uint32_t p = 0; p < matrix.n; ++p) {
    std::vector<std::string> row{std::to_string(p)};
    for (std::uint32_t c = 0; c < matrix.n; ++c) row.push_back(std::to_string(matrix.at(p, c)));
    table.add_row(row);
  }
  return table;
}

CsvTable bias_law_csv(const LawBias& law) {
  CsvTable table(card_header(law.n));
  for (std::uint32_t p = 0; p < law.n; ++p) {
    std::vector<std::string> row{std::to_string(p)};
    for (std::uint32_t c = 0; c < law.n; ++c) row.push_back(law.probability(p, c).to_string());
    table.add_row(row);
  }
  return table;
}

}  // namespace shufflelab
