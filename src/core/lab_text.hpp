// lab_text.hpp: the Text view every lab shares: a plain-text mirror of what
// the current lab shows, for screen readers, Ctrl+F and copying numbers (the
// canvas itself is one image to assistive technology). Each lab's session
// writes its own lines from its view (core/base/lab_session's text());
// core/app_session puts this header first. The page renders headings as
// h2/h3, items as list entries and paragraphs as <p>, always as text
// (bounds: core/base/text_lines.hpp).
#pragma once
#include <string>
#include <vector>

#include "core/base/text_lines.hpp"
#include "core/url_state.hpp"

namespace shufflelab {

struct Tour;

// Every lab's first lines: its title (a heading), the lesson's step, the sender's note.
void lab_text_header(const LabState& state, const Tour* tour, TextLines& out);

// [{"kind":"heading","text":"LFSR"},...]: what the page's text view receives.
std::string lab_text_json(const std::vector<TextLine>& lines);

}  // namespace shufflelab
