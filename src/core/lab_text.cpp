#include "core/lab_text.hpp"

#include "core/base/text_format.hpp"
#include "core/tours.hpp"

namespace shufflelab {

void lab_text_header(const LabState& state, const Tour* tour, TextLines& out) {
  out.heading(std::string(lab_title(state.lab)));
  if (tour && state.tour_step >= 1 && state.tour_step <= tour->steps.size()) {
    out.sub("Lesson: " + tour->title + ", step " + std::to_string(state.tour_step) + " of " +
            std::to_string(tour->steps.size()));
    out.para(tour->steps[state.tour_step - 1].text);
  }
  if (!state.note.empty()) out.para("Note from the sender of this link: " + state.note);
}

std::string lab_text_json(const std::vector<TextLine>& lines) {
  return json_array(lines, [](const TextLine& l) {
    return "{\"kind\":" + json_string(text_kind_name(l.kind)) + ",\"text\":" + json_string(l.text) + "}";
  });
}

}  // namespace shufflelab
