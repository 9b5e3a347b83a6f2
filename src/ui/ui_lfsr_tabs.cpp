// ui_lfsr_tabs.cpp: the LFSR lab's Stepper tab (the register, the Z80
// routine's bytes or the outputs of the arithmetic generators at t, and the
// tarot article's coin flips) and its Period tab (the exact analysis, weak
// seeds, maximal masks, the check by stepping), drawn from the session's
// views (ui_lfsr.cpp draws the rest of the panel).
//
// Index of this file:
// [SECTION] Drawing helpers
// [SECTION] Stepper tab
// [SECTION] Dice
// [SECTION] Z80 and output steppers
// [SECTION] Period tab

#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <initializer_list>

#include "core/base/parse.hpp"
#include "core/base/text_format.hpp"
#include "ui/kit/job_row.hpp"
#include "ui/kit/layout.hpp"
#include "ui/kit/legibility.hpp"
#include "ui/kit/table.hpp"
#include "ui/kit/widgets.hpp"
#include "ui/ui_lfsr.hpp"

namespace shufflelab::ui {

namespace {

//-----------------------------------------------------------------------------
// [SECTION] Drawing helpers
//-----------------------------------------------------------------------------

// The register's roles, bound to the theme's view colours (ui/kit/widgets.hpp).
const ImU32& kColOne = colors::kCellOn;
const ImU32& kColZero = colors::kCellOff;
const ImU32& kColTap = colors::kSeriesC;
const ImU32& kColDarkText = colors::kCellInk;
const ImU32& kColText = colors::kViewText;
const ImU32& kColLabel = colors::kViewLabel;
const ImU32& kColRollA = colors::kCellOn;
const ImU32& kColRollB = colors::kSeriesC;
const ImU32& kColFrame = colors::kViewFrame;

// One row of bit cells, most significant bit left.
struct CellRow {
  float cell = 16.0f, gap = 2.0f, byte_gap = 6.0f;
  bool digits = true;
};
CellRow fit_cells(int width, float avail, float em) {
  CellRow r;
  r.gap = em * 0.12f;
  r.byte_gap = em * 0.45f;
  r.cell = (avail - r.byte_gap * static_cast<float>((width - 1) / 8) - r.gap * static_cast<float>(width)) /
           static_cast<float>(width);
  // Never below legibility (about 14 CSS px): a row that does not fit scrolls sideways. Result first
  // (present mode): up to half as large again, for the back of the room.
  r.cell = std::clamp(r.cell, em * 0.9f, em * (result_first() ? 2.4f : 1.6f));
  r.digits = r.cell >= em * 0.8f;
  return r;
}
// Returns the right edge.
float draw_cells(ImDrawList* dl, ImVec2 at, std::uint64_t value, int width, std::uint64_t outlined,
                 const CellRow& row, float em) {
  float x = at.x;
  for (int i = width - 1; i >= 0; --i) {
    const int from_top = width - 1 - i;
    if (from_top > 0 && from_top % 8 == 0) x += row.byte_gap;
    const bool bit = (value >> i) & 1;
    const ImVec2 a(x, at.y), b(x + row.cell, at.y + row.cell);
    dl->AddRectFilled(a, b, bit ? kColOne : kColZero, em * 0.15f);
    legibility::note_cell(a, b);
    if ((outlined >> i) & 1)
      dl->AddRect(ImVec2(a.x - 1, a.y - 1), ImVec2(b.x + 1, b.y + 1), kColTap, em * 0.15f, 0, 2.0f);
    if (row.digits) {
      const char digit[2] = {bit ? '1' : '0', 0};
      const ImVec2 ts = ImGui::CalcTextSize(digit);
      dl->AddText(ImVec2(a.x + (row.cell - ts.x) * 0.5f, a.y + (row.cell - ts.y) * 0.5f),
                  bit ? kColDarkText : kColText, digit);
    }
    x += row.cell + row.gap;
  }
  return x;
}
void draw_arrow(ImDrawList* dl, ImVec2 from, float length, float em) {
  dl->AddLine(from, ImVec2(from.x + length - em * 0.3f, from.y), kColText, 2.0f);
  dl->AddTriangleFilled(ImVec2(from.x + length - em * 0.4f, from.y - em * 0.3f),
                        ImVec2(from.x + length - em * 0.4f, from.y + em * 0.3f), ImVec2(from.x + length, from.y),
                        kColText);
}

// One table row of plain text cells (the panel's tables: kit/table, striped rows).
void text_row(std::initializer_list<std::string> cells) {
  ImGui::TableNextRow();
  for (const std::string& cell : cells) {
    ImGui::TableNextColumn();
    cell_text(cell);
  }
}

// "Output bytes": the completed bytes so far, or why there are none.
void draw_recent_bytes(const std::vector<std::uint8_t>& bytes, const char* none_yet) {
  section("Output bytes");
  if (bytes.empty()) ImGui::TextColored(colors::kMuted, "%s", none_yet);
  else ImGui::TextWrapped("Last %zu: %s", bytes.size(), format_hex_bytes(bytes.data(), bytes.size()).c_str());
}

}  // namespace

//-----------------------------------------------------------------------------
// [SECTION] Stepper tab
//-----------------------------------------------------------------------------

void LfsrPanel::draw_stepper(LfsrSession& s) {
  const LfsrStepperView& v = s.stepper();
  if (lab_gen_steps_bits(s.state().gen)) draw_register_stepper(v, s.state().t);
  else if (s.state().gen == LabGen::z80) draw_z80_stepper(v.z80);
  else draw_outputs_stepper(v.outputs, s.state().gen);
}

void LfsrPanel::draw_register_stepper(const LfsrStepperView& v, std::uint64_t t) {
  const RegisterStepperView& rv = v.reg;
  ImGui::Text(rv.tarot ? "bit-step t = %" PRIu64 "   (LFSR() call %" PRIu64 ", shift %d of 8 done)"
                       : "bit-step t = %" PRIu64 "   (output byte %" PRIu64 ", bit %d of 8 done)",
              rv.t, rv.byte_number, rv.shifts_into_byte);
  draw_register_cells(v);
  draw_register_caption(v);
  if (rv.tarot) draw_call_table(rv);
  else draw_output_byte_bits(rv);
  draw_recent_bytes(v.lfsr.recent_bytes, "No byte completed yet: press Step byte.");
  if (rv.tarot) draw_dice(v.dice, t);
}

// The register's cells (taps outlined) under their byte labels, with the bit
// entering at the top (Fibonacci) and the bit falling out at the bottom.
void LfsrPanel::draw_register_cells(const LfsrStepperView& stepper) {
  const RegisterStepperView& rv = stepper.reg;
  const LfsrView& v = stepper.lfsr;
  const float em = ImGui::GetFontSize();
  const float in_margin = rv.tarot ? 0.0f : em * 2.6f;
  const CellRow row = fit_cells(v.width, ImGui::GetContentRegionAvail().x - em * 4.0f - in_margin, em);
  const float label_h = em * 1.4f;
  const float cells_w = static_cast<float>(v.width) * (row.cell + row.gap) + static_cast<float>((v.width - 1) / 8) * row.byte_gap;
  const WideRegion region("register", in_margin + cells_w + em * 4.0f, label_h + row.cell + em * 0.4f);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const float top = origin.y + label_h;
  float x = origin.x + in_margin;
  const bool roomy = row.cell * 8 > ImGui::CalcTextSize("lfsr0 (output)").x;
  for (const RegisterByteLabel& label : rv.byte_labels) {
    const std::string& name = roomy ? label.long_name : label.name;
    if (row.cell * 8 + row.byte_gap > ImGui::CalcTextSize(name.c_str()).x)
      dl->AddText(ImVec2(x, origin.y), kColLabel, name.c_str());
    x += 8 * (row.cell + row.gap) + row.byte_gap;
  }
  if (!rv.tarot && v.entered_bit >= 0) {
    const char in[2] = {static_cast<char>('0' + v.entered_bit), 0};
    dl->AddText(ImVec2(origin.x, top + row.cell * 0.5f - em * 0.5f), v.entered_bit ? kColOne : kColText, in);
    draw_arrow(dl, ImVec2(origin.x + em * 0.8f, top + row.cell * 0.5f), em * 1.6f, em);
  }
  const float right = draw_cells(dl, ImVec2(origin.x + in_margin, top), v.state, v.width, v.taps, row, em);
  if (v.last_out_bit >= 0) {
    const float ay = top + row.cell * 0.5f;
    draw_arrow(dl, ImVec2(right + em * 0.4f, ay), em * 1.6f, em);
    const char out[2] = {static_cast<char>('0' + v.last_out_bit), 0};
    dl->AddText(ImVec2(right + em * 2.2f, ay - em * 0.5f), v.last_out_bit ? kColOne : kColText, out);
  }
  ImGui::Dummy(ImVec2(right - origin.x + em * 3.0f, label_h + row.cell + em * 0.4f));
}

void LfsrPanel::draw_register_caption(const LfsrStepperView& stepper) {
  const RegisterStepperView& rv = stepper.reg;
  const LfsrView& v = stepper.lfsr;
  ImGui::PushTextWrapPos(0.0f);
  if (rv.tarot) {
    if (v.last_out_bit == 1)
      ImGui::TextColored(colors::kAccent, "A 1 fell out, so the taps %s were XORed in (the outlined cells).",
                         rv.taps_hex.c_str());
    else if (v.last_out_bit == 0)
      ImGui::TextColored(colors::kMuted, "A 0 fell out: a plain shift, no XOR. Outlined cells: where the taps go.");
    else
      ImGui::TextColored(colors::kMuted, "At the seed. Outlined cells are where the taps %s are XORed in.",
                         rv.taps_hex.c_str());
  } else if (v.last_out_bit >= 0) {
    ImGui::TextColored(colors::kMuted,
                       "The parity of the outlined bits (%d) entered at the top; bit 0 (%d) fell out and is the "
                       "output.",
                       v.entered_bit, v.last_out_bit);
  } else {
    ImGui::TextColored(colors::kMuted, "At the seed. The outlined bits feed the parity that enters at the top.");
  }
  ImGui::PopTextWrapPos();
}

// tarot32: each shift of the current LFSR() call.
void LfsrPanel::draw_call_table(const RegisterStepperView& rv) {
  section("This LFSR() call");
  if (rv.call_rows.empty()) {
    explain("No shift of this call yet. Each shift: a bit falls out; if it is 1 the taps are XORed in. After "
            "the 8th shift LFSR() returns lfsr0.");
    return;
  }
  const Table table("call", {"shift", "fell out", "taps XORed", "lfsr0 after"}, ImGuiTableFlags_RowBg);
  if (!table) return;
  for (const CallShiftRow& r : rv.call_rows)
    text_row({std::to_string(r.shift), std::to_string(r.fell_out), r.fell_out ? "yes" : "-", r.lfsr0_after});
}

// fibonacci: the output byte filling up, bit 0 first.
void LfsrPanel::draw_output_byte_bits(const RegisterStepperView& rv) {
  const float em = ImGui::GetFontSize();
  section("The output byte, bit by bit");
  ImGui::Text("%d of 8 bits have fallen out; the first one is bit 0 of the byte, the next bit 1, ...",
              rv.shifts_into_byte);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 at = ImGui::GetCursorScreenPos();
  const float cell = em * 1.6f, gap = em * 0.2f;
  for (int i = 7; i >= 0; --i) {
    const float bx = at.x + static_cast<float>(7 - i) * (cell + gap);
    const ImVec2 a(bx, at.y + em * 1.2f), b(bx + cell, at.y + em * 1.2f + cell);
    char label[8];
    std::snprintf(label, sizeof label, "%d", i);
    dl->AddText(ImVec2(bx + cell * 0.35f, at.y), kColLabel, label);
    const int bit = rv.byte_bits[static_cast<std::size_t>(i)];
    legibility::note_cell(a, b);
    if (bit >= 0) {
      dl->AddRectFilled(a, b, bit ? kColOne : kColZero, em * 0.15f);
      const char digit[2] = {bit ? '1' : '0', 0};
      dl->AddText(ImVec2(a.x + cell * 0.35f, a.y + cell * 0.15f), bit ? kColDarkText : kColText, digit);
    } else {
      dl->AddRect(a, b, kColFrame, em * 0.15f);
    }
  }
  ImGui::Dummy(ImVec2(8 * (cell + gap), em * 1.2f + cell + em * 0.3f));
}

//-----------------------------------------------------------------------------
// [SECTION] Dice
//-----------------------------------------------------------------------------

void LfsrPanel::draw_dice(const TarotDiceView& d, std::uint64_t t) {
  const float em = ImGui::GetFontSize();
  section("The article's coin flips and one card draw");
  const char* how =
      "coinFlip(): when coinFlipsRemaining is 0, rng = LFSR() and coinFlipsRemaining = 8; then it returns "
              "rng's lowest bit and shifts rng right. getRandomNumber(): v = 1, c = 0; repeat v = 2v, c = 2c + "
              "coinFlip(); once v > 77, c <= 77 is the card (0..77), otherwise v and c both drop by 77. This is the "
              "Fast Dice Roller as the article prints it (it subtracts 77, not 78).";
  if (!d.available) {
    if (t < 8) {
      explain("No LFSR() call has finished yet: step to bit-step 8 to load the first byte into rng.");
      help_marker(how);
    }
    else explain(("The dice program is replayed from the seed, so it is shown for the first " +
                  grouped(kMaxDiceReplayCalls) + " LFSR() calls (t up to " + grouped(kMaxDiceReplayCalls * 8 + 7) +
                  ").")
                     .c_str());
    return;
  }
  ImGui::Text("LFSR() call %" PRIu64 " loaded rng = %s = %s; %" PRIu64 " card draws had finished before.", d.call,
              format_hex_upper(d.rng, 2).c_str(), bits_string(d.rng, 8).c_str(), d.rolls_before);
  help_marker(how);
  explain("Its bits in the order coinFlip() hands them out (bit 0 first). Colour = which draw consumed the flip; "
          "below: that draw's number, and coinFlipsRemaining after the flip.");
  const float cell = em * 2.4f, gap = em * 1.0f;
  {  // eight flips side by side: on a phone they scroll sideways
    const WideRegion region("flips", 8 * (cell + gap), cell + em * 3.4f);
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    for (std::size_t k = 0; k < 8; ++k) {
      const CoinFlipUse& u = d.bits[k];
      const float x = origin.x + static_cast<float>(k) * (cell + gap);
      const ImU32 fill = (u.roll % 2) ? kColRollA : kColRollB;
      dl->AddRectFilled(ImVec2(x, origin.y), ImVec2(x + cell, origin.y + cell), fill, em * 0.2f);
      legibility::note_cell(ImVec2(x, origin.y), ImVec2(x + cell, origin.y + cell));
      if (u.ends_roll)
        dl->AddRect(ImVec2(x - 2, origin.y - 2), ImVec2(x + cell + 2, origin.y + cell + 2), kColText, em * 0.2f, 0,
                    2.0f);
      char text[32];
      std::snprintf(text, sizeof text, "%d", u.value);
      ImVec2 ts = ImGui::CalcTextSize(text);
      dl->AddText(ImVec2(x + (cell - ts.x) * 0.5f, origin.y + (cell - ts.y) * 0.5f), kColDarkText, text);
      std::snprintf(text, sizeof text, "bit %zu", k);
      dl->AddText(ImVec2(x, origin.y + cell + em * 0.15f), kColLabel, text);
      std::snprintf(text, sizeof text, "#%" PRIu64, u.roll);
      dl->AddText(ImVec2(x, origin.y + cell + em * 1.15f), kColText, text);
      std::snprintf(text, sizeof text, "left %d", u.remaining_after);
      dl->AddText(ImVec2(x, origin.y + cell + em * 2.15f), kColLabel, text);
    }
    ImGui::Dummy(ImVec2(8 * (cell + gap), cell + em * 3.4f));
  }
  const Table table("draws", {"draw", "flips consumed (in order)", "from", "card"}, ImGuiTableFlags_RowBg);
  if (!table) return;
  for (const DiceRollRecord& r : d.rolls) {
    char index[24];
    std::snprintf(index, sizeof index, "#%" PRIu64, r.index);
    text_row({index, r.bits, flip_span(r)});
    ImGui::TableNextColumn();
    if (r.returned) cell_text(std::to_string(r.value));
    else cell_text(colors::kError, "none after " + std::to_string(r.flips) + " flips");
  }
}

//-----------------------------------------------------------------------------
// [SECTION] Z80 and output steppers
//-----------------------------------------------------------------------------

void LfsrPanel::draw_z80_stepper(const Z80View& v) {
  const float em = ImGui::GetFontSize();
  ImGui::Text("call t = %" PRIu64 "   (one call = one output byte)", v.t);
  // Bytes +0..+7 in two rows of four, each as 8 bit cells; +4..+7 (read as X) outlined.
  const CellRow row = fit_cells(32, ImGui::GetContentRegionAvail().x - em * 1.0f, em);
  {  // the cells only: what follows is not in the scrolling region
    const WideRegion region("z80_bytes", 32.0f * (row.cell + row.gap) + 4.0f * row.byte_gap + em,
                            2.0f * (em * 1.5f + row.cell + em * 0.5f));
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    float right = origin.x;
    for (std::size_t half = 0; half < 2; ++half) {
      const float label_y = origin.y + static_cast<float>(half) * (em * 1.5f + row.cell + em * 0.5f);
      float x = origin.x;
      for (std::size_t i = half * 4; i < half * 4 + 4; ++i) {
        char name[48];
        std::snprintf(name, sizeof name, "+%zu  %s%s", i, format_hex_upper(v.bytes[i], 2).c_str(),
                      i >= 4 ? "  (read as X)" : i == 0 ? "  (newest)" : "");
        dl->AddText(ImVec2(x, label_y), i >= 4 ? kColTap : kColLabel, name);
        x = draw_cells(dl, ImVec2(x, label_y + em * 1.4f), v.bytes[i], 8, i >= 4 ? 0xff : 0, row, em) + row.byte_gap;
      }
      right = std::max(right, x);
    }
    ImGui::Dummy(ImVec2(right - origin.x, 2.0f * (em * 1.5f + row.cell + em * 0.5f)));
  }
  section(v.upcoming ? "The next call" : "The last call");
  ImGui::Text("X = bytes +7 +6 +5 +4 %s= %s", v.upcoming ? "" : "before the call ", format_hex_upper(v.x, 8).c_str());
  draw_z80_terms(v);
  ImGui::TextWrapped("Then LDDR moves +0..+6 up to +1..+7, so the old byte +7 (%s) falls out, and the result %s is "
                     "stored at +0 and returned.",
                     format_hex_upper(v.dropped, 2).c_str(), format_hex_upper(v.output, 2).c_str());
  draw_recent_bytes(v.recent_bytes, "No call yet: press Step.");
}

// The five shifted copies of X and their XOR.
void LfsrPanel::draw_z80_terms(const Z80View& v) {
  const Table table("z80terms", {"term", "low byte", "hex"}, ImGuiTableFlags_RowBg);
  if (!table) return;
  for (std::size_t i = 0; i < kZ80Shifts.size(); ++i)
    text_row({"X >> " + std::to_string(kZ80Shifts[i]), bits_string(v.terms[i], 8), format_hex_upper(v.terms[i], 2)});
  ImGui::TableNextRow();
  ImGui::TableNextColumn();
  cell_text(colors::kAccent, "XOR = output");
  ImGui::TableNextColumn();
  cell_text(colors::kAccent, bits_string(v.output, 8));
  ImGui::TableNextColumn();
  cell_text(colors::kAccent, format_hex_upper(v.output, 2));
}

void LfsrPanel::draw_outputs_stepper(const OutputsView& v, LabGen gen) {
  ImGui::Text("output t = %" PRIu64, v.t);
  ImGui::PushStyleColor(ImGuiCol_Text, colors::kAccent);
  ImGui::TextWrapped("%s", v.rule.c_str());
  ImGui::PopStyleColor();
  if (gen == LabGen::lcg32)
    explain("With a power-of-two modulus, bit k of x repeats every 2^(k+1) outputs: the low bits are the weakest "
            "(the Bit plane tab in word mode shows it; the Lattice tab shows how outputs line up).");
  section(gen == LabGen::glibc ? "State: the last 31 words (highlighted: read by the next step)" : "State");
  const int columns = v.state.size() > 4 ? 4 : static_cast<int>(v.state.size());
  if (columns > 0) {
    Table table("state", columns, ImGuiTableFlags_None);
    for (int c = 0; table && c < columns; ++c) table.column("");
    for (std::size_t i = 0; table && i < v.state.size(); ++i) {
      ImGui::TableNextColumn();
      const bool read = std::find(v.read_next.begin(), v.read_next.end(), static_cast<int>(i)) != v.read_next.end();
      const std::string cell = v.state[i].name + " = " + v.state[i].hex;
      if (read) cell_text(colors::kAccent, cell);
      else cell_text(cell);
    }
  }
  section("Outputs");
  if (v.recent.empty()) {
    ImGui::TextColored(colors::kMuted, "No output yet: press Step.");
    return;
  }
  const Table table("outputs", {"#", "output (hex)", "output (decimal)", "byte"}, ImGuiTableFlags_RowBg);
  if (!table) return;
  for (const OutputRow& r : v.recent)
    text_row({std::to_string(r.index), format_hex_upper(r.value, (v.value_bits + 3) / 4), grouped(r.value),
              format_hex_upper(r.byte, 2)});
}

//-----------------------------------------------------------------------------
// [SECTION] Period tab
//-----------------------------------------------------------------------------

void LfsrPanel::draw_period(LfsrSession& s) {
  const LfsrSessionView& v = s.view();
  if (!v.analysis || !v.period) return field_error(v.analysis_error);
  draw_period_summary(*v.period);
  draw_polynomials(*v.analysis, *v.period);
  draw_weak_seed_buttons(*v.period);
  if (s.state().gen == LabGen::tarot32) draw_maximal_masks(v.maximal_masks, s.state().width);
  draw_step_check(v);
}

void LfsrPanel::draw_period_summary(const PeriodView& p) {
  section("Period (exact, over GF(2))");
  ImGui::Text("This seed returns after %s %s", p.seed_period.c_str(), p.seed_period_unit.c_str());
  if (p.tail > 0) ImGui::SameLine(), ImGui::Text("(after a tail of %d)", p.tail);
  help_marker("Computed from the order of x modulo the seed's annihilating polynomial, not by stepping. "
              "\"Check by stepping\" below counts it the slow way.");
  ImGui::Text("Longest cycle over all seeds: %s of the %s nonzero states", p.max_period.c_str(),
              p.nonzero_states.c_str());
  if (p.maximal) {
    ImGui::TextColored(colors::kGood, "Maximal: every nonzero seed runs through all %s states.",
                       p.nonzero_states.c_str());
  } else {
    ImGui::TextColored(colors::kError, "NOT maximal: no seed visits all %s nonzero states.", p.nonzero_states.c_str());
    ImGui::Text("Weak seeds (on a shorter cycle, or dying into 0): %s, %.4f%% of all.", p.weak_seeds.c_str(),
                p.weak_percent);
  }
}

// The characteristic and minimal polynomials, their factors and the cycle lengths.
void LfsrPanel::draw_polynomials(const LabAnalysis& a, const PeriodView& p) {
  const MapAnalysis& m = a.map;
  section("Polynomials");
  ImGui::TextWrapped("Characteristic: %s", to_string(m.characteristic).c_str());
  ImGui::TextWrapped("Minimal: %s", to_string(m.minimal).c_str());
  if (ImGui::GetContentRegionAvail().x < ImGui::GetFontSize() * 30.0f) {  // a phone: one factor a line
    for (const FactorRow& f : p.factors) {
      const std::string line = f.poly + ": power " + std::to_string(f.multiplicity) + " / " +
                               std::to_string(f.minimal_multiplicity) + ", order of x " + f.order +
                               (f.primitive ? ", primitive" : "");
      bullet(line.c_str());
    }
  } else if (const Table table{"factors", {"irreducible factor", "power (char. / min.)", "order of x", ""}, ImGuiTableFlags_RowBg}) {
    for (const FactorRow& f : p.factors) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      cell_text(f.poly);
      ImGui::TableNextColumn();
      cell_text(std::to_string(f.multiplicity) + " / " + std::to_string(f.minimal_multiplicity));
      ImGui::TableNextColumn();
      cell_text(f.order);
      ImGui::TableNextColumn();
      if (f.primitive) cell_text(colors::kGood, "primitive");
    }
  }
  if (ImGui::TreeNode("Cycle lengths", "Cycle lengths (%zu)", p.cycle_lengths.size())) {
    for (const std::string& line : p.cycle_lengths) bullet(line.c_str());
    ImGui::TreePop();
  }
}

void LfsrPanel::draw_weak_seed_buttons(const PeriodView& p) {
  if (p.examples.empty()) return;
  section("Weak seeds, one click away");
  for (std::size_t i = 0; i < p.examples.size(); ++i) {
    ImGui::PushID(static_cast<int>(i));
    if (ImGui::SmallButton("Use")) later("weak_seed=" + std::to_string(i));
    ImGui::PopID();
    ImGui::SameLine();
    ImGui::TextUnformatted(p.examples[i].text.c_str());
  }
}

void LfsrPanel::draw_maximal_masks(const std::vector<std::uint8_t>& masks, int width) {
  section("Maximal top-byte masks");
  ImGui::Text("At width %d, %zu of the 256 masks give period 2^%d - 1:", width, masks.size(), width);
  for (std::size_t i = 0; i < masks.size(); ++i) {
    if (i % 16) ImGui::SameLine();
    if (ImGui::SmallButton(format_hex_upper(masks[i], 2).c_str())) later("maximal_mask=" + std::to_string(i));
  }
}

void LfsrPanel::draw_step_check(const LfsrSessionView& v) {
  const JobSlot<std::uint64_t>& check = *v.step_check;
  const auto progress_row = [&] {  // progress and Cancel; "Cancelled." or the failure once it ended
    if (job_progress_row(JobRowView{check.status, check.error, check.running()})) later("cancel_check");
  };
  section("Check by stepping");
  if (check.running()) return progress_row();
  ImGui::BeginDisabled(v.step_limit == 0);
  if (ImGui::Button("Check by stepping")) later("check_period");
  ImGui::EndDisabled();
  help_marker(v.step_limit == 0 ? "Too long to step: registers up to 40 bits, or Z80 seeds the algebra puts on a "
                                  "cycle of at most 2^36 calls."
                                : "Steps the generator one step at a time until the seed comes back, in a background "
                                  "worker. Up to 2^32 steps take a few seconds.");
  if (!v.step_check_is_current) return;
  progress_row();
  if (v.counted)
    ImGui::TextColored(v.counted_agrees ? colors::kGood : colors::kError, "Stepping: %s. %s",
                       check.status.summary.c_str(),
                       v.counted_agrees ? "It agrees with the algebra." : "It disagrees with the algebra!");
}


}  // namespace shufflelab::ui
