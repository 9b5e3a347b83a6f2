// ui_poker.cpp: the One Chip poker lab panel.
// Index of this file:
// [SECTION] Colours and small drawing helpers
// [SECTION] Controls and timeline
// [SECTION] This call and the hand
// [SECTION] The sweep and its histogram
// [SECTION] The article's claims
// [SECTION] Panel entry points: draw, command, describe_json, csv_exports
#include "ui/ui_poker.hpp"

#include <algorithm>
#include <array>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <optional>
#include <utility>

#include "core/poker/poker_csv.hpp"
#include "core/base/parse.hpp"
#include "core/base/text_format.hpp"
#include "imgui.h"
#include "ui/kit/cards.hpp"
#include "ui/kit/layout.hpp"
#include "ui/kit/legibility.hpp"
#include "ui/kit/widgets.hpp"

namespace shufflelab::ui {

// [SECTION] Colours and small drawing helpers

namespace {
constexpr ImU32 kDealtColour = IM_COL32(80, 170, 105, 255);
constexpr ImU32 kTooHighColour = IM_COL32(214, 140, 60, 255);
constexpr ImU32 kDuplicateColour = IM_COL32(170, 95, 205, 255);
// Theme-bound roles (ui/kit/widgets.hpp): text and slots follow light and dark.
const ImU32& kAccentColour = colors::kCellOn;
const ImU32& kTextColour = colors::kViewText;
const ImU32& kMutedColour = colors::kViewLabel;
const ImU32& kSlotColour = colors::kViewFrame;
ImU32 verdict_colour(DealVerdict v) {
  if (v == DealVerdict::Dealt) return kDealtColour;
  return v == DealVerdict::TooHigh ? kTooHighColour : kDuplicateColour;
}


ImU32 with_alpha(ImU32 colour, float alpha) {
  const auto a = static_cast<ImU32>(static_cast<float>((colour >> IM_COL32_A_SHIFT) & 0xFF) * alpha);
  return (colour & ~IM_COL32_A_MASK) | (a << IM_COL32_A_SHIFT);
}

void draw_empty_slot(ImDrawList* dl, ImVec2 a, float w, float h, int number) {
  const float em = ImGui::GetFontSize();
  dl->AddRect(a, ImVec2(a.x + w, a.y + h), kSlotColour, em * 0.3f, 0, 1.5f);
  char label[8];
  std::snprintf(label, sizeof label, "%d", number);
  const ImVec2 ts = ImGui::CalcTextSize(label);
  dl->AddText(ImVec2(a.x + (w - ts.x) * 0.5f, a.y + (h - ts.y) * 0.5f), kSlotColour, label);
}


// Coloured text that wraps (TextColored does not).
void wrapped_colored(const ImVec4& colour, const char* text) {
  ImGui::PushStyleColor(ImGuiCol_Text, colour);
  ImGui::TextWrapped("%s", text);
  ImGui::PopStyleColor();
}
}  // namespace

void send(PokerSession& s, const char* command) { (void)s.apply(parse_lab_command(command)); }

void PokerPanel::sync_seed_text(const PokerLabState& state) {
  if (shown_seed_ == state.seed) return;
  std::snprintf(seed_text_, sizeof seed_text_, "%s", format_hex_upper(state.seed, 8).c_str());
  seed_error_.clear();
  shown_seed_ = state.seed;
}

// [SECTION] Controls and timeline

void PokerPanel::draw_controls(PokerSession& s) {
  const float em = ImGui::GetFontSize();
  const PokerView& view = s.view();
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("Seed");
  ImGui::SameLine();
  if (hex_field("##seed", seed_text_, sizeof seed_text_, em * 6.0f)) {
    auto r = parse_hex("seed", seed_text_, 8);
    if (!r) {
      seed_error_ = r.error();
    } else {
      seed_error_.clear();
      (void)s.apply({"seed", format_hex_upper(*r, 8), true});
      shown_seed_ = s.state().seed;
    }
  }
  help_marker("The LCRNG state before the deal's first call: up to 8 hex digits. Every one of the 2^32 values "
              "is a seed; the game uses whatever state the generator is in.");
  // Buttons move to the next line in a narrow window.
  flow(button_width("|<"), em);
  if (ImGui::Button("|<")) send(s, "first");
  flow(button_width("< Back"));
  if (ImGui::Button("< Back")) send(s, "back");
  flow(button_width("Call >"));
  if (ImGui::Button("Call >")) send(s, "step");
  flow(button_width(">|"));
  if (ImGui::Button(">|")) send(s, "last");
  flow(em * 3.5f);
  if (ImGui::Button(view.playing ? "Pause" : "Play", ImVec2(em * 3.5f, 0))) send(s, "toggle_play");
  flow(button_width("Next deal") + em * 2.0f);
  if (ImGui::Button("Next deal")) send(s, "next_deal");
  help_marker("Keys: Right arrow = one more call, Left arrow = one back, Space = play or pause.\n"
              "Next deal starts from the state this deal ended in, as the game would if the generator "
              "were not stirred in between.");
  field_error(seed_error_);
}

// The keys work whether the buttons are shown or folded (result first).
void PokerPanel::transport_keys(PokerSession& s) {
  if (!lab_shortcuts_active()) return;
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_RightArrow))) send(s, "step");
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_LeftArrow))) send(s, "back");
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Space), false)) send(s, "toggle_play");
}

void PokerPanel::draw_timeline(PokerSession& s) {
  const PokerDealView& v = s.view().deal;
  const float em = ImGui::GetFontSize();
  const auto n = static_cast<float>(v.calls.size());
  const float gap = em * 0.15f;
  const float seed_w = em * 2.6f;
  const float avail = ImGui::GetContentRegionAvail().x;
  // Never below legibility: a long deal's strip scrolls sideways on a phone.
  const float box = std::clamp((avail - seed_w - gap) / n - gap, em * legibility::kMinCellEm, em * 2.0f);
  const float h = em * 1.5f;
  const float width = seed_w + gap + n * (box + gap);
  std::optional<WideRegion> region;
  region.emplace("timeline_region", width, h);
  const ImVec2 o = ImGui::GetCursorScreenPos();
  ImGui::InvisibleButton("timeline", ImVec2(width, h));
  const bool hovered = ImGui::IsItemHovered();
  const auto step_at = [&](float x) -> std::int64_t {
    if (x < o.x + seed_w + gap * 0.5f) return 0;
    return std::clamp<std::int64_t>(static_cast<std::int64_t>((x - o.x - seed_w - gap) / (box + gap)) + 1, 1,
                                    static_cast<std::int64_t>(v.calls.size()));
  };
  if (ImGui::IsItemActive()) (void)s.apply({"t", std::to_string(step_at(ImGui::GetIO().MousePos.x)), true});
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float round = em * 0.2f;
  // The seed box, then one box per call: colour = verdict, dim = not reached yet.
  dl->AddRectFilled(o, ImVec2(o.x + seed_w, o.y + h), colors::kViewGrid, round);
  const ImVec2 seed_size = ImGui::CalcTextSize("seed");
  dl->AddText(ImVec2(o.x + (seed_w - seed_size.x) * 0.5f, o.y + (h - seed_size.y) * 0.5f), kTextColour, "seed");
  if (v.step == 0) dl->AddRect(ImVec2(o.x - 2, o.y - 2), ImVec2(o.x + seed_w + 2, o.y + h + 2), kAccentColour, round, 0, 2.5f);
  for (std::size_t i = 0; i < v.calls.size(); ++i) {
    const DealCall& c = v.calls[i];
    const ImVec2 a(o.x + seed_w + gap + static_cast<float>(i) * (box + gap), o.y);
    const ImVec2 b(a.x + box, a.y + h);
    const bool reached = i < v.step;
    dl->AddRectFilled(a, b, with_alpha(verdict_colour(c.verdict), reached ? 1.0f : 0.28f), round);
    legibility::note_cell(a, b);
    if (i + 1 == v.step) dl->AddRect(ImVec2(a.x - 2, a.y - 2), ImVec2(b.x + 2, b.y + 2), kAccentColour, round, 0, 2.5f);
    char label[4];
    std::snprintf(label, sizeof label, "%u", c.value);
    const ImVec2 ts = ImGui::CalcTextSize(label);
    if (ts.x < box - 2.0f)
      dl->AddText(ImVec2(a.x + (box - ts.x) * 0.5f, a.y + (h - ts.y) * 0.5f), reached ? colors::kCellInk : kMutedColour,
                  label);
  }
  if (hovered) {
    const std::int64_t at = step_at(ImGui::GetIO().MousePos.x);
    if (at == 0) {
      ImGui::SetTooltip("The seed %s: before the first call", format_hex_upper(v.seed, 8).c_str());
    } else {
      const DealCall& c = v.calls[static_cast<std::size_t>(at - 1)];
      ImGui::SetTooltip("Call %lld: state %s, top 6 bits %u: %s", static_cast<long long>(at),
                        format_hex_upper(c.state, 8).c_str(), c.value,
                        c.verdict == DealVerdict::Dealt ? "a new card"
                                                        : (c.verdict == DealVerdict::TooHigh ? "too high" : "duplicate"));
    }
  }
  region.reset();
  dl = ImGui::GetWindowDrawList();
  // Legend.
  const auto key = [&](ImU32 colour, const char* text, bool first) {
    const float s = em * 0.75f;
    if (!first) flow(s + em * 0.3f + ImGui::CalcTextSize(text).x, em * 1.2f);
    const ImVec2 p = ImGui::GetCursorScreenPos();
    dl->AddRectFilled(ImVec2(p.x, p.y + em * 0.15f), ImVec2(p.x + s, p.y + em * 0.15f + s), colour, em * 0.1f);
    ImGui::Dummy(ImVec2(s, s));
    ImGui::SameLine(0, em * 0.3f);
    ImGui::TextColored(colors::kMuted, "%s", text);
  };
  key(kDealtColour, "new card", true);
  key(kTooHighColour, "too high (52..63)", false);
  key(kDuplicateColour, "already dealt", false);
  flow(ImGui::CalcTextSize("Drag along the strip to scrub.").x, em * 1.2f);
  ImGui::TextColored(colors::kMuted, "Drag along the strip to scrub.");
}

// [SECTION] This call and the hand

void PokerPanel::draw_call(const PokerDealView& v) {
  const float em = ImGui::GetFontSize();
  if (v.step == 0) {
    ImGui::Text("Before call 1: the LCRNG state is the seed %s.", format_hex_upper(v.seed, 8).c_str());
  } else {
    const std::uint32_t previous = v.step == 1 ? v.seed : v.calls[v.step - 2].state;
    ImGui::TextWrapped("Call %u of %u:  1664525 \xC3\x97 %s + 1013904223 \xE2\x86\x92 %s", v.step, v.deal.calls,
                       format_hex_upper(previous, 8).c_str(), format_hex_upper(v.state, 8).c_str());
  }
  // The state in binary, top 6 bits boxed: they are the card value.
  // Shrunk to the width in a narrow window; the label then goes below.
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 o = ImGui::GetCursorScreenPos();
  const float avail = ImGui::GetContentRegionAvail().x - 4.0f;
  const float natural = ImGui::CalcTextSize("0").x * 1.15f;
  // Shrunk to the width down to legibility; below that it scrolls sideways.
  const float cw = std::max(std::min(natural, avail / (32.0f + 7.0f * 0.6f)), natural * legibility::kMinTextEm);
  const float digit_size = em * cw / natural;
  const float nibble_gap = cw * 0.6f;
  const float h = em * 1.5f;
  // Bits 31..26 span one nibble, its gap and two more digits.
  // At the seed nothing is read yet: no box.
  const bool read = v.step > 0;
  const float top_end = o.x + 6.0f * cw + nibble_gap;
  if (read)
    dl->AddRectFilled(ImVec2(o.x - 3, o.y - 1), ImVec2(top_end + 2, o.y + h + 1), with_alpha(colors::kCellOn, 0.4f),
                      em * 0.15f);
  float x = o.x;
  for (int bit = 31; bit >= 0; --bit) {
    if (bit != 31 && (bit + 1) % 4 == 0) x += nibble_gap;
    const bool one = (v.state >> bit) & 1;
    const bool top = read && bit >= 26;
    const char digit[2] = {one ? '1' : '0', 0};
    dl->AddText(ImGui::GetFont(), digit_size, ImVec2(x + cw * 0.07f, o.y + (h - digit_size) * 0.5f),
                top ? kAccentColour : (one ? kTextColour : kMutedColour), digit);
    x += cw;
  }
  if (read) dl->AddRect(ImVec2(o.x - 3, o.y - 1), ImVec2(top_end + 2, o.y + h + 1), kAccentColour, em * 0.15f, 0, 1.5f);
  char value_text[48];
  if (read) std::snprintf(value_text, sizeof value_text, "top 6 bits = %u", v.state >> 26);
  else std::snprintf(value_text, sizeof value_text, "the seed: not read");
  const ImU32 label_colour = read ? kAccentColour : kMutedColour;
  const float label_w = ImGui::CalcTextSize(value_text).x;
  if (x - o.x + em + label_w <= avail) {
    dl->AddText(ImVec2(x + em, o.y + (h - em) * 0.5f), label_colour, value_text);
    ImGui::Dummy(ImVec2(x - o.x + em + label_w, h));
  } else {
    ImGui::Dummy(ImVec2(x - o.x, h));
    ImGui::TextColored(read ? colors::kAccent : colors::kMuted, "%s", value_text);
  }

  if (v.step == 0) {
    explain("Press Call (or the Right arrow) to step the generator once.");
  } else {
    const DealCall& c = v.calls[v.step - 1];
    if (c.verdict == DealVerdict::Dealt) {
      char line[96];
      std::snprintf(line, sizeof line, "%u < 52 and not dealt yet: card %zu is the %s.", c.value, v.dealt.size(),
                    card_face(CardFaces::standard, c.value).name.c_str());
      wrapped_colored(colors::kGood, line);
      ImGui::TextColored(colors::kMuted, "rank = %u >> 2 = %u, suit = %u & 3 = %u", c.value, card_rank(c.value),
                         c.value, card_suit(c.value));
    } else if (c.verdict == DealVerdict::TooHigh) {
      char line[96];
      std::snprintf(line, sizeof line, "%u \xE2\x89\xA5 52: there is no such card. Rejected: too high.", c.value);
      wrapped_colored(colors::kAccent, line);
      const std::uint32_t unused = 64 - kOneChipDeckCards;
      ImGui::TextColored(colors::kMuted, "%u of the 64 values (%.0f%%) are thrown away like this.", unused,
                         100.0 * unused / 64.0);
    } else {
      char line[112];
      std::snprintf(line, sizeof line, "%u is the %s, dealt at call %u already. Rejected: duplicate.", c.value,
                    card_face(CardFaces::standard, c.value).name.c_str(), v.first_dealt_at);
      wrapped_colored(ImGui::ColorConvertU32ToFloat4(kDuplicateColour), line);  // the strip's colour
      explain("The more cards are out, the likelier this gets.");
    }
  }
  const std::string so_far = "So far: " + counted(v.dealt.size(), "card") + ", " + std::to_string(v.too_high) +
                             " too high, " + counted(v.duplicates, "duplicate") + " (all " + counted(v.deal.calls, "call") +
                             ": " + std::to_string(v.deal.too_high) + " too high, " +
                             counted(v.deal.duplicates, "duplicate") + ").";
  ImGui::TextWrapped("%s", so_far.c_str());
}

void PokerPanel::draw_hand(const PokerDealView& v) {
  const float em = ImGui::GetFontSize();
  const float gap = em * 0.4f;
  // Result first (present mode): the ten cards as large as one row of them across the region allows.
  const float w = result_first() ? std::clamp((ImGui::GetContentRegionAvail().x - em * 2.0f - 8.0f * gap) / 10.0f,
                                              em * 2.8f, em * 5.0f)
                                 : em * 2.8f;
  const float h = w * (3.8f / 2.8f);
  const bool newest_dealt = v.step > 0 && v.calls[v.step - 1].verdict == DealVerdict::Dealt;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float row_w = 5.0f * w + 4.0f * gap;
  const bool side_by_side = ImGui::GetContentRegionAvail().x >= 2.0f * row_w + em * 2.0f;
  const ImVec2 o = ImGui::GetCursorScreenPos();
  for (int row = 0; row < 2; ++row) {
    const ImVec2 label_pos = side_by_side ? ImVec2(o.x + static_cast<float>(row) * (row_w + em * 2.0f), o.y)
                                          : ImVec2(o.x, o.y + static_cast<float>(row) * (h + em * 2.0f));
    dl->AddText(label_pos, kMutedColour, row == 0 ? "Pat hand: cards 1-5" : "Draw cards: 6-10, in order");
    for (int k = 0; k < 5; ++k) {
      const std::size_t index = static_cast<std::size_t>(row * 5 + k);
      const ImVec2 a(label_pos.x + static_cast<float>(k) * (w + gap), label_pos.y + em * 1.4f);
      if (index < v.dealt.size())
        draw_card(dl, a, ImVec2(a.x + w, a.y + h), card_face(CardFaces::standard, v.dealt[index]), CardFaces::standard,
                  CardStyle{.highlight = newest_dealt && index + 1 == v.dealt.size()});
      else
        draw_empty_slot(dl, a, w, h, static_cast<int>(index + 1));
    }
  }
  const float total_h = side_by_side ? em * 1.4f + h : 2.0f * (em * 1.4f + h) + em * 0.6f;
  ImGui::Dummy(ImVec2(side_by_side ? 2.0f * row_w + em * 2.0f : row_w, total_h + em * 0.4f));
}

// [SECTION] The sweep and its histogram

bool PokerPanel::draw_job_progress(PokerSession& s, const PokerSweepRun& run, const char* cancel, const char* what,
                                   bool with_eta) {
  if (!run.job.running()) return false;
  const double elapsed = s.view().clock - run.started;
  const double progress = run.job.status.progress;
  char overlay[64], caption[128];
  const auto eta = eta_seconds(progress, elapsed);
  if (!eta) std::snprintf(overlay, sizeof overlay, "starting");
  else if (with_eta) std::snprintf(overlay, sizeof overlay, "%.0f%%  about %.0f s left", progress * 100.0, *eta);
  else std::snprintf(overlay, sizeof overlay, "%.1f%%", progress * 100.0);
  std::snprintf(caption, sizeof caption, "%s, %.1f s so far (in a background worker)", what, elapsed);
  ImGui::PushID(what);
  if (job_progress_row(JobRowView{run.job.status, run.job.error, run.job.running(), overlay, caption})) send(s, cancel);
  ImGui::PopID();
  return true;
}

void PokerPanel::draw_sweep(PokerSession& s) {
  const PokerView& view = s.view();
  const PokerSweepRun& sweep = *view.sweep;
  section("Every seed: how many calls can a deal take?");
  explain("The generator's one cycle holds all 2^32 states: exactly 2^32 deals, all countable.");
  if (!draw_job_progress(s, sweep, "cancel_sweep",
                         sweep.full ? "Counting calls of all 2^32 deals" : "Counting calls in the sample", true)) {
    if (ImGui::Button("Check all 2^32 seeds")) send(s, "sweep_full");
    help_marker("Walks the cycle once; each new card tells which seeds' deals end there (two pointers). "
                "About 20 s of work for one core, in the background workers. Leaving this lab stops it.");
    flow(button_width("Quick sample: 2^24 seeds") + ImGui::GetFontSize() * 2.0f);
    if (ImGui::Button("Quick sample: 2^24 seeds")) send(s, "sweep_sample");
    help_marker("The first 16,777,216 seeds of the cycle starting at state 00000000: about a second. "
                "A sample is partial: it cannot prove a maximum.");
    job_progress_row(JobRowView{sweep.job.status, sweep.job.error, false});  // "Cancelled." or the error
  }
  if (!view.swept) return;
  const SweepStats& stats = *view.swept;
  ImGui::PushStyleColor(ImGuiCol_Text, sweep.last_full ? colors::kGood : colors::kAccent);
  if (sweep.last_full)
    ImGui::TextWrapped("All %s seeds, in %.1f s here.", grouped(stats.seeds).c_str(), sweep.seconds);
  else
    ImGui::TextWrapped("SAMPLE, partial: %s of the %s seeds (%.2f%%, the cycle from state 00000000), in %.1f s.",
                       grouped(stats.seeds).c_str(), grouped(kLcrngPeriod).c_str(),
                       100.0 * static_cast<double>(stats.seeds) / static_cast<double>(kLcrngPeriod), sweep.seconds);
  ImGui::PopStyleColor();
  ImGui::TextWrapped("Most calls: %u. Smallest seed needing them: %s. Mean: %.4f calls per deal.", stats.max_calls,
                     format_hex_upper(stats.max_seed, 8).c_str(), stats.mean_calls());
  if (ImGui::Button("Open the worst seed")) send(s, "open_worst");
  help_marker("Shows that seed's whole deal in the stepper above.");
  flow(ImGui::GetFontSize() * 8.0f, ImGui::GetFontSize() * 1.5f);
  bool log_scale = view.log_scale;
  if (ImGui::Checkbox("Log scale", &log_scale)) send(s, log_scale ? "log_scale=1" : "log_scale=0");
  help_marker("Seeds per number of calls. Deals needing 30 or more calls are so rare that only a log scale "
              "shows them.");
  draw_histogram(stats, view.log_scale);
}

void PokerPanel::draw_histogram(const SweepStats& stats, bool log_scale) {
  const SweepHistogramView view = sweep_histogram_view(stats, log_scale);
  const float em = ImGui::GetFontSize();
  const float axis_w = em * 3.2f;
  const float w = std::max(em * 20.0f, ImGui::GetContentRegionAvail().x - em * 0.5f);
  const float h = em * 6.5f;
  const ImVec2 o = ImGui::GetCursorScreenPos();
  ImGui::InvisibleButton("histogram", ImVec2(w, h + em * 1.4f));
  const bool hovered = ImGui::IsItemHovered();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 plot_a(o.x + axis_w, o.y), plot_b(o.x + w, o.y + h);
  dl->AddRectFilled(plot_a, plot_b, colors::kViewBg);
  for (const SweepGridline& line : view.gridlines) {
    const float y = plot_b.y - static_cast<float>(line.height) * h;
    dl->AddLine(ImVec2(plot_a.x, y), ImVec2(plot_b.x, y), colors::kViewGrid);
    dl->AddText(ImVec2(o.x, y - em * 0.5f), kMutedColour, line.label.c_str());
  }
  const float slot = (plot_b.x - plot_a.x) / static_cast<float>(view.bars.size());
  const SweepBar* hovered_bar = nullptr;
  char label[16];
  for (std::size_t i = 0; i < view.bars.size(); ++i) {
    const SweepBar& bar = view.bars[i];
    const float x0 = plot_a.x + static_cast<float>(i) * slot;
    const float bh = static_cast<float>(bar.height) * h;
    if (bh > 0.0f)
      dl->AddRectFilled(ImVec2(x0 + slot * 0.12f, plot_b.y - std::max(bh, 1.5f)), ImVec2(x0 + slot * 0.88f, plot_b.y),
                        bar.is_max ? kAccentColour : colors::kSeriesA);
    if (bar.calls % 5 == 0 || bar.calls == kLastSweepBar) {
      std::snprintf(label, sizeof label, bar.calls == kLastSweepBar ? "%d+" : "%d", bar.calls);
      const ImVec2 ts = ImGui::CalcTextSize(label);
      dl->AddText(ImVec2(x0 + (slot - ts.x) * 0.5f, plot_b.y + em * 0.2f), kMutedColour, label);
    }
    if (hovered && ImGui::GetIO().MousePos.x >= x0 && ImGui::GetIO().MousePos.x < x0 + slot) hovered_bar = &bar;
  }
  if (hovered_bar)
    ImGui::SetTooltip("%d%s calls: %s seeds (%.6f%%)", hovered_bar->calls, hovered_bar->calls == kLastSweepBar ? " or more" : "",
                      grouped(hovered_bar->seeds).c_str(), hovered_bar->percent);
  ImGui::TextColored(colors::kMuted, "Seeds (%s scale) per number of LCRNG calls for ten cards.",
                     log_scale ? "log" : "linear");
}

// [SECTION] The article's claims

namespace {
// One claim: a coloured verdict and the article's words, then the numbers indented.
void claim_heading(const ImVec4& colour, const char* verdict, const char* claim) {
  ImGui::Spacing();
  ImGui::TextColored(colour, "%s:", verdict);
  ImGui::SameLine();
  ImGui::TextWrapped("\"%s\"", claim);
  ImGui::Indent(ImGui::GetFontSize());
}
}  // namespace

void PokerPanel::draw_claims(PokerSession& s) {
  const PokerView& view = s.view();
  const PokerSweepRun& sweep = *view.sweep;
  const std::vector<double>& hands = view.hands->last;
  section("What the article claims vs. what the numbers say");
  const float indent = ImGui::GetFontSize();

  // 1. The worst case.
  const char* worst = "39 calls to the LCRNG to generate 10 cards.";
  const std::optional<SweepStats>& swept = view.swept;
  if (!swept) claim_heading(colors::kMuted, "not checked yet", worst);
  else if (!sweep.last_full) claim_heading(colors::kAccent, "partial", worst);
  else if (swept->max_calls == kArticleWorstCalls) claim_heading(colors::kGood, "confirmed", worst);
  else claim_heading(colors::kError, "wrong", worst);
  if (!swept)
    explain("\"Check all 2^32 seeds\" counts every deal.");
  else if (sweep.last_full)
    ImGui::TextWrapped("All %s seeds: at most %u calls, first at seed %s.", grouped(swept->seeds).c_str(),
                       swept->max_calls, format_hex_upper(swept->max_seed, 8).c_str());
  else
    ImGui::TextWrapped("The sample's most is %u: a sample only bounds it from below.", swept->max_calls);
  ImGui::Unindent(indent);

  // 2. 2^32 deals.
  claim_heading(colors::kGood, "right", "Only 2^32 possible pat-plus-draw hands: about 4 billion.");
  ImGui::TextWrapped("One deal per seed, out of %s possible deals (pat hand, then 5 draws in order): at most %.5f%% "
                     "of them. How many are distinct is not counted (a 2^32-entry table: 16 GiB).",
                     grouped(possible_deal_count()).c_str(), dealt_share_percent());
  ImGui::Unindent(indent);

  // 3. Pat hands.
  const bool counted = hands.size() >= 3;
  const bool all = counted && hands[2] >= 0.0;
  claim_heading(all ? colors::kGood : colors::kMuted, all ? "all dealt" : (counted ? "some missing" : "not counted"),
                "4 billion hands is enough variety.");
  ImGui::TextWrapped("Only C(52,5) = %s pat hands exist: each about %.1f times.", grouped(pat_hand_count()).c_str(),
                     deals_per_pat_hand());
  if (all)
    ImGui::TextWrapped("The first %s seeds of the cycle deal every one of them.",
                       grouped(static_cast<std::uint64_t>(hands[2]) + 1).c_str());
  else if (counted)
    ImGui::TextWrapped("%s of them are dealt.", grouped(static_cast<std::uint64_t>(hands[1])).c_str());
  if (!draw_job_progress(s, *view.hands, "cancel_hands", "Marking pat hands", false) && !all) {
    if (ImGui::SmallButton("Count the reachable pat hands")) send(s, "count_hands");
    help_marker("Walks the cycle from state 00000000, marks each deal's first five cards in a table of "
                "C(52,5) bits and stops once every hand has been seen: about a second.");
  }
  ImGui::Unindent(indent);
}

// [SECTION] Panel entry points: draw, command, describe_json, csv_exports

void PokerPanel::draw(PokerSession& s) {
  sync_seed_text(s.state());
  ImGui::TextUnformatted("One Chip Video Poker: dealing ten cards from an LCRNG");
  help_marker("The game keeps one 32-bit state, stepped as state = 1664525 * state + 1013904223 (mod 2^32). "
              "A card is the top 6 bits of the new state (0..63): 52..63 and cards already dealt are drawn again. "
              "Card c has rank c >> 2 (2, 3, ..., 10, J, Q, K, A) and suit c & 3 (hearts, diamonds, clubs, spades).");
  transport_keys(s);
  if (controls_shown("Setup: the seed; call by call")) {
    explain("Step one deal call by call, then count the calls of every one of the 2^32 deals. The link keeps the "
            "seed and the call you are looking at.");
    ImGui::Spacing();
    draw_controls(s);
    sync_seed_text(s.state());
  }
  ImGui::Spacing();
  draw_timeline(s);
  ImGui::Spacing();

  {  // the deal beside the sweep, or above it on narrow screens
    TwoColumns columns("poker_layout", 30.0f);
    {
      ResultRegion result;
      section("This call");
      draw_call(s.view().deal);
      section("The hand");
      draw_hand(s.view().deal);
    }
    columns.next();
    draw_sweep(s);
    draw_claims(s);
  }
  ImGui::Spacing();
  draw_lanes(s);
  sync_seed_text(s.state());
}

// The lanes' open/closed flag is the screen's (the link keeps it): the panel sets it directly.
void PokerPanel::draw_lanes(PokerSession& s) {
  const PokerLabState& state = s.state();
  bool open = state.lanes;
  lanes_.draw(open, setup_key(state, encode_poker_lab), [&] { return poker_lab_lanes(state); });
  if (open != state.lanes) (void)s.apply({"lanes", open ? "1" : "0", true});
}

bool PokerPanel::lane_command(std::string_view name, PokerSession& s) {
  const PokerLabState& state = s.state();
  lanes_.refresh(state.lanes, setup_key(state, encode_poker_lab), [&] { return poker_lab_lanes(state); });
  return lanes_.command(name);
}

std::string PokerPanel::describe_json(PokerSession& s) {
  const PokerLabState& state = s.state();
  std::string out = s.describe_json();
  lanes_.refresh(state.lanes, setup_key(state, encode_poker_lab), [&] { return poker_lab_lanes(state); });
  return out + lanes_.describe_json_field() + "}";
}

}  // namespace shufflelab::ui

