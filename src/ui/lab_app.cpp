// lab_app.cpp: the app around the panels.
// Index of this file:
// [SECTION] Navigation entries
// [SECTION] Links, commands, CSV exports and the test hook
// [SECTION] Tours
// [SECTION] Navigation column, CSV menu, notices
// [SECTION] The frame
#include "ui/lab_app.hpp"

#include <cmath>
#include <cstdio>

#include "core/base/parse.hpp"
#include "core/base/plain_text.hpp"
#include "imgui.h"
#include "ui/ui_about.hpp"
#include "ui/kit/job_row.hpp"
#include "ui/kit/legibility.hpp"
#include "ui/kit/layout.hpp"
#include "ui/kit/widgets.hpp"

namespace shufflelab::ui {

// [SECTION] Navigation entries

namespace {
// The navigation's order and each entry's line under the lab's title (core/url_state's registry).
struct NavEntry {
  LabId id;
  const char* blurb;
};
constexpr NavEntry kNav[] = {
    {LabId::gallery, "what the articles claim vs. what the numbers say"},
    {LabId::lfsr, "step a shift register bit by bit; its exact period"},
    {LabId::dice, "squeeze random bits into a range; the exact bias"},
    {LabId::shuffle, "animate every shuffle; measure its bias"},
    {LabId::poker, "deal ten cards from an LCRNG; all 2^32 seeds"},
    {LabId::assembly, "Z80, Game Boy, 6502, x86, PIC and wasm beside the C++"},
    {LabId::chooser, "which generator and die roller for this CPU"},
    {LabId::check, "is my shuffle fair? your own decks, rolls or bytes"},
    {LabId::about, "what each lab teaches, sources"},
};
std::string title_of(LabId lab) { return std::string(lab_title(lab)); }
}  // namespace

// [SECTION] Links, commands, CSV exports and the test hook

void LabApp::open_fragment(const std::string& fragment) { session_.open(fragment); }

std::string LabApp::fragment() const { return session_.fragment(); }

// [SECTION] Tours

bool LabApp::open_tour(const Tour& tour, std::uint32_t step) { return session_.open_tour(tour, step); }
bool LabApp::go_to_step(std::uint32_t step) { return session_.go_to_step(step); }
void LabApp::leave_tour() { session_.leave_tour(); }

std::string LabApp::page_view_json() {
  // The run the Your code tab asks the page's sandbox for (docs/code_protocol.md).
  const std::string code = session_.state().lab == LabId::shuffle ? session_.shuffle().code_request_json() : "";
  return std::string("{\"lesson\":") + session_.lesson_json() + ",\"present\":" +
         (session_.state().present ? "true" : "false") + ",\"theme\":" + (theme_ == Theme::light ? "\"light\"" : "\"dark\"") +
         ",\"note\":" + json_string(session_.state().note) + (code.empty() ? "" : ",\"codeRequest\":" + code) + "}";
}

// The sender's note is the page's (page_view_json; web/note.js draws it as DOM
// text: the canvas font holds only the characters the app itself draws).
void LabApp::draw_note_and_run() {
  const std::string run = linked_run_text(session_.state());
  if (!run.empty() && !result_first()) explain(run.c_str());  // result first: the lesson bar and the Text view say it
  if (const TourHeading* lesson = session_.lesson_loading()) {
    const std::string caption = "Loading the lesson \"" + std::string(lesson->title) + "\"...";
    JobSlot<bool>& job = session_.lesson_job();
    if (job_progress_row(JobRowView{job.status, job.error, job.running(), nullptr, caption.c_str()})) (void)session_.apply("tour_exit");
  }
}

void LabApp::draw_tour_menu() {
  ImGui::TextColored(colors::kMuted, "Lessons");
  for (const TourHeading& heading : builtin_tour_headings()) {
    const std::string id(heading.id);
    ImGui::PushID(id.c_str());
    if (wrapped_selectable("##lesson", std::string(heading.title), session_.tour() && session_.tour()->id == id))
      (void)session_.apply("tour=" + id);  // loaded by a worker the first time (core/app_session.hpp)
    ImGui::PopID();
  }
  if (ImGui::Button("Open a lesson...", ImVec2(-1, 0))) ImGui::OpenPopup("tour_text");
  if (!ImGui::BeginPopup("tour_text")) return;
  ImGui::TextUnformatted("One step a line: a link, a tab, the step's text. Or drop a lesson file onto the page.");
  ImGui::InputTextMultiline("##tour", tour_paste_, sizeof tour_paste_, ImVec2(ImGui::GetFontSize() * 30.0f, ImGui::GetFontSize() * 10.0f),
                            ImGuiInputTextFlags_AllowTabInput);
  if (ImGui::Button("Open")) {
    auto parsed = parse_tour_text(tour_paste_);
    if (parsed) tour_paste_error_.clear(), open_tour(parsed.value(), 1), ImGui::CloseCurrentPopup();
    else tour_paste_error_ = parsed.error();
  }
  field_error(tour_paste_error_);
  ImGui::EndPopup();
}

std::vector<CsvExport> LabApp::csv_exports() { return session_.csv_exports(); }

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
  if (name == "theme=light" || name == "theme=dark") return theme_ = name == "theme=light" ? Theme::light : Theme::dark, true;
  if (name.rfind("ui_scale=", 0) == 0) {
    auto percent = parse_decimal("ui_scale", std::string_view(name).substr(9), 75, 250);
    return percent && set_ui_scale(static_cast<int>(*percent));
  }
  if (name.rfind("csv=", 0) == 0) return export_csv(std::string_view(name).substr(4));
  // What is the screen's goes to the panel that draws it: the assembly lanes under a lab, the LFSR
  // panel's camera and downloads. Every other command is the session's.
  const LabId lab = session_.state().lab;
  if (lab == LabId::lfsr && LfsrPanel::takes(name)) return lfsr_panel_.command(name, session_.lfsr(), ctx_);
  if (name.rfind("lane_", 0) == 0) {
    switch (lab) {
      case LabId::dice: return dice_panel_.lane_command(name, session_.dice());
      case LabId::shuffle: return shuffle_panel_.lane_command(name, session_.shuffle());
      case LabId::poker: return poker_panel_.lane_command(name, session_.poker());
      default: return false;
    }
  }
  return session_.apply(name).has_value();
}

std::vector<TextLine> LabApp::text_lines() { return session_.text(); }

std::string LabApp::describe_json() {
  // The lab's object first: drawing it asks for what it shows (the Assembly lab's run), which the
  // session's fields then report as loading.
  std::string lab;
  switch (session_.state().lab) {
    case LabId::lfsr: lab = ",\"lfsr\":" + lfsr_panel_.describe_json(session_.lfsr()); break;
    case LabId::dice: lab = ",\"dice\":" + dice_panel_.describe_json(session_.dice()); break;
    case LabId::shuffle: lab = ",\"shuffle\":" + shuffle_panel_.describe_json(session_.shuffle()); break;
    case LabId::poker: lab = ",\"poker\":" + poker_panel_.describe_json(session_.poker()); break;
    case LabId::assembly: lab = ",\"asm\":" + asm_panel_.describe_json(session_.assembly()); break;
    case LabId::gallery:
    case LabId::chooser:
    case LabId::check:
    case LabId::about: lab = session_.describe_lab_json(); break;
  }
  char timing[128];
  std::snprintf(timing, sizeof timing, "\"frames\":%lld,\"frameBuildMs\":%.3f,\"frameTotalMs\":%.3f", frames_,
                frame_build_ms_, frame_total_ms_);
  std::string out = "{" + session_.describe_json_fields() +
                    ",\"prefs\":{\"scale\":" + std::to_string(ui_scale_percent_) + ",\"theme\":" +
                    json_string(theme_ == Theme::light ? "light" : "dark") + ",\"colors\":" + theme_colors_json() + "}," + timing +
                    ",\"nav\":" + (nav_rects_json_.empty() ? "{}" : nav_rects_json_);
  out += ",\"csv\":[";
  bool first = true;
  for (const CsvExport& e : csv_exports()) out += (first ? "" : ",") + json_string(e.id), first = false;
  out += "]";
  return out + lab + "}";
}

// The theme's text and background colours as #rrggbb (a test checks their contrast).
std::string LabApp::theme_colors_json() const {
  const auto hex = [](const ImVec4& c) {
    char out[16];
    const auto byte = [](float v) { return static_cast<int>(std::lround(std::clamp(v, 0.0f, 1.0f) * 255.0f)); };
    std::snprintf(out, sizeof out, "\"#%02x%02x%02x\"", byte(c.x), byte(c.y), byte(c.z));
    return std::string(out);
  };
  const ImVec4* c = ImGui::GetStyle().Colors;
  return "{\"text\":" + hex(c[ImGuiCol_Text]) + ",\"hint\":" + hex(c[ImGuiCol_TextDisabled]) +
         ",\"muted\":" + hex(colors::kMuted) + ",\"accent\":" + hex(colors::kAccent) + ",\"error\":" + hex(colors::kError) +
         ",\"good\":" + hex(colors::kGood) + ",\"windowBg\":" + hex(c[ImGuiCol_WindowBg]) + ",\"childBg\":" + hex(c[ImGuiCol_ChildBg]) + "}";
}

// [SECTION] Navigation column, CSV menu, notices

void LabApp::draw_navigation(float width) {
  // Flattened: the arrows move from entry to entry, not onto the column as one item (kit/keyboard).
  ImGui::BeginChild("nav", ImVec2(width, 0), true, ImGuiWindowFlags_NavFlattened);
  ImGui::PushStyleColor(ImGuiCol_Text, colors::kAccent);
  ImGui::TextUnformatted("shufflelab");
  ImGui::PopStyleColor();
  explain("how computers shuffle cards and roll dice");
  ImGui::Separator();
  nav_rects_json_ = "{";
  for (const auto& entry : kNav) {
    const std::string title = title_of(entry.id);
    ImGui::PushID(title.c_str());
    if (ImGui::Selectable(title.c_str(), session_.state().lab == entry.id, 0, ImVec2(0, ImGui::GetFontSize() * 1.6f)))
      (void)session_.apply("lab=" + std::string(lab_name(entry.id)));
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
  draw_tour_menu();
  ImGui::Separator();
  draw_page_actions();
  ImGui::EndChild();
}

void LabApp::draw_page_actions() {
  if (open_share && ImGui::Button("Share... (S)", ImVec2(-1, 0))) {
    ImGui::CloseCurrentPopup();  // the phone's menu: the dialog takes its place
    open_share();
  }
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("The link for what is on screen, with a note, a QR code or as a lesson step.");
  if (ImGui::Button("Copy link", ImVec2(-1, 0))) {
    const std::string url = page_url_without_fragment + fragment();
    if (copy_to_clipboard) copy_to_clipboard(url);
    else ImGui::SetClipboardText(url.c_str());
    copy_status_ = "Link copied.";
  }
  if (ImGui::Button("Save PNG", ImVec2(-1, 0))) png_requested_ = true;
  if (ImGui::Button("Present mode", ImVec2(-1, 0))) (void)session_.apply("present=1");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("For a projector: the result first and large, the controls folded away.\nIn links: present=1.");
  draw_csv_menu();
  if (!copy_status_.empty()) ImGui::TextColored(colors::kGood, "%s", copy_status_.c_str());
  draw_preferences();
}

// Size and theme: this reader's, kept by the page (web/prefs.js), not in links.
void LabApp::draw_preferences() {
  ImGui::Spacing();
  ImGui::TextColored(colors::kMuted, "Text size");
  if (ImGui::SmallButton("A-")) preferences_chosen_ |= set_ui_scale(ui_scale_percent_ - 25);
  ImGui::SameLine();
  ImGui::Text("%d%%", ui_scale_percent_);
  ImGui::SameLine();
  if (ImGui::SmallButton("A+")) preferences_chosen_ |= set_ui_scale(ui_scale_percent_ + 25);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Ctrl+= and Ctrl+- change the size, Ctrl+0 resets it.");
  bool light = theme_ == Theme::light;
  if (ImGui::Checkbox("Light theme", &light)) theme_ = light ? Theme::light : Theme::dark, preferences_chosen_ = true;
}

void LabApp::draw_navigation_bar() {
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 11.0f);
  const NavEntry* current = &kNav[0];
  for (const auto& e : kNav)
    if (e.id == session_.state().lab) current = &e;
  if (ImGui::BeginCombo("##lab", title_of(current->id).c_str())) {
    for (const auto& e : kNav)
      if (ImGui::Selectable(title_of(e.id).c_str(), e.id == session_.state().lab))
        (void)session_.apply("lab=" + std::string(lab_name(e.id)));
    ImGui::EndCombo();
  }
  ImGui::SameLine();
  if (ImGui::Button("Menu")) ImGui::OpenPopup("page_menu");
  if (ImGui::BeginPopup("page_menu")) {
    ImGui::Dummy(ImVec2(ImGui::GetFontSize() * 16.0f, 0));  // the menu's width: buttons fill it
    draw_page_actions();
    ImGui::Separator();
    draw_tour_menu();
    ImGui::EndPopup();
  }
}

bool LabApp::set_ui_scale(int percent) {
  if (percent < 75 || percent > 250) return false;
  ui_scale_percent_ = percent;
  return true;
}

// Ctrl+= / Ctrl+- / Ctrl+0 (and the keypad's + and -): the UI scale in steps of 25%.
void LabApp::handle_preference_keys() {
  const ImGuiIO& io = ImGui::GetIO();
  if (!io.KeyCtrl) return;
  // io.KeysDown is indexed by GLFW key codes in imgui_impl_glfw (1.86).
  constexpr int kEqual = 61, kMinus = 45, kZero = 48, kKeypadSubtract = 333, kKeypadAdd = 334;
  if (ImGui::IsKeyPressed(kEqual, false) || ImGui::IsKeyPressed(kKeypadAdd, false))
    preferences_chosen_ |= set_ui_scale(ui_scale_percent_ + 25);
  if (ImGui::IsKeyPressed(kMinus, false) || ImGui::IsKeyPressed(kKeypadSubtract, false))
    preferences_chosen_ |= set_ui_scale(ui_scale_percent_ - 25);
  if (ImGui::IsKeyPressed(kZero, false)) preferences_chosen_ |= set_ui_scale(100);
}

// S opens the Share dialog, unless a text field takes the letter.
void LabApp::handle_share_key() {
  const ImGuiIO& io = ImGui::GetIO();
  constexpr int kS = 83;  // GLFW_KEY_S
  if (open_share && !io.WantTextInput && !io.KeyCtrl && !io.KeyAlt && !io.KeySuper && ImGui::IsKeyPressed(kS, false))
    open_share();
}

void LabApp::draw_csv_menu() {
  // Listing the exports builds their text; only do it while the menu is open.
  const bool any = session_.state().lab == LabId::dice || session_.state().lab == LabId::shuffle || session_.state().lab == LabId::poker;
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
  if (session_.notices().empty()) return;
  ImGui::PushStyleColor(ImGuiCol_ChildBg, colors::kNoticeBg);
  const float line = ImGui::GetTextLineHeightWithSpacing();
  const float height = line * static_cast<float>(session_.notices().size() < 4 ? session_.notices().size() + 2 : 6) + line * 0.6f;
  ImGui::BeginChild("notice", ImVec2(0, height), true);
  ImGui::PushTextWrapPos(0.0f);  // a child starts without the lab's wrapping: phones would cut the text
  const bool dismiss = ImGui::SmallButton("Dismiss");
  const char* heading = "This link had problems; the defaults are shown instead:";
  flow(ImGui::CalcTextSize(heading).x);
  ImGui::TextColored(colors::kAccent, "%s", heading);
  for (const auto& n : session_.notices()) bullet(n.c_str());
  ImGui::PopTextWrapPos();
  ImGui::EndChild();
  ImGui::PopStyleColor();
  if (dismiss) session_.set_notices({});
}

// [SECTION] The frame

void LabApp::frame(float elapsed_seconds) {
  ++frames_;
  apply_theme(theme_);
  legibility::begin_frame();
  handle_preference_keys();
  handle_share_key();
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(vp->WorkPos);
  ImGui::SetNextWindowSize(vp->WorkSize);
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                 ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus;
  ImGui::Begin("shufflelab", nullptr, flags);
  const float em = ImGui::GetFontSize();
  // Below about 900 CSS pixels at 100% the column would squeeze the lab: a bar instead.
  const bool narrow = vp->WorkSize.x < em * 56.0f;
  const bool present = session_.state().present;
  nav_rects_json_.clear();  // no navigation drawn (a bar, embedded, present mode): none in the hook
  if (!session_.state().embed && !present && !narrow) {
    draw_navigation(em * 12.0f);
    ImGui::SameLine();
  } else if (!session_.state().embed && !present) {
    draw_navigation_bar();
  }
  // The page draws the lesson bar (web/lesson_bar.js) around the canvas; on a
  // narrow screen in a lesson, and in present mode, the result comes first.
  set_result_first(present || (narrow && session_.tour()));
  ImGui::BeginChild("lab", ImVec2(0, 0), false);
  // A lesson step opens at its top, where its result is, however far the last step was scrolled.
  const std::uint32_t step = session_.tour() ? session_.state().tour_step : 0;
  if (step != scrolled_step_) ImGui::SetScrollY(0.0f), scrolled_step_ = step;
  // Every line of text in the lab wraps at its edge instead of running past it
  // (phones); child regions and tooltips keep their own setting.
  ImGui::PushTextWrapPos(0.0f);
  session_.tick(elapsed_seconds);
  if (session_.tour() && lab_shortcuts_active()) {
    if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_PageDown), false)) go_to_step(session_.state().tour_step + 1);
    if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_PageUp), false)) go_to_step(session_.state().tour_step - 1);
  }
  // (In a lesson, the lesson bar has the same button.)
  if (present && !session_.tour()) {
    if (ImGui::SmallButton("Leave present mode")) (void)session_.apply("present=0");
    if (session_.notices().empty()) ImGui::SameLine();  // the panel's title beside it: one line less above the result
  }
  draw_notices();
  draw_note_and_run();
  if (!session_.awaiting_lesson_step())  // else the lab is the lesson's step, not known until it loads
  switch (session_.state().lab) {
    case LabId::lfsr: lfsr_panel_.draw(session_.lfsr(), ctx_); break;
    case LabId::dice: dice_panel_.draw(session_.dice(), ctx_); break;
    case LabId::shuffle: shuffle_panel_.draw(session_.shuffle(), ctx_); break;
    case LabId::poker: poker_panel_.draw(session_.poker()); break;
    case LabId::assembly: asm_panel_.draw(session_.assembly(), ctx_); break;
    case LabId::gallery: gallery_panel_.draw(session_.findings()); break;
    case LabId::about: draw_about_panel(session_.about()); break;
    case LabId::chooser: chooser_panel_.draw(session_.chooser()); break;
    case LabId::check: check_panel_.draw(session_.check(), ctx_); break;
  }
  if (!ctx_.open_link.empty()) open_fragment(std::exchange(ctx_.open_link, std::string()));
  if (!ctx_.open_command.empty()) (void)session_.apply(std::exchange(ctx_.open_command, std::string()));
  ImGui::PopTextWrapPos();
  ImGui::EndChild();
  ImGui::End();
}

}  // namespace shufflelab::ui
