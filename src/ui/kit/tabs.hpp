// tabs.hpp: a lab's tab bar whose selected tab is a link field. ImGui 1.86
// selects a tab only through a flag on a later frame, so a tab set from a
// link (or a command) is forced for two frames before a click may change it.
// A tab is taken when the press is released over it, so a swipe or a scroll
// that starts on the tab row on a phone does not switch tabs.
#pragma once
#include <functional>
#include <span>
#include <string>

namespace shufflelab::ui {

struct TabSpec {
  const char* id;     // the link value, e.g. "bias"
  const char* label;  // what the tab says
};

class LinkedTabs {
 public:
  // Draws the bar; `selected` is the link field (changed on a click, which
  // returns true); draw_body(id) draws the selected tab's content and returns
  // true if it changed the state.
  bool draw(const char* bar_id, std::span<const TabSpec> tabs, std::string& selected,
            const std::function<bool(const std::string&)>& draw_body);

 private:
  std::string shown_;
  int force_frames_ = 0;
  std::string pending_;  // a tab pressed, taken if released over it
  bool pending_hovered_ = false;
};

}  // namespace shufflelab::ui
