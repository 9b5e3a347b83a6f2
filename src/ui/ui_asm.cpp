// ui_asm.cpp: the Assembly lab panel.
// Index of this file:
// [SECTION] Controls
// [SECTION] The editor: setup, source, errors, comparison
// [SECTION] Lanes, machine state and cost table
// [SECTION] Panel entry point: draw
#include "ui/ui_asm.hpp"

#include <algorithm>
#include <array>
#include <cinttypes>
#include <cstdio>
#include <string>
#include <vector>

#include "core/base/plain_text.hpp"
#include "core/check/check_lab.hpp"
#include "imgui.h"
#include "imgui_internal.h"  // ClearActiveID, GetActiveID: Escape leaves the editor keeping its text (1.86 reverts it)
#include "ui/kit/job_row.hpp"
#include "ui/kit/layout.hpp"
#include "ui/kit/table.hpp"
#include "ui/kit/text_field.hpp"
#include "ui/kit/widgets.hpp"

namespace shufflelab::ui {

namespace {
// A bar in the editor's left padding at each error's line, so errors are seen
// where they are, not only in the list under the editor. The multiline field
// scrolls in a child window that ImGui 1.86 names "<parent>/<label>_<id>".
void mark_error_lines(const char* label, const std::vector<assembler::Diagnostic>& errors) {
  if (errors.empty()) return;
  ImGuiWindow* parent = ImGui::GetCurrentWindow();
  const ImGuiID id = parent->GetID(label);
  char name[512];
  ImFormatString(name, sizeof name, "%s/%s_%08X", parent->Name, label, id);
  const ImGuiWindow* field = ImGui::FindWindowByName(name);
  const float scroll = field ? field->Scroll.y : 0.0f;
  const ImVec2 min = ImGui::GetItemRectMin(), max = ImGui::GetItemRectMax();
  const float line = ImGui::GetTextLineHeight(), top = min.y + ImGui::GetStyle().FramePadding.y - scroll;
  const float width = std::max(2.0f, ImGui::GetStyle().FramePadding.x * 0.6f);
  ImDrawList* draw = ImGui::GetWindowDrawList();
  draw->PushClipRect(min, max, true);
  for (const assembler::Diagnostic& e : errors) {
    if (e.line <= 0) continue;
    const float y = top + static_cast<float>(e.line - 1) * line;
    draw->AddRectFilled(ImVec2(min.x + 1.0f, y), ImVec2(min.x + 1.0f + width, y + line), ImGui::GetColorU32(colors::kError));
  }
  draw->PopClipRect();
}

void send(AsmLabSession& s, const std::string& command) { (void)s.apply(parse_lab_command(command)); }

constexpr std::array<std::pair<const char*, const char*>, 4> kCpus{
    {{"6502", "MOS 6502 (ca65 syntax)"}, {"z80", "Z80 (z80asm syntax)"}, {"sm83", "Game Boy SM83"},
     {"pic16", "PIC16 mid-range (gpasm syntax)"}}};

// The editor's std::string grows with the text; a clicked error puts the cursor on its line.
struct EditorBuffer {
  std::string* text;
  int* line;
  int* column;
};

int editor_callback(ImGuiInputTextCallbackData* data) {
  auto* buffer = static_cast<EditorBuffer*>(data->UserData);
  if (data->EventFlag == ImGuiInputTextFlags_CallbackResize) {
    buffer->text->resize(static_cast<std::size_t>(data->BufTextLen));
    data->Buf = buffer->text->data();
  } else if (data->EventFlag == ImGuiInputTextFlags_CallbackAlways && *buffer->line > 0) {
    int at = 0;
    for (int line = 1; line < *buffer->line && at < data->BufTextLen; ++at)
      if (data->Buf[at] == '\n') ++line;
    for (int column = 1; column < *buffer->column && at < data->BufTextLen && data->Buf[at] != '\n'; ++column) ++at;
    data->CursorPos = data->SelectionStart = data->SelectionEnd = at;
    *buffer->line = 0;
  }
  return 0;
}

// A short text field that sends `verb=` (percent-encoded) on each edit.
void setup_field(AsmLabSession& s, const char* label, const char* id, std::string& text, const std::string& current,
                 const char* verb, float width) {
  ImGui::TextUnformatted(label);
  ImGui::SameLine();
  char buffer[96];
  std::snprintf(buffer, sizeof buffer, "%s", ImGui::GetActiveID() == ImGui::GetID(id) ? text.c_str() : current.c_str());
  ImGui::SetNextItemWidth(width);
  if (ImGui::InputText(id, buffer, sizeof buffer)) {
    text = buffer;
    send(s, std::string(verb) + "=" + percent_encode(text));
  }
  if (ImGui::IsItemActive()) declare_text_field(TextFieldKind::text);
  else text = current;
}
}  // namespace

// [SECTION] Controls

void AsmPanel::draw_controls(AsmLabSession& s) {
  const float em = ImGui::GetFontSize();
  // The listing picker (in the editor, Back to the listings returns to it).
  if (!s.state().edit.on) ImGui::SetNextItemWidth(std::min(em * 22.0f, ImGui::GetContentRegionAvail().x));
  if (!s.state().edit.on && ImGui::BeginCombo("##algo", s.state().algorithm.c_str())) {
    // Grouped by instruction set: listings added later sit with their CPU's.
    std::vector<const AsmAlgorithmInfo*> listings;
    for (const auto& a : asm_algorithms()) listings.push_back(&a);
    std::stable_sort(listings.begin(), listings.end(),
                     [](const AsmAlgorithmInfo* x, const AsmAlgorithmInfo* y) { return x->isa < y->isa; });
    for (const AsmAlgorithmInfo* listing : listings) {
      const AsmAlgorithmInfo& a = *listing;
      const std::string label = std::string(asm_isa_info(a.isa).name) + ": " + std::string(a.title);
      if (ImGui::Selectable(label.c_str(), a.id == s.state().algorithm)) send(s, "algo=" + std::string(a.id));
    }
    ImGui::EndCombo();
  }
  if (!s.state().edit.on) {
    flow(button_width("Edit this listing"));
    if (ImGui::Button("Edit this listing")) send(s, "edit");
    flow(button_width("New routine"));
    if (ImGui::Button("New routine")) send(s, "edit=new");
  }
  if (const auto algorithm = parse_asm_algorithm("algo", s.state().algorithm); algorithm && !s.state().edit.on) {
    const std::string_view inputs = asm_algorithm_info(*algorithm).inputs;
    flow(ImGui::CalcTextSize(inputs.data(), inputs.data() + inputs.size()).x);
    ImGui::TextColored(colors::kMuted, "%.*s", static_cast<int>(inputs.size()), inputs.data());
  }
  // The controls wrap on narrow screens rather than run off the edge.
  if (ImGui::Button("Step")) send(s, "step");
  flow(button_width("Back"));
  if (ImGui::Button("Back")) send(s, "back");
  flow(em * 4);
  if (ImGui::Button(s.view().playing ? "Pause" : "Run", ImVec2(em * 4, 0))) send(s, "toggle_play");
  flow(button_width("To the end"));
  if (ImGui::Button("To the end")) send(s, "run");
  flow(button_width("Reset"));
  if (ImGui::Button("Reset")) send(s, "reset");
  flow(em * 9);
  ImGui::SetNextItemWidth(em * 9);
  float speed = static_cast<float>(s.view().speed);
  if (ImGui::SliderFloat("##asmspeed", &speed, 1.0f, 200.0f, "%.0f steps/s", ImGuiSliderFlags_Logarithmic))
    send(s, "speed=" + std::to_string(std::clamp(static_cast<int>(speed + 0.5f), 1, 200)));
}

// [SECTION] The editor: setup, source, errors, comparison

void AsmPanel::draw_edit_setup(AsmLabSession& s) {
  const float em = ImGui::GetFontSize();
  // Each label and its field wrap together on narrow screens.
  const auto labelled = [](const char* label, float field) {
    return ImGui::CalcTextSize(label).x + ImGui::GetStyle().ItemSpacing.x + field;
  };
  const AsmEditState& edit = s.state().edit;
  if (ImGui::Button("Back to the listings")) send(s, "edit=0");
  flow(button_width("New routine"));
  if (ImGui::Button("New routine")) send(s, "edit=new");
  flow(em * 16);
  ImGui::SetNextItemWidth(std::min(em * 16, ImGui::GetContentRegionAvail().x));
  if (ImGui::BeginCombo("##cpu", edit.cpu.c_str())) {
    for (const auto& [id, name] : kCpus)
      if (ImGui::Selectable(name, edit.cpu == id)) send(s, std::string("cpu=") + id);
    ImGui::EndCombo();
  }
  setup_field(s, "Entry", "##entry", entry_, edit.entry, "entry", em * 8);
  flow(labelled("State bytes", em * 10) + ImGui::GetFontSize() * 2);  // and its (?)
  setup_field(s, "State bytes", "##state", state_, edit.state, "state", em * 10);
  help_marker("The memory bytes (PIC16: file registers) that hold the routine's state, most significant first: "
              "labels or equates of the source (G16HI,G16LO or LFSR0,LFSR0+1) or addresses ($84,$85). Each call "
              "returns its byte, or a die's face, in A (W on the PIC16). A coin-flip roller (d6-fdr@tarot32) keeps "
              "the flips left in its queue, the queue byte, then the generator's state bytes (FLIPS,RNG,LFSR0,...).");
  ImGui::TextUnformatted("Claims to be");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(std::min(em * 18, ImGui::GetContentRegionAvail().x));
  if (ImGui::BeginCombo("##against", edit.against.empty() ? "(choose)" : edit.against.c_str())) {
    for (const RoutineClaimInfo& claim : routine_claims()) {
      const std::string label = claim.name + ": " + claim.summary;
      if (ImGui::Selectable(label.c_str(), claim.name == edit.against)) send(s, "against=" + claim.name);
    }
    ImGui::EndCombo();
  }
  flow(labelled("Seed", em * 8));
  char seed[24];
  // As many digits as the routine's state bytes hold (the session keeps the seed to them).
  const AsmGoodRoutine* good = s.editor().good();
  const int digits = good ? 2 * static_cast<int>(std::min<std::size_t>(good->routine->state.size(), 8)) : 1;
  std::snprintf(seed, sizeof seed, "%0*" PRIX64, std::max(digits, 1), s.state().inputs.seed);
  ImGui::TextUnformatted("Seed");
  ImGui::SameLine();
  if (hex_field("##seed", seed, sizeof seed, em * 8) && seed[0]) send(s, std::string("seed=") + seed);
  flow(labelled("Calls", stepper_width(4)));
  int calls = static_cast<int>(s.state().inputs.calls);
  ImGui::TextUnformatted("Calls");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(stepper_width(4));
  if (ImGui::InputInt("##calls", &calls)) send(s, "calls=" + std::to_string(std::clamp(calls, 1, static_cast<int>(kMaxAsmCalls))));
  if (ImGui::IsItemActive()) declare_text_field(TextFieldKind::numeric);
}

void AsmPanel::draw_editor(AsmLabSession& s, PanelContext& ctx) {
  const float em = ImGui::GetFontSize();
  const AsmEditState& edit = s.state().edit;
  const AsmEditor& editor = s.editor();
  if (!editor_active_) source_ = edit.source;  // a link, a file or the hook changed it
  // Escape leaves the editor with its text (ImGui 1.86 reverts an InputText on Escape).
  if (editor_active_ && ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape), false)) ImGui::ClearActiveID();
  if (move_to_line_ > 0 && !editor_active_) ImGui::SetKeyboardFocusHere();
  EditorBuffer buffer{&source_, &move_to_line_, &move_to_column_};
  const float height = std::max(em * 10.0f, std::min(em * 22.0f, ImGui::GetContentRegionAvail().y * 0.45f));
  bool edited = false;
  {
    MonoFont mono;  // code reads in columns
    edited = ImGui::InputTextMultiline("##source", source_.data(), source_.capacity() + 1, ImVec2(-1.0f, height),
                                       ImGuiInputTextFlags_CallbackResize | ImGuiInputTextFlags_CallbackAlways,
                                       editor_callback, &buffer);
    mark_error_lines("##source", editor.errors());
  }
  editor_active_ = ImGui::IsItemActive();
  const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
  editor_rect_[0] = a.x, editor_rect_[1] = a.y, editor_rect_[2] = b.x, editor_rect_[3] = b.y;
  if (editor_active_) declare_text_field(TextFieldKind::text);
  if (edited) send(s, "src=" + percent_encode(source_));
  // The assembler loads with the worker the first time (its progress line).
  const std::string waiting = editor.waiting_line();
  if (!waiting.empty()) ImGui::TextColored(colors::kMuted, "%s", waiting.c_str());
  else if (edit.source.empty() && !editor_active_)
    ImGui::TextColored(colors::kMuted, "Type or paste a routine above, or drop a source file on the page.");
  // Errors under the editor: each moves the cursor to its line.
  const auto& errors = editor.errors();
  constexpr std::size_t kShownErrors = 50;
  for (std::size_t i = 0; i < errors.size() && i < kShownErrors; ++i) {
    const assembler::Diagnostic& e = errors[i];
    const std::string label = (e.line ? std::to_string(e.line) + ":" + std::to_string(e.column) + ": " : "") + e.message;
    ImGui::PushStyleColor(ImGuiCol_Text, colors::kError);
    ImGui::PushID(static_cast<int>(i));
    if (wrapped_selectable("##error", label, false) && e.line) move_to_line_ = e.line, move_to_column_ = std::max(1, e.column);
    ImGui::PopID();
    ImGui::PopStyleColor();
  }
  if (errors.size() > kShownErrors) ImGui::TextColored(colors::kError, "... and %zu more errors", errors.size() - kShownErrors);
  if (!errors.empty() && editor.good())
    ImGui::TextColored(colors::kMuted, "Shown below: the last version that assembled.");
  // Links carry the source up to a limit; past it, a file.
  if (!source_fits_link(edit.source))
    ImGui::TextWrapped("This source is too long for a link (%zu characters encoded, at most %zu): save it as a file "
                       "and drop the file on the page to open it again.",
                       percent_encode(edit.source).size(), kMaxLinkSourceChars);
  if (ctx.download && !edit.source.empty() && ImGui::Button("Save the source as a file")) {
    const std::string name = "routine-" + edit.cpu + (edit.cpu == "pic16" ? ".asm" : ".s");
    ctx.download(name, "text/plain", edit.source.data(), edit.source.size());
  }
}

// The routine's bytes as a file of the page, checked by the Check lab (as its pasted text is).
void AsmPanel::draw_send_to_check(AsmLabSession& s, PanelContext& ctx) {
  if (!ctx.register_text || !s.editor().good()) return;
  const std::string label = "Check " + grouped(kMaxAsmCalls) + " output bytes in the Check lab";
  const bool pressed = ImGui::Button(label.c_str());
  const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
  send_rect_[0] = a.x, send_rect_[1] = a.y, send_rect_[2] = b.x, send_rect_[3] = b.y;
  if (pressed) s.start_output_hex();
  if (s.output_hex_running()) explain("Running the routine...");
  auto hex = s.take_output_hex();
  if (!hex) return;
  if (!*hex) return void(send_error_ = hex->error());
  send_error_.clear();
  const int id = ctx.register_text(hex->value());
  CheckLabState check;
  check.what = "bytes";
  ctx.open_link = check_lab_link(check);
  ctx.open_command = "check_file=" + std::to_string(id) + ":" + std::to_string(hex->value().size()) + ":" +
                     percent_encode("routine-" + s.state().edit.cpu + ".hex");
}

void AsmPanel::draw_comparison(AsmLabSession& s) {
  const AsmCheckView check = s.editor().check_view();
  if (!check.why_none.empty()) return explain(check.why_none.c_str());
  if (check.result) {
    ImGui::PushStyleColor(ImGuiCol_Text, check.result->equal ? colors::kGood : colors::kError);
    ImGui::TextWrapped("%s", check.verdict.c_str());
    ImGui::PopStyleColor();
  }
  // The job's summary under the bar: beside it a phone leaves it no width.
  const JobRowView row{check.status, check.error, check.running, nullptr, check.status.summary.c_str()};
  if (job_progress_row(row, std::min(16.0f, ImGui::GetContentRegionAvail().x / ImGui::GetFontSize() * 0.6f))) send(s, "cancel");
  const AsmGoodRoutine* good = s.editor().good();
  if (!check.running && good && good->request && ImGui::Button("Compare again")) send(s, "check");
  if (check.result && ImGui::TreeNode("Cycles, bytes, period, faces")) {
    ImGui::TextWrapped("%s", check.details.c_str());
    ImGui::TreePop();
  }
}

// [SECTION] Lanes, machine state and cost table

void AsmPanel::draw_lanes(const AsmRunView& run) {
  // Result first (present mode): the lanes always shown, as tall as the screen leaves above the machine's state.
  if (!result_first() && !ImGui::CollapsingHeader("Assembly lanes", ImGuiTreeNodeFlags_DefaultOpen)) return;
  const float natural = std::max(ImGui::GetFontSize() * 15.0f, ImGui::GetContentRegionAvail().y * 0.5f);
  const float height = result_height(natural, ImGui::GetTextLineHeightWithSpacing() * 6.0f);
  draw_code_table("lanes", run.machine, scroll_, height);
}

void AsmPanel::draw_machine(const AsmRunView& run) {
  ImGui::Text("%" PRIu64 " instructions, %" PRIu64 " %s, call %u", run.machine.instructions, run.machine.cycles,
              run.machine.cycle_unit.c_str(), run.calls_done + (run.done ? 0 : 1));
  draw_machine_state(run.machine);
  std::string outputs;
  for (auto o : run.outputs) outputs += (outputs.empty() ? "" : " ") + std::to_string(o);
  if (outputs.size() > 300) outputs = outputs.substr(0, 300) + " ...";
  ImGui::TextWrapped("Outputs so far: %s", outputs.empty() ? "(none yet)" : outputs.c_str());
}

void AsmPanel::draw_costs(AsmLabSession& s) {
  if (!ImGui::CollapsingHeader("Cost per instruction set (measured by running the listings)")) return;
  const AsmCostsView* costs = s.costs();
  if (!costs) {
    if (!s.costs_error().empty()) return field_error(s.costs_error());
    return explain("Measuring: running every listing...");
  }
  if (!costs->error.empty()) return field_error(costs->error);
  for (const AsmCostTableView& table : costs->tables) {
    ImGui::TextColored(colors::kAccent, "%s", table.title.c_str());
    Table cost_table(table.group.c_str(), 5, ImGuiTableFlags_RowBg);
    if (!cost_table) continue;
    for (const char* h : {"instruction set", "routine", "code bytes", "RAM bytes", "cycles per output"}) cost_table.column(h);
    ImGui::TableHeadersRow();
    const ImVec4 disabled = ImGui::GetStyle().Colors[ImGuiCol_TextDisabled];
    for (const AsmCostRowView& c : table.rows) {
      ImGui::TableNextRow();
      ImGui::TableSetColumnIndex(0);
      cell_text(c.isa);
      ImGui::TableSetColumnIndex(1);
      cell_text(c.name);
      ImGui::TableSetColumnIndex(2);
      cell_text(c.code_bytes);
      ImGui::TableSetColumnIndex(3);
      if (!c.ram.empty()) cell_text(c.ram); else cell_text(disabled, "-");
      ImGui::TableSetColumnIndex(4);
      if (!c.cycles.empty()) cell_text(c.cycles);
      else cell_text(disabled, "(the browser's compiler decides)");
    }
  }
}

// [SECTION] Panel entry point: draw

void AsmPanel::draw(AsmLabSession& s, PanelContext& ctx) {
  ImGui::TextUnformatted("Assembly side by side");
  help_marker("Our own listings for five instruction sets, run on interpreters in the core (the Z80 one is "
              "checked against the z80ex emulator instruction by instruction). The C++ lane is the core's real "
              "source, cut out at build time.");
  if (!result_first())
    explain(s.state().edit.on ? "Write or edit a routine: every edit is assembled, compared with what it claims to be, "
                                "and stepped below next to that C++."
                              : "Pick an algorithm and step it: the lit assembly line and the lit C++ line are the same moment.");
  if (s.state().edit.on) {
    if (controls_shown("Setup: your routine")) draw_edit_setup(s);
    draw_editor(s, ctx);
    draw_comparison(s);
    draw_send_to_check(s, ctx);
    field_error(send_error_);
    draw_controls(s);
  } else if (controls_shown("Setup: the listing and its inputs")) {
    draw_controls(s);
  }
  const AsmLabView& view = s.view();
  if (!s.state().edit.on) {
    std::fill(std::begin(editor_rect_), std::end(editor_rect_), 0.0f);
    std::fill(std::begin(send_rect_), std::end(send_rect_), 0.0f);
  }
  if (!s.state().edit.on || s.editor().good()) field_error(view.error);  // the editor lists its own errors
  if (!view.run) {
    if (view.loading) explain("Running the listing...");  // the last run stays on screen while the next comes
    return;
  }
  {
    ResultRegion result;
    draw_lanes(*view.run);
  }
  draw_machine(*view.run);
  draw_costs(s);
}

std::string AsmPanel::describe_json(AsmLabSession& s) const {
  char rect[192];
  std::snprintf(rect, sizeof rect,
                ",\"editorRect\":[%.0f,%.0f,%.0f,%.0f],\"editorActive\":%s,\"sendToCheckRect\":[%.0f,%.0f,%.0f,%.0f]",
                editor_rect_[0], editor_rect_[1], editor_rect_[2], editor_rect_[3], editor_active_ ? "true" : "false",
                send_rect_[0], send_rect_[1], send_rect_[2], send_rect_[3]);
  return s.describe_json() + rect + "}";
}

}  // namespace shufflelab::ui
