#include "ui/kit/keyboard.hpp"

#include <utility>

#include "imgui.h"
#include "imgui_internal.h"  // the navigation's focus and highlight (ImGui 1.86)
#include "ui/kit/widgets.hpp"

namespace shufflelab::ui {

namespace {
// Down now and not in the frame before (ImGui has not seen this frame's keys yet).
bool fresh(bool down, float previous_duration) { return down && previous_duration < 0.0f; }

// Whether `w` is a region the ring enters (a child window drawn as one item in its parent).
bool enterable_region(const ImGuiWindow* w) {
  return w->WasActive && (w->Flags & ImGuiWindowFlags_ChildWindow) && !(w->Flags & ImGuiWindowFlags_NavFlattened) &&
         (w->DC.NavLayersActiveMask != 0 || w->DC.NavHasScroll);
}
}  // namespace

bool keyboard_navigation() { return (ImGui::GetIO().ConfigFlags & ImGuiConfigFlags_NavEnableKeyboard) != 0; }

bool lab_shortcuts_active() { return !keyboard_navigation() && !ImGui::GetIO().WantTextInput; }

void update_keyboard_navigation() {
  static bool place_ring = false;  // the frame after navigation came on: show the ring
  ImGuiIO& io = ImGui::GetIO();
  ImGuiContext& g = *GImGui;
  // Nothing focused yet: one "down" puts the ring on the first item, as the
  // arrow would (the GLFW backend clears io.NavInputs every frame).
  if (std::exchange(place_ring, false) && keyboard_navigation() && g.NavId == 0 && !io.WantTextInput)
    io.NavInputs[ImGuiNavInput_KeyDown_] = 1.0f;
  // The ring arriving on a region drawn as one item (the lesson box, the lab)
  // goes on into it, as Space would. Coming out of the region (Escape) leaves
  // the ring on it.
  static ImGuiID last_nav = 0, last_nav_window = 0;
  if (keyboard_navigation() && g.NavId != 0 && g.NavId != last_nav)
    for (ImGuiWindow* w : g.Windows) {
      if (w->ChildId != g.NavId || !enterable_region(w)) continue;
      bool from_inside = false;
      for (ImGuiWindow* p = ImGui::FindWindowByID(last_nav_window); p; p = p->ParentWindow) from_inside |= p == w;
      if (!from_inside) io.NavInputs[ImGuiNavInput_Activate] = 1.0f;
    }
  last_nav = g.NavId;
  last_nav_window = g.NavWindow ? g.NavWindow->ID : 0;
  const int tab = io.KeyMap[ImGuiKey_Tab];
  const bool tab_pressed = tab >= 0 && fresh(io.KeysDown[tab], io.KeysDownDuration[tab]);
  const bool clicked = fresh(io.MouseDown[0], io.MouseDownDuration[0]) || fresh(io.MouseDown[1], io.MouseDownDuration[1]);
  if (!keyboard_navigation() && tab_pressed && !io.KeyCtrl) {
    io.ConfigFlags |= ImGuiConfigFlags_NavEnableKeyboard;
    g.NavDisableHighlight = false;
    place_ring = true;
  } else if (keyboard_navigation() && clicked) {
    io.ConfigFlags &= ~ImGuiConfigFlags_NavEnableKeyboard;
  }
}

void steer_keyboard_navigation() {
  ImGuiContext& g = *GImGui;
  if (!keyboard_navigation() || !g.NavMoveScoringItems || !g.NavWindow) return;
  // ImGui 1.86 moves sideways only to items level with the ring, so from most
  // entries of the navigation column Right found nothing. Right from a column
  // whose entries are flattened into the page goes into the region beside it.
  const ImGuiWindow* from = g.NavWindow;
  if (g.NavMoveDir != ImGuiDir_Right || !(from->Flags & ImGuiWindowFlags_NavFlattened)) return;
  ImGuiWindow* beside = nullptr;
  for (ImGuiWindow* w : g.Windows)
    if (w->ParentWindow == from->ParentWindow && w != from && enterable_region(w) && w->Pos.x >= from->Pos.x + from->Size.x &&
        (!beside || w->Pos.x < beside->Pos.x))
      beside = w;
  if (!beside) return;
  ImGui::NavMoveRequestCancel();
  g.NavActivateId = beside->ChildId;  // entered when it begins this frame, as by Space
}

bool focus_ring_rect(ImVec2& min, ImVec2& max) {
  const ImGuiContext& g = *GImGui;
  if (!keyboard_navigation() || g.NavDisableHighlight || g.NavId == 0 || !g.NavWindow) return false;
  const ImRect r = ImGui::WindowRectRelToAbs(g.NavWindow, g.NavWindow->NavRectRel[g.NavLayer]);
  min = r.Min, max = r.Max;
  return true;
}

void draw_focus_ring(float thickness) {
  ImVec2 min, max;
  if (!focus_ring_rect(min, max)) return;
  const ImGuiContext& g = *GImGui;
  // Outside the item by a gap as wide as the ring, kept within the region that shows it.
  const float out = thickness * 1.5f;
  ImDrawList* draw = ImGui::GetForegroundDrawList();
  draw->PushClipRect(g.NavWindow->OuterRectClipped.Min, g.NavWindow->OuterRectClipped.Max);
  draw->AddRect(ImVec2(min.x - out, min.y - out), ImVec2(max.x + out, max.y + out),
                ImGui::ColorConvertFloat4ToU32(colors::kFocusRing), g.Style.FrameRounding + out, 0, thickness);
  draw->PopClipRect();
}

}  // namespace shufflelab::ui
