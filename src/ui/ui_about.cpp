#include "ui/ui_about.hpp"

#include "imgui.h"
#include "ui/ui_widgets.hpp"

namespace shufflelab::ui {

void draw_about_panel() {
  ImGui::TextUnformatted("About shufflelab");
  explain("A playground for how computers shuffle cards and roll dice. One C++ core computes every number "
          "you see here; the same code runs in this page (WebAssembly) and in the shufflelab command.");

  section("The labs");
  ImGui::BulletText("LFSR: step a linear feedback shift register one bit at a time and watch the mask\n"
                    "being XORed in. Every state is a link you can share.");

  section("Source articles");
  explain("The algorithms come from these articles; the playground reproduces each one as written and "
          "lets you check its claims with numbers computed here.");
  ImGui::BulletText("Vi Grey, \"Dev Log 3\" of the Game Boy tarot project: a 32-bit LFSR,\n"
                    "a coin-flip dice roller after Lumbroso, and a Fisher-Yates shuffle.");
  ImGui::BulletText("James D. Lin, shuffle.c (2003): a shuffle driven by rand() / RAND_MAX.");
  ImGui::BulletText("\"Rolling D20s on the Z80; and other random thoughts about randomness\" (2023).");
  ImGui::BulletText("Marc B. Reynolds, a PDEP/TZCNT bitset Fisher-Yates shuffle for n <= 64 (2023).");
  ImGui::BulletText("One Chip Video Poker project, \"Dealing\": an LCRNG deal of ten cards on a PIC.");

  section("Keys");
  ImGui::BulletText("Space: run or pause. Right / Left arrow: one step forward / back.");
}

}  // namespace shufflelab::ui
