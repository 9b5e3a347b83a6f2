// lab_app.cpp: the app around the panels.
// Index of this file:
// [SECTION] Navigation entries
// [SECTION] Links, commands, CSV exports and the test hook
// [SECTION] Navigation column, CSV menu, notices
// [SECTION] The frame
#include "ui/lab_app.hpp"

#include <cstdio>

#include "imgui.h"
#include "ui/ui_about.hpp"
#include "ui/kit/widgets.hpp"

namespace shufflelab::ui {

// [SECTION] Navigation entries

namespace {
struct NavEntry {
  LabId id;
  const char* title;
  const char* blurb;
};
constexpr NavEntry kNav[] = {
    {LabId::gallery, "Findings", "what the articles claim vs. what the numbers say"},
    {LabId::lfsr, "LFSR", "step a shift register bit by bit; its exact period"},
    {LabId::dice, "Dice", "squeeze random bits into a range; the exact bias"},
    {LabId::shuffle, "Shuffle", "animate every shuffle; measure its bias"},
    {LabId::poker, "One Chip poker", "deal ten cards from an LCRNG; all 2^32 seeds"},
    {LabId::assembly, "Assembly", "Z80, Game Boy, x86, PIC and wasm beside the C++"},
    {LabId::about, "About", "what each lab teaches, sources"},
};
}  // namespace

// [SECTION] Links, commands, CSV exports and the test hook

void LabApp::open_fragment(const std::string& fragment) {
  DecodedState decoded = decode_fragment(fragment);
  state_ = decoded.state;
  notices_ = decoded.notices;
}

std::vector<CsvExport> LabApp::csv_exports() {
  switch (state_.lab) {
    case LabId::dice: return dice_panel_.csv_exports(state_.dice);
    case LabId::shuffle: return shuffle_panel_.csv_exports(state_.shuffle);
    case LabId::poker: return poker_panel_.csv_exports();
    default: return {};
  }
}

bool LabApp::export_csv(std::string_view id) {
  for (const CsvExport& e : csv_exports())
    if (e.id == id) {
      if (ctx_.download) ctx_.download(e.filename, "text/csv", e.text.data(), e.text.size());
      return true;
    }
  return false;
}

bool LabApp::command(const std::string& name) {
  if (name == "save_png") return png_requested_ = true;
  if (name.rfind("csv=", 0) == 0) return export_csv(std::string_view(name).substr(4));
  if (name.rfind("lab=", 0) == 0) {
    for (const auto& e : kNav)
      if (name.substr(4) == lab_name(e.id)) return state_.lab = e.id, true;
    return false;
  }
  switch (state_.lab) {
    case LabId::lfsr: return lfsr_panel_.command(name, state_.lfsr, ctx_);
    case LabId::dice: return dice_panel_.command(name, state_.dice, ctx_);
    case LabId::shuffle: return shuffle_panel_.command(name, state_.shuffle, ctx_);
    case LabId::poker: return poker_panel_.command(name, state_.poker, ctx_);
    case LabId::assembly: return asm_panel_.command(name, state_.assembly, ctx_);
    case LabId::gallery:
    case LabId::about: return false;
  }
  return false;
}

std::string LabApp::describe_json() {
  std::string notices = "[";
  for (std::size_t i = 0; i < notices_.size(); ++i) notices += (i ? "," : "") + json_string(notices_[i]);
  notices += "]";
  char timing[128];
  std::snprintf(timing, sizeof timing, "\"frames\":%lld,\"frameBuildMs\":%.3f,\"frameTotalMs\":%.3f", frames_,
                frame_build_ms_, frame_total_ms_);
  std::string out = "{\"lab\":" + json_string(lab_name(state_.lab)) + ",\"embed\":" + (state_.embed ? "true" : "false") + ",\"hash\":" + json_string(fragment()) + "," +
                    timing + ",\"nav\":" + (nav_rects_json_.empty() ? "{}" : nav_rects_json_) + ",\"notices\":" + notices;
  out += ",\"csv\":[";
  bool first = true;
  for (const CsvExport& e : csv_exports()) out += (first ? "" : ",") + json_string(e.id), first = false;
  out += "]";
  switch (state_.lab) {
    case LabId::lfsr: out += ",\"lfsr\":" + lfsr_panel_.describe_json(state_.lfsr, ctx_); break;
    case LabId::dice: out += ",\"dice\":" + dice_panel_.describe_json(state_.dice, ctx_); break;
    case LabId::shuffle: out += ",\"shuffle\":" + shuffle_panel_.describe_json(state_.shuffle, ctx_); break;
    case LabId::poker: out += ",\"poker\":" + poker_panel_.describe_json(state_.poker, ctx_); break;
    case LabId::assembly: out += ",\"asm\":" + asm_panel_.describe_json(state_.assembly, ctx_); break;
    case LabId::gallery: out += ",\"findings\":" + gallery_panel_.describe_json(); break;
    case LabId::about: break;
  }
  return out + "}";
}

// [SECTION] Navigation column, CSV menu, notices

void LabApp::draw_navigation(float width) {
  ImGui::BeginChild("nav", ImVec2(width, 0), true);
  ImGui::PushStyleColor(ImGuiCol_Text, colors::kAccent);
  ImGui::TextUnformatted("shufflelab");
  ImGui::PopStyleColor();
  explain("how computers shuffle cards and roll dice");
  ImGui::Separator();
  nav_rects_json_ = "{";
  for (const auto& entry : kNav) {
    ImGui::PushID(entry.title);
    if (ImGui::Selectable(entry.title, state_.lab == entry.id, 0, ImVec2(0, ImGui::GetFontSize() * 1.6f)))
      state_.lab = entry.id;
    ImGui::PopID();
    const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
    char rect[96];
    std::snprintf(rect, sizeof rect, "%s\"%s\":[%.0f,%.0f,%.0f,%.0f]", nav_rects_json_.size() > 1 ? "," : "",
                  std::string(lab_name(entry.id)).c_str(), a.x, a.y, b.x, b.y);
    nav_rects_json_ += rect;
    ImGui::PushStyleColor(ImGuiCol_Text, colors::kMuted);
    ImGui::PushTextWrapPos(0);
    ImGui::TextUnformatted(entry.blurb);
    ImGui::PopTextWrapPos();
    ImGui::PopStyleColor();
    ImGui::Spacing();
  }
  nav_rects_json_ += "}";
  ImGui::Separator();
  if (ImGui::Button("Copy link", ImVec2(-1, 0))) {
    const std::string url = page_url_without_fragment + fragment();
    if (copy_to_clipboard) copy_to_clipboard(url);
    else ImGui::SetClipboardText(url.c_str());
    copy_status_ = "Link copied.";
  }
  if (ImGui::Button("Save PNG", ImVec2(-1, 0))) png_requested_ = true;
  draw_csv_menu();
  if (!copy_status_.empty()) ImGui::TextColored(colors::kGood, "%s", copy_status_.c_str());
  ImGui::EndChild();
}

void LabApp::draw_csv_menu() {
  // Listing the exports builds their text; only do it while the menu is open.
  const bool any = state_.lab == LabId::dice || state_.lab == LabId::shuffle || state_.lab == LabId::poker;
  ImGui::BeginDisabled(!any || !ctx_.download);
  if (ImGui::Button("Export CSV...", ImVec2(-1, 0))) ImGui::OpenPopup("csv");
  ImGui::EndDisabled();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
    ImGui::SetTooltip("The histogram or matrix this lab shows, as a CSV file: counts and exact fractions.");
  if (!ImGui::BeginPopup("csv")) return;
  const auto exports = csv_exports();
  if (exports.empty()) ImGui::TextDisabled("Nothing to export yet: compute a law, a sample or a sweep first.");
  for (const CsvExport& e : exports)
    if (ImGui::Selectable(e.label.c_str())) ctx_.download(e.filename, "text/csv", e.text.data(), e.text.size());
  ImGui::EndPopup();
}

void LabApp::draw_notices() {
  if (notices_.empty()) return;
  ImGui::PushStyleColor(ImGuiCol_ChildBg, ImVec4(0.35f, 0.16f, 0.14f, 1.0f));
  const float line = ImGui::GetTextLineHeightWithSpacing();
  const float height = line * static_cast<float>(notices_.size() < 4 ? notices_.size() + 1 : 5) + line * 0.6f;
  ImGui::BeginChild("notice", ImVec2(0, height), true);
  ImGui::TextColored(colors::kAccent, "This link had problems; the defaults are shown instead:");
  ImGui::SameLine(ImGui::GetWindowWidth() - ImGui::GetFontSize() * 5.0f);
  const bool dismiss = ImGui::SmallButton("Dismiss");
  for (const auto& n : notices_) ImGui::BulletText("%s", n.c_str());
  ImGui::EndChild();
  ImGui::PopStyleColor();
  if (dismiss) notices_.clear();
}

// [SECTION] The frame

void LabApp::frame() {
  ++frames_;
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(vp->WorkPos);
  ImGui::SetNextWindowSize(vp->WorkSize);
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                 ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus;
  ImGui::Begin("shufflelab", nullptr, flags);
  const float em = ImGui::GetFontSize();
  const bool narrow = vp->WorkSize.x < em * 40.0f;
  if (!state_.embed) {
    draw_navigation(narrow ? em * 8.0f : em * 12.0f);
    ImGui::SameLine();
  }
  ImGui::BeginChild("lab", ImVec2(0, 0), false);
  draw_notices();
  switch (state_.lab) {
    case LabId::lfsr: lfsr_panel_.draw(state_.lfsr, ctx_); break;
    case LabId::dice: dice_panel_.draw(state_.dice, ctx_); break;
    case LabId::shuffle: shuffle_panel_.draw(state_.shuffle, ctx_); break;
    case LabId::poker: poker_panel_.draw(state_.poker, ctx_); break;
    case LabId::assembly: asm_panel_.draw(state_.assembly, ctx_); break;
    case LabId::gallery:
      if (const std::string link = gallery_panel_.draw(); !link.empty()) open_fragment(link);
      break;
    case LabId::about: draw_about_panel(); break;
  }
  ImGui::EndChild();
  ImGui::End();
}

}  // namespace shufflelab::ui
