// ui_shuffle_code.cpp: the shuffle lab's Your code tab (ShufflePanel::draw_code).
// The editor's text is the screen's until Run sends it as code=; the runs,
// messages, steps and the matrix are the session's view. The code itself runs
// in the page's sandboxed worker, which answers the session (code_result=).
//
// Index of this file:
// [SECTION] Editor and starting points
// [SECTION] Results: messages, steps, matrix

#include <algorithm>
#include <array>
#include <cstdio>

#include "core/base/plain_text.hpp"
#include "core/base/text_format.hpp"
#include "core/shuffle/user_code_starts.hpp"
#include "imgui.h"
#include "ui/kit/job_row.hpp"
#include "ui/kit/layout.hpp"
#include "ui/kit/text_field.hpp"
#include "ui/kit/widgets.hpp"
#include "ui/ui_shuffle.hpp"
#include "ui/ui_shuffle_draw.hpp"

namespace shufflelab::ui {

namespace {
void send(ShuffleSession& s, const std::string& command) { (void)s.apply(parse_lab_command(command)); }
}  // namespace

//-----------------------------------------------------------------------------
// [SECTION] Editor and starting points
//-----------------------------------------------------------------------------

void ShufflePanel::draw_code_editor(ShuffleSession& s) {
  const float em = ImGui::GetFontSize();
  const ShuffleLabState& state = s.state();
  if (state.code != code_shown_) {  // a link, a starting point or a lesson step brought other code
    code_shown_ = state.code;
    std::snprintf(code_text_.data(), code_text_.size(), "%s", state.code.c_str());
  }
  explain("Write function shuffle(deck, rand): deck holds the cards 0..n-1 in order; shuffle it in place or return a "
          "new array. rand(k) answers a whole number from 0 to k-1; Math.random works too, seeded with the seed.");
  ImGui::TextColored(colors::kMuted, "Start from:");
  for (const CodeStart& start : code_starts()) {
    const std::string title(start.title);
    flow(button_width(title.c_str()));
    ImGui::PushID(start.name.data());
    if (ImGui::Button(title.c_str())) send(s, "code_start=" + std::string(start.name));
    ImGui::PopID();
  }
  ImGui::InputTextMultiline("##code", code_text_.data(), code_text_.size(), ImVec2(-1.0f, em * 10.0f),
                            ImGuiInputTextFlags_AllowTabInput);
  if (ImGui::IsItemActive()) declare_text_field(TextFieldKind::text);
  const std::string typed(code_text_.data());
  const bool edited = typed != state.code;
  const bool busy = s.view().code->busy();
  ImGui::BeginDisabled(typed.empty());
  if (ImGui::Button(edited ? "Run the edited code" : "Run")) {
    auto sent = s.apply(parse_lab_command(edited ? "code=" + percent_encode(typed) : std::string("code_run")));
    code_error_ = sent ? "" : sent.error();  // refused: the last source stays
  }
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Run it once in the page's sandbox and record every rand call, read and write.");
  ImGui::EndDisabled();
  ImGui::BeginDisabled(edited || state.code.empty());
  flow(button_width("Exact"));
  if (ImGui::Button("Exact")) send(s, "code_exact");
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("Run the code again for every answer rand can give: the exact position x card matrix.");
  ImGui::EndDisabled();
  const std::string sample = "Sample " + grouped(std::min<std::uint64_t>(state.shuffles, kMaxCodeSampleDecks));
  draw_shuffles_field(s, "Decks");
  ImGui::SameLine();
  ImGui::BeginDisabled(edited || state.code.empty());
  if (ImGui::Button(sample.c_str())) send(s, "code_sample");
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("Run the code that many times (at most 1,000,000) with rand and Math.random from the seed, and count.");
  ImGui::EndDisabled();
  if (busy) {
    flow(button_width("Cancel"));
    if (ImGui::Button("Cancel")) send(s, "code_cancel");
  }
  field_error(code_error_);
  if (edited && !state.code.empty()) ImGui::TextColored(colors::kMuted, "Edited: the results below are for the code as it was run.");
}

//-----------------------------------------------------------------------------
// [SECTION] Results: messages, steps, matrix
//-----------------------------------------------------------------------------

void ShufflePanel::draw_code(ShuffleSession& s) {
  const ShuffleView& v = s.view();
  const ShuffleLabState& state = s.state();
  if (v.code_from_link) {
    ImGui::PushTextWrapPos(0);
    ImGui::TextColored(colors::kAccent, "This is the sender's code. It runs in the page's sandbox, away from the page, "
                                        "the link and the network.");
    ImGui::PopTextWrapPos();
  }
  // A link's code comes folded when its editor and its result do not both fit on the first screen (a phone), so the
  // reader sees the result the sender sent first. Decided once per link's code and screen size, from the first frame
  // that draws both, so the fold neither feeds back on itself nor comes and goes while the steps play.
  const std::array<float, 2> screen{ImGui::GetIO().DisplaySize.x, ImGui::GetIO().DisplaySize.y};
  if (!v.code_from_link || state.code != link_fold_code_ || screen != link_fold_screen_) {
    link_fold_ = LinkFold::undecided;
    link_fold_code_ = v.code_from_link ? state.code : "";
    link_fold_screen_ = screen;
  }
  const float room = ImGui::GetContentRegionAvail().y;
  const bool fold_for_link = link_fold_ == LinkFold::folded && !result_first();
  const bool editor_shown = fold_for_link ? folded_controls("Your code") : controls_shown("Your code");
  code_editor_ = !fold_for_link && !result_first() ? "shown" : editor_shown ? "opened" : "folded";
  if (fold_for_link || result_first())
    code_header_rect_ = {ImGui::GetItemRectMin().x, ImGui::GetItemRectMin().y, ImGui::GetItemRectMax().x,
                         ImGui::GetItemRectMax().y};
  float editor_height = -1.0f;
  if (editor_shown) {
    const float top = ImGui::GetCursorPosY();
    draw_code_editor(s);
    editor_height = ImGui::GetCursorPosY() - top;
  }
  const CodeRun& run = *v.code;
  ImGui::PushTextWrapPos(0);
  if (const auto& request = run.request())
    ImGui::TextColored(colors::kMuted, "Running your code in the page's sandbox (%s)...",
                       std::string(code_mode_name(request->mode)).c_str());
  if (!run.message().empty()) ImGui::TextColored(colors::kError, "%s", run.message().c_str());
  if (!run.notice().empty()) ImGui::TextColored(colors::kAccent, "%s", run.notice().c_str());
  if (v.code_stale)
    ImGui::TextColored(colors::kAccent, "The results below are for an earlier version of the code, deck size or seed.");
  ImGui::PopTextWrapPos();
  if (state.code.empty()) {
    ImGui::TextColored(colors::kMuted, "Pick a starting point or write your own, then press Run.");
    return;
  }
  const float results_top = ImGui::GetCursorPosY();  // below the messages, which come and go while it runs
  if (v.code_frame) {
    transport_keys(s);
    if (controls_shown("Play, step, scrub")) draw_transport(s, v.code_frame->total_steps);
    ResultRegion result;
    ImGui::PushTextWrapPos(0);
    ImGui::TextUnformatted(v.code_frame->caption.c_str());
    ImGui::PopTextWrapPos();
    draw_shuffle_deck(code_deck_frame(*v.code_frame), CardFaces::numbers, state.n, v.animating, v.animation);
  }
  if (link_fold_ == LinkFold::undecided && v.code_from_link && v.code_frame && editor_height >= 0.0f)
    link_fold_ = editor_height + ImGui::GetCursorPosY() - results_top > room ? LinkFold::folded : LinkFold::kept;
  if (v.code_matrix) {
    section(v.code_matrix_exact ? "Exact matrix (position x card)" : "Sampled matrix (position x card)");
    ImGui::PushTextWrapPos(0);
    ImGui::TextUnformatted(v.code_summary.c_str());
    ImGui::PopTextWrapPos();
    const BiasMatrix* counts = run.exact() ? &run.exact()->matrix : run.sample();
    draw_matrix_grid(*v.code_matrix, counts);
    explain("Red: the card lands at that position more often than 1/n; blue: less often.");
    const JobSlot<DeckSampleReport>* tests = run.deck_tests_job();
    if (tests && tests->id && !v.code_matrix_exact) {
      section("The Check lab's deck tests on this sample");
      // The tests run in the worker's core module, loaded on their first use.
      ImGui::PushID("deck_tests");
      if (job_progress_row(JobRowView{tests->status, tests->error, tests->running()})) send(s, "code_cancel");
      ImGui::PopID();
      if (tests->result) {
        ImGui::PushTextWrapPos(0);
        ImGui::TextUnformatted(tests->result->text.c_str());
        ImGui::PopTextWrapPos();
      }
    }
  }
}

}  // namespace shufflelab::ui
