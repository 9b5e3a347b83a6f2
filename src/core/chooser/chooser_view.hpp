// chooser_view.hpp: the chooser as ready-to-draw strings, built in the worker
// (core/chooser/chooser_job: building the table and a pick takes 0.1-3 s) and
// carried to the panel as a Job payload. The panel, the screen-reader text,
// the test hook and the CSV export all read this one view; the panel formats
// no number itself.
//
// The payload is a header line, then every string as <decimal length>:<bytes>
// followed by a newline, lists as their count written the same way: no byte
// of a cell needs escaping, and a reader knows every length before reading.
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/result.hpp"
#include "core/chooser/chooser_lab.hpp"

namespace shufflelab {

struct ChooserTableRowView {
  std::string name, summary, lab_link;  // the generator's button, its tooltip, the LFSR lab link
  std::vector<std::string> cells;       // the columns after the generator's, as drawn
  std::vector<std::string> notes;       // a tooltip per cell ("" for none)
  bool operator==(const ChooserTableRowView&) const = default;
};

struct ChooserPickView {
  std::string headline, verdict, period, bias, reach, cost, rule;  // sentences (reach: decks only, else "")
  std::string lab_link;                    // the generator in the LFSR lab
  std::string use_label, use_link;         // the die in the Dice lab or the shuffle in the Shuffle lab
  std::string asm_link;                    // the listing in the Assembly lab ("" without one)
  std::vector<std::string> candidate_headers;
  std::vector<std::vector<std::string>> candidates;  // the trade-off table: every candidate in the rule's order
  std::string json;                               // chooser_pick_json, for scripts and the test hook
  bool operator==(const ChooserPickView&) const = default;
};

struct ChooserViewModel {
  ChooserLabState setup;  // the CPU and use it was built for
  std::string error;      // not empty: the table or the pick failed, and says why
  std::vector<std::string> table_headers;
  std::vector<ChooserTableRowView> rows;
  std::optional<ChooserPickView> pick;  // with a CPU (not for "all")
  std::vector<std::string> text_lines;  // headings and items for the screen-reader text
  std::string csv, csv_filename;        // the table as CSV (chooser_table_csv)
  bool operator==(const ChooserViewModel&) const = default;
};

// Builds the table (kept after the first call) and the pick for `setup`.
ChooserViewModel build_chooser_view(const ChooserLabState& setup);

std::string serialize_chooser_view(const ChooserViewModel& view);
// Refuses a payload that is cut short, has extra bytes, or is not a chooser
// view, naming what was expected and at which byte.
Result<ChooserViewModel> parse_chooser_view(std::string_view payload);

// The pickers' entries, without building the table: "all" then every
// instruction set with listings (the table's columns).
std::vector<std::string> chooser_cpu_ids();

}  // namespace shufflelab
