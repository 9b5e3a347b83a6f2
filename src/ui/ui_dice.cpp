#include "ui/ui_dice.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <functional>
#include <span>

#include "core/base/csv_export.hpp"
#include "imgui.h"
#include "ui/ui_widgets.hpp"

namespace shufflelab::ui {

namespace {

// ------------------------------------------------------------------ formatting

std::string grouped(std::string digits) {
  std::string out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    out += digits[i];
    if (i + 1 < digits.size() && (digits.size() - i - 1) % 3 == 0) out += ',';
  }
  return out;
}
std::string grouped(std::uint64_t value) { return grouped(std::to_string(value)); }
std::string grouped(const BigUint& value) { return grouped(value.to_string()); }

std::string number(double x, int digits = 6) {
  if (std::isinf(x)) return "infinite";
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.*g", digits, x);
  return buffer;
}

std::string power_of_ten_text(double x) {
  if (std::isinf(x)) return "never (fair)";
  if (x < 1e6) return grouped(static_cast<std::uint64_t>(std::ceil(x)));
  char buffer[48];
  std::snprintf(buffer, sizeof buffer, "%.1e", x);
  return buffer;
}

// A fraction short enough to read, or its size.
std::string fraction_text(const Fraction& f) {
  if (f.denominator() == BigUint(1)) return f.numerator().to_string();
  std::string text = f.to_string();
  if (text.size() <= 44) return text;
  return "(a fraction with a " + std::to_string(f.denominator().to_string().size()) + "-digit denominator)";
}

std::string face_list(const std::vector<std::uint64_t>& values, std::size_t shown = 14) {
  if (values.empty()) return "none";
  std::string out;
  for (std::size_t i = 0; i < values.size() && i < shown; ++i) out += (i ? ", " : "") + std::to_string(values[i] + 1);
  if (values.size() > shown) out += " ... (" + std::to_string(values.size()) + " in all)";
  return out;
}

std::string p_text(double p) { return p < 1e-300 ? "< 1e-300" : "= " + number(p, 3); }

std::string json_number(double x) {
  if (!std::isfinite(x)) return "null";
  char buffer[40];
  std::snprintf(buffer, sizeof buffer, "%.17g", x);
  return buffer;
}

template <class T, class F>
std::string json_array(const std::vector<T>& values, F&& element) {
  std::string out = "[";
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (i) out += ',';
    out += element(values[i]);
  }
  return out + "]";
}

std::string json_faces(const std::vector<std::uint64_t>& values) {
  return json_array(values, [](std::uint64_t v) { return std::to_string(v + 1); });
}

// ------------------------------------------------------------------ histogram

namespace palette {
const ImU32 kBackground = IM_COL32(24, 27, 36, 255);
const ImU32 kGrid = IM_COL32(60, 66, 82, 255);
const ImU32 kAxisText = IM_COL32(160, 166, 180, 255);
const ImU32 kExact = IM_COL32(78, 124, 206, 255);
const ImU32 kExactMarker = IM_COL32(175, 210, 255, 255);
const ImU32 kFair = IM_COL32(235, 235, 235, 210);
const ImU32 kSampled = IM_COL32(250, 165, 55, 215);
const ImU32 kBand = IM_COL32(110, 220, 130, 255);
const ImU32 kNever = IM_COL32(240, 80, 70, 255);
const ImU32 kHover = IM_COL32(255, 255, 255, 28);
}  // namespace palette

struct HistogramSpec {
  std::int64_t first_label = 1;       // label of cell 0 (face 1, or the lowest total)
  std::span<const double> exact;      // probability per cell
  std::span<const double> sampled;    // frequency per cell (may be empty)
  std::span<const double> band_low;   // expected spread per cell (may be empty)
  std::span<const double> band_high;
  double fair = 0;                    // uniform probability, 0 for none
  std::function<bool(std::size_t)> never;
  bool deviation = false;             // plot (p - fair) / fair
  std::function<void(std::size_t)> tooltip;
};

double nice_step(double span, int ticks) {
  const double raw = span / ticks;
  const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
  for (double m : {1.0, 2.0, 2.5, 5.0, 10.0})
    if (raw <= m * magnitude) return m * magnitude;
  return 10.0 * magnitude;
}

// SameLine when `width` more pixels fit on the current line; otherwise start a new one.
void same_line_if_fits(float width, float spacing) {
  const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
  if (ImGui::GetItemRectMax().x + spacing + width <= right) ImGui::SameLine(0, spacing);
}

// A legend row: legend_start(), then one legend_item() per entry; entries wrap to the next line.
bool legend_row_empty = true;
void legend_start() { legend_row_empty = true; }

void legend_item(ImU32 color, const char* text, bool line = false) {
  const float em = ImGui::GetFontSize();
  if (!legend_row_empty) same_line_if_fits(em * 1.3f + ImGui::CalcTextSize(text).x, em * 1.2f);
  legend_row_empty = false;
  const ImVec2 p = ImGui::GetCursorScreenPos();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float y = p.y + em * 0.55f;
  if (line)
    dl->AddLine(ImVec2(p.x, y), ImVec2(p.x + em * 0.9f, y), color, 2.0f);
  else
    dl->AddRectFilled(ImVec2(p.x, y - em * 0.35f), ImVec2(p.x + em * 0.9f, y + em * 0.35f), color, em * 0.1f);
  ImGui::Dummy(ImVec2(em * 1.1f, em));
  ImGui::SameLine(0, em * 0.2f);
  ImGui::TextUnformatted(text);
}

// Returns how many cells share one drawn column (1 unless they are thinner than 3 pixels).
std::size_t draw_histogram(const char* id, const HistogramSpec& h, float height) {
  const std::size_t cells = std::max(h.exact.size(), h.sampled.size());
  if (cells == 0) return 1;
  const float em = ImGui::GetFontSize();
  ImGui::PushID(id);
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const float width = std::max(ImGui::GetContentRegionAvail().x, em * 12.0f);
  ImGui::InvisibleButton("plot", ImVec2(width, height));
  const bool hovered = ImGui::IsItemHovered();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 p0(origin.x + em * 4.4f, origin.y + em * 0.4f);
  const ImVec2 p1(origin.x + width - em * 0.4f, origin.y + height - em * 1.5f);

  const bool deviation = h.deviation && h.fair > 0;
  auto value = [&](double p) { return deviation ? (p - h.fair) / h.fair : p; };
  double lo = 0, hi = 0;
  auto extend = [&](double v) {
    lo = std::min(lo, v);
    hi = std::max(hi, v);
  };
  for (double p : h.exact) extend(value(p));
  for (double p : h.sampled) extend(value(p));
  for (double p : h.band_high) extend(value(p));
  for (double p : h.band_low) extend(value(p));
  if (!deviation && h.fair > 0) extend(h.fair);
  if (deviation) {
    const double m = std::max({-lo, hi, 1e-12});
    lo = -m * 1.15;
    hi = m * 1.15;
  } else {
    hi = hi > 0 ? hi * 1.12 : 1.0;
    lo = 0;
  }
  auto y_of = [&](double v) { return p1.y - static_cast<float>((v - lo) / (hi - lo)) * (p1.y - p0.y); };

  dl->AddRectFilled(p0, p1, palette::kBackground);
  const double step = nice_step(hi - lo, 4);
  for (double t = std::ceil(lo / step) * step; t <= hi + step * 1e-9; t += step) {
    const float y = y_of(t);
    dl->AddLine(ImVec2(p0.x, y), ImVec2(p1.x, y), palette::kGrid);
    char label[32];
    const double percent = std::fabs(t) < step * 1e-6 ? 0.0 : t * 100.0;
    std::snprintf(label, sizeof label, deviation ? "%+.3g%%" : "%.3g%%", percent);
    const float tw = ImGui::CalcTextSize(label).x;
    dl->AddText(ImVec2(p0.x - tw - em * 0.3f, y - em * 0.5f), palette::kAxisText, label);
  }

  const float plot_w = p1.x - p0.x;
  const float cell_w = plot_w / static_cast<float>(cells);
  const std::size_t group = cell_w >= 3.0f ? 1 : static_cast<std::size_t>(std::ceil(3.0f / cell_w));
  const float zero_y = y_of(0.0);
  for (std::size_t g = 0; g < cells; g += group) {
    const std::size_t end = std::min(cells, g + group);
    const float x0 = p0.x + static_cast<float>(g) * cell_w;
    const float x1 = p0.x + static_cast<float>(end) * cell_w;
    const float gap = group == 1 ? std::min(cell_w * 0.16f, em * 0.25f) : 0.0f;
    const float bx0 = x0 + gap * 0.5f, bx1 = std::max(x1 - gap * 0.5f, bx0 + 1.0f);
    const float mid = (x0 + x1) * 0.5f;
    bool never = false;
    double e_lo = 1e300, e_hi = -1e300, s_lo = 1e300, s_hi = -1e300, b_lo = 1e300, b_hi = -1e300;
    for (std::size_t i = g; i < end; ++i) {
      if (i < h.exact.size()) e_lo = std::min(e_lo, value(h.exact[i])), e_hi = std::max(e_hi, value(h.exact[i]));
      if (i < h.sampled.size()) s_lo = std::min(s_lo, value(h.sampled[i])), s_hi = std::max(s_hi, value(h.sampled[i]));
      if (i < h.band_low.size()) b_lo = std::min(b_lo, value(h.band_low[i])), b_hi = std::max(b_hi, value(h.band_high[i]));
      if (h.never && h.never(i)) never = true;
    }
    if (e_hi > -1e300) {
      const float top = y_of(std::max(e_hi, 0.0)), bottom = y_of(std::min(e_lo, 0.0));
      dl->AddRectFilled(ImVec2(bx0, std::min(top, zero_y)), ImVec2(bx1, std::max(bottom, zero_y)), palette::kExact);
    }
    if (s_hi > -1e300) {
      const float inset = group == 1 ? (bx1 - bx0) * 0.22f : 0.0f;
      const float top = y_of(std::max(s_hi, 0.0)), bottom = y_of(std::min(s_lo, 0.0));
      dl->AddRectFilled(ImVec2(bx0 + inset, std::min(top, zero_y)), ImVec2(bx1 - inset, std::max(bottom, zero_y)),
                        palette::kSampled);
    }
    if (b_hi > -1e300) {
      dl->AddLine(ImVec2(mid, y_of(b_lo)), ImVec2(mid, y_of(b_hi)), palette::kBand, std::max(1.0f, em * 0.08f));
      if (group == 1 && cell_w > em * 0.6f) {
        const float cap = std::min(cell_w * 0.25f, em * 0.35f);
        dl->AddLine(ImVec2(mid - cap, y_of(b_lo)), ImVec2(mid + cap, y_of(b_lo)), palette::kBand);
        dl->AddLine(ImVec2(mid - cap, y_of(b_hi)), ImVec2(mid + cap, y_of(b_hi)), palette::kBand);
      }
    }
    // The exact values as markers, on top of the sample so both stay readable.
    if (e_hi > -1e300) {
      const float thick = std::max(1.5f, em * 0.12f);
      dl->AddRectFilled(ImVec2(bx0, y_of(e_hi) - thick * 0.5f), ImVec2(bx1, y_of(e_hi) + thick * 0.5f),
                        never && group == 1 ? palette::kNever : palette::kExactMarker);
      if (e_lo < e_hi && group > 1)
        dl->AddRectFilled(ImVec2(bx0, y_of(e_lo) - thick * 0.5f), ImVec2(bx1, y_of(e_lo) + thick * 0.5f),
                          palette::kExactMarker);
    }
    if (never) dl->AddRectFilled(ImVec2(bx0, p1.y - em * 0.35f), ImVec2(bx1, p1.y), palette::kNever);
  }
  if (h.fair > 0) {
    const float y = y_of(value(h.fair));
    for (float x = p0.x; x < p1.x; x += em * 0.8f)
      dl->AddLine(ImVec2(x, y), ImVec2(std::min(x + em * 0.45f, p1.x), y), palette::kFair, 1.5f);
  }

  // Labels under the axis, every `label_step` cells at round values.
  double label_step = 1;
  while (label_step * cell_w < em * 2.4f) {
    const double m = label_step / std::pow(10.0, std::floor(std::log10(label_step)));
    label_step *= (m == 2.0) ? 2.5 : 2.0;  // 1, 2, 5, 10, 20, 50, ...
  }
  const auto stride = static_cast<std::int64_t>(label_step);
  float last_label_end = -1e30f;
  for (std::size_t i = 0; i < cells; ++i) {
    const std::int64_t label = h.first_label + static_cast<std::int64_t>(i);
    if (stride > 1 && label % stride != 0) continue;
    char text[24];
    std::snprintf(text, sizeof text, "%lld", static_cast<long long>(label));
    const float tw = ImGui::CalcTextSize(text).x;
    const float cx = p0.x + (static_cast<float>(i) + 0.5f) * cell_w;
    const bool red = h.never && h.never(i);
    const float x = std::clamp(cx - tw * 0.5f, p0.x - tw * 0.5f, p1.x - tw);
    if (x < last_label_end + em * 0.4f) continue;
    last_label_end = x + tw;
    dl->AddText(ImVec2(x, p1.y + em * 0.2f), red ? palette::kNever : palette::kAxisText, text);
  }

  if (hovered && h.tooltip) {
    const float mx = ImGui::GetIO().MousePos.x;
    if (mx >= p0.x && mx < p1.x) {
      const auto i = std::min(cells - 1, static_cast<std::size_t>((mx - p0.x) / cell_w));
      const float x0 = p0.x + static_cast<float>(i) * cell_w;
      if (cell_w >= 3.0f)
        dl->AddRectFilled(ImVec2(x0, p0.y), ImVec2(x0 + cell_w, p1.y), palette::kHover);
      else
        dl->AddLine(ImVec2(mx, p0.y), ImVec2(mx, p1.y), palette::kFair);
      ImGui::BeginTooltip();
      h.tooltip(i);
      ImGui::EndTooltip();
    }
  }
  ImGui::PopID();
  return group;
}

void aggregation_note(std::size_t group, const char* what) {
  if (group > 1)
    ImGui::TextColored(colors::kMuted, "Each column covers %zu %s (its highest and lowest values marked); hover for the exact %s.",
                       group, what, what[0] == 'f' ? "face" : "total");
}

constexpr std::uint64_t kRollChoices[] = {100, 1'000, 10'000, 100'000, 1'000'000, 10'000'000, 100'000'000};

const char* bits_label(int bits) {
  switch (bits) {
    case 8: return "8-bit bytes";
    case 16: return "16-bit words";
    case 31: return "31 bits (glibc rand)";
    case 32: return "32-bit words";
    case 64: return "64-bit words";
  }
  return "?";
}

std::size_t method_index(std::string_view name) {
  const auto methods = dice_methods();
  for (std::size_t i = 0; i < methods.size(); ++i)
    if (methods[i].name == name) return i;
  return 0;
}

// The method picker of the die and expression views; each entry's tooltip says what it does.
bool method_combo(const char* id, std::string& method) {
  const DiceMethodInfo* current = find_dice_method(method);
  bool changed = false;
  if (ImGui::BeginCombo(id, current ? std::string(current->label).c_str() : "?")) {
    for (const DiceMethodInfo& m : dice_methods()) {
      if (ImGui::Selectable(std::string(m.label).c_str(), current == &m)) method = std::string(m.name), changed = true;
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s: %s", std::string(m.name).c_str(), std::string(m.summary).c_str());
    }
    ImGui::EndCombo();
  }
  return changed;
}

bool same_die_sample(const DiceLabState& a, const DiceLabState& b) {
  return a.method == b.method && a.sides == b.sides && a.bits == b.bits && a.gen == b.gen && a.seed == b.seed &&
         a.rolls == b.rolls;
}

bool same_expr_sample(const DiceLabState& a, const DiceLabState& b) {
  return a.expr == b.expr && a.method == b.method && a.bits == b.bits && a.gen == b.gen && a.seed == b.seed &&
         a.rolls == b.rolls;
}

ImVec4 verdict_color(CheckVerdict verdict) {
  switch (verdict) {
    case CheckVerdict::holds: return colors::kGood;
    case CheckVerdict::fails: return colors::kError;
    case CheckVerdict::negligible:
    case CheckVerdict::accidental: return colors::kAccent;
  }
  return colors::kMuted;
}

}  // namespace

// ------------------------------------------------------------------ shared state

void DicePanel::sync_buffers(const DiceLabState& state) {
  if (buffers_valid_ && shown_.seed == state.seed && shown_.gen == state.gen && shown_.expr == state.expr) return;
  if (!buffers_valid_ || shown_.seed != state.seed || shown_.gen != state.gen) {
    std::snprintf(seed_text_, sizeof seed_text_, "%s", state.seed.c_str());
    seed_error_.clear();
  }
  if (!buffers_valid_ || shown_.expr != state.expr) {
    std::snprintf(expr_text_, sizeof expr_text_, "%s", state.expr.c_str());
    expr_error_.clear();
    expr_error_position_.reset();
  }
  shown_ = state;
  buffers_valid_ = true;
}

DicePanel::LawTable& DicePanel::laws_for(LawTable& table, std::uint64_t sides, unsigned bits) {
  if (table.sides != sides || table.bits != bits || table.laws.empty()) {
    table.sides = sides;
    table.bits = bits;
    table.laws.assign(dice_methods().size(), std::nullopt);
  }
  return table;
}

const Result<DieLaw>& DicePanel::law(LawTable& table, std::size_t index) {
  if (!table.laws[index]) table.laws[index] = exact_die_law(dice_methods()[index], table.sides, table.bits);
  return *table.laws[index];
}

void DicePanel::fill_one_law(LawTable& table) {
  for (std::size_t i = 0; i < table.laws.size(); ++i)
    if (!table.laws[i]) {
      law(table, i);
      return;
    }
}

void DicePanel::poll(SampleRun& run, JobRunner& jobs) {
  if (!run.job) return;
  run.status = jobs.status(run.job);
  if (run.status.state != JobStatus::State::done || run.decoded) return;
  run.decoded = true;
  if (run.spec.view == "expr") {
    auto r = read_dice_expr_sample_result(run.status.result);
    if (r) run.expr = *r; else run.error = r.error();
  } else {
    auto r = read_dice_sample_result(run.status.result);
    if (r) run.die = *r; else run.error = r.error();
  }
}

void DicePanel::draw_job_progress(SampleRun& run, JobRunner& jobs) {
  const float em = ImGui::GetFontSize();
  ImGui::ProgressBar(static_cast<float>(run.status.progress), ImVec2(em * 16.0f, 0));
  ImGui::SameLine();
  if (ImGui::Button("Cancel")) jobs.cancel(run.job);
  ImGui::SameLine();
  ImGui::TextColored(colors::kMuted, "%s", run.status.summary.c_str());
}

std::string DicePanel::z80_seed(const DiceLabState& state) {
  return state.gen == "z80" ? state.seed : std::string(find_dice_generator("z80")->default_seed);
}

// ------------------------------------------------------------------ one die

bool DicePanel::draw_die_controls(DiceLabState& state) {
  bool changed = false;
  const float em = ImGui::GetFontSize();
  const auto methods = dice_methods();
  const DiceMethodInfo* current = find_dice_method(state.method);

  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("Method");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(em * 13.0f);
  changed |= method_combo("##method", state.method);
  if (current) help_marker(std::string(current->summary).c_str());

  same_line_if_fits(em * 12.0f, em * 1.2f);
  ImGui::TextUnformatted("Sides");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(em * 6.5f);
  std::uint64_t sides = state.sides;
  const std::uint64_t one = 1;
  if (ImGui::InputScalar("##sides", ImGuiDataType_U64, &sides, &one)) {
    sides = std::clamp<std::uint64_t>(sides, 1, kMaxDiceLabSides);
    if (sides != state.sides) state.sides = sides, changed = true;
  }
  same_line_if_fits(em * 15.5f, em * 1.2f);
  ImGui::TextUnformatted("Source");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(em * 10.0f);
  if (ImGui::BeginCombo("##bits", bits_label(state.bits))) {
    for (int b : kDiceWordBits)
      if (ImGui::Selectable(bits_label(b), b == state.bits)) state.bits = b, changed = true;
    ImGui::EndCombo();
  }
  help_marker("How many random bits one draw of the source gives. 31 bits is what glibc's rand() returns "
              "(RAND_MAX = 2^31 - 1). Range methods use one word per try; coin-flip rollers read its bits one by one.");

  ImGui::AlignTextToFramePadding();
  ImGui::TextColored(colors::kMuted, "Dice:");
  for (std::uint64_t n : {4u, 6u, 8u, 10u, 12u, 20u, 52u, 78u, 100u, 1000u}) {
    same_line_if_fits(em * 3.0f, ImGui::GetStyle().ItemSpacing.x);
    std::string label = "d";
    label += std::to_string(n);
    if (ImGui::SmallButton(label.c_str())) state.sides = n, changed = true;
  }
  return changed;
}

void DicePanel::draw_die_chart(const DiceLabState& state, const DieLaw& law) {
  const float em = ImGui::GetFontSize();
  const SampleRun& run = die_sample_;
  const bool sampled = run.die && same_die_sample(run.spec, state) && !run.die->counts.empty();
  std::vector<double> frequencies;
  SampleVerdict verdict;
  if (sampled) {
    const auto& counts = run.die->counts[0];
    verdict = judge_sample(counts, law.probabilities);
    for (std::uint64_t c : counts) frequencies.push_back(static_cast<double>(c) / static_cast<double>(run.die->rolls));
  }

  legend_start();
  legend_item(palette::kExact, "exact probability");
  legend_item(palette::kFair, "fair share 1/n", true);
  if (!law.stats.never.empty()) legend_item(palette::kNever, "never comes up");
  if (sampled) {
    legend_item(palette::kSampled, "sampled frequency");
    legend_item(palette::kBand, "expected spread (2 sigma)", true);
  }

  const double fair = 1.0 / static_cast<double>(law.sides);
  HistogramSpec h;
  h.exact = law.probabilities;
  h.sampled = frequencies;
  if (sampled) {
    h.band_low = verdict.band_low;
    h.band_high = verdict.band_high;
  }
  h.fair = fair;
  h.deviation = deviation_view_;
  h.never = [&](std::size_t i) { return law.weights[i].is_zero(); };
  h.tooltip = [&](std::size_t i) {
    ImGui::Text("Face %zu", i + 1);
    ImGui::Separator();
    const Fraction p = law.probability(i);
    if (law.method->coin_flips()) {
      ImGui::Text("Exact probability: %s", fraction_text(p).c_str());
    } else {
      ImGui::Text("Exact: %s of the %s accepted words", grouped(law.weights[i]).c_str(), grouped(law.total).c_str());
      ImGui::Text("  = %s", fraction_text(p).c_str());
    }
    ImGui::Text("  = %s  (fair: %s, %+.4g%%)", number(law.probabilities[i], 9).c_str(), number(fair, 9).c_str(),
                (law.probabilities[i] - fair) / fair * 100.0);
    if (law.weights[i].is_zero()) ImGui::TextColored(colors::kError, "This face can never come up.");
    if (sampled) {
      const std::uint64_t c = run.die->counts[0][i];
      ImGui::Text("Sampled: %s of %s = %s", grouped(c).c_str(), grouped(run.die->rolls).c_str(),
                  number(frequencies[i], 6).c_str());
      ImGui::Text("Expected 2-sigma range: %s to %s", number(verdict.band_low[i], 6).c_str(),
                  number(verdict.band_high[i], 6).c_str());
    }
  };
  aggregation_note(draw_histogram("die", h, em * 13.0f), "faces");
}

void DicePanel::draw_die_stats(const DieLaw& law) {
  const float em = ImGui::GetFontSize();
  if (!ImGui::BeginTable("die_stats", 2, ImGuiTableFlags_SizingFixedFit)) return;
  ImGui::TableSetupColumn("what", ImGuiTableColumnFlags_WidthFixed, em * 12.0f);
  ImGui::TableSetupColumn("value", ImGuiTableColumnFlags_WidthStretch);
  auto row = [&](const char* what, const std::string& value, const ImVec4* color = nullptr) {
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
    ImGui::TextColored(colors::kMuted, "%s", what);
    ImGui::TableSetColumnIndex(1);
    if (color) ImGui::PushStyleColor(ImGuiCol_Text, *color);
    ImGui::TextWrapped("%s", value.c_str());
    if (color) ImGui::PopStyleColor();
  };
  const FaceStats& s = law.stats;
  const bool fair = s.total_variation.is_zero();
  row("How it was computed", law.how);
  row("Max / min ratio",
      s.max_min_ratio ? fraction_text(*s.max_min_ratio) + " = " + number(s.max_min_ratio->to_double(), 9)
                      : std::string("infinite: some face never comes up"),
      fair ? &colors::kGood : nullptr);
  row("Distance from fair", "total variation " + (fair ? std::string("0: exactly fair")
                                                       : fraction_text(s.total_variation) + " = " +
                                                             number(s.total_variation_approx, 6)),
      fair ? &colors::kGood : nullptr);
  row("Favoured faces", std::to_string(s.favoured.size()) + (s.favoured.empty() ? "" : ": " + face_list(s.favoured)));
  row("Starved faces", std::to_string(s.starved.size()) + (s.starved.empty() ? "" : ": " + face_list(s.starved)));
  if (!s.never.empty()) row("Never comes up", face_list(s.never), &colors::kError);
  if (!law.method->coin_flips())
    row("Words thrown away", grouped(law.rejected) + " of " + grouped(law.inputs));
  const bool whole_bits = law.expected_bits.denominator() == BigUint(1);
  row("Bits per roll", number(law.expected_bits.to_double(), 6) + " on average" +
                           (whole_bits ? std::string() : " (" + fraction_text(law.expected_bits) + ")") +
                           ";  the least possible is log2 n = " + number(law.log2_sides, 6));
  row("Rolls to notice", power_of_ten_text(rolls_to_notice(law)) +
                             " (about when a chi-square test against a fair die starts to see the bias)");
  ImGui::EndTable();
}

bool DicePanel::draw_comparison(DiceLabState& state) {
  bool changed = false;
  LawTable& table = laws_for(die_laws_, state.sides, static_cast<unsigned>(state.bits));
  const auto methods = dice_methods();
  const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_SizingStretchProp;
  if (!ImGui::BeginTable("compare", 6, flags)) return false;
  ImGui::TableSetupColumn("Method", ImGuiTableColumnFlags_WidthStretch, 2.2f);
  ImGui::TableSetupColumn("Total variation", ImGuiTableColumnFlags_WidthStretch, 1.3f);
  ImGui::TableSetupColumn("Max / min", ImGuiTableColumnFlags_WidthStretch, 1.2f);
  ImGui::TableSetupColumn("Never", ImGuiTableColumnFlags_WidthStretch, 0.6f);
  ImGui::TableSetupColumn("Bits / roll", ImGuiTableColumnFlags_WidthStretch, 0.9f);
  ImGui::TableSetupColumn("Rolls to notice", ImGuiTableColumnFlags_WidthStretch, 1.1f);
  ImGui::TableHeadersRow();
  for (std::size_t i = 0; i < methods.size(); ++i) {
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
    ImGui::PushID(static_cast<int>(i));
    if (ImGui::Selectable(std::string(methods[i].label).c_str(), methods[i].name == state.method,
                          ImGuiSelectableFlags_SpanAllColumns))
      state.method = std::string(methods[i].name), changed = true;
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", std::string(methods[i].summary).c_str());
    ImGui::PopID();
    const auto& entry = table.laws[i];
    ImGui::TableSetColumnIndex(1);
    if (!entry) {
      ImGui::TextColored(colors::kMuted, "computing...");
      continue;
    }
    if (!*entry) {
      ImGui::TextColored(colors::kMuted, "cannot: %s", entry->error().c_str());
      continue;
    }
    const DieLaw& l = entry->value();
    const bool fair = l.stats.total_variation.is_zero();
    if (fair)
      ImGui::TextColored(colors::kGood, "0 (fair)");
    else
      ImGui::Text("%s", number(l.stats.total_variation_approx, 4).c_str());
    ImGui::TableSetColumnIndex(2);
    if (l.stats.max_min_ratio)
      ImGui::Text("%s", number(l.stats.max_min_ratio->to_double(), 6).c_str());
    else
      ImGui::TextColored(colors::kError, "infinite");
    ImGui::TableSetColumnIndex(3);
    if (l.stats.never.empty())
      ImGui::TextUnformatted("0");
    else
      ImGui::TextColored(colors::kError, "%zu", l.stats.never.size());
    ImGui::TableSetColumnIndex(4);
    ImGui::Text("%s", number(l.expected_bits.to_double(), 4).c_str());
    ImGui::TableSetColumnIndex(5);
    ImGui::Text("%s", power_of_ten_text(rolls_to_notice(l)).c_str());
  }
  ImGui::EndTable();
  return changed;
}

bool DicePanel::draw_source_controls(DiceLabState& state, bool show_method) {
  bool changed = false;
  const float em = ImGui::GetFontSize();
  if (show_method) {
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("Method");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(em * 13.0f);
    changed |= method_combo("##xmethod", state.method);
    same_line_if_fits(em * 15.0f, em);
    ImGui::TextUnformatted("Source");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(em * 10.0f);
    if (ImGui::BeginCombo("##xbits", bits_label(state.bits))) {
      for (int b : kDiceWordBits)
        if (ImGui::Selectable(bits_label(b), b == state.bits)) state.bits = b, changed = true;
      ImGui::EndCombo();
    }
  }
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("Generator");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(em * 9.0f);
  if (ImGui::BeginCombo("##gen", state.gen.c_str())) {
    for (const DiceGeneratorInfo& g : dice_generators()) {
      if (ImGui::Selectable(std::string(g.name).c_str(), g.name == state.gen)) {
        state.gen = std::string(g.name);
        state.seed = std::string(g.default_seed);
        changed = true;
      }
      if (ImGui::IsItemHovered()) {
        for (const GeneratorInfo& info : generator_catalog())
          if (info.name == g.catalog) ImGui::SetTooltip("%s", std::string(info.summary).c_str());
      }
    }
    ImGui::EndCombo();
  }
  same_line_if_fits(em * 15.0f, em);
  ImGui::TextUnformatted("Seed");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(em * 11.0f);
  if (ImGui::InputText("##seed", seed_text_, sizeof seed_text_, ImGuiInputTextFlags_CharsNoBlank)) {
    auto g = make_dice_generator(state.gen, seed_text_);
    if (g) {
      seed_error_.clear();
      state.seed = seed_text_;
      shown_.seed = state.seed;
      changed = true;
    } else {
      seed_error_ = g.error();
    }
  }
  if (const DiceGeneratorInfo* g = find_dice_generator(state.gen)) help_marker(std::string(g->seed_help).c_str());
  same_line_if_fits(em * 11.5f, em);
  ImGui::TextUnformatted("Rolls");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(em * 8.0f);
  if (ImGui::BeginCombo("##rolls", grouped(state.rolls).c_str())) {
    for (std::uint64_t n : kRollChoices)
      if (ImGui::Selectable(grouped(n).c_str(), n == state.rolls)) state.rolls = n, changed = true;
    ImGui::EndCombo();
  }
  field_error(seed_error_);
  return changed;
}

void DicePanel::draw_die_sampling(const DiceLabState& state, const DieLaw* law, JobRunner& jobs) {
  SampleRun& run = die_sample_;
  if (run.status.state == JobStatus::State::running) {
    draw_job_progress(run, jobs);
  } else {
    ImGui::BeginDisabled(law == nullptr);
    const std::string label = "Roll " + grouped(state.rolls) + " times";
    if (ImGui::Button(label.c_str())) start_die_sample(state, jobs);
    ImGui::EndDisabled();
    if (run.status.state == JobStatus::State::failed || run.status.state == JobStatus::State::cancelled)
      ImGui::SameLine(), ImGui::TextColored(colors::kMuted, "%s", run.status.summary.c_str());
  }
  if (!run.error.empty()) field_error(run.error);
  if (!run.die || !law) return;
  if (!same_die_sample(run.spec, state)) {
    ImGui::TextColored(colors::kMuted, "The last sample (%s, d%llu, %s, seed %s) is for other settings: roll again.",
                       run.spec.method.c_str(), static_cast<unsigned long long>(run.spec.sides), run.spec.gen.c_str(),
                       run.spec.seed.c_str());
    return;
  }
  const SampleVerdict v = judge_sample(run.die->counts[0], law->probabilities);
  const double bits_per_roll = static_cast<double>(run.die->bits_drawn[0]) / static_cast<double>(run.die->rolls);
  ImGui::Text("%s rolls from %s (seed %s) used %s random bits per roll (the exact law expects %s).",
              grouped(run.die->rolls).c_str(), run.spec.gen.c_str(), run.spec.seed.c_str(),
              number(bits_per_roll, 5).c_str(), number(law->expected_bits.to_double(), 5).c_str());
  ImGui::PushTextWrapPos(0.0f);
  const bool fair_p = v.p_uniform >= 0.001;
  ImGui::TextColored(fair_p ? colors::kGood : colors::kError, "Against a fair die: chi-square %s with %g degrees of freedom, p %s: %s.",
                     number(v.chi_square_uniform, 6).c_str(), v.dof_uniform, p_text(v.p_uniform).c_str(),
                     std::string(read_p_value(v.p_uniform)).c_str());
  const bool exact_p = v.p_exact >= 0.001;
  ImGui::TextColored(exact_p ? colors::kGood : colors::kError,
                     "Against this method's exact law: chi-square %s, %g degrees of freedom, p %s: %s.",
                     number(v.chi_square_exact, 6).c_str(), v.dof_exact, p_text(v.p_exact).c_str(),
                     std::string(read_p_value(v.p_exact)).c_str());
  ImGui::PopTextWrapPos();
  help_marker("The first test asks whether the rolls look like a fair die. The second asks whether they follow "
              "the law this method has with perfectly random bits, so it tests the generator, not the method.");
}

bool DicePanel::draw_die_view(DiceLabState& state, JobRunner& jobs) {
  bool changed = draw_die_controls(state);
  LawTable& table = laws_for(die_laws_, state.sides, static_cast<unsigned>(state.bits));
  const std::size_t index = method_index(state.method);
  const Result<DieLaw>& current = law(table, index);
  fill_one_law(table);

  section("Exact law of one roll");
  const DieLaw* shown = nullptr;
  if (!current) {
    field_error(current.error());
  } else {
    shown = &current.value();
    ImGui::Checkbox("Show deviation from 1/n", &deviation_view_);
    help_marker("Plots (p - 1/n) / (1/n) in percent, so tiny biases of wide words become visible.");
    draw_die_chart(state, *shown);
    draw_die_stats(*shown);
  }

  section("Sampling");
  explain("Roll the die for real: words from a generator, through the chosen method, in a background worker.");
  changed |= draw_source_controls(state, false);
  draw_die_sampling(state, shown, jobs);

  changed |= draw_roll_stepper(state);

  section("Every method for this die");
  ImGui::TextColored(colors::kMuted, "d%llu on %s. Click a row to show that method above.",
                     static_cast<unsigned long long>(state.sides), bits_label(state.bits));
  changed |= draw_comparison(state);
  return changed;
}

bool DicePanel::draw_roll_stepper(DiceLabState& state) {
  const DiceLabState before = state;
  section("One roll, step by step");
  explain("Roll k of this method, generator and seed (k = 0 is the first): the words it read and the value it "
          "made. Open the assembly lanes to watch a listing make the same roll.");
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 7.0f);
  std::uint64_t roll = state.roll;
  const std::uint64_t step = 1;
  if (ImGui::InputScalar("roll k", ImGuiDataType_U64, &roll, &step, nullptr, "%llu"))
    state.roll = std::min(roll, kMaxDiceStepRoll);
  ImGui::SameLine();
  help_marker("Up to roll 4095: the stepper replays the rolls before it from the seed.");
  const auto rolled = dice_lab_roll(state);
  if (!rolled) {
    field_error(rolled.error());
  } else {
    const DiceRoll& r = rolled.value();
    std::string words;
    for (std::size_t i = 0; i < r.words.size() && i < 12; ++i) {
      char hex[24];
      std::snprintf(hex, sizeof hex, "%s%0*llX", i ? " " : "", (state.bits + 3) / 4,
                    static_cast<unsigned long long>(r.words[i]));
      words += hex;
    }
    if (r.words.size() > 12) words += " ...";
    ImGui::Text("Read %zu word%s (hex) after %llu earlier: %s", r.words.size(), r.words.size() == 1 ? "" : "s",
                static_cast<unsigned long long>(r.words_before), words.c_str());
    ImGui::Text("Value %llu, face %llu", static_cast<unsigned long long>(r.value),
                static_cast<unsigned long long>(r.value + 1));
  }
  lanes_.draw(state.lanes, lanes_key(state, encode_dice_lab), [&] { return dice_lab_lanes(state); });
  return state != before;
}

void DicePanel::start_die_sample(const DiceLabState& state, JobRunner& jobs) {
  const DiceMethodInfo* method = find_dice_method(state.method);
  if (!method) return;
  if (die_sample_.job && die_sample_.status.state == JobStatus::State::running) jobs.cancel(die_sample_.job);
  DiceSampleSpec spec{{method}, state.sides, static_cast<unsigned>(state.bits), state.gen, state.seed, state.rolls};
  die_sample_ = SampleRun{};
  die_sample_.spec = state;
  die_sample_.spec.view = "die";
  die_sample_.job = jobs.start("dice_sample", dice_sample_params(spec));
}

// ------------------------------------------------------------------ expressions

bool DicePanel::apply_expression_text(DiceLabState& state) {
  auto parsed = parse_lab_expression(expr_text_);
  if (!parsed) {
    expr_error_ = parsed.error();
    expr_error_position_ = expression_error_position(parsed.error());
    return false;
  }
  expr_error_.clear();
  expr_error_position_.reset();
  if (state.expr == expr_text_) return false;
  state.expr = expr_text_;
  shown_.expr = state.expr;
  return true;
}

void DicePanel::refresh_expression_law(const DiceLabState& state, JobRunner& jobs) {
  if (law_expr_ != state.expr) {
    if (expr_law_job_) jobs.cancel(expr_law_job_);
    expr_law_job_ = 0;
    law_expr_ = state.expr;
    expr_law_.reset();
    expr_view_.reset();
    expr_law_error_.clear();
    auto parsed = parse_lab_expression(state.expr);
    if (!parsed) {
      expr_law_error_ = parsed.error();
    } else if (expression_law_is_quick(*parsed)) {
      auto dist = exact_dice_distribution(*parsed);
      if (dist) expr_law_ = *dist; else expr_law_error_ = dist.error();
    } else {
      expr_law_job_ = jobs.start("dice_expr_exact", "expr=" + expression_to_link(state.expr));
    }
  }
  if (expr_law_job_) {
    const JobStatus s = jobs.status(expr_law_job_);
    if (s.state == JobStatus::State::done) {
      auto dist = distribution_from_doubles(s.result);
      if (dist) expr_law_ = *dist; else expr_law_error_ = s.summary;
      expr_law_job_ = 0;
    } else if (s.state == JobStatus::State::failed || s.state == JobStatus::State::cancelled) {
      expr_law_error_ = s.summary;
      expr_law_job_ = 0;
    }
  }
  if (expr_law_ && !expr_view_) expr_view_ = view_distribution(*expr_law_);
}

bool DicePanel::draw_expr_view(DiceLabState& state, JobRunner& jobs) {
  bool changed = false;
  const float em = ImGui::GetFontSize();
  explain("Type dice notation: NdS rolls N dice with S sides, kh/kl keep the highest/lowest, dh/dl drop them, "
          "d% is d100, and constants add up.");
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("Expression");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(em * 22.0f);
  if (ImGui::InputText("##expr", expr_text_, sizeof expr_text_)) changed |= apply_expression_text(state);
  const ImVec2 field_min = ImGui::GetItemRectMin();
  const ImVec2 field_max = ImGui::GetItemRectMax();
  help_marker("Examples: 3d6+2, d20, 2d20kh1 (advantage), 2d20kl1 (disadvantage), 4d6dl1, d%, 2d8-1d4+3. "
              "At most 1000 dice and 64 characters; exact laws stop at about 4e8 operations.");
  for (const char* example : {"3d6+2", "d20", "2d20kh1", "2d20kl1", "4d6dl1", "d%", "8d6kh3", "100d6"}) {
    same_line_if_fits(ImGui::CalcTextSize(example).x + em, ImGui::GetStyle().ItemSpacing.x);
    if (ImGui::SmallButton(example)) {
      std::snprintf(expr_text_, sizeof expr_text_, "%s", example);
      changed |= apply_expression_text(state);
    }
  }
  if (!expr_error_.empty()) {
    // A caret under the offending character (positions are 1-based).
    if (expr_error_position_ && *expr_error_position_ >= 1) {
      const std::string before(expr_text_, std::min(std::strlen(expr_text_), *expr_error_position_ - 1));
      const float x = field_min.x + ImGui::GetStyle().FramePadding.x + ImGui::CalcTextSize(before.c_str()).x;
      const ImVec2 tip(std::min(x, field_max.x - em * 0.3f), field_max.y + em * 0.05f);
      ImGui::GetWindowDrawList()->AddTriangleFilled(tip, ImVec2(tip.x - em * 0.35f, tip.y + em * 0.5f),
                                                    ImVec2(tip.x + em * 0.35f, tip.y + em * 0.5f), palette::kNever);
      ImGui::Dummy(ImVec2(0, em * 0.4f));
    }
    field_error(expr_error_ + "   (showing the last valid expression, " + state.expr + ")");
  }

  refresh_expression_law(state, jobs);
  section(("Exact law of " + state.expr).c_str());
  if (expr_law_job_) {
    ImGui::TextColored(colors::kMuted, "Computing the exact law in the background...");
  } else if (!expr_law_error_.empty()) {
    field_error(expr_law_error_);
  }

  SampleRun& run = expr_sample_;
  const bool sampled = run.expr && same_expr_sample(run.spec, state);
  std::vector<double> frequencies;
  std::vector<double> exact_cells, band_low, band_high;
  std::int64_t first = 0;
  std::optional<SampleVerdict> verdict;
  if (expr_law_ && expr_view_) {
    first = expr_law_->min_total;
    exact_cells = expr_view_->probabilities;
    ImGui::Text("%zu totals from %lld to %lld; mean %s, standard deviation %s; %s equally likely outcomes.",
                expr_law_->counts.size(), static_cast<long long>(expr_law_->min_total),
                static_cast<long long>(expr_law_->min_total + static_cast<std::int64_t>(expr_law_->counts.size()) - 1),
                number(expr_view_->mean, 6).c_str(), number(expr_view_->standard_deviation, 6).c_str(),
                expr_law_->outcomes.bit_length() > 64 ? ("about 2^" + std::to_string(expr_law_->outcomes.bit_length() - 1)).c_str()
                                                      : grouped(expr_law_->outcomes).c_str());
  }
  if (sampled) {
    if (!expr_law_) first = run.expr->min_total;
    // Align the sample's cells with the exact law's (both start at the lowest possible total).
    for (std::uint64_t c : run.expr->counts)
      frequencies.push_back(static_cast<double>(c) / static_cast<double>(std::max<std::uint64_t>(run.expr->rolls, 1)));
    if (expr_law_ && exact_cells.size() == frequencies.size() && first == run.expr->min_total) {
      verdict = judge_sample(run.expr->counts, exact_cells);
      band_low = verdict->band_low;
      band_high = verdict->band_high;
    }
  }
  if (!exact_cells.empty() || !frequencies.empty()) {
    legend_start();
    legend_item(palette::kExact, "exact probability");
    if (sampled) {
      legend_item(palette::kSampled, "sampled frequency");
      if (verdict) legend_item(palette::kBand, "expected spread (2 sigma)", true);
    }
    HistogramSpec h;
    h.first_label = first;
    h.exact = exact_cells;
    h.sampled = frequencies;
    h.band_low = band_low;
    h.band_high = band_high;
    h.tooltip = [&](std::size_t i) {
      ImGui::Text("Total %lld", static_cast<long long>(first + static_cast<std::int64_t>(i)));
      ImGui::Separator();
      if (expr_law_ && i < expr_law_->counts.size()) {
        const BigUint& ways = expr_law_->counts[i];
        if (expr_law_->outcomes.bit_length() <= 64)
          ImGui::Text("Exact: %s of %s outcomes", grouped(ways).c_str(), grouped(expr_law_->outcomes).c_str());
        ImGui::Text("  = %s = %s", fraction_text(Fraction(ways, expr_law_->outcomes)).c_str(),
                    number(exact_cells[i], 9).c_str());
      }
      if (sampled && i < frequencies.size())
        ImGui::Text("Sampled: %s of %s = %s", grouped(run.expr->counts[i]).c_str(), grouped(run.expr->rolls).c_str(),
                    number(frequencies[i], 6).c_str());
    };
    aggregation_note(draw_histogram("expr", h, em * 12.0f), "totals");
  }

  section("Sampling the expression");
  explain("Every die of the expression is rolled with the chosen method on the generator's words.");
  changed |= draw_source_controls(state, true);
  if (run.status.state == JobStatus::State::running) {
    draw_job_progress(run, jobs);
  } else {
    const std::string label = "Roll " + state.expr + " " + grouped(state.rolls) + " times";
    if (ImGui::Button(label.c_str())) start_expr_sample(state, jobs);
    if (run.status.state == JobStatus::State::failed || run.status.state == JobStatus::State::cancelled)
      field_error(run.status.summary);
  }
  if (run.expr && !sampled)
    ImGui::TextColored(colors::kMuted, "The last sample was for other settings: roll again.");
  if (sampled) {
    ImGui::Text("%s rolls used %s random bits per roll.", grouped(run.expr->rolls).c_str(),
                number(static_cast<double>(run.expr->bits_drawn) / static_cast<double>(run.expr->rolls), 5).c_str());
    ImGui::PushTextWrapPos(0.0f);
    if (verdict)
      ImGui::TextColored(verdict->p_exact >= 0.001 ? colors::kGood : colors::kError,
                         "Against the exact law of fair dice: chi-square %s, %g degrees of freedom, p %s: %s.",
                         number(verdict->chi_square_exact, 6).c_str(), verdict->dof_exact,
                         p_text(verdict->p_exact).c_str(), std::string(read_p_value(verdict->p_exact)).c_str());
    ImGui::PopTextWrapPos();
  }
  return changed;
}

void DicePanel::start_expr_sample(const DiceLabState& state, JobRunner& jobs) {
  if (expr_sample_.job && expr_sample_.status.state == JobStatus::State::running) jobs.cancel(expr_sample_.job);
  DiceExprSampleSpec spec{state.expr, find_dice_method(state.method), static_cast<unsigned>(state.bits), state.gen,
                          state.seed, state.rolls};
  expr_sample_ = SampleRun{};
  expr_sample_.spec = state;
  expr_sample_.spec.view = "expr";
  expr_sample_.job = jobs.start("dice_expr_sample", dice_expr_sample_params(spec));
}

// ------------------------------------------------------------------ Z80 d20

void DicePanel::draw_article_checks() {
  if (!checks_) checks_ = article_checks();
  const float em = ImGui::GetFontSize();
  // A framed box that grows with its text: draw the text first, then the frame behind it.
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->ChannelsSplit(2);
  dl->ChannelsSetCurrent(1);
  const float pad = em * 0.6f;
  const ImVec2 start = ImGui::GetCursorScreenPos();
  ImGui::SetCursorScreenPos(ImVec2(start.x + pad, start.y + pad));
  ImGui::BeginGroup();
  ImGui::PushTextWrapPos(ImGui::GetContentRegionMax().x - pad);
  ImGui::TextColored(colors::kAccent, "What the articles claim vs. what the numbers say");
  help_marker("Every number here is computed now from the exact laws of the core; none is typed in.");
  for (const ArticleCheck& c : *checks_) {
    ImGui::Spacing();
    ImGui::TextUnformatted(c.source.c_str());
    ImGui::SameLine(0, em);
    ImGui::TextColored(verdict_color(c.verdict), "[%s]", std::string(verdict_label(c.verdict)).c_str());
    ImGui::TextColored(colors::kMuted, "Claim: %s", c.claim.c_str());
    ImGui::TextUnformatted(("Numbers: " + c.numbers).c_str());
  }
  ImGui::PopTextWrapPos();
  ImGui::EndGroup();
  const ImVec2 end(ImGui::GetWindowPos().x + ImGui::GetContentRegionMax().x, ImGui::GetItemRectMax().y + pad);
  dl->ChannelsSetCurrent(0);
  dl->AddRectFilled(start, end, IM_COL32(33, 38, 51, 255), em * 0.3f);
  dl->AddRect(start, end, IM_COL32(70, 78, 98, 255), em * 0.3f);
  dl->ChannelsMerge();
  ImGui::SetCursorScreenPos(ImVec2(start.x, end.y));
  ImGui::Dummy(ImVec2(0, em * 0.5f));
}

bool DicePanel::draw_z80_view(DiceLabState& state, JobRunner& jobs) {
  bool changed = false;
  const float em = ImGui::GetFontSize();
  explain("Seed 002 rolls a d20 from one byte of the Z80 LFSR routine. Each row pushes the same bytes through one "
          "method: the exact share of the 256 bytes each face gets, and the first rolls from the seed.");
  const std::string seed = z80_seed(state);
  if (state.gen == "z80") {
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("Z80 seed");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(em * 11.0f);
    if (ImGui::InputText("##z80seed", seed_text_, sizeof seed_text_, ImGuiInputTextFlags_CharsHexadecimal | ImGuiInputTextFlags_CharsUppercase)) {
      auto g = make_dice_generator("z80", seed_text_);
      if (g) {
        seed_error_.clear();
        state.seed = seed_text_;
        shown_.seed = state.seed;
        changed = true;
      } else {
        seed_error_ = g.error();
      }
    }
    help_marker("_LFSRSeed+0..+7 as 16 hex digits, byte +0 first; not all zero.");
    field_error(seed_error_);
  } else {
    ImGui::TextColored(colors::kMuted, "Rolling with the Z80 routine at seed %s (the lab's generator is %s).", seed.c_str(),
                       state.gen.c_str());
    ImGui::SameLine();
    if (ImGui::SmallButton("Use the Z80 routine")) {
      state.gen = "z80";
      state.seed = seed;
      changed = true;
    }
  }

  if (first_rolls_seed_ != seed) {
    first_rolls_seed_ = seed;
    first_rolls_.clear();
    for (const DiceMethodInfo& m : dice_methods()) {
      auto faces = first_rolls(m, 20, 8, "z80", seed, 12);
      std::string text;
      if (faces)
        for (std::uint64_t f : *faces) text.append(text.empty() ? "" : " ").append(std::to_string(f));
      first_rolls_.push_back(faces ? text : faces.error());
    }
    auto printed = z80_printed_rolls(seed, 20, 12);
    std::string text;
    if (printed)
      for (std::uint8_t f : *printed) text.append(text.empty() ? "" : " ").append(std::to_string(f));
    first_rolls_.push_back(printed ? text : printed.error());
  }

  LawTable& table = laws_for(z80_laws_, 20, 8);
  const auto methods = dice_methods();
  const SampleRun& run = z80_sample_;
  const bool sampled = run.die && run.spec.seed == seed && run.spec.rolls == state.rolls &&
                       run.die->counts.size() == methods.size();
  const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_SizingStretchProp;
  if (ImGui::BeginTable("z80", sampled ? 6 : 5, flags)) {
    ImGui::TableSetupColumn("Method", ImGuiTableColumnFlags_WidthStretch, 2.0f);
    ImGui::TableSetupColumn("Face 1", ImGuiTableColumnFlags_WidthStretch, 1.0f);
    ImGui::TableSetupColumn("Face 20", ImGuiTableColumnFlags_WidthStretch, 1.0f);
    ImGui::TableSetupColumn("Max / min", ImGuiTableColumnFlags_WidthStretch, 1.2f);
    ImGui::TableSetupColumn("First 12 rolls", ImGuiTableColumnFlags_WidthStretch, 3.0f);
    if (sampled) ImGui::TableSetupColumn("Sampled face 20", ImGuiTableColumnFlags_WidthStretch, 1.4f);
    ImGui::TableHeadersRow();
    auto share = [](const DieLaw& l, std::size_t face) {
      if (l.method->coin_flips()) return fraction_text(l.probability(face));
      return grouped(l.weights[face]) + "/" + grouped(l.total);
    };
    for (std::size_t i = 0; i < methods.size(); ++i) {
      const Result<DieLaw>& l = law(table, i);
      ImGui::TableNextRow();
      ImGui::TableSetColumnIndex(0);
      ImGui::TextUnformatted(std::string(methods[i].label).c_str());
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", std::string(methods[i].summary).c_str());
      if (!l) {
        ImGui::TableSetColumnIndex(1);
        ImGui::TextColored(colors::kMuted, "%s", l.error().c_str());
        continue;
      }
      ImGui::TableSetColumnIndex(1);
      ImGui::TextUnformatted(share(*l, 0).c_str());
      ImGui::TableSetColumnIndex(2);
      if (l->weights[19].is_zero())
        ImGui::TextColored(colors::kError, "%s never", share(*l, 19).c_str());
      else
        ImGui::TextUnformatted(share(*l, 19).c_str());
      ImGui::TableSetColumnIndex(3);
      ImGui::Text("%s", l->stats.max_min_ratio ? ("x" + number(l->stats.max_min_ratio->to_double(), 4)).c_str() : "x infinite");
      ImGui::TableSetColumnIndex(4);
      ImGui::TextUnformatted(first_rolls_[i].c_str());
      if (sampled) {
        ImGui::TableSetColumnIndex(5);
        const std::uint64_t c = run.die->counts[i][19];
        ImGui::TextColored(c == 0 ? colors::kError : colors::kMuted, "%s (%s%%)", grouped(c).c_str(),
                           number(100.0 * static_cast<double>(c) / static_cast<double>(run.die->rolls), 3).c_str());
      }
    }
    // The listing as printed, run instruction by instruction.
    const std::vector<std::uint32_t> printed = z80_roll_die_counts(20);
    const auto [lo, hi] = std::minmax_element(printed.begin() + 1, printed.begin() + 21);
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
    ImGui::TextColored(colors::kAccent, "rollDie as printed");
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("The article's rollDie and MulHbyL executed as written: MulHbyL starts its sum at L, "
                        "so with H = DIESIDES-1 it returns DIESIDES * L.");
    ImGui::TableSetColumnIndex(1);
    ImGui::Text("%u/256", printed[1]);
    ImGui::TableSetColumnIndex(2);
    ImGui::Text("%u/256", printed[20]);
    ImGui::TableSetColumnIndex(3);
    ImGui::Text("x%s", number(static_cast<double>(*hi) / static_cast<double>(*lo), 4).c_str());
    ImGui::TableSetColumnIndex(4);
    ImGui::TextUnformatted(first_rolls_.back().c_str());
    ImGui::EndTable();
  }
  ImGui::TextColored(colors::kMuted, "Range methods: bytes per face out of the accepted bytes. Coin-flip rollers: exact probability.");

  if (z80_sample_.status.state == JobStatus::State::running) {
    draw_job_progress(z80_sample_, jobs);
  } else {
    const std::string label = "Roll " + grouped(state.rolls) + " d20s with every method";
    if (ImGui::Button(label.c_str())) start_z80_sample(state, jobs);
    ImGui::SameLine();
    ImGui::SetNextItemWidth(em * 8.0f);
    if (ImGui::BeginCombo("##z80rolls", grouped(state.rolls).c_str())) {
      for (std::uint64_t n : kRollChoices)
        if (ImGui::Selectable(grouped(n).c_str(), n == state.rolls)) state.rolls = n, changed = true;
      ImGui::EndCombo();
    }
  }
  ImGui::Spacing();
  draw_article_checks();
  return changed;
}

void DicePanel::start_z80_sample(const DiceLabState& state, JobRunner& jobs) {
  if (z80_sample_.job && z80_sample_.status.state == JobStatus::State::running) jobs.cancel(z80_sample_.job);
  DiceSampleSpec spec;
  for (const DiceMethodInfo& m : dice_methods()) spec.methods.push_back(&m);
  spec.sides = 20;
  spec.bits = 8;
  spec.gen = "z80";
  spec.seed = z80_seed(state);
  spec.rolls = state.rolls;
  z80_sample_ = SampleRun{};
  z80_sample_.spec = state;
  z80_sample_.spec.seed = spec.seed;
  z80_sample_.spec.view = "z80";
  z80_sample_.job = jobs.start("dice_sample", dice_sample_params(spec));
}

// ------------------------------------------------------------------ panel entry points

bool DicePanel::draw(DiceLabState& state, PanelContext& ctx) {
  sync_buffers(state);
  poll(die_sample_, *ctx.jobs);
  poll(expr_sample_, *ctx.jobs);
  poll(z80_sample_, *ctx.jobs);
  bool changed = false;

  ImGui::TextUnformatted("Dice: squeezing random bits into a range");
  help_marker("A generator gives B random bits at a time; a die needs a number from 1 to n. Every method here "
              "makes that step differently; most are a little unfair, some very. The exact law of each is computed "
              "from all possible words, not estimated.");
  explain("Pick a method and a die: the chart shows the exact chance of every face. Bars that stick out are bias; "
          "red faces can never come up. Sample to see the same thing happen with a real generator.");

  if (requested_view_.empty() && state.view != drawn_view_) requested_view_ = state.view;
  struct Tab {
    const char* view;
    const char* title;
  };
  constexpr Tab kTabs[] = {{"die", "One die"}, {"expr", "Dice expressions"}, {"z80", "Z80 d20 and the articles"}};
  if (ImGui::BeginTabBar("dice_views")) {
    for (const Tab& tab : kTabs) {
      const ImGuiTabItemFlags flags = requested_view_ == tab.view ? ImGuiTabItemFlags_SetSelected : 0;
      if (!ImGui::BeginTabItem(tab.title, nullptr, flags)) continue;
      if (requested_view_.empty() || requested_view_ == tab.view) {
        requested_view_.clear();
        if (state.view != tab.view) state.view = tab.view, changed = true;
      }
      drawn_view_ = tab.view;
      ImGui::Spacing();
      if (std::string_view(tab.view) == "die") changed |= draw_die_view(state, *ctx.jobs);
      else if (std::string_view(tab.view) == "expr") changed |= draw_expr_view(state, *ctx.jobs);
      else changed |= draw_z80_view(state, *ctx.jobs);
      ImGui::EndTabItem();
    }
    ImGui::EndTabBar();
  }
  return changed;
}

bool DicePanel::command(std::string_view name, DiceLabState& state, PanelContext& ctx) {
  sync_buffers(state);
  if (name == "roll") {
    if (state.view == "expr") start_expr_sample(state, *ctx.jobs);
    else if (state.view == "z80") start_z80_sample(state, *ctx.jobs);
    else start_die_sample(state, *ctx.jobs);
    return true;
  }
  if (name == "cancel") {
    for (SampleRun* run : {&die_sample_, &expr_sample_, &z80_sample_})
      if (run->job) ctx.jobs->cancel(run->job);
    return true;
  }
  if (name == "deviation=1" || name == "deviation=0") {
    deviation_view_ = name.back() == '1';
    return true;
  }
  if (name.rfind("lane_", 0) == 0) {
    lanes_.refresh(state.lanes, lanes_key(state, encode_dice_lab), [&] { return dice_lab_lanes(state); });
    return lanes_.command(name);
  }
  const std::size_t eq = name.find('=');
  if (eq == std::string_view::npos) return false;
  const std::string key(name.substr(0, eq));
  const std::string value(name.substr(eq + 1));
  if (key == "expr") {  // as if typed into the field
    std::snprintf(expr_text_, sizeof expr_text_, "%s", value.c_str());
    apply_expression_text(state);
    return true;
  }
  if (key != "method" && key != "sides" && key != "bits" && key != "gen" && key != "seed" && key != "rolls" && key != "view" &&
      key != "roll" && key != "lanes")
    return false;
  const FragmentPairs pairs{{key, value}};
  std::vector<std::string> notices;
  FieldReader fields(pairs, notices);
  decode_dice_lab(fields, state);
  if (key == "seed") seed_error_ = notices.empty() ? "" : notices.front();
  return notices.empty();
}

std::string DicePanel::describe_json(const DiceLabState& state, PanelContext& ctx) {
  poll(die_sample_, *ctx.jobs);
  poll(expr_sample_, *ctx.jobs);
  poll(z80_sample_, *ctx.jobs);
  std::string out = "{\"method\":" + json_string(state.method) + ",\"sides\":" + std::to_string(state.sides) +
                    ",\"bits\":" + std::to_string(state.bits) + ",\"gen\":" + json_string(state.gen) +
                    ",\"seed\":" + json_string(state.seed) + ",\"rolls\":" + std::to_string(state.rolls) +
                    ",\"expr\":" + json_string(state.expr) + ",\"view\":" + json_string(state.view);

  LawTable& table = laws_for(die_laws_, state.sides, static_cast<unsigned>(state.bits));
  const Result<DieLaw>& current = law(table, method_index(state.method));
  out += ",\"exact\":";
  if (!current) {
    out += "{\"error\":" + json_string(current.error()) + "}";
  } else {
    const DieLaw& l = *current;
    out += "{\"how\":" + json_string(l.how) + ",\"total\":" + json_string(l.total.to_string()) +
           ",\"rejected\":" + json_string(l.rejected.to_string()) + ",\"counts\":" +
           json_array(l.weights, [](const BigUint& w) { return json_string(w.to_string()); }) +
           ",\"tv\":" + json_number(l.stats.total_variation_approx) + ",\"tvFraction\":" +
           json_string(l.stats.total_variation.to_string()) + ",\"maxMinRatio\":" +
           (l.stats.max_min_ratio ? json_string(l.stats.max_min_ratio->to_string()) : std::string("null")) +
           ",\"never\":" + json_faces(l.stats.never) + ",\"favoured\":" + std::to_string(l.stats.favoured.size()) +
           ",\"starved\":" + std::to_string(l.stats.starved.size()) + ",\"expectedBits\":" +
           json_number(l.expected_bits.to_double()) + ",\"log2n\":" + json_number(l.log2_sides) +
           ",\"rollsToNotice\":" + json_number(rolls_to_notice(l)) + "}";
  }
  out += ",\"compare\":[";
  const auto methods = dice_methods();
  for (std::size_t i = 0; i < methods.size(); ++i) {
    const Result<DieLaw>& l = law(table, i);
    out += (i ? ",{" : "{") + std::string("\"method\":") + json_string(methods[i].name);
    if (l)
      out += ",\"tv\":" + json_number(l->stats.total_variation_approx) + ",\"never\":" +
             std::to_string(l->stats.never.size()) + ",\"maxMinRatio\":" +
             json_number(l->stats.max_min_ratio ? l->stats.max_min_ratio->to_double() : HUGE_VAL) +
             ",\"expectedBits\":" + json_number(l->expected_bits.to_double()) + "}";
    else
      out += ",\"error\":" + json_string(l.error()) + "}";
  }
  out += "]";

  auto job_json = [&](const SampleRun& run) {
    return "{\"state\":" + std::to_string(static_cast<int>(run.status.state)) + ",\"progress\":" +
           json_number(run.status.progress) + ",\"summary\":" + json_string(run.status.summary);
  };
  out += ",\"sample\":" + job_json(die_sample_);
  if (die_sample_.die && current && same_die_sample(die_sample_.spec, state)) {
    const auto& counts = die_sample_.die->counts[0];
    const SampleVerdict v = judge_sample(counts, current->probabilities);
    out += ",\"rolls\":" + std::to_string(die_sample_.die->rolls) + ",\"counts\":" +
           json_array(counts, [](std::uint64_t c) { return std::to_string(c); }) + ",\"bitsDrawn\":" +
           std::to_string(die_sample_.die->bits_drawn[0]) + ",\"chiSquare\":" + json_number(v.chi_square_uniform) +
           ",\"pValue\":" + json_number(v.p_uniform) + ",\"chiSquareExact\":" + json_number(v.chi_square_exact) +
           ",\"pValueExact\":" + json_number(v.p_exact);
  }
  out += "}";

  if (state.view == "expr") refresh_expression_law(state, *ctx.jobs);
  out += ",\"expression\":{\"text\":" + json_string(expr_text_) + ",\"error\":" + json_string(expr_error_) +
         ",\"errorPosition\":" + (expr_error_position_ ? std::to_string(*expr_error_position_) : std::string("null")) +
         ",\"lawExpr\":" + json_string(law_expr_) + ",\"lawError\":" + json_string(expr_law_error_) +
         ",\"lawComputing\":" + (expr_law_job_ ? "true" : "false");
  if (expr_law_ && expr_view_)
    out += ",\"minTotal\":" + std::to_string(expr_law_->min_total) + ",\"totals\":" +
           std::to_string(expr_law_->counts.size()) + ",\"outcomes\":" + json_string(expr_law_->outcomes.to_string()) +
           ",\"mean\":" + json_number(expr_view_->mean) +
           (expr_law_->counts.size() <= 2000
                ? ",\"counts\":" + json_array(expr_law_->counts, [](const BigUint& c) { return json_string(c.to_string()); })
                : std::string());
  out += ",\"sample\":" + job_json(expr_sample_);
  if (expr_sample_.expr)
    out += ",\"rolls\":" + std::to_string(expr_sample_.expr->rolls) + ",\"minTotal\":" +
           std::to_string(expr_sample_.expr->min_total) + ",\"counts\":" +
           json_array(expr_sample_.expr->counts, [](std::uint64_t c) { return std::to_string(c); });
  out += "}}";

  out += ",\"roll\":{\"k\":" + std::to_string(state.roll);
  if (const auto r = dice_lab_roll(state))
    out += ",\"value\":" + std::to_string(r->value) + ",\"wordsBefore\":" + std::to_string(r->words_before) +
           ",\"words\":" + json_array(r->words, [](std::uint64_t w) { return json_string(std::to_string(w)); });
  else
    out += ",\"error\":" + json_string(r.error());
  out += "}";
  lanes_.refresh(state.lanes, lanes_key(state, encode_dice_lab), [&] { return dice_lab_lanes(state); });
  out += lanes_.describe_json_field();

  LawTable& d20 = laws_for(z80_laws_, 20, 8);
  out += ",\"z80\":{\"seed\":" + json_string(z80_seed(state)) + ",\"face20\":{";
  for (std::size_t i = 0; i < methods.size(); ++i) {
    const Result<DieLaw>& l = law(d20, i);
    out += (i ? "," : "") + json_string(methods[i].name) + ":" +
           (l ? json_string(Fraction(l->weights[19], l->total).to_string()) : std::string("null"));
  }
  out += "},\"printedRollDieFace20\":" + std::to_string(z80_roll_die_counts(20)[20]);
  if (!checks_) checks_ = article_checks();
  out += ",\"checks\":" + json_array(*checks_, [](const ArticleCheck& c) {
    return "{\"source\":" + json_string(c.source) + ",\"verdict\":" + json_string(verdict_label(c.verdict)) + "}";
  });
  out += ",\"sample\":" + job_json(z80_sample_);
  if (z80_sample_.die)
    out += ",\"face20\":" + json_array(z80_sample_.die->counts, [](const std::vector<std::uint64_t>& c) {
      return std::to_string(c[19]);
    });
  out += "}}}";
  return out;
}

std::vector<CsvExport> DicePanel::csv_exports(const DiceLabState& state) {
  std::vector<CsvExport> out;
  if (state.view == "die") {
    const Result<DieLaw>& current = law(laws_for(die_laws_, state.sides, static_cast<unsigned>(state.bits)), method_index(state.method));
    if (!current) return out;
    const SampleRun& run = die_sample_;
    const bool sampled = run.die && same_die_sample(run.spec, state) && !run.die->counts.empty();
    const std::string name = "d" + std::to_string(state.sides) + "-" + state.method + "-" + std::to_string(state.bits) + "bit";
    out.push_back({"die", "Law of the d" + std::to_string(state.sides) + (sampled ? " and the sample" : ""),
                   "shufflelab-" + name + ".csv",
                   die_law_csv(current.value(), sampled ? std::span<const std::uint64_t>(run.die->counts[0]) : std::span<const std::uint64_t>(),
                               sampled ? run.die->rolls : 0).text()});
    out.push_back(methods_csv("methods", die_laws_, state.sides, static_cast<unsigned>(state.bits), false));
  } else if (state.view == "z80") {
    out.push_back(methods_csv("methods", z80_laws_, 20, 8, true));
  } else if (state.view == "expr" && expr_law_ && law_expr_ == state.expr) {
    const SampleRun& run = expr_sample_;
    const bool sampled = run.expr && same_expr_sample(run.spec, state);
    out.push_back({"expr", "Law of " + state.expr + (sampled ? " and the sample" : ""), "shufflelab-" + expression_to_link(state.expr) + ".csv",
                   expr_law_csv(*expr_law_, sampled ? run.expr->min_total : 0,
                                sampled ? std::span<const std::uint64_t>(run.expr->counts) : std::span<const std::uint64_t>(),
                                sampled ? run.expr->rolls : 0).text()});
  }
  return out;
}

CsvExport DicePanel::methods_csv(const char* id, LawTable& laws, std::uint64_t sides, unsigned bits, bool with_printed) {
  LawTable& table = laws_for(laws, sides, bits);
  std::vector<FaceLawRow> rows;
  const auto methods = dice_methods();
  for (std::size_t i = 0; i < methods.size(); ++i) {
    const Result<DieLaw>& l = law(table, i);
    if (!l) continue;  // a method that cannot roll this die (the table says why)
    FaceLawRow row{std::string(methods[i].name), {}};
    for (std::size_t f = 0; f < l->weights.size(); ++f) row.faces.push_back(l->probability(f));
    rows.push_back(std::move(row));
  }
  if (with_printed) {
    // The article's rollDie executed as printed, over the 256 bytes.
    const std::vector<std::uint32_t> printed = z80_roll_die_counts(static_cast<std::uint8_t>(sides));
    FaceLawRow row{"rollDie as printed", {}};
    for (std::uint64_t f = 1; f <= sides; ++f) row.faces.emplace_back(printed[f], 256);
    rows.push_back(std::move(row));
  }
  const std::string die = "d" + std::to_string(sides) + "-" + std::to_string(bits) + "bit";
  return {id, "Every method's law of the d" + std::to_string(sides) + " (fractions)", "shufflelab-" + die + "-methods.csv",
          face_law_matrix_csv(rows).text()};
}

}  // namespace shufflelab::ui

