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
  bool coarse_pointer = false;  // CSS (pointer: coarse): a finger is the main pointer
};

CanvasSize canvas_size();
// Sets the canvas's backing store and the GLFW window's size as glfwSetWindowSize
// does, without its rule that a window the size of the screen asks for
// fullscreen and pointer lock (which a page may only do on a user's gesture):
// the canvas shrinks beside the lesson bar and grows back when it closes.
void set_backing_size(int width, int height);
std::string location_fragment();          // "#..." or ""
std::string page_url_without_fragment();
// The address for what is on screen: a new history entry (pushState, so Back
// returns to the previous one) or in place of the current one (replaceState).
void write_fragment(const std::string& fragment, bool new_entry);
// The reader's UI scale (percent) and theme, in localStorage for web/prefs.js.
void save_preferences(int scale_percent, bool light);
void copy_to_clipboard(const std::string& text);
const char* pasted_text();                // last text pasted into the page
void announce_first_frame();
// The Check lab's files (web/app.js keeps them): open the file picker; hand
// pasted text to the page as a file, returning its id.
void pick_check_file();
int add_check_text(const std::string& text);
// Offers `size` bytes as a file download (Blob + a temporary link).
void download(const std::string& filename, const std::string& mime, const void* data, std::size_t size);
// Saves what the canvas shows now as a PNG download; call right after drawing.
void save_canvas_png(const std::string& filename);
// Shows the hidden <input> over the text field being edited (backing pixels),
// with a keyboard fitting `mode` ("numeric", "hex", "text"), or
// blurs it when `active` is false, so phones' on-screen keyboards open and close.
void text_proxy(bool active, float x0, float y0, float x1, float y1, const std::string& mode);
// Hands the lab's text mirror (core/lab_text: a JSON array of {kind, text}) to
// web/textview.js, which renders it as headings and lists with textContent.
void publish_text(const std::string& json);
// Opens the Share dialog (web/share.js).
void open_share_dialog();
// Hands what the page draws as DOM text around the canvas (ui::LabApp::page_view_json:
// the lesson, present mode, the theme, the sender's note) to web/page_view.js,
// which passes it to its readers (web/lesson_bar.js, web/note.js). The one
// channel from the app to the page's own text.
void publish_page_view(const std::string& json);

}  // namespace shufflelab::web
