// ui_dice_charts.cpp: the dice lab's drawings. The scales, columns and
// texts come from core/dice/dice_view; this file only draws them.
#include "ui/ui_dice_charts.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>

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

void tone_text(const ToneLine& line) {
  if (line.tone == Tone::plain)
    ImGui::TextUnformatted(line.text.c_str());
  else
    ImGui::TextColored(tone_color(line.tone), "%s", line.text.c_str());
}

void draw_die_chart(const DieLaw& law, const DieSampleView* sample, bool deviation) {
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
  h.series.deviation = deviation;
  for (const BigUint& w : law.weights) h.series.never.push_back(w.is_zero());
  h.tooltip = [&](std::size_t i) {
    ImGui::Text("Face %zu", i + 1);
    ImGui::Separator();
    for (const ToneLine& line : die_face_lines(law, i, sample)) tone_text(line);
  };
  // Result first: the chart takes the screen's height but for the first row of the stats under it (how it was
  // computed); the others are a scroll away.
  const ImGuiStyle& style = ImGui::GetStyle();
  const float stats = ImGui::GetTextLineHeightWithSpacing() + 2.0f * style.CellPadding.y + style.ItemSpacing.y * 2.0f;
  aggregation_note(draw_histogram("die", h, result_height(em * 13.0f, stats)), "faces");
}

void draw_die_stats(const DieLaw& law) {
  KeyValueTable table("die_stats", 12.0f);  // the label above its value on a phone
  for (const StatRow& row : die_stat_rows(law)) {
    table.row(row.what.c_str());
    if (row.tone != Tone::plain) ImGui::PushStyleColor(ImGuiCol_Text, tone_color(row.tone));
    ImGui::TextWrapped("%s", row.value.c_str());
    if (row.tone != Tone::plain) ImGui::PopStyleColor();
  }
}

// law: the exact law when it is known.
void draw_expr_chart(const ExprChartView& chart, const DiceDistribution* law, const DiceExprSampleResult* sample) {
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

void draw_article_checks(const std::vector<ArticleCheck>& checks) {
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
  for (const ArticleCheck& c : checks) {
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

}  // namespace shufflelab::ui
