// ui_lanes.cpp: the assembly lanes (C++, listing, wasm on one cursor) that
// every lab and the Assembly lab draw.
// Index of this file:
// [SECTION] Columns: C++, listing, wasm
// [SECTION] Registers, flags and memory
// [SECTION] LanesView: refresh, draw, command, describe_json_field
#include "ui/ui_lanes.hpp"

#include <algorithm>
#include <cinttypes>
#include <cstdio>

#include "core/base/parse.hpp"
#include "imgui.h"
#include "ui/panel_context.hpp"
#include "ui/kit/widgets.hpp"

namespace shufflelab::ui {

namespace {

const ImU32 kLit = IM_COL32(250, 200, 90, 60);

std::string hex_code(const AsmRow& row, AsmIsa isa) {
  std::string out;
  char buf[8];
  for (auto unit : row.code) {
    std::snprintf(buf, sizeof buf, isa == AsmIsa::pic14 ? "%04X " : "%02X ", unit);
    out += buf;
  }
  return out;
}

// Paints the lit band behind the next line and scrolls to it once per move.
// [SECTION] Columns: C++, listing, wasm

void light_line(bool lit, std::ptrdiff_t key, std::ptrdiff_t& scrolled) {
  if (!lit) return;
  const float em = ImGui::GetFontSize();
  const ImVec2 p = ImGui::GetCursorScreenPos();
  ImGui::GetWindowDrawList()->AddRectFilled(
      p, ImVec2(p.x + ImGui::GetContentRegionAvail().x + em * 60, p.y + ImGui::GetTextLineHeight()), kLit);
  if (scrolled != key) {
    ImGui::SetScrollHereY(0.4f);
    scrolled = key;
  }
}

void text_view(std::string_view text) { ImGui::TextUnformatted(text.data(), text.data() + text.size()); }

void muted(std::string_view text) {
  ImGui::PushStyleColor(ImGuiCol_Text, colors::kMuted);
  ImGui::PushTextWrapPos(0.0f);
  text_view(text);
  ImGui::PopTextWrapPos();
  ImGui::PopStyleColor();
}

void draw_cpp_column(const CppSnippet* snippet, const AsmRow* row, std::ptrdiff_t& scrolled) {
  if (!snippet) return muted("(no C++ snippet)");
  ImGui::TextColored(colors::kMuted, "%.*s", static_cast<int>(snippet->file.size()), snippet->file.data());
  const std::uint32_t lines = cpp_snippet_line_count(*snippet);
  for (std::uint32_t i = 0; i < lines; ++i) {
    const std::uint32_t number = snippet->first_line + i;
    const bool lit = row && row->cpp_file == snippet->file && row->cpp_line == number;
    light_line(lit, number, scrolled);
    ImGui::TextColored(lit ? colors::kAccent : colors::kMuted, "%4u", number);
    ImGui::SameLine();
    text_view(cpp_snippet_line(*snippet, number));
  }
}

void draw_listing_column(const AsmSession& session, std::ptrdiff_t lit_row, std::ptrdiff_t& scrolled) {
  const AsmAlgorithmInfo& info = session.info();
  const AsmProgram& program = session.program();
  for (std::string_view routine_name : info.routines) {
    const AsmRoutine* routine = program.routine(routine_name);
    if (!routine) continue;
    for (std::size_t i = routine->first_row; i < routine->end_row; ++i) {
      const AsmRow& r = program.rows[i];
      if (!r.label.empty()) ImGui::TextColored(colors::kAccent, "%.*s:", static_cast<int>(r.label.size()), r.label.data());
      light_line(static_cast<std::ptrdiff_t>(i) == lit_row, static_cast<std::ptrdiff_t>(i), scrolled);
      ImGui::TextColored(colors::kMuted, "%04X  %-12s", r.address, hex_code(r, info.isa).c_str());
      ImGui::SameLine();
      ImGui::Text("%-18.*s", static_cast<int>(r.text.size()), r.text.data());
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", asm_row_hover(info.isa, r).c_str());
      if (!r.comment.empty()) {
        ImGui::SameLine();
        ImGui::TextColored(colors::kMuted, "; %.*s", static_cast<int>(r.comment.size()), r.comment.data());
      }
    }
  }
}

// Why there is no WebAssembly column for the algorithm, or "" when there is one.
std::string_view wasm_absence(AsmAlgorithm algorithm) {
  if (asm_program(AsmIsa::wasm).rows.empty())
    return "WebAssembly: the core's wasm text is extracted by the Emscripten build only; this native build has none.";
  if (lane_wasm_functions(algorithm).empty())
    return "WebAssembly: the build extracts the wasm of the Z80 and tarot LFSR steps and of the LCRNG step, not of "
           "this C++.";
  return "";
}

void draw_wasm_column(AsmAlgorithm algorithm, const AsmRow* row, std::ptrdiff_t& scrolled) {
  const AsmProgram& wasm = asm_program(AsmIsa::wasm);
  const auto functions = lane_wasm_functions(algorithm);
  bool first_lit = true;
  for (const std::string_view name : functions) {
    const AsmRoutine* routine = wasm.routine(name);
    if (!routine) continue;
    const auto lit_rows = row ? rows_on_cpp_line(wasm, *routine, row->cpp_file, row->cpp_line) : std::vector<std::size_t>{};
    for (std::size_t i = routine->first_row; i < routine->end_row; ++i) {
      const AsmRow& r = wasm.rows[i];
      const bool lit = std::find(lit_rows.begin(), lit_rows.end(), i) != lit_rows.end();
      if (lit && first_lit) {
        light_line(true, static_cast<std::ptrdiff_t>(i), scrolled);
        first_lit = false;
      } else if (lit) {
        std::ptrdiff_t no_scroll = static_cast<std::ptrdiff_t>(i);
        light_line(true, no_scroll, no_scroll);
      }
      ImGui::TextColored(lit ? colors::kAccent : colors::kMuted, "%4u", r.cpp_line);
      ImGui::SameLine();
      text_view(r.text);
      if (ImGui::IsItemHovered() && !r.mnemonic.empty()) ImGui::SetTooltip("%s", asm_row_hover(AsmIsa::wasm, r).c_str());
    }
  }
}

std::string format_values(const LaneValueSpec& spec, const std::vector<std::uint64_t>& values) {
  if (values.empty()) return "(not yet: the call has not returned)";
  std::string out;
  const bool long_list = values.size() > 24;  // a deck: both ends (a shuffle from the top changes the end first)
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (long_list && i == 6) {
      out += " ...";
      i = values.size() - 14;
    }
    if (i) out += ' ';
    if (spec.kind == LaneValueSpec::Kind::outputs || values.size() > 1) out += std::to_string(values[i]);
    else out += format_hex_upper(values[i], static_cast<int>(2 * spec.bytes));
  }
  return out;
}

}  // namespace

void draw_code_table(const char* id, const AsmSession& session, std::ptrdiff_t lit_row, LaneScroll& scroll,
                     float height) {
  const AsmAlgorithmInfo& info = session.info();
  const AsmProgram& program = session.program();
  const AsmRow* row = lit_row >= 0 ? &program.rows[static_cast<std::size_t>(lit_row)] : nullptr;
  const CppSnippet* snippet = find_cpp_snippet(row && !row->cpp_snippet.empty() ? row->cpp_snippet : info.cpp_snippet);
  const float em = ImGui::GetFontSize();
  const float lane_h = height > 0 ? height : em * 15.0f;
  const std::string_view no_wasm =
      session.is_reader() ? "WebAssembly: your routine has no compiled C++ beside it; the comparison above runs the C++ it claims to be."
                          : wasm_absence(info.algorithm);
  const int columns = no_wasm.empty() ? 3 : 2;
  const std::string listing_title = std::string(asm_isa_info(info.isa).name) + " (our listing)";
  const char* titles[3] = {"C++ (the core's real source)", listing_title.c_str(), "WebAssembly (the core, compiled)"};
  // The mono font is pushed and popped inside each column's child window: a
  // font popped in another window than it was pushed in breaks the draw lists.
  const auto column = [&](int index, float h) {
    static constexpr const char* kIds[3] = {"cpp", "listing", "wasm"};
    ImGui::BeginChild(kIds[index], ImVec2(0, h), false, ImGuiWindowFlags_HorizontalScrollbar);
    {
      MonoFont mono;  // code reads in columns
      if (index == 0) draw_cpp_column(snippet, row, scroll.cpp);
      else if (index == 1) draw_listing_column(session, lit_row, scroll.listing);
      else draw_wasm_column(info.algorithm, row, scroll.wasm);
    }
    ImGui::EndChild();
  };
  // The columns side by side when they fit; narrower screens scroll the table
  // sideways, and phones get the lanes one above the other, each full width.
  constexpr float kWidths[3] = {24.0f, 28.0f, 24.0f};
  const float avail = ImGui::GetContentRegionAvail().x;
  if (avail < em * (kWidths[0] + kWidths[1])) {
    ImGui::PushID(id);
    for (int i = 0; i < columns; ++i) {
      ImGui::TextColored(colors::kAccent, "%s", titles[i]);
      column(i, std::min(lane_h, em * 11.0f));
    }
    ImGui::PopID();
    if (!no_wasm.empty()) muted(no_wasm);
    return;
  }
  const bool scroll_x = avail < em * (kWidths[0] + kWidths[1] + (columns == 3 ? kWidths[2] : 0));
  const ImGuiTableFlags flags = ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_BordersOuter |
                                ImGuiTableFlags_Resizable |
                                (scroll_x ? ImGuiTableFlags_ScrollX | ImGuiTableFlags_SizingFixedFit
                                          : ImGuiTableFlags_SizingStretchProp);
  const float table_h = lane_h + ImGui::GetFrameHeightWithSpacing() * (scroll_x ? 2.0f : 1.2f);
  if (!ImGui::BeginTable(id, columns, flags, ImVec2(0, table_h))) return;
  const ImGuiTableColumnFlags sizing = scroll_x ? ImGuiTableColumnFlags_WidthFixed : ImGuiTableColumnFlags_WidthStretch;
  const float unit = scroll_x ? em : 1.0f;
  for (int i = 0; i < columns; ++i) ImGui::TableSetupColumn(titles[i], sizing, kWidths[i] * unit);
  ImGui::TableHeadersRow();
  ImGui::TableNextRow();
  for (int i = 0; i < columns; ++i) {
    ImGui::TableSetColumnIndex(i);
    column(i, lane_h);
  }
  ImGui::EndTable();
  if (!no_wasm.empty()) muted(no_wasm);
}

// [SECTION] Registers, flags and memory

void draw_machine_state(const AsmSession& session) {
  std::string regs, flags;
  for (const auto& r : session.registers()) {
    char buf[48];
    if (r.bits == 1) {
      std::snprintf(buf, sizeof buf, "%.*s=%d ", static_cast<int>(r.name.size()), r.name.data(), static_cast<int>(r.value));
      flags += buf;
    } else {
      std::snprintf(buf, sizeof buf, "%.*s=%s  ", static_cast<int>(r.name.size()), r.name.data(),
                    format_hex_upper(r.value, static_cast<int>((r.bits + 3) / 4)).c_str());
      regs += buf;
    }
  }
  MonoFont mono;
  ImGui::TextWrapped("Registers: %s", regs.c_str());
  ImGui::TextWrapped("Flags: %s", flags.empty() ? "(none)" : flags.c_str());
  for (const auto& m : session.memory()) {
    const std::string bytes = format_hex_bytes(m.bytes.data(), std::min<std::size_t>(m.bytes.size(), 16));
    ImGui::TextWrapped("%.*s @%04X: %s%s", static_cast<int>(m.name.size()), m.name.data(), m.address, bytes.c_str(),
                       m.bytes.size() > 16 ? " ..." : "");
  }
}

// [SECTION] LanesView: refresh, draw, command, describe_json_field

// ---- LanesView ------------------------------------------------------------------------
void LanesView::refresh(bool open, const std::string& key, const MakeLanes& make) {
  open_ = open;
  if (!open || (built_ && key == key_)) return;
  key_ = key;
  built_ = true;
  runs_.clear();
  error_.clear();
  const LabLanes lanes = make();
  none_ = lanes.none;
  for (const LabLane& lane : lanes.lanes) {
    auto run = LaneRun::start(lane);
    if (!run) {
      error_ = std::string(asm_algorithm_info(lane.algorithm).id) + ": " + run.error();
      continue;
    }
    runs_.push_back(std::move(run.value()));
  }
  scroll_.assign(runs_.size(), LaneScroll{});
}

bool LanesView::draw(bool& open, const std::string& key, const MakeLanes& make) {
  ImGui::SetNextItemOpen(open, ImGuiCond_Always);
  const bool now_open = ImGui::CollapsingHeader("Assembly lanes##lanes");
  const bool toggled = now_open != open;
  open = now_open;
  refresh(open, key, make);
  if (!open) return toggled;
  explain("The same step in our listing, run on the core's interpreter from the generator state just before the "
          "call. The lit listing row picks the C++ line it does; the WebAssembly rows of that line light with it. "
          "Move the instruction cursor inside the call; at the lab's step the listing's value equals the lab's.");
  field_error(error_);
  if (runs_.empty()) muted(none_.empty() ? "No lane." : none_);
  for (std::size_t i = 0; i < runs_.size(); ++i) {
    if (i) ImGui::Separator();
    draw_lane(i);
  }
  return toggled;
}

void LanesView::draw_lane(std::size_t index) {
  LaneRun& run = runs_[index];
  const LabLane& lane = run.lane();
  const AsmAlgorithmInfo& info = asm_algorithm_info(lane.algorithm);
  const float em = ImGui::GetFontSize();
  ImGui::PushID(static_cast<int>(index));
  ImGui::TextColored(colors::kAccent, "%.*s", static_cast<int>(info.title.size()), info.title.data());
  muted(lane.call_label);

  std::uint64_t cursor = run.cursor();
  if (ImGui::Button("Back")) cursor = cursor ? cursor - 1 : 0;
  ImGui::SameLine();
  if (ImGui::Button("Step instr")) ++cursor;
  ImGui::SameLine();
  int slider = static_cast<int>(cursor);
  ImGui::SetNextItemWidth(em * 16.0f);
  const std::string format = "instruction %d of " + std::to_string(run.call_length());
  if (ImGui::SliderInt("##cursor", &slider, 0, static_cast<int>(run.call_length()), format.c_str()))
    cursor = static_cast<std::uint64_t>(std::max(slider, 0));
  ImGui::SameLine();
  if (ImGui::Button("At the lab's step")) cursor = run.default_cursor();
  ImGui::SameLine();
  if (ImGui::Button("End of call")) cursor = run.call_length();
  if (cursor != run.cursor())
    if (const auto r = run.seek(cursor); !r) error_ = r.error();

  const auto now = run.value();
  {
    MonoFont mono;
    ImGui::Text("Lab:     %s = %s", lane.lab_label.c_str(), format_values(lane.value, lane.lab_value).c_str());
    ImGui::Text("Listing: %s", format_values(lane.value, now).c_str());
  }
  ImGui::SameLine();
  if (now == lane.lab_value)
    ImGui::TextColored(colors::kGood, "  equal");
  else if (run.cursor() != run.default_cursor())
    ImGui::TextColored(colors::kMuted, "  (cursor moved: \"At the lab's step\" compares)");
  else
    ImGui::TextColored(colors::kError, "  differ");
  if (!lane.note.empty()) muted(lane.note);
  draw_code_table("code", run.session(), run.lit_row(), scroll_[index]);
  const auto& isa = asm_isa_info(info.isa);
  ImGui::TextColored(colors::kMuted, "%" PRIu64 " instructions, %" PRIu64 " %.*s so far", run.session().instructions(),
                     run.session().cycles(), static_cast<int>(isa.cycle_unit.size()), isa.cycle_unit.data());
  draw_machine_state(run.session());
  ImGui::PopID();
}

bool LanesView::command(std::string_view name) {
  const bool known = name == "lane_step" || name == "lane_back" || name == "lane_end" || name == "lane_mark" ||
                     name.rfind("lane_cursor=", 0) == 0;
  if (!known) return false;
  for (LaneRun& run : runs_) {
    std::uint64_t c = run.cursor();
    if (name == "lane_step") ++c;
    else if (name == "lane_back") c = c ? c - 1 : 0;
    else if (name == "lane_end") c = run.call_length();
    else if (name == "lane_mark") c = run.default_cursor();
    else {
      const auto n = parse_decimal("lane_cursor", name.substr(12), 0, ~std::uint64_t{0});
      if (!n) return false;
      c = *n;
    }
    if (const auto r = run.seek(c); !r) error_ = r.error();
  }
  return true;
}

std::string LanesView::describe_json_field() const {
  std::string out = ",\"lanes\":{\"open\":" + std::string(open_ ? "true" : "false");
  if (!none_.empty()) out += ",\"none\":" + json_string(none_);
  if (!error_.empty()) out += ",\"error\":" + json_string(error_);
  // 64-bit values as strings: JSON numbers lose digits past 2^53 in JavaScript.
  const auto quoted = [](std::uint64_t v) { return json_string(std::to_string(v)); };
  out += ",\"items\":[";
  for (std::size_t i = 0; i < runs_.size(); ++i) {
    const LaneRun& run = runs_[i];
    const AsmAlgorithmInfo& info = asm_algorithm_info(run.lane().algorithm);
    const auto wasm = wasm_lane_count(info.algorithm, run.cpp_file(), run.cpp_line());
    out += (i ? ",{" : "{") + std::string("\"algorithm\":") + json_string(info.id) +
           ",\"isa\":" + json_string(asm_isa_info(info.isa).id) + ",\"labValue\":" + json_array(run.lane().lab_value, quoted) +
           ",\"laneValue\":" + json_array(run.value(), quoted) + ",\"agrees\":" + (run.agrees() ? "true" : "false") +
           ",\"cursor\":" + std::to_string(run.cursor()) + ",\"defaultCursor\":" + std::to_string(run.default_cursor()) +
           ",\"length\":" + std::to_string(run.call_length()) + ",\"row\":" + std::to_string(run.lit_row()) +
           ",\"cppLine\":" + std::to_string(run.cpp_line()) + ",\"wasmRows\":" + std::to_string(wasm.rows) +
           ",\"wasmLit\":" + std::to_string(wasm.lit) + "}";
  }
  return out + "]}";
}

}  // namespace shufflelab::ui
