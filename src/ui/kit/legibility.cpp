#include "ui/kit/legibility.hpp"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <unordered_map>

namespace shufflelab::ui::legibility {

namespace {

float g_smallest_cell = 0.0f;
struct Region {
  bool drawn = false;
  ImVec2 min, max;
  void add(ImVec2 a, ImVec2 b) {
    if (!drawn) min = a, max = b;
    min = ImVec2(std::min(min.x, a.x), std::min(min.y, a.y));
    max = ImVec2(std::max(max.x, b.x), std::max(max.y, b.y));
    drawn = true;
  }
};
Region g_result, g_tab_row;

// A glyph's top-left texture coordinate, exact as ImFont::RenderText copies it.
std::uint64_t uv_key(ImVec2 uv) {
  std::uint32_t u = 0, v = 0;
  std::memcpy(&u, &uv.x, sizeof u);
  std::memcpy(&v, &uv.y, sizeof v);
  return (static_cast<std::uint64_t>(u) << 32) | v;
}

struct GlyphSize {
  ImVec2 uv1;        // bottom-right texture coordinate
  float height = 0;  // Y1 - Y0 at the font's size
  float font_size = 0;
};

}  // namespace

void begin_frame() {
  g_smallest_cell = 0.0f;
  g_result = {}, g_tab_row = {};
}

void note_cell(ImVec2 a, ImVec2 b) {
  const float side = std::min(b.x - a.x, b.y - a.y);
  if (side <= 0.0f) return;
  g_smallest_cell = g_smallest_cell == 0.0f ? side : std::min(g_smallest_cell, side);
}

float smallest_cell() { return g_smallest_cell; }

void note_result(ImVec2 a, ImVec2 b) { g_result.add(a, b); }

bool result_rect(ImVec2& a, ImVec2& b) {
  a = g_result.min, b = g_result.max;
  return g_result.drawn;
}

void note_tab_row(ImVec2 a, ImVec2 b) { g_tab_row.add(a, b); }

bool tab_row_rect(ImVec2& a, ImVec2& b) {
  a = g_tab_row.min, b = g_tab_row.max;
  return g_tab_row.drawn;
}

// Every glyph of the atlases by its top-left texture coordinate.
std::unordered_map<std::uint64_t, GlyphSize> atlas_glyphs() {
  // Glyphs under 4 atlas pixels ('.', '-', '_') would measure rounding, not size.
  constexpr float kMinGlyphHeight = 4.0f;
  std::unordered_map<std::uint64_t, GlyphSize> glyphs;
  for (const ImFont* font : ImGui::GetIO().Fonts->Fonts)
    for (const ImFontGlyph& g : font->Glyphs)
      if (g.Visible && g.Y1 - g.Y0 >= kMinGlyphHeight)
        glyphs.emplace(uv_key(ImVec2(g.U0, g.V0)), GlyphSize{ImVec2(g.U1, g.V1), g.Y1 - g.Y0, font->FontSize});
  return glyphs;
}

// The glyph whose quad starts at vertex i, if one does. RenderText writes a
// glyph as 4 vertices: (x0,y0,u0,v0) (x1,y0) (x1,y1,u1,v1) (x0,y1).
const GlyphSize* glyph_at(const std::unordered_map<std::uint64_t, GlyphSize>& glyphs, const ImVector<ImDrawVert>& v,
                          int i) {
  if (i + 3 >= v.Size) return nullptr;
  const auto it = glyphs.find(uv_key(v[i].uv));
  if (it == glyphs.end() || v[i + 2].uv.x != it->second.uv1.x || v[i + 2].uv.y != it->second.uv1.y) return nullptr;
  return &it->second;
}

float smallest_text(const ImDrawList* const* lists, int count) {
  const auto glyphs = atlas_glyphs();
  float smallest = 0.0f;
  for (int l = 0; l < count; ++l) {
    const ImVector<ImDrawVert>& v = lists[l]->VtxBuffer;
    for (int i = 0; i + 3 < v.Size; ++i) {
      const GlyphSize* g = glyph_at(glyphs, v, i);
      if (!g) continue;
      const float size = (v[i + 2].pos.y - v[i].pos.y) / g->height * g->font_size;
      smallest = smallest == 0.0f ? size : std::min(smallest, size);
      i += 3;
    }
  }
  return smallest;
}

int clipped_glyphs(const ImDrawList* const* lists, int count, ImVec2* first) {
  const auto glyphs = atlas_glyphs();
  int clipped = 0;
  for (int l = 0; l < count; ++l) {
    const ImDrawList& list = *lists[l];
    const ImVector<ImDrawVert>& v = list.VtxBuffer;
    for (const ImDrawCmd& cmd : list.CmdBuffer) {
      // A glyph's 6 indices start with its top-left vertex (as RenderText writes them).
      for (unsigned k = cmd.IdxOffset; k + 5 < cmd.IdxOffset + cmd.ElemCount; k += 3) {
        const int i = static_cast<int>(list.IdxBuffer[static_cast<int>(k)] + cmd.VtxOffset);
        if (!glyph_at(glyphs, v, i)) continue;
        if (v[i + 2].pos.x > cmd.ClipRect.z + 1.0f && v[i].pos.y < cmd.ClipRect.w &&
            v[i + 2].pos.y > cmd.ClipRect.y && clipped++ == 0 && first)
          *first = v[i].pos;
        k += 3;
      }
    }
  }
  return clipped;
}

}  // namespace shufflelab::ui::legibility
