// Sections: [SECTION] Report  [SECTION] Inputs  [SECTION] Examples  [SECTION] Draw
#include "ui/ui_check.hpp"

#include <algorithm>
#include <cstring>
#include <string>

#include "core/base/plain_text.hpp"
#include "core/base/text_format.hpp"
#include "imgui.h"
#include "ui/gpu_views.hpp"
#include "ui/kit/job_row.hpp"
#include "ui/kit/layout.hpp"
#include "ui/kit/table.hpp"
#include "ui/kit/widgets.hpp"

namespace shufflelab::ui {

namespace {
constexpr int kFileSlot = 10;  // GPU texture slots of the bit pictures: file, example A, example B
const char* const kWhat[] = {"decks", "rolls", "bytes"};

void send(CheckLabSession& s, const std::string& command) { (void)s.apply(parse_lab_command(command)); }

// A job's progress row; its Cancel sends `cancel`.
template <class Result>
void progress_row(CheckLabSession& s, const JobSlot<Result>& job, const char* cancel) {
  if (job_progress_row(JobRowView{job.status, job.error, job.running()})) send(s, cancel);
}
}  // namespace

// [SECTION] Report

void CheckPanel::draw_report(const CheckShownReport& shown, int slot, PanelContext& ctx) {
  const CheckReportView& v = shown.view;
  headline(v.failed ? colors::kError : v.inconclusive ? colors::kAccent : colors::kGood, v.verdict.c_str());
  for (const std::string& line : v.diagnosis) bullet(line.c_str());
  {
    KeyValueTable facts("facts", 11.0f);
    for (const auto& [label, text] : v.facts) {
      facts.row(label.c_str());
      ImGui::TextWrapped("%s", text.c_str());
    }
  }
  // The tests: no cell wraps inside a word; where the words do not fit (phones, two examples side by side)
  // the table scrolls sideways (kit/table).
  if (Table table{"tests", {"test", "statistic", "p", "corrected p", "result"}, ImGuiTableFlags_Borders, true}) {
    for (const CheckTestRow& t : v.tests) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn(), cell_text(t.name);
      ImGui::TableNextColumn(), cell_text(t.statistic);
      ImGui::TableNextColumn(), cell_text(t.p);
      ImGui::TableNextColumn(), cell_text(t.p_adjusted);
      ImGui::TableNextColumn(), cell_text(t.failed ? colors::kError : colors::kGood, t.result);
    }
  }
  for (const CheckTestRow& t : v.tests) {
    if (!t.failed && t.more.empty()) continue;
    bullet((t.name + ": " + t.observed + (t.failed ? ". Means: " + t.meaning : "") +
            (t.more.empty() ? "" : ". " + t.more) + ".").c_str());
  }
  for (const std::string& note : v.notes) bullet(note.c_str());
  if (!v.profile.empty()) {
    ImGui::TextColored(colors::kMuted, "%s, %s", v.profile_label.c_str(), v.profile_range.c_str());
    const float width = std::min(ImGui::GetContentRegionAvail().x, ImGui::GetFontSize() * 30.0f);
    ImGui::PlotLines("##profile", v.profile.data(), static_cast<int>(v.profile.size()), 0, nullptr, 0.0f, FLT_MAX,
                     ImVec2(width, ImGui::GetFontSize() * 6.0f));
  }
  if (v.picture_height > 0) {
    ImGui::TextColored(colors::kMuted, "The first bytes, %d bits a row (gold = 1): stripes or repeats are structure.",
                       kCheckPictureWidth);
    Picture& picture = pictures_[static_cast<std::size_t>(slot - kFileSlot)];
    if (ctx.gpu && picture.revision != shown.revision) {
      picture.texture = ctx.gpu->bit_plane(slot, v.picture.data(), kCheckPictureWidth, v.picture_height);
      picture.revision = shown.revision;
    }
    const float side = std::min(ImGui::GetContentRegionAvail().x, static_cast<float>(kCheckPictureWidth) * 2.0f);
    const float scale = side / static_cast<float>(kCheckPictureWidth);
    if (picture.revision == shown.revision && picture.texture)
      ImGui::Image(picture.texture, ImVec2(side, static_cast<float>(v.picture_height) * scale));
    else
      ImGui::TextColored(colors::kMuted, "(the picture needs WebGL2)");
  }
}

// [SECTION] Inputs

void CheckPanel::draw_inputs(CheckLabSession& s, PanelContext& ctx) {
  const CheckLabState& state = s.state();
  const float em = ImGui::GetFontSize();
  ImGui::SetNextItemWidth(em * 7.0f);
  if (ImGui::BeginCombo("what it holds", state.what.c_str())) {
    for (const char* w : kWhat)
      if (ImGui::Selectable(w, state.what == w)) send(s, "what=" + std::string(w));
    ImGui::EndCombo();
  }
  flow(em * 7.5f + ImGui::CalcTextSize("level").x);
  ImGui::SetNextItemWidth(em * 6.0f);
  if (ImGui::BeginCombo("level", state.alpha.c_str())) {
    for (std::string_view a : kCheckAlphas)
      if (ImGui::Selectable(std::string(a).c_str(), state.alpha == a)) send(s, "alpha=" + std::string(a));
    ImGui::EndCombo();
  }
  help_marker("alpha: a test fails when its p-value, multiplied by the number of tests (Bonferroni), is below it.");
  if (state.what == "rolls") {
    int sides = static_cast<int>(state.sides);
    ImGui::SetNextItemWidth(em * 7.0f);
    if (ImGui::InputInt("sides (0: largest seen)", &sides)) send(s, "sides=" + std::to_string(sides));  // out of range: refused
    flow(em * 12.0f);
    ImGui::SetNextItemWidth(em * 12.0f);
    if (ImGui::BeginCombo("compare with", state.versus.empty() ? "uniform only" : state.versus.c_str())) {
      if (ImGui::Selectable("uniform only", state.versus.empty())) send(s, "vs=");
      for (std::string_view m : check_example_choices("rolls"))
        if (ImGui::Selectable(std::string(m).c_str(), state.versus == m)) send(s, "vs=" + std::string(m));
      ImGui::EndCombo();
    }
    help_marker("Also test the rolls against the exact law of a Dice lab method (needs the number of sides): "
                "\"is my d20 the Z80 rollDie?\"");
  }
  // The browser's file picker is the page's; the page names the file it read with check_file=.
  if (ImGui::Button("Choose a file...") && ctx.pick_file) ctx.pick_file();
  flow(button_width("Check the pasted text"));
  if (ImGui::Button("Check the pasted text") && ctx.register_text && paste_[0]) {
    const std::string text(paste_);
    const int id = ctx.register_text(text);
    send(s, "check_file=" + std::to_string(id) + ":" + std::to_string(text.size()) + ":" + percent_encode("pasted text"));
  }
  ImGui::TextColored(colors::kMuted, "or drop a file anywhere on this page.");
  const std::size_t held = std::strlen(paste_);
  const std::size_t typed = queued_text_bytes();
  ImGui::InputTextMultiline("##paste", paste_, sizeof paste_, ImVec2(-1.0f, em * 4.5f));
  if (ImGui::IsItemActive()) {
    declare_text_field(TextFieldKind::text);
    note_refused_paste(held);
    note_cut_text(held, typed);
  }
  field_error(paste_error_);
}

// The file read (its progress, its error) and its report.
void CheckPanel::draw_file(CheckLabSession& s, PanelContext& ctx) {
  const CheckLabView view = s.view();
  if (view.file->id) {
    ImGui::TextWrapped("File: %s (%s)", view.file->name.c_str(), view.file->size_text.c_str());
    // The row's own error line is left out: the one below says it once.
    static const std::string kNoError;
    if (job_progress_row(JobRowView{view.file_job->status, kNoError, view.file_job->running()})) send(s, "cancel_file");
  }
  if (view.file_job->status.state == JobStatus::State::failed) field_error(view.file_job->error);
  if (view.file_report) {
    section(view.file_report_heading.c_str());
    ResultRegion result;
    draw_report(*view.file_report, kFileSlot, ctx);
  }
}

// ImGui inserts nothing when a paste does not fit the box: say so, with the limit.
void CheckPanel::note_refused_paste(std::size_t held) {
  const ImGuiIO& io = ImGui::GetIO();
  const bool shortcut = io.ConfigMacOSXBehaviors ? io.KeySuper : io.KeyCtrl;
  const bool pasting = (shortcut && ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_V))) ||
                       (io.KeyShift && ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Insert)));
  if (!pasting) return;
  const char* clip = ImGui::GetClipboardText();
  const std::size_t pasted = clip ? std::strlen(clip) : 0;
  if (pasted + held < sizeof paste_) {
    paste_error_.clear();
    return;
  }
  paste_error_ = "Nothing was pasted: the text has " + grouped(pasted) + " bytes and this box holds at most " +
                 grouped(sizeof paste_ - 1) + (held ? " (" + grouped(held) + " already in it)" : "") +
                 ". Save it as a file and drop it here or use Choose a file..., which reads any size.";
}

// Text that arrives as characters (a phone's keyboard pastes through the page's hidden field) is
// inserted until the box is full and the rest dropped: say so, with the limit.
std::size_t CheckPanel::queued_text_bytes() {
  std::size_t bytes = 0;
  for (ImWchar c : ImGui::GetIO().InputQueueCharacters) bytes += c < 0x80 ? 1 : c < 0x800 ? 2 : 3;
  return bytes;
}

void CheckPanel::note_cut_text(std::size_t held, std::size_t typed) {
  const std::size_t capacity = sizeof paste_ - 1;
  if (typed == 0 || held + typed <= capacity || std::strlen(paste_) < capacity) return;
  paste_error_ = "The box is full: of the " + grouped(typed) + (typed == 1 ? " byte" : " bytes") + " typed or pasted, only the first " +
                 grouped(capacity - held) + " fit (it holds at most " + grouped(capacity) +
                 "). Save the text as a file and drop it here or use Choose a file..., which reads any size.";
}

// [SECTION] Examples

void CheckPanel::draw_examples(CheckLabSession& s, PanelContext& ctx) {
  section("Examples side by side");
  if (controls_shown("Which two examples")) draw_example_pickers(s);
  // The examples are the lab's result until a file of the reader's is checked.
  if (s.view().file_report) {
    draw_example_reports(s, ctx);
  } else {
    ResultRegion result;
    draw_example_reports(s, ctx);
  }
}

void CheckPanel::draw_example_pickers(CheckLabSession& s) {
  const CheckLabState& state = s.state();
  explain("Files the lab writes itself and checks the same way, so a fair and a biased source can be compared. "
          "A link carries these settings and re-runs both.");
  // Each kind's two sources and their link fields.
  const std::string* sides[2] = {&state.deck_a, &state.deck_b};
  const char* fields[2] = {"da", "db"};
  if (state.what == "rolls") sides[0] = &state.roll_a, sides[1] = &state.roll_b, fields[0] = "ra", fields[1] = "rb";
  if (state.what == "bytes") sides[0] = &state.byte_a, sides[1] = &state.byte_b, fields[0] = "ga", fields[1] = "gb";
  const float em = ImGui::GetFontSize();
  for (int side = 0; side < 2; ++side) {
    if (side) flow(em * 12.0f + ImGui::CalcTextSize("B").x);
    ImGui::SetNextItemWidth(em * 12.0f);
    const std::string& value = *sides[side];
    if (ImGui::BeginCombo(side == 0 ? "A" : "B", value.c_str())) {
      for (std::string_view c : check_example_choices(state.what))
        if (ImGui::Selectable(std::string(c).c_str(), value == c)) send(s, fields[side] + ("=" + std::string(c)));
      ImGui::EndCombo();
    }
  }
}

void CheckPanel::draw_example_reports(CheckLabSession& s, PanelContext& ctx) {
  const CheckLabState& state = s.state();
  TwoColumns cols("examples", 30.0f);
  for (int side = 0; side < 2; ++side) {
    if (side) cols.next();
    ImGui::PushID(side);
    const JobSlot<CheckShownReport>& slot = *s.view().examples[static_cast<std::size_t>(side)];
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextUnformatted((std::string(side == 0 ? "A: " : "B: ") + check_example_title(state, side)).c_str());
    ImGui::PopTextWrapPos();
    if (slot.running() || !slot.error.empty()) progress_row(s, slot, side == 0 ? "cancel_example=a" : "cancel_example=b");
    if (slot.result) draw_report(*slot.result, kFileSlot + 1 + side, ctx);
    ImGui::PopID();
  }
}

// [SECTION] Draw

void CheckPanel::draw(CheckLabSession& s, PanelContext& ctx) {
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextUnformatted("Is my shuffle fair? Bring decks, dice rolls or random bytes made by any program.");
  ImGui::PopTextWrapPos();
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextColored(colors::kAccent, "%s", std::string(kCheckPrivacy).c_str());
  ImGui::PopTextWrapPos();
  // Present mode: the reader's data folded, so the reports come first.
  if (controls_shown("Your data: a file or a paste")) {
    explain("decks: one deck a line, cards 0..n-1, 1..n or names (AS, 10h, Qd) separated by commas, spaces or tabs. "
            "rolls: whole numbers. bytes: a raw file or hex text. The same checks as `shufflelab check` in a terminal.");
    draw_inputs(s, ctx);
  }
  draw_file(s, ctx);
  draw_examples(s, ctx);
}

}  // namespace shufflelab::ui
