// The Check panel's paste box, driven as a person does: Tab into it, then
// Ctrl+V with more text than it holds (ImGui inserts nothing then), or a phone's
// paste arriving as characters (ImGui inserts what fits): the panel must say so
// and give the limit.
#include <gtest/gtest.h>

#include <string>

#include "imgui.h"
#include "ui/ui_check.hpp"

namespace {

std::string clipboard;

TEST(UiCheck, APasteLongerThanTheBoxIsRefusedWithTheLimit) {
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.DisplaySize = ImVec2(1280, 800);
  io.DeltaTime = 1.0f / 60.0f;
  io.IniFilename = nullptr;
  io.KeyMap[ImGuiKey_Tab] = 9;
  io.KeyMap[ImGuiKey_V] = 'V';
  io.GetClipboardTextFn = [](void*) { return clipboard.c_str(); };
  unsigned char* pixels = nullptr;
  int w = 0, h = 0;
  io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);

  shufflelab::InlineJobRunner jobs;
  shufflelab::CheckLabState state;
  shufflelab::CheckLabSession session{state, jobs};
  shufflelab::ui::CheckPanel panel;
  shufflelab::ui::PanelContext ctx;
  ctx.jobs = &jobs;
  const auto frame = [&](int key, bool ctrl) {
    io.KeyCtrl = ctrl;
    for (bool& down : io.KeysDown) down = false;
    if (key) io.KeysDown[key] = true;
    ImGui::NewFrame();
    ImGui::SetNextWindowPos(ImVec2(0, 0));
    ImGui::SetNextWindowSize(io.DisplaySize);
    ImGui::Begin("check");
    panel.draw(session, ctx);
    ImGui::End();
    ImGui::Render();
  };
  frame(0, false);
  frame(9, false);  // Tab: the paste box is the panel's first text field
  frame(0, false);  // focused while drawn; io says so from the next frame
  frame(0, false);
  ASSERT_TRUE(io.WantTextInput);

  clipboard = std::string(100, '1');  // fits: pasted, no message
  frame('V', true);
  frame(0, false);
  EXPECT_EQ(panel.paste_refusal(), "");

  clipboard = std::string(300000, '2');
  frame('V', true);
  frame(0, false);
  EXPECT_NE(panel.paste_refusal().find("Nothing was pasted: the text has 300,000 bytes and this box holds at most 262,143"),
            std::string::npos)
      << panel.paste_refusal();
  EXPECT_NE(panel.paste_refusal().find("100 already in it"), std::string::npos) << panel.paste_refusal();

  // A phone's keyboard pastes through the page's hidden field: the text arrives as characters,
  // which ImGui inserts until the box is full. 262,043 more fit after the 100 already there.
  io.AddInputCharactersUTF8(std::string(300000, '3').c_str());
  frame(0, false);
  EXPECT_NE(panel.paste_refusal().find("The box is full: of the 300,000 bytes typed or pasted, only the first 262,043 fit"),
            std::string::npos)
      << panel.paste_refusal();
  io.AddInputCharactersUTF8("4");  // typing into the full box: still full, nothing new to say
  frame(0, false);
  EXPECT_NE(panel.paste_refusal().find("of the 1 byte typed or pasted, only the first 0 fit"), std::string::npos) << panel.paste_refusal();
  ImGui::DestroyContext();
}

}  // namespace
