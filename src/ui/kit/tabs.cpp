#include "ui/kit/tabs.hpp"

#include "imgui.h"
#include "ui/kit/legibility.hpp"

namespace shufflelab::ui {

bool LinkedTabs::draw(const char* bar_id, std::span<const TabSpec> tabs, std::string& selected,
                      const std::function<bool(const std::string&)>& draw_body) {
  bool changed = false;
  if (shown_ != selected) force_frames_ = 2;
  if (ImGui::BeginTabBar(bar_id)) {
    for (const TabSpec& tab : tabs) {
      const ImGuiTabItemFlags flags = force_frames_ > 0 && selected == tab.id ? ImGuiTabItemFlags_SetSelected : 0;
      const bool open = ImGui::BeginTabItem(tab.label, nullptr, flags);
      legibility::note_tab_row(ImGui::GetItemRectMin(), ImGui::GetItemRectMax());
      if (pending_ == tab.id)
        pending_hovered_ = ImGui::IsMouseHoveringRect(ImGui::GetItemRectMin(), ImGui::GetItemRectMax());
      if (!open) continue;
      if (force_frames_ == 0 && selected != tab.id) {
        // ImGui selects a tab on the press: while the pointer is still down, the tab waits for the release.
        if (ImGui::IsMouseDown(ImGuiMouseButton_Left)) pending_ = tab.id, pending_hovered_ = true, force_frames_ = 2;
        else selected = tab.id, changed = true;
      }
      ImGui::Spacing();
      if (selected == tab.id) changed |= draw_body(selected);
      ImGui::EndTabItem();
    }
    ImGui::EndTabBar();
  }
  // Released over the pressed tab: a tap or a click takes it. A drag that started on the tab row (a
  // swipe, a scroll on a phone, which lets the touch go elsewhere) leaves the tab as it was.
  if (!pending_.empty() && !ImGui::IsMouseDown(ImGuiMouseButton_Left)) {
    if (pending_hovered_) selected = pending_, changed = true, force_frames_ = 3;  // ImGui shows the old one
    pending_.clear();
  }
  if (force_frames_ > 0) --force_frames_;
  shown_ = selected;
  return changed;
}

}  // namespace shufflelab::ui
