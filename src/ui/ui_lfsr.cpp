// ui_lfsr.cpp: the LFSR and generator lab panel: the setup's fields, the
// transport, the tab bar, the Bit plane, Lattice and Claims tabs, and the
// panel's entry points. It draws core/lfsr/lfsr_session's views and sends it
// commands (ui_lfsr_tabs.cpp draws the Stepper and Period tabs).
//
// Index of this file:
// [SECTION] Constants and the generator list
// [SECTION] Generator controls
// [SECTION] Transport
// [SECTION] Bit plane and stream download
// [SECTION] Lattice
// [SECTION] Claims
// [SECTION] Entry points and test hook

#include "ui/ui_lfsr.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <utility>
#include <vector>

#include "core/base/parse.hpp"
#include "core/base/text_format.hpp"
#include "ui/gpu_views.hpp"
#include "ui/kit/job_row.hpp"
#include "ui/kit/layout.hpp"
#include "ui/kit/table.hpp"
#include "ui/kit/text_field.hpp"
#include "ui/kit/widgets.hpp"

namespace shufflelab::ui {

namespace {

//-----------------------------------------------------------------------------
// [SECTION] Constants and the generator list
//-----------------------------------------------------------------------------

constexpr int kBitPlaneSlot = 0;

struct GenEntry {
  LabGen gen;
  const char* label;
  const char* help;
};
constexpr GenEntry kGenEntries[] = {
    {LabGen::tarot32, "tarot32 (Game Boy tarot)",
     "The Game Boy tarot article's register (seed 000): shift right; when a 1 falls out, XOR the mask into the "
     "top byte. Eight bit-steps make one call of its LFSR(), which returns the top byte. Any width 4..64."},
    {LabGen::fibonacci, "fibonacci (Fibonacci LFSR)",
     "Shift right; the parity of the tapped bits enters at the top and bit 0 falls out. Output byte = the next "
     "8 fallen bits, the first in bit 0."},
    {LabGen::z80, "z80 (the Z80 routine)",
     "The widely copied Z80 routine of the dice article (seed 002): 8 bytes _LFSRSeed+0..+7; each call XORs "
     "five shifted copies of bytes +4..+7 into a new byte, shifts the bytes up and stores it at +0."},
    {LabGen::lcg32, "lcg32 (LCG presets)",
     "x' = a x + c mod 2^32 (RANDU: mod 2^31). Presets: onechip (One Chip Video Poker, seed 004 = Numerical "
     "Recipes' ranqd1), randu (IBM), msvc (MSVC rand's state)."},
    {LabGen::glibc, "glibc rand()",
     "glibc's default rand() (seed 001's shuffle.c): r[i] = r[i-31] + r[i-3] mod 2^32, rand() = r[i] >> 1."},
    {LabGen::splitmix64, "splitmix64", "SplitMix64: a counter plus a strong 64-bit mixer."},
    {LabGen::xoshiro256ss, "xoshiro256**", "xoshiro256** 1.0, seeded by SplitMix64 as its authors recommend."},
    {LabGen::pcg32, "pcg32", "PCG32 (XSH RR): a 64-bit LCG with a permuted 32-bit output."},
    {LabGen::xorshift, "xorshift (16 or 32 bits)",
     "Marsaglia's xorshift: 16-bit (7, 9, 8) as in Metcalf's Z80 routine, or 32-bit (13, 17, 5)."},
};

const GenEntry& entry_of(LabGen gen) {
  for (const auto& e : kGenEntries)
    if (e.gen == gen) return e;
  return kGenEntries[0];
}

// A label and the field after it stay together; the pair wraps as one.
void field_label(const char* text, float field_width) {
  const float em = ImGui::GetFontSize();
  flow(ImGui::CalcTextSize(text).x + ImGui::GetStyle().ItemSpacing.x + field_width + em * 1.5f, em * 1.2f);
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(text);
  ImGui::SameLine();
}

}  // namespace

Result<bool> LfsrPanel::send(LfsrSession& s, std::string_view command) { return s.apply(parse_lab_command(command)); }

void LfsrPanel::sync_buffers(const LfsrLabState& state) {
  std::string key = lfsr_setup_key(state);
  if (key == shown_key_) return;
  shown_key_ = std::move(key);
  const int reg_digits = (state.width + 3) / 4;
  std::snprintf(seed_text_, sizeof seed_text_, "%s", format_hex_upper(state.seed, lab_seed_digits(state)).c_str());
  std::snprintf(mask_text_, sizeof mask_text_, "%s", format_hex_upper(state.mask, 2).c_str());
  const std::uint64_t taps = state.gen == LabGen::tarot32 ? lab_galois_taps(state) : state.taps;
  std::snprintf(taps_text_, sizeof taps_text_, "%s", format_hex_upper(taps, reg_digits).c_str());
  std::snprintf(stream_text_, sizeof stream_text_, "%s", format_hex_upper(state.stream, 16).c_str());
  width_value_ = state.width;
  seed_error_.clear();
  mask_error_.clear();
  taps_error_.clear();
  stream_error_.clear();
}

//-----------------------------------------------------------------------------
// [SECTION] Generator controls
//-----------------------------------------------------------------------------

// A field's new value: the session checks it; its refusal shows under the fields.
void LfsrPanel::edit(LfsrSession& s, const char* field, const std::string& value, std::string* error) {
  const auto r = s.apply({field, value, true});
  if (error) *error = r ? "" : r.error();
  if (r && r.value()) shown_key_ = lfsr_setup_key(s.state());  // keep what the user is typing; only the other fields follow
}

void LfsrPanel::draw_generator_controls(LfsrSession& s) {
  if (draw_generator_combo(s)) return;
  const LfsrLabState state = s.state();  // the fields as this frame began
  draw_register_fields(s, state);
  draw_seed_fields(s, state);
  field_error(seed_error_);
  field_error(mask_error_);
  field_error(taps_error_);
  field_error(stream_error_);
}

// True when the generator changed (the state is then that generator's defaults).
bool LfsrPanel::draw_generator_combo(LfsrSession& s) {
  const float em = ImGui::GetFontSize();
  const LabGen before = s.state().gen;
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("Generator");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(em * 14.0f);
  if (ImGui::BeginCombo("##gen", entry_of(before).label)) {
    for (const auto& e : kGenEntries) {
      if (ImGui::Selectable(e.label, e.gen == s.state().gen) && e.gen != s.state().gen)
        (void)send(s, "gen=" + std::string(lab_gen_name(e.gen)));
      if (ImGui::IsItemHovered()) {
        ImGui::BeginTooltip();
        ImGui::PushTextWrapPos(em * 28.0f);
        ImGui::TextUnformatted(e.help);
        ImGui::PopTextWrapPos();
        ImGui::EndTooltip();
      }
    }
    ImGui::EndCombo();
  }
  help_marker(entry_of(s.state().gen).help);
  return s.state().gen != before;
}

// Width, the tarot mask / full taps, Fibonacci taps.
void LfsrPanel::draw_register_fields(LfsrSession& s, const LfsrLabState& state) {
  const float em = ImGui::GetFontSize();
  if (lab_gen_steps_bits(state.gen)) {
    field_label("Width", em * 7.0f);
    ImGui::SetNextItemWidth(em * 7.0f);
    if (ImGui::SliderInt("##width", &width_value_, kMinLfsrWidth, kMaxLfsrWidth, "%d bits") &&
        width_value_ != state.width)
      edit(s, "width", std::to_string(std::clamp(width_value_, kMinLfsrWidth, kMaxLfsrWidth)));
  }
  if (state.gen == LabGen::tarot32) {
    if (!state.full_taps) {
      field_label("Mask", em * 2.6f);
      if (hex_field("##mask", mask_text_, sizeof mask_text_, em * 2.6f)) edit(s, "mask", mask_text_, &mask_error_);
      help_marker("XORed into the top byte (lfsr0) whenever a 1 falls out of the bottom. The article's code "
                  "uses CF; its text calls the polynomial C5.");
    }
    flow(ImGui::GetFrameHeight() + ImGui::CalcTextSize("full taps").x + em * 0.5f, em * 1.2f);
    bool full = state.full_taps;
    if (ImGui::Checkbox("full taps", &full)) edit(s, "full_taps", full ? "1" : "0");
  }
  if ((state.gen == LabGen::tarot32 && state.full_taps) || state.gen == LabGen::fibonacci) {
    const int digits = (state.width + 3) / 4;
    const float taps_width = em * (1.5f + 0.62f * static_cast<float>(digits));
    field_label("Taps", taps_width);
    if (hex_field("##taps", taps_text_, sizeof taps_text_, taps_width)) edit(s, "taps", taps_text_, &taps_error_);
    help_marker(state.gen == LabGen::fibonacci
                    ? "Bit i set: register bit i feeds the parity that enters at the top. The polynomial is "
                      "x^width + the sum of x^i over the taps."
                    : "The full-width mask XORed into the register when a 1 falls out.");
  }
}

// The LCG preset, the seed and the PCG stream.
void LfsrPanel::draw_seed_fields(LfsrSession& s, const LfsrLabState& state) {
  const float em = ImGui::GetFontSize();
  if (state.gen == LabGen::lcg32) {
    field_label("Preset", em * 7.0f);
    ImGui::SetNextItemWidth(em * 7.0f);
    std::array<const char*, kLcgPresets.size()> names{};
    for (std::size_t i = 0; i < names.size(); ++i) names[i] = kLcgPresets[i].name.data();  // literals: terminated
    int preset = state.preset;
    if (ImGui::Combo("##preset", &preset, names.data(), static_cast<int>(names.size())) && preset != state.preset)
      edit(s, "preset", names[static_cast<std::size_t>(preset)]);
  }
  if (state.gen == LabGen::xorshift) {
    field_label("Width", em * 7.0f);
    ImGui::SetNextItemWidth(em * 7.0f);
    int wide = state.width == 32 ? 1 : 0;
    const char* widths[] = {"16 bits (7,9,8)", "32 bits (13,17,5)"};
    if (ImGui::Combo("##xsw", &wide, widths, 2)) edit(s, "width", wide ? "32" : "16");
  }
  const int digits = lab_seed_digits(state);
  const float seed_width = em * (1.5f + 0.62f * static_cast<float>(digits));
  field_label(state.gen == LabGen::glibc ? "srand" : state.gen == LabGen::pcg32 ? "Seed (initstate)" : "Seed",
              seed_width);
  if (hex_field("##seed", seed_text_, sizeof seed_text_, seed_width)) edit(s, "seed", seed_text_, &seed_error_);
  help_marker(state.gen == LabGen::z80 ? "Exactly 16 hex digits: _LFSRSeed+0 first, +7 last. Not all zero."
              : lab_gen_is_linear(state.gen) ? "The register in hex. Any value except 0."
                                             : "In hex; the decimal value is shown next to it.");
  if (!lab_gen_is_linear(state.gen)) {
    ImGui::SameLine();
    ImGui::TextDisabled("= %s", grouped(state.seed).c_str());
  }
  if (state.gen == LabGen::pcg32) {
    field_label("Stream", em * 11.5f);
    if (hex_field("##stream", stream_text_, sizeof stream_text_, em * 11.5f))
      edit(s, "stream", stream_text_, &stream_error_);
    help_marker("initseq of pcg32_srandom_r: selects one of 2^63 streams (inc = 2 initseq + 1).");
  }
}

//-----------------------------------------------------------------------------
// [SECTION] Transport
//-----------------------------------------------------------------------------

void LfsrPanel::draw_transport(LfsrSession& s) {
  const float em = ImGui::GetFontSize();
  const LfsrSessionView& v = s.view();
  const bool bits = lab_gen_steps_bits(s.state().gen);
  if (ImGui::Button("Reset")) (void)send(s, "reset");
  flow(button_width("\xE2\x86\x90 Back"));
  if (ImGui::Button("\xE2\x86\x90 Back")) (void)send(s, "back");
  flow(button_width("Step \xE2\x86\x92"));
  if (ImGui::Button("Step \xE2\x86\x92")) (void)send(s, "step");
  if (bits) {
    flow(button_width("Step byte"));
    if (ImGui::Button("Step byte")) (void)send(s, "step_byte");
  }
  flow(em * 4.0f);
  if (ImGui::Button(s.view().playing ? "Pause" : "Play", ImVec2(em * 4.0f, 0))) (void)send(s, "toggle_play");
  flow(em * 11.5f);
  ImGui::SetNextItemWidth(em * 10.0f);
  float speed = v.full_speed ? static_cast<float>(kLfsrFullSpeed) : static_cast<float>(v.speed);
  const char* format = v.full_speed ? "full speed" : (bits ? "%.0f bit-steps/s" : "%.0f steps/s");
  if (ImGui::SliderFloat("##speed", &speed, 1.0f, static_cast<float>(kLfsrFullSpeed), format,
                         ImGuiSliderFlags_Logarithmic)) {
    char command[48];
    if (speed >= static_cast<float>(kLfsrFullSpeed)) std::snprintf(command, sizeof command, "speed=full");
    else std::snprintf(command, sizeof command, "speed=%.3f", static_cast<double>(speed));
    (void)send(s, command);
  }
  help_marker("Speed from 1 step per second up to full speed (the right end): as many real steps per frame as "
              "fit in about 2 ms.\n\nKeys, when no text field has focus:\n  Space  play / pause\n"
              "  \xE2\x86\x92 / \xE2\x86\x90  one step forward / back\n"
              "  \xE2\x86\x91 / \xE2\x86\x93  next / previous byte (LFSRs) or output\n  Home  back to t = 0");
  draw_timeline(s);
}

// The transport's keys work whether its buttons are shown or folded (result first).
void LfsrPanel::transport_keys(LfsrSession& s) {
  if (!lab_shortcuts_active()) return;
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Space), false)) (void)send(s, "toggle_play");
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_RightArrow))) (void)send(s, "step");
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_LeftArrow))) (void)send(s, "back");
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_UpArrow))) (void)send(s, "step_byte");
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_DownArrow))) (void)send(s, "back_byte");
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Home), false)) (void)send(s, "reset");
}

// The t slider (one full cycle of this seed for the LFSRs, else the whole
// range), the t field and what t counts.
void LfsrPanel::draw_timeline(LfsrSession& s) {
  const float em = ImGui::GetFontSize();
  const LfsrSessionView& v = s.view();
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("t");
  ImGui::SameLine();
  const float input_width = em * 11.0f + ImGui::GetFrameHeight() * 2.0f + em;  // the t field and its - + buttons
  ImGui::SetNextItemWidth(
      std::max(em * 10.0f, ImGui::GetContentRegionAvail().x - input_width - ImGui::GetStyle().ItemSpacing.x * 2.0f));
  ImU64 t = s.state().t;
  const ImU64 zero = 0, top = v.range;
  if (ImGui::SliderScalar("##timeline", ImGuiDataType_U64, &t, &zero, &top, "%llu",
                          v.range > 4096 ? ImGuiSliderFlags_Logarithmic : 0))
    (void)send(s, "scrub=" + std::to_string(t));
  flow(input_width);
  ImGui::SetNextItemWidth(stepper_width(7.5f));
  ImU64 typed = s.state().t;
  const ImU64 one = 1, eight = 8;
  const bool t_edited = ImGui::InputScalar("##t", ImGuiDataType_U64, &typed, &one, &eight, "%llu");
  declare_text_field(TextFieldKind::numeric);
  if (t_edited) (void)send(s, "scrub=" + std::to_string(typed));
  explain(s.view().t_note.c_str());
}

void LfsrPanel::draw_weak_warning(const LfsrSessionView& v) {
  if (!v.analysis || !v.analysis->seed_is_weak || !v.period) return;
  const PeriodView& p = *v.period;
  ImGui::PushTextWrapPos(0.0f);
  if (p.seed_dies)
    ImGui::TextColored(colors::kError, "Weak seed: it reaches the all-zero state after %d %s and stays there.", p.tail,
                       p.units.c_str());
  else
    ImGui::TextColored(colors::kError, "Weak seed: it runs on a cycle of only %s %s (the longest cycle has %s).",
                       p.seed_period.c_str(), p.units.c_str(), p.max_period.c_str());
  ImGui::PopTextWrapPos();
}

//-----------------------------------------------------------------------------
// [SECTION] Bit plane and stream download
//-----------------------------------------------------------------------------

void LfsrPanel::draw_bit_plane(LfsrSession& s, PanelContext& ctx) {
  const LfsrBitPlane& plane = s.bit_plane();
  const float em = ImGui::GetFontSize();
  explain("The next 512 x 512 output bits from the current state, one pixel per bit, 512 bits per row, gold = 1. "
          "Good generators look like noise; stripes, diagonals or repeats are structure you could predict.");
  int source = static_cast<int>(s.view().plane_source);
  ImGui::RadioButton("output bytes (the article's coin-flip order)", &source, 0);
  ImGui::SameLine();
  ImGui::RadioButton("32-bit words (column = bit 0..31, 16 words a row)", &source, 1);
  if (source != static_cast<int>(s.view().plane_source)) later(source ? "bitplane=words" : "bitplane=bytes");
  // "Try:" buttons: setups whose pictures show structure.
  ImGui::TextDisabled("Try:");
  ImGui::SameLine();
  if (ImGui::SmallButton("RANDU, words")) later("try=randu");
  ImGui::SameLine();
  if (ImGui::SmallButton("tarot width 16, mask 01 (short period)")) later("try=tarot16");
  ImGui::SameLine();
  if (ImGui::SmallButton("z80 from FF..FF (fixed point)")) later("try=z80");
  // Whole pixels per bit where the width allows (the panel scrolls vertically).
  const float avail = ImGui::GetContentRegionAvail().x;
  const float zoom = std::max(1.0f, std::floor(std::max(avail, 128.0f) / static_cast<float>(kBitPlaneSide)));
  float side = static_cast<float>(kBitPlaneSide) * zoom;
  if (side > avail && avail > em * 8.0f) side = avail;  // narrow screens: shrink rather than overflow
  if (ctx.gpu && plane.generations != uploaded_generation_ && plane.bits.size() == kBitPlaneSide * kBitPlaneSide / 8) {
    plane_texture_ = ctx.gpu->bit_plane(kBitPlaneSlot, plane.bits.data(), kBitPlaneSide, kBitPlaneSide);
    uploaded_generation_ = plane.generations;
  }
  if (ctx.gpu && plane_texture_) {
    ImGui::Image(plane_texture_, ImVec2(side, side));
  } else {
    const ImVec2 a = ImGui::GetCursorScreenPos();
    ImDrawList* dl = ImGui::GetWindowDrawList();
    dl->AddRectFilled(a, ImVec2(a.x + side, a.y + side), colors::kViewBg);
    dl->AddRect(a, ImVec2(a.x + side, a.y + side), colors::kViewFrame);
    dl->AddText(ImVec2(a.x + em, a.y + em), colors::kViewLabel, "The bit-plane image needs WebGL2 (not available here).");
    ImGui::Dummy(ImVec2(side, side));
  }
}

void LfsrPanel::draw_stream_download(LfsrSession& s, PanelContext& ctx) {
  const float em = ImGui::GetFontSize();
  static constexpr std::pair<const char*, std::uint64_t> kSizes[] = {{"4 KiB", 4096}, {"64 KiB", 65536}, {"1 MiB", kMaxLabStreamBytes}};
  const std::uint64_t bytes = kSizes[stream_size_index_].second;
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("Raw output bytes from this step:");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(em * 6.5f);
  if (ImGui::BeginCombo("##streamsize", kSizes[stream_size_index_].first)) {
    for (int i = 0; i < 3; ++i)
      if (ImGui::Selectable(kSizes[i].first, i == stream_size_index_)) stream_size_index_ = i;
    ImGui::EndCombo();
  }
  ImGui::SameLine();
  ImGui::BeginDisabled(!ctx.download);
  if (ImGui::Button("Download .bin")) download_stream(s, ctx, "download_stream=" + std::to_string(bytes));
  ImGui::EndDisabled();
  help_marker("A binary file of the generator's next bytes (next_byte() outputs), for dieharder, ent or a hex viewer. "
              "The command below names the generator's whole state at this step, so it writes the same bytes, "
              "and as many more as you ask for.");
  field_error(s.view().stream_error);
  if (const std::string command = s.stream_command_for(bytes); !command.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, colors::kMuted);
    {
      MonoFont mono;
      ImGui::TextWrapped("$ %s", command.c_str());
    }
    ImGui::PopStyleColor();
  }
  ImGui::Spacing();
}

// download_stream=N: the session computes the bytes, the page downloads them.
bool LfsrPanel::download_stream(LfsrSession& s, PanelContext& ctx, const std::string& command) {
  const bool accepted = send(s, command).has_value();
  if (std::optional<LabStream> stream = s.take_download(); stream && ctx.download)
    ctx.download(stream->filename, "application/octet-stream", stream->bytes.data(), stream->bytes.size());
  return accepted;
}

//-----------------------------------------------------------------------------
// [SECTION] Lattice
//-----------------------------------------------------------------------------

void LfsrPanel::point_edge_on(const LcgLattice& lattice) {
  const auto& angles = lattice.duals.edge_on;
  yaw_ = static_cast<float>(angles[0]);
  pitch_ = static_cast<float>(angles[1]);
}

void LfsrPanel::draw_lattice(LfsrSession& s) {
  const LcgLattice* lattice = s.lattice();  // the first call for a preset starts its job
  if (!lattice) {
    if (!s.lattice_job().result)
      job_progress_row(s.lattice_job(), s.jobs(), JobRowText{nullptr, "Computing the lattice's lines and planes..."});
    return;
  }
  const LcgLattice& l = *lattice;
  const float em = ImGui::GetFontSize();
  const double m = static_cast<double>(l.modulus);
  explain("Successive outputs as points: pairs (x[n], x[n+1]) in the plane and triples (x[n], x[n+1], x[n+2]) in "
          "the unit cube, 3,000 of them from the current state. Every LCG puts them on a few parallel lines or "
          "planes; the fewer, the worse.");
  TwoColumns columns("lattice", 14.0f);  // one above the other on a phone
  const float side = std::min(ImGui::GetContentRegionAvail().x, em * 20.0f);
  ImGui::TextUnformatted("Pairs (x[n], x[n+1])");
  ImDrawList* dl = ImGui::GetWindowDrawList();
  ImVec2 a = ImGui::GetCursorScreenPos();
  dl->AddRect(a, ImVec2(a.x + side, a.y + side), colors::kViewFrame);
  const float dot = std::max(1.0f, em * 0.1f);
  for (const auto& p : l.triples) {
    const float px = a.x + static_cast<float>(p[0] / m) * side;
    const float py = a.y + side - static_cast<float>(p[1] / m) * side;
    dl->AddRectFilled(ImVec2(px, py), ImVec2(px + dot, py + dot), colors::kSeriesB);
  }
  ImGui::Dummy(ImVec2(side, side));
  ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + side);
  ImGui::TextColored(colors::kMuted, "%s", l.duals.lines_text.c_str());
  ImGui::PopTextWrapPos();

  columns.next();
  ImGui::TextUnformatted("Triples, rotated");
  ImGui::SameLine();
  if (ImGui::SmallButton("Edge-on to the planes")) point_edge_on(l);
  a = ImGui::GetCursorScreenPos();
  dl->AddRect(a, ImVec2(a.x + side, a.y + side), colors::kViewFrame);
  const Projection3 proj = projection_from_angles(yaw_, pitch_);
  const float half = side * 0.5f, scale = side / 1.8f;  // the cube's diagonal fits
  for (const auto& p : l.triples) {
    const double q[3] = {p[0] / m - 0.5, p[1] / m - 0.5, p[2] / m - 0.5};
    const double sx = proj.right[0] * q[0] + proj.right[1] * q[1] + proj.right[2] * q[2];
    const double sy = proj.up[0] * q[0] + proj.up[1] * q[1] + proj.up[2] * q[2];
    const float px = a.x + half + static_cast<float>(sx) * scale, py = a.y + half - static_cast<float>(sy) * scale;
    dl->AddRectFilled(ImVec2(px, py), ImVec2(px + dot, py + dot), colors::kSeriesB);
  }
  ImGui::Dummy(ImVec2(side, side));
  ImGui::SetNextItemWidth(side * 0.5f - em * 0.3f);
  ImGui::SliderFloat("##yaw", &yaw_, -3.1416f, 3.1416f, "yaw %.2f");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(side * 0.5f - em * 0.3f);
  ImGui::SliderFloat("##pitch", &pitch_, -1.5708f, 1.5708f, "pitch %.2f");
  ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + side);
  ImGui::TextColored(colors::kMuted, "%s", l.duals.planes_text.c_str());
  ImGui::PopTextWrapPos();
}

//-----------------------------------------------------------------------------
// [SECTION] Claims
//-----------------------------------------------------------------------------

void LfsrPanel::draw_claims(LfsrSession& s) {
  const std::vector<ClaimRow> rows = s.claim_rows();
  if (rows.empty()) return field_error(s.claims_error());
  explain("Both numbers on each row are computed now, in your browser: the claim from the article's words, the "
          "truth from the GF(2) analysis (the Period tab shows the details for whatever is open).");
  Table claims("claims", 3, ImGuiTableFlags_BordersInnerH, true);
  if (!claims) return;
  for (const char* h : {"The article says", "The numbers say", ""}) claims.column(h);
  ImGui::TableHeadersRow();
  for (const ClaimRow& row : rows) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    cell_text(row.claim);
    ImGui::TableNextColumn();
    cell_text(row.holds ? colors::kGood : colors::kError, row.truth);
    ImGui::TableNextColumn();
    ImGui::PushID(row.id);
    if (ImGui::SmallButton(row.button)) later("claim=" + std::string(row.id));
    cell_item();
    ImGui::PopID();
  }
}

//-----------------------------------------------------------------------------
// [SECTION] Entry points and test hook
//-----------------------------------------------------------------------------

void LfsrPanel::draw_lanes(LfsrSession& s) {
  bool open = s.state().lanes;
  lanes_.draw(open, setup_key(s.state(), encode_lfsr_lab), [&] { return s.lanes(); });
  if (open != s.state().lanes) later(open ? "lanes=1" : "lanes=0");
}

void LfsrPanel::draw(LfsrSession& s, PanelContext& ctx) {
  sync_buffers(s.state());
  ImGui::TextUnformatted("LFSRs and other generators, step by step");
  help_marker("Pick a generator and a seed, then step it, play it or scrub through time. The link in the address "
              "bar always encodes the generator, its parameters, the seed and the step you are looking at.");
  if (controls_shown("Setup: the generator and its seed")) {
    explain("Watch where each bit comes from, see the next 262,144 output bits as a picture, and check the period "
            "claims of the articles against exact numbers.");
    ImGui::Spacing();
    draw_generator_controls(s);
    sync_buffers(s.state());
  }
  if (!s.view().runs) return field_error(s.view().timeline_error);
  transport_keys(s);
  if (controls_shown("Play, step, scrub")) draw_transport(s);
  draw_weak_warning(s.view());
  ImGui::Spacing();
  // The tabs draw one consistent view; what they ask for is sent after them.
  std::vector<TabSpec> tabs;
  for (const LfsrTab& tab : s.view().tabs) tabs.push_back({tab.id, tab.label});
  std::string tab = s.state().tab;
  const std::string shown = tab;
  tabs_.draw("lfsr_tabs", tabs, tab, [&](const std::string& id) {
    draw_tab(id, s, ctx);
    return false;
  });
  if (tab != shown) later("tab=" + tab);
  if (!pending_.empty()) (void)send(s, std::exchange(pending_, std::string()));
}

void LfsrPanel::draw_tab(const std::string& tab, LfsrSession& s, PanelContext& ctx) {
  if (tab == "stepper") {
    {
      ResultRegion result;
      draw_stepper(s);
    }
    ImGui::Spacing();
    draw_lanes(s);
  } else if (tab == "bitplane") {
    draw_stream_download(s, ctx);
    draw_bit_plane(s, ctx);
  } else if (tab == "lattice") {
    draw_lattice(s);
  } else if (tab == "period") {
    ResultRegion result;
    draw_period(s);
  } else if (tab == "claims") {
    draw_claims(s);
  }
}

bool LfsrPanel::takes(std::string_view name) {
  return name.rfind("lane_", 0) == 0 || name == "edge_on" || name.rfind("download_stream=", 0) == 0;
}

bool LfsrPanel::command(std::string_view name, LfsrSession& s, PanelContext& ctx) {
  if (name.rfind("lane_", 0) == 0) {
    lanes_.refresh(s.state().lanes, setup_key(s.state(), encode_lfsr_lab), [&] { return s.lanes(); });
    return lanes_.command(name);
  }
  if (name == "edge_on") {
    const LcgLattice* lattice = s.lattice();
    if (lattice) point_edge_on(*lattice);
    return lattice != nullptr;
  }
  return download_stream(s, ctx, std::string(name));  // download_stream=N: the last command takes() lets through
}

std::string LfsrPanel::describe_json(LfsrSession& s) {
  const bool uploaded = uploaded_generation_ == s.built_bit_plane().generations && plane_texture_ != nullptr;
  std::string out = s.describe_json_with(",\"uploaded\":" + json_bool(uploaded),
                                         ",\"yaw\":" + std::to_string(yaw_) + ",\"pitch\":" + std::to_string(pitch_));
  lanes_.refresh(s.state().lanes, setup_key(s.state(), encode_lfsr_lab), [&] { return s.lanes(); });
  return out + lanes_.describe_json_field() + "}";
}

}  // namespace shufflelab::ui
