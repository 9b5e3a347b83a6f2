#include "ui/ui_gallery.hpp"

#include "imgui.h"
#include "ui/panel_context.hpp"
#include "ui/kit/layout.hpp"
#include "ui/kit/widgets.hpp"

namespace shufflelab::ui {

const std::vector<GalleryEntry>& GalleryPanel::entries() {
  if (!built_) entries_ = gallery_entries(), built_ = true;  // computed once, on first view
  return entries_;
}

std::string GalleryPanel::draw() {
  std::string open;
  ImGui::TextUnformatted("Findings");
  help_marker("Each number below was computed just now by the same core the labs use.");
  explain("What the source articles claim, and what the numbers say. Open an entry to see it in its lab.");
  const float em = ImGui::GetFontSize();
  for (const auto& e : entries()) {
    ImGui::PushID(e.link.c_str());
    ImGui::Spacing();
    // The Open button beside the entry when there is room, under it on a phone.
    const bool beside = ImGui::GetContentRegionAvail().x - em * 6.0f > em * 20.0f;
    ImGui::BeginGroup();
    ImGui::PushTextWrapPos(beside ? ImGui::GetCursorPosX() + ImGui::GetContentRegionAvail().x - em * 6.0f : 0.0f);
    ImGui::PushStyleColor(ImGuiCol_Text, colors::kAccent);
    ImGui::TextUnformatted(e.title.c_str());
    ImGui::PopStyleColor();
    const std::string source = "(" + e.source + ")";
    flow(ImGui::CalcTextSize(source.c_str()).x);
    ImGui::PushStyleColor(ImGuiCol_Text, colors::kMuted);
    ImGui::TextUnformatted(source.c_str());
    ImGui::PopStyleColor();
    ImGui::TextUnformatted(e.text.c_str());
    ImGui::PopTextWrapPos();
    ImGui::EndGroup();
    if (beside) ImGui::SameLine(ImGui::GetWindowContentRegionMax().x - em * 5.0f);
    if (ImGui::Button("Open", ImVec2(em * 5.0f, 0))) open = e.link;
    ImGui::Separator();
    ImGui::PopID();
  }
  return open;
}

std::string GalleryPanel::describe_json() {
  std::string out = "{\"entries\":[";
  bool first = true;
  for (const auto& e : entries()) {
    out += (first ? "" : ",") + std::string("{\"title\":") + json_string(e.title) + ",\"link\":" + json_string(e.link) +
           ",\"text\":" + json_string(e.text) + "}";
    first = false;
  }
  return out + "]}";
}

}  // namespace shufflelab::ui
