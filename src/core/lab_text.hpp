// lab_text.hpp: a plain-text mirror of what the current lab shows, for
// screen readers, Ctrl+F and copying numbers (the canvas itself is one
// image to assistive technology). Every line is computed from the same core
// view models and analysis functions the panels draw (lfsr_view,
// period_view, exact_die_law, die_sample_view, shuffle_frame, bias_matrix_view,
// poker_deal_view), never from the link's text.
// What the app already holds (the panels' analyses, job results, the lesson)
// comes in LabTextInputs, so nothing is computed twice. The page renders
// headings as h2/h3, items as list entries and paragraphs as <p>, always as text.
//
// Kept short and bounded: at most kMaxLabTextLines lines of at most
// kMaxLabTextLineBytes bytes each (cut at a UTF-8 boundary with "...").
// Key numbers are written grouped for reading and once in plain digits so a
// search for "3757580295" finds them.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/text_lines.hpp"
#include "core/url_state.hpp"

namespace shufflelab {


struct Tour;
struct DiceSampleResult;

// What the app holds beyond the state: results of finished jobs that belong
// to the setup on screen (the caller checks that), the lesson being followed,
// and the analyses the panels built. A null pointer leaves its lines out.
struct LabTextInputs {
  const Tour* tour = nullptr;  // the lesson; its step is state.tour_step
  // Dice: the die view's sample.
  const DiceSampleResult* die_sample = nullptr;
};

// Every lab's first lines: its title (a heading), the lesson's step, the sender's note.
void lab_text_header(const LabState& state, const Tour* tour, TextLines& out);

// The text of what `state` shows, for a lab without a session (a lab with a
// session writes its own lines: core/app_session's text()). The first line
// is the lab's title (a heading).
// Caches the last recording / law / session per setup, so calling it again
// for a state that differs only in its step is cheap (not thread-safe).
std::vector<TextLine> lab_text(const LabState& state, const LabTextInputs& inputs);

// [{"kind":"heading","text":"LFSR"},...]: what the page's text view receives.
std::string lab_text_json(const std::vector<TextLine>& lines);

}  // namespace shufflelab
