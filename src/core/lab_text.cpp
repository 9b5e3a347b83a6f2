#include "core/lab_text.hpp"

#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <optional>

#include "core/base/cards.hpp"
#include "core/base/text_format.hpp"
#include "core/dice/dice_law.hpp"
#include "core/dice/dice_view.hpp"
#include "core/dice/dice_sample.hpp"
#include "core/tours.hpp"

namespace shufflelab {

namespace {

std::string hex(std::uint64_t v, int digits) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "%0*" PRIX64, digits, v);
  return buf;
}

// ---- Dice ------------------------------------------------------------------

void dice_text(const DiceLabState& s, const LabTextInputs& in, TextLines& out) {
  const DiceMethodInfo* method = find_dice_method(s.method);
  out.sub("Die");
  out.item("Method: " + (method ? std::string(method->label) + " (" + s.method + ")" : s.method));
  if (method && !method->summary.empty()) out.para(std::string(method->summary));
  out.item("Die: d" + std::to_string(s.sides) + " from " + std::to_string(s.bits) + "-bit words");
  out.item("Generator for sampling: " + s.gen + ", seed " + s.seed + ", " + grouped_and_plain(s.rolls) + " rolls");
  if (s.view == "expr") out.item("Dice expression shown: " + s.expr);
  if (s.view == "z80") out.item("Shown: the Z80 d20 table");
  if (!method) return;
  static std::string cached_key;
  static std::optional<Result<DieLaw>> cached;
  const std::string key = s.method + "/" + std::to_string(s.sides) + "/" + std::to_string(s.bits);
  if (key != cached_key || !cached) {
    cached_key = key;
    cached = exact_die_law(*method, s.sides, static_cast<unsigned>(s.bits));
  }
  if (!*cached) {
    out.para("No exact law: " + cached->error());
    return;
  }
  const DieLaw& law = cached->value();
  out.sub("Exact law of one roll");
  if (!law.how.empty()) out.para(law.how);
  for (const StatRow& row : die_stat_rows(law)) out.item(row.what + ": " + row.value);
  constexpr std::size_t kFacesListed = 24;
  const std::size_t faces = std::min<std::size_t>(law.weights.size(), kFacesListed);
  for (std::size_t i = 0; i < faces; ++i)
    out.item("Face " + std::to_string(i + 1) + ": probability " + fraction_text(law.probability(i)) + " = " +
             number_text(law.probabilities[i], 6));
  if (law.weights.size() > faces)
    out.item("(faces " + std::to_string(faces + 1) + " to " + std::to_string(law.weights.size()) + " not listed)");
  const DiceSampleResult* r = in.die_sample;
  if (!r || r->counts.empty() || r->counts[0].size() != law.weights.size()) return;
  const DieSampleView sample = die_sample_view(law, r->counts[0], r->rolls, r->bits_drawn[0]);
  out.sub("Sample of " + grouped_and_plain(sample.rolls) + " rolls");
  out.para(sample.uniform_line.text);
  out.para(sample.exact_line.text);
  out.item("Random bits per roll: " + number_text(sample.bits_per_roll, 6));
  for (std::size_t i = 0; i < faces; ++i)
    out.item("Face " + std::to_string(i + 1) + " sampled: " + sampled_share_text(sample.counts[i], sample.rolls));
}

}  // namespace

void lab_text_header(const LabState& state, const Tour* tour, TextLines& out) {
  out.heading(std::string(lab_title(state.lab)));
  if (tour && state.tour_step >= 1 && state.tour_step <= tour->steps.size()) {
    out.sub("Lesson: " + tour->title + ", step " + std::to_string(state.tour_step) + " of " +
            std::to_string(tour->steps.size()));
    out.para(tour->steps[state.tour_step - 1].text);
  }
  if (!state.note.empty()) out.para("Note from the sender of this link: " + state.note);
}

std::vector<TextLine> lab_text(const LabState& state, const LabTextInputs& inputs) {
  TextLines out;
  lab_text_header(state, inputs.tour, out);
  switch (state.lab) {
    case LabId::lfsr: break;  // core/lfsr/lfsr_session writes its own
    case LabId::dice: dice_text(state.dice, inputs, out); break;
    case LabId::shuffle:  // core/shuffle/shuffle_session writes its own
    case LabId::poker: break;  // core/poker/poker_session writes its own
    case LabId::assembly:
    case LabId::gallery:
    case LabId::about:
    case LabId::chooser:
    case LabId::check: break;  // their sessions write their own
  }
  return out.take();
}

std::string lab_text_json(const std::vector<TextLine>& lines) {
  return json_array(lines, [](const TextLine& l) {
    return "{\"kind\":" + json_string(text_kind_name(l.kind)) + ",\"text\":" + json_string(l.text) + "}";
  });
}

}  // namespace shufflelab
