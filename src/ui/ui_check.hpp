// ui_check.hpp: the Check lab: the reader's own decks, rolls or bytes (a
// dropped, picked or pasted file, read by a worker job that streams it), and
// two example sources side by side. It draws core/check/check_lab_session's
// view and sends it commands; it keeps the screen's: the pasted text, the
// bit pictures' textures, and the page's file picker (PanelContext).
#pragma once
#include <array>
#include <cstdint>
#include <string>

#include "core/check/check_lab_session.hpp"
#include "ui/panel_context.hpp"

namespace shufflelab::ui {

class CheckPanel {
 public:
  void draw(CheckLabSession& session, PanelContext& ctx);
  // Why the last paste into the box was refused ("" when it fitted).
  const std::string& paste_refusal() const { return paste_error_; }

 private:
  // A report's bit picture on the GPU: uploaded once per report shown.
  struct Picture {
    std::uint64_t revision = 0;  // CheckShownReport::revision uploaded
    void* texture = nullptr;
  };
  void draw_inputs(CheckLabSession& s, PanelContext& ctx);
  void draw_file(CheckLabSession& s, PanelContext& ctx);
  void draw_examples(CheckLabSession& s, PanelContext& ctx);
  void draw_example_pickers(CheckLabSession& s);
  void draw_example_reports(CheckLabSession& s, PanelContext& ctx);
  void draw_report(const CheckShownReport& shown, int slot, PanelContext& ctx);
  void note_refused_paste(std::size_t held);  // held: bytes in the box before this frame
  static std::size_t queued_text_bytes();      // UTF-8 bytes of the characters ImGui will insert this frame
  void note_cut_text(std::size_t held, std::size_t typed);

  std::array<Picture, 3> pictures_;  // the file, example A, example B
  char paste_[262144] = "";  // 256 KiB: about 1,700 decks of 52 cards
  std::string paste_error_;
};

}  // namespace shufflelab::ui
