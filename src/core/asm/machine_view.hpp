// machine_view.hpp: a listing's run at one instruction as the lanes draw it
// (src/ui/ui_lanes: the C++, listing and WebAssembly columns, registers,
// flags and memory, the lab's value beside the listing's), made in the
// worker's core module by the "asm_lanes" job and read back by the app, so
// the app's download holds neither the interpreters, the listings nor the C++
// snippets (docs/architecture.md, "What loads when").
//
// The job's text is the lab's lanes (core/asm/lab_lanes, made by the lab's
// adapter in the app) with one instruction cursor each; its payload is every
// lane's view. Both are text, one record a line, fields split by spaces, each
// text percent-encoded:
//   shufflelab lane request 1
//   none TEXT
//   lane ALGO SEED X N CALLS MARK MARK_COUNT KIND NAME BYTES BIG_ENDIAN LAB_LABEL CALL_LABEL NOTE CURSOR
//   labvalue V...                   (of the lane above; CURSOR "-": the lane's default cursor)
// and
//   shufflelab lanes 1
//   none TEXT | error TEXT
//   lane ALGO TITLE CALL_LABEL LAB_LABEL NOTE LAB_TEXT LANE_TEXT CURSOR DEFAULT LENGTH
//   labvalue V... | lanevalue V...  (of the lane above)
//   machine ISA_ID ISA_NAME CYCLE_UNIT LIT_ROW CPP_LINE INSTRUCTIONS CYCLES CPP_FILE CPP_FIRST CPP_LIT NO_WASM REGS FLAGS
//   row ROW ADDRESS LABEL CODE TEXT COMMENT HOVER | cpp TEXT | wasm CPP_LINE LIT TEXT HOVER | memory TEXT
//                                   (of the machine above)
// The Assembly lab's stepper is the "asm_run" job (parameters: the lab's link
// fields, encode_asm_lab, without the reader's source, which is the job's
// text); its payload:
//   shufflelab asm run 1
//   run T DONE CALLS_DONE SOURCE_LINE START_ERROR ERROR NEXT_INSTRUCTION
//   outputs V...
//   machine ... (as above; none when the run could not start)
// and its cost tables ("asm_costs", no parameters):
//   shufflelab asm costs 1
//   error TEXT | table GROUP TITLE | cost ISA NAME CODE_BYTES RAM CYCLES  (RAM, CYCLES: "" when none)
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/asm/asm_lab.hpp"
#include "core/asm/lab_lanes.hpp"
#include "core/base/result.hpp"

namespace shufflelab {

struct MachineListingRow {
  std::int64_t row = 0;  // the program's row
  std::uint32_t address = 0;
  std::string label, code, text, comment, hover;  // code: the encoding in hex, a space after each unit
  bool operator==(const MachineListingRow&) const = default;
};

struct MachineWasmRow {
  std::uint32_t cpp_line = 0;
  bool lit = false;  // on the lit listing row's C++ line
  std::string text, hover;
  bool operator==(const MachineWasmRow&) const = default;
};

struct MachineView {
  std::string isa_id, isa_name, cycle_unit;
  std::vector<MachineListingRow> rows;  // the routines the listing runs, in order
  std::int64_t lit_row = -1;            // the program's lit row: the next instruction, or the last one at the end
  std::uint32_t cpp_line = 0;           // the lit row's C++ line (0: none)
  std::string cpp_file;                 // the C++ snippet shown ("": none) from line cpp_first, and its lit line (0: none)
  std::uint32_t cpp_first = 0, cpp_lit = 0;
  std::vector<std::string> cpp_lines;
  std::vector<MachineWasmRow> wasm;  // the core's wasm functions of that C++
  std::string no_wasm;               // why there is no WebAssembly column, or ""
  std::string registers, flags;      // "A=3F  B=00  ", "Z=1 C=0 "
  std::vector<std::string> memory;   // "LFSR @C000: 01 02 03 04"
  std::uint64_t instructions = 0, cycles = 0;

  std::size_t wasm_lit() const;
  bool operator==(const MachineView&) const = default;
};

// The run as the lanes show it with `lit_row` lit.
MachineView make_machine_view(const AsmSession& session, std::ptrdiff_t lit_row);

struct LaneView {
  std::string algorithm, title, call_label, lab_label, note;
  std::string lab_text, lane_text;  // the two values as the lane prints them
  std::vector<std::uint64_t> lab_value, lane_value;
  std::uint64_t cursor = 0, default_cursor = 0, length = 0;
  MachineView machine;

  bool agrees() const { return lane_value == lab_value; }
  bool operator==(const LaneView&) const = default;
};

struct LaneViews {
  std::vector<LaneView> lanes;
  std::string none;   // why the lab has no lane
  std::string error;  // a lane that could not run or move, named
  bool operator==(const LaneViews&) const = default;
};

// A lab's lanes with a cursor each (none: the lane's default cursor).
struct LaneRequest {
  LabLanes lanes;
  std::vector<std::optional<std::uint64_t>> cursors;
};
std::string encode_lane_request(const LaneRequest& request);
Result<LaneRequest> decode_lane_request(std::string_view text);

// Runs each lane to its cursor (the "asm_lanes" job's work).
LaneViews make_lane_views(const LaneRequest& request);
std::string encode_lane_views(const LaneViews& views);
// The views, or what is wrong with the text (its line named).
Result<LaneViews> decode_lane_views(std::string_view text);

// The Assembly lab's run at its step.
struct AsmRunView {
  std::uint64_t t = 0;  // the step the run reached: the one asked for, or where it ended or failed
  bool done = false;
  std::uint32_t calls_done = 0;
  std::uint32_t source_line = 0;  // a reader's routine: the lit row's line in the source (0: none)
  std::string start_error;        // why the run cannot start ("": it ran)
  std::string error;              // the instruction that failed
  std::string next_instruction;   // "TEXT  ; COMMENT" of the next instruction ("": the run has finished)
  std::vector<std::uint64_t> outputs;
  MachineView machine;            // lit: the next instruction, or the last one run when done
  bool operator==(const AsmRunView&) const = default;
};
// Runs `setup`'s listing, or its reader's routine (setup.edit.on: cpu, entry, state and source), to step setup.t.
AsmRunView make_asm_run_view(const AsmLabState& setup);
std::string encode_asm_run_view(const AsmRunView& view);
Result<AsmRunView> decode_asm_run_view(std::string_view text);

// The measured cost tables as the lab's table shows them.
struct AsmCostRowView {
  std::string isa, name, code_bytes, ram, cycles;  // ram, cycles: "" when none
  bool operator==(const AsmCostRowView&) const = default;
};
struct AsmCostTableView {
  std::string group, title;
  std::vector<AsmCostRowView> rows;
  bool operator==(const AsmCostTableView&) const = default;
};
struct AsmCostsView {
  std::vector<AsmCostTableView> tables;
  std::string error;
  bool operator==(const AsmCostsView&) const = default;
};
AsmCostsView make_asm_costs_view();
std::string encode_asm_costs_view(const AsmCostsView& view);
Result<AsmCostsView> decode_asm_costs_view(std::string_view text);

}  // namespace shufflelab
