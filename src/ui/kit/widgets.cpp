#include "ui/kit/widgets.hpp"

#include <algorithm>
#include <string>

#include "ui/kit/layout.hpp"

namespace shufflelab::ui {

void apply_theme(Theme theme) {
  ImGuiStyle& style = ImGui::GetStyle();
  if (theme == Theme::dark) {
    ImGui::StyleColorsDark(&style);
    style.Colors[ImGuiCol_WindowBg] = ImVec4(0.09f, 0.10f, 0.13f, 1.0f);
    style.Colors[ImGuiCol_ChildBg] = ImVec4(0.11f, 0.12f, 0.16f, 1.0f);
    colors::kError = {0.95f, 0.45f, 0.40f, 1.0f};
    colors::kMuted = {0.62f, 0.65f, 0.72f, 1.0f};
    colors::kAccent = {0.98f, 0.78f, 0.35f, 1.0f};
    colors::kGood = {0.45f, 0.85f, 0.55f, 1.0f};
    colors::kNoticeBg = {0.35f, 0.16f, 0.14f, 1.0f};
    colors::kViewBg = IM_COL32(24, 27, 36, 255);
    colors::kViewGrid = IM_COL32(60, 66, 82, 255);
    colors::kViewFrame = IM_COL32(90, 96, 112, 255);
    colors::kViewLabel = IM_COL32(160, 166, 180, 255);
    colors::kViewText = IM_COL32(220, 224, 235, 255);
    colors::kCellOff = IM_COL32(48, 54, 70, 255);
    colors::kCellOn = IM_COL32(250, 200, 90, 255);
    colors::kSeriesA = IM_COL32(78, 124, 206, 255);
    colors::kSeriesAMark = IM_COL32(175, 210, 255, 255);
    colors::kSeriesB = IM_COL32(250, 165, 55, 215);
    colors::kSeriesC = IM_COL32(120, 200, 255, 255);
    colors::kBand = IM_COL32(110, 220, 130, 255);
    colors::kWarn = IM_COL32(240, 80, 70, 255);
    colors::kReference = IM_COL32(235, 235, 235, 210);
    colors::kHover = IM_COL32(255, 255, 255, 28);
    colors::kShadow = IM_COL32(20, 20, 28, 200);
    colors::kFocusRing = {1.0f, 0.80f, 0.20f, 1.0f};  // amber
    style.Colors[ImGuiCol_NavHighlight] = ImVec4(0, 0, 0, 0);  // ImGui's thin ring, drawn by some widgets only: ours instead
    style.Colors[ImGuiCol_TextDisabled] = colors::kMuted;  // (?) marks and hints: ImGui's grey is under 4.5:1 here
    return;
  }
  ImGui::StyleColorsLight(&style);
  style.Colors[ImGuiCol_Text] = ImVec4(0.0f, 0.0f, 0.0f, 1.0f);
  style.Colors[ImGuiCol_WindowBg] = ImVec4(1.0f, 1.0f, 1.0f, 1.0f);
  style.Colors[ImGuiCol_ChildBg] = ImVec4(0.96f, 0.96f, 0.97f, 1.0f);
  style.Colors[ImGuiCol_Border] = ImVec4(0.35f, 0.35f, 0.40f, 0.8f);
  style.Colors[ImGuiCol_Button] = ImVec4(0.78f, 0.85f, 0.96f, 1.0f);
  style.Colors[ImGuiCol_FrameBg] = ImVec4(0.90f, 0.91f, 0.94f, 1.0f);
  style.Colors[ImGuiCol_NavHighlight] = ImVec4(0, 0, 0, 0);
  colors::kFocusRing = {0.75f, 0.22f, 0.0f, 1.0f};  // dark orange on white and blue
  colors::kError = {0.72f, 0.05f, 0.05f, 1.0f};
  colors::kMuted = {0.25f, 0.27f, 0.32f, 1.0f};
  style.Colors[ImGuiCol_TextDisabled] = colors::kMuted;  // (?) marks and hints: ImGui's pale grey is 2.8:1 on white
  colors::kAccent = {0.55f, 0.30f, 0.0f, 1.0f};
  colors::kGood = {0.0f, 0.45f, 0.12f, 1.0f};
  colors::kNoticeBg = {0.99f, 0.88f, 0.86f, 1.0f};
  // Views: near-white backgrounds with dark ink; series darkened to keep
  // contrast against white (projectors wash out pale colours).
  colors::kViewBg = IM_COL32(250, 250, 252, 255);
  colors::kViewGrid = IM_COL32(196, 200, 210, 255);
  colors::kViewFrame = IM_COL32(110, 114, 126, 255);
  colors::kViewLabel = IM_COL32(50, 54, 64, 255);
  colors::kViewText = IM_COL32(0, 0, 0, 255);
  colors::kCellOff = IM_COL32(214, 218, 228, 255);
  colors::kCellOn = IM_COL32(245, 180, 40, 255);
  colors::kSeriesA = IM_COL32(40, 95, 190, 255);
  colors::kSeriesAMark = IM_COL32(10, 35, 100, 255);
  colors::kSeriesB = IM_COL32(225, 120, 10, 220);
  colors::kSeriesC = IM_COL32(0, 110, 200, 255);
  colors::kBand = IM_COL32(0, 140, 45, 255);
  colors::kWarn = IM_COL32(200, 20, 20, 255);
  colors::kReference = IM_COL32(20, 20, 20, 210);
  colors::kHover = IM_COL32(0, 0, 0, 28);
  colors::kShadow = IM_COL32(255, 255, 255, 200);
}

std::string g_help_shown;  // the help text shown this frame (the web app's test hook reads it)
std::string g_help_focused;  // the help mark under the keyboard's focus ring this frame (test hook)

// "(?)": the text shows while a mouse hovers it; a tap or click keeps it open
// until the next tap anywhere (touch screens have no hover). The tap area
// reaches the frame padding around the mark.
void help_marker(const char* text) {
  static ImGuiID open_id = 0;
  flow(ImGui::CalcTextSize("(?)").x);  // beside the item it explains, or below it at the edge
  ImGui::TextDisabled("(?)");
  const ImGuiID id = ImGui::GetID(text);
  const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
  const ImVec2 pad = ImGui::GetStyle().FramePadding;
  if (keyboard_navigation()) {
    // The mark becomes a focusable item: Space or Enter opens its text in a popup, Escape closes it.
    ImGui::SetCursorScreenPos(a);
    ImGui::PushID(text);
    if (ImGui::InvisibleButton("##mark", ImVec2(b.x - a.x, b.y - a.y))) ImGui::OpenPopup("##help");
    if (ImGui::IsItemFocused()) g_help_focused = text;
    if (ImGui::BeginPopup("##help")) {
      ImGui::PushTextWrapPos(std::min(ImGui::GetFontSize() * 32.0f, ImGui::GetIO().DisplaySize.x * 0.85f));
      ImGui::TextUnformatted(text);
      ImGui::PopTextWrapPos();
      ImGui::EndPopup();
      g_help_shown = text;
    }
    ImGui::PopID();
  }
  const bool over = ImGui::IsWindowHovered() &&
                    ImGui::IsMouseHoveringRect(ImVec2(a.x - pad.x, a.y - pad.y), ImVec2(b.x + pad.x, b.y + pad.y), false);
  if (ImGui::IsMouseClicked(ImGuiMouseButton_Left)) {
    if (over) open_id = open_id == id ? 0 : id;
    else if (open_id == id) open_id = 0;
  }
  const bool open = open_id == id;
  if (!open && !over) return;  // the mouse, not the focus ring (that opens the popup above)
  const float display_w = ImGui::GetIO().DisplaySize.x;
  if (open && !over && display_w > 0.0f)  // below the mark, kept on screen
    ImGui::SetNextWindowPos(ImVec2(a.x, b.y + pad.y), ImGuiCond_Always, ImVec2(std::clamp(a.x / display_w, 0.0f, 1.0f), 0.0f));
  ImGui::BeginTooltip();
  ImGui::PushTextWrapPos(std::min(ImGui::GetFontSize() * 32.0f, display_w * 0.85f));
  ImGui::TextUnformatted(text);
  ImGui::PopTextWrapPos();
  ImGui::EndTooltip();
  g_help_shown = text;
}

void field_error(const std::string& message) {
  if (message.empty()) return;
  ImGui::PushStyleColor(ImGuiCol_Text, colors::kError);
  ImGui::TextWrapped("%s", message.c_str());
  ImGui::PopStyleColor();
}

void explain(const char* text) {
  ImGui::PushStyleColor(ImGuiCol_Text, colors::kMuted);
  ImGui::TextWrapped("%s", text);
  ImGui::PopStyleColor();
}

void bullet(const char* text) {
  ImGui::Bullet();
  ImGui::TextWrapped("%s", text);
}

void section(const char* title) {
  ImGui::Spacing();
  ImGui::PushStyleColor(ImGuiCol_Text, colors::kAccent);
  ImGui::TextUnformatted(title);
  ImGui::PopStyleColor();
  ImGui::Separator();
}

MonoFont::MonoFont() {
  ImFontAtlas* atlas = ImGui::GetIO().Fonts;
  if (atlas->Fonts.Size > 1) ImGui::PushFont(atlas->Fonts[1]), pushed_ = true;
}

MonoFont::~MonoFont() {
  if (pushed_) ImGui::PopFont();
}

bool wrapped_selectable(const char* id, const std::string& label, bool selected) {
  const float width = ImGui::GetContentRegionAvail().x;
  const ImVec2 text = ImGui::CalcTextSize(label.c_str(), nullptr, false, width);
  const ImVec2 at = ImGui::GetCursorScreenPos();
  const bool clicked = ImGui::Selectable(id, selected, 0, ImVec2(width, text.y));
  ImGui::GetWindowDrawList()->AddText(ImGui::GetFont(), ImGui::GetFontSize(), at, ImGui::GetColorU32(ImGuiCol_Text),
                                      label.c_str(), nullptr, width);
  return clicked;
}

float stepper_width(float text_em) {
  const ImGuiStyle& style = ImGui::GetStyle();
  return ImGui::GetFontSize() * text_em + 2.0f * (ImGui::GetFrameHeight() + style.ItemInnerSpacing.x);
}

WideRegion::WideRegion(const char* id, float width, float height) {
  if (width <= ImGui::GetContentRegionAvail().x) return;
  child_ = true;
  ImGui::BeginChild(id, ImVec2(0, height + ImGui::GetStyle().ScrollbarSize + ImGui::GetFontSize() * 0.3f), false,
                    ImGuiWindowFlags_HorizontalScrollbar);
}

WideRegion::~WideRegion() {
  if (child_) ImGui::EndChild();
}

bool hex_field(const char* label, char* buffer, std::size_t size, float width) {
  ImGui::SetNextItemWidth(width);
  const bool edited = ImGui::InputText(label, buffer, size, ImGuiInputTextFlags_CharsHexadecimal | ImGuiInputTextFlags_CharsUppercase);
  declare_text_field(TextFieldKind::hex);
  return edited;
}

}  // namespace shufflelab::ui
