#include "core/dice/dice_csv.hpp"

namespace shufflelab {

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

}  // namespace shufflelab
