#include "ui/ui_lfsr.hpp"

#include <algorithm>
#include <chrono>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <iterator>
#include <variant>

#include "core/gen/gf2.hpp"
#include "core/lfsr/lab_stream.hpp"
#include "core/base/parse.hpp"
#include "ui/gpu_views.hpp"
#include "ui/ui_widgets.hpp"

namespace shufflelab::ui {

namespace {

constexpr float kFullSpeed = 1.0e6f;                  // the speed slider's top end
constexpr std::uint64_t kFullSpeedChunk = 1024;       // steps between clock reads
constexpr double kFullSpeedBudgetMs = 2.0;            // per frame
constexpr std::size_t kLatticePoints = 3000;
constexpr int kBitPlaneSlot = 0;

const ImU32 kColOne = IM_COL32(250, 200, 90, 255);
const ImU32 kColZero = IM_COL32(48, 54, 70, 255);
const ImU32 kColTap = IM_COL32(120, 200, 255, 255);
const ImU32 kColDarkText = IM_COL32(20, 20, 28, 255);
const ImU32 kColText = IM_COL32(220, 224, 235, 255);
const ImU32 kColLabel = IM_COL32(160, 166, 180, 255);
const ImU32 kColRollA = IM_COL32(250, 200, 90, 255);
const ImU32 kColRollB = IM_COL32(120, 200, 255, 255);
const ImU32 kColPoint = IM_COL32(250, 200, 90, 150);
const ImU32 kColFrame = IM_COL32(90, 96, 112, 255);

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
};

const GenEntry& entry_of(LabGen gen) {
  for (const auto& e : kGenEntries)
    if (e.gen == gen) return e;
  return kGenEntries[0];
}

constexpr const char* kTabNames[] = {"stepper", "bitplane", "lattice", "period", "claims"};

// 4294967295 -> "4 294 967 295" with no-break spaces (U+00A0): periods are
// long numbers read by people, and ImGui never wraps a line inside them.
std::string grouped(const std::string& digits) {
  std::string out;
  const std::size_t n = digits.size();
  for (std::size_t i = 0; i < n; ++i) {
    out += digits[i];
    if (i + 1 < n && (n - i - 1) % 3 == 0) out += "\xC2\xA0";
  }
  return out;
}
std::string grouped(Uint128 v) { return grouped(to_decimal(v)); }

std::string bits_string(std::uint64_t value, int width) {
  std::string s;
  for (int i = width - 1; i >= 0; --i) s += ((value >> i) & 1) ? '1' : '0';
  return s;
}

std::string unit_plural(LabGen gen) { return std::string(lab_step_unit(gen)) + "s"; }
std::string unit_word(LabGen gen, Uint128 n) { return n == 1 ? std::string(lab_step_unit(gen)) : unit_plural(gen); }

std::string json_bool(bool b) { return b ? "true" : "false"; }

// One row of bit cells, most significant bit left. Returns the right edge.
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
  r.cell = std::clamp(r.cell, em * 0.45f, em * 1.6f);
  r.digits = r.cell >= em * 0.8f;
  return r;
}
float draw_cells(ImDrawList* dl, ImVec2 at, std::uint64_t value, int width, std::uint64_t outlined,
                 const CellRow& row, float em) {
  float x = at.x;
  for (int i = width - 1; i >= 0; --i) {
    const int from_top = width - 1 - i;
    if (from_top > 0 && from_top % 8 == 0) x += row.byte_gap;
    const bool bit = (value >> i) & 1;
    const ImVec2 a(x, at.y), b(x + row.cell, at.y + row.cell);
    dl->AddRectFilled(a, b, bit ? kColOne : kColZero, em * 0.15f);
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

// SameLine() if an item `width` wide still fits on this line, else a new
// line: rows of controls wrap on narrow screens instead of being clipped.
void flow(float width, float spacing = -1.0f) {
  const float gap = spacing >= 0.0f ? spacing : ImGui::GetStyle().ItemSpacing.x;
  const float right_edge = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
  if (ImGui::GetItemRectMax().x + gap + width <= right_edge) ImGui::SameLine(0, gap);
}
float button_width(const char* text) {
  return ImGui::CalcTextSize(text, nullptr, true).x + ImGui::GetStyle().FramePadding.x * 2.0f;
}

bool parse_u64(std::string_view text, std::uint64_t& out) {
  auto r = parse_decimal("value", text, 0, ~std::uint64_t{0});
  if (!r) return false;
  out = *r;
  return true;
}

}  // namespace

// ---------------------------------------------------------------------------
// Caches

void LfsrPanel::refresh(const LfsrLabState& state) {
  if (!timeline_ || !timeline_->same_config(state)) {
    timeline_.reset();
    timeline_error_.clear();
    if (auto t = LabTimeline::make(state)) timeline_.emplace(std::move(t.value()));
    else timeline_error_ = t.error();
    viewed_.reset();
    plane_state_.reset();
    lattice_state_.reset();
  }
  LfsrLabState key = state;
  key.t = 0;
  if (!analysed_ || *analysed_ != key) {
    analysed_ = key;
    analysis_.reset();
    analysis_error_.clear();
    if (lab_gen_is_linear(state.gen)) {
      if (auto a = analyse_lab(state)) analysis_ = std::move(a.value());
      else analysis_error_ = a.error();
    }
  }
  if (state.gen == LabGen::tarot32 && maximal_masks_width_ != state.width) {
    maximal_masks_ = maximal_tarot_masks(state.width);
    maximal_masks_width_ = state.width;
  }
}

void LfsrPanel::refresh_view(const LfsrLabState& state) {
  if (!timeline_ || (viewed_ && *viewed_ == state)) return;
  viewed_ = state;
  switch (state.gen) {
    case LabGen::tarot32:
      lfsr_view_ = lfsr_view(state, *timeline_);
      dice_view_ = tarot_dice_view(GaloisLfsr{state.width, lab_galois_taps(state), state.seed}, state.t / 8);
      break;
    case LabGen::fibonacci: lfsr_view_ = lfsr_view(state, *timeline_); break;
    case LabGen::z80: z80_view_ = z80_view(state, *timeline_); break;
    default: outputs_view_ = outputs_view(state, *timeline_); break;
  }
}

void LfsrPanel::refresh_bit_plane(const LfsrLabState& state) {
  if (!timeline_ || (plane_state_ && *plane_state_ == state && plane_built_source_ == plane_source_)) return;
  plane_state_ = state;
  plane_built_source_ = plane_source_;
  plane_bits_ = bit_plane_bits(ByteGenerator(timeline_->at(state.t)), plane_source_);
  ++plane_generations_;
  plane_uploaded_ = false;
}

void LfsrPanel::refresh_lattice(const LfsrLabState& state) {
  if (state.gen != LabGen::lcg32 || !timeline_ || (lattice_state_ && *lattice_state_ == state)) return;
  lattice_state_ = state;
  lattice_ = lcg_lattice(std::get<Lcg32>(timeline_->at(state.t)), kLatticePoints);
}

void LfsrPanel::sync_buffers(const LfsrLabState& state) {
  LfsrLabState key = state;
  key.t = 0;
  if (shown_ && *shown_ == key) return;
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
  shown_ = key;
}

// ---------------------------------------------------------------------------
// Edits and time

void LfsrPanel::set_config(LfsrLabState& state, const LfsrLabState& next) {
  state = next;
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

std::uint64_t LfsrPanel::step_check_limit(const LfsrLabState& state) const {
  if (state.gen == LabGen::z80) {
    // Only seeds the algebra puts on a short cycle are worth stepping.
    if (!analysis_ || analysis_->seed.period > (std::uint64_t{1} << 36)) return 0;
    return static_cast<std::uint64_t>(analysis_->seed.tail) + analysis_->seed.period;
  }
  if (!lab_gen_steps_bits(state.gen) || state.width > 40) return 0;
  return width_mask(state.width);  // more steps than nonzero states: the seed is on a tail
}

void LfsrPanel::start_step_check(const LfsrLabState& state, JobRunner& jobs) {
  const std::uint64_t limit = step_check_limit(state);
  if (limit == 0) return;
  if (step_job_) jobs.cancel(step_job_);
  LfsrLabState key = state;
  key.t = 0;
  step_job_state_ = key;
  step_job_ = jobs.start("lfsr_lab_step_period", lfsr_lab_step_job_params(state, limit));
}

// ---------------------------------------------------------------------------
// Controls

bool LfsrPanel::draw_generator_controls(LfsrLabState& state) {
  const float em = ImGui::GetFontSize();
  const LfsrLabState before = state;
  LfsrLabState next = state;
  bool edited = false;

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
  if (state.gen != before.gen) return true;

  // A label and the field after it stay together; the pair wraps as one.
  const auto label = [&](const char* text, float field_width) {
    flow(ImGui::CalcTextSize(text).x + ImGui::GetStyle().ItemSpacing.x + field_width + em * 1.5f, em * 1.2f);
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(text);
    ImGui::SameLine();
  };

  if (lab_gen_steps_bits(state.gen)) {
    label("Width", em * 7.0f);
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
      label("Mask", em * 2.6f);
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
    const float taps_width = em * (1.5f + 0.62f * static_cast<float>((state.width + 3) / 4));
    label("Taps", taps_width);
    if (hex_field("##taps", taps_text_, sizeof taps_text_, taps_width)) {
      auto r = parse_hex("taps", taps_text_, (state.width + 3) / 4);
      if (!r) taps_error_ = r.error();
      else if (*r & ~width_mask(state.width)) taps_error_ = "taps: more bits than the register's width";
      else taps_error_.clear(), next.taps = *r, edited = true;
    }
    help_marker(state.gen == LabGen::fibonacci
                    ? "Bit i set: register bit i feeds the parity that enters at the top. The polynomial is "
                      "x^width + the sum of x^i over the taps."
                    : "The full-width mask XORed into the register when a 1 falls out.");
  }
  if (state.gen == LabGen::lcg32) {
    label("Preset", em * 7.0f);
    ImGui::SetNextItemWidth(em * 7.0f);
    const char* names[] = {"onechip", "randu", "msvc"};
    int preset = state.preset;
    if (ImGui::Combo("##preset", &preset, names, 3) && preset != state.preset) next.preset = preset, edited = true;
  }
  const int digits = lab_seed_digits(state);
  const float seed_width = em * (1.5f + 0.62f * static_cast<float>(digits));
  label(state.gen == LabGen::glibc ? "srand" : state.gen == LabGen::pcg32 ? "Seed (initstate)" : "Seed", seed_width);
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
    ImGui::TextDisabled("= %s", grouped(to_decimal(state.seed)).c_str());
  }
  if (state.gen == LabGen::pcg32) {
    label("Stream", em * 11.5f);
    if (hex_field("##stream", stream_text_, sizeof stream_text_, em * 11.5f)) {
      auto r = parse_hex("stream", stream_text_, 16);
      if (!r) stream_error_ = r.error();
      else stream_error_.clear(), next.stream = *r, edited = true;
    }
    help_marker("initseq of pcg32_srandom_r: selects one of 2^63 streams (inc = 2 initseq + 1).");
  }
  field_error(seed_error_);
  field_error(mask_error_);
  field_error(taps_error_);
  field_error(stream_error_);
  if (edited && next != state) {
    set_config(state, next);
    // Keep what the user is typing; only the other fields follow.
    LfsrLabState key = state;
    key.t = 0;
    shown_ = key;
  }
  return state != before;
}

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

  if (!ImGui::GetIO().WantTextInput) {
    if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Space), false)) playing_ = !playing_;
    if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_RightArrow))) step(state, 1);
    if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_LeftArrow))) step(state, -1);
    if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_UpArrow))) step_byte(state, 1);
    if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_DownArrow))) step_byte(state, -1);
    if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Home), false)) state.t = 0;
  }
  if (playing_) play(state);

  // The timeline: one full cycle of this seed for the LFSRs, else the whole range.
  const std::uint64_t max = lab_max_step(state.gen);
  std::uint64_t range = max;
  if (analysis_ && analysis_->seed.period > 0) {
    const Uint128 cycle = Uint128{analysis_->seed.period} + static_cast<unsigned>(analysis_->seed.tail);
    range = cycle < max ? static_cast<std::uint64_t>(cycle) : max;
  }
  range = std::max({range, state.t, std::uint64_t{1}});
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
  ImGui::SetNextItemWidth(em * 11.0f);
  ImU64 typed = state.t;
  const ImU64 one = 1, eight = 8;
  if (ImGui::InputScalar("##t", ImGuiDataType_U64, &typed, &one, &eight, "%llu")) state.t = std::min<std::uint64_t>(typed, max);
  std::string note = "t counts " + unit_plural(state.gen);
  if (bits) note += " (8 make one output byte)";
  if (lab_gen_jumps(state.gen))
    note += lab_gen_is_linear(state.gen) ? ". Scrubbing jumps ahead with GF(2) matrix powers; the slider spans one "
                                           "cycle of this seed."
                                         : ". Scrubbing jumps ahead in O(log t); nothing is replayed.";
  else
    note += ". " + std::string(lab_gen_name(state.gen)) + " has no jump-ahead here, so the lab replays it (from "
            "checkpoints every 4096 outputs) and t stops at " + grouped(to_decimal(max)) + ".";
  explain(note.c_str());
  return state != before;
}

void LfsrPanel::draw_weak_warning(const LfsrLabState& state) {
  if (!analysis_ || !analysis_->seed_is_weak) return;
  ImGui::PushTextWrapPos(0.0f);
  const SeedPeriod& p = analysis_->seed;
  const std::string units = unit_plural(state.gen);
  if (p.annihilator.bits == (Uint128{1} << p.tail))
    ImGui::TextColored(colors::kError, "Weak seed: it reaches the all-zero state after %d %s and stays there.", p.tail,
                       units.c_str());
  else
    ImGui::TextColored(colors::kError, "Weak seed: it runs on a cycle of only %s %s (the longest cycle has %s).",
                       grouped(p.period).c_str(), units.c_str(), grouped(analysis_->map.max_period).c_str());
  ImGui::PopTextWrapPos();
}

// ---------------------------------------------------------------------------
// Steppers

void LfsrPanel::draw_register_stepper(const LfsrLabState& state) {
  const LfsrView& v = lfsr_view_;
  const bool tarot = state.gen == LabGen::tarot32;
  const float em = ImGui::GetFontSize();
  const int w = v.width;
  if (tarot)
    ImGui::Text("bit-step t = %" PRIu64 "   (LFSR() call %" PRIu64 ", shift %d of 8 done)", v.t, v.t / 8 + 1,
                v.shifts_into_byte);
  else
    ImGui::Text("bit-step t = %" PRIu64 "   (output byte %" PRIu64 ", bit %d of 8 done)", v.t, v.t / 8 + 1,
                v.shifts_into_byte);

  const float in_margin = tarot ? 0.0f : em * 2.6f;
  const CellRow row = fit_cells(w, ImGui::GetContentRegionAvail().x - em * 4.0f - in_margin, em);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const float label_h = em * 1.4f;
  const float top = origin.y + label_h;
  // Byte labels above the cells.
  float x = origin.x + in_margin;
  for (int from_top = 0; from_top < w; from_top += 8) {
    char name[24];
    const bool roomy = row.cell * 8 > ImGui::CalcTextSize("lfsr0 (output)").x;
    if (tarot && w >= 8) std::snprintf(name, sizeof name, from_top == 0 && roomy ? "lfsr0 (output)" : "lfsr%d", from_top / 8);
    else std::snprintf(name, sizeof name, "bit %d", w - 1 - from_top);
    if (row.cell * 8 + row.byte_gap > ImGui::CalcTextSize(name).x) dl->AddText(ImVec2(x, origin.y), kColLabel, name);
    x += 8 * (row.cell + row.gap) + row.byte_gap;
  }
  if (!tarot && v.entered_bit >= 0) {
    const char in[2] = {static_cast<char>('0' + v.entered_bit), 0};
    dl->AddText(ImVec2(origin.x, top + row.cell * 0.5f - em * 0.5f), v.entered_bit ? kColOne : kColText, in);
    draw_arrow(dl, ImVec2(origin.x + em * 0.8f, top + row.cell * 0.5f), em * 1.6f, em);
  }
  const float right = draw_cells(dl, ImVec2(origin.x + in_margin, top), v.state, w, v.taps, row, em);
  if (v.last_out_bit >= 0) {
    const float ay = top + row.cell * 0.5f;
    draw_arrow(dl, ImVec2(right + em * 0.4f, ay), em * 1.6f, em);
    const char out[2] = {static_cast<char>('0' + v.last_out_bit), 0};
    dl->AddText(ImVec2(right + em * 2.2f, ay - em * 0.5f), v.last_out_bit ? kColOne : kColText, out);
  }
  ImGui::Dummy(ImVec2(right - origin.x + em * 3.0f, label_h + row.cell + em * 0.4f));

  ImGui::PushTextWrapPos(0.0f);
  if (tarot) {
    const std::string mask = state.full_taps ? format_hex_upper(v.taps, (w + 3) / 4) : format_hex_upper(state.mask, 2);
    if (v.last_out_bit == 1)
      ImGui::TextColored(colors::kAccent, "A 1 fell out, so the taps %s were XORed in (the outlined cells).",
                         mask.c_str());
    else if (v.last_out_bit == 0)
      ImGui::TextColored(colors::kMuted, "A 0 fell out: a plain shift, no XOR. Outlined cells: where the taps go.");
    else
      ImGui::TextColored(colors::kMuted, "At the seed. Outlined cells are where the taps %s are XORed in.", mask.c_str());
  } else if (v.last_out_bit >= 0) {
    ImGui::TextColored(colors::kMuted,
                       "The parity of the outlined bits (%d) entered at the top; bit 0 (%d) fell out and is the "
                       "output.",
                       v.entered_bit, v.last_out_bit);
  } else {
    ImGui::TextColored(colors::kMuted, "At the seed. The outlined bits feed the parity that enters at the top.");
  }
  ImGui::PopTextWrapPos();

  if (tarot) {
    section("This LFSR() call");
    if (v.top_after.empty()) {
      explain("No shift of this call yet. Each shift: a bit falls out; if it is 1 the taps are XORed in. After "
              "the 8th shift LFSR() returns lfsr0.");
    } else if (ImGui::BeginTable("call", 4, ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_RowBg)) {
      ImGui::TableSetupColumn("shift");
      ImGui::TableSetupColumn("fell out");
      ImGui::TableSetupColumn("taps XORed");
      ImGui::TableSetupColumn("lfsr0 after");
      ImGui::TableHeadersRow();
      for (std::size_t i = 0; i < v.top_after.size(); ++i) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::Text("%zu", i + 1);
        ImGui::TableNextColumn();
        ImGui::Text("%d", v.fallen_bits[i]);
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(v.fallen_bits[i] ? "yes" : "-");
        ImGui::TableNextColumn();
        ImGui::Text("%s  %s", bits_string(v.top_after[i], 8).c_str(), format_hex_upper(v.top_after[i], 2).c_str());
      }
      ImGui::EndTable();
    }
  } else {
    section("The output byte, bit by bit");
    ImGui::Text("%d of 8 bits have fallen out; the first one is bit 0 of the byte, the next bit 1, ...",
                v.shifts_into_byte);
    const ImVec2 at = ImGui::GetCursorScreenPos();
    const float cell = em * 1.6f, gap = em * 0.2f;
    for (int i = 7; i >= 0; --i) {
      const float bx = at.x + static_cast<float>(7 - i) * (cell + gap);
      const ImVec2 a(bx, at.y + em * 1.2f), b(bx + cell, at.y + em * 1.2f + cell);
      char label[8];
      std::snprintf(label, sizeof label, "%d", i);
      dl->AddText(ImVec2(bx + cell * 0.35f, at.y), kColLabel, label);
      if (i < v.shifts_into_byte) {
        const bool bit = (v.byte_so_far >> i) & 1;
        dl->AddRectFilled(a, b, bit ? kColOne : kColZero, em * 0.15f);
        const char digit[2] = {bit ? '1' : '0', 0};
        dl->AddText(ImVec2(a.x + cell * 0.35f, a.y + cell * 0.15f), bit ? kColDarkText : kColText, digit);
      } else {
        dl->AddRect(a, b, kColFrame, em * 0.15f);
      }
    }
    ImGui::Dummy(ImVec2(8 * (cell + gap), em * 1.2f + cell + em * 0.3f));
  }
  section("Output bytes");
  if (v.recent_bytes.empty()) {
    ImGui::TextColored(colors::kMuted, "No byte completed yet: press Step byte.");
  } else {
    ImGui::TextWrapped("Last %zu: %s", v.recent_bytes.size(),
                       format_hex_bytes(v.recent_bytes.data(), v.recent_bytes.size()).c_str());
  }
  if (tarot) draw_dice(state);
}

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
                  grouped(to_decimal(kMaxDiceReplayCalls)) + " LFSR() calls (t up to " +
                  grouped(to_decimal(kMaxDiceReplayCalls * 8 + 7)) + ").")
                     .c_str());
    return;
  }
  ImGui::Text("LFSR() call %" PRIu64 " loaded rng = %s = %s; %" PRIu64 " card draws had finished before.", d.call,
              format_hex_upper(d.rng, 2).c_str(), bits_string(d.rng, 8).c_str(), d.rolls_before);
  help_marker(how);
  explain("Its bits in the order coinFlip() hands them out (bit 0 first). Colour = which draw consumed the flip; "
          "below: that draw's number, and coinFlipsRemaining after the flip.");
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const float cell = em * 2.4f, gap = em * 1.0f;
  for (std::size_t k = 0; k < 8; ++k) {
    const CoinFlipUse& u = d.bits[k];
    const float x = origin.x + static_cast<float>(k) * (cell + gap);
    const ImU32 fill = (u.roll % 2) ? kColRollA : kColRollB;
    dl->AddRectFilled(ImVec2(x, origin.y), ImVec2(x + cell, origin.y + cell), fill, em * 0.2f);
    if (u.ends_roll)
      dl->AddRect(ImVec2(x - 2, origin.y - 2), ImVec2(x + cell + 2, origin.y + cell + 2), kColText, em * 0.2f, 0, 2.0f);
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
  if (ImGui::BeginTable("draws", 4, ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_RowBg)) {
    ImGui::TableSetupColumn("draw");
    ImGui::TableSetupColumn("flips consumed (in order)");
    ImGui::TableSetupColumn("from");
    ImGui::TableSetupColumn("card");
    ImGui::TableHeadersRow();
    for (const DiceRollRecord& r : d.rolls) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::Text("#%" PRIu64, r.index);
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(r.bits.c_str());
      ImGui::TableNextColumn();
      const std::uint64_t last = r.first_flip + r.flips - 1;
      ImGui::Text("call %" PRIu64 " bit %" PRIu64 " .. call %" PRIu64 " bit %" PRIu64, r.first_flip / 8 + 1,
                  r.first_flip % 8, last / 8 + 1, last % 8);
      ImGui::TableNextColumn();
      if (r.returned) ImGui::Text("%" PRIu64, r.value);
      else ImGui::TextColored(colors::kError, "none after %" PRIu64 " flips", r.flips);
    }
    ImGui::EndTable();
  }
}

void LfsrPanel::draw_z80_stepper(const LfsrLabState&) {
  const Z80View& v = z80_view_;
  const float em = ImGui::GetFontSize();
  ImGui::Text("call t = %" PRIu64 "   (one call = one output byte)", v.t);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  // Bytes +0..+7 in two rows of four, each as 8 bit cells; +4..+7 (read as X) outlined.
  const CellRow row = fit_cells(32, ImGui::GetContentRegionAvail().x - em * 1.0f, em);
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
  section(v.upcoming ? "The next call" : "The last call");
  ImGui::Text("X = bytes +7 +6 +5 +4 %s= %s", v.upcoming ? "" : "before the call ", format_hex_upper(v.x, 8).c_str());
  if (ImGui::BeginTable("z80terms", 3, ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_RowBg)) {
    ImGui::TableSetupColumn("term");
    ImGui::TableSetupColumn("low byte");
    ImGui::TableSetupColumn("hex");
    ImGui::TableHeadersRow();
    for (std::size_t i = 0; i < kZ80Shifts.size(); ++i) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::Text("X >> %d", kZ80Shifts[i]);
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(bits_string(v.terms[i], 8).c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(format_hex_upper(v.terms[i], 2).c_str());
    }
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextColored(colors::kAccent, "XOR = output");
    ImGui::TableNextColumn();
    ImGui::TextColored(colors::kAccent, "%s", bits_string(v.output, 8).c_str());
    ImGui::TableNextColumn();
    ImGui::TextColored(colors::kAccent, "%s", format_hex_upper(v.output, 2).c_str());
    ImGui::EndTable();
  }
  ImGui::TextWrapped("%s LDDR moves +0..+6 up to +1..+7, so the old byte +7 (%s) falls out, and the result %s is "
                     "stored at +0 and returned.",
                     v.upcoming ? "Then" : "Then", format_hex_upper(v.dropped, 2).c_str(),
                     format_hex_upper(v.output, 2).c_str());
  section("Output bytes");
  if (v.recent_bytes.empty()) ImGui::TextColored(colors::kMuted, "No call yet: press Step.");
  else
    ImGui::TextWrapped("Last %zu: %s", v.recent_bytes.size(),
                       format_hex_bytes(v.recent_bytes.data(), v.recent_bytes.size()).c_str());
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
  if (ImGui::BeginTable("outputs", 4, ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_RowBg)) {
    ImGui::TableSetupColumn("#");
    ImGui::TableSetupColumn("output (hex)");
    ImGui::TableSetupColumn("output (decimal)");
    ImGui::TableSetupColumn("byte");
    ImGui::TableHeadersRow();
    for (const OutputRow& r : v.recent) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::Text("%" PRIu64, r.index);
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(format_hex_upper(r.value, (v.value_bits + 3) / 4).c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(grouped(to_decimal(r.value)).c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(format_hex_upper(r.byte, 2).c_str());
    }
    ImGui::EndTable();
  }
}

// ---------------------------------------------------------------------------
// Bit plane and lattice

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
    dl->AddRectFilled(a, ImVec2(a.x + side, a.y + side), IM_COL32(28, 31, 40, 255));
    dl->AddRect(a, ImVec2(a.x + side, a.y + side), kColFrame);
    dl->AddText(ImVec2(a.x + em, a.y + em), kColLabel, "The bit-plane image needs WebGL2 (not available here).");
    ImGui::Dummy(ImVec2(side, side));
  }
}

void LfsrPanel::draw_lattice(const LfsrLabState& state) {
  refresh_lattice(state);
  if (!lattice_) return;
  const LcgLattice& l = *lattice_;
  const float em = ImGui::GetFontSize();
  const double m = static_cast<double>(l.modulus);
  explain("Successive outputs as points: pairs (x[n], x[n+1]) in the plane and triples (x[n], x[n+1], x[n+2]) in "
          "the unit cube, 3,000 of them from the current state. Every LCG puts them on a few parallel lines or "
          "planes; the fewer, the worse.");
  const auto describe = [&](const DualVector& d, const char* what) {
    std::string s = "s = (" + std::to_string(d.s[0]) + ", " + std::to_string(d.s[1]);
    if (d.dims == 3) s += ", " + std::to_string(d.s[2]);
    s += "): every " + std::string(d.dims == 3 ? "triple" : "pair") + " lies on one of " +
         grouped(to_decimal(d.hyperplanes)) + " parallel " + what + " s . x = k m + r, " +
         std::to_string(d.length).substr(0, std::to_string(d.length).find('.') + 3) + " apart (times 1/|s|)";
    return s;
  };
  if (!ImGui::BeginTable("lattice", 2, ImGuiTableFlags_SizingStretchSame)) return;
  ImGui::TableNextColumn();
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
  ImGui::TextColored(colors::kMuted, "%s", describe(l.lines, "lines").c_str());
  ImGui::PopTextWrapPos();

  ImGui::TableNextColumn();
  ImGui::TextUnformatted("Triples, rotated");
  ImGui::SameLine();
  if (ImGui::SmallButton("Edge-on to the planes")) {
    const auto angles = edge_on_angles(l.planes);
    yaw_ = static_cast<float>(angles[0]);
    pitch_ = static_cast<float>(angles[1]);
  }
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
  ImGui::TextColored(colors::kMuted, "%s", describe(l.planes, "planes").c_str());
  ImGui::PopTextWrapPos();
  ImGui::EndTable();
}

// ---------------------------------------------------------------------------
// Period analysis and the articles' claims

void LfsrPanel::draw_period(LfsrLabState& state, JobRunner& jobs) {
  if (!analysis_) {
    field_error(analysis_error_);
    return;
  }
  const MapAnalysis& m = analysis_->map;
  const SeedPeriod& p = analysis_->seed;
  const std::string units = unit_plural(state.gen);
  section("Period (exact, over GF(2))");
  ImGui::Text("This seed returns after %s %s", grouped(p.period).c_str(), unit_word(state.gen, p.period).c_str());
  if (p.tail > 0) ImGui::SameLine(), ImGui::Text("(after a tail of %d)", p.tail);
  help_marker("Computed from the order of x modulo the seed's annihilating polynomial, not by stepping. "
              "\"Check by stepping\" below counts it the slow way.");
  ImGui::Text("Longest cycle over all seeds: %s of the %s nonzero states", grouped(m.max_period).c_str(),
              grouped(m.nonzero_states).c_str());
  if (m.maximal) {
    ImGui::TextColored(colors::kGood, "Maximal: every nonzero seed runs through all %s states.",
                       grouped(m.nonzero_states).c_str());
  } else {
    ImGui::TextColored(colors::kError, "NOT maximal: no seed visits all %s nonzero states.",
                       grouped(m.nonzero_states).c_str());
    ImGui::Text("Weak seeds (on a shorter cycle, or dying into 0): %s, %.4f%% of all.", grouped(m.weak_seeds).c_str(),
                analysis_->weak_share * 100.0);
  }

  section("Polynomials");
  ImGui::TextWrapped("Characteristic: %s", to_string(m.characteristic).c_str());
  ImGui::TextWrapped("Minimal: %s", to_string(m.minimal).c_str());
  if (ImGui::BeginTable("factors", 4, ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_RowBg)) {
    ImGui::TableSetupColumn("irreducible factor");
    ImGui::TableSetupColumn("power (char. / min.)");
    ImGui::TableSetupColumn("order of x");
    ImGui::TableSetupColumn("");
    ImGui::TableHeadersRow();
    for (const FactorInfo& f : m.factors) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::PushTextWrapPos(ImGui::GetFontSize() * 30.0f);
      ImGui::TextUnformatted(to_string(f.poly).c_str());
      ImGui::PopTextWrapPos();
      ImGui::TableNextColumn();
      ImGui::Text("%d / %d", f.multiplicity, f.minimal_multiplicity);
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(f.poly == kGf2X ? "- (not invertible)" : grouped(f.order).c_str());
      ImGui::TableNextColumn();
      const int d = f.poly.degree();
      if (f.poly != kGf2X && f.order == mersenne(d)) ImGui::TextColored(colors::kGood, "primitive");
    }
    ImGui::EndTable();
  }
  if (ImGui::TreeNode("Cycle lengths", "Cycle lengths (%zu)", m.cycle_lengths.size())) {
    for (const CycleClass& c : m.cycle_lengths)
      ImGui::BulletText("%s: %s cycle%s", grouped(c.length).c_str(), grouped(c.cycles).c_str(),
                        c.cycles == 1 ? "" : "s");
    ImGui::TreePop();
  }

  if (!analysis_->examples.empty()) {
    section("Weak seeds, one click away");
    const int digits = lab_seed_digits(state);
    for (std::size_t i = 0; i < analysis_->examples.size(); ++i) {
      const WeakSeedExample& e = analysis_->examples[i];
      ImGui::PushID(static_cast<int>(i));
      if (ImGui::SmallButton("Use")) {
        LfsrLabState next = state;
        next.seed = e.seed;
        set_config(state, next);
      }
      ImGui::PopID();
      ImGui::SameLine();
      if (e.reaches_zero)
        ImGui::Text("%s: falls into 0 after %d %s (factor x)", format_hex_upper(e.seed, digits).c_str(), e.tail,
                    units.c_str());
      else
        ImGui::Text("%s: cycle of %s %s (factor of degree %d)", format_hex_upper(e.seed, digits).c_str(),
                    grouped(e.period).c_str(), unit_word(state.gen, e.period).c_str(), e.factor.degree());
    }
  }
  if (state.gen == LabGen::tarot32) {
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

  section("Check by stepping");
  const std::uint64_t limit = step_check_limit(state);
  JobStatus job = step_job_ ? jobs.status(step_job_) : JobStatus{};
  LfsrLabState key = state;
  key.t = 0;
  const bool same_state = step_job_state_ && *step_job_state_ == key;
  if (job.state == JobStatus::State::running) {
    ImGui::ProgressBar(static_cast<float>(job.progress), ImVec2(ImGui::GetFontSize() * 16.0f, 0));
    ImGui::SameLine();
    if (ImGui::Button("Cancel")) jobs.cancel(step_job_);
    ImGui::TextColored(colors::kMuted, "%s", job.summary.c_str());
    return;
  }
  ImGui::BeginDisabled(limit == 0);
  if (ImGui::Button("Check by stepping")) start_step_check(state, jobs);
  ImGui::EndDisabled();
  help_marker(limit == 0 ? "Too long to step: registers up to 40 bits, or Z80 seeds the algebra puts on a cycle "
                           "of at most 2^36 calls."
                         : "Steps the generator one step at a time until the seed comes back, in a background "
                           "worker. Up to 2^32 steps take a few seconds.");
  if (same_state && job.state == JobStatus::State::done && !job.result.empty()) {
    const auto counted = static_cast<std::uint64_t>(job.result[0]);
    const bool agrees = counted == (p.tail ? 0 : p.period);
    ImGui::TextColored(agrees ? colors::kGood : colors::kError, "Stepping: %s. %s", job.summary.c_str(),
                       agrees ? "It agrees with the algebra." : "It disagrees with the algebra!");
  } else if (same_state && (job.state == JobStatus::State::failed || job.state == JobStatus::State::cancelled)) {
    ImGui::TextColored(colors::kMuted, "Stepping: %s", job.summary.c_str());
  }
}

void LfsrPanel::draw_claims(LfsrLabState& state) {
  if (!claims_) {
    if (auto c = article_claims()) claims_ = std::move(c.value());
    else return field_error(c.error());
  }
  const ArticleClaims& c = *claims_;
  explain("Both numbers on each row are computed now, in your browser: the claim from the article's words, the "
          "truth from the GF(2) analysis (the Period tab shows the details for whatever is open).");
  const auto factor_degrees = [](const MapAnalysis& m) {
    std::string s;
    for (const FactorInfo& f : m.factors)
      for (int k = 0; k < f.multiplicity; ++k) s += (s.empty() ? "" : ", ") + std::to_string(f.poly.degree());
    return s;
  };
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
    std::string truth = "With CF, " + grouped(c.tarot_cf.map.weak_seeds) + " nonzero seeds (" +
                        std::to_string(c.tarot_cf.weak_share * 100.0).substr(0, 5) + "%) sit on shorter cycles.";
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

// ---------------------------------------------------------------------------
// Entry points

LabLanes LfsrPanel::make_lanes(const LfsrLabState& state) {
  if (!lanes_timeline_ || !lanes_timeline_->same_config(state)) {
    auto timeline = LabTimeline::make(state);
    if (!timeline) return LabLanes{{}, timeline.error()};
    lanes_timeline_.emplace(std::move(timeline.value()));
  }
  return lfsr_lab_lanes(state, *lanes_timeline_);
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
  if (!timeline_) {
    field_error(timeline_error_);
    return state != before;
  }
  draw_transport(state);
  draw_weak_warning(state);
  ImGui::Spacing();

  if (ImGui::BeginTabBar("lfsr_tabs")) {
    const auto tab = [&](Tab which, const char* label) {
      const ImGuiTabItemFlags flags = (select_tab_ && tab_ == which) ? ImGuiTabItemFlags_SetSelected : 0;
      if (!ImGui::BeginTabItem(label, nullptr, flags)) return false;
      if (!select_tab_) tab_ = which;
      return true;
    };
    if (tab(Tab::stepper, "Stepper")) {
      refresh_view(state);
      if (lab_gen_steps_bits(state.gen)) draw_register_stepper(state);
      else if (state.gen == LabGen::z80) draw_z80_stepper(state);
      else draw_outputs_stepper(state);
      ImGui::Spacing();
      lanes_.draw(state.lanes.open, lanes_key(state, encode_lfsr_lab), [&] { return make_lanes(state); });
      ImGui::EndTabItem();
    }
    if (tab(Tab::bitplane, "Bit plane")) {
      draw_stream_download(state, ctx);
      draw_bit_plane(state, ctx);
      ImGui::EndTabItem();
    }
    if (state.gen == LabGen::lcg32 && tab(Tab::lattice, "Lattice")) {
      draw_lattice(state);
      ImGui::EndTabItem();
    }
    if (lab_gen_is_linear(state.gen) && tab(Tab::period, "Period & cycles")) {
      draw_period(state, *ctx.jobs);
      ImGui::EndTabItem();
    }
    if (tab(Tab::claims, "Claims vs numbers")) {
      draw_claims(state);
      ImGui::EndTabItem();
    }
    select_tab_ = false;
    ImGui::EndTabBar();
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
    lanes_.refresh(state.lanes.open, lanes_key(state, encode_lfsr_lab), [&] { return make_lanes(state); });
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
  else if (name == "cancel_check") { if (step_job_) ctx.jobs->cancel(step_job_); }
  else if (name == "edge_on") {
    refresh_lattice(state);
    if (!lattice_ || state.gen != LabGen::lcg32) return false;
    const auto angles = edge_on_angles(lattice_->planes);
    yaw_ = static_cast<float>(angles[0]);
    pitch_ = static_cast<float>(angles[1]);
  } else if (auto v = value_of("scrub")) {
    std::uint64_t t = 0;
    if (!parse_u64(*v, t)) return false;
    state.t = std::min(t, lab_max_step(state.gen));
  } else if (auto g = value_of("gen")) {
    const auto it = std::find_if(kLabGens.begin(), kLabGens.end(), [&](LabGen x) { return lab_gen_name(x) == *g; });
    if (it == kLabGens.end()) return false;
    set_config(state, lab_defaults(*it));
  } else if (auto tb = value_of("tab")) {
    for (std::size_t i = 0; i < std::size(kTabNames); ++i)
      if (*tb == kTabNames[i]) {
        tab_ = static_cast<Tab>(i);
        select_tab_ = true;
        return true;
      }
    return false;
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

std::string LfsrPanel::describe_json(const LfsrLabState& state, PanelContext& ctx) {
  refresh(state);
  refresh_view(state);
  const int digits = lab_seed_digits(state);
  std::string out = "{\"gen\":" + json_string(lab_gen_name(state.gen)) + ",\"unit\":" +
                    json_string(lab_step_unit(state.gen)) + ",\"width\":" + std::to_string(state.width) +
                    ",\"seed\":" + json_string(format_hex_upper(state.seed, digits)) + ",\"mask\":" +
                    json_string(format_hex_upper(state.mask, 2)) + ",\"t\":" + std::to_string(state.t) +
                    ",\"maxStep\":" + std::to_string(lab_max_step(state.gen)) +
                    ",\"streamCommand\":" + json_string(last_stream_command_) + ",\"streamError\":" +
                    json_string(stream_download_error_) + ",\"tab\":" +
                    json_string(kTabNames[static_cast<int>(tab_)]) + ",\"playing\":" + json_bool(playing_);
  if (state.gen == LabGen::tarot32 || state.gen == LabGen::fibonacci)
    out += ",\"taps\":" + json_string(format_hex_upper(state.gen == LabGen::tarot32 ? lab_galois_taps(state) : state.taps,
                                                       (state.width + 3) / 4));
  out += ",\"register\":" + json_string(timeline_ ? ByteGenerator(timeline_->at(state.t)).state_string() : "");

  // The stepper's numbers.
  out += ",\"stepper\":{";
  if (timeline_ && lab_gen_steps_bits(state.gen)) {
    const LfsrView& v = lfsr_view_;
    std::string fallen;
    for (int b : v.fallen_bits) fallen += b ? '1' : '0';
    out += "\"lastOut\":" + std::to_string(v.last_out_bit) + ",\"tapsApplied\":" + json_bool(v.taps_applied) +
           ",\"enteredBit\":" + std::to_string(v.entered_bit) + ",\"fallen\":" + json_string(fallen) +
           ",\"recentBytes\":" + json_string(format_hex_bytes(v.recent_bytes.data(), v.recent_bytes.size()));
    if (state.gen == LabGen::tarot32 && dice_view_.available) {
      const TarotDiceView& d = dice_view_;
      out += ",\"dice\":{\"call\":" + std::to_string(d.call) + ",\"rng\":" + json_string(format_hex_upper(d.rng, 2)) +
             ",\"rollsBefore\":" + std::to_string(d.rolls_before) + ",\"bits\":[";
      for (std::size_t k = 0; k < 8; ++k)
        out += std::string(k ? "," : "") + "{\"value\":" + std::to_string(d.bits[k].value) + ",\"roll\":" +
               std::to_string(d.bits[k].roll) + ",\"left\":" + std::to_string(d.bits[k].remaining_after) + "}";
      out += "],\"rolls\":[";
      for (std::size_t i = 0; i < d.rolls.size(); ++i)
        out += std::string(i ? "," : "") + "{\"index\":" + std::to_string(d.rolls[i].index) + ",\"card\":" +
               std::to_string(d.rolls[i].value) + ",\"flips\":" + json_string(d.rolls[i].bits) + "}";
      out += "]}";
    }
  } else if (timeline_ && state.gen == LabGen::z80) {
    const Z80View& v = z80_view_;
    out += "\"output\":" + json_string(format_hex_upper(v.output, 2)) + ",\"dropped\":" +
           json_string(format_hex_upper(v.dropped, 2)) + ",\"x\":" + json_string(format_hex_upper(v.x, 8)) +
           ",\"recentBytes\":" + json_string(format_hex_bytes(v.recent_bytes.data(), v.recent_bytes.size()));
  } else if (timeline_) {
    out += "\"outputs\":[";
    for (std::size_t i = 0; i < outputs_view_.recent.size(); ++i) {
      const OutputRow& r = outputs_view_.recent[i];
      out += std::string(i ? "," : "") + "{\"index\":" + std::to_string(r.index) + ",\"value\":" +
             json_string(to_decimal(r.value)) + ",\"byte\":" + std::to_string(r.byte) + "}";
    }
    out += "]";
  }
  out += "}";

  // Period analysis (linear generators).
  out += ",\"period\":";
  if (analysis_) {
    const MapAnalysis& m = analysis_->map;
    out += json_string(to_decimal(analysis_->seed.period)) + ",\"maxPeriod\":" + json_string(to_decimal(m.max_period)) +
           ",\"maximal\":" + json_bool(m.maximal) + ",\"analysis\":{\"tail\":" + std::to_string(analysis_->seed.tail) +
           ",\"characteristic\":" + json_string(to_string(m.characteristic)) + ",\"minimal\":" +
           json_string(to_string(m.minimal)) + ",\"weakSeeds\":" + json_string(to_decimal(m.weak_seeds)) +
           ",\"weakShare\":" + std::to_string(analysis_->weak_share) + ",\"seedIsWeak\":" +
           json_bool(analysis_->seed_is_weak) + ",\"factors\":[";
    for (std::size_t i = 0; i < m.factors.size(); ++i)
      out += std::string(i ? "," : "") + "{\"poly\":" + json_string(to_string(m.factors[i].poly)) +
             ",\"multiplicity\":" + std::to_string(m.factors[i].multiplicity) + ",\"order\":" +
             json_string(to_decimal(m.factors[i].order)) + "}";
    out += "],\"examples\":[";
    for (std::size_t i = 0; i < analysis_->examples.size(); ++i) {
      const WeakSeedExample& e = analysis_->examples[i];
      out += std::string(i ? "," : "") + "{\"seed\":" + json_string(format_hex_upper(e.seed, digits)) +
             ",\"period\":" + json_string(to_decimal(e.period)) + ",\"tail\":" + std::to_string(e.tail) +
             ",\"reachesZero\":" + json_bool(e.reaches_zero) + "}";
    }
    out += "],\"maximalMasks\":[";
    if (state.gen == LabGen::tarot32)
      for (std::size_t i = 0; i < maximal_masks_.size(); ++i)
        out += std::string(i ? "," : "") + json_string(format_hex_upper(maximal_masks_[i], 2));
    out += "]}";
  } else {
    out += "null";
  }

  // Bit plane (as last built) and lattice.
  out += ",\"bitplane\":{\"source\":" + json_string(plane_source_ == BitPlaneSource::bytes ? "bytes" : "words") +
         ",\"generations\":" + std::to_string(plane_generations_) + ",\"current\":" +
         json_bool(plane_state_ && *plane_state_ == state && plane_built_source_ == plane_source_) + ",\"first\":" +
         json_string(plane_bits_.empty() ? "" : format_hex_bytes(plane_bits_.data(), std::min<std::size_t>(16, plane_bits_.size()))) +
         ",\"uploaded\":" + json_bool(plane_uploaded_ && plane_texture_ != nullptr) + "}";
  if (state.gen == LabGen::lcg32) {
    refresh_lattice(state);
    const auto vec = [](const DualVector& d) {
      std::string s = "{\"s\":[" + std::to_string(d.s[0]) + "," + std::to_string(d.s[1]);
      if (d.dims == 3) s += "," + std::to_string(d.s[2]);
      return s + "],\"count\":" + std::to_string(d.hyperplanes) + "}";
    };
    out += ",\"lattice\":{\"lines\":" + vec(lattice_->lines) + ",\"planes\":" + vec(lattice_->planes) +
           ",\"yaw\":" + std::to_string(yaw_) + ",\"pitch\":" + std::to_string(pitch_) + "}";
  }
  if (!claims_) {
    if (auto c = article_claims()) claims_ = std::move(c.value());
  }
  if (claims_)
    out += ",\"claims\":{\"tarotClaimed\":" + json_string(to_decimal(claims_->tarot_claimed)) + ",\"tarotCfSeed1\":" +
           json_string(to_decimal(claims_->tarot_cf.seed.period)) + ",\"tarotC5Seed1\":" +
           json_string(to_decimal(claims_->tarot_c5.seed.period)) + ",\"z80Suggested\":" +
           json_string(to_decimal(claims_->z80_suggested)) + ",\"z80Max\":" +
           json_string(to_decimal(claims_->z80.map.max_period)) + ",\"z80AllOnesPeriod\":" +
           json_string(to_decimal(claims_->z80_all_ones.period)) + "}";

  const JobStatus job = step_job_ ? ctx.jobs->status(step_job_) : JobStatus{};
  char buf[160];
  std::snprintf(buf, sizeof buf, ",\"stepJob\":{\"state\":%d,\"progress\":%.4f,\"period\":%.0f}",
                static_cast<int>(job.state), job.progress, job.result.empty() ? -1.0 : job.result[0]);
  lanes_.refresh(state.lanes.open, lanes_key(state, encode_lfsr_lab), [&] { return make_lanes(state); });
  return out + buf + lanes_.describe_json_field() + "}";
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

}  // namespace shufflelab::ui

