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
#include "core/shuffle/bias_view.hpp"
#include "core/shuffle/shuffle_lab.hpp"
#include "core/shuffle/shuffle_predict.hpp"
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

// ---- Shuffle ---------------------------------------------------------------

void bias_text(const LabTextInputs& in, TextLines& out) {
  const BiasMatrixView& v = *in.bias;
  const std::string n = std::to_string(v.n);
  out.sub("Bias matrix (position x card)");
  if (in.bias_source == BiasSource::method_law) {
    out.para("Exact probabilities from " + grouped_and_plain(in.bias_draws) + " weighted draw lists: largest relative deviation from 1/" +
             n + " is " + number_text(v.max_deviation, 3) + ".");
  } else if (in.bias_source == BiasSource::every_draw_list) {
    out.para("Exact counts over all " + grouped_and_plain(in.bias_draws) + " draw lists: largest relative deviation from 1/" + n +
             " is " + number_text(v.max_deviation, 4) + ".");
  } else if (v.summary) {
    const BiasSummary& b = *v.summary;
    out.para(grouped_and_plain(in.bias_draws) + " shuffles: largest relative deviation " + fixed_decimals(v.max_deviation_percent(), 2) +
             "%; one cell's standard error is " + fixed_decimals(v.standard_error_percent(), 2) + "% of 1/" + n + ".");
    out.para("Chi-square " + fixed_decimals(b.chi_square, 1) + " on " + fixed_decimals(b.degrees_of_freedom, 0) +
             " degrees of freedom: p " + p_value_text(b.p_value) + "; " + grouped_and_plain(b.cells_beyond_4_sigma) +
             " cells beyond 4 sigma. " +
             (bias_is_real(b) ? "Not uniform: this bias is real, not noise."
                              : "Consistent with a uniform shuffle at this sample size."));
  }
}

void predict_text(const LabTextInputs& in, TextLines& out) {
  const std::vector<std::uint32_t>& found = *in.predict_found;
  out.sub("Seed search");
  if (found.empty()) {
    out.para("No seed in the window gives these five cards (" + grouped_and_plain(in.predict_tried) + " tried).");
    return;
  }
  std::string seeds;
  for (std::size_t i = 0; i < found.size() && i < 8; ++i) seeds += (i ? ", " : "") + std::to_string(found[i]);
  out.para("Tried all " + grouped_and_plain(in.predict_tried) + " seeds; " +
           (found.size() == 1 ? std::string("exactly one gives these five cards: srand(")
                              : grouped_and_plain(found.size()) + " give these five cards, the first is srand(") +
           std::to_string(found.front()) + "), " + format_utc(found.front()) + ".");
  if (found.size() > 1) out.item("Matching seeds: " + seeds + (found.size() > 8 ? ", ..." : ""));
}

void shuffle_text(const ShuffleLabState& s, const LabTextInputs& in, TextLines& out) {
  out.sub("Shuffle");
  out.item("Algorithm: " + algo_label(s) + " (" + s.algo + ")");
  out.item("Deck: " + std::to_string(s.n) + " cards");
  out.item("Draws: " + s.gen + " seed " + std::to_string(s.seed) + ", range method " + s.method + " on " +
           std::to_string(s.bits) + "-bit words" + (s.warmup ? ", " + std::to_string(s.warmup) + " words skipped first" : ""));
  static std::string cached_key;
  static std::optional<Result<LabRecording>> cached;
  const std::string key = shuffle_setup_key(s);
  if (key != cached_key || !cached) {
    cached_key = key;
    auto setup = make_shuffle_setup(s);
    if (!setup) cached = Result<LabRecording>::fail(setup.error());
    else cached = record_lab_shuffle(setup.value());
  }
  if (!*cached) {
    out.para("This shuffle cannot run: " + cached->error());
    return;
  }
  const CardFaces faces = card_faces(s);
  const ShuffleFrame f = shuffle_frame(cached->value(), faces, s.t);
  out.item("Step " + std::to_string(f.step) + " of " + std::to_string(f.total_steps));
  if (!f.caption.empty()) out.para(f.caption);
  if (f.pdep)
    out.item("PDEP: set " + hex(f.pdep->set_before, 16) + ", scatter " + hex(f.pdep->scatter, 16) + ", result " +
             hex(f.pdep->set_after, 16) + ": card " + std::to_string(f.pdep->card) + " struck");
  constexpr std::size_t kCardsListed = 12;
  std::string deck;
  for (std::size_t i = 0; i < f.deck.size() && i < kCardsListed; ++i)
    deck += (i ? ", " : "") + card_face(faces, f.deck[i]).name;
  if (f.deck.size() > kCardsListed) deck += ", ... (" + std::to_string(f.deck.size()) + " cards)";
  out.item("Deck order from position 0: " + deck);
  if (s.tab == "bias" && in.bias) bias_text(in, out);
  if (s.tab == "predict" && in.predict_found) predict_text(in, out);
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
    case LabId::shuffle: shuffle_text(state.shuffle, inputs, out); break;
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
