// no_default_font.cpp: keeps ImGui's default font (ProggyClean, about 9 KB
// gzip of compressed TTF and its decompressor) out of the app. ImGui 1.86's
// ImFontAtlas::Build() calls AddFontDefault() when no font was added, so the
// linker keeps it; the app link wraps that symbol (src/app/CMakeLists.txt)
// and lands here instead. The app always adds its DejaVu fonts before any
// build (main.cpp, set_style_and_font), so this is never reached.
#include <cstdio>
#include <cstdlib>

#include "imgui.h"

extern "C" ImFont* __wrap__ZN11ImFontAtlas14AddFontDefaultEPK12ImFontConfig(ImFontAtlas*, const ImFontConfig*) {
  std::fputs("shufflelab: ImGui asked for its default font, which the app does not ship\n", stderr);
  std::abort();
}
