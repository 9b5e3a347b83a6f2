// ui_lanes.hpp: the "Assembly lanes" section the labs share (draws
// core/asm/lab_lanes): for each lane the C++ of the core, our listing and the
// core's WebAssembly text side by side as table columns, one instruction
// cursor per lane (the lit listing row picks the C++ line; wasm rows of the
// same line light with it), registers, flags and memory, and the lab's value
// next to the listing's. draw_code_table is also the assembly lab's view.
#pragma once
#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/dice/dice_lanes.hpp"
#include "core/lfsr/lfsr_lanes.hpp"
#include "core/poker/poker_lanes.hpp"
#include "core/shuffle/shuffle_lanes.hpp"
#include "core/base/job_slot.hpp"  // setup_key: what the lanes were made for

namespace shufflelab::ui {

// Rows last scrolled to, so a lane only scrolls when its lit row moves.
struct LaneScroll {
  std::ptrdiff_t cpp = -2, listing = -2, wasm = -2;
};

// C++ | listing | WebAssembly columns for `session` with `lit_row` lit;
// `height` of the code (0: 15 lines' worth).
void draw_code_table(const char* id, const AsmSession& session, std::ptrdiff_t lit_row, LaneScroll& scroll,
                     float height = 0.0f);
// Registers, flags and data memory of the session, wrapped.
void draw_machine_state(const AsmSession& session);

class LanesView {
 public:
  using MakeLanes = std::function<LabLanes()>;
  // Recomputes the lanes when `key` (the lab's link text) changed and they are open.
  void refresh(bool open, const std::string& key, const MakeLanes& make);
  // The collapsible section; `open` is the lab's link field. Returns true if the user toggled it.
  bool draw(bool& open, const std::string& key, const MakeLanes& make);
  // Test hooks: lane_step, lane_back, lane_end, lane_mark, lane_cursor=N (every lane).
  bool command(std::string_view name);
  // ,"lanes":{...} for a panel's describe_json (starts with a comma).
  std::string describe_json_field() const;

 private:
  void draw_lane(std::size_t index);

  std::string key_;
  bool built_ = false;
  bool open_ = false;
  std::string none_;
  std::string error_;
  std::vector<LaneRun> runs_;
  std::vector<LaneScroll> scroll_;
};

}  // namespace shufflelab::ui
