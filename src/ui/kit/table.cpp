#include "ui/kit/table.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "imgui_internal.h"  // the current table and its columns' widths (ImGui 1.86)

namespace shufflelab::ui {

namespace {
struct ColumnMeasure {
  float word = 0.0f;  // the longest word
  float line = 0.0f;  // the widest line unwrapped
};
struct TableMeasure {
  std::vector<ColumnMeasure> last, now;  // the previous frame's cells (the layout), this frame's
  std::vector<float> widths;             // this frame's column widths (0: not measured yet)
  std::vector<float> given;              // the widths ImGui gave the cells (test hook)
  float height = 0.0f;                   // the rows' height in the last frame
  bool scrolls = false;
  bool laid_out = false;  // widths from a measured frame (the first frame's cells do not wrap)
  int frame = -1;
};
std::unordered_map<ImGuiID, TableMeasure> g_tables;

void measure(ColumnMeasure& into, std::string_view text, bool one_word) {
  const char* base = text.data();
  const auto width = [&](std::size_t from, std::size_t to) { return ImGui::CalcTextSize(base + from, base + to).x; };
  for (std::size_t start = 0; start <= text.size();) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    into.line = std::max(into.line, width(start, end));
    for (std::size_t w = start; !one_word && w < end;) {
      std::size_t stop = text.find(' ', w);
      if (stop == std::string_view::npos || stop > end) stop = end;
      into.word = std::max(into.word, width(w, stop));
      w = stop + 1;
    }
    start = end + 1;
  }
  if (one_word) into.word = std::max(into.word, into.line);
}

TableMeasure* current(int* column) {
  ImGuiTable* table = ImGui::GetCurrentTable();
  if (!table) return nullptr;
  const auto it = g_tables.find(table->ID);
  if (it == g_tables.end() || table->CurrentColumn < 0 || table->CurrentColumn >= static_cast<int>(it->second.now.size()))
    return nullptr;
  *column = table->CurrentColumn;
  return &it->second;
}
}  // namespace

Table::Table(const char* id, int columns, ImGuiTableFlags flags, bool fill) {
  id_ = ImGui::GetID(id);
  TableMeasure& m = g_tables[id_];
  if (static_cast<int>(m.last.size()) != columns) m.last.assign(columns, {});
  m.now.assign(columns, {});
  m.widths.assign(columns, 0.0f);
  const ImGuiStyle& style = ImGui::GetStyle();
  const float per_column = 2.0f * style.CellPadding.x + 1.0f;  // padding and the border between columns
  const float room = ImGui::GetContentRegionAvail().x - per_column * static_cast<float>(columns) - 2.0f * style.CellPadding.x;
  float words = 0.0f, lines = 0.0f;
  for (const ColumnMeasure& c : m.last) words += c.word, lines += c.line;
  scrolls_ = false;
  if (lines > 0.0f) {  // measured in the last frame
    for (int i = 0; i < columns; ++i) {
      const ColumnMeasure& c = m.last[i];
      if (lines <= room) m.widths[i] = c.line + (fill ? (room - lines) * c.line / lines : 0.0f);
      else if (words <= room) m.widths[i] = c.word + (room - words) * (c.line - c.word) / std::max(1.0f, lines - words);
      else m.widths[i] = c.word, scrolls_ = true;
      m.widths[i] = std::max(1.0f, std::floor(m.widths[i]) + 1.0f);
    }
  }
  m.scrolls = scrolls_;
  m.laid_out = lines > 0.0f;
  flags &= ~(ImGuiTableFlags_SizingMask_ | ImGuiTableFlags_ScrollX | ImGuiTableFlags_ScrollY | ImGuiTableFlags_Resizable);
  flags |= ImGuiTableFlags_SizingFixedFit;
  if (scrolls_) flags |= ImGuiTableFlags_ScrollX;
  else if (!fill && lines > 0.0f) flags |= ImGuiTableFlags_NoHostExtendX;  // (only with fixed widths)
  // A scrolling table is a child region of a set height: the rows' height in the last frame.
  const ImVec2 outer(0.0f, scrolls_ ? std::max(m.height, ImGui::GetFrameHeight()) + style.ScrollbarSize + 2.0f : 0.0f);
  open_ = ImGui::BeginTable(id, columns, flags, outer);
  if (open_) m.frame = ImGui::GetFrameCount();  // (a scrolling table out of view is not drawn)
}

Table::Table(const char* id, std::initializer_list<const char*> headers, ImGuiTableFlags flags, bool fill)
    : Table(id, static_cast<int>(headers.size()), flags, fill) {
  if (!open_) return;
  for (const char* header : headers) column(header);
  ImGui::TableHeadersRow();
}

Table::~Table() {
  if (!open_) return;
  TableMeasure& m = g_tables[id_];
  ImGuiTable* table = ImGui::GetCurrentTable();
  m.given.clear();
  for (int i = 0; i < table->ColumnsCount; ++i) m.given.push_back(table->Columns[i].WorkMaxX - table->Columns[i].WorkMinX);
  ImGuiWindow* inner = table->InnerWindow;
  ImGui::EndTable();
  m.height = scrolls_ ? inner->DC.CursorMaxPos.y - inner->DC.CursorStartPos.y : ImGui::GetItemRectSize().y;
  m.last = m.now;
}

void Table::column(const char* header) {
  TableMeasure& m = g_tables[id_];
  const int i = next_column_++;
  if (i >= static_cast<int>(m.now.size())) return;
  const char* end = ImGui::FindRenderedTextEnd(header);
  measure(m.now[i], std::string_view(header, static_cast<std::size_t>(end - header)), true);
  const float width = m.widths[i];
  ImGui::TableSetupColumn(header, width > 0.0f ? ImGuiTableColumnFlags_WidthFixed | ImGuiTableColumnFlags_NoResize
                                               : ImGuiTableColumnFlags_WidthStretch,
                          width);
  // ImGui 1.86 re-applies a fixed width only to the columns in view: one scrolled
  // out sideways would keep the width of the table's previous content.
  if (width > 0.0f) ImGui::GetCurrentTable()->Columns[i].WidthRequest = width;
}

namespace {
// `text` with its lines broken at spaces only (ImGui 1.86 also breaks after
// commas and full stops, which splits numbers such as 4,294,967,295) so that
// each line fits `width` where its words do.
std::string break_at_spaces(const std::string& text, float width) {
  std::string out;
  float line = 0.0f;
  const float space = ImGui::CalcTextSize(" ").x;
  for (std::size_t start = 0; start <= text.size();) {
    std::size_t end = text.find_first_of(" \n", start);
    if (end == std::string::npos) end = text.size();
    const float word = ImGui::CalcTextSize(text.data() + start, text.data() + end).x;
    if (line > 0.0f && line + space + word > width) out += '\n', line = 0.0f;
    else if (line > 0.0f) out += ' ', line += space;
    out.append(text, start, end - start);
    line += word;
    if (end < text.size() && text[end] == '\n') out += '\n', line = 0.0f;
    start = end + 1;
  }
  return out;
}
}  // namespace

void cell_text(const std::string& text) {
  int column = 0;
  TableMeasure* m = current(&column);
  if (m) measure(m->now[column], text, false);
  // Unbroken until the columns are laid out, so a table that scrolls when
  // out of view (and is not drawn) keeps a height near its real one.
  ImGui::PushTextWrapPos(-1.0f);
  if (m && m->laid_out) ImGui::TextUnformatted(break_at_spaces(text, ImGui::GetContentRegionAvail().x).c_str());
  else ImGui::TextUnformatted(text.c_str());
  ImGui::PopTextWrapPos();
}

void cell_text(const ImVec4& colour, const std::string& text) {
  ImGui::PushStyleColor(ImGuiCol_Text, colour);
  cell_text(text);
  ImGui::PopStyleColor();
}

void cell_item(const char* label) {
  int column = 0;
  if (TableMeasure* m = current(&column)) {
    const float w = label ? ImGui::CalcTextSize(label, nullptr, true).x : ImGui::GetItemRectSize().x;
    m->now[column].word = std::max(m->now[column].word, w);
    m->now[column].line = std::max(m->now[column].line, w);
  }
}

std::string tables_json() {
  std::string out = "[";
  const int frame = ImGui::GetFrameCount();
  for (const auto& [id, m] : g_tables) {
    if (m.frame != frame) continue;
    out += out.size() > 1 ? ",{\"columns\":[" : "{\"columns\":[";
    for (std::size_t i = 0; i < m.given.size() && i < m.last.size(); ++i) {
      char buf[64];
      std::snprintf(buf, sizeof buf, "%s{\"width\":%.1f,\"word\":%.1f}", i ? "," : "", m.given[i], m.last[i].word);
      out += buf;
    }
    out += std::string("],\"scrolls\":") + (m.scrolls ? "true" : "false") + "}";
  }
  return out + "]";
}

}  // namespace shufflelab::ui
