#include "ui/ui_about.hpp"

#include <string>

#include "core/gen/dieharder_record.hpp"
#include "imgui.h"
#include "ui/kit/widgets.hpp"

namespace shufflelab::ui {

namespace {
// data/dieharder.tsv: generator, test, p-value, verdict (header line first).
void draw_dieharder_table() {
  static const char* kStreams[][2] = {
      {"tarot32 CF", "--gen tarot32 --mask CF --seed 00000001"}, {"tarot32 AF", "--gen tarot32 --mask AF --seed 00000001"},
      {"z80", "--gen z80 --seed 0102030405060708"},               {"lcg32 onechip", "--gen lcg32 --preset onechip --seed 1"},
      {"lcg32 randu", "--gen lcg32 --preset randu --seed 1"},     {"glibc rand", "--gen glibc --seed 1"},
      {"xoshiro256**", "--gen xoshiro256ss --seed 42"}};
  const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_SizingFixedFit;
  if (!ImGui::BeginTable("dieharder", 4, flags)) return;
  ImGui::TableSetupColumn("generator");
  ImGui::TableSetupColumn("test");
  ImGui::TableSetupColumn("p-value");
  ImGui::TableSetupColumn("verdict");
  ImGui::TableHeadersRow();
  for (const DieharderRow& row : dieharder_record()) {
    const std::string* cells[4] = {&row.generator, &row.test, &row.p_value, &row.verdict};
    ImGui::TableNextRow();
    for (int i = 0; i < 4; ++i) {
      ImGui::TableSetColumnIndex(i);
      if (i == 3) {
        const ImVec4 colour = row.verdict == "FAILED" ? colors::kError : row.verdict == "WEAK" ? colors::kAccent : colors::kGood;
        ImGui::TextColored(colour, "%s", row.verdict.c_str());
      } else {
        ImGui::TextUnformatted(cells[i]->c_str());
      }
      if (ImGui::IsItemHovered()) {
        for (const auto& s : kStreams)
          if (row.generator == s[0])
            ImGui::SetTooltip("shufflelab stream %s --bytes 800000000 | dieharder -g 200 -d N -p 10", s[1]);
      }
    }
  }
  ImGui::EndTable();
}
}  // namespace

void draw_about_panel() {
  ImGui::TextUnformatted("About shufflelab");
  explain("A playground for how computers shuffle cards and roll dice. One C++ core computes every number "
          "you see here; the same code runs in this page (WebAssembly) and in the shufflelab command.");

  section("The labs");
  bullet("Findings: what the articles claim next to what the numbers say, one click from each lab.");
  bullet("LFSR: step any generator bit by bit, scrub to any step, see its bit plane, and get the "
                    "exact period of any seed from GF(2) algebra (and check it by stepping).");
  bullet("Dice: every way of squeezing random bits into a range, with the exact chance of each face, "
                    "the bits it costs, sampling with chi-square, and dice expressions.");
  bullet("Shuffle: animate every shuffle from the articles fed by any generator and method, measure "
                    "its bias exactly or by sampling, count reachable decks, predict a clock-seeded deck.");
  bullet("One Chip poker: deal ten cards from an LCRNG call by call, and check all 2^32 seeds.");
  bullet("Assembly: Z80, Game Boy, 6502, x86-64, PIC and WebAssembly next to the C++, stepping together.");
  bullet("Every state is a link: copy it, or embed one lab in a page with embed=1.");

  section("Source articles");
  explain("The algorithms come from these articles; the playground reproduces each one as written and "
          "lets you check its claims with numbers computed here.");
  bullet("Vi Grey, \"Dev Log 3\" of the Game Boy tarot project: a 32-bit LFSR, "
                    "a coin-flip dice roller after Lumbroso, and a Fisher-Yates shuffle.");
  bullet("James D. Lin, shuffle.c (2003): a shuffle driven by rand() / RAND_MAX.");
  bullet("\"Rolling D20s on the Z80; and other random thoughts about randomness\" (2023).");
  bullet("Marc B. Reynolds, a PDEP/TZCNT bitset Fisher-Yates shuffle for n <= 64 (2023).");
  bullet("One Chip Video Poker project, \"Dealing\": an LCRNG deal of ten cards on a PIC.");

  section("Statistical tests (recorded)");
  explain("Debian's dieharder run on each generator's output stream (short runs, 10 p-values each). These "
          "are recorded results, not computed in your browser; reproduce a row with the command shown when you "
          "hover it. A linear generator such as an LFSR fails the binary-rank test whatever its mask.");
  draw_dieharder_table();

  section("Keys");
  bullet("Space: run or pause. Right / Left arrow: one step forward / back.");
}

}  // namespace shufflelab::ui
