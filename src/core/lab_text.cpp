#include "core/lab_text.hpp"

#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <optional>

#include "core/asm/asm_lab.hpp"
#include "core/asm/asm_listing.hpp"
#include "core/asm/asm_session.hpp"
#include "core/base/cards.hpp"
#include "core/base/text_format.hpp"
#include "core/dice/dice_view.hpp"
#include "core/gallery.hpp"
#include "core/gen/gf2.hpp"
#include "core/lfsr/lfsr_analysis.hpp"
#include "core/lfsr/lfsr_lab_view.hpp"
#include "core/lfsr/lfsr_timeline.hpp"
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

// ---- LFSR ------------------------------------------------------------------

struct LfsrCache {
  std::optional<LabTimeline> timeline;
  std::string timeline_error;
};

void lfsr_text(const LfsrLabState& s, const LabTextInputs& in, TextLines& out) {
  static LfsrCache cache;
  if (!cache.timeline || !cache.timeline->same_config(s)) {
    cache.timeline.reset();
    cache.timeline_error.clear();
    if (auto t = LabTimeline::make(s)) cache.timeline.emplace(std::move(t.value()));
    else cache.timeline_error = t.error();
  }

  out.sub("Generator");
  std::string gen = "Generator: " + std::string(lab_gen_name(s.gen));
  if (s.gen == LabGen::tarot32) {
    gen += " (the tarot article's Galois LFSR), width " + std::to_string(s.width) +
           (s.full_taps ? ", taps " + hex(lab_galois_taps(s), (s.width + 3) / 4) : ", mask " + hex(s.mask, 2));
  } else if (s.gen == LabGen::fibonacci) {
    gen += " (Fibonacci LFSR), width " + std::to_string(s.width) + ", taps " + hex(s.taps, (s.width + 3) / 4);
  } else if (s.gen == LabGen::z80) {
    gen += " (the Z80 routine's 64-bit LFSR)";
  }
  out.item(gen);
  out.item("Seed: " + hex(s.seed, lab_seed_digits(s)));
  out.item("Step t = " + grouped_and_plain(s.t) + " " + lab_unit_word(s.gen, s.t));
  if (!cache.timeline) {
    out.para("This generator cannot run: " + cache.timeline_error);
    return;
  }
  LabTimeline& timeline = *cache.timeline;
  if (lab_gen_steps_bits(s.gen)) {
    const LfsrView v = lfsr_view(s, timeline);
    const RegisterStepperView r = register_stepper_view(s, v);
    if (v.t == 0) {
      out.para("The register holds the seed; no bit has been shifted out yet.");
    } else if (s.gen == LabGen::tarot32) {
      out.para("Bit-step " + std::to_string(v.t) + ": the register shifted right; bit " +
               std::to_string(v.last_out_bit) + " fell out" +
               (v.taps_applied ? ", so the taps " + r.taps_hex + " were XORed in." : " and nothing was XORed in.") +
               " Output byte " + std::to_string(r.byte_number) + ": " + std::to_string(v.shifts_into_byte) +
               " of 8 shifts done.");
    } else {
      out.para("Bit-step " + std::to_string(v.t) + ": bit " + std::to_string(v.last_out_bit) +
               " fell out and the parity of the taps, " + std::to_string(v.entered_bit) +
               ", entered at the top. Output byte " + std::to_string(r.byte_number) + ": " +
               std::to_string(v.shifts_into_byte) + " of 8 shifts done.");
    }
    out.item("Register: " + hex(v.state, (v.width + 3) / 4) + " = " + bits_string(v.state, v.width));
    if (!r.fallen.empty()) out.item("Bits fallen in this byte, oldest first: " + r.fallen);
    if (!r.recent_bytes.empty()) out.item("Output bytes so far (hex): " + r.recent_bytes);
  } else if (s.gen == LabGen::z80) {
    const Z80View v = z80_view(s, timeline);
    std::string bytes;
    for (std::size_t i = 0; i < v.bytes.size(); ++i) bytes += (i ? " " : "") + hex(v.bytes[i], 2);
    out.para(std::string(v.upcoming ? "The call about to run" : "Call " + std::to_string(v.t)) + " reads bytes +4..+7 as X = " +
             hex(v.x, 8) + ", XORs the low bytes of X>>24, X>>21, X>>20, X>>12 and X>>3 into " + hex(v.output, 2) +
             ", stores it at +0 and moves the old byte +7 (" + hex(v.dropped, 2) + ") out.");
    out.item("_LFSRSeed+0..+7: " + bytes);
    out.item("Output byte: " + hex(v.output, 2) + " (" + std::to_string(v.output) + ")");
    std::string recent;
    for (auto b : v.recent_bytes) recent += (recent.empty() ? "" : " ") + hex(b, 2);
    if (!recent.empty()) out.item("Outputs so far (hex): " + recent);
  } else {
    const OutputsView v = outputs_view(s, timeline);
    out.para("One step: " + v.rule);
    std::string state;
    for (const auto& w : v.state) state += (state.empty() ? "" : ", ") + w.name + " = " + w.hex;
    if (!state.empty()) out.item("State: " + state);
    if (!v.recent.empty()) {
      const OutputRow& last = v.recent.back();
      out.item("Output " + std::to_string(last.index) + ": " + hex(last.value, (v.value_bits + 3) / 4) + " = " +
               grouped_and_plain(last.value) + ", byte " + hex(last.byte, 2));
    }
  }

  if (!lab_gen_is_linear(s.gen)) return;
  out.sub("Period");
  if (!in.lfsr_analysis || !in.lfsr_period) {
    out.para("No period analysis: " + in.lfsr_analysis_error);
    return;
  }
  const LabAnalysis& a = *in.lfsr_analysis;
  const PeriodView& p = *in.lfsr_period;
  out.item("Period of this seed: " + p.seed_period + " " + p.seed_period_unit + " (" + std::to_string(a.seed.period) +
           ")" + (p.tail > 0 ? ", after a tail of " + std::to_string(p.tail) : ""));
  out.item("Longest period: " + p.max_period + " (" + std::to_string(a.map.max_period) + "); nonzero states: " +
           p.nonzero_states + " (" + to_decimal(a.map.nonzero_states) + ")");
  out.item(std::string("Maximal (one cycle through every nonzero state): ") + (p.maximal ? "yes" : "no"));
  out.item("Weak seeds (on shorter cycles or falling into zero): " + p.weak_seeds + " (" + to_decimal(a.map.weak_seeds) +
           "), " + fixed_decimals(p.weak_percent, 3) + "% of all seeds");
  if (p.seed_dies) out.item("This seed falls into zero after " + std::to_string(p.tail) + " " + p.units + ".");
  else if (a.seed_is_weak) out.item("This seed is weak: its cycle is shorter than the longest one.");
  else out.item("This seed is on a longest cycle.");
  if (in.lfsr_counted_period) {
    const std::uint64_t counted = *in.lfsr_counted_period;
    out.item((counted ? "Checked by stepping: the seed came back after " + grouped_and_plain(counted) + " " + p.units
                      : std::string("Checked by stepping: the seed never came back")) +
             (step_check_agrees(a.seed, counted) ? "; this agrees with the algebra." : "; this disagrees with the algebra!"));
  }
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

// ---- Assembly --------------------------------------------------------------

void asm_text(const AsmLabState& s, TextLines& out) {
  out.sub("Listing");
  auto algorithm = parse_asm_algorithm("algorithm", s.algorithm);
  if (!algorithm) {
    out.para(algorithm.error());
    return;
  }
  const AsmAlgorithmInfo& info = asm_algorithm_info(*algorithm);
  out.item("Algorithm: " + std::string(info.title) + " (" + std::string(info.id) + ")");
  out.item("Instruction set: " + std::string(asm_isa_info(info.isa).name));
  out.item("Inputs: " + std::string(info.inputs));
  // One session per setup, stepped forward (a lower t starts again).
  static std::optional<AsmSession> session;
  static std::string session_key;
  static std::string session_error;
  const std::string key = s.algorithm + "/" + std::to_string(s.inputs.seed) + "/" + std::to_string(s.inputs.x) + "/" +
                          std::to_string(s.inputs.n) + "/" + std::to_string(s.inputs.calls);
  if (key != session_key || !session || session->instructions() > s.t) {
    session_key = key;
    session.reset();
    session_error.clear();
    if (auto started = AsmSession::start(*algorithm, s.inputs)) session.emplace(std::move(started.value()));
    else session_error = started.error();
  }
  if (!session) {
    out.para("The listing cannot start: " + session_error);
    return;
  }
  if (session->instructions() < s.t && !session->done()) {
    if (auto ran = session->run(s.t - session->instructions()); !ran) session_error = ran.error();
  }
  out.item("Instructions executed: " + grouped_and_plain(session->instructions()) + ", " + grouped_and_plain(session->cycles()) + " " +
           std::string(asm_isa_info(info.isa).cycle_unit));
  const AsmProgram& program = session->program();
  const std::ptrdiff_t row = session->current_row();
  if (row >= 0 && static_cast<std::size_t>(row) < program.rows.size()) {
    const AsmRow& r = program.rows[static_cast<std::size_t>(row)];
    out.para("Next instruction (the lit line): " + std::string(r.text) +
             (r.comment.empty() ? "" : "  ; " + std::string(r.comment)));
  } else {
    out.para("The listing has finished.");
  }
  if (!session_error.empty()) out.para("Stopped: " + session_error);
  std::string outputs;
  for (std::size_t i = 0; i < session->outputs().size() && i < 16; ++i)
    outputs += (i ? " " : "") + hex(session->outputs()[i], 2);
  if (!outputs.empty()) out.item("Outputs of finished calls (hex): " + outputs);
}

// ---- Findings, About -------------------------------------------------------

void chooser_text(const ChooserLabState& s, const LabTextInputs& in, TextLines& out) {
  out.sub("CPU " + s.cpu + ", use " + s.use);
  if (!in.chooser_lines) return out.para("Computing the table and the recommendation...");
  for (const std::string& line : *in.chooser_lines) out.item(line);
}

void report_lines(const CheckReport& report, TextLines& out) {
  std::string_view text = report_text(report);
  while (!text.empty()) {
    const std::size_t end = text.find('\n');
    out.item(std::string(text.substr(0, end)));
    if (end == std::string_view::npos) break;
    text.remove_prefix(end + 1);
  }
}

void check_text(const CheckLabState& s, const LabTextInputs& in, TextLines& out) {
  out.para(std::string(kCheckPrivacy));
  if (in.check_file) {
    out.sub("Your file " + in.check_file_name + " as " + s.what);
    report_lines(*in.check_file, out);
  }
  for (int side = 0; side < 2; ++side) {
    out.sub("Example " + std::string(side == 0 ? "A" : "B") + ": " + check_example_title(s, side));
    if (in.check_examples[static_cast<std::size_t>(side)]) report_lines(*in.check_examples[static_cast<std::size_t>(side)], out);
    else out.item("computing");
  }
}

void findings_text(const LabTextInputs& in, TextLines& out) {
  if (!in.findings) return;
  for (const GalleryEntry& e : *in.findings) {
    out.sub(e.title);
    out.para(e.text + " (" + e.source + ")");
  }
}

void about_text(TextLines& out) {
  out.para("shufflelab shows how computers shuffle cards and roll dice, with the exact numbers behind each method: "
           "linear feedback shift registers and their periods, the bias of squeezing random bits into a die, "
           "shuffles step by step, One Chip poker's deal, and the same routines in Z80, Game Boy, x86, PIC and "
           "WebAssembly listings.");
  for (LabId lab : all_labs())
    if (lab != LabId::about) out.item(std::string(lab_title(lab)) + ": #v=1&lab=" + std::string(lab_name(lab)));
}

}  // namespace


std::string_view lab_title(LabId lab) {
  switch (lab) {
    case LabId::gallery: return "Findings";
    case LabId::lfsr: return "LFSR";
    case LabId::dice: return "Dice";
    case LabId::shuffle: return "Shuffle";
    case LabId::poker: return "One Chip poker";
    case LabId::assembly: return "Assembly";
    case LabId::about: return "About";
    case LabId::chooser: return "Chooser";
    case LabId::check: return "Check";
  }
  return "shufflelab";
}

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
    case LabId::lfsr: lfsr_text(state.lfsr, inputs, out); break;
    case LabId::dice: break;  // core/dice/dice_session writes its own
    case LabId::shuffle: shuffle_text(state.shuffle, inputs, out); break;
    case LabId::poker: break;  // core/poker/poker_session writes its own
    case LabId::assembly: asm_text(state.assembly, out); break;
    case LabId::gallery: findings_text(inputs, out); break;
    case LabId::about: about_text(out); break;
    case LabId::chooser: chooser_text(state.chooser, inputs, out); break;
    case LabId::check: check_text(state.check, inputs, out); break;
  }
  return out.take();
}

std::string lab_text_json(const std::vector<TextLine>& lines) {
  return json_array(lines, [](const TextLine& l) {
    return "{\"kind\":" + json_string(text_kind_name(l.kind)) + ",\"text\":" + json_string(l.text) + "}";
  });
}

}  // namespace shufflelab
