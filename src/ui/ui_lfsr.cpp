#include "ui/ui_lfsr.hpp"

#include <cinttypes>
#include <cstdio>

#include "core/lfsr_lab.hpp"
#include "core/gf2.hpp"
#include "core/parse.hpp"
#include "imgui.h"
#include "ui/ui_widgets.hpp"

namespace shufflelab::ui {

void LfsrPanel::step_bits(LfsrLabState& state, long long delta) {
  if (delta < 0 && static_cast<std::uint64_t>(-delta) > state.t) {
    state.t = 0;
  } else {
    state.t = static_cast<std::uint64_t>(static_cast<long long>(state.t) + delta);
    if (state.t > kMaxLfsrStep) state.t = kMaxLfsrStep;
  }
}

void LfsrPanel::sync_buffers(const LfsrLabState& state) {
  if (buffers_valid_ && shown_.seed == state.seed && shown_.mask == state.mask && shown_.width == state.width) return;
  std::snprintf(seed_text_, sizeof seed_text_, "%s", format_hex_upper(state.seed, (state.width + 3) / 4).c_str());
  std::snprintf(mask_text_, sizeof mask_text_, "%s", format_hex_upper(state.mask, 2).c_str());
  seed_error_.clear();
  mask_error_.clear();
  shown_ = state;
  buffers_valid_ = true;
}

bool LfsrPanel::draw_controls(LfsrLabState& state) {
  bool changed = false;
  const float em = ImGui::GetFontSize();

  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("Seed");
  ImGui::SameLine();
  if (hex_field("##seed", seed_text_, sizeof seed_text_, em * 7.0f)) {
    auto r = parse_hex("seed", seed_text_, (state.width + 3) / 4);
    if (!r) {
      seed_error_ = r.error();
    } else if (*r == 0) {
      seed_error_ = "seed: zero is refused: an all-zero register shifts out zeros forever";
    } else if ((*r & width_mask(state.width)) != *r) {
      seed_error_ = "seed: more bits than the register's width";
    } else {
      seed_error_.clear();
      state.seed = *r;
      state.t = 0;
      shown_.seed = state.seed;
      changed = true;
    }
  }
  help_marker("The 32-bit starting value, lfsr0 (top byte) first. Any value except 0.");
  ImGui::SameLine(0, em * 1.5f);
  ImGui::TextUnformatted("Mask");
  ImGui::SameLine();
  if (hex_field("##mask", mask_text_, sizeof mask_text_, em * 3.0f)) {
    auto r = parse_hex("mask", mask_text_, 2);
    if (!r) {
      mask_error_ = r.error();
    } else {
      mask_error_.clear();
      state.mask = *r;
      state.t = 0;
      shown_.mask = state.mask;
      changed = true;
    }
  }
  help_marker("XORed into the top byte (lfsr0) whenever a 1 falls out of the bottom. "
              "The article's code uses CF; its comment calls the polynomial C5.");
  field_error(seed_error_);
  field_error(mask_error_);

  ImGui::Spacing();
  if (ImGui::Button("Step bit")) { step_bits(state, 1); changed = true; }
  ImGui::SameLine();
  if (ImGui::Button("Step byte")) { step_bits(state, 8 - static_cast<long long>(state.t % 8)); changed = true; }
  ImGui::SameLine();
  if (ImGui::Button("Back bit")) { step_bits(state, -1); changed = true; }
  ImGui::SameLine();
  if (ImGui::Button(playing_ ? "Pause" : "Run", ImVec2(em * 4.0f, 0))) playing_ = !playing_;
  ImGui::SameLine();
  if (ImGui::Button("Reset")) { state.t = 0; playing_ = false; changed = true; }
  ImGui::SameLine();
  ImGui::SetNextItemWidth(em * 9.0f);
  ImGui::SliderFloat("##speed", &steps_per_second_, 1.0f, 240.0f, "%.0f bits/s", ImGuiSliderFlags_Logarithmic);
  help_marker("Keys: Space runs or pauses, Right arrow steps one bit, Left arrow steps back.");

  // Keyboard shortcuts, only when no text field has focus.
  if (!ImGui::GetIO().WantTextInput) {
    if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Space), false)) playing_ = !playing_;
    if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_RightArrow))) { step_bits(state, 1); changed = true; }
    if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_LeftArrow))) { step_bits(state, -1); changed = true; }
  }

  if (playing_) {
    step_accumulator_ += static_cast<double>(ImGui::GetIO().DeltaTime) * steps_per_second_;
    const auto whole = static_cast<long long>(step_accumulator_);
    if (whole > 0) {
      step_accumulator_ -= static_cast<double>(whole);
      step_bits(state, whole);
      changed = true;
    }
  }
  return changed;
}

void LfsrPanel::draw_register(const LfsrLabState& state) {
  const LfsrView view = lfsr_view(state);
  const float em = ImGui::GetFontSize();
  const int w = state.width;
  const std::uint64_t taps = view.lfsr.taps;

  ImGui::Text("bit-step t = %" PRIu64 "   (LFSR() call %" PRIu64 ", shift %d of 8)", view.t, view.t / 8 + 1,
              view.shifts_into_byte);

  // Cells: most significant bit on the left, as the article writes lfsr0..lfsr3.
  const float avail = ImGui::GetContentRegionAvail().x - em * 4.0f;
  const float gap = em * 0.12f;
  const float byte_gap = em * 0.45f;
  float cell = (avail - byte_gap * static_cast<float>((w - 1) / 8) - gap * static_cast<float>(w)) / static_cast<float>(w);
  if (cell > em * 1.6f) cell = em * 1.6f;
  if (cell < em * 0.5f) cell = em * 0.5f;

  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const float label_h = em * 1.4f;
  const float top = origin.y + label_h;
  const ImU32 col_one = IM_COL32(250, 200, 90, 255);
  const ImU32 col_zero = IM_COL32(48, 54, 70, 255);
  const ImU32 col_tap = IM_COL32(120, 200, 255, 255);
  const ImU32 col_text_dark = IM_COL32(20, 20, 28, 255);
  const ImU32 col_text = IM_COL32(220, 224, 235, 255);

  float x = origin.x;
  float right_edge = x;
  for (int i = w - 1; i >= 0; --i) {
    const int from_top = w - 1 - i;
    if (from_top > 0 && from_top % 8 == 0) x += byte_gap;
    if (from_top % 8 == 0 && w >= 8) {
      char name[16];
      std::snprintf(name, sizeof name, from_top == 0 ? "lfsr0 (output)" : "lfsr%d", from_top / 8);
      dl->AddText(ImVec2(x, origin.y), IM_COL32(160, 166, 180, 255), name);
    }
    const bool bit = (view.lfsr.state >> i) & 1;
    const ImVec2 a(x, top), b(x + cell, top + cell);
    dl->AddRectFilled(a, b, bit ? col_one : col_zero, em * 0.15f);
    if ((taps >> i) & 1) dl->AddRect(ImVec2(a.x - 1, a.y - 1), ImVec2(b.x + 1, b.y + 1), col_tap, em * 0.15f, 0, 2.0f);
    char digit[2] = {bit ? '1' : '0', 0};
    const ImVec2 ts = ImGui::CalcTextSize(digit);
    dl->AddText(ImVec2(a.x + (cell - ts.x) * 0.5f, a.y + (cell - ts.y) * 0.5f), bit ? col_text_dark : col_text, digit);
    x += cell + gap;
    right_edge = x;
  }
  // The bit that fell out at this step, right of the register.
  if (view.last_out_bit >= 0) {
    const float ax = right_edge + em * 0.4f;
    const float ay = top + cell * 0.5f;
    dl->AddLine(ImVec2(ax, ay), ImVec2(ax + em * 1.2f, ay), col_text, 2.0f);
    dl->AddTriangleFilled(ImVec2(ax + em * 1.2f, ay - em * 0.3f), ImVec2(ax + em * 1.2f, ay + em * 0.3f),
                          ImVec2(ax + em * 1.6f, ay), col_text);
    char out[4];
    std::snprintf(out, sizeof out, "%d", view.last_out_bit);
    dl->AddText(ImVec2(ax + em * 1.8f, ay - em * 0.5f), view.last_out_bit ? col_one : col_text, out);
  }
  ImGui::Dummy(ImVec2(right_edge - origin.x + em * 3.0f, label_h + cell + em * 0.4f));

  if (view.last_out_bit == 1)
    ImGui::TextColored(colors::kAccent, "A 1 fell out, so the mask %s was XORed into the top byte (outlined cells).",
                       format_hex_upper(state.mask, 2).c_str());
  else if (view.last_out_bit == 0)
    ImGui::TextColored(colors::kMuted, "A 0 fell out: plain shift, no XOR.");
  else
    ImGui::TextColored(colors::kMuted, "At the seed. Outlined cells are where the mask is XORed in.");

  section("Output bytes");
  std::string fallen;
  for (int b : view.fallen_bits) fallen += b ? '1' : '0';
  ImGui::Text("This call: %d of 8 shifts done; bits fallen out so far: %s", view.shifts_into_byte,
              fallen.empty() ? "(none yet)" : fallen.c_str());
  ImGui::Text("Top byte now: %s", format_hex_upper(view.lfsr.top_byte(), 2).c_str());
  help_marker("LFSR() returns the top byte after its 8th shift.");
  if (view.recent_bytes.empty()) {
    ImGui::TextColored(colors::kMuted, "No LFSR() call completed yet: press Step byte.");
  } else {
    const std::string bytes = format_hex_bytes(view.recent_bytes.data(), view.recent_bytes.size());
    ImGui::Text("Last %zu results: %s", view.recent_bytes.size(), bytes.c_str());
  }
}

namespace {
// 4294967295 -> "4,294,967,295": periods are long numbers read by people.
std::string grouped(const std::string& digits) {
  std::string out;
  const std::size_t n = digits.size();
  for (std::size_t i = 0; i < n; ++i) {
    out += digits[i];
    if (i + 1 < n && (n - i - 1) % 3 == 0) out += ',';
  }
  return out;
}
std::string grouped(Uint128 v) { return grouped(to_decimal(v)); }
}  // namespace

void LfsrPanel::draw_period(const LfsrLabState& state, JobRunner& jobs) {
  if (!(analysed_.width == state.width && analysed_.mask == state.mask && analysed_.seed == state.seed)) {
    analysed_ = state;
    auto a = analyse_galois(GaloisLfsr{state.width, tarot_taps(state.width, state.mask), state.seed});
    analysis_.reset();
    analysis_error_.clear();
    if (a) analysis_ = a.value(); else analysis_error_ = a.error();
  }
  if (maximal_masks_width_ != state.width) {
    maximal_masks_ = maximal_tarot_masks(state.width);
    maximal_masks_width_ = state.width;
  }
  section("Period (exact, over GF(2))");
  if (!analysis_) {
    field_error(analysis_error_);
    return;
  }
  const MapAnalysis& m = analysis_->map;
  const SeedPeriod& p = analysis_->seed;
  const Uint128 all = m.nonzero_states;
  ImGui::Text("This seed returns after %s bit-steps", grouped(p.period).c_str());
  if (p.tail > 0) ImGui::SameLine(), ImGui::Text("(after a tail of %d steps)", p.tail);
  help_marker("Computed from the order of x modulo the seed's annihilating polynomial, not by stepping. "
              "Use \"Check by stepping\" below to count it the slow way.");
  ImGui::Text("Longest cycle for this mask: %s of the %s nonzero states", grouped(m.max_period).c_str(),
              grouped(all).c_str());
  if (m.maximal) {
    ImGui::TextColored(colors::kGood, "Mask %s is maximal: every nonzero seed runs through all %s states.",
                       format_hex_upper(state.mask, 2).c_str(), grouped(all).c_str());
  } else {
    ImGui::TextColored(colors::kError, "Mask %s is NOT maximal: no seed visits all %s nonzero states.",
                       format_hex_upper(state.mask, 2).c_str(), grouped(all).c_str());
    const double share = static_cast<double>(m.weak_seeds) / static_cast<double>(all) * 100.0;
    ImGui::Text("%s seeds (%.3f%%) sit on cycles shorter than the longest.", grouped(m.weak_seeds).c_str(), share);
  }
  if (p.period < m.max_period)
    ImGui::TextColored(colors::kError, "Weak seed: this seed is on a short cycle of %s steps.", grouped(p.period).c_str());

  if (ImGui::TreeNode("Polynomial and factors")) {
    ImGui::TextWrapped("Characteristic polynomial: %s", to_string(m.characteristic).c_str());
    for (const FactorInfo& f : m.factors) {
      const bool primitive = f.poly.degree() < 64 && f.order == mersenne(f.poly.degree());
      ImGui::BulletText("%s%s: degree %d, order of x = %s%s", to_string(f.poly).c_str(),
                        f.multiplicity > 1 ? (" ^" + std::to_string(f.multiplicity)).c_str() : "", f.poly.degree(),
                        grouped(f.order).c_str(), primitive ? " (primitive)" : "");
    }
    ImGui::Text("Cycle lengths (length: number of cycles):");
    for (const CycleClass& c : m.cycle_lengths)
      ImGui::BulletText("%s: %s", grouped(c.length).c_str(), grouped(c.cycles).c_str());
    ImGui::TreePop();
  }
  std::string masks;
  for (auto mk : maximal_masks_) masks += (masks.empty() ? "" : " ") + format_hex_upper(mk, 2);
  ImGui::TextWrapped("Maximal top-byte masks at width %d: %s", state.width, masks.empty() ? "none" : masks.c_str());

  // The brute-force check: step until the seed comes back (a job, off the UI thread).
  const bool can_step = state.width <= 40;
  JobStatus job = step_job_ ? jobs.status(step_job_) : JobStatus{};
  const bool same_state = step_job_state_.width == state.width && step_job_state_.mask == state.mask &&
                          step_job_state_.seed == state.seed;
  if (job.state == JobStatus::State::running) {
    ImGui::ProgressBar(static_cast<float>(job.progress), ImVec2(ImGui::GetFontSize() * 16.0f, 0));
    ImGui::SameLine();
    if (ImGui::Button("Cancel")) jobs.cancel(step_job_);
    ImGui::TextColored(colors::kMuted, "%s", job.summary.c_str());
  } else {
    ImGui::BeginDisabled(!can_step);
    if (ImGui::Button("Check by stepping")) start_step_check(state, jobs);
    ImGui::EndDisabled();
    help_marker("Steps the register one bit at a time until the seed comes back, in a background worker. "
                "Up to 2^32 steps: a few seconds.");
    if (same_state && job.state == JobStatus::State::done && !job.result.empty()) {
      const auto counted = static_cast<std::uint64_t>(job.result[0]);
      const bool agrees = counted == (p.tail ? 0 : p.period);
      ImGui::TextColored(agrees ? colors::kGood : colors::kError, "Stepping: %s. %s", job.summary.c_str(),
                         agrees ? "It agrees with the algebra." : "It disagrees with the algebra!");
    } else if (same_state && (job.state == JobStatus::State::failed || job.state == JobStatus::State::cancelled)) {
      ImGui::TextColored(colors::kMuted, "Stepping: %s", job.summary.c_str());
    }
  }
}

void LfsrPanel::start_step_check(const LfsrLabState& state, JobRunner& jobs) {
  if (step_job_) jobs.cancel(step_job_);
  step_job_state_ = state;
  step_job_ = jobs.start("lfsr_step_period", "width=" + std::to_string(state.width) + "&mask=" +
                                                 format_hex_upper(state.mask, 2) + "&seed=" + format_hex_upper(state.seed, 16));
}

bool LfsrPanel::command(std::string_view name, LfsrLabState& state, PanelContext& ctx) {
  if (name == "step_bit") step_bits(state, 1);
  else if (name == "step_byte") step_bits(state, 8 - static_cast<long long>(state.t % 8));
  else if (name == "back_bit") step_bits(state, -1);
  else if (name == "reset") state.t = 0;
  else if (name == "play") playing_ = true;
  else if (name == "pause") playing_ = false;
  else if (name == "check_period") start_step_check(state, *ctx.jobs);
  else if (name == "cancel_check") { if (step_job_) ctx.jobs->cancel(step_job_); }
  else return false;
  return true;
}

std::string LfsrPanel::describe_json(const LfsrLabState& state, PanelContext& ctx) {
  const LfsrView view = lfsr_view(state);
  const int digits = (state.width + 3) / 4;
  std::string out = "{\"width\":" + std::to_string(state.width) + ",\"seed\":" +
                    json_string(format_hex_upper(state.seed, digits)) + ",\"mask\":" +
                    json_string(format_hex_upper(state.mask, 2)) + ",\"t\":" + std::to_string(state.t) +
                    ",\"register\":" + json_string(format_hex_upper(view.lfsr.state, digits)) +
                    ",\"playing\":" + (playing_ ? "true" : "false") + ",\"period\":";
  out += analysis_ ? json_string(to_decimal(analysis_->seed.period)) + ",\"maxPeriod\":" +
                         json_string(to_decimal(analysis_->map.max_period)) +
                         ",\"maximal\":" + (analysis_->map.maximal ? "true" : "false")
                   : std::string("null");
  const JobStatus job = step_job_ ? ctx.jobs->status(step_job_) : JobStatus{};
  char buf[160];
  std::snprintf(buf, sizeof buf, ",\"stepJob\":{\"state\":%d,\"progress\":%.4f,\"period\":%.0f}}",
                static_cast<int>(job.state), job.progress, job.result.empty() ? -1.0 : job.result[0]);
  return out + buf;
}

bool LfsrPanel::draw(LfsrLabState& state, PanelContext& ctx) {
  sync_buffers(state);
  ImGui::TextUnformatted("The Game Boy tarot LFSR");
  help_marker("A 32-bit register in four bytes. Each bit-step shifts it right by one; when a 1 falls out of "
              "the bottom, the mask is XORed into the top byte. Eight bit-steps make one call of LFSR(), "
              "whose result is the top byte.");
  explain("Step the register bit by bit. The link in the address bar always encodes the seed, the mask "
          "and the step you are looking at.");
  ImGui::Spacing();
  const bool changed = draw_controls(state);
  ImGui::Spacing();
  draw_register(state);
  draw_period(state, *ctx.jobs);
  return changed;
}

}  // namespace shufflelab::ui
