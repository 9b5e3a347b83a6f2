// lab_lanes.hpp: what a lab's assembly lane is and how it runs. Each lab's
// adapter (lfsr/lfsr_lanes, dice/dice_lanes, shuffle/shuffle_lanes,
// poker/poker_lanes) picks, for its state, the AsmAlgorithm(s) whose
// listing does what the lab animates, the AsmInputs that start the listing
// from the core's generator state just before the shown call (computed by
// jump-ahead or from the lab's own recording, never by replaying 2^40 steps),
// the instruction where the listing's state equals the lab's at its step, and
// that value as the lab shows it; or why no listing fits (a tarot mask the
// SM83 code does not hard-code, a method no listing implements...).
//
// LaneRun then runs such a lane: the shown call is the session's last call,
// with an instruction cursor inside it. The cursor's row gives the C++ line
// (the "one cursor"): the C++ lane shows that row's snippet with the line
// lit, and the WebAssembly rows carrying the same file and line light with it.
// Listings are ours (asm/<isa>/); see asm_session.hpp for what is emulated.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/asm/asm_session.hpp"
#include "core/base/result.hpp"

namespace shufflelab {

// What of the machine is compared with the lab, read at the default cursor.
struct LaneValueSpec {
  enum class Kind : std::uint8_t {
    outputs,    // the shown call's outputs (byte, value, card; a deck or hand is several)
    memory,     // `bytes` bytes of data symbol `name`, as one number (`big_endian` order) or as a list (bytes > 8)
    registers,  // the registers of `name` ("BCDE"), concatenated, first most significant
  };
  Kind kind = Kind::outputs;
  std::string name;
  std::uint32_t bytes = 0;
  bool big_endian = true;
};

struct LabLane {
  AsmAlgorithm algorithm = AsmAlgorithm::z80_lfsr;
  AsmInputs inputs;                // inputs.calls calls run; the shown call is the last
  // Default cursor: the moment the row labelled `mark_label` is about to run
  // for the mark_count-th time in the shown call; empty label: the call's end.
  std::string mark_label;
  std::uint32_t mark_count = 0;
  LaneValueSpec value;
  std::vector<std::uint64_t> lab_value;  // the lab's value at its step, as `value` reads the machine
  std::string lab_label;                 // what that value is, e.g. "register at bit-step 13"
  std::string call_label;                // which call is shown, e.g. "LFSR() call 2 (bit-steps 9..16)"
  std::string note;                      // a caveat, or ""
};

struct LabLanes {
  std::vector<LabLane> lanes;
  std::string none;  // why there is no lane (when lanes is empty), naming what has one
};

// What the labs' adapters build lanes with.
inline LabLanes no_lanes(std::string why) {
  LabLanes out;
  out.none = std::move(why);
  return out;
}
inline LaneValueSpec memory_value(std::string_view symbol, std::uint32_t bytes, bool big_endian) {
  return {LaneValueSpec::Kind::memory, std::string(symbol), bytes, big_endian};
}
// The same lane on the 6502 listing's routine that does the same work (its
// data symbols carry the same names); a start-of-call mark moves to its entry.
LabLane lane_on_6502(LabLane lane, AsmAlgorithm algorithm);
// A call of a listing that starts from the state at the lab's previous step:
// at step 0 the first call is shown before it runs (cursor 0, value = the seed).
void mark_start_or_end(LabLane& lane, bool at_start);

// The core's wasm functions (asm_program(AsmIsa::wasm) routines) of the C++
// the algorithm's listing does; empty in native builds.
std::vector<std::string_view> lane_wasm_functions(AsmAlgorithm algorithm);

// A lane's session stopped at an instruction cursor inside the shown call.
class LaneRun {
 public:
  // Runs the lane and stops at its default cursor.
  static Result<LaneRun> start(const LabLane& lane);

  const LabLane& lane() const { return lane_; }
  const AsmSession& session() const { return session_; }
  std::uint64_t call_length() const { return call_length_; }  // instructions of the shown call
  std::uint64_t default_cursor() const { return default_cursor_; }
  std::uint64_t cursor() const { return cursor_; }            // instructions run in the shown call
  // Moves the cursor (clamped to the call); going back re-runs from the start.
  Result<bool> seek(std::uint64_t cursor);

  // The lit row: the next instruction, or the last one at the end of the call.
  std::ptrdiff_t lit_row() const;
  // The C++ snippet the C++ lane shows for the lit row, and the lit line (0: none).
  const CppSnippet* snippet() const;
  std::string_view cpp_file() const;
  std::uint32_t cpp_line() const;
  // The machine's value as lane().value reads it, now.
  std::vector<std::uint64_t> value() const;
  bool agrees() const { return value() == lane_.lab_value; }

 private:
  LaneRun(LabLane lane, AsmSession session) : lane_(std::move(lane)), session_(std::move(session)) {}
  Result<bool> run_to(std::uint64_t cursor);

  LabLane lane_;
  AsmSession session_;
  std::uint64_t call_start_ = 0;  // session steps before the shown call
  std::uint64_t call_length_ = 0;
  std::uint64_t default_cursor_ = 0;
  std::uint64_t cursor_ = 0;
  std::uint64_t steps_ = 0;  // session steps run
};

// The rows of `routine` whose C++ line is file:line (the wasm lane's lit rows).
std::vector<std::size_t> rows_on_cpp_line(const AsmProgram& program, const AsmRoutine& routine,
                                          std::string_view file, std::uint32_t line);
// How many rows the algorithm's wasm lane has, and how many of them are lit
// for the C++ line file:line (the assembly lab's hook reports both).
struct WasmLaneCount {
  std::size_t rows = 0, lit = 0;
};
WasmLaneCount wasm_lane_count(AsmAlgorithm algorithm, std::string_view cpp_file, std::uint32_t cpp_line);

}  // namespace shufflelab
