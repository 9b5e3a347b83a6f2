// The web app: GLFW (Emscripten's built-in port) + WebGL2 + Dear ImGui, one
// LabApp drawn per animation frame. High-DPI: the canvas backing store is
// CSS size x devicePixelRatio, ImGui works in backing pixels, and the font is
// rasterised and the style scaled by the same ratio, so text stays crisp.
#include <GLES3/gl3.h>
#include <GLFW/glfw3.h>
#include <emscripten.h>

#include <malloc.h>

#include <algorithm>
#include <cstdlib>
#include <cmath>
#include <vector>
#include <cstdio>
#include <string>

#include "app/gl_views.hpp"
#include "app/web_glue.hpp"
#include "app/worker_job_runner.hpp"
#include "imgui.h"
#include "imgui_impl_glfw.h"
#include "imgui_impl_opengl3.h"
#include "ui/lab_app.hpp"
#include "mono_font.hpp"
#include "ui_font.hpp"

namespace {

constexpr float kBaseFontPixels = 16.0f;

struct App {
  GLFWwindow* window = nullptr;
  shufflelab::ui::LabApp lab;
  shufflelab::web::WorkerJobRunner jobs;
  shufflelab::web::GlViews gl_views;
  ImGuiStyle base_style;
  float font_scale = 0.0f;
  std::string written_fragment;
  bool first_frame_done = false;
};
App* g_app = nullptr;

// ImGui 1.86 samples key state once per frame, so a key pressed and released
// between two frames (a quick tap, or a test's keyboard.press) would be lost.
// Releases of keys pressed since the last frame are held back one frame.
struct KeyEvent {
  int key, scancode, action, mods;
};
std::vector<KeyEvent> g_deferred_releases;
std::vector<int> g_pressed_since_frame;

void key_callback(GLFWwindow* window, int key, int scancode, int action, int mods) {
  const bool fresh = std::find(g_pressed_since_frame.begin(), g_pressed_since_frame.end(), key) != g_pressed_since_frame.end();
  if (action == GLFW_RELEASE && fresh) {
    g_deferred_releases.push_back({key, scancode, action, mods});
    return;
  }
  if (action == GLFW_PRESS) g_pressed_since_frame.push_back(key);
  ImGui_ImplGlfw_KeyCallback(window, key, scancode, action, mods);
}

void release_deferred_keys() {
  g_pressed_since_frame.clear();
  for (const auto& e : g_deferred_releases) ImGui_ImplGlfw_KeyCallback(g_app->window, e.key, e.scancode, e.action, e.mods);
  g_deferred_releases.clear();
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
  ImGui::GetStyle() = g_app->base_style;
  ImGui::GetStyle().ScaleAllSizes(scale);
  g_app->font_scale = scale;
}

void follow_canvas_size() {
  const auto size = shufflelab::web::canvas_size();
  const auto dpr = static_cast<float>(size.device_pixel_ratio);
  const int want_w = static_cast<int>(std::lround(size.css_width * size.device_pixel_ratio));
  const int want_h = static_cast<int>(std::lround(size.css_height * size.device_pixel_ratio));
  int w = 0, h = 0;
  glfwGetWindowSize(g_app->window, &w, &h);
  if (w != want_w || h != want_h) glfwSetWindowSize(g_app->window, want_w, want_h);
  if (dpr != g_app->font_scale) set_style_and_font(dpr);
}

void frame() {
  const double started = emscripten_get_now();
  follow_canvas_size();
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplGlfw_NewFrame();
  ImGui::NewFrame();
  g_app->lab.frame();
  ImGui::Render();
  release_deferred_keys();
  const double ui_done = emscripten_get_now();
  int fb_w = 0, fb_h = 0;
  glfwGetFramebufferSize(g_app->window, &fb_w, &fb_h);
  glViewport(0, 0, fb_w, fb_h);
  glClearColor(0.09f, 0.10f, 0.13f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
  if (g_app->lab.take_png_request())
    shufflelab::web::save_canvas_png("shufflelab-" + std::string(shufflelab::lab_name(g_app->lab.current_lab())) + ".png");

  const std::string fragment = g_app->lab.fragment();
  if (fragment != g_app->written_fragment) {
    shufflelab::web::replace_fragment(fragment);
    g_app->written_fragment = fragment;
  }
  g_app->lab.note_frame_cpu_ms(ui_done - started, emscripten_get_now() - started);
  if (!g_app->first_frame_done) {
    g_app->first_frame_done = true;
    shufflelab::web::announce_first_frame();
  }
}

void set_clipboard(void*, const char* text) { shufflelab::web::copy_to_clipboard(text); }
const char* get_clipboard(void*) { return shufflelab::web::pasted_text(); }

}  // namespace

extern "C" {
// Called by the page when the user edits the address bar (hashchange).
EMSCRIPTEN_KEEPALIVE void shufflelab_set_hash(const char* fragment) {
  if (!g_app) return;
  g_app->lab.open_fragment(fragment ? fragment : "");
  g_app->written_fragment.clear();
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
      g_app->lab.frame();
      ImGui::Render();
    }
  } else if (!cmd.empty() && !g_app->lab.command(cmd)) {
    return "{\"error\":\"unknown command\"}";
  }
  json = g_app->lab.describe_json();
  const struct mallinfo heap = mallinfo();
  json.pop_back();
  json += ",\"heap\":{\"wasmBytes\":" + std::to_string(EM_ASM_INT({ return HEAP8.length; })) +
          ",\"inUseBytes\":" + std::to_string(heap.uordblks) + "}}";
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
  glfwSetKeyCallback(g_app->window, key_callback);  // wraps the backend's (see key_callback)
  ImGui_ImplOpenGL3_Init("#version 300 es");
  io.SetClipboardTextFn = set_clipboard;
  io.GetClipboardTextFn = get_clipboard;
  g_app->lab.copy_to_clipboard = shufflelab::web::copy_to_clipboard;
  g_app->lab.set_job_runner(&g_app->jobs);
  g_app->lab.set_gpu_views(&g_app->gl_views);
  g_app->lab.set_download(shufflelab::web::download);
  g_app->lab.page_url_without_fragment = shufflelab::web::page_url_without_fragment();
  g_app->lab.open_fragment(shufflelab::web::location_fragment());

  emscripten_set_main_loop(frame, 0, false);
  return 0;
}
