#include "core/poker/poker_csv.hpp"

namespace shufflelab {

CsvTable sweep_histogram_csv(const SweepStats& stats) {
  CsvTable table{"calls", "seeds"};
  for (std::size_t c = 0; c < stats.histogram.size(); ++c)
    if (stats.histogram[c]) table.add_row({std::to_string(c), std::to_string(stats.histogram[c])});
  return table;
}

}  // namespace shufflelab
