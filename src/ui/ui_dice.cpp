// ui_dice.cpp: the dice lab panel. What it shows is computed in
// core/dice/dice_view.hpp; this file draws it.
//
// Index of this file:
// [SECTION] Histogram drawing (palette, legend, bars, axes)
// [SECTION] Small widgets (method, source bits, rolls)
// [SECTION] Laws and sample jobs
// [SECTION] One die
// [SECTION] Expressions
// [SECTION] Z80 d20
// [SECTION] Panel entry points
// [SECTION] Test hook (describe_json)
// [SECTION] CSV exports

#include "ui/ui_dice.hpp"

#include "core/check/check_lab.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <functional>
#include <span>
#include <utility>

#include "core/dice/dice_csv.hpp"
#include "imgui.h"
#include "ui/kit/layout.hpp"
#include "ui/kit/widgets.hpp"

namespace shufflelab::ui {

namespace {

//-----------------------------------------------------------------------------
// [SECTION] Histogram drawing (palette, legend, bars, axes)
//-----------------------------------------------------------------------------

// The plot's roles, bound to the theme's view colours (ui/kit/widgets.hpp).
namespace palette {
const ImU32& kBackground = colors::kViewBg;
const ImU32& kGrid = colors::kViewGrid;
const ImU32& kAxisText = colors::kViewLabel;
const ImU32& kExact = colors::kSeriesA;
const ImU32& kExactMarker = colors::kSeriesAMark;
const ImU32& kFair = colors::kReference;
const ImU32& kSampled = colors::kSeriesB;
const ImU32& kBand = colors::kBand;
const ImU32& kNever = colors::kWarn;
const ImU32& kHover = colors::kHover;
}  // namespace palette

ImVec4 tone_color(Tone tone) {
  switch (tone) {
    case Tone::good: return colors::kGood;
    case Tone::bad: return colors::kError;
    case Tone::plain: break;
  }
  return ImGui::GetStyleColorVec4(ImGuiCol_Text);
}

void tone_text(const ToneLine& line) {
  if (line.tone == Tone::plain)
    ImGui::TextUnformatted(line.text.c_str());
  else
    ImGui::TextColored(tone_color(line.tone), "%s", line.text.c_str());
}

struct HistogramSpec {
  std::int64_t first_label = 1;  // label of cell 0 (face 1, or the lowest total)
  HistogramSeries series;
  std::function<void(std::size_t)> tooltip;
};

// The plot rectangle and its vertical scale.
struct PlotFrame {
  ImVec2 p0, p1;
  float em = 0;
  float cell_w = 0;
  double lo = 0, hi = 1;
  float y_of(double v) const { return p1.y - static_cast<float>((v - lo) / (hi - lo)) * (p1.y - p0.y); }
};

// A legend row: legend_start(), then one legend_item() per entry; entries wrap to the next line.
bool legend_row_empty = true;
void legend_start() { legend_row_empty = true; }

void legend_item(ImU32 color, const char* text, bool line = false) {
  const float em = ImGui::GetFontSize();
  if (!legend_row_empty) flow(em * 1.3f + ImGui::CalcTextSize(text).x, em * 1.2f);
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

void draw_y_axis(ImDrawList* dl, const PlotFrame& f, const HistogramScale& scale) {
  dl->AddRectFilled(f.p0, f.p1, palette::kBackground);
  for (const AxisTick& tick : scale.ticks) {
    const float y = f.y_of(tick.value);
    dl->AddLine(ImVec2(f.p0.x, y), ImVec2(f.p1.x, y), palette::kGrid);
    const float tw = ImGui::CalcTextSize(tick.label.c_str()).x;
    dl->AddText(ImVec2(f.p0.x - tw - f.em * 0.3f, y - f.em * 0.5f), palette::kAxisText, tick.label.c_str());
  }
}

// One column: the exact bar, the sampled bar inside it, the band, then the exact value's marker on top.
void draw_column(ImDrawList* dl, const PlotFrame& f, const HistogramColumn& c, std::size_t group) {
  const float em = f.em, cell_w = f.cell_w;
  const float x0 = f.p0.x + static_cast<float>(c.first) * cell_w;
  const float x1 = f.p0.x + static_cast<float>(c.end) * cell_w;
  const float gap = group == 1 ? std::min(cell_w * 0.16f, em * 0.25f) : 0.0f;
  const float bx0 = x0 + gap * 0.5f, bx1 = std::max(x1 - gap * 0.5f, bx0 + 1.0f);
  const float mid = (x0 + x1) * 0.5f;
  const float zero_y = f.y_of(0.0);
  auto bar = [&](double lo, double hi, float inset, ImU32 color) {
    const float top = f.y_of(std::max(hi, 0.0)), bottom = f.y_of(std::min(lo, 0.0));
    dl->AddRectFilled(ImVec2(bx0 + inset, std::min(top, zero_y)), ImVec2(bx1 - inset, std::max(bottom, zero_y)), color);
  };
  if (c.has_exact) bar(c.exact_lo, c.exact_hi, 0.0f, palette::kExact);
  if (c.has_sampled) bar(c.sampled_lo, c.sampled_hi, group == 1 ? (bx1 - bx0) * 0.22f : 0.0f, palette::kSampled);
  if (c.has_band) {
    dl->AddLine(ImVec2(mid, f.y_of(c.band_lo)), ImVec2(mid, f.y_of(c.band_hi)), palette::kBand, std::max(1.0f, em * 0.08f));
    if (group == 1 && cell_w > em * 0.6f) {
      const float cap = std::min(cell_w * 0.25f, em * 0.35f);
      for (double v : {c.band_lo, c.band_hi})
        dl->AddLine(ImVec2(mid - cap, f.y_of(v)), ImVec2(mid + cap, f.y_of(v)), palette::kBand);
    }
  }
  // The exact values as markers, on top of the sample so both stay readable.
  if (c.has_exact) {
    const float thick = std::max(1.5f, em * 0.12f);
    auto marker = [&](double v, ImU32 color) {
      dl->AddRectFilled(ImVec2(bx0, f.y_of(v) - thick * 0.5f), ImVec2(bx1, f.y_of(v) + thick * 0.5f), color);
    };
    marker(c.exact_hi, c.never && group == 1 ? palette::kNever : palette::kExactMarker);
    if (c.exact_lo < c.exact_hi && group > 1) marker(c.exact_lo, palette::kExactMarker);
  }
  if (c.never) dl->AddRectFilled(ImVec2(bx0, f.p1.y - em * 0.35f), ImVec2(bx1, f.p1.y), palette::kNever);
}

void draw_fair_line(ImDrawList* dl, const PlotFrame& f, const HistogramScale& scale) {
  const float y = f.y_of(scale.plotted(scale.fair));
  for (float x = f.p0.x; x < f.p1.x; x += f.em * 0.8f)
    dl->AddLine(ImVec2(x, y), ImVec2(std::min(x + f.em * 0.45f, f.p1.x), y), palette::kFair, 1.5f);
}

// Labels under the axis at round values, skipping any that would overlap.
void draw_x_labels(ImDrawList* dl, const PlotFrame& f, const HistogramSpec& h, std::size_t cells) {
  const std::int64_t stride = axis_label_stride(f.cell_w, f.em * 2.4f);
  float last_label_end = -1e30f;
  for (std::size_t i = 0; i < cells; ++i) {
    const std::int64_t label = h.first_label + static_cast<std::int64_t>(i);
    if (stride > 1 && label % stride != 0) continue;
    char text[24];
    std::snprintf(text, sizeof text, "%lld", static_cast<long long>(label));
    const float tw = ImGui::CalcTextSize(text).x;
    const float cx = f.p0.x + (static_cast<float>(i) + 0.5f) * f.cell_w;
    const bool red = i < h.series.never.size() && h.series.never[i];
    const float x = std::clamp(cx - tw * 0.5f, f.p0.x - tw * 0.5f, f.p1.x - tw);
    if (x < last_label_end + f.em * 0.4f) continue;
    last_label_end = x + tw;
    dl->AddText(ImVec2(x, f.p1.y + f.em * 0.2f), red ? palette::kNever : palette::kAxisText, text);
  }
}

void draw_hover(ImDrawList* dl, const PlotFrame& f, const HistogramSpec& h, std::size_t cells) {
  const float mx = ImGui::GetIO().MousePos.x;
  if (mx < f.p0.x || mx >= f.p1.x) return;
  const auto i = std::min(cells - 1, static_cast<std::size_t>((mx - f.p0.x) / f.cell_w));
  const float x0 = f.p0.x + static_cast<float>(i) * f.cell_w;
  if (f.cell_w >= 3.0f)
    dl->AddRectFilled(ImVec2(x0, f.p0.y), ImVec2(x0 + f.cell_w, f.p1.y), palette::kHover);
  else
    dl->AddLine(ImVec2(mx, f.p0.y), ImVec2(mx, f.p1.y), palette::kFair);
  ImGui::BeginTooltip();
  h.tooltip(i);
  ImGui::EndTooltip();
}

// Returns how many cells share one drawn column (1 unless they are thinner than 3 pixels).
std::size_t draw_histogram(const char* id, const HistogramSpec& h, float height) {
  const std::size_t cells = h.series.cells();
  if (cells == 0) return 1;
  const float em = ImGui::GetFontSize();
  ImGui::PushID(id);
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const float width = std::max(ImGui::GetContentRegionAvail().x, em * 12.0f);
  ImGui::InvisibleButton("plot", ImVec2(width, height));
  const bool hovered = ImGui::IsItemHovered();
  ImDrawList* dl = ImGui::GetWindowDrawList();

  const HistogramScale scale = histogram_scale(h.series);
  PlotFrame f;
  f.p0 = ImVec2(origin.x + em * 4.4f, origin.y + em * 0.4f);
  f.p1 = ImVec2(origin.x + width - em * 0.4f, origin.y + height - em * 1.5f);
  f.em = em;
  f.cell_w = (f.p1.x - f.p0.x) / static_cast<float>(cells);
  f.lo = scale.lo;
  f.hi = scale.hi;
  const std::size_t group = f.cell_w >= 3.0f ? 1 : static_cast<std::size_t>(std::ceil(3.0f / f.cell_w));

  draw_y_axis(dl, f, scale);
  for (const HistogramColumn& column : histogram_columns(h.series, scale, group)) draw_column(dl, f, column, group);
  if (h.series.fair > 0) draw_fair_line(dl, f, scale);
  draw_x_labels(dl, f, h, cells);
  if (hovered && h.tooltip) draw_hover(dl, f, h, cells);
  ImGui::PopID();
  return group;
}

void aggregation_note(std::size_t group, const char* what) {
  if (group > 1)
    ImGui::TextColored(colors::kMuted, "Each column covers %zu %s (its highest and lowest values marked); hover for the exact %s.",
                       group, what, what[0] == 'f' ? "face" : "total");
}

//-----------------------------------------------------------------------------
// [SECTION] Small widgets (method, source bits, rolls)
//-----------------------------------------------------------------------------

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

// "Source" and the word size picker of the die and expression views.
bool bits_combo(const char* id, int& bits) {
  ImGui::TextUnformatted("Source");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 10.0f);
  bool changed = false;
  if (ImGui::BeginCombo(id, bits_label(bits))) {
    for (int b : kDiceWordBits)
      if (ImGui::Selectable(bits_label(b), b == bits)) bits = b, changed = true;
    ImGui::EndCombo();
  }
  return changed;
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

// Reads a finished job's result into its slot (once), or its decoding error.
template <class R, class Read>
void take_result(JobSlot<R>& slot, JobRunner& jobs, Read&& read) {
  if (!slot.poll(jobs)) return;
  auto r = read(slot.status.result);
  if (r) slot.result = *r; else slot.error = r.error();
}

}  // namespace

//-----------------------------------------------------------------------------
// [SECTION] Laws and sample jobs
//-----------------------------------------------------------------------------

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

void DicePanel::poll_samples(JobRunner& jobs) {
  take_result(die_sample_, jobs, read_dice_sample_result);
  take_result(expr_sample_, jobs, read_dice_expr_sample_result);
  take_result(z80_sample_, jobs, read_dice_sample_result);
}

std::string DicePanel::z80_seed(const DiceLabState& state) {
  return state.gen == "z80" ? state.seed : std::string(find_dice_generator("z80")->default_seed);
}

void DicePanel::start_die_sample(const DiceLabState& state, JobRunner& jobs) {
  const DiceMethodInfo* method = find_dice_method(state.method);
  if (!method) return;
  DiceSampleSpec spec{{method}, state.sides, static_cast<unsigned>(state.bits), state.gen, state.seed, state.rolls};
  die_sample_.start(jobs, "dice_sample", dice_sample_params(spec), die_sample_key(state));
  die_sample_state_ = state;
  run_started_ = true;
}

void DicePanel::start_expr_sample(const DiceLabState& state, JobRunner& jobs) {
  DiceExprSampleSpec spec{state.expr, find_dice_method(state.method), static_cast<unsigned>(state.bits), state.gen,
                          state.seed, state.rolls};
  expr_sample_.start(jobs, "dice_expr_sample", dice_expr_sample_params(spec), expr_sample_key(state));
  run_started_ = true;
}

void DicePanel::start_z80_sample(const DiceLabState& state, JobRunner& jobs) {
  DiceSampleSpec spec;
  for (const DiceMethodInfo& m : dice_methods()) spec.methods.push_back(&m);
  spec.sides = 20;
  spec.bits = 8;
  spec.gen = "z80";
  spec.seed = z80_seed(state);
  spec.rolls = state.rolls;
  z80_sample_.start(jobs, "dice_sample", dice_sample_params(spec), z80_sample_key(spec.seed, spec.rolls));
  run_started_ = true;
}

std::string DicePanel::run_key(const DiceLabState& state) {
  if (state.view == "expr") return "expr:" + expr_sample_key(state);
  if (state.view == "z80") return "z80:" + z80_sample_key(z80_seed(state), state.rolls);
  return "die:" + die_sample_key(state);
}

void DicePanel::start_run(DiceLabState& state, PanelContext& ctx) {
  if (state.run != "sample") return;
  sync_buffers(state);
  command("roll", state, ctx);
  note_run(state);
}

// A sample just started becomes the link's run=sample; one whose inputs
// changed since, or that was cancelled, leaves the link.
void DicePanel::note_run(DiceLabState& state) {
  if (std::exchange(run_started_, false)) linked_run_.started(state.run, "sample", run_key(state));
  const JobSlot<DiceSampleResult>& shown = state.view == "z80" ? z80_sample_ : die_sample_;
  const bool cancelled = state.view == "expr" ? expr_sample_.status.state == JobStatus::State::cancelled
                                              : shown.status.state == JobStatus::State::cancelled;
  linked_run_.drop_if_stale(state.run, run_key(state), cancelled);
}

//-----------------------------------------------------------------------------
// [SECTION] One die
//-----------------------------------------------------------------------------

bool DicePanel::draw_die_controls(DiceLabState& state) {
  bool changed = false;
  const float em = ImGui::GetFontSize();
  const DiceMethodInfo* current = find_dice_method(state.method);

  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("Method");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(em * 13.0f);
  changed |= method_combo("##method", state.method);
  if (current) help_marker(std::string(current->summary).c_str());
  changed |= draw_sides_and_bits(state);

  ImGui::AlignTextToFramePadding();
  ImGui::TextColored(colors::kMuted, "Dice:");
  for (std::uint64_t n : {4u, 6u, 8u, 10u, 12u, 20u, 52u, 78u, 100u, 1000u}) {
    flow(em * 3.0f, ImGui::GetStyle().ItemSpacing.x);
    std::string label = "d";
    label += std::to_string(n);
    if (ImGui::SmallButton(label.c_str())) state.sides = n, changed = true;
  }
  return changed;
}

bool DicePanel::draw_sides_and_bits(DiceLabState& state) {
  bool changed = false;
  const float em = ImGui::GetFontSize();
  flow(em * 12.0f, em * 1.2f);
  ImGui::TextUnformatted("Sides");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(stepper_width(3.0f));
  std::uint64_t sides = state.sides;
  const std::uint64_t one = 1;
  const bool sides_edited = ImGui::InputScalar("##sides", ImGuiDataType_U64, &sides, &one);
  declare_text_field(TextFieldKind::numeric);
  if (sides_edited) {
    sides = std::clamp<std::uint64_t>(sides, 1, kMaxDiceLabSides);
    if (sides != state.sides) state.sides = sides, changed = true;
  }
  flow(em * 15.5f, em * 1.2f);
  changed |= bits_combo("##bits", state.bits);
  help_marker("How many random bits one draw of the source gives. 31 bits is what glibc's rand() returns "
              "(RAND_MAX = 2^31 - 1). Range methods use one word per try; coin-flip rollers read its bits one by one.");
  return changed;
}

// The die sample against this law, when it was rolled with the settings on screen.
std::optional<DieSampleView> DicePanel::die_sample_for(const DiceLabState& state, const DieLaw& law) const {
  const DiceSampleResult* sample = die_sample_.current(die_sample_key(state));
  if (!sample || sample->counts.empty()) return std::nullopt;
  return die_sample_view(law, sample->counts[0], sample->rolls, sample->bits_drawn[0]);
}

void DicePanel::draw_die_chart(const DieLaw& law, const DieSampleView* sample) {
  const float em = ImGui::GetFontSize();
  legend_start();
  legend_item(palette::kExact, "exact probability");
  legend_item(palette::kFair, "fair share 1/n", true);
  if (!law.stats.never.empty()) legend_item(palette::kNever, "never comes up");
  if (sample) {
    legend_item(palette::kSampled, "sampled frequency");
    legend_item(palette::kBand, "expected spread (2 sigma)", true);
  }

  HistogramSpec h;
  h.series.exact = law.probabilities;
  if (sample) {
    h.series.sampled = sample->frequencies;
    h.series.band_low = sample->verdict.band_low;
    h.series.band_high = sample->verdict.band_high;
  }
  h.series.fair = 1.0 / static_cast<double>(law.sides);
  h.series.deviation = deviation_view_;
  for (const BigUint& w : law.weights) h.series.never.push_back(w.is_zero());
  h.tooltip = [&](std::size_t i) {
    ImGui::Text("Face %zu", i + 1);
    ImGui::Separator();
    for (const ToneLine& line : die_face_lines(law, i, sample)) tone_text(line);
  };
  aggregation_note(draw_histogram("die", h, em * 13.0f), "faces");
}

void DicePanel::draw_die_stats(const DieLaw& law) {
  KeyValueTable table("die_stats", 12.0f);  // the label above its value on a phone
  for (const StatRow& row : die_stat_rows(law)) {
    table.row(row.what.c_str());
    if (row.tone != Tone::plain) ImGui::PushStyleColor(ImGuiCol_Text, tone_color(row.tone));
    ImGui::TextWrapped("%s", row.value.c_str());
    if (row.tone != Tone::plain) ImGui::PopStyleColor();
  }
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
    const MethodRow row = method_row(entry->value());
    if (row.fair)
      ImGui::TextColored(colors::kGood, "%s", row.total_variation.c_str());
    else
      ImGui::TextUnformatted(row.total_variation.c_str());
    ImGui::TableSetColumnIndex(2);
    if (row.max_min_ratio)
      ImGui::TextUnformatted(row.max_min_ratio->c_str());
    else
      ImGui::TextColored(colors::kError, "infinite");
    ImGui::TableSetColumnIndex(3);
    if (row.never == 0)
      ImGui::TextUnformatted("0");
    else
      ImGui::TextColored(colors::kError, "%zu", row.never);
    ImGui::TableSetColumnIndex(4);
    ImGui::TextUnformatted(row.bits_per_roll.c_str());
    ImGui::TableSetColumnIndex(5);
    ImGui::TextUnformatted(row.rolls_to_notice.c_str());
  }
  ImGui::EndTable();
  return changed;
}

// A seed field that takes the text only when the generator accepts it.
bool DicePanel::draw_seed_field(DiceLabState& state, const char* id, ImGuiInputTextFlags flags) {
  const bool edited = ImGui::InputText(id, seed_text_, sizeof seed_text_, flags);
  declare_text_field(flags & ImGuiInputTextFlags_CharsHexadecimal ? TextFieldKind::hex : TextFieldKind::text);
  if (!edited) return false;
  auto g = make_dice_generator(state.gen, seed_text_);
  if (!g) {
    seed_error_ = g.error();
    return false;
  }
  seed_error_.clear();
  state.seed = seed_text_;
  shown_.seed = state.seed;
  return true;
}

bool DicePanel::draw_rolls_combo(const char* id, DiceLabState& state) {
  bool changed = false;
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8.0f);
  if (ImGui::BeginCombo(id, grouped(state.rolls).c_str())) {
    for (std::uint64_t n : kRollChoices)
      if (ImGui::Selectable(grouped(n).c_str(), n == state.rolls)) state.rolls = n, changed = true;
    ImGui::EndCombo();
  }
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
    flow(em * 15.0f, em);
    changed |= bits_combo("##xbits", state.bits);
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
  flow(em * 15.0f, em);
  ImGui::TextUnformatted("Seed");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(em * 11.0f);
  changed |= draw_seed_field(state, "##seed", ImGuiInputTextFlags_CharsNoBlank);
  if (const DiceGeneratorInfo* g = find_dice_generator(state.gen)) help_marker(std::string(g->seed_help).c_str());
  flow(em * 11.5f, em);
  ImGui::TextUnformatted("Rolls");
  ImGui::SameLine();
  changed |= draw_rolls_combo("##rolls", state);
  field_error(seed_error_);
  return changed;
}

void DicePanel::draw_die_sampling(const DiceLabState& state, const DieLaw* law, const DieSampleView* sample,
                                  JobRunner& jobs) {
  if (!die_sample_.running()) {
    ImGui::BeginDisabled(law == nullptr);
    const std::string label = "Roll " + grouped(state.rolls) + " times";
    if (ImGui::Button(label.c_str())) start_die_sample(state, jobs);
    ImGui::EndDisabled();
  }
  job_progress_row(die_sample_, jobs);
  if (!die_sample_.result || !law) return;
  if (!sample) {
    const DiceLabState& rolled = die_sample_state_;
    ImGui::TextColored(colors::kMuted, "The last sample (%s, d%llu, %s, seed %s) is for other settings: roll again.",
                       rolled.method.c_str(), static_cast<unsigned long long>(rolled.sides), rolled.gen.c_str(),
                       rolled.seed.c_str());
    return;
  }
  ImGui::Text("%s rolls from %s (seed %s) used %s random bits per roll (the exact law expects %s).",
              grouped(sample->rolls).c_str(), state.gen.c_str(), state.seed.c_str(),
              number_text(sample->bits_per_roll, 5).c_str(), number_text(law->expected_bits.to_double(), 5).c_str());
  ImGui::PushTextWrapPos(0.0f);
  tone_text(sample->uniform_line);
  tone_text(sample->exact_line);
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
  std::optional<DieSampleView> sample;
  if (!current) {
    field_error(current.error());
  } else {
    shown = &current.value();
    sample = die_sample_for(state, *shown);
    ImGui::Checkbox("Show deviation from 1/n", &deviation_view_);
    help_marker("Plots (p - 1/n) / (1/n) in percent, so tiny biases of wide words become visible.");
    draw_die_chart(*shown, sample ? &*sample : nullptr);
    draw_die_stats(*shown);
  }

  section("Sampling");
  explain("Roll the die for real: words from a generator, through the chosen method, in a background worker.");
  changed |= draw_source_controls(state, false);
  draw_die_sampling(state, shown, sample ? &*sample : nullptr, jobs);

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
  ImGui::SetNextItemWidth(stepper_width(3.5f));
  std::uint64_t roll = state.roll;
  const std::uint64_t step = 1;
  const bool roll_edited = ImGui::InputScalar("roll k", ImGuiDataType_U64, &roll, &step, nullptr, "%llu");
  declare_text_field(TextFieldKind::numeric);
  if (roll_edited)
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
  lanes_.draw(state.lanes, setup_key(state, encode_dice_lab), [&] { return dice_lab_lanes(state); });
  return state != before;
}

//-----------------------------------------------------------------------------
// [SECTION] Expressions
//-----------------------------------------------------------------------------

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

// The exact law of state.expr: computed at once when quick, else by a job (its setup key: the expression).
void DicePanel::refresh_expression_law(const DiceLabState& state, JobRunner& jobs) {
  if (law_expr_ != state.expr) {
    expr_law_job_.cancel(jobs);
    expr_law_job_ = {};
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
      expr_law_job_.start(jobs, "dice_expr_exact", "expr=" + expression_to_link(state.expr), state.expr);
    }
  }
  if (expr_law_job_.running()) {
    if (expr_law_job_.poll(jobs)) {
      auto dist = distribution_from_doubles(expr_law_job_.status.result);
      if (dist) expr_law_ = *dist; else expr_law_error_ = expr_law_job_.status.summary;
    } else if (!expr_law_job_.running()) {  // failed or cancelled
      expr_law_error_ = expr_law_job_.status.summary;
    }
  }
  if (expr_law_ && !expr_view_) expr_view_ = view_distribution(*expr_law_);
}

bool DicePanel::draw_expr_field(DiceLabState& state) {
  bool changed = false;
  const float em = ImGui::GetFontSize();
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
    flow(ImGui::CalcTextSize(example).x + em, ImGui::GetStyle().ItemSpacing.x);
    if (ImGui::SmallButton(example)) {
      std::snprintf(expr_text_, sizeof expr_text_, "%s", example);
      changed |= apply_expression_text(state);
    }
  }
  if (!expr_error_.empty()) {
    draw_expr_error_caret(field_min, field_max);
    field_error(expr_error_ + "   (showing the last valid expression, " + state.expr + ")");
  }
  return changed;
}

// A caret under the offending character (positions are 1-based).
void DicePanel::draw_expr_error_caret(ImVec2 field_min, ImVec2 field_max) {
  if (!expr_error_position_ || *expr_error_position_ < 1) return;
  const float em = ImGui::GetFontSize();
  const std::string before(expr_text_, std::min(std::strlen(expr_text_), *expr_error_position_ - 1));
  const float x = field_min.x + ImGui::GetStyle().FramePadding.x + ImGui::CalcTextSize(before.c_str()).x;
  const ImVec2 tip(std::min(x, field_max.x - em * 0.3f), field_max.y + em * 0.05f);
  ImGui::GetWindowDrawList()->AddTriangleFilled(tip, ImVec2(tip.x - em * 0.35f, tip.y + em * 0.5f),
                                                ImVec2(tip.x + em * 0.35f, tip.y + em * 0.5f), palette::kNever);
  ImGui::Dummy(ImVec2(0, em * 0.4f));
}

void DicePanel::draw_expr_chart(const ExprChartView& chart, const DiceExprSampleResult* sample) {
  const DiceDistribution* law = expr_law_ && expr_view_ ? &*expr_law_ : nullptr;
  if (law) ImGui::TextUnformatted(chart.law_line.c_str());
  if (chart.exact.empty() && chart.frequencies.empty()) return;
  legend_start();
  legend_item(palette::kExact, "exact probability");
  if (sample) {
    legend_item(palette::kSampled, "sampled frequency");
    if (chart.verdict) legend_item(palette::kBand, "expected spread (2 sigma)", true);
  }
  HistogramSpec h;
  h.first_label = chart.first_total;
  h.series.exact = chart.exact;
  h.series.sampled = chart.frequencies;
  if (chart.verdict) {
    h.series.band_low = chart.verdict->band_low;
    h.series.band_high = chart.verdict->band_high;
  }
  h.tooltip = [&](std::size_t i) {
    ImGui::Text("Total %lld", static_cast<long long>(chart.first_total + static_cast<std::int64_t>(i)));
    ImGui::Separator();
    for (const std::string& line : expr_total_lines(chart, law, sample, i)) ImGui::TextUnformatted(line.c_str());
  };
  aggregation_note(draw_histogram("expr", h, ImGui::GetFontSize() * 12.0f), "totals");
}

bool DicePanel::draw_expr_sampling(DiceLabState& state, const ExprChartView& chart, const DiceExprSampleResult* sample,
                                   JobRunner& jobs) {
  section("Sampling the expression");
  explain("Every die of the expression is rolled with the chosen method on the generator's words.");
  const bool changed = draw_source_controls(state, true);
  if (!expr_sample_.running()) {
    const std::string label = "Roll " + state.expr + " " + grouped(state.rolls) + " times";
    if (ImGui::Button(label.c_str())) start_expr_sample(state, jobs);
  }
  job_progress_row(expr_sample_, jobs);
  // A roll started (or a setting changed) this frame leaves no sample to report.
  if (expr_sample_.current(expr_sample_key(state)) != sample) sample = nullptr;
  if (expr_sample_.result && !sample) ImGui::TextColored(colors::kMuted, "The last sample was for other settings: roll again.");
  if (!sample) return changed;
  ImGui::Text("%s rolls used %s random bits per roll.", grouped(sample->rolls).c_str(),
              number_text(static_cast<double>(sample->bits_drawn) / static_cast<double>(sample->rolls), 5).c_str());
  ImGui::PushTextWrapPos(0.0f);
  if (chart.verdict) tone_text(expr_verdict_line(*chart.verdict));
  ImGui::PopTextWrapPos();
  return changed;
}

bool DicePanel::draw_expr_view(DiceLabState& state, JobRunner& jobs) {
  explain("Type dice notation: NdS rolls N dice with S sides, kh/kl keep the highest/lowest, dh/dl drop them, "
          "d% is d100, and constants add up.");
  bool changed = draw_expr_field(state);
  refresh_expression_law(state, jobs);
  section(("Exact law of " + state.expr).c_str());
  if (expr_law_job_.running())
    ImGui::TextColored(colors::kMuted, "Computing the exact law in the background...");
  else if (!expr_law_error_.empty())
    field_error(expr_law_error_);
  // The sample and its verdict as they were before this frame's controls.
  const DiceExprSampleResult* sample = expr_sample_.current(expr_sample_key(state));
  const bool with_law = expr_law_ && expr_view_;
  const ExprChartView chart = expr_chart_view(with_law ? &*expr_law_ : nullptr, with_law ? &*expr_view_ : nullptr, sample);
  draw_expr_chart(chart, sample);
  changed |= draw_expr_sampling(state, chart, sample, jobs);
  return changed;
}

//-----------------------------------------------------------------------------
// [SECTION] Z80 d20
//-----------------------------------------------------------------------------

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
  dl->AddRectFilled(start, end, colors::kViewBg, em * 0.3f);
  dl->AddRect(start, end, colors::kViewFrame, em * 0.3f);
  dl->ChannelsMerge();
  ImGui::SetCursorScreenPos(ImVec2(start.x, end.y));
  ImGui::Dummy(ImVec2(0, em * 0.5f));
}

bool DicePanel::draw_z80_seed(DiceLabState& state, const std::string& seed) {
  if (state.gen != "z80") {
    ImGui::TextColored(colors::kMuted, "Rolling with the Z80 routine at seed %s (the lab's generator is %s).", seed.c_str(),
                       state.gen.c_str());
    ImGui::SameLine();
    if (!ImGui::SmallButton("Use the Z80 routine")) return false;
    state.gen = "z80";
    state.seed = seed;
    return true;
  }
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("Z80 seed");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 11.0f);
  const bool changed =
      draw_seed_field(state, "##z80seed", ImGuiInputTextFlags_CharsHexadecimal | ImGuiInputTextFlags_CharsUppercase);
  help_marker("_LFSRSeed+0..+7 as 16 hex digits, byte +0 first; not all zero.");
  field_error(seed_error_);
  return changed;
}

// The first 12 faces of every method from this seed, then of the printed rollDie.
void DicePanel::refresh_first_rolls(const std::string& seed) {
  if (first_rolls_seed_ == seed) return;
  first_rolls_seed_ = seed;
  first_rolls_.clear();
  auto join = [](const auto& faces) {
    std::string text;
    for (auto f : faces) text.append(text.empty() ? "" : " ").append(std::to_string(f));
    return text;
  };
  for (const DiceMethodInfo& m : dice_methods()) {
    auto faces = first_rolls(m, 20, 8, "z80", seed, 12);
    first_rolls_.push_back(faces ? join(*faces) : faces.error());
  }
  auto printed = z80_printed_rolls(seed, 20, 12);
  first_rolls_.push_back(printed ? join(*printed) : printed.error());
}

void DicePanel::draw_z80_table(const DiceLabState& state, const std::string& seed) {
  LawTable& table = laws_for(z80_laws_, 20, 8);
  const auto methods = dice_methods();
  const DiceSampleResult* sample = z80_sample_.current(z80_sample_key(seed, state.rolls));
  if (sample && sample->counts.size() != methods.size()) sample = nullptr;
  const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_SizingStretchProp;
  if (!ImGui::BeginTable("z80", sample ? 6 : 5, flags)) return;
  ImGui::TableSetupColumn("Method", ImGuiTableColumnFlags_WidthStretch, 2.0f);
  ImGui::TableSetupColumn("Face 1", ImGuiTableColumnFlags_WidthStretch, 1.0f);
  ImGui::TableSetupColumn("Face 20", ImGuiTableColumnFlags_WidthStretch, 1.0f);
  ImGui::TableSetupColumn("Max / min", ImGuiTableColumnFlags_WidthStretch, 1.2f);
  ImGui::TableSetupColumn("First 12 rolls", ImGuiTableColumnFlags_WidthStretch, 3.0f);
  if (sample) ImGui::TableSetupColumn("Sampled face 20", ImGuiTableColumnFlags_WidthStretch, 1.4f);
  ImGui::TableHeadersRow();
  for (std::size_t i = 0; i < methods.size(); ++i) {
    const Result<DieLaw>& l = law(table, i);
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
    ImGui::TextUnformatted(std::string(methods[i].label).c_str());
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", std::string(methods[i].summary).c_str());
    ImGui::TableSetColumnIndex(1);
    if (!l) {
      ImGui::TextColored(colors::kMuted, "%s", l.error().c_str());
      continue;
    }
    const Z80Row row = z80_row(*l);
    ImGui::TextUnformatted(row.face1.c_str());
    ImGui::TableSetColumnIndex(2);
    if (row.face20_never)
      ImGui::TextColored(colors::kError, "%s never", row.face20.c_str());
    else
      ImGui::TextUnformatted(row.face20.c_str());
    ImGui::TableSetColumnIndex(3);
    ImGui::TextUnformatted(row.max_min_ratio.c_str());
    ImGui::TableSetColumnIndex(4);
    ImGui::TextUnformatted(first_rolls_[i].c_str());
    if (sample) {
      ImGui::TableSetColumnIndex(5);
      const std::uint64_t c = sample->counts[i][19];
      ImGui::TextColored(c == 0 ? colors::kError : colors::kMuted, "%s", sampled_share_text(c, sample->rolls).c_str());
    }
  }
  draw_printed_row();
  ImGui::EndTable();
}

// The listing as printed, run instruction by instruction.
void DicePanel::draw_printed_row() {
  const std::vector<std::uint32_t> printed = z80_roll_die_counts(20);
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
  ImGui::TextUnformatted(printed_ratio_text(printed).c_str());
  ImGui::TableSetColumnIndex(4);
  ImGui::TextUnformatted(first_rolls_.back().c_str());
}

bool DicePanel::draw_z80_view(DiceLabState& state, JobRunner& jobs) {
  explain("Seed 002 rolls a d20 from one byte of the Z80 LFSR routine. Each row pushes the same bytes through one "
          "method: the exact share of the 256 bytes each face gets, and the first rolls from the seed.");
  const std::string seed = z80_seed(state);
  bool changed = draw_z80_seed(state, seed);
  refresh_first_rolls(seed);
  draw_z80_table(state, seed);
  ImGui::TextColored(colors::kMuted, "Range methods: bytes per face out of the accepted bytes. Coin-flip rollers: exact probability.");

  if (!z80_sample_.running()) {
    const std::string label = "Roll " + grouped(state.rolls) + " d20s with every method";
    if (ImGui::Button(label.c_str())) start_z80_sample(state, jobs);
    ImGui::SameLine();
    changed |= draw_rolls_combo("##z80rolls", state);
  }
  job_progress_row(z80_sample_, jobs);
  ImGui::Spacing();
  draw_article_checks();
  return changed;
}

//-----------------------------------------------------------------------------
// [SECTION] Panel entry points
//-----------------------------------------------------------------------------

bool DicePanel::draw(DiceLabState& state, PanelContext& ctx) {
  sync_buffers(state);
  poll_samples(*ctx.jobs);

  ImGui::TextUnformatted("Dice: squeezing random bits into a range");
  help_marker("A generator gives B random bits at a time; a die needs a number from 1 to n. Every method here "
              "makes that step differently; most are a little unfair, some very. The exact law of each is computed "
              "from all possible words, not estimated.");
  explain("Pick a method and a die: the chart shows the exact chance of every face. Bars that stick out are bias; "
          "red faces can never come up. Sample to see the same thing happen with a real generator.");

  static constexpr TabSpec kTabs[] = {{"die", "One die"}, {"expr", "Dice expressions"}, {"z80", "Z80 d20 and the articles"}};
  const bool changed = tabs_.draw("dice_views", kTabs, state.view, [&](const std::string& view) {
    if (view == "die") {
      const bool die_changed = draw_die_view(state, *ctx.jobs);
      const char* check = "Check rolls from your own code against this method (Check lab)";
      if (ImGui::Button(check)) ctx.open_link = check_link_for_rolls(state.method, state.sides, static_cast<std::uint64_t>(state.bits));
      return die_changed;
    }
    if (view == "expr") return draw_expr_view(state, *ctx.jobs);
    return draw_z80_view(state, *ctx.jobs);
  });
  note_run(state);
  return changed;
}

bool DicePanel::command(std::string_view name, DiceLabState& state, PanelContext& ctx) {
  sync_buffers(state);
  if (name == "roll") {
    if (state.view == "expr") start_expr_sample(state, *ctx.jobs);
    else if (state.view == "z80") start_z80_sample(state, *ctx.jobs);
    else start_die_sample(state, *ctx.jobs);
    note_run(state);
    return true;
  }
  if (name == "cancel") {
    die_sample_.cancel(*ctx.jobs);
    expr_sample_.cancel(*ctx.jobs);
    z80_sample_.cancel(*ctx.jobs);
    return true;
  }
  if (name == "deviation=1" || name == "deviation=0") {
    deviation_view_ = name.back() == '1';
    return true;
  }
  if (name.rfind("lane_", 0) == 0) {
    lanes_.refresh(state.lanes, setup_key(state, encode_dice_lab), [&] { return dice_lab_lanes(state); });
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

//-----------------------------------------------------------------------------
// [SECTION] Test hook (describe_json)
//-----------------------------------------------------------------------------

namespace {

// 0-based values as 1-based faces.
std::string json_faces(const std::vector<std::uint64_t>& values) {
  return json_array(values, [](std::uint64_t v) { return std::to_string(v + 1); });
}

std::string json_big(const BigUint& value) { return json_string(value.to_string()); }

template <class R>
std::string job_json(const JobSlot<R>& slot) {
  return "{\"state\":" + std::to_string(static_cast<int>(slot.status.state)) + ",\"progress\":" +
         json_number(slot.status.progress) + ",\"summary\":" + json_string(slot.status.summary);
}

std::string law_json(const DieLaw& l) {
  return "{\"how\":" + json_string(l.how) + ",\"total\":" + json_big(l.total) + ",\"rejected\":" + json_big(l.rejected) +
         ",\"counts\":" + json_array(l.weights, json_big) + ",\"tv\":" + json_number(l.stats.total_variation_approx) +
         ",\"tvFraction\":" + json_string(l.stats.total_variation.to_string()) + ",\"maxMinRatio\":" +
         (l.stats.max_min_ratio ? json_string(l.stats.max_min_ratio->to_string()) : std::string("null")) +
         ",\"never\":" + json_faces(l.stats.never) + ",\"favoured\":" + std::to_string(l.stats.favoured.size()) +
         ",\"starved\":" + std::to_string(l.stats.starved.size()) + ",\"expectedBits\":" +
         json_number(l.expected_bits.to_double()) + ",\"log2n\":" + json_number(l.log2_sides) +
         ",\"rollsToNotice\":" + json_number(rolls_to_notice(l)) + "}";
}

std::string compare_json(const DiceMethodInfo& method, const Result<DieLaw>& l) {
  std::string out = "{\"method\":" + json_string(method.name);
  if (!l) return out + ",\"error\":" + json_string(l.error()) + "}";
  return out + ",\"tv\":" + json_number(l->stats.total_variation_approx) + ",\"never\":" +
         std::to_string(l->stats.never.size()) + ",\"maxMinRatio\":" +
         json_number(l->stats.max_min_ratio ? l->stats.max_min_ratio->to_double() : HUGE_VAL) +
         ",\"expectedBits\":" + json_number(l->expected_bits.to_double()) + "}";
}

}  // namespace

// ,"exact":{...},"compare":[...],"sample":{...}
std::string DicePanel::describe_exact_json(const DiceLabState& state) {
  LawTable& table = laws_for(die_laws_, state.sides, static_cast<unsigned>(state.bits));
  const Result<DieLaw>& current = law(table, method_index(state.method));
  std::string out = ",\"exact\":" + (current ? law_json(*current) : "{\"error\":" + json_string(current.error()) + "}");
  const auto methods = dice_methods();
  out += ",\"compare\":[";
  for (std::size_t i = 0; i < methods.size(); ++i) {
    if (i) out += ',';
    out += compare_json(methods[i], law(table, i));
  }
  out += "]";

  out += ",\"sample\":" + job_json(die_sample_);
  const DiceSampleResult* sample = die_sample_.current(die_sample_key(state));
  if (sample && current) {
    const auto& counts = sample->counts[0];
    const SampleVerdict v = judge_sample(counts, current->probabilities);
    out += ",\"rolls\":" + std::to_string(sample->rolls) + ",\"counts\":" + json_integers(counts) +
           ",\"bitsDrawn\":" + std::to_string(sample->bits_drawn[0]) + ",\"chiSquare\":" +
           json_number(v.chi_square_uniform) + ",\"pValue\":" + json_number(v.p_uniform) +
           ",\"chiSquareExact\":" + json_number(v.chi_square_exact) + ",\"pValueExact\":" + json_number(v.p_exact);
  }
  return out + "}";
}

// ,"expression":{...}
std::string DicePanel::describe_expression_json(const DiceLabState& state, JobRunner& jobs) {
  if (state.view == "expr") refresh_expression_law(state, jobs);
  std::string out = ",\"expression\":{\"text\":" + json_string(expr_text_) + ",\"error\":" + json_string(expr_error_) +
                    ",\"errorPosition\":" +
                    (expr_error_position_ ? std::to_string(*expr_error_position_) : std::string("null")) +
                    ",\"lawExpr\":" + json_string(law_expr_) + ",\"lawError\":" + json_string(expr_law_error_) +
                    ",\"lawComputing\":" + json_bool(expr_law_job_.running());
  if (expr_law_ && expr_view_)
    out += ",\"minTotal\":" + std::to_string(expr_law_->min_total) + ",\"totals\":" +
           std::to_string(expr_law_->counts.size()) + ",\"outcomes\":" + json_big(expr_law_->outcomes) +
           ",\"mean\":" + json_number(expr_view_->mean) +
           (expr_law_->counts.size() <= 2000 ? ",\"counts\":" + json_array(expr_law_->counts, json_big) : std::string());
  out += ",\"sample\":" + job_json(expr_sample_);
  if (const auto& sample = expr_sample_.result)
    out += ",\"rolls\":" + std::to_string(sample->rolls) + ",\"minTotal\":" + std::to_string(sample->min_total) +
           ",\"counts\":" + json_integers(sample->counts);
  return out + "}}";
}

// ,"z80":{...}
std::string DicePanel::describe_z80_json(const DiceLabState& state) {
  LawTable& d20 = laws_for(z80_laws_, 20, 8);
  const auto methods = dice_methods();
  std::string out = ",\"z80\":{\"seed\":" + json_string(z80_seed(state)) + ",\"face20\":{";
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
  if (const auto& sample = z80_sample_.result)
    out += ",\"face20\":" +
           json_array(sample->counts, [](const std::vector<std::uint64_t>& c) { return std::to_string(c[19]); });
  return out + "}}";
}

void DicePanel::text_inputs(const DiceLabState& state, LabTextInputs& in) const {
  if (state.view == "die") in.die_sample = die_sample_.current(die_sample_key(state));
}

std::string DicePanel::describe_json(const DiceLabState& state, PanelContext& ctx) {
  poll_samples(*ctx.jobs);
  std::string out = "{\"method\":" + json_string(state.method) + ",\"sides\":" + std::to_string(state.sides) +
                    ",\"bits\":" + std::to_string(state.bits) + ",\"gen\":" + json_string(state.gen) +
                    ",\"seed\":" + json_string(state.seed) + ",\"rolls\":" + std::to_string(state.rolls) +
                    ",\"expr\":" + json_string(state.expr) + ",\"view\":" + json_string(state.view);
  out += describe_exact_json(state);
  out += describe_expression_json(state, *ctx.jobs);

  out += ",\"roll\":{\"k\":" + std::to_string(state.roll);
  if (const auto r = dice_lab_roll(state))
    out += ",\"value\":" + std::to_string(r->value) + ",\"wordsBefore\":" + std::to_string(r->words_before) +
           ",\"words\":" + json_array(r->words, [](std::uint64_t w) { return json_string(std::to_string(w)); });
  else
    out += ",\"error\":" + json_string(r.error());
  out += "}";
  lanes_.refresh(state.lanes, setup_key(state, encode_dice_lab), [&] { return dice_lab_lanes(state); });
  out += lanes_.describe_json_field();

  out += describe_z80_json(state);
  return out + "}";
}

//-----------------------------------------------------------------------------
// [SECTION] CSV exports
//-----------------------------------------------------------------------------

std::vector<CsvExport> DicePanel::csv_exports(const DiceLabState& state) {
  std::vector<CsvExport> out;
  if (state.view == "die") {
    const Result<DieLaw>& current = law(laws_for(die_laws_, state.sides, static_cast<unsigned>(state.bits)), method_index(state.method));
    if (!current) return out;
    const DiceSampleResult* sample = die_sample_.current(die_sample_key(state));
    if (sample && sample->counts.empty()) sample = nullptr;
    const std::string name = "d" + std::to_string(state.sides) + "-" + state.method + "-" + std::to_string(state.bits) + "bit";
    out.push_back({"die", "Law of the d" + std::to_string(state.sides) + (sample ? " and the sample" : ""),
                   "shufflelab-" + name + ".csv",
                   die_law_csv(current.value(), sample ? std::span<const std::uint64_t>(sample->counts[0]) : std::span<const std::uint64_t>(),
                               sample ? sample->rolls : 0).text()});
    out.push_back(methods_csv("methods", die_laws_, state.sides, static_cast<unsigned>(state.bits), false));
  } else if (state.view == "z80") {
    out.push_back(methods_csv("methods", z80_laws_, 20, 8, true));
  } else if (state.view == "expr" && expr_law_ && law_expr_ == state.expr) {
    const DiceExprSampleResult* sample = expr_sample_.current(expr_sample_key(state));
    out.push_back({"expr", "Law of " + state.expr + (sample ? " and the sample" : ""), "shufflelab-" + expression_to_link(state.expr) + ".csv",
                   expr_law_csv(*expr_law_, sample ? sample->min_total : 0,
                                sample ? std::span<const std::uint64_t>(sample->counts) : std::span<const std::uint64_t>(),
                                sample ? sample->rolls : 0).text()});
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
