#include "ui/kit/tabs.hpp"

#include "imgui.h"

namespace shufflelab::ui {

bool LinkedTabs::draw(const char* bar_id, std::span<const TabSpec> tabs, std::string& selected,
                      const std::function<bool(const std::string&)>& draw_body) {
  bool changed = false;
  if (shown_ != selected) force_frames_ = 2;
  if (ImGui::BeginTabBar(bar_id)) {
    for (const TabSpec& tab : tabs) {
      const ImGuiTabItemFlags flags = force_frames_ > 0 && selected == tab.id ? ImGuiTabItemFlags_SetSelected : 0;
      if (ImGui::BeginTabItem(tab.label, nullptr, flags)) {
        if (force_frames_ == 0 && selected != tab.id) selected = tab.id, changed = true;
        ImGui::Spacing();
        if (selected == tab.id) changed |= draw_body(selected);
        ImGui::EndTabItem();
      }
    }
    ImGui::EndTabBar();
  }
  if (force_frames_ > 0) --force_frames_;
  shown_ = selected;
  return changed;
}

}  // namespace shufflelab::ui
