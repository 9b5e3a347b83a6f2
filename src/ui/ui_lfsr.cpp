// ui_lfsr.cpp: the LFSR and generator lab panel. Numbers come from the core
// (core/lfsr/*, with the panel's view models in core/lfsr/lfsr_lab_view.hpp);
// this file lays them out.
//
// Index of this file:
// [SECTION] Constants and the generator list
// [SECTION] Drawing helpers
// [SECTION] Caches
// [SECTION] Edits and time
// [SECTION] Generator controls
// [SECTION] Transport
// [SECTION] Register stepper
// [SECTION] Dice
// [SECTION] Z80 and output steppers
// [SECTION] Bit plane and stream download
// [SECTION] Lattice
// [SECTION] Period analysis
// [SECTION] Claims
// [SECTION] Entry points
// [SECTION] Test hook

#include "ui/ui_lfsr.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <initializer_list>
#include <iterator>
#include <utility>
#include <variant>

#include "core/base/parse.hpp"
#include "core/base/text_format.hpp"
#include "core/gen/gf2.hpp"
#include "core/lfsr/lab_stream.hpp"
#include "ui/gpu_views.hpp"
#include "ui/kit/layout.hpp"
#include "ui/kit/legibility.hpp"
#include "ui/kit/widgets.hpp"

namespace shufflelab::ui {

namespace {

//-----------------------------------------------------------------------------
// [SECTION] Constants and the generator list
//-----------------------------------------------------------------------------

constexpr float kFullSpeed = 1.0e6f;                  // the speed slider's top end
constexpr std::uint64_t kFullSpeedChunk = 1024;       // steps between clock reads
constexpr double kFullSpeedBudgetMs = 2.0;            // per frame
constexpr std::size_t kLatticePoints = 3000;
constexpr int kBitPlaneSlot = 0;

// The register's roles, bound to the theme's view colours (ui/kit/widgets.hpp).
const ImU32& kColOne = colors::kCellOn;
const ImU32& kColZero = colors::kCellOff;
const ImU32& kColTap = colors::kSeriesC;
const ImU32& kColDarkText = colors::kCellInk;
const ImU32& kColText = colors::kViewText;
const ImU32& kColLabel = colors::kViewLabel;
const ImU32& kColRollA = colors::kCellOn;
const ImU32& kColRollB = colors::kSeriesC;
const ImU32& kColPoint = colors::kSeriesB;
const ImU32& kColFrame = colors::kViewFrame;

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

// Tab ids are what the test hook's "tab" field and the tab= command say.
constexpr TabSpec kTabs[] = {{"stepper", "Stepper"},
                             {"bitplane", "Bit plane"},
                             {"lattice", "Lattice"},
                             {"period", "Period & cycles"},
                             {"claims", "Claims vs numbers"}};

// The tabs this generator has: the lattice for LCGs, the period for linear ones.
std::vector<TabSpec> tabs_for(LabGen gen) {
  std::vector<TabSpec> tabs;
  for (const TabSpec& tab : kTabs) {
    const std::string_view id = tab.id;
    if (id == "lattice" && gen != LabGen::lcg32) continue;
    if (id == "period" && !lab_gen_is_linear(gen)) continue;
    tabs.push_back(tab);
  }
  return tabs;
}

bool parse_u64(std::string_view text, std::uint64_t& out) {
  auto r = parse_decimal("value", text, 0, ~std::uint64_t{0});
  if (!r) return false;
  out = *r;
  return true;
}

//-----------------------------------------------------------------------------
// [SECTION] Drawing helpers
//-----------------------------------------------------------------------------

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
  // Never below legibility (about 14 CSS px): a row that does not fit scrolls sideways.
  r.cell = std::clamp(r.cell, em * 0.9f, em * 1.6f);
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

// A label and the field after it stay together; the pair wraps as one.
void field_label(const char* text, float field_width) {
  const float em = ImGui::GetFontSize();
  flow(ImGui::CalcTextSize(text).x + ImGui::GetStyle().ItemSpacing.x + field_width + em * 1.5f, em * 1.2f);
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(text);
  ImGui::SameLine();
}

// The panel's tables: fixed-width columns, striped rows, a header row.
bool begin_table(const char* id, std::initializer_list<const char*> columns) {
  if (!ImGui::BeginTable(id, static_cast<int>(columns.size()), ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_RowBg))
    return false;
  for (const char* column : columns) ImGui::TableSetupColumn(column);
  ImGui::TableHeadersRow();
  return true;
}

// One table row of plain text cells.
void text_row(std::initializer_list<std::string> cells) {
  ImGui::TableNextRow();
  for (const std::string& cell : cells) {
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(cell.c_str());
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
// [SECTION] Caches
//-----------------------------------------------------------------------------

void LfsrPanel::refresh(const LfsrLabState& state) {
  if (!timeline_ || !timeline_->same_config(state)) {
    timeline_.reset();
    timeline_error_.clear();
    if (auto t = LabTimeline::make(state)) timeline_.emplace(std::move(t.value()));
    else timeline_error_ = t.error();
    viewed_key_.clear();
    plane_key_.clear();
    lattice_key_.clear();
  }
  refresh_analysis(state);
  if (state.gen == LabGen::tarot32 && maximal_masks_width_ != state.width) {
    maximal_masks_ = maximal_tarot_masks(state.width);
    maximal_masks_width_ = state.width;
  }
}

void LfsrPanel::refresh_analysis(const LfsrLabState& state) {
  std::string key = lfsr_setup_key(state);
  if (key == analysed_key_) return;
  analysed_key_ = std::move(key);
  analysis_.reset();
  period_view_.reset();
  analysis_error_.clear();
  if (!lab_gen_is_linear(state.gen)) return;
  if (auto a = analyse_lab(state)) {
    analysis_ = std::move(a.value());
    period_view_ = period_view(state, *analysis_);
  } else {
    analysis_error_ = a.error();
  }
}

void LfsrPanel::text_inputs(const LfsrLabState& state, LabTextInputs& in) const {
  const std::string key = lfsr_setup_key(state);
  if (key != analysed_key_) return;
  in.lfsr_analysis = analysis_ ? &*analysis_ : nullptr;
  in.lfsr_period = period_view_ ? &*period_view_ : nullptr;
  in.lfsr_analysis_error = analysis_error_;
  in.lfsr_counted_period = step_check_.current(key);
}

void LfsrPanel::refresh_view(const LfsrLabState& state) {
  if (!timeline_) return;
  std::string key = lfsr_setup_key(state, true);
  if (key == viewed_key_) return;
  viewed_key_ = std::move(key);
  switch (state.gen) {
    case LabGen::tarot32:
      lfsr_view_ = lfsr_view(state, *timeline_);
      register_view_ = register_stepper_view(state, lfsr_view_);
      dice_view_ = tarot_dice_view(GaloisLfsr{state.width, lab_galois_taps(state), state.seed}, state.t / 8);
      break;
    case LabGen::fibonacci:
      lfsr_view_ = lfsr_view(state, *timeline_);
      register_view_ = register_stepper_view(state, lfsr_view_);
      break;
    case LabGen::z80: z80_view_ = z80_view(state, *timeline_); break;
    default: outputs_view_ = outputs_view(state, *timeline_); break;
  }
}

void LfsrPanel::refresh_bit_plane(const LfsrLabState& state) {
  if (!timeline_) return;
  std::string key = lfsr_setup_key(state, true);
  if (key == plane_key_ && plane_built_source_ == plane_source_) return;
  plane_key_ = std::move(key);
  plane_built_source_ = plane_source_;
  plane_bits_ = bit_plane_bits(ByteGenerator(timeline_->at(state.t)), plane_source_);
  ++plane_generations_;
  plane_uploaded_ = false;
}

void LfsrPanel::refresh_lattice(const LfsrLabState& state) {
  if (state.gen != LabGen::lcg32 || !timeline_) return;
  std::string key = lfsr_setup_key(state, true);
  if (key == lattice_key_) return;
  lattice_key_ = std::move(key);
  lattice_ = lcg_lattice(std::get<Lcg32>(timeline_->at(state.t)), kLatticePoints);
}

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

const ArticleClaims* LfsrPanel::claims() {
  if (!claims_) {
    auto c = article_claims();
    if (!c) return claims_error_ = c.error(), nullptr;
    claims_ = std::move(c.value());
  }
  return &*claims_;
}

//-----------------------------------------------------------------------------
// [SECTION] Edits and time
//-----------------------------------------------------------------------------

void LfsrPanel::set_config(LfsrLabState& state, const LfsrLabState& next) {
  const std::string tab = state.tab;
  state = next;
  state.tab = lfsr_tab_available(next.gen, tab) ? tab : "stepper";
  state.t = 0;
  playing_ = false;
  step_accumulator_ = 0.0;
}

void LfsrPanel::step(LfsrLabState& state, long long delta) {
  const std::uint64_t max = lab_max_step(state.gen);
  if (delta < 0) {
    const auto back = static_cast<std::uint64_t>(-(delta + 1)) + 1;
    state.t = back > state.t ? 0 : state.t - back;
  } else {
    const auto forward = static_cast<std::uint64_t>(delta);
    state.t = forward > max - std::min(state.t, max) ? max : state.t + forward;
  }
}

// Bit-step generators: to the next (previous) byte boundary; others one output.
void LfsrPanel::step_byte(LfsrLabState& state, int direction) {
  if (!lab_gen_steps_bits(state.gen)) return step(state, direction);
  const auto into = static_cast<long long>(state.t % 8);
  step(state, direction > 0 ? 8 - into : -(into ? into : 8));
}

void LfsrPanel::play(LfsrLabState& state) {
  if (!timeline_) return;
  const std::uint64_t max = timeline_->max_step();
  if (state.t >= max) {
    playing_ = false;
    return;
  }
  if (speed_ >= kFullSpeed) {
    // As many real steps as fit in the frame budget.
    timeline_->at(state.t);
    const auto start = std::chrono::steady_clock::now();
    std::uint64_t t = state.t;
    do {
      t = timeline_->advance(kFullSpeedChunk);
    } while (t < max && std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count() <
                            kFullSpeedBudgetMs);
    state.t = t;
    return;
  }
  step_accumulator_ += static_cast<double>(ImGui::GetIO().DeltaTime) * static_cast<double>(speed_);
  const auto whole = static_cast<long long>(step_accumulator_);
  if (whole > 0) {
    step_accumulator_ -= static_cast<double>(whole);
    step(state, whole);
  }
}

void LfsrPanel::start_step_check(const LfsrLabState& state, JobRunner& jobs) {
  const std::uint64_t limit = step_check_limit(state, analysis_ ? &*analysis_ : nullptr);
  if (limit == 0) return;
  run_started_ = true;
  step_check_.start(jobs, "lfsr_lab_step_period", lfsr_lab_step_job_params(state, limit), lfsr_setup_key(state));
}

// Once per frame (and per test-hook read, so a cancel shows at once).
void LfsrPanel::poll_step_check(JobRunner& jobs) {
  if (step_check_.poll(jobs) && !step_check_.status.result.empty())
    step_check_.result = static_cast<std::uint64_t>(step_check_.status.result[0]);
}

void LfsrPanel::point_edge_on() {
  const auto angles = edge_on_angles(lattice_->planes);
  yaw_ = static_cast<float>(angles[0]);
  pitch_ = static_cast<float>(angles[1]);
}

//-----------------------------------------------------------------------------
// [SECTION] Generator controls
//-----------------------------------------------------------------------------

bool LfsrPanel::draw_generator_controls(LfsrLabState& state) {
  const LfsrLabState before = state;
  if (draw_generator_combo(state)) return true;
  LfsrLabState next = state;
  bool edited = draw_register_fields(state, next);
  edited |= draw_seed_fields(state, next);
  field_error(seed_error_);
  field_error(mask_error_);
  field_error(taps_error_);
  field_error(stream_error_);
  if (edited && next != state) {
    set_config(state, next);
    shown_key_ = lfsr_setup_key(state);  // keep what the user is typing; only the other fields follow
  }
  return state != before;
}

// True when the generator changed (the state is then that generator's defaults).
bool LfsrPanel::draw_generator_combo(LfsrLabState& state) {
  const float em = ImGui::GetFontSize();
  const LabGen before = state.gen;
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("Generator");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(em * 14.0f);
  if (ImGui::BeginCombo("##gen", entry_of(state.gen).label)) {
    for (const auto& e : kGenEntries) {
      if (ImGui::Selectable(e.label, e.gen == state.gen) && e.gen != state.gen) set_config(state, lab_defaults(e.gen));
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
  help_marker(entry_of(state.gen).help);
  return state.gen != before;
}

// Width, the tarot mask / full taps, Fibonacci taps: edits go to `next`.
bool LfsrPanel::draw_register_fields(const LfsrLabState& state, LfsrLabState& next) {
  const float em = ImGui::GetFontSize();
  bool edited = false;
  if (lab_gen_steps_bits(state.gen)) {
    field_label("Width", em * 7.0f);
    ImGui::SetNextItemWidth(em * 7.0f);
    if (ImGui::SliderInt("##width", &width_value_, kMinLfsrWidth, kMaxLfsrWidth, "%d bits") &&
        width_value_ != state.width) {
      next.width = std::clamp(width_value_, kMinLfsrWidth, kMaxLfsrWidth);
      next.seed &= width_mask(next.width);
      if (next.seed == 0) next.seed = 1;
      if (state.gen == LabGen::fibonacci) next.taps = default_fibonacci_taps(next.width);
      else next.taps &= width_mask(next.width);
      edited = true;
    }
  }
  if (state.gen == LabGen::tarot32) {
    if (!state.full_taps) {
      field_label("Mask", em * 2.6f);
      if (hex_field("##mask", mask_text_, sizeof mask_text_, em * 2.6f)) {
        auto r = parse_hex("mask", mask_text_, 2);
        if (!r) mask_error_ = r.error();
        else mask_error_.clear(), next.mask = *r, edited = true;
      }
      help_marker("XORed into the top byte (lfsr0) whenever a 1 falls out of the bottom. The article's code "
                  "uses CF; its text calls the polynomial C5.");
    }
    flow(ImGui::GetFrameHeight() + ImGui::CalcTextSize("full taps").x + em * 0.5f, em * 1.2f);
    bool full = state.full_taps;
    if (ImGui::Checkbox("full taps", &full)) {
      next.full_taps = full;
      next.taps = full ? lab_galois_taps(state) : 0;
      edited = true;
    }
  }
  if ((state.gen == LabGen::tarot32 && state.full_taps) || state.gen == LabGen::fibonacci) {
    const int digits = (state.width + 3) / 4;
    const float taps_width = em * (1.5f + 0.62f * static_cast<float>(digits));
    field_label("Taps", taps_width);
    if (hex_field("##taps", taps_text_, sizeof taps_text_, taps_width)) {
      auto r = parse_hex("taps", taps_text_, digits);
      if (!r) taps_error_ = r.error();
      else if (*r & ~width_mask(state.width)) taps_error_ = "taps: more bits than the register's width";
      else taps_error_.clear(), next.taps = *r, edited = true;
    }
    help_marker(state.gen == LabGen::fibonacci
                    ? "Bit i set: register bit i feeds the parity that enters at the top. The polynomial is "
                      "x^width + the sum of x^i over the taps."
                    : "The full-width mask XORed into the register when a 1 falls out.");
  }
  return edited;
}

// The LCG preset, the seed and the PCG stream: edits go to `next`.
bool LfsrPanel::draw_seed_fields(const LfsrLabState& state, LfsrLabState& next) {
  const float em = ImGui::GetFontSize();
  bool edited = false;
  if (state.gen == LabGen::lcg32) {
    field_label("Preset", em * 7.0f);
    ImGui::SetNextItemWidth(em * 7.0f);
    const char* names[] = {"onechip", "randu", "msvc", "cpc8", "getrand16"};
    int preset = state.preset;
    if (ImGui::Combo("##preset", &preset, names, IM_ARRAYSIZE(names)) && preset != state.preset)
      next.preset = preset, edited = true;
  }
  if (state.gen == LabGen::xorshift) {
    field_label("Width", em * 7.0f);
    ImGui::SetNextItemWidth(em * 7.0f);
    int wide = state.width == 32 ? 1 : 0;
    const char* widths[] = {"16 bits (7,9,8)", "32 bits (13,17,5)"};
    if (ImGui::Combo("##xsw", &wide, widths, 2) && (wide ? 32 : 16) != state.width) {
      next.width = wide ? 32 : 16;
      next.seed = 1;
      edited = true;
    }
  }
  const int digits = lab_seed_digits(state);
  const float seed_width = em * (1.5f + 0.62f * static_cast<float>(digits));
  field_label(state.gen == LabGen::glibc ? "srand" : state.gen == LabGen::pcg32 ? "Seed (initstate)" : "Seed",
              seed_width);
  if (hex_field("##seed", seed_text_, sizeof seed_text_, seed_width)) {
    auto r = parse_hex("seed", seed_text_, digits);
    if (r) r = check_lab_seed(state, *r);
    if (!r) seed_error_ = r.error();
    else seed_error_.clear(), next.seed = *r, edited = true;
  }
  help_marker(state.gen == LabGen::z80 ? "Exactly 16 hex digits: _LFSRSeed+0 first, +7 last. Not all zero."
              : lab_gen_is_linear(state.gen) ? "The register in hex. Any value except 0."
                                             : "In hex; the decimal value is shown next to it.");
  if (!lab_gen_is_linear(state.gen)) {
    ImGui::SameLine();
    ImGui::TextDisabled("= %s", grouped(state.seed).c_str());
  }
  if (state.gen == LabGen::pcg32) {
    field_label("Stream", em * 11.5f);
    if (hex_field("##stream", stream_text_, sizeof stream_text_, em * 11.5f)) {
      auto r = parse_hex("stream", stream_text_, 16);
      if (!r) stream_error_ = r.error();
      else stream_error_.clear(), next.stream = *r, edited = true;
    }
    help_marker("initseq of pcg32_srandom_r: selects one of 2^63 streams (inc = 2 initseq + 1).");
  }
  return edited;
}

//-----------------------------------------------------------------------------
// [SECTION] Transport
//-----------------------------------------------------------------------------

bool LfsrPanel::draw_transport(LfsrLabState& state) {
  const float em = ImGui::GetFontSize();
  const LfsrLabState before = state;
  const bool bits = lab_gen_steps_bits(state.gen);

  if (ImGui::Button("Reset")) state.t = 0, playing_ = false;
  flow(button_width("\xE2\x86\x90 Back"));
  if (ImGui::Button("\xE2\x86\x90 Back")) step(state, -1);
  flow(button_width("Step \xE2\x86\x92"));
  if (ImGui::Button("Step \xE2\x86\x92")) step(state, 1);
  if (bits) {
    flow(button_width("Step byte"));
    if (ImGui::Button("Step byte")) step_byte(state, 1);
  }
  flow(em * 4.0f);
  if (ImGui::Button(playing_ ? "Pause" : "Play", ImVec2(em * 4.0f, 0))) playing_ = !playing_;
  flow(em * 11.5f);
  ImGui::SetNextItemWidth(em * 10.0f);
  const char* format = speed_ >= kFullSpeed ? "full speed" : (bits ? "%.0f bit-steps/s" : "%.0f steps/s");
  ImGui::SliderFloat("##speed", &speed_, 1.0f, kFullSpeed, format, ImGuiSliderFlags_Logarithmic);
  help_marker("Speed from 1 step per second up to full speed (the right end): as many real steps per frame as "
              "fit in about 2 ms.\n\nKeys, when no text field has focus:\n  Space  play / pause\n"
              "  \xE2\x86\x92 / \xE2\x86\x90  one step forward / back\n"
              "  \xE2\x86\x91 / \xE2\x86\x93  next / previous byte (LFSRs) or output\n  Home  back to t = 0");
  handle_transport_keys(state);
  if (playing_) play(state);
  draw_timeline(state);
  return state != before;
}

void LfsrPanel::handle_transport_keys(LfsrLabState& state) {
  if (!lab_shortcuts_active()) return;
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Space), false)) playing_ = !playing_;
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_RightArrow))) step(state, 1);
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_LeftArrow))) step(state, -1);
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_UpArrow))) step_byte(state, 1);
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_DownArrow))) step_byte(state, -1);
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Home), false)) state.t = 0;
}

// The t slider (one full cycle of this seed for the LFSRs, else the whole
// range), the t field and what t counts.
void LfsrPanel::draw_timeline(LfsrLabState& state) {
  const float em = ImGui::GetFontSize();
  const std::uint64_t max = lab_max_step(state.gen);
  const std::uint64_t range = timeline_range(state, analysis_ ? &*analysis_ : nullptr);
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("t");
  ImGui::SameLine();
  const float input_width = em * 11.0f + ImGui::GetFrameHeight() * 2.0f + em;  // the t field and its - + buttons
  ImGui::SetNextItemWidth(
      std::max(em * 10.0f, ImGui::GetContentRegionAvail().x - input_width - ImGui::GetStyle().ItemSpacing.x * 2.0f));
  ImU64 t = state.t;
  const ImU64 zero = 0, top = range;
  if (ImGui::SliderScalar("##timeline", ImGuiDataType_U64, &t, &zero, &top, "%llu",
                          range > 4096 ? ImGuiSliderFlags_Logarithmic : 0))
    state.t = std::min<std::uint64_t>(t, max);
  flow(input_width);
  ImGui::SetNextItemWidth(stepper_width(7.5f));
  ImU64 typed = state.t;
  const ImU64 one = 1, eight = 8;
  const bool t_edited = ImGui::InputScalar("##t", ImGuiDataType_U64, &typed, &one, &eight, "%llu");
  declare_text_field(TextFieldKind::numeric);
  if (t_edited)
    state.t = std::min<std::uint64_t>(typed, max);
  std::string note = "t counts " + lab_unit_plural(state.gen);
  if (lab_gen_steps_bits(state.gen)) note += " (8 make one output byte)";
  if (lab_gen_jumps(state.gen))
    note += lab_gen_is_linear(state.gen) ? ". Scrubbing jumps ahead with GF(2) matrix powers; the slider spans one "
                                           "cycle of this seed."
                                         : ". Scrubbing jumps ahead in O(log t); nothing is replayed.";
  else
    note += ". " + std::string(lab_gen_name(state.gen)) + " has no jump-ahead here, so the lab replays it (from "
            "checkpoints every 4096 outputs) and t stops at " + grouped(max) + ".";
  explain(note.c_str());
}

void LfsrPanel::draw_weak_warning() {
  if (!analysis_ || !analysis_->seed_is_weak || !period_view_) return;
  const PeriodView& p = *period_view_;
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
// [SECTION] Register stepper
//-----------------------------------------------------------------------------

void LfsrPanel::draw_register_stepper(const LfsrLabState& state) {
  const RegisterStepperView& rv = register_view_;
  ImGui::Text(rv.tarot ? "bit-step t = %" PRIu64 "   (LFSR() call %" PRIu64 ", shift %d of 8 done)"
                       : "bit-step t = %" PRIu64 "   (output byte %" PRIu64 ", bit %d of 8 done)",
              rv.t, rv.byte_number, rv.shifts_into_byte);
  draw_register_cells(rv);
  draw_register_caption(rv);
  if (rv.tarot) draw_call_table(rv);
  else draw_output_byte_bits(rv);
  draw_recent_bytes(lfsr_view_.recent_bytes, "No byte completed yet: press Step byte.");
  if (rv.tarot) draw_dice(state);
}

// The register's cells (taps outlined) under their byte labels, with the bit
// entering at the top (Fibonacci) and the bit falling out at the bottom.
void LfsrPanel::draw_register_cells(const RegisterStepperView& rv) {
  const LfsrView& v = lfsr_view_;
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

void LfsrPanel::draw_register_caption(const RegisterStepperView& rv) {
  const LfsrView& v = lfsr_view_;
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
  if (!begin_table("call", {"shift", "fell out", "taps XORed", "lfsr0 after"})) return;
  for (const CallShiftRow& r : rv.call_rows)
    text_row({std::to_string(r.shift), std::to_string(r.fell_out), r.fell_out ? "yes" : "-", r.lfsr0_after});
  ImGui::EndTable();
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

void LfsrPanel::draw_dice(const LfsrLabState& state) {
  const float em = ImGui::GetFontSize();
  section("The article's coin flips and one card draw");
  const char* how =
      "coinFlip(): when coinFlipsRemaining is 0, rng = LFSR() and coinFlipsRemaining = 8; then it returns "
              "rng's lowest bit and shifts rng right. getRandomNumber(): v = 1, c = 0; repeat v = 2v, c = 2c + "
              "coinFlip(); once v > 77, c <= 77 is the card (0..77), otherwise v and c both drop by 77. This is the "
              "Fast Dice Roller as the article prints it (it subtracts 77, not 78).";
  const TarotDiceView& d = dice_view_;
  if (!d.available) {
    if (state.t < 8) {
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
  if (!begin_table("draws", {"draw", "flips consumed (in order)", "from", "card"})) return;
  for (const DiceRollRecord& r : d.rolls) {
    char index[24];
    std::snprintf(index, sizeof index, "#%" PRIu64, r.index);
    text_row({index, r.bits, flip_span(r)});
    ImGui::TableNextColumn();
    if (r.returned) ImGui::Text("%" PRIu64, r.value);
    else ImGui::TextColored(colors::kError, "none after %" PRIu64 " flips", r.flips);
  }
  ImGui::EndTable();
}

//-----------------------------------------------------------------------------
// [SECTION] Z80 and output steppers
//-----------------------------------------------------------------------------

void LfsrPanel::draw_z80_stepper(const LfsrLabState&) {
  const Z80View& v = z80_view_;
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
  draw_z80_terms();
  ImGui::TextWrapped("Then LDDR moves +0..+6 up to +1..+7, so the old byte +7 (%s) falls out, and the result %s is "
                     "stored at +0 and returned.",
                     format_hex_upper(v.dropped, 2).c_str(), format_hex_upper(v.output, 2).c_str());
  draw_recent_bytes(v.recent_bytes, "No call yet: press Step.");
}

// The five shifted copies of X and their XOR.
void LfsrPanel::draw_z80_terms() {
  const Z80View& v = z80_view_;
  if (!begin_table("z80terms", {"term", "low byte", "hex"})) return;
  for (std::size_t i = 0; i < kZ80Shifts.size(); ++i)
    text_row({"X >> " + std::to_string(kZ80Shifts[i]), bits_string(v.terms[i], 8), format_hex_upper(v.terms[i], 2)});
  ImGui::TableNextRow();
  ImGui::TableNextColumn();
  ImGui::TextColored(colors::kAccent, "XOR = output");
  ImGui::TableNextColumn();
  ImGui::TextColored(colors::kAccent, "%s", bits_string(v.output, 8).c_str());
  ImGui::TableNextColumn();
  ImGui::TextColored(colors::kAccent, "%s", format_hex_upper(v.output, 2).c_str());
  ImGui::EndTable();
}

void LfsrPanel::draw_outputs_stepper(const LfsrLabState& state) {
  const OutputsView& v = outputs_view_;
  ImGui::Text("output t = %" PRIu64, v.t);
  ImGui::PushStyleColor(ImGuiCol_Text, colors::kAccent);
  ImGui::TextWrapped("%s", v.rule.c_str());
  ImGui::PopStyleColor();
  if (state.gen == LabGen::lcg32)
    explain("With a power-of-two modulus, bit k of x repeats every 2^(k+1) outputs: the low bits are the weakest "
            "(the Bit plane tab in word mode shows it; the Lattice tab shows how outputs line up).");
  section(state.gen == LabGen::glibc ? "State: the last 31 words (highlighted: read by the next step)" : "State");
  const int columns = v.state.size() > 4 ? 4 : static_cast<int>(v.state.size());
  if (columns > 0 && ImGui::BeginTable("state", columns, ImGuiTableFlags_SizingFixedFit)) {
    for (std::size_t i = 0; i < v.state.size(); ++i) {
      ImGui::TableNextColumn();
      const bool read = std::find(v.read_next.begin(), v.read_next.end(), static_cast<int>(i)) != v.read_next.end();
      if (read) ImGui::TextColored(colors::kAccent, "%s = %s", v.state[i].name.c_str(), v.state[i].hex.c_str());
      else ImGui::Text("%s = %s", v.state[i].name.c_str(), v.state[i].hex.c_str());
    }
    ImGui::EndTable();
  }
  section("Outputs");
  if (v.recent.empty()) {
    ImGui::TextColored(colors::kMuted, "No output yet: press Step.");
    return;
  }
  if (!begin_table("outputs", {"#", "output (hex)", "output (decimal)", "byte"})) return;
  for (const OutputRow& r : v.recent)
    text_row({std::to_string(r.index), format_hex_upper(r.value, (v.value_bits + 3) / 4), grouped(r.value),
              format_hex_upper(r.byte, 2)});
  ImGui::EndTable();
}

//-----------------------------------------------------------------------------
// [SECTION] Bit plane and stream download
//-----------------------------------------------------------------------------

void LfsrPanel::draw_bit_plane(LfsrLabState& state, PanelContext& ctx) {
  refresh_bit_plane(state);
  const float em = ImGui::GetFontSize();
  explain("The next 512 x 512 output bits from the current state, one pixel per bit, 512 bits per row, gold = 1. "
          "Good generators look like noise; stripes, diagonals or repeats are structure you could predict.");
  int source = static_cast<int>(plane_source_);
  ImGui::RadioButton("output bytes (the article's coin-flip order)", &source, 0);
  ImGui::SameLine();
  ImGui::RadioButton("32-bit words (column = bit 0..31, 16 words a row)", &source, 1);
  plane_source_ = static_cast<BitPlaneSource>(source);
  draw_bit_plane_presets(state);
  // Whole pixels per bit where the width allows (the panel scrolls vertically).
  const float avail = ImGui::GetContentRegionAvail().x;
  const float zoom = std::max(1.0f, std::floor(std::max(avail, 128.0f) / static_cast<float>(kBitPlaneSide)));
  float side = static_cast<float>(kBitPlaneSide) * zoom;
  if (side > avail && avail > em * 8.0f) side = avail;  // narrow screens: shrink rather than overflow
  if (ctx.gpu && !plane_uploaded_ && plane_bits_.size() == kBitPlaneSide * kBitPlaneSide / 8) {
    plane_texture_ = ctx.gpu->bit_plane(kBitPlaneSlot, plane_bits_.data(), kBitPlaneSide, kBitPlaneSide);
    plane_uploaded_ = true;
  }
  if (ctx.gpu && plane_texture_) {
    ImGui::Image(plane_texture_, ImVec2(side, side));
  } else {
    const ImVec2 a = ImGui::GetCursorScreenPos();
    ImDrawList* dl = ImGui::GetWindowDrawList();
    dl->AddRectFilled(a, ImVec2(a.x + side, a.y + side), colors::kViewBg);
    dl->AddRect(a, ImVec2(a.x + side, a.y + side), kColFrame);
    dl->AddText(ImVec2(a.x + em, a.y + em), kColLabel, "The bit-plane image needs WebGL2 (not available here).");
    ImGui::Dummy(ImVec2(side, side));
  }
}

// "Try:" buttons: setups whose pictures show structure.
void LfsrPanel::draw_bit_plane_presets(LfsrLabState& state) {
  ImGui::TextDisabled("Try:");
  ImGui::SameLine();
  if (ImGui::SmallButton("RANDU, words")) {
    LfsrLabState next = lab_defaults(LabGen::lcg32);
    next.preset = 1;
    set_config(state, next);
    plane_source_ = BitPlaneSource::words;
  }
  ImGui::SameLine();
  if (ImGui::SmallButton("tarot width 16, mask 01 (short period)")) {
    LfsrLabState next;
    next.width = 16, next.mask = 0x01, next.seed = 0xBEEF;
    set_config(state, next);
    plane_source_ = BitPlaneSource::bytes;
  }
  ImGui::SameLine();
  if (ImGui::SmallButton("z80 from FF..FF (fixed point)")) {
    LfsrLabState next = lab_defaults(LabGen::z80);
    next.seed = ~std::uint64_t{0};
    set_config(state, next);
  }
}

void LfsrPanel::draw_stream_download(const LfsrLabState& state, PanelContext& ctx) {
  const float em = ImGui::GetFontSize();
  static constexpr std::pair<const char*, std::uint64_t> kSizes[] = {{"4 KiB", 4096}, {"64 KiB", 65536}, {"1 MiB", kMaxLabStreamBytes}};
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
  if (ImGui::Button("Download .bin")) download_stream(state, ctx, kSizes[stream_size_index_].second);
  ImGui::EndDisabled();
  help_marker("A binary file of the generator's next bytes (next_byte() outputs), for dieharder, ent or a hex viewer. "
              "The command below names the generator's whole state at this step, so it writes the same bytes, "
              "and as many more as you ask for.");
  field_error(stream_download_error_);
  if (!timeline_) return;
  if (auto preview = lab_stream(state, *timeline_, 1)) {
    std::string command = preview.value().command;
    command.resize(command.size() - 1);  // "--bytes 1" -> "--bytes N"
    command += std::to_string(kSizes[stream_size_index_].second) + " > " + preview.value().filename;
    ImGui::PushStyleColor(ImGuiCol_Text, colors::kMuted);
    {
      MonoFont mono;
      ImGui::TextWrapped("$ %s", command.c_str());
    }
    ImGui::PopStyleColor();
  }
  ImGui::Spacing();
}

bool LfsrPanel::download_stream(const LfsrLabState& state, PanelContext& ctx, std::uint64_t bytes) {
  stream_download_error_.clear();
  if (!timeline_) return false;
  auto stream = lab_stream(state, *timeline_, bytes);
  if (!stream) return stream_download_error_ = stream.error(), false;
  last_stream_command_ = stream.value().command;
  if (ctx.download)
    ctx.download(stream.value().filename, "application/octet-stream", stream.value().bytes.data(), stream.value().bytes.size());
  return true;
}

//-----------------------------------------------------------------------------
// [SECTION] Lattice
//-----------------------------------------------------------------------------

void LfsrPanel::draw_lattice(const LfsrLabState& state) {
  refresh_lattice(state);
  if (!lattice_) return;
  const LcgLattice& l = *lattice_;
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
  dl->AddRect(a, ImVec2(a.x + side, a.y + side), kColFrame);
  const float dot = std::max(1.0f, em * 0.1f);
  for (const auto& p : l.triples) {
    const float px = a.x + static_cast<float>(p[0] / m) * side;
    const float py = a.y + side - static_cast<float>(p[1] / m) * side;
    dl->AddRectFilled(ImVec2(px, py), ImVec2(px + dot, py + dot), kColPoint);
  }
  ImGui::Dummy(ImVec2(side, side));
  ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + side);
  ImGui::TextColored(colors::kMuted, "%s", lattice_description(l.lines, "lines").c_str());
  ImGui::PopTextWrapPos();

  columns.next();
  ImGui::TextUnformatted("Triples, rotated");
  ImGui::SameLine();
  if (ImGui::SmallButton("Edge-on to the planes")) point_edge_on();
  a = ImGui::GetCursorScreenPos();
  dl->AddRect(a, ImVec2(a.x + side, a.y + side), kColFrame);
  const Projection3 proj = projection_from_angles(yaw_, pitch_);
  const float half = side * 0.5f, scale = side / 1.8f;  // the cube's diagonal fits
  for (const auto& p : l.triples) {
    const double q[3] = {p[0] / m - 0.5, p[1] / m - 0.5, p[2] / m - 0.5};
    const double sx = proj.right[0] * q[0] + proj.right[1] * q[1] + proj.right[2] * q[2];
    const double sy = proj.up[0] * q[0] + proj.up[1] * q[1] + proj.up[2] * q[2];
    const float px = a.x + half + static_cast<float>(sx) * scale, py = a.y + half - static_cast<float>(sy) * scale;
    dl->AddRectFilled(ImVec2(px, py), ImVec2(px + dot, py + dot), kColPoint);
  }
  ImGui::Dummy(ImVec2(side, side));
  ImGui::SetNextItemWidth(side * 0.5f - em * 0.3f);
  ImGui::SliderFloat("##yaw", &yaw_, -3.1416f, 3.1416f, "yaw %.2f");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(side * 0.5f - em * 0.3f);
  ImGui::SliderFloat("##pitch", &pitch_, -1.5708f, 1.5708f, "pitch %.2f");
  ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + side);
  ImGui::TextColored(colors::kMuted, "%s", lattice_description(l.planes, "planes").c_str());
  ImGui::PopTextWrapPos();
}

//-----------------------------------------------------------------------------
// [SECTION] Period analysis
//-----------------------------------------------------------------------------

void LfsrPanel::draw_period(LfsrLabState& state, JobRunner& jobs) {
  if (!analysis_ || !period_view_) {
    field_error(analysis_error_);
    return;
  }
  draw_period_summary();
  draw_polynomials();
  draw_weak_seed_buttons(state);
  if (state.gen == LabGen::tarot32) draw_maximal_masks(state);
  draw_step_check(state, jobs);
}

void LfsrPanel::draw_period_summary() {
  const PeriodView& p = *period_view_;
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
void LfsrPanel::draw_polynomials() {
  const MapAnalysis& m = analysis_->map;
  const PeriodView& p = *period_view_;
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
  } else if (begin_table("factors", {"irreducible factor", "power (char. / min.)", "order of x", ""})) {
    for (const FactorRow& f : p.factors) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::PushTextWrapPos(ImGui::GetFontSize() * 30.0f);
      ImGui::TextUnformatted(f.poly.c_str());
      ImGui::PopTextWrapPos();
      ImGui::TableNextColumn();
      ImGui::Text("%d / %d", f.multiplicity, f.minimal_multiplicity);
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(f.order.c_str());
      ImGui::TableNextColumn();
      if (f.primitive) ImGui::TextColored(colors::kGood, "primitive");
    }
    ImGui::EndTable();
  }
  if (ImGui::TreeNode("Cycle lengths", "Cycle lengths (%zu)", p.cycle_lengths.size())) {
    for (const std::string& line : p.cycle_lengths) bullet(line.c_str());
    ImGui::TreePop();
  }
}

void LfsrPanel::draw_weak_seed_buttons(LfsrLabState& state) {
  const PeriodView& p = *period_view_;
  if (p.examples.empty()) return;
  section("Weak seeds, one click away");
  for (std::size_t i = 0; i < p.examples.size(); ++i) {
    ImGui::PushID(static_cast<int>(i));
    if (ImGui::SmallButton("Use")) {
      LfsrLabState next = state;
      next.seed = p.examples[i].seed;
      set_config(state, next);
    }
    ImGui::PopID();
    ImGui::SameLine();
    ImGui::TextUnformatted(p.examples[i].text.c_str());
  }
}

void LfsrPanel::draw_maximal_masks(LfsrLabState& state) {
  section("Maximal top-byte masks");
  ImGui::Text("At width %d, %zu of the 256 masks give period 2^%d - 1:", state.width, maximal_masks_.size(),
              state.width);
  for (std::size_t i = 0; i < maximal_masks_.size(); ++i) {
    if (i % 16) ImGui::SameLine();
    if (ImGui::SmallButton(format_hex_upper(maximal_masks_[i], 2).c_str())) {
      LfsrLabState next = state;
      next.mask = maximal_masks_[i];
      next.full_taps = false;
      next.taps = 0;
      set_config(state, next);
    }
  }
}

void LfsrPanel::draw_step_check(const LfsrLabState& state, JobRunner& jobs) {
  section("Check by stepping");
  if (step_check_.running()) {
    job_progress_row(step_check_, jobs);
    return;
  }
  const std::uint64_t limit = step_check_limit(state, &*analysis_);
  ImGui::BeginDisabled(limit == 0);
  if (ImGui::Button("Check by stepping")) start_step_check(state, jobs);
  ImGui::EndDisabled();
  help_marker(limit == 0 ? "Too long to step: registers up to 40 bits, or Z80 seeds the algebra puts on a cycle "
                           "of at most 2^36 calls."
                         : "Steps the generator one step at a time until the seed comes back, in a background "
                           "worker. Up to 2^32 steps take a few seconds.");
  const std::string key = lfsr_setup_key(state);
  if (!step_check_.belongs_to(key)) return;
  job_progress_row(step_check_, jobs);  // "Cancelled." or the failure
  if (const std::uint64_t* counted = step_check_.current(key)) {
    const bool agrees = step_check_agrees(analysis_->seed, *counted);
    ImGui::TextColored(agrees ? colors::kGood : colors::kError, "Stepping: %s. %s", step_check_.status.summary.c_str(),
                       agrees ? "It agrees with the algebra." : "It disagrees with the algebra!");
  }
}

//-----------------------------------------------------------------------------
// [SECTION] Claims
//-----------------------------------------------------------------------------

void LfsrPanel::draw_claims(LfsrLabState& state) {
  const ArticleClaims* claims_now = claims();
  if (!claims_now) return field_error(claims_error_);
  const ArticleClaims& c = *claims_now;
  explain("Both numbers on each row are computed now, in your browser: the claim from the article's words, the "
          "truth from the GF(2) analysis (the Period tab shows the details for whatever is open).");
  if (!ImGui::BeginTable("claims", 3, ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_SizingStretchProp)) return;
  ImGui::TableSetupColumn("The article says", ImGuiTableColumnFlags_WidthStretch, 1.0f);
  ImGui::TableSetupColumn("The numbers say", ImGuiTableColumnFlags_WidthStretch, 1.4f);
  ImGui::TableSetupColumn("", ImGuiTableColumnFlags_WidthFixed);
  ImGui::TableHeadersRow();
  const auto row = [&](const std::string& claim, const std::string& truth, bool holds, const char* button,
                       const LfsrLabState& target) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextWrapped("%s", claim.c_str());
    ImGui::TableNextColumn();
    ImGui::PushStyleColor(ImGuiCol_Text, holds ? colors::kGood : colors::kError);
    ImGui::TextWrapped("%s", truth.c_str());
    ImGui::PopStyleColor();
    ImGui::TableNextColumn();
    if (ImGui::SmallButton(button)) set_config(state, target);
  };
  LfsrLabState cf{32, 0xCF, 1, 0}, c5{32, 0xC5, 1, 0};
  row("Tarot (seed 000): with mask CF the LFSR runs " + grouped(c.tarot_claimed) +
          " (2^32 - 1) bit-steps before it repeats, through every nonzero 32-bit value.",
      "From seed 1, mask CF repeats after " + grouped(c.tarot_cf.seed.period) + " bit-steps, and no seed does "
          "better: CF is " + (c.tarot_cf.map.maximal ? "" : "not ") +
          "maximal. Its characteristic polynomial factors into degrees " + factor_degrees(c.tarot_cf.map) + ".",
      c.tarot_cf.seed.period == c.tarot_claimed, "Open CF##cf", cf);
  row("Its text names the polynomial C5 (%11000101).",
      "From seed 1, mask C5 repeats after " + grouped(c.tarot_c5.seed.period) + " bit-steps: " +
          (c.tarot_c5.map.maximal ? std::string("maximal.")
                                  : "not maximal either (degrees " + factor_degrees(c.tarot_c5.map) +
                                        "). The Period tab lists the masks that are."),
      c.tarot_c5.seed.period == c.tarot_claimed, "Open C5##c5", c5);
  {
    std::string truth = "With CF, " + grouped(to_decimal(c.tarot_cf.map.weak_seeds)) + " nonzero seeds (" +
                        short_percent(c.tarot_cf.weak_share) + "%) sit on shorter cycles.";
    LfsrLabState weak = cf;
    if (!c.tarot_cf.examples.empty()) {
      const WeakSeedExample& e = c.tarot_cf.examples.front();
      truth += " Seed " + format_hex_upper(e.seed, 8) + " repeats after only " + grouped(e.period) + " bit-steps.";
      weak.seed = e.seed;
    }
    row("Other than not being all 0s, it does not much matter what the 32 bits start as.", truth,
        c.tarot_cf.map.weak_seeds == 0, "Open##weak", weak);
  }
  LfsrLabState z80 = lab_defaults(LabGen::z80);
  row("Z80 (seed 002): the routine is a \"64-bit LFSR\"; a maximal one would run 2^64 - 1 = " +
          grouped(c.z80_suggested) + " calls from any nonzero seed.",
      "Its longest cycle is " + grouped(c.z80.map.max_period) + " calls (from 0102030405060708: " +
          grouped(c.z80.seed.period) + "); the characteristic polynomial factors into degrees " +
          factor_degrees(c.z80.map) + ".",
      c.z80.map.max_period == c.z80_suggested, "Open##z80", z80);
  LfsrLabState ones = z80;
  ones.seed = ~std::uint64_t{0};
  row("(Same claim, one seed.)",
      "Seed FFFFFFFFFFFFFFFF is a fixed point: it returns after " + grouped(c.z80_all_ones.period) +
          " call and outputs FF forever.",
      c.z80_all_ones.period > 1, "Open##ones", ones);
  ImGui::EndTable();
}

//-----------------------------------------------------------------------------
// [SECTION] Entry points
//-----------------------------------------------------------------------------

LabLanes LfsrPanel::make_lanes(const LfsrLabState& state) {
  if (!lanes_timeline_ || !lanes_timeline_->same_config(state)) {
    auto timeline = LabTimeline::make(state);
    if (!timeline) return LabLanes{{}, timeline.error()};
    lanes_timeline_.emplace(std::move(timeline.value()));
  }
  return lfsr_lab_lanes(state, *lanes_timeline_);
}

void LfsrPanel::start_run(LfsrLabState& state, PanelContext& ctx) {
  if (state.run != "period") return;
  refresh(state);  // the analysis bounds the check
  start_step_check(state, *ctx.jobs);
  if (std::exchange(run_started_, false)) linked_run_.started(state.run, "period", lfsr_setup_key(state));
}

bool LfsrPanel::draw(LfsrLabState& state, PanelContext& ctx) {
  const LfsrLabState before = state;
  refresh(state);
  sync_buffers(state);
  ImGui::TextUnformatted("LFSRs and other generators, step by step");
  help_marker("Pick a generator and a seed, then step it, play it or scrub through time. The link in the address "
              "bar always encodes the generator, its parameters, the seed and the step you are looking at.");
  explain("Watch where each bit comes from, see the next 262,144 output bits as a picture, and check the period "
          "claims of the articles against exact numbers.");
  ImGui::Spacing();
  draw_generator_controls(state);
  refresh(state);
  sync_buffers(state);
  poll_step_check(*ctx.jobs);
  if (std::exchange(run_started_, false)) linked_run_.started(state.run, "period", lfsr_setup_key(state));
  linked_run_.drop_if_stale(state.run, lfsr_setup_key(state), step_check_.status.state == JobStatus::State::cancelled);
  if (!timeline_) {
    field_error(timeline_error_);
    return state != before;
  }
  draw_transport(state);
  draw_weak_warning();
  ImGui::Spacing();
  const std::vector<TabSpec> tabs = tabs_for(state.gen);
  tabs_.draw("lfsr_tabs", tabs, state.tab, [&](const std::string& tab) { return draw_tab(tab, state, ctx); });
  return state != before;
}

bool LfsrPanel::draw_tab(const std::string& tab, LfsrLabState& state, PanelContext& ctx) {
  const LfsrLabState before = state;
  if (tab == "stepper") {
    refresh_view(state);
    if (lab_gen_steps_bits(state.gen)) draw_register_stepper(state);
    else if (state.gen == LabGen::z80) draw_z80_stepper(state);
    else draw_outputs_stepper(state);
    ImGui::Spacing();
    lanes_.draw(state.lanes, setup_key(state, encode_lfsr_lab), [&] { return make_lanes(state); });
  } else if (tab == "bitplane") {
    draw_stream_download(state, ctx);
    draw_bit_plane(state, ctx);
  } else if (tab == "lattice") {
    draw_lattice(state);
  } else if (tab == "period") {
    draw_period(state, *ctx.jobs);
  } else if (tab == "claims") {
    draw_claims(state);
  }
  return state != before;
}

bool LfsrPanel::command(std::string_view name, LfsrLabState& state, PanelContext& ctx) {
  const auto value_of = [&](std::string_view key) -> std::optional<std::string_view> {
    if (name.size() > key.size() && name.substr(0, key.size()) == key && name[key.size()] == '=')
      return name.substr(key.size() + 1);
    return std::nullopt;
  };
  if (name.rfind("lane_", 0) == 0) {
    lanes_.refresh(state.lanes, setup_key(state, encode_lfsr_lab), [&] { return make_lanes(state); });
    return lanes_.command(name);
  }
  refresh(state);
  if (name == "step_bit" || name == "step") step(state, 1);
  else if (name == "step_byte") step_byte(state, 1);
  else if (name == "back_bit" || name == "back") step(state, -1);
  else if (name == "reset") state.t = 0, playing_ = false;
  else if (name == "play") playing_ = true;
  else if (name == "pause") playing_ = false;
  else if (name == "check_period") start_step_check(state, *ctx.jobs);
  else if (name == "cancel_check") step_check_.cancel(*ctx.jobs);
  else if (name == "edge_on") {
    refresh_lattice(state);
    if (!lattice_ || state.gen != LabGen::lcg32) return false;
    point_edge_on();
  } else if (auto v = value_of("scrub")) {
    std::uint64_t t = 0;
    if (!parse_u64(*v, t)) return false;
    state.t = std::min(t, lab_max_step(state.gen));
  } else if (auto g = value_of("gen")) {
    const auto it = std::find_if(kLabGens.begin(), kLabGens.end(), [&](LabGen x) { return lab_gen_name(x) == *g; });
    if (it == kLabGens.end()) return false;
    set_config(state, lab_defaults(*it));
  } else if (auto tb = value_of("tab")) {
    const auto it = std::find_if(std::begin(kTabs), std::end(kTabs), [&](const TabSpec& t) { return *tb == t.id; });
    if (it == std::end(kTabs)) return false;
    state.tab = it->id;
  } else if (auto bytes = value_of("download_stream")) {
    std::uint64_t count = 0;
    if (!parse_u64(*bytes, count)) return false;
    return download_stream(state, ctx, count);
  } else if (auto src = value_of("bitplane")) {
    if (*src == "bytes") plane_source_ = BitPlaneSource::bytes;
    else if (*src == "words") plane_source_ = BitPlaneSource::words;
    else return false;
  } else if (auto k = value_of("weak_seed")) {
    std::uint64_t index = 0;
    if (!parse_u64(*k, index) || !analysis_ || index >= analysis_->examples.size()) return false;
    LfsrLabState next = state;
    next.seed = analysis_->examples[static_cast<std::size_t>(index)].seed;
    set_config(state, next);
  } else if (auto c = value_of("claim")) {
    LfsrLabState next;
    if (*c == "tarot") next.seed = 1;
    else if (*c == "z80") next = lab_defaults(LabGen::z80), next.seed = ~std::uint64_t{0};
    else return false;
    set_config(state, next);
  } else if (auto sp = value_of("speed")) {
    std::uint64_t speed = 0;
    if (*sp == "full") speed_ = kFullSpeed;
    else if (parse_u64(*sp, speed) && speed >= 1) speed_ = std::min(static_cast<float>(speed), kFullSpeed);
    else return false;
  } else {
    return false;
  }
  return true;
}

//-----------------------------------------------------------------------------
// [SECTION] Test hook
//-----------------------------------------------------------------------------

std::string LfsrPanel::describe_json(const LfsrLabState& state, PanelContext& ctx) {
  refresh(state);
  refresh_view(state);
  poll_step_check(*ctx.jobs);
  std::string out = "{\"gen\":" + json_string(lab_gen_name(state.gen)) + ",\"unit\":" +
                    json_string(lab_step_unit(state.gen)) + ",\"width\":" + std::to_string(state.width) +
                    ",\"seed\":" + json_string(format_hex_upper(state.seed, lab_seed_digits(state))) + ",\"mask\":" +
                    json_string(format_hex_upper(state.mask, 2)) + ",\"t\":" + std::to_string(state.t) +
                    ",\"maxStep\":" + std::to_string(lab_max_step(state.gen)) +
                    ",\"streamCommand\":" + json_string(last_stream_command_) + ",\"streamError\":" +
                    json_string(stream_download_error_) + ",\"tab\":" + json_string(state.tab) +
                    ",\"playing\":" + json_bool(playing_);
  if (state.gen == LabGen::tarot32 || state.gen == LabGen::fibonacci)
    out += ",\"taps\":" + json_string(format_hex_upper(state.gen == LabGen::tarot32 ? lab_galois_taps(state) : state.taps,
                                                       (state.width + 3) / 4));
  out += ",\"register\":" + json_string(timeline_ ? ByteGenerator(timeline_->at(state.t)).state_string() : "");
  out += stepper_json(state) + period_json(state) + bit_plane_json(state);
  if (state.gen == LabGen::lcg32) {
    refresh_lattice(state);
    out += lattice_json();
  }
  out += claims_json() + step_job_json();
  lanes_.refresh(state.lanes, setup_key(state, encode_lfsr_lab), [&] { return make_lanes(state); });
  return out + lanes_.describe_json_field() + "}";
}

// ,"stepper":{...}: the stepper's numbers for the current generator.
std::string LfsrPanel::stepper_json(const LfsrLabState& state) const {
  std::string out = ",\"stepper\":{";
  if (timeline_ && lab_gen_steps_bits(state.gen)) {
    const LfsrView& v = lfsr_view_;
    out += "\"lastOut\":" + std::to_string(v.last_out_bit) + ",\"tapsApplied\":" + json_bool(v.taps_applied) +
           ",\"enteredBit\":" + std::to_string(v.entered_bit) + ",\"fallen\":" + json_string(register_view_.fallen) +
           ",\"recentBytes\":" + json_string(register_view_.recent_bytes);
    if (state.gen == LabGen::tarot32 && dice_view_.available) {
      const TarotDiceView& d = dice_view_;
      out += ",\"dice\":{\"call\":" + std::to_string(d.call) + ",\"rng\":" + json_string(format_hex_upper(d.rng, 2)) +
             ",\"rollsBefore\":" + std::to_string(d.rolls_before) + ",\"bits\":[";
      for (std::size_t k = 0; k < 8; ++k)
        out += std::string(k ? "," : "") + "{\"value\":" + std::to_string(d.bits[k].value) + ",\"roll\":" +
               std::to_string(d.bits[k].roll) + ",\"left\":" + std::to_string(d.bits[k].remaining_after) + "}";
      out += "],\"rolls\":" + json_array(d.rolls, [](const DiceRollRecord& r) {
               return "{\"index\":" + std::to_string(r.index) + ",\"card\":" + std::to_string(r.value) +
                      ",\"flips\":" + json_string(r.bits) + "}";
             }) + "}";
    }
  } else if (timeline_ && state.gen == LabGen::z80) {
    const Z80View& v = z80_view_;
    out += "\"output\":" + json_string(format_hex_upper(v.output, 2)) + ",\"dropped\":" +
           json_string(format_hex_upper(v.dropped, 2)) + ",\"x\":" + json_string(format_hex_upper(v.x, 8)) +
           ",\"recentBytes\":" + json_string(format_hex_bytes(v.recent_bytes.data(), v.recent_bytes.size()));
  } else if (timeline_) {
    out += "\"outputs\":" + json_array(outputs_view_.recent, [](const OutputRow& r) {
             return "{\"index\":" + std::to_string(r.index) + ",\"value\":" + json_string(to_decimal(r.value)) +
                    ",\"byte\":" + std::to_string(r.byte) + "}";
           });
  }
  return out + "}";
}

// ,"period":... with the exact analysis (linear generators), else null.
std::string LfsrPanel::period_json(const LfsrLabState& state) const {
  if (!analysis_) return ",\"period\":null";
  const MapAnalysis& m = analysis_->map;
  const int digits = lab_seed_digits(state);
  std::string out = ",\"period\":" + json_string(to_decimal(analysis_->seed.period)) + ",\"maxPeriod\":" +
                    json_string(to_decimal(m.max_period)) + ",\"maximal\":" + json_bool(m.maximal) +
                    ",\"analysis\":{\"tail\":" + std::to_string(analysis_->seed.tail) + ",\"characteristic\":" +
                    json_string(to_string(m.characteristic)) + ",\"minimal\":" + json_string(to_string(m.minimal)) +
                    ",\"weakSeeds\":" + json_string(to_decimal(m.weak_seeds)) + ",\"weakShare\":" +
                    std::to_string(analysis_->weak_share) + ",\"seedIsWeak\":" + json_bool(analysis_->seed_is_weak);
  out += ",\"factors\":" + json_array(m.factors, [](const FactorInfo& f) {
           return "{\"poly\":" + json_string(to_string(f.poly)) + ",\"multiplicity\":" +
                  std::to_string(f.multiplicity) + ",\"order\":" + json_string(to_decimal(f.order)) + "}";
         });
  out += ",\"examples\":" + json_array(analysis_->examples, [&](const WeakSeedExample& e) {
           return "{\"seed\":" + json_string(format_hex_upper(e.seed, digits)) + ",\"period\":" +
                  json_string(to_decimal(e.period)) + ",\"tail\":" + std::to_string(e.tail) +
                  ",\"reachesZero\":" + json_bool(e.reaches_zero) + "}";
         });
  const std::vector<std::uint8_t> no_masks;
  out += ",\"maximalMasks\":" + json_array(state.gen == LabGen::tarot32 ? maximal_masks_ : no_masks,
                                           [](std::uint8_t mask) { return json_string(format_hex_upper(mask, 2)); });
  return out + "}";
}

// ,"bitplane":{...}: the plane as last built.
std::string LfsrPanel::bit_plane_json(const LfsrLabState& state) const {
  const bool current = plane_key_ == lfsr_setup_key(state, true) && plane_built_source_ == plane_source_;
  const std::string first =
      plane_bits_.empty() ? "" : format_hex_bytes(plane_bits_.data(), std::min<std::size_t>(16, plane_bits_.size()));
  return ",\"bitplane\":{\"source\":" + json_string(plane_source_ == BitPlaneSource::bytes ? "bytes" : "words") +
         ",\"generations\":" + std::to_string(plane_generations_) + ",\"current\":" + json_bool(current) +
         ",\"first\":" + json_string(first) + ",\"uploaded\":" + json_bool(plane_uploaded_ && plane_texture_ != nullptr) +
         "}";
}

std::string LfsrPanel::lattice_json() const {
  if (!lattice_) return "";
  const auto vec = [](const DualVector& d) {
    std::string s = "{\"s\":[" + std::to_string(d.s[0]) + "," + std::to_string(d.s[1]);
    if (d.dims == 3) s += "," + std::to_string(d.s[2]);
    return s + "],\"count\":" + std::to_string(d.hyperplanes) + "}";
  };
  return ",\"lattice\":{\"lines\":" + vec(lattice_->lines) + ",\"planes\":" + vec(lattice_->planes) +
         ",\"yaw\":" + std::to_string(yaw_) + ",\"pitch\":" + std::to_string(pitch_) + "}";
}

std::string LfsrPanel::claims_json() {
  const ArticleClaims* c = claims();
  if (!c) return "";
  return ",\"claims\":{\"tarotClaimed\":" + json_string(to_decimal(c->tarot_claimed)) + ",\"tarotCfSeed1\":" +
         json_string(to_decimal(c->tarot_cf.seed.period)) + ",\"tarotC5Seed1\":" +
         json_string(to_decimal(c->tarot_c5.seed.period)) + ",\"z80Suggested\":" +
         json_string(to_decimal(c->z80_suggested)) + ",\"z80Max\":" + json_string(to_decimal(c->z80.map.max_period)) +
         ",\"z80AllOnesPeriod\":" + json_string(to_decimal(c->z80_all_ones.period)) + "}";
}

std::string LfsrPanel::step_job_json() const {
  const JobStatus& job = step_check_.status;
  char buf[160];
  std::snprintf(buf, sizeof buf, ",\"stepJob\":{\"state\":%d,\"progress\":%.4f,\"period\":%.0f}",
                static_cast<int>(job.state), job.progress, job.result.empty() ? -1.0 : job.result[0]);
  return buf;
}

}  // namespace shufflelab::ui
