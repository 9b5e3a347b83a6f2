#include "ui/ui_gallery.hpp"

#include <string>

#include "imgui.h"
#include "ui/kit/job_row.hpp"
#include "ui/kit/layout.hpp"
#include "ui/kit/widgets.hpp"

namespace shufflelab::ui {

void GalleryPanel::draw(FindingsSession& session) {
  std::size_t open = 0;  // the entry whose Open was pressed (1 for the first), opened after drawing
  ImGui::TextUnformatted("Findings");
  help_marker("Each number below was computed just now by the same core the labs use.");
  // Present mode: the findings themselves first, their titles large.
  if (!result_first()) explain("What the source articles claim, and what the numbers say. Open an entry to see it in its lab.");
  const float em = ImGui::GetFontSize();
  const std::vector<GalleryEntry>& entries = session.entries();  // the first call starts their load
  if (entries.empty()) job_progress_row(session.job(), session.jobs(), JobRowText{nullptr, "Loading the findings..."});
  for (std::size_t k = 0; k < entries.size(); ++k) {
    const GalleryEntry& e = entries[k];
    ImGui::PushID(e.link.c_str());
    ImGui::Spacing();
    // The Open button beside the entry when there is room, under it on a phone.
    const bool beside = ImGui::GetContentRegionAvail().x - em * 6.0f > em * 20.0f;
    ImGui::BeginGroup();
    ImGui::PushTextWrapPos(beside ? ImGui::GetCursorPosX() + ImGui::GetContentRegionAvail().x - em * 6.0f : 0.0f);
    headline(colors::kAccent, e.title.c_str());
    const std::string source = "(" + e.source + ")";
    flow(ImGui::CalcTextSize(source.c_str()).x);
    ImGui::PushStyleColor(ImGuiCol_Text, colors::kMuted);
    ImGui::TextUnformatted(source.c_str());
    ImGui::PopStyleColor();
    ImGui::TextUnformatted(e.text.c_str());
    ImGui::PopTextWrapPos();
    ImGui::EndGroup();
    if (beside) ImGui::SameLine(ImGui::GetWindowContentRegionMax().x - em * 5.0f);
    if (ImGui::Button("Open", ImVec2(em * 5.0f, 0))) open = k + 1;
    ImGui::Separator();
    ImGui::PopID();
  }
  if (open) (void)session.apply({"open", std::to_string(open), true});
}

}  // namespace shufflelab::ui
