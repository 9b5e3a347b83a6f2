// ui_lanes.hpp: the "Assembly lanes" section the labs share (draws
// core/asm/machine_view's lane views): for each lane the C++ of the core, our
// listing and the core's WebAssembly text side by side as table columns, one
// instruction cursor per lane (the lit listing row picks the C++ line; wasm
// rows of the same line light with it), registers, flags and memory, and the
// lab's value next to the listing's. The lab's adapter makes the lanes here;
// the "asm_lanes" job runs them in the worker's core module, and the last
// view stays on screen while the next is computed. draw_code_table is also
// the assembly lab's view.
#pragma once
#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/asm/machine_view.hpp"
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

// C++ | listing | WebAssembly columns of `machine`; `height` of the code (0: 15 lines' worth).
void draw_code_table(const char* id, const MachineView& machine, LaneScroll& scroll, float height = 0.0f);
// Registers, flags and data memory of the machine, wrapped.
void draw_machine_state(const MachineView& machine);

class LanesView {
 public:
  explicit LanesView(JobRunner& jobs) : jobs_(jobs) {}
  using MakeLanes = std::function<LabLanes()>;
  // Makes the lanes again when `key` (the lab's link text) changed and they are open, and takes the job's views.
  void refresh(bool open, const std::string& key, const MakeLanes& make);
  // The collapsible section; `open` is the lab's link field. Returns true if the user toggled it.
  bool draw(bool& open, const std::string& key, const MakeLanes& make);
  // Test hooks: lane_step, lane_back, lane_end, lane_mark, lane_cursor=N (every lane).
  bool command(std::string_view name);
  // ,"lanes":{...} for a panel's describe_json (starts with a comma); "loading" while the views shown are not
  // of the lanes and cursors asked for.
  std::string describe_json_field() const;

 private:
  // The lanes with the cursors asked for, as the job's text.
  std::string wanted() const;
  // Starts the job for wanted() unless its views are shown or a job runs (then when that one has finished).
  void request();
  bool loading() const { return open_ && shown_request_ != wanted_; }
  void move_cursors(const std::function<std::optional<std::uint64_t>(const LaneView&, std::uint64_t)>& to);
  void draw_lane(std::size_t index);

  JobRunner& jobs_;
  std::string key_;
  bool built_ = false;
  bool open_ = false;
  LabLanes lanes_;  // made for key_
  std::vector<std::optional<std::uint64_t>> cursors_;  // none: the lane's default cursor
  std::string wanted_;                                 // wanted() when last asked
  JobSlot<LaneViews> job_;
  LaneViews shown_;
  std::string shown_request_;  // the request shown_ answers (or failed for)
  std::vector<LaneScroll> scroll_;
};

}  // namespace shufflelab::ui
