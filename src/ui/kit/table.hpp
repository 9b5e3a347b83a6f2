// table.hpp: data tables laid out as a browser lays out an HTML table. Each
// column is as wide as its widest cell unwrapped when that fits; otherwise
// between its longest word and that, in proportion; never narrower than its
// longest word, so no cell wraps inside a word: when the longest words do not
// fit, the table scrolls sideways instead. Cells are drawn with cell_text (or
// any widget followed by cell_item), which measure them; the widths measured
// in one frame lay out the next.
//   if (Table t{"id", 3}) { t.column("Method"); ...; ImGui::TableHeadersRow();
//                           ImGui::TableNextRow(); ImGui::TableNextColumn(); cell_text(...); ... }
#pragma once
#include <initializer_list>
#include <string>

#include "imgui.h"

namespace shufflelab::ui {

class Table {
 public:
  // `fill`: spread spare width over the columns (the table spans the region);
  // otherwise the table is as narrow as its cells. `flags`: borders and row
  // colours (sizing and scrolling are this class's).
  Table(const char* id, int columns, ImGuiTableFlags flags, bool fill = false);
  // With its columns and header row.
  Table(const char* id, std::initializer_list<const char*> headers, ImGuiTableFlags flags, bool fill = false);
  ~Table();
  Table(const Table&) = delete;
  Table& operator=(const Table&) = delete;
  explicit operator bool() const { return open_; }

  // TableSetupColumn with this frame's width; the header is one word (headers do not wrap).
  void column(const char* header);

 private:
  bool open_ = false;
  bool scrolls_ = false;
  unsigned id_ = 0;
  int next_column_ = 0;
};

// Text in the current cell, wrapped at its edge between words; measured for the layout.
void cell_text(const std::string& text);
void cell_text(const ImVec4& colour, const std::string& text);
// After a widget in a cell (a button, a selectable): its width counts as one
// word; `label`'s instead for a widget wider than its text (a selectable spanning the row).
void cell_item(const char* label = nullptr);

// The tables drawn in the last frame as JSON for the test hook, in pixels:
// [{"columns":[{"width":W,"word":L},...],"scrolls":bool},...] where W is the
// width ImGui gave the column's cells and L the longest word drawn in it.
std::string tables_json();

}  // namespace shufflelab::ui
