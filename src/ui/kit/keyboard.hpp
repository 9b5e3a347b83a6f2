// keyboard.hpp: who the keys belong to. By default the labs' shortcuts
// (arrows step, Space plays, Page Up / Page Down turn a lesson's page). Tab
// switches on ImGui's keyboard navigation: a focus ring on the first
// navigation entry that arrows move (from entry to entry, and sideways into
// the lab), Space or Enter to press, Enter to edit a field, Escape to leave a
// region or close a popup, Tab to the next field. A mouse click or a touch
// switches it off again, so the shortcuts never fight the ring over the arrows.
#pragma once
#include "imgui.h"

namespace shufflelab::ui {

// True when the labs' shortcuts may act this frame (no navigation, no field being edited).
bool lab_shortcuts_active();

// Whether keyboard navigation is on (the focus ring follows the keys).
bool keyboard_navigation();

// The platform calls this before ImGui::NewFrame, after feeding the frame's keys and mouse.
void update_keyboard_navigation();
// And this right after ImGui::NewFrame, before any window: Right from the
// navigation column goes into the lab beside it.
void steer_keyboard_navigation();

// Draws the focus ring around the item keyboard navigation is on, whatever
// the widget (ImGui 1.86 draws its own thin one for some widgets only and
// none for invisible buttons such as help marks and plots): call after the
// UI's windows, before ImGui::Render. `thickness` in pixels.
void draw_focus_ring(float thickness);

// The ring's rectangle (screen pixels) when it is shown; false otherwise.
bool focus_ring_rect(ImVec2& min, ImVec2& max);

}  // namespace shufflelab::ui
