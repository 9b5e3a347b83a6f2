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

CsvTable die_law_csv(const DieLaw& law, std::span<const std::uint64_t> sample_counts, std::uint64_t sample_rolls) {
  const bool sampled = sample_counts.size() == law.weights.size() && sample_rolls > 0;
  std::vector<std::string> header{"face", "weight", "total", "probability", "decimal", "fair_share"};
  if (sampled) header.insert(header.end(), {"sampled_count", "sampled_rolls"});
  CsvTable table(header);
  const std::string total = law.total.to_string();
  const std::string fair = "1/" + std::to_string(law.sides);
  for (std::size_t i = 0; i < law.weights.size(); ++i) {
    const Fraction p = law.probability(i);
    std::vector<std::string> row{std::to_string(i + 1), law.weights[i].to_string(), total, p.to_string(),
                                 csv_decimal(p.to_double()), fair};
    if (sampled) row.insert(row.end(), {std::to_string(sample_counts[i]), std::to_string(sample_rolls)});
    table.add_row(row);
  }
  return table;
}

CsvTable expr_law_csv(const DiceDistribution& law, std::int64_t sample_min_total,
                      std::span<const std::uint64_t> sample_counts, std::uint64_t sample_rolls) {
  const bool sampled = !sample_counts.empty() && sample_rolls > 0;
  std::vector<std::string> header{"total", "outcomes", "all_outcomes", "probability", "decimal"};
  if (sampled) header.insert(header.end(), {"sampled_count", "sampled_rolls"});
  CsvTable table(header);
  const std::string all = law.outcomes.to_string();
  for (std::size_t i = 0; i < law.counts.size(); ++i) {
    const std::int64_t total = law.min_total + static_cast<std::int64_t>(i);
    const Fraction p(law.counts[i], law.outcomes);
    std::vector<std::string> row{std::to_string(total), law.counts[i].to_string(), all, p.to_string(),
                                 csv_decimal(p.to_double())};
    if (sampled) {
      // The sample's range of totals is the law's (both come from the same expression).
      const std::int64_t k = total - sample_min_total;
      const bool inside = k >= 0 && static_cast<std::uint64_t>(k) < sample_counts.size();
      row.push_back(inside ? std::to_string(sample_counts[static_cast<std::size_t>(k)]) : "0");
      row.push_back(std::to_string(sample_rolls));
    }
    table.add_row(row);
  }
  return table;
}

CsvTable face_law_matrix_csv(const std::vector<FaceLawRow>& rows) {
  std::size_t faces = 0;
  for (const FaceLawRow& r : rows) faces = std::max(faces, r.faces.size());
  std::vector<std::string> header{"method"};
  for (std::size_t f = 1; f <= faces; ++f) header.push_back("face_" + std::to_string(f));
  CsvTable table(header);
  for (const FaceLawRow& r : rows) {
    std::vector<std::string> row{r.label};
    for (const Fraction& p : r.faces) row.push_back(p.to_string());
    table.add_row(row);
  }
  return table;
}

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

CsvTable sweep_histogram_csv(const SweepStats& stats) {
  CsvTable table{"calls", "seeds"};
  for (std::size_t c = 0; c < stats.histogram.size(); ++c)
    if (stats.histogram[c]) table.add_row({std::to_string(c), std::to_string(stats.histogram[c])});
  return table;
}

}  // namespace shufflelab
