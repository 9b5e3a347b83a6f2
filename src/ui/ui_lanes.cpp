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
#include "core/base/text_format.hpp"
#include "imgui.h"
#include "ui/panel_context.hpp"
#include "ui/kit/widgets.hpp"

namespace shufflelab::ui {

namespace {

const ImU32 kLit = IM_COL32(250, 200, 90, 60);

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
    // A column's first frame has no scroll range yet (the view came after the section opened): ask again next frame.
    if (!ImGui::IsWindowAppearing()) scrolled = key;
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

void draw_cpp_column(const MachineView& m, std::ptrdiff_t& scrolled) {
  if (m.cpp_file.empty()) return muted("(no C++ snippet)");
  ImGui::TextColored(colors::kMuted, "%s", m.cpp_file.c_str());
  for (std::size_t i = 0; i < m.cpp_lines.size(); ++i) {
    const std::uint32_t number = m.cpp_first + static_cast<std::uint32_t>(i);
    const bool lit = number == m.cpp_lit;
    light_line(lit, number, scrolled);
    ImGui::TextColored(lit ? colors::kAccent : colors::kMuted, "%4u", number);
    ImGui::SameLine();
    text_view(m.cpp_lines[i]);
  }
}

void draw_listing_column(const MachineView& m, std::ptrdiff_t& scrolled) {
  for (const MachineListingRow& r : m.rows) {
    if (!r.label.empty()) ImGui::TextColored(colors::kAccent, "%s:", r.label.c_str());
    light_line(r.row == m.lit_row, static_cast<std::ptrdiff_t>(r.row), scrolled);
    ImGui::TextColored(colors::kMuted, "%04X  %-12s", r.address, r.code.c_str());
    ImGui::SameLine();
    ImGui::Text("%-18s", r.text.c_str());
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", r.hover.c_str());
    if (!r.comment.empty()) {
      ImGui::SameLine();
      ImGui::TextColored(colors::kMuted, "; %s", r.comment.c_str());
    }
  }
}

void draw_wasm_column(const MachineView& m, std::ptrdiff_t& scrolled) {
  bool first_lit = true;
  for (std::size_t i = 0; i < m.wasm.size(); ++i) {
    const MachineWasmRow& r = m.wasm[i];
    if (r.lit && first_lit) {
      light_line(true, static_cast<std::ptrdiff_t>(i), scrolled);
      first_lit = false;
    } else if (r.lit) {
      std::ptrdiff_t no_scroll = static_cast<std::ptrdiff_t>(i);
      light_line(true, no_scroll, no_scroll);
    }
    ImGui::TextColored(r.lit ? colors::kAccent : colors::kMuted, "%4u", r.cpp_line);
    ImGui::SameLine();
    text_view(r.text);
    if (ImGui::IsItemHovered() && !r.hover.empty()) ImGui::SetTooltip("%s", r.hover.c_str());
  }
}

}  // namespace

void draw_code_table(const char* id, const MachineView& machine, LaneScroll& scroll, float height) {
  const float em = ImGui::GetFontSize();
  const float lane_h = height > 0 ? height : em * 15.0f;
  const std::string_view no_wasm = machine.no_wasm;
  const int columns = no_wasm.empty() ? 3 : 2;
  const std::string listing_title = machine.isa_name + " (our listing)";
  const char* titles[3] = {"C++ (the core's real source)", listing_title.c_str(), "WebAssembly (the core, compiled)"};
  // The mono font is pushed and popped inside each column's child window: a
  // font popped in another window than it was pushed in breaks the draw lists.
  const auto column = [&](int index, float h) {
    static constexpr const char* kIds[3] = {"cpp", "listing", "wasm"};
    ImGui::BeginChild(kIds[index], ImVec2(0, h), false, ImGuiWindowFlags_HorizontalScrollbar);
    {
      MonoFont mono;  // code reads in columns
      if (index == 0) draw_cpp_column(machine, scroll.cpp);
      else if (index == 1) draw_listing_column(machine, scroll.listing);
      else draw_wasm_column(machine, scroll.wasm);
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

void draw_machine_state(const MachineView& machine) {
  MonoFont mono;
  ImGui::TextWrapped("Registers: %s", machine.registers.c_str());
  ImGui::TextWrapped("Flags: %s", machine.flags.empty() ? "(none)" : machine.flags.c_str());
  for (const std::string& line : machine.memory) ImGui::TextWrapped("%s", line.c_str());
}

// [SECTION] LanesView: refresh, draw, command, describe_json_field

// ---- LanesView ------------------------------------------------------------------------
std::string LanesView::wanted() const { return encode_lane_request({lanes_, cursors_}); }

void LanesView::request() {
  wanted_ = wanted();
  if (lanes_.lanes.empty()) {  // nothing to run: no worker
    job_.clear(jobs_);
    shown_ = LaneViews{{}, lanes_.none, ""};
    shown_request_ = wanted_;
    return;
  }
  if (shown_request_ == wanted_ || job_.running()) return;
  job_.start(jobs_, "asm_lanes", "", wanted_, wanted_);
}

void LanesView::refresh(bool open, const std::string& key, const MakeLanes& make) {
  open_ = open;
  if (!open) return;
  if (!built_ || key != key_) {
    key_ = key;
    built_ = true;
    lanes_ = make();
    cursors_.assign(lanes_.lanes.size(), std::nullopt);
    request();
  }
  const bool came = job_.poll_into(jobs_, [](const JobStatus& s) { return decode_lane_views(s.payload); });
  if (came || (job_.id != 0 && !job_.running() && !job_.error.empty() && shown_request_ != job_.setup_key)) {
    const bool current = job_.setup_key == wanted_;
    if (job_.result) {
      shown_ = std::move(*job_.result);
      job_.result.reset();
      scroll_.resize(shown_.lanes.size());
    } else {
      shown_ = LaneViews{{}, "", job_.error};
    }
    shown_request_ = job_.setup_key;
    if (current) {  // a cursor asked past the call's end is where the lane stopped
      for (std::size_t i = 0; i < cursors_.size() && i < shown_.lanes.size(); ++i)
        if (cursors_[i]) cursors_[i] = shown_.lanes[i].cursor;
      wanted_ = shown_request_ = wanted();
    }
    request();
  }
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
  if (shown_request_.empty()) {  // the last view stays while the next is computed: this is the first
    muted("Running the listing...");
    return toggled;
  }
  field_error(shown_.error);
  if (shown_.lanes.empty()) muted(shown_.none.empty() ? "No lane." : shown_.none);
  for (std::size_t i = 0; i < shown_.lanes.size(); ++i) {
    if (i) ImGui::Separator();
    draw_lane(i);
  }
  return toggled;
}

void LanesView::move_cursors(const std::function<std::optional<std::uint64_t>(const LaneView&, std::uint64_t)>& to) {
  for (std::size_t i = 0; i < cursors_.size() && i < shown_.lanes.size(); ++i)
    cursors_[i] = to(shown_.lanes[i], cursors_[i].value_or(shown_.lanes[i].cursor));
  request();
}

void LanesView::draw_lane(std::size_t index) {
  const LaneView& lane = shown_.lanes[index];
  const float em = ImGui::GetFontSize();
  ImGui::PushID(static_cast<int>(index));
  ImGui::TextColored(colors::kAccent, "%s", lane.title.c_str());
  muted(lane.call_label);

  // The buttons move this lane's cursor from where it was asked to be (a view may still be on its way).
  const std::uint64_t cursor = index < cursors_.size() ? cursors_[index].value_or(lane.cursor) : lane.cursor;
  std::optional<std::optional<std::uint64_t>> moved;
  if (ImGui::Button("Back")) moved = cursor ? cursor - 1 : 0;
  ImGui::SameLine();
  if (ImGui::Button("Step instr")) moved = cursor + 1;
  ImGui::SameLine();
  int slider = static_cast<int>(lane.cursor);
  ImGui::SetNextItemWidth(em * 16.0f);
  const std::string format = "instruction %d of " + std::to_string(lane.length);
  if (ImGui::SliderInt("##cursor", &slider, 0, static_cast<int>(lane.length), format.c_str()))
    moved = static_cast<std::uint64_t>(std::max(slider, 0));
  ImGui::SameLine();
  if (ImGui::Button("At the lab's step")) moved = std::optional<std::uint64_t>{};
  ImGui::SameLine();
  if (ImGui::Button("End of call")) moved = lane.length;

  {
    MonoFont mono;
    ImGui::Text("Lab:     %s = %s", lane.lab_label.c_str(), lane.lab_text.c_str());
    ImGui::Text("Listing: %s", lane.lane_text.c_str());
  }
  ImGui::SameLine();
  if (lane.agrees())
    ImGui::TextColored(colors::kGood, "  equal");
  else if (lane.cursor != lane.default_cursor)
    ImGui::TextColored(colors::kMuted, "  (cursor moved: \"At the lab's step\" compares)");
  else
    ImGui::TextColored(colors::kError, "  differ");
  if (!lane.note.empty()) muted(lane.note);
  draw_code_table("code", lane.machine, scroll_[index]);
  ImGui::TextColored(colors::kMuted, "%" PRIu64 " instructions, %" PRIu64 " %s so far", lane.machine.instructions,
                     lane.machine.cycles, lane.machine.cycle_unit.c_str());
  draw_machine_state(lane.machine);
  ImGui::PopID();
  if (moved && index < cursors_.size()) {  // after the drawing: request() may replace the views drawn
    cursors_[index] = *moved;
    request();
  }
}

bool LanesView::command(std::string_view name) {
  if (name == "lane_step") move_cursors([](const LaneView&, std::uint64_t c) { return c + 1; });
  else if (name == "lane_back") move_cursors([](const LaneView&, std::uint64_t c) { return c ? c - 1 : 0; });
  else if (name == "lane_end") move_cursors([](const LaneView& v, std::uint64_t) { return v.length; });
  else if (name == "lane_mark") move_cursors([](const LaneView&, std::uint64_t) { return std::nullopt; });
  else if (name.rfind("lane_cursor=", 0) == 0) {
    const auto n = parse_decimal("lane_cursor", name.substr(12), 0, ~std::uint64_t{0});
    if (!n) return false;
    move_cursors([c = *n](const LaneView&, std::uint64_t) { return c; });
  } else {
    return false;
  }
  return true;
}

std::string LanesView::describe_json_field() const {
  std::string out = ",\"lanes\":{\"open\":" + std::string(open_ ? "true" : "false") + ",\"loading\":" + json_bool(loading());
  if (!shown_.none.empty()) out += ",\"none\":" + json_string(shown_.none);
  if (!shown_.error.empty()) out += ",\"error\":" + json_string(shown_.error);
  // 64-bit values as strings: JSON numbers lose digits past 2^53 in JavaScript.
  const auto quoted = [](std::uint64_t v) { return json_string(std::to_string(v)); };
  out += ",\"items\":[";
  for (std::size_t i = 0; i < shown_.lanes.size(); ++i) {
    const LaneView& v = shown_.lanes[i];
    out += (i ? ",{" : "{") + std::string("\"algorithm\":") + json_string(v.algorithm) +
           ",\"isa\":" + json_string(v.machine.isa_id) + ",\"labValue\":" + json_array(v.lab_value, quoted) +
           ",\"laneValue\":" + json_array(v.lane_value, quoted) + ",\"agrees\":" + json_bool(v.agrees()) +
           ",\"cursor\":" + std::to_string(v.cursor) + ",\"defaultCursor\":" + std::to_string(v.default_cursor) +
           ",\"length\":" + std::to_string(v.length) + ",\"row\":" + std::to_string(v.machine.lit_row) +
           ",\"cppLine\":" + std::to_string(v.machine.cpp_line) + ",\"wasmRows\":" + std::to_string(v.machine.wasm.size()) +
           ",\"wasmLit\":" + std::to_string(v.machine.wasm_lit()) + "}";
  }
  return out + "]}";
}

}  // namespace shufflelab::ui
