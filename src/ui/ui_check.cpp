// Sections: [SECTION] Jobs  [SECTION] Report  [SECTION] Inputs  [SECTION] Examples  [SECTION] Hooks
#include "ui/ui_check.hpp"

#include <algorithm>

#include "core/check/check_report_wire.hpp"
#include "imgui.h"
#include "ui/gpu_views.hpp"
#include "ui/kit/layout.hpp"
#include "ui/kit/widgets.hpp"

namespace shufflelab::ui {

namespace {
constexpr int kFileSlot = 10;  // GPU texture slots of the bit pictures: file, example A, example B
const char* const kWhat[] = {"decks", "rolls", "bytes"};
}  // namespace

// [SECTION] Jobs

void CheckPanel::start_file(const CheckLabState& state, PanelContext& ctx) {
  if (!file_.id) return;
  const std::string params = check_file_params(state) + "&file=" + std::to_string(file_.id);
  file_job_.start(*ctx.jobs, "check_file", params, params);
}

template <class Result>
std::optional<CheckPanel::Shown> CheckPanel::take_report(JobSlot<Result>& slot, JobRunner& jobs) {
  if (!slot.poll(jobs)) return std::nullopt;
  auto report = decode_check_report(slot.status.payload);
  if (!report) {
    slot.error = report.error();
    return std::nullopt;
  }
  return Shown{*report, make_check_report_view(*report)};
}

void CheckPanel::poll(const CheckLabState& state, PanelContext& ctx) {
  if (auto shown = take_report(file_job_, *ctx.jobs))
    file_shown_ = std::move(shown), file_shown_name_ = file_.name + ", " + file_.size_text + " as " + state.what;
  for (int side = 0; side < 2; ++side) {
    JobSlot<Shown>& slot = examples_[static_cast<std::size_t>(side)];
    const std::string key = check_example_params(state, side);
    if (!slot.belongs_to(key)) slot.start(*ctx.jobs, "check_example", key, key);
    if (auto shown = take_report(slot, *ctx.jobs)) slot.result = std::move(shown);
  }
}

// [SECTION] Report

void CheckPanel::draw_report(Shown& shown, int slot, PanelContext& ctx) {
  const CheckReportView& v = shown.view;
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextColored(v.failed ? colors::kError : colors::kGood, "%s", v.verdict.c_str());
  ImGui::PopTextWrapPos();
  {
    KeyValueTable facts("facts", 11.0f);
    for (const auto& [label, text] : v.facts) {
      facts.row(label.c_str());
      ImGui::TextWrapped("%s", text.c_str());
    }
  }
  // A table where the numbers fit beside the wrapped test names; on narrow
  // columns (phones, two examples side by side) one block per test instead.
  const float em = ImGui::GetFontSize();
  if (ImGui::GetContentRegionAvail().x >= em * 34.0f &&
      ImGui::BeginTable("tests", 5, ImGuiTableFlags_Borders | ImGuiTableFlags_SizingStretchProp)) {
    // Number columns as wide as their widest cell: they never wrap, the names do.
    const char* headers[] = {"statistic", "p", "corrected p", "result"};
    float widths[4];
    for (int c = 0; c < 4; ++c) widths[c] = ImGui::CalcTextSize(headers[c]).x;
    for (const CheckTestRow& t : v.tests) {
      const std::string* cells[] = {&t.statistic, &t.p, &t.p_adjusted, &t.result};
      for (int c = 0; c < 4; ++c) widths[c] = std::max(widths[c], ImGui::CalcTextSize(cells[c]->c_str()).x);
    }
    ImGui::TableSetupColumn("test", ImGuiTableColumnFlags_WidthStretch);
    for (int c = 0; c < 4; ++c) ImGui::TableSetupColumn(headers[c], ImGuiTableColumnFlags_WidthFixed, widths[c]);
    ImGui::TableHeadersRow();
    for (const CheckTestRow& t : v.tests) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn(), ImGui::TextWrapped("%s", t.name.c_str());
      ImGui::PushTextWrapPos(-1.0f);
      ImGui::TableNextColumn(), ImGui::TextUnformatted(t.statistic.c_str());
      ImGui::TableNextColumn(), ImGui::TextUnformatted(t.p.c_str());
      ImGui::TableNextColumn(), ImGui::TextUnformatted(t.p_adjusted.c_str());
      ImGui::TableNextColumn(), ImGui::TextColored(t.failed ? colors::kError : colors::kGood, "%s", t.result.c_str());
      ImGui::PopTextWrapPos();
    }
    ImGui::EndTable();
  } else {
    for (const CheckTestRow& t : v.tests) {
      ImGui::TextColored(t.failed ? colors::kError : colors::kGood, "%s", t.result.c_str());
      ImGui::SameLine();
      ImGui::TextWrapped("%s", t.name.c_str());
      ImGui::Indent();
      ImGui::TextColored(colors::kMuted, "statistic %s", t.statistic.c_str());
      ImGui::TextColored(colors::kMuted, "p %s, corrected %s", t.p.c_str(), t.p_adjusted.c_str());
      ImGui::Unindent();
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
    if (ctx.gpu && !shown.picture_uploaded) {
      shown.texture = ctx.gpu->bit_plane(slot, v.picture.data(), kCheckPictureWidth, v.picture_height);
      shown.picture_uploaded = true;
    }
    const float side = std::min(ImGui::GetContentRegionAvail().x, static_cast<float>(kCheckPictureWidth) * 2.0f);
    const float scale = side / static_cast<float>(kCheckPictureWidth);
    if (shown.texture) ImGui::Image(shown.texture, ImVec2(side, static_cast<float>(v.picture_height) * scale));
    else ImGui::TextColored(colors::kMuted, "(the picture needs WebGL2)");
  }
}

// [SECTION] Inputs

bool CheckPanel::draw_inputs(CheckLabState& state, PanelContext& ctx) {
  bool changed = false;
  const float em = ImGui::GetFontSize();
  ImGui::SetNextItemWidth(em * 7.0f);
  if (ImGui::BeginCombo("what it holds", state.what.c_str())) {
    for (const char* w : kWhat)
      if (ImGui::Selectable(w, state.what == w)) state.what = w, changed = true;
    ImGui::EndCombo();
  }
  flow(em * 7.5f + ImGui::CalcTextSize("level").x);
  ImGui::SetNextItemWidth(em * 6.0f);
  if (ImGui::BeginCombo("level", state.alpha.c_str())) {
    for (std::string_view a : kCheckAlphas)
      if (ImGui::Selectable(std::string(a).c_str(), state.alpha == a)) state.alpha = std::string(a), changed = true;
    ImGui::EndCombo();
  }
  help_marker("alpha: a test fails when its p-value, multiplied by the number of tests (Bonferroni), is below it.");
  if (state.what == "rolls") {
    int sides = static_cast<int>(state.sides);
    ImGui::SetNextItemWidth(em * 7.0f);
    if (ImGui::InputInt("sides (0: largest seen)", &sides) && sides >= 0 && sides <= 1000000)
      state.sides = static_cast<std::uint64_t>(sides), changed = true;
    flow(em * 12.0f);
    ImGui::SetNextItemWidth(em * 12.0f);
    if (ImGui::BeginCombo("compare with", state.versus.empty() ? "uniform only" : state.versus.c_str())) {
      if (ImGui::Selectable("uniform only", state.versus.empty())) state.versus.clear(), changed = true;
      for (std::string_view m : check_example_choices("rolls"))
        if (ImGui::Selectable(std::string(m).c_str(), state.versus == m)) state.versus = std::string(m), changed = true;
      ImGui::EndCombo();
    }
    help_marker("Also test the rolls against the exact law of a Dice lab method (needs the number of sides): "
                "\"is my d20 the Z80 rollDie?\"");
  }
  if (ImGui::Button("Choose a file...") && ctx.pick_file) ctx.pick_file();
  flow(button_width("Check the pasted text"));
  if (ImGui::Button("Check the pasted text") && ctx.register_text && paste_[0]) {
    const std::string_view text(paste_);
    file_ = make_check_file_ref(ctx.register_text(std::string(text)), text.size(), "pasted text");
    start_file(state, ctx);
  }
  ImGui::TextColored(colors::kMuted, "or drop a file anywhere on this page.");
  ImGui::InputTextMultiline("##paste", paste_, sizeof paste_, ImVec2(-1.0f, em * 4.5f));
  if (ImGui::IsItemActive()) declare_text_field(TextFieldKind::text);
  if (file_.id) {
    ImGui::TextWrapped("File: %s (%s)", file_.name.c_str(), file_.size_text.c_str());
    job_progress_row(file_job_, *ctx.jobs);
  }
  if (file_job_.status.state == JobStatus::State::failed && !file_job_.error.empty()) {
    field_error(file_job_.error + (file_shown_ ? " The last good report stays below." : ""));
  }
  if (file_shown_) {
    section(("Your file: " + file_shown_name_).c_str());
    draw_report(*file_shown_, kFileSlot, ctx);
  }
  return changed;
}

// [SECTION] Examples

bool CheckPanel::draw_examples(CheckLabState& state, PanelContext& ctx) {
  bool changed = false;
  section("Examples side by side");
  explain("Files the lab writes itself and checks the same way, so a fair and a biased source can be compared. "
          "A link carries these settings and re-runs both.");
  std::string* sides[2] = {&state.deck_a, &state.deck_b};
  if (state.what == "rolls") sides[0] = &state.roll_a, sides[1] = &state.roll_b;
  if (state.what == "bytes") sides[0] = &state.byte_a, sides[1] = &state.byte_b;
  const float em = ImGui::GetFontSize();
  for (int side = 0; side < 2; ++side) {
    if (side) flow(em * 12.0f + ImGui::CalcTextSize("B").x);
    ImGui::SetNextItemWidth(em * 12.0f);
    std::string& value = *sides[side];
    if (ImGui::BeginCombo(side == 0 ? "A" : "B", value.c_str())) {
      for (std::string_view c : check_example_choices(state.what))
        if (ImGui::Selectable(std::string(c).c_str(), value == c)) value = std::string(c), changed = true;
      ImGui::EndCombo();
    }
  }
  TwoColumns cols("examples", 30.0f);
  for (int side = 0; side < 2; ++side) {
    if (side) cols.next();
    ImGui::PushID(side);
    JobSlot<Shown>& slot = examples_[static_cast<std::size_t>(side)];
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextUnformatted((std::string(side == 0 ? "A: " : "B: ") + check_example_title(state, side)).c_str());
    ImGui::PopTextWrapPos();
    if (slot.running() || !slot.error.empty()) job_progress_row(slot, *ctx.jobs);
    if (slot.result) draw_report(*slot.result, kFileSlot + 1 + side, ctx);
    ImGui::PopID();
  }
  return changed;
}

bool CheckPanel::draw(CheckLabState& state, PanelContext& ctx) {
  poll(state, ctx);
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextUnformatted("Is my shuffle fair? Bring decks, dice rolls or random bytes made by any program.");
  ImGui::PopTextWrapPos();
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextColored(colors::kAccent, "%s", std::string(kCheckPrivacy).c_str());
  ImGui::PopTextWrapPos();
  explain("decks: one deck a line, cards 0..n-1, 1..n or names (AS, 10h, Qd) separated by commas, spaces or tabs. "
          "rolls: whole numbers. bytes: a raw file or hex text. The same checks as `shufflelab check` in a terminal.");
  const std::string before = check_file_params(state);
  bool changed = draw_inputs(state, ctx);
  if (check_file_params(state) != before && file_.id) start_file(state, ctx);  // re-read the file as the new kind
  changed |= draw_examples(state, ctx);
  return changed;
}

// [SECTION] Hooks

bool CheckPanel::command(std::string_view name, CheckLabState& state, PanelContext& ctx) {
  const std::size_t eq = name.find('=');
  const std::string_view key = name.substr(0, eq), value = eq == std::string_view::npos ? "" : name.substr(eq + 1);
  if (key == "check_file") {
    auto ref = parse_check_file_ref(value);
    if (!ref) {
      file_job_.refuse(*ctx.jobs, "", ref.error());
      file_job_.status.state = JobStatus::State::failed;
      return true;
    }
    file_ = *ref;
    start_file(state, ctx);
    return true;
  }
  if (key == "cancel_file") return file_job_.cancel(*ctx.jobs), true;
  const FragmentPairs pairs = split_fragment(name);
  std::vector<std::string> notices;
  FieldReader fields(pairs, notices);
  CheckLabState next = state;
  decode_check_lab(fields, next);
  if (!notices.empty() || next == state) return notices.empty() && (key == "what" || key == "alpha");
  const bool refile = check_file_params(next) != check_file_params(state);
  state = next;
  if (refile) start_file(state, ctx);
  return true;
}

std::string CheckPanel::describe_json(const CheckLabState& state) const {
  auto report_json_or_null = [](const CheckReport* r) { return r ? report_json(*r) : std::string("null"); };
  const CheckReport* a = examples_[0].result ? &examples_[0].result->report : nullptr;
  const CheckReport* b = examples_[1].result ? &examples_[1].result->report : nullptr;
  std::string state_name = "none";
  if (file_job_.running()) state_name = "running";
  else if (file_job_.status.state == JobStatus::State::failed) state_name = "failed";
  else if (file_job_.status.state == JobStatus::State::cancelled) state_name = "cancelled";
  else if (file_job_.status.state == JobStatus::State::done) state_name = "done";
  return "{\"what\":" + json_string(state.what) + ",\"file\":{\"name\":" + json_string(file_.name) +
         ",\"state\":" + json_string(state_name) + ",\"progress\":" + json_number(file_job_.status.progress) +
         ",\"error\":" + json_string(file_job_.error) + ",\"shown\":" + json_string(file_shown_name_) +
         ",\"report\":" + report_json_or_null(file_shown_ ? &file_shown_->report : nullptr) +
         "},\"examples\":[" + report_json_or_null(a) + "," + report_json_or_null(b) + "]}";
}

void CheckPanel::text_inputs(LabTextInputs& in, const CheckLabState&) const {
  if (file_shown_) in.check_file = &file_shown_->report, in.check_file_name = file_shown_name_;
  for (std::size_t side = 0; side < 2; ++side)
    if (examples_[side].result) in.check_examples[side] = &examples_[side].result->report;
}

}  // namespace shufflelab::ui
