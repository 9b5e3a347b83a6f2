// The web app: GLFW (Emscripten's built-in port) + WebGL2 + Dear ImGui, one
// LabApp drawn per animation frame. High-DPI: the canvas backing store is
// CSS size x devicePixelRatio, ImGui works in backing pixels, and the font is
// rasterised and the style scaled by the same ratio, so text stays crisp.
#include <GLES3/gl3.h>
#include <GLFW/glfw3.h>
#include <emscripten.h>

#include <malloc.h>

#include <algorithm>
#include <cfloat>
#include <deque>
#include <cstdlib>
#include <cmath>
#include <vector>
#include <cstdio>
#include <cstring>
#include <optional>
#include <string>
#include <utility>

#include "app/gl_views.hpp"
#include "app/web_glue.hpp"
#include "app/worker_job_runner.hpp"
#include "imgui.h"
#include "imgui_internal.h"  // touch scrolling and the text proxy read ImGui 1.86 internals
#include "imgui_impl_glfw.h"
#include "imgui_impl_opengl3.h"
#include "core/lab_text.hpp"
#include "ui/kit/draw_fingerprint.hpp"
#include "ui/kit/legibility.hpp"
#include "ui/kit/keyboard.hpp"
#include "ui/kit/table.hpp"
#include "ui/kit/text_field.hpp"
#include "ui/lab_app.hpp"
#include "mono_font.hpp"
#include "ui_font.hpp"

namespace shufflelab::ui {
extern std::string g_help_shown;    // widgets.cpp: the help text shown this frame (test hook)
extern std::string g_help_focused;  // widgets.cpp: the help mark under the focus ring (test hook)
}

namespace {

constexpr float kBaseFontPixels = 16.0f;

struct App {
  GLFWwindow* window = nullptr;
  shufflelab::web::WorkerJobRunner jobs;  // before lab, which keeps a reference to it
  shufflelab::ui::LabApp lab{jobs};
  shufflelab::web::GlViews gl_views;
  std::uint64_t drawn_look = 0;    // draw_fingerprint of the frame on the canvas
  std::uint64_t drawn_frames = 0;  // frames that reached WebGL (the others looked the same, or were progress alone)
  double drawn_at = -1e9;          // emscripten_get_now() of the last frame drawn
  double input_at = 0.0;           // of the last frame with any input
  ImGuiStyle base_style;
  float font_scale = 0.0f;
  std::string written_fragment;
  std::optional<shufflelab::LabState> written_place;  // the lab and lesson step of the address last written
  bool first_frame_done = false;
  bool coarse_pointer = false;  // (pointer: coarse): bigger tap targets
  bool style_coarse = false;
  std::optional<shufflelab::LabState> text_state;  // the state the text mirror was last built for
  std::uint64_t text_results_revision = 0;          // and the panels' job results (LabApp::shown_results_revision)
  std::string text_json;          // what was last handed to web/textview.js
  std::string page_view_json;     // what was last handed to web/page_view.js
  double text_checked_at = -1e9;  // emscripten_get_now() of the last check
  int saved_scale = 0;  // the preferences last saved (0: none yet)
  bool saved_light = false;
};
App* g_app = nullptr;

// ImGui 1.86 samples key state once per frame, so a key pressed and released
// between two frames (a quick tap, or a test's keyboard.press) would be lost,
// and so would a second press that comes before any frame saw the key up (a
// quick double tap). Keys and typed characters wait in one queue, in order;
// each frame takes them up to its first key press, and never a second change
// of the same key (feed_input_queue). The hidden <input>'s text and editing
// keys (phones' on-screen keyboards) join the same queue.
struct InputEvent {
  bool is_key = true;
  int key = 0, scancode = 0, action = 0, mods = 0;
  unsigned codepoint = 0;  // a typed character (is_key false, text empty)
  std::string text;        // typed text, UTF-8 (is_key false)
};
std::deque<InputEvent> g_input_queue;

void key_callback(GLFWwindow*, int key, int scancode, int action, int mods) {
  g_input_queue.push_back({true, key, scancode, action, mods, 0, {}});
}

void char_callback(GLFWwindow*, unsigned codepoint) { g_input_queue.push_back({false, 0, 0, 0, 0, codepoint, {}}); }

void queue_text(std::string text) { g_input_queue.push_back({false, 0, 0, 0, 0, 0, std::move(text)}); }

// A key press ends the frame's intake, so the keys and the characters
// between them reach a text field in the order typed (ImGui 1.86's InputText
// reads a frame's keys in its own order, not the order they came in).
void feed_input_queue() {
  ImGuiIO& io = ImGui::GetIO();
  std::vector<int> changed;
  while (!g_input_queue.empty()) {
    const InputEvent e = std::move(g_input_queue.front());
    const bool change = e.is_key && e.action != GLFW_REPEAT;
    if (change && std::find(changed.begin(), changed.end(), e.key) != changed.end()) break;
    g_input_queue.pop_front();
    if (!e.is_key) {
      if (e.text.empty()) io.AddInputCharacter(e.codepoint);
      else io.AddInputCharactersUTF8(e.text.c_str());
      continue;
    }
    ImGui_ImplGlfw_KeyCallback(g_app->window, e.key, e.scancode, e.action, e.mods);
    if (!change) continue;
    changed.push_back(e.key);
    if (e.action == GLFW_PRESS) break;
  }
}

// Touch (ImGui 1.86 has no touch API). The page sends the first finger here
// (backing pixels) instead of turning it into mouse events. A finger press is a
// mouse press at once (so taps click and sliders grab); once the finger has
// moved past a dead zone the gesture is decided: a slider or drag widget moved
// along its axis, a scrollbar, or a horizontal drag on a custom widget where
// nothing scrolls sideways keeps the mouse drag; anything else becomes a
// scroll of the window under the finger (or the nearest parent that scrolls),
// and the mouse is released off-screen so the pressed button does not click.
// While the last pointer was a finger the mouse is off-screen between touches
// (no hover left behind); a real mouse moving GLFW's cursor ends touch mode.
struct TouchEvent {
  int phase;  // 0 start, 1 move, 2 end, 3 cancel
  float x, y;
};
struct Touch {
  enum class Phase { idle, pressed, dragging, scrolling };
  std::deque<TouchEvent> queue;
  bool mode = false;
  Phase phase = Phase::idle;
  ImVec2 start, pos, scrolled_to;
  int frames_down = 0;       // frames the press has been seen in
  bool release = false;      // the finger is up: release this frame
  bool cancelled = false;    // release off-screen (no click)
  ImGuiID scroll_x = 0, scroll_y = 0;
  double cursor_x = 0, cursor_y = 0;  // GLFW's cursor when the finger came
  float scroll_last_dy = 0;
} g_touch;

constexpr float kDeadZoneCss = 10.0f;
constexpr int kNoAxis = -1;

ImGuiWindow* scrollable_parent(ImGuiWindow* w, int axis) {
  for (; w; w = w->ParentWindow) {
    if (w->ScrollMax[axis] > 0.0f && !(w->Flags & ImGuiWindowFlags_NoScrollWithMouse)) return w;
    if (!(w->Flags & ImGuiWindowFlags_ChildWindow)) break;
  }
  return nullptr;
}

// Whether the press that started this touch should keep dragging as a mouse.
bool keep_mouse_drag(ImVec2 moved) {
  ImGuiContext& g = *GImGui;
  if (g.ActiveId == 0) return false;
  const bool horizontal = std::fabs(moved.x) > std::fabs(moved.y);
  ImGuiWindow* w = g.ActiveIdWindow;
  if (w && (g.ActiveId == ImGui::GetWindowScrollbarID(w, ImGuiAxis_X) ||
            g.ActiveId == ImGui::GetWindowScrollbarID(w, ImGuiAxis_Y)))
    return true;
  if (g.InputTextState.ID == g.ActiveId) return false;  // a drag on a text field scrolls
  if (w && g.ActiveId == w->MoveId) return false;       // empty space
  const ImU32 mask = g.ActiveIdUsingNavDirMask;
  if (mask & ((1u << ImGuiDir_Left) | (1u << ImGuiDir_Right))) return horizontal;  // sliders, drags
  if (mask & ((1u << ImGuiDir_Up) | (1u << ImGuiDir_Down))) return !horizontal;
  // Custom widgets (InvisibleButton scrubbers): a sideways drag is theirs
  // unless something under the finger scrolls sideways.
  return horizontal && !scrollable_parent(g.HoveredWindow ? g.HoveredWindow : w, ImGuiAxis_X);
}

void apply_touch() {
  ImGuiIO& io = ImGui::GetIO();
  Touch& t = g_touch;
  if (!t.mode && t.queue.empty()) return;
  double cx = 0, cy = 0;
  glfwGetCursorPos(g_app->window, &cx, &cy);
  if (t.mode && t.phase == Touch::Phase::idle && t.queue.empty() && (cx != t.cursor_x || cy != t.cursor_y)) {
    t.mode = false;  // a real mouse moved
    return;
  }
  t.release = false;
  while (!t.queue.empty()) {
    const TouchEvent e = t.queue.front();
    if (e.phase == 0) {
      if (t.phase != Touch::Phase::idle) {  // a finger came before the last one's release was seen
        t.release = true;
        break;
      }
      t.queue.pop_front();
      t.mode = true;
      t.cursor_x = cx, t.cursor_y = cy;
      t.phase = Touch::Phase::pressed;
      t.start = t.pos = ImVec2(e.x, e.y);
      t.frames_down = 0;
      t.cancelled = false;
      break;  // let ImGui see the press before deciding anything
    }
    if (t.phase == Touch::Phase::idle) {
      t.queue.pop_front();
      continue;
    }
    if (e.phase == 1) {
      t.pos = ImVec2(e.x, e.y);
      t.queue.pop_front();
      continue;
    }
    if (t.phase == Touch::Phase::pressed && t.frames_down == 0) break;  // a tap within one frame: press first
    t.queue.pop_front();
    t.pos = ImVec2(e.x, e.y);
    t.release = true;
    t.cancelled = t.cancelled || e.phase == 3;
    break;
  }
  const float dpr = g_app->font_scale > 0.0f ? g_app->font_scale : 1.0f;
  if (t.phase == Touch::Phase::pressed && t.frames_down > 0) {
    const ImVec2 moved(t.pos.x - t.start.x, t.pos.y - t.start.y);
    if (moved.x * moved.x + moved.y * moved.y > kDeadZoneCss * kDeadZoneCss * dpr * dpr) {
      if (keep_mouse_drag(moved)) {
        t.phase = Touch::Phase::dragging;
      } else {
        ImGuiContext& g = *GImGui;
        ImGuiWindow* under = g.HoveredWindow ? g.HoveredWindow : g.ActiveIdWindow;
        ImGuiWindow* wx = scrollable_parent(under, ImGuiAxis_X);
        ImGuiWindow* wy = scrollable_parent(under, ImGuiAxis_Y);
        // A mostly vertical (horizontal) drag scrolls along that axis only.
        t.scroll_x = wx && std::fabs(moved.x) * 2.0f >= std::fabs(moved.y) ? wx->ID : 0;
        t.scroll_y = wy && std::fabs(moved.y) * 2.0f >= std::fabs(moved.x) ? wy->ID : 0;
        t.scrolled_to = t.start;  // the dead zone counts: content follows the finger from its first contact
        t.phase = Touch::Phase::scrolling;
        t.cancelled = true;
      }
    }
  }
  if (t.phase == Touch::Phase::scrolling) {
    const ImVec2 d(t.pos.x - t.scrolled_to.x, t.pos.y - t.scrolled_to.y);
    if (ImGuiWindow* w = t.scroll_y ? ImGui::FindWindowByID(t.scroll_y) : nullptr) ImGui::SetScrollY(w, w->Scroll.y - d.y);
    if (ImGuiWindow* w = t.scroll_x ? ImGui::FindWindowByID(t.scroll_x) : nullptr) ImGui::SetScrollX(w, w->Scroll.x - d.x);
    t.scrolled_to = t.pos;
  }
  const bool down = t.phase == Touch::Phase::pressed || t.phase == Touch::Phase::dragging;
  io.MousePos = (down && !(t.release && t.cancelled)) ? t.pos : ImVec2(-FLT_MAX, -FLT_MAX);
  io.MouseDown[0] = down && !t.release;
  for (int i = 1; i < IM_ARRAYSIZE(io.MouseDown); ++i) io.MouseDown[i] = false;
  if (down && !t.release) ++t.frames_down;
  if (t.release) t.phase = Touch::Phase::idle;
}

// The wheel and trackpads (web/app.js hands over every wheel event, in the
// unit it came in). The region under the pointer, or its nearest parent that
// scrolls along that axis (as ImGui's own wheel picks it), moves by the
// distance reported: a pixel is a CSS pixel, a line a line of text, a page
// seven eighths of the region's visible size (a browser's page step). ImGui
// keeps whole pixels, so fractions carry over and a trackpad's small deltas
// add up. While the wheel keeps turning and the mouse stays put, the same
// region keeps scrolling when another slides under the pointer, as a
// browser latches a scroll.
struct WheelEvent {
  int mode;  // WheelEvent.deltaMode: 0 pixels, 1 lines, 2 pages
  float dx, dy;
};
struct Wheel {
  std::vector<WheelEvent> queue;
  ImGuiID latched[2] = {0, 0};  // per axis
  float carry[2] = {0, 0};      // backing pixels not yet scrolled (of the last target)
  ImVec2 latched_at;
  double last_ms = -1e9;
} g_wheel;
constexpr double kWheelLatchMs = 400.0;
constexpr float kWheelPage = 0.875f;

// Runs after ImGui::NewFrame has found the window under the mouse, before the
// windows begin (SetScroll takes effect in their Begin).
void apply_wheel() {
  Wheel& w = g_wheel;
  if (w.queue.empty()) return;
  ImGuiContext& g = *GImGui;
  const double now = emscripten_get_now();
  const float threshold = g.IO.MouseDragThreshold;
  const ImGuiID was[2] = {w.latched[0], w.latched[1]};
  if (now - w.last_ms > kWheelLatchMs || ImLengthSqr(ImVec2(g.IO.MousePos.x - w.latched_at.x, g.IO.MousePos.y - w.latched_at.y)) > threshold * threshold) {
    w.latched[0] = w.latched[1] = 0;
    w.latched_at = g.IO.MousePos;
  }
  w.last_ms = now;
  const float dpr = static_cast<float>(shufflelab::web::canvas_size().device_pixel_ratio);
  const float line = ImGui::GetTextLineHeightWithSpacing();
  for (int axis = 0; axis < 2; ++axis) {
    ImGuiWindow* target = w.latched[axis] ? ImGui::FindWindowByID(w.latched[axis]) : nullptr;
    if (!target) target = scrollable_parent(g.HoveredWindow, axis);
    if (!target) continue;
    if (target->ID != was[axis]) w.carry[axis] = 0.0f;  // a fraction belongs to the region it was meant for
    w.latched[axis] = target->ID;
    const float visible = axis == ImGuiAxis_X ? target->InnerRect.GetWidth() : target->InnerRect.GetHeight();
    for (const WheelEvent& e : w.queue) {
      const float unit = e.mode == 0 ? dpr : e.mode == 1 ? line : std::max(line, visible * kWheelPage);
      w.carry[axis] += (axis == ImGuiAxis_X ? e.dx : e.dy) * unit;
    }
    const float whole = std::trunc(w.carry[axis]);
    if (whole == 0.0f) continue;
    w.carry[axis] -= whole;
    if (axis == ImGuiAxis_X) ImGui::SetScrollX(target, target->Scroll.x + whole);
    else ImGui::SetScrollY(target, target->Scroll.y + whole);
  }
  w.queue.clear();
}

// The proxy follows the active text field: where it is (backing pixels) and
// which keyboard fits it, as the field declared it (ui/kit/text_field.hpp).
struct TextProxy {
  bool active = false;
  float x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  std::string mode;
} g_proxy;

void sync_text_proxy() {
  ImGuiContext& g = *GImGui;
  const bool editing = g.ActiveId != 0 && g.InputTextState.ID == g.ActiveId;
  TextProxy want;
  if (editing && (g_proxy.active || g_touch.mode || g_app->coarse_pointer)) {
    want.active = true;
    ImRect r(g.PlatformImePos, ImVec2(g.PlatformImePos.x + g.FontSize, g.PlatformImePos.y + g.FontSize * 2.0f));
    if (g.NavId == g.ActiveId && g.NavWindow) r = ImGui::WindowRectRelToAbs(g.NavWindow, g.NavWindow->NavRectRel[g.NavLayer]);
    want.x0 = r.Min.x, want.y0 = r.Min.y, want.x1 = r.Max.x, want.y1 = r.Max.y;
    want.mode = shufflelab::ui::text_field_kind_name(shufflelab::ui::active_text_field_kind());
  }
  if (want.active == g_proxy.active && want.mode == g_proxy.mode && std::fabs(want.x0 - g_proxy.x0) < 1 &&
      std::fabs(want.y0 - g_proxy.y0) < 1 && std::fabs(want.x1 - g_proxy.x1) < 1 && std::fabs(want.y1 - g_proxy.y1) < 1)
    return;
  g_proxy = want;
  shufflelab::web::text_proxy(want.active, want.x0, want.y0, want.x1, want.y1, want.mode);
}

void set_style_and_font(float scale) {
  ImGuiIO& io = ImGui::GetIO();
  io.Fonts->Clear();
  ImFontConfig config;
  config.FontDataOwnedByAtlas = false;  // the TTF lives in static storage
  config.OversampleH = 2;
  const ImWchar ranges[] = {0x0020, 0x00FF, 0x2013, 0x2014, 0x2022, 0x2026, 0x2190, 0x2193, 0x2260, 0x2265, 0};
  io.Fonts->AddFontFromMemoryTTF(const_cast<unsigned char*>(shufflelab::kUiFontTtf),
                                 static_cast<int>(shufflelab::kUiFontTtfSize), std::round(kBaseFontPixels * scale),
                                 &config, ranges);
  // Fonts[1]: monospace, for code lanes and number columns (ui::MonoFont).
  io.Fonts->AddFontFromMemoryTTF(const_cast<unsigned char*>(shufflelab::kMonoFontTtf),
                                 static_cast<int>(shufflelab::kMonoFontTtfSize), std::round(kBaseFontPixels * scale),
                                 &config, ranges);
  if (g_app->font_scale != 0.0f) {  // the first texture is made by the backend's first NewFrame
    ImGui_ImplOpenGL3_DestroyFontsTexture();
    ImGui_ImplOpenGL3_CreateFontsTexture();
  }
  ImGuiStyle& style = ImGui::GetStyle();
  style = g_app->base_style;
  if (g_app->coarse_pointer) {
    // Fingers: frames 16 + 2 x 10 = 36 CSS px high, reacting 4 px beyond
    // their edges (44 px tap targets), and more room between items. Frames
    // are not made taller: InputScalar's -/+ buttons are squares of the frame
    // height inside the panels' fixed em widths.
    style.FramePadding = ImVec2(std::max(style.FramePadding.x, 10.0f), std::max(style.FramePadding.y, 10.0f));
    style.ItemSpacing = ImVec2(std::max(style.ItemSpacing.x, 10.0f), std::max(style.ItemSpacing.y, 10.0f));
    style.ScrollbarSize = std::max(style.ScrollbarSize, 18.0f);
    style.GrabMinSize = std::max(style.GrabMinSize, 24.0f);
    style.TouchExtraPadding = ImVec2(4.0f, 4.0f);
  }
  style.ScaleAllSizes(scale);
  g_app->font_scale = scale;
  g_app->style_coarse = g_app->coarse_pointer;
}

void follow_canvas_size() {
  const auto size = shufflelab::web::canvas_size();
  const auto dpr = static_cast<float>(size.device_pixel_ratio);
  const int want_w = static_cast<int>(std::lround(size.css_width * size.device_pixel_ratio));
  const int want_h = static_cast<int>(std::lround(size.css_height * size.device_pixel_ratio));
  int w = 0, h = 0;
  glfwGetWindowSize(g_app->window, &w, &h);
  if (w != want_w || h != want_h) shufflelab::web::set_backing_size(want_w, want_h);
  g_app->coarse_pointer = size.coarse_pointer;
  // The font and sizes follow the device's pixel ratio times the reader's UI scale (or present mode's).
  const float scale = dpr * g_app->lab.font_scale();
  if (scale != g_app->font_scale || g_app->coarse_pointer != g_app->style_coarse) set_style_and_font(scale);
}

// The reader's size and theme, kept in localStorage when they change
// (web/prefs.js applies them on the next visit); never in links.
void save_preferences() {
  if (!g_app->lab.preferences_chosen()) return;  // until the reader picks, the system's theme applies
  const int scale = static_cast<int>(std::lround(g_app->lab.ui_scale() * 100.0f));
  const bool light = g_app->lab.theme() == shufflelab::ui::Theme::light;
  if (scale == g_app->saved_scale && light == g_app->saved_light) return;
  shufflelab::web::save_preferences(scale, light);
  g_app->saved_scale = scale, g_app->saved_light = light;
}

// The text mirror for screen readers and Ctrl+F (core/lab_text, web/textview.js):
// rebuilt when the state or a shown job result changed, at most every
// kTextIntervalMs, and handed to the page only when its text differs from the
// last one published. The text comes from the core's view models for the
// app's state and the results the panels hold, not from the link's words.
constexpr double kTextIntervalMs = 250.0;
void publish_text(double now) {
  if (now - g_app->text_checked_at < kTextIntervalMs) return;
  g_app->text_checked_at = now;
  const shufflelab::LabState& state = g_app->lab.state();
  const std::uint64_t results = g_app->lab.shown_results_revision();
  if (state == g_app->text_state && results == g_app->text_results_revision) return;
  g_app->text_state = state;
  g_app->text_results_revision = results;
  std::string json = shufflelab::lab_text_json(g_app->lab.text_lines());
  if (json == g_app->text_json) return;
  g_app->text_json = std::move(json);
  shufflelab::web::publish_text(g_app->text_json);
}

// Any input this frame: the pointer moved or pressed, the wheel, a key, a character.
bool input_this_frame() {
  const ImGuiIO& io = ImGui::GetIO();
  bool input = io.MouseDelta.x != 0.0f || io.MouseDelta.y != 0.0f || io.MouseWheel != 0.0f || io.MouseWheelH != 0.0f ||
               !io.InputQueueCharacters.empty();
  for (const bool down : io.MouseDown) input = input || down;
  for (const bool down : io.KeysDown) input = input || down;
  return input;
}

// Whether a changed frame is drawn. While a job runs in the background and
// nothing else moves (no input for half a second, no lab playing), what
// changes is that job's progress: it is drawn four times a second, not every
// frame. Without a GPU (software GL, as in headless Chromium) a drawn frame
// costs the CPU that the workers need: a run=sweep link took 9 s against the
// workers' 5.6 s with the page idle.
bool draw_now(double now) {
  constexpr double kQuietMs = 500.0, kProgressFrameMs = 250.0;
  if (!g_app->lab.background_work_only() || now - g_app->input_at < kQuietMs) return true;
  return now - g_app->drawn_at >= kProgressFrameMs;
}

// What Back and Forward move between: the lab and the lesson step.
bool same_place(const shufflelab::LabState& a, const shufflelab::LabState& b) {
  return a.lab == b.lab && a.tour == b.tour && a.tour_text == b.tour_text && a.tour_step == b.tour_step;
}

void frame() {
  const double started = emscripten_get_now();
  follow_canvas_size();
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplGlfw_NewFrame();
  // ImGui repeats a key held longer than KeyRepeatDelay (0.275 s) by adding each
  // frame's time, and a tap's release reaches it a frame late: one slow frame
  // (a busy phone) would turn a tap into repeats. Its clock advances at most
  // 0.1 s a frame; the labs' playback keeps the real time.
  const float elapsed_seconds = ImGui::GetIO().DeltaTime;
  ImGui::GetIO().DeltaTime = std::min(elapsed_seconds, 0.1f);
  apply_touch();
  feed_input_queue();
  shufflelab::ui::update_keyboard_navigation();
  ImGui::NewFrame();
  if (input_this_frame()) g_app->input_at = started;
  shufflelab::ui::steer_keyboard_navigation();
  apply_wheel();
  shufflelab::ui::g_help_shown.clear();
  shufflelab::ui::g_help_focused.clear();
  g_app->lab.frame(elapsed_seconds);
  shufflelab::ui::draw_focus_ring(2.0f * static_cast<float>(shufflelab::web::canvas_size().device_pixel_ratio));
  ImGui::Render();
  sync_text_proxy();
  const double ui_done = emscripten_get_now();
  int fb_w = 0, fb_h = 0;
  glfwGetFramebufferSize(g_app->window, &fb_w, &fb_h);
  const ImVec4 background = ImGui::GetStyle().Colors[ImGuiCol_WindowBg];
  const bool png_requested = g_app->lab.take_png_request();
  // A frame that looks like the last one drawn is not drawn again: WebGL keeps
  // presenting the canvas until it is drawn to (a PNG reads this frame's pixels).
  const std::uint64_t look = shufflelab::ui::draw_fingerprint(
      {ImGui::GetDrawData(), fb_w, fb_h, background, g_app->gl_views.image_changes()});
  if ((look != g_app->drawn_look && draw_now(started)) || png_requested) {
    g_app->drawn_look = look;
    g_app->drawn_at = started;
    g_app->drawn_frames++;
    glViewport(0, 0, fb_w, fb_h);
    glClearColor(background.x, background.y, background.z, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
  }
  if (png_requested)
    shufflelab::web::save_canvas_png("shufflelab-" + std::string(shufflelab::lab_name(g_app->lab.current_lab())) + ".png");

  save_preferences();
  const std::string fragment = g_app->lab.fragment();
  if (fragment != g_app->written_fragment) {
    // Another lab (a finding opens one) or lesson step is a new history entry; any other change rewrites the current one.
    const bool new_place = g_app->written_place && !same_place(*g_app->written_place, g_app->lab.state());
    shufflelab::web::write_fragment(fragment, new_place);
    g_app->written_fragment = fragment;
    g_app->written_place = g_app->lab.state();
  }
  publish_text(emscripten_get_now());
  std::string page_view = g_app->lab.page_view_json();
  if (page_view != g_app->page_view_json) {
    g_app->page_view_json = std::move(page_view);
    shufflelab::web::publish_page_view(g_app->page_view_json);
  }
  g_app->lab.note_frame_cpu_ms(ui_done - started, emscripten_get_now() - started);
  if (!g_app->first_frame_done) {
    g_app->first_frame_done = true;
    shufflelab::web::announce_first_frame();
  }
}

// The lab region's width and the smallest text and cell it drew in the last
// frame, in CSS px (issue 15's legibility check).
std::string legibility_json() {
  std::vector<const ImDrawList*> lists, unscrolled;
  float lab_width = 0.0f;
  constexpr char kLab[] = "shufflelab/lab_";
  for (ImGuiWindow* w : GImGui->Windows) {
    if (!w->WasActive || w->Hidden || std::strncmp(w->Name, kLab, sizeof kLab - 1) != 0) continue;
    lists.push_back(w->DrawList);
    if (!w->ScrollbarX) unscrolled.push_back(w->DrawList);  // a region with a sideways scrollbar clips by design
    if (w->ParentWindow && !(w->ParentWindow->Flags & ImGuiWindowFlags_ChildWindow)) lab_width = w->Size.x;
  }
  const float dpr = static_cast<float>(shufflelab::web::canvas_size().device_pixel_ratio);
  namespace legibility = shufflelab::ui::legibility;
  const float text = legibility::smallest_text(lists.data(), static_cast<int>(lists.size()));
  ImVec2 first_clipped(0, 0);
  const int clipped = legibility::clipped_glyphs(unscrolled.data(), static_cast<int>(unscrolled.size()), &first_clipped);
  // The result a panel drew (legibility::note_result), where a test checks it is on the first screen.
  ImVec2 ra, rb;
  // And the row of tabs (a touch test swipes on it), both in CSS px.
  const auto rect_json = [dpr](bool drawn, ImVec2 a, ImVec2 b) {
    char out[96] = "null";
    if (drawn) std::snprintf(out, sizeof out, "[%.1f,%.1f,%.1f,%.1f]", a.x / dpr, a.y / dpr, b.x / dpr, b.y / dpr);
    return std::string(out);
  };
  const std::string result = rect_json(legibility::result_rect(ra, rb), ra, rb);
  const std::string tabs = rect_json(legibility::tab_row_rect(ra, rb), ra, rb);
  char buf[448];
  std::snprintf(buf, sizeof buf,
                "{\"labWidth\":%.1f,\"width\":%.1f,\"height\":%.1f,\"text\":%.2f,\"cell\":%.2f,\"clipped\":%d,"
                "\"clippedAt\":[%.0f,%.0f],\"result\":%s,\"tabs\":%s}",
                lab_width / dpr, ImGui::GetIO().DisplaySize.x / dpr, ImGui::GetIO().DisplaySize.y / dpr, text / dpr,
                legibility::smallest_cell() / dpr, clipped, first_clipped.x / dpr, first_clipped.y / dpr, result.c_str(),
                tabs.c_str());
  return buf;
}

void set_clipboard(void*, const char* text) { shufflelab::web::copy_to_clipboard(text); }
const char* get_clipboard(void*) { return shufflelab::web::pasted_text(); }

}  // namespace

extern "C" {
// The page's touch events on the canvas: phase 0 start, 1 move, 2 end,
// 3 cancel; x, y in backing pixels.
EMSCRIPTEN_KEEPALIVE void shufflelab_touch(int phase, double x, double y) {
  if (g_app) g_touch.queue.push_back({phase, static_cast<float>(x), static_cast<float>(y)});
}
// Text from the hidden <input> (UTF-8), and editing keys as GLFW key codes.
EMSCRIPTEN_KEEPALIVE void shufflelab_text(const char* utf8) {
  if (g_app && utf8 && *utf8) queue_text(utf8);
}
EMSCRIPTEN_KEEPALIVE void shufflelab_text_key(int glfw_key) {
  if (!g_app || glfw_key <= 0) return;
  key_callback(g_app->window, glfw_key, 0, GLFW_PRESS, 0);
  key_callback(g_app->window, glfw_key, 0, GLFW_RELEASE, 0);
}
// Whether a text field is being edited now (the page focuses the <input>
// inside the touchend handler, which some phones require to show a keyboard).
EMSCRIPTEN_KEEPALIVE int shufflelab_text_wanted() { return g_proxy.active ? 1 : 0; }

// Called by the page when the address changes under the app: edited
// (hashchange), or Back and Forward (popstate). The app writes its link for
// the address into the same history entry.
EMSCRIPTEN_KEEPALIVE void shufflelab_set_hash(const char* fragment) {
  if (!g_app) return;
  g_app->lab.open_fragment(fragment ? fragment : "");
  g_app->written_fragment.clear();
  g_app->written_place = g_app->lab.state();
}
// The page's wheel events on the canvas (web/app.js): deltaMode and the deltas, Shift already applied.
EMSCRIPTEN_KEEPALIVE void shufflelab_wheel(int mode, double dx, double dy) {
  if (g_app && mode >= 0 && mode <= 2 && std::isfinite(dx) && std::isfinite(dy))
    g_wheel.queue.push_back({mode, static_cast<float>(dx), static_cast<float>(dy)});
}

// Test hook: runs a command (may be empty) and returns the state as JSON,
// with the wasm heap's size and use. "burn_frames=N" builds N UI frames
// back to back without presenting them (the long-run memory check).
EMSCRIPTEN_KEEPALIVE const char* shufflelab_test_query(const char* command) {
  static std::string json;
  if (!g_app) return "{}";
  const std::string cmd = command ? command : "";
  if (cmd.rfind("burn_frames=", 0) == 0) {
    const long frames = std::strtol(cmd.c_str() + 12, nullptr, 10);
    for (long i = 0; i < frames && i < 100000; ++i) {
      ImGui::GetIO().DeltaTime = 1.0f / 60.0f;
      ImGui::NewFrame();
      g_app->lab.frame(1.0f / 60.0f);
      ImGui::Render();
    }
  } else if (!cmd.empty() && !g_app->lab.command(cmd)) {
    return "{\"error\":\"unknown command\"}";
  }
  json = g_app->lab.describe_json();
  const struct mallinfo heap = mallinfo();
  json.pop_back();
  json += ",\"heap\":{\"wasmBytes\":" + std::to_string(EM_ASM_INT({ return HEAP8.length; })) +
          ",\"inUseBytes\":" + std::to_string(heap.uordblks) + "}";
  // Touch, wheel and text-entry facts: scrollable windows (scroll, its range and the
  // visible rectangle, backing pixels), the help text shown, the proxy.
  std::string scroll = "[";
  for (ImGuiWindow* w : GImGui->Windows) {
    if (!w->WasActive || (w->ScrollMax.x <= 0.0f && w->ScrollMax.y <= 0.0f)) continue;
    char buf[160];
    std::snprintf(buf, sizeof buf,
                  "\"x\":%.1f,\"y\":%.1f,\"maxX\":%.1f,\"maxY\":%.1f,\"visible\":[%.1f,%.1f,%.1f,%.1f]}", w->Scroll.x,
                  w->Scroll.y, w->ScrollMax.x, w->ScrollMax.y, w->InnerRect.Min.x, w->InnerRect.Min.y, w->InnerRect.Max.x,
                  w->InnerRect.Max.y);
    std::string name;
    for (const char* c = w->Name; *c; ++c)
      if (*c != '"' && *c != '\\' && static_cast<unsigned char>(*c) >= 32) name += *c;
    scroll += std::string(scroll.size() > 1 ? "," : "") + "{\"name\":\"" + name + "\"," + buf;
  }
  scroll += "]";
  const auto json_text = [](const std::string& text) {
    std::string out;
    for (char c : text) {
      if (c == '"' || c == '\\') out += '\\';
      if (static_cast<unsigned char>(c) >= 32) out += c;
    }
    return out;
  };
  const std::string help = json_text(shufflelab::ui::g_help_shown);
  // Keyboard navigation: on or off, where the focus ring is (backing pixels), the help mark it is on.
  std::string ring = "null";
  ImVec2 ring_min, ring_max;
  if (shufflelab::ui::focus_ring_rect(ring_min, ring_max)) {
    char buf[96];
    std::snprintf(buf, sizeof buf, "[%.0f,%.0f,%.0f,%.0f]", ring_min.x, ring_min.y, ring_max.x, ring_max.y);
    ring = buf;
  }
  const std::string keyboard = std::string("{\"navigation\":") + (shufflelab::ui::keyboard_navigation() ? "true" : "false") +
                               ",\"ring\":" + ring + ",\"helpFocused\":\"" + json_text(shufflelab::ui::g_help_focused) + "\"}";
  char proxy[160];
  std::snprintf(proxy, sizeof proxy, "{\"active\":%s,\"rect\":[%.0f,%.0f,%.0f,%.0f],\"mode\":\"%s\"}",
                g_proxy.active ? "true" : "false", g_proxy.x0, g_proxy.y0, g_proxy.x1, g_proxy.y1, g_proxy.mode.c_str());
  json += std::string(",\"touch\":{\"mode\":") + (g_touch.mode ? "true" : "false") +
          ",\"coarse\":" + (g_app->coarse_pointer ? "true" : "false") + ",\"scroll\":" + scroll +
          ",\"wheelLine\":" + std::to_string(ImGui::GetTextLineHeightWithSpacing()) +
          ",\"help\":\"" + help + "\",\"textProxy\":" + proxy + "},\"legibility\":" + legibility_json() + ",\"keyboard\":" + keyboard +
          ",\"tables\":" + shufflelab::ui::tables_json() + ",\"drawnFrames\":" + std::to_string(g_app->drawn_frames) + "}";
  return json.c_str();
}
}

int main() {
  if (!glfwInit()) {
    std::fprintf(stderr, "shufflelab: glfwInit failed\n");
    return 1;
  }
  glfwWindowHint(GLFW_CLIENT_API, GLFW_OPENGL_ES_API);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 0);
  g_app = new App();
  const auto size = shufflelab::web::canvas_size();
  g_app->window = glfwCreateWindow(static_cast<int>(size.css_width * size.device_pixel_ratio),
                                   static_cast<int>(size.css_height * size.device_pixel_ratio), "shufflelab", nullptr,
                                   nullptr);
  if (!g_app->window) {
    std::fprintf(stderr, "shufflelab: could not create a WebGL2 context\n");
    return 1;
  }
  glfwMakeContextCurrent(g_app->window);

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;  // state lives in the URL, not in local storage
  ImGui::StyleColorsDark();
  ImGuiStyle& style = ImGui::GetStyle();
  style.WindowRounding = 0.0f;
  style.FrameRounding = 4.0f;
  style.ChildRounding = 6.0f;
  style.FramePadding = ImVec2(8, 4);
  style.ItemSpacing = ImVec2(8, 6);
  style.Colors[ImGuiCol_WindowBg] = ImVec4(0.09f, 0.10f, 0.13f, 1.0f);
  style.Colors[ImGuiCol_ChildBg] = ImVec4(0.11f, 0.12f, 0.16f, 1.0f);
  g_app->base_style = style;

  ImGui_ImplGlfw_InitForOpenGL(g_app->window, true);
  glfwSetKeyCallback(g_app->window, key_callback);  // both queued (see key_callback)
  glfwSetCharCallback(g_app->window, char_callback);
  ImGui_ImplOpenGL3_Init("#version 300 es");
  io.SetClipboardTextFn = set_clipboard;
  io.GetClipboardTextFn = get_clipboard;
  g_app->lab.copy_to_clipboard = shufflelab::web::copy_to_clipboard;
  g_app->lab.open_share = shufflelab::web::open_share_dialog;
  g_app->lab.set_gpu_views(&g_app->gl_views);
  g_app->lab.set_download(shufflelab::web::download);
  g_app->lab.set_file_access(shufflelab::web::pick_check_file, shufflelab::web::add_check_text);
  g_app->lab.page_url_without_fragment = shufflelab::web::page_url_without_fragment();
  g_app->lab.open_fragment(shufflelab::web::location_fragment());

  emscripten_set_main_loop(frame, 0, false);
  return 0;
}
