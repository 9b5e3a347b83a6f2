// web_glue.hpp: the few browser facts the app needs that Emscripten 3.1.6's
// built-in GLFW does not provide: CSS size and devicePixelRatio (high-DPI),
// the location fragment, clipboard, and telling the page the first frame is up.
#pragma once
#include <string>

namespace shufflelab::web {

struct CanvasSize {
  int css_width = 0;
  int css_height = 0;
  double device_pixel_ratio = 1.0;
};

CanvasSize canvas_size();
std::string location_fragment();          // "#..." or ""
std::string page_url_without_fragment();
void replace_fragment(const std::string& fragment);  // history.replaceState
void copy_to_clipboard(const std::string& text);
const char* pasted_text();                // last text pasted into the page
void announce_first_frame();
// Offers `size` bytes as a file download (Blob + a temporary link).
void download(const std::string& filename, const std::string& mime, const void* data, std::size_t size);
// Saves what the canvas shows now as a PNG download; call right after drawing.
void save_canvas_png(const std::string& filename);

}  // namespace shufflelab::web
