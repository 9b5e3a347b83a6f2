#include "app/web_glue.hpp"

#include <emscripten.h>

#include <cstdlib>

// clang-format off
EM_JS(void, js_canvas_size, (int* w, int* h, double* dpr, int* coarse), {
  const canvas = Module['canvas'];
  const rect = canvas.getBoundingClientRect();
  HEAP32[w >> 2] = Math.max(1, Math.round(rect.width));
  HEAP32[h >> 2] = Math.max(1, Math.round(rect.height));
  HEAPF64[dpr >> 3] = window.devicePixelRatio || 1;
  HEAP32[coarse >> 2] = window.matchMedia && window.matchMedia('(pointer: coarse)').matches ? 1 : 0;
});

EM_JS(void, js_set_backing_size, (int w, int h), {
  Browser.setCanvasSize(w, h);
  if (GLFW.active) { GLFW.active.width = w; GLFW.active.height = h; }
});

// The hidden <input> that raises phones' keyboards (web/app.js owns it).
EM_JS(void, js_text_proxy, (int active, double x0, double y0, double x1, double y1, const char* mode), {
  if (Module['shufflelabTextProxy']) Module['shufflelabTextProxy'](!!active, x0, y0, x1, y1, UTF8ToString(mode));
});

EM_JS(char*, js_location_fragment, (), {
  return stringToNewUTF8(window.location.hash || "");
});

EM_JS(char*, js_page_url, (), {
  return stringToNewUTF8(window.location.href.split('#')[0]);
});

EM_JS(void, js_save_preferences, (int scale, int light), {
  try {
    localStorage.setItem('shufflelab.prefs', JSON.stringify({ scale: scale, theme: light ? 'light' : 'dark' }));
  } catch (e) { /* storage disabled: the choice lasts this visit */ }
});

// web/app.js compares the address with Module.shufflelabHash to tell Back,
// Forward and an edited address from the app's own writes.
EM_JS(void, js_write_fragment, (const char* fragment, int new_entry), {
  const f = UTF8ToString(fragment);
  if (window.location.hash !== f) {
    if (new_entry) history.pushState(null, "", f);
    else history.replaceState(null, "", f);
  }
  Module['shufflelabHash'] = window.location.hash;
});

EM_JS(void, js_copy_to_clipboard, (const char* text), {
  const t = UTF8ToString(text);
  if (navigator.clipboard && navigator.clipboard.writeText) {
    navigator.clipboard.writeText(t).catch(function () {});
  }
  Module['shufflelabPasted'] = t;
});

EM_JS(char*, js_pasted_text, (), {
  return stringToNewUTF8(Module['shufflelabPasted'] || "");
});

EM_JS(void, js_announce_first_frame, (), {
  if (Module['onFirstFrame']) Module['onFirstFrame']();
});
EM_JS(void, js_download, (const char* name, const char* mime, const void* data, int size), {
  const bytes = HEAPU8.slice(data, data + size);
  const url = URL.createObjectURL(new Blob([bytes], { type: UTF8ToString(mime) }));
  const a = document.createElement('a');
  a.href = url;
  a.download = UTF8ToString(name);
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(function () { URL.revokeObjectURL(url); }, 10000);
});
EM_JS(void, js_pick_check_file, (), { window.shufflelabFiles.pick(); });
EM_JS(int, js_add_check_text, (const char* text, int size), {
  return window.shufflelabFiles.addText(HEAPU8.slice(text, text + size));
});

// The drawing buffer is only valid until the frame is handed to the
// compositor, so this must run right after drawing, in the same frame.
EM_JS(void, js_save_canvas_png, (const char* name), {
  const filename = UTF8ToString(name);
  Module['canvas'].toBlob(function (blob) {
    if (!blob) return;
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = filename;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(function () { URL.revokeObjectURL(url); }, 10000);
  }, 'image/png');
});
// The text view (web/textview.js); kept in Module until the script is there.
EM_JS(void, js_publish_text, (const char* json), {
  const text = UTF8ToString(json);
  Module['shufflelabTextJson'] = text;
  const view = window['shufflelabTextView'];
  if (view && view.update) view.update(text);
});
// The Share dialog (web/share.js).
EM_JS(void, js_open_share_dialog, (), {
  const dialog = window['shufflelabShare'];
  if (dialog) dialog.open();
});
// What the page draws as DOM text (web/page_view.js, loaded before the app).
EM_JS(void, js_publish_page_view, (const char* json), {
  window['shufflelabPageView'].publish(UTF8ToString(json));
});
// clang-format on

namespace shufflelab::web {

namespace {
std::string take(char* p) {
  std::string s = p ? p : "";
  std::free(p);
  return s;
}
}  // namespace

CanvasSize canvas_size() {
  CanvasSize s;
  int coarse = 0;
  js_canvas_size(&s.css_width, &s.css_height, &s.device_pixel_ratio, &coarse);
  s.coarse_pointer = coarse != 0;
  return s;
}
void set_backing_size(int width, int height) { js_set_backing_size(width, height); }
std::string location_fragment() { return take(js_location_fragment()); }
std::string page_url_without_fragment() { return take(js_page_url()); }
void write_fragment(const std::string& fragment, bool new_entry) { js_write_fragment(fragment.c_str(), new_entry ? 1 : 0); }

void save_preferences(int scale_percent, bool light) { js_save_preferences(scale_percent, light ? 1 : 0); }
void copy_to_clipboard(const std::string& text) { js_copy_to_clipboard(text.c_str()); }
const char* pasted_text() {
  static std::string last;
  last = take(js_pasted_text());
  return last.c_str();
}
void announce_first_frame() { js_announce_first_frame(); }
void download(const std::string& filename, const std::string& mime, const void* data, std::size_t size) {
  js_download(filename.c_str(), mime.c_str(), data, static_cast<int>(size));
}
void pick_check_file() { js_pick_check_file(); }
int add_check_text(const std::string& text) { return js_add_check_text(text.data(), static_cast<int>(text.size())); }
void save_canvas_png(const std::string& filename) { js_save_canvas_png(filename.c_str()); }
void text_proxy(bool active, float x0, float y0, float x1, float y1, const std::string& mode) {
  js_text_proxy(active ? 1 : 0, x0, y0, x1, y1, mode.c_str());
}
void publish_text(const std::string& json) { js_publish_text(json.c_str()); }
void open_share_dialog() { js_open_share_dialog(); }
void publish_page_view(const std::string& json) { js_publish_page_view(json.c_str()); }

}  // namespace shufflelab::web
