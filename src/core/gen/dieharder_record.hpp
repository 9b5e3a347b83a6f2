#pragma once
// The recorded dieharder results (data/dieharder.tsv, written by
// tools/dieharder.mjs and embedded at build time): one row per generator and
// test. The About panel shows them and the chooser counts their verdicts.
#include <string>
#include <vector>

namespace shufflelab {

struct DieharderRow {
  std::string generator, test, p_value, verdict;  // verdict: PASSED, WEAK or FAILED
};

// Parsed once; rows without exactly four tab-separated cells are skipped.
const std::vector<DieharderRow>& dieharder_record();

}  // namespace shufflelab
