#include "ui/lab_app.hpp"

#include <cinttypes>
#include <cstdio>

#include "core/lfsr_lab.hpp"
#include "core/parse.hpp"
#include "imgui.h"
#include "ui/ui_about.hpp"
#include "ui/ui_widgets.hpp"

namespace shufflelab::ui {

namespace {
struct NavEntry {
  LabId id;
  const char* title;
  const char* blurb;
};
constexpr NavEntry kNav[] = {
    {LabId::lfsr, "LFSR", "step a shift register bit by bit"},
    {LabId::about, "About", "what each lab teaches, sources"},
};

std::string json_escape(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '"' || c == '\\') { out += '\\'; out += c; }
    else if (static_cast<unsigned char>(c) < 0x20) out += ' ';
    else out += c;
  }
  return out;
}
}  // namespace

void LabApp::open_fragment(const std::string& fragment) {
  DecodedState decoded = decode_fragment(fragment);
  state_ = decoded.state;
  notices_ = decoded.notices;
}

bool LabApp::command(const std::string& name) {
  if (name == "step_bit") LfsrPanel::step_bits(state_.lfsr, 1);
  else if (name == "step_byte") LfsrPanel::step_bits(state_.lfsr, 8 - static_cast<long long>(state_.lfsr.t % 8));
  else if (name == "back_bit") LfsrPanel::step_bits(state_.lfsr, -1);
  else if (name == "reset") state_.lfsr.t = 0;
  else if (name == "play") lfsr_panel_.set_playing(true);
  else if (name == "pause") lfsr_panel_.set_playing(false);
  else if (name == "check_period") lfsr_panel_.start_step_check(state_.lfsr, *jobs_);
  else if (name == "cancel_check") lfsr_panel_.cancel_step_check(*jobs_);
  else if (name == "lab=lfsr") state_.lab = LabId::lfsr;
  else if (name == "lab=about") state_.lab = LabId::about;
  else return false;
  return true;
}

std::string LabApp::describe_json() {
  const LfsrView view = lfsr_view(state_.lfsr);
  std::string notices = "[";
  for (std::size_t i = 0; i < notices_.size(); ++i) notices += (i ? ",\"" : "\"") + json_escape(notices_[i]) + "\"";
  notices += "]";
  char buf[512];
  std::snprintf(buf, sizeof buf,
                "{\"lab\":\"%s\",\"hash\":\"%s\",\"frames\":%lld,\"frameBuildMs\":%.3f,\"frameTotalMs\":%.3f,\"playing\":%s,\"lfsr\":{\"width\":%d,\"seed\":\"%s\",\"mask\":\"%s\","
                "\"t\":%" PRIu64 ",\"register\":\"%s\"},\"notices\":",
                std::string(lab_name(state_.lab)).c_str(), json_escape(fragment()).c_str(), frames_, frame_build_ms_, frame_total_ms_,
                lfsr_panel_.playing() ? "true" : "false", state_.lfsr.width,
                format_hex_upper(state_.lfsr.seed, (state_.lfsr.width + 3) / 4).c_str(),
                format_hex_upper(state_.lfsr.mask, 2).c_str(), state_.lfsr.t,
                format_hex_upper(view.lfsr.state, (state_.lfsr.width + 3) / 4).c_str());
  return std::string(buf) + notices + "," + lfsr_panel_.describe_json(*jobs_) + "}";
}

void LabApp::draw_navigation(float width) {
  ImGui::BeginChild("nav", ImVec2(width, 0), true);
  ImGui::PushStyleColor(ImGuiCol_Text, colors::kAccent);
  ImGui::TextUnformatted("shufflelab");
  ImGui::PopStyleColor();
  explain("how computers shuffle cards and roll dice");
  ImGui::Separator();
  for (const auto& entry : kNav) {
    ImGui::PushID(entry.title);
    if (ImGui::Selectable(entry.title, state_.lab == entry.id, 0, ImVec2(0, ImGui::GetFontSize() * 1.6f)))
      state_.lab = entry.id;
    ImGui::PopID();
    ImGui::PushStyleColor(ImGuiCol_Text, colors::kMuted);
    ImGui::PushTextWrapPos(0);
    ImGui::TextUnformatted(entry.blurb);
    ImGui::PopTextWrapPos();
    ImGui::PopStyleColor();
    ImGui::Spacing();
  }
  ImGui::Separator();
  if (ImGui::Button("Copy link", ImVec2(-1, 0))) {
    const std::string url = page_url_without_fragment + fragment();
    if (copy_to_clipboard) {
      copy_to_clipboard(url);
      copy_status_ = "Link copied.";
    } else {
      ImGui::SetClipboardText(url.c_str());
      copy_status_ = "Link copied.";
    }
  }
  if (!copy_status_.empty()) ImGui::TextColored(colors::kGood, "%s", copy_status_.c_str());
  ImGui::EndChild();
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
  draw_navigation(narrow ? em * 8.0f : em * 12.0f);
  ImGui::SameLine();
  ImGui::BeginChild("lab", ImVec2(0, 0), false);
  draw_notices();
  switch (state_.lab) {
    case LabId::lfsr: lfsr_panel_.draw(state_.lfsr, *jobs_); break;
    case LabId::about: draw_about_panel(); break;
  }
  ImGui::EndChild();
  ImGui::End();
}

}  // namespace shufflelab::ui
