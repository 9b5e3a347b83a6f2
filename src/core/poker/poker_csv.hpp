// poker_csv.hpp: the One Chip sweep's histogram, as CSV tables
// (core/base/csv_export: RFC 4180, exact fractions beside decimals).
#pragma once
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/base/csv_export.hpp"
#include "core/poker/poker.hpp"

namespace shufflelab {

// The One Chip sweep: calls, seeds (seeds whose deal takes exactly that many calls).
CsvTable sweep_histogram_csv(const SweepStats& stats);

}  // namespace shufflelab
