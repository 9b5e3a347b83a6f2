// lab_app.hpp: the whole playground as one ImGui frame function: the
// navigation column, the notice bar and the current lab's panel. Platform
// code (src/app, the UI smoke test) owns the window and calls frame().
#pragma once
#include <algorithm>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/app_session.hpp"
#include "core/lab_text.hpp"
#include "core/tours.hpp"
#include "core/url_state.hpp"
#include "core/inline_job_runner.hpp"
#include "ui/kit/widgets.hpp"
#include "ui/panel_context.hpp"
#include "ui/ui_asm.hpp"
#include "ui/ui_check.hpp"
#include "ui/ui_chooser.hpp"
#include "ui/ui_dice.hpp"
#include "ui/ui_gallery.hpp"
#include "ui/ui_lfsr.hpp"
#include "ui/ui_poker.hpp"
#include "ui/ui_shuffle.hpp"

namespace shufflelab::ui {

class LabApp {
 public:
  // Where long jobs run: a pool of Web Workers in the browser (so the app's
  // own wasm never links the job code), InlineJobRunner in native tests.
  explicit LabApp(JobRunner& jobs)
      : session_(jobs), ctx_{&jobs, nullptr}, lfsr_panel_(jobs), dice_panel_(jobs), shuffle_panel_(jobs), poker_panel_(jobs) {}

  // Applies a URL fragment: decoded state, and notices for anything malformed.
  void open_fragment(const std::string& fragment);

  // Draws one frame of the whole UI into the current ImGui context.
  // One frame; `elapsed_seconds` is the real time since the last one, which the
  // labs' playback follows (ImGui's own DeltaTime is capped, see main.cpp).
  void frame(float elapsed_seconds);

  // The fragment for the current state (what the address bar should show).
  std::string fragment() const;

  // Test hook / keyboard commands: the app's and the labs' with a session go
  // to core/app_session; the others to the current lab's panel. Returns
  // false for an unknown or refused command.
  bool command(const std::string& name);

  // The state as JSON for the browser test hook (window.shufflelab.state()).
  std::string describe_json();
  // What the page draws as DOM text around the canvas (web/page_view.js hands
  // it to web/lesson_bar.js and web/note.js): {"lesson":core/app_session's
  // lesson_json,"present":bool,"theme":"dark"|"light","note":the sender's note,
  // and on the Shuffle lab "codeRequest": the run its Your code tab waits for, see docs/code_protocol.md}.
  std::string page_view_json();  // not const: the Shuffle lab's code tab follows its source first
  std::string theme_colors_json() const;

  void set_gpu_views(GpuViews* gpu) { ctx_.gpu = gpu; }
  void set_download(decltype(PanelContext::download) download) { ctx_.download = download; }
  void set_file_access(decltype(PanelContext::pick_file) pick, decltype(PanelContext::register_text) register_text) {
    ctx_.pick_file = pick;
    ctx_.register_text = register_text;
  }
  // True once after the user asked for a PNG of the canvas (the platform saves it after drawing).
  bool take_png_request() { return std::exchange(png_requested_, false); }

  // Set by the platform layer: copy text to the clipboard (navigator.clipboard).
  void (*copy_to_clipboard)(const std::string& text) = nullptr;
  // Set by the platform layer: open the page's Share dialog (web/share.js).
  void (*open_share)() = nullptr;
  std::string page_url_without_fragment;

  // CPU milliseconds of the last frame: building it (UI + core), and in total
  // including WebGL submission (software GL in headless tests). For budgets.
  void note_frame_cpu_ms(double build_ms, double total_ms) {
    frame_build_ms_ = frame_build_ms_ * 0.9 + build_ms * 0.1;
    frame_total_ms_ = frame_total_ms_ * 0.9 + total_ms * 0.1;
  }

  // Preferences (kept by the page in localStorage, never in links): the UI
  // scale in percent (75..250) and the theme. The platform layer multiplies
  // its font size by ui_scale().
  float ui_scale() const { return static_cast<float>(ui_scale_percent_) / 100.0f; }
  // The scale the fonts are drawn at: the reader's, or in present mode at
  // least kPresentScale (the smallest text, 0.75 em, is then 24 CSS px).
  static constexpr float kPresentScale = 2.0f;
  float font_scale() const { return session_.state().present ? std::max(ui_scale(), kPresentScale) : ui_scale(); }
  Theme theme() const { return theme_; }
  // True once the reader changed them here (menu or keys): then they are kept.
  bool preferences_chosen() const { return preferences_chosen_; }

  const std::vector<std::string>& notices() const { return session_.notices(); }
  LabId current_lab() const { return session_.state().lab; }
  // A job runs and no lab plays: what changes on screen is that job's progress.
  bool background_work_only() const { return session_.busy() && !session_.animating(); }
  const LabState& state() const { return session_.state(); }
  // The Text view's lines (core/app_session's text, with the results that
  // panels of labs without a session still hold).
  std::vector<TextLine> text_lines();
  // Moves whenever a job result shown by a panel may have changed.
  std::uint64_t shown_results_revision() const { return ctx_.jobs->shown_results_revision(); }
  long long frame_count() const { return frames_; }

 private:
  void draw_navigation(float width);
  // Narrow screens: one bar above the lab (lab picker and a menu) instead of the column.
  void draw_navigation_bar();
  void draw_page_actions();  // Copy link, Save PNG, Export CSV, preferences
  void draw_preferences();
  void handle_preference_keys();
  void handle_share_key();
  bool set_ui_scale(int percent);
  void draw_tour_menu();
  // Above the lab: the sender's note, what the link re-runs.
  void draw_note_and_run();
  // Tours: open one (built-in id or a teacher's text), move between steps.
  bool open_tour(const Tour& tour, std::uint32_t step);
  bool go_to_step(std::uint32_t step);
  void leave_tour();
  void draw_notices();
  void draw_csv_menu();
  // The current lab's CSV files; export_csv offers one as a download.
  std::vector<CsvExport> csv_exports();
  bool export_csv(std::string_view id);

  AppSession session_;  // the state, the lesson, the link's problems, the labs' sessions
  PanelContext ctx_;
  GalleryPanel gallery_panel_;
  ChooserPanel chooser_panel_;
  CheckPanel check_panel_;
  LfsrPanel lfsr_panel_;
  DicePanel dice_panel_;
  ShufflePanel shuffle_panel_;
  PokerPanel poker_panel_;
  AsmPanel asm_panel_;
  std::uint32_t scrolled_step_ = 0;  // the lesson step the lab region was last scrolled to the top for
  char tour_paste_[8192] = "";  // "Open a tour..." text box
  std::string tour_paste_error_;
  int ui_scale_percent_ = 100;
  Theme theme_ = Theme::dark;
  bool preferences_chosen_ = false;
  std::string copy_status_;
  bool png_requested_ = false;
  std::string nav_rects_json_;  // where each navigation entry was drawn (test hook)
  long long frames_ = 0;
  double frame_build_ms_ = 0.0;  // exponential moving averages
  double frame_total_ms_ = 0.0;
};

}  // namespace shufflelab::ui
