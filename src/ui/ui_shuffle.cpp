// ui_shuffle.cpp: the shuffle lab panel (see ui_shuffle.hpp). It draws what
// the core computes: the recording and frames (shuffle_lab), the bias matrix
// and its view model (shuffle_bias, bias_view), the seed search
// (shuffle_predict).
//
// Index of this file:
// [SECTION] Formatting and colours
// [SECTION] Deck layout
// [SECTION] Caches
// [SECTION] Setup row
// [SECTION] Presets
// [SECTION] Animation: transport and inputs read
// [SECTION] Animation: the deck
// [SECTION] Animation: the PDEP step
// [SECTION] Bias: jobs
// [SECTION] Bias: the matrix
// [SECTION] Bias tab
// [SECTION] Reachable decks
// [SECTION] Predict
// [SECTION] Panel
// [SECTION] Human shuffles
// [SECTION] The real engine
// [SECTION] Test hook and CSV

#include "ui/ui_shuffle.hpp"

#include "core/check/check_lab.hpp"

#include <algorithm>
#include <bit>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <optional>

#include "core/shuffle/shuffle_csv.hpp"
#include "core/base/parse.hpp"
#include "core/base/text_format.hpp"
#include "core/shuffle/comparator_sort.hpp"
#include "core/shuffle/shuffle_predict.hpp"
#include "imgui.h"
#include "ui/kit/cards.hpp"
#include "ui/kit/layout.hpp"
#include "ui/kit/legibility.hpp"
#include "ui/kit/widgets.hpp"

namespace shufflelab::ui {

//-----------------------------------------------------------------------------
// [SECTION] Formatting and colours
//-----------------------------------------------------------------------------

namespace {

constexpr float kPi = 3.14159265f;
constexpr std::uint64_t kEngineRuns = 200'000;  // sorts by the browser per comparison

std::string fmt(const char* format, double value) {
  char text[64];
  std::snprintf(text, sizeof text, format, value);
  return text;
}

// "2^-193.6 (about 1 in 10^58)" style powers.
std::string power_of_two_text(double log2_value) {
  char text[96];
  const double log10_value = log2_value * 0.30102999566398120;
  if (log2_value >= -20)
    std::snprintf(text, sizeof text, "2^%.2f", log2_value);
  else
    std::snprintf(text, sizeof text, "2^%.2f (about 1 in 10^%.0f)", log2_value, -log10_value);
  return text;
}

ImU32 mix(ImVec4 a, ImVec4 b, float t, float alpha = 1.0f) {
  t = std::clamp(t, 0.0f, 1.0f);
  return ImGui::ColorConvertFloat4ToU32(
      ImVec4(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t, a.z + (b.z - a.z) * t, alpha));
}

// Diverging scale (ColorBrewer RdBu ends): -1 blue, 0 near white, +1 red.
ImU32 diverging(double x) {
  const ImVec4 blue(0.13f, 0.40f, 0.67f, 1), white(0.97f, 0.97f, 0.97f, 1), red(0.70f, 0.09f, 0.17f, 1);
  const float v = static_cast<float>(std::clamp(x, -1.0, 1.0));
  return v < 0 ? mix(white, blue, -v) : mix(white, red, v);
}

ImU32 with_alpha(ImVec4 c, float alpha) { return ImGui::ColorConvertFloat4ToU32(ImVec4(c.x, c.y, c.z, alpha)); }

// Numbered cards on a rainbow (0 .. 0.78 of the hue circle) so a card is easy
// to follow; big decks drawn plain (WebGL draws 16-bit indices).
CardStyle card_style(std::uint32_t card, std::uint32_t n, bool highlight) {
  const float hue = n > 1 ? 0.78f * static_cast<float>(card) / static_cast<float>(n - 1) : 0.0f;
  return CardStyle{highlight, n > 200, hue};
}

//-----------------------------------------------------------------------------
// [SECTION] Deck layout
//-----------------------------------------------------------------------------

struct DeckGrid {
  ImVec2 origin;
  float card_w = 0, card_h = 0, gap_x = 0, gap_y = 0;
  std::uint32_t cols = 1, rows = 1;
  ImVec2 slot(std::uint32_t p) const {
    return ImVec2(origin.x + static_cast<float>(p % cols) * (card_w + gap_x),
                  origin.y + static_cast<float>(p / cols) * (card_h + gap_y));
  }
  float height() const { return static_cast<float>(rows) * (card_h + gap_y); }
};

DeckGrid layout_deck(CardFaces faces, std::uint32_t n, float avail, ImVec2 origin) {
  const float em = ImGui::GetFontSize();
  DeckGrid g;
  g.origin = origin;
  g.gap_x = em * 0.25f;
  if (faces == CardFaces::numbers) {
    const std::string widest = std::to_string(n > 0 ? n - 1 : 0);
    const float text_w = ImGui::CalcTextSize(widest.c_str()).x;
    g.card_w = std::max(text_w + em * 0.5f, em * 1.4f);
    g.card_h = em * 1.6f;
    if (n > 200) g.gap_x = em * 0.12f;
  } else {
    // Thirteen to a row (one suit), as large as the width allows within limits.
    const float fit13 = (avail + g.gap_x) / 13.0f - g.gap_x;
    g.card_w = std::clamp(fit13, em * 2.0f, em * (faces == CardFaces::tarot ? 3.6f : 4.2f));
    g.card_h = g.card_w * 1.4f;
  }
  g.gap_y = em * 0.9f;
  auto fit = [&] { return static_cast<std::uint32_t>(std::max(1.0f, std::floor((avail + g.gap_x) / (g.card_w + g.gap_x)))); };
  std::uint32_t cols = fit();
  if (faces != CardFaces::numbers) cols = std::min(cols, 13u);
  cols = std::min(cols, std::max(n, 1u));
  g.rows = (n + cols - 1) / cols;
  g.cols = (n + g.rows - 1) / std::max(g.rows, 1u);  // balance the rows
  return g;
}

float ease(float p) { return p * p * (3.0f - 2.0f * p); }

// The slots under the cards: settled positions get a green frame and underline (the shuffled side).
void draw_deck_slots(ImDrawList* dl, const DeckGrid& g, const ShuffleFrame& f, std::uint32_t n) {
  const float em = ImGui::GetFontSize();
  const ImU32 green = colors::kBand;
  for (std::uint32_t p = 0; p < n; ++p) {
    const ImVec2 a = g.slot(p);
    const bool settled = p >= f.settled_begin && p < f.settled_end;
    const float pad = em * 0.12f;
    dl->AddRectFilled(ImVec2(a.x - pad, a.y - pad), ImVec2(a.x + g.card_w + pad, a.y + g.card_h + pad),
                      settled ? with_alpha(colors::kGood, 0.55f) : colors::kViewGrid, n > 200 ? 0.0f : em * 0.2f);
    if (settled)
      dl->AddRectFilled(ImVec2(a.x, a.y + g.card_h + pad * 2), ImVec2(a.x + g.card_w, a.y + g.card_h + pad * 2 + em * 0.18f),
                        green, em * 0.05f);
  }
}

// Where the step's transition stands: phase 0 (cards where they were) .. 1 (where they are).
struct DeckMotion {
  bool animating = false;
  float phase = 1.0f;
};

// The cards, each between its old and its new slot; returns the hovered position or -1.
int draw_deck_cards(ImDrawList* dl, const DeckGrid& g, const ShuffleFrame& f, CardFaces faces, std::uint32_t n,
                    DeckMotion motion) {
  // Where every card is now and was one step ago.
  std::vector<std::uint32_t> now(n), was(n);
  for (std::uint32_t p = 0; p < n; ++p) now[f.deck[p]] = p, was[f.before[p]] = p;
  std::vector<bool> involved(n, false);
  for (const ShuffleEvent& m : f.moves) {
    if (m.kind == EventKind::Swap) involved[m.a] = involved[m.b] = true;
    else for (std::uint32_t p = m.a; p <= m.b && p < n; ++p) involved[p] = p == m.a;
  }
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  int hovered = -1;
  auto card_rect = [&](std::uint32_t card) {
    const ImVec2 from = g.slot(was[card]), to = g.slot(now[card]);
    ImVec2 a(from.x + (to.x - from.x) * motion.phase, from.y + (to.y - from.y) * motion.phase);
    if (motion.animating && was[card] != now[card]) a.y -= std::sin(kPi * motion.phase) * g.card_h * 0.5f;
    return a;
  };
  for (int pass = 0; pass < 2; ++pass) {  // moving cards last, on top
    for (std::uint32_t p = 0; p < n; ++p) {
      const std::uint32_t card = f.deck[p];
      const bool moving = was[card] != now[card];
      if ((pass == 1) != moving) continue;
      const ImVec2 a = card_rect(card), b(a.x + g.card_w, a.y + g.card_h);
      draw_card(dl, a, b, card_face(faces, card), faces, card_style(card, n, involved[p]));
      if (mouse.x >= a.x && mouse.x < b.x && mouse.y >= a.y && mouse.y < b.y && ImGui::IsWindowHovered())
        hovered = static_cast<int>(p);
    }
  }
  return hovered;
}

// The swap arcs (both ends move) or the lifted card's path (Move: from b to a) of this step.
void draw_move_arcs(ImDrawList* dl, const DeckGrid& g, const ShuffleFrame& f, float top_y) {
  const float em = ImGui::GetFontSize();
  const ImU32 accent = ImGui::ColorConvertFloat4ToU32(colors::kAccent);
  for (const ShuffleEvent& m : f.moves) {
    if (m.a == m.b) continue;
    const ImVec2 sa = g.slot(m.a), sb = g.slot(m.b);
    const ImVec2 p1(sa.x + g.card_w * 0.5f, sa.y), p4(sb.x + g.card_w * 0.5f, sb.y);
    const float room = std::min(p1.y, p4.y) - top_y - em * 0.1f;
    const float lift = std::min({em * 2.4f, em * 0.6f + std::abs(p4.x - p1.x) * 0.25f, room});
    const float up = std::min(p1.y, p4.y) - lift;
    dl->AddBezierCubic(p1, ImVec2(p1.x, up), ImVec2(p4.x, up), p4, colors::kShadow, 5.5f);
    dl->AddBezierCubic(p1, ImVec2(p1.x, up), ImVec2(p4.x, up), p4, accent, 2.5f);
    auto head = [&](ImVec2 tip) {
      dl->AddTriangleFilled(ImVec2(tip.x - em * 0.32f, tip.y - em * 0.5f), ImVec2(tip.x + em * 0.32f, tip.y - em * 0.5f),
                            tip, accent);
    };
    head(p1);
    if (m.kind == EventKind::Swap) head(p4);
  }
}

// The boundary between the unshuffled and the shuffled side (the article's pivot), and the pivot.
void draw_pivot_marks(ImDrawList* dl, const DeckGrid& g, const ShuffleFrame& f, std::uint32_t n) {
  const float em = ImGui::GetFontSize();
  const ImU32 green = colors::kBand;
  if (f.settled_end > f.settled_begin && f.settled_end - f.settled_begin < n) {
    const std::uint32_t edge = f.settled_begin > 0 ? f.settled_begin : f.settled_end;
    const ImVec2 s = g.slot(edge);
    const float x = edge % g.cols == 0 && edge > 0 ? g.slot(edge - 1).x + g.card_w + g.gap_x * 0.5f : s.x - g.gap_x * 0.5f;
    const float y = edge % g.cols == 0 && edge > 0 ? g.slot(edge - 1).y : s.y;
    dl->AddLine(ImVec2(x, y - em * 0.3f), ImVec2(x, y + g.card_h + em * 0.3f), green, 3.0f);
  }
  if (f.pivot >= 0 && static_cast<std::uint32_t>(f.pivot) < n) {
    const ImVec2 s = g.slot(static_cast<std::uint32_t>(f.pivot));
    const float cx = s.x + g.card_w * 0.5f, y = s.y + g.card_h + em * 0.15f;
    dl->AddTriangleFilled(ImVec2(cx, y), ImVec2(cx - em * 0.35f, y + em * 0.5f), ImVec2(cx + em * 0.35f, y + em * 0.5f),
                          green);
  }
}

// A row of 52-card faces (Predict): one line, or wrapped to the width.
void draw_card_row(const std::vector<std::uint32_t>& cards, std::size_t from, std::size_t to, bool wrap) {
  const float em = ImGui::GetFontSize();
  const float cw = em * 3.0f, ch = cw * 1.4f, gap = em * 0.3f;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float avail = ImGui::GetContentRegionAvail().x;
  const auto per_row = static_cast<std::size_t>(std::max(1.0f, std::floor((avail + gap) / (cw + gap))));
  const std::size_t count = to - from, rows = wrap ? (count + per_row - 1) / per_row : 1;
  const ImVec2 o = ImGui::GetCursorScreenPos();
  for (std::size_t k = 0; k < count; ++k) {
    const std::size_t col = wrap ? k % per_row : k, r = wrap ? k / per_row : 0;
    const ImVec2 a(o.x + static_cast<float>(col) * (cw + gap), o.y + static_cast<float>(r) * (ch + gap));
    const std::uint32_t card = cards[from + k];
    draw_card(dl, a, ImVec2(a.x + cw, a.y + ch), card_face(CardFaces::standard, card), CardFaces::standard,
              card_style(card, 52, false));
  }
  ImGui::Dummy(ImVec2(avail, static_cast<float>(rows) * (ch + gap)));
}

}  // namespace

//-----------------------------------------------------------------------------
// [SECTION] Caches
//-----------------------------------------------------------------------------

const LabRecording* ShufflePanel::recording(const ShuffleLabState& state) {
  const std::string key = shuffle_setup_key(state);
  if (key != recorded_key_) {
    recorded_key_ = key;
    frame_key_.clear();
    recording_.reset();
    recording_error_.clear();
    auto setup = make_shuffle_setup(state);
    if (!setup) {
      recording_error_ = setup.error();
    } else {
      auto rec = record_lab_shuffle(*setup);
      if (rec) recording_ = std::move(rec.value());
      else recording_error_ = rec.error();
    }
  }
  return recording_ ? &*recording_ : nullptr;
}

const ShuffleFrame* ShufflePanel::frame(const ShuffleLabState& state) {
  const LabRecording* rec = recording(state);
  if (!rec) return nullptr;
  const std::string key = std::to_string(state.t) + "|" + state.faces;
  if (key != frame_key_) {
    frame_ = shuffle_frame(*rec, card_faces(state), state.t);
    frame_key_ = key;
  }
  return &frame_;
}

//-----------------------------------------------------------------------------
// [SECTION] Setup row
//-----------------------------------------------------------------------------

// Every field edits a copy; the copy replaces the state only if it makes a valid setup.
bool ShufflePanel::draw_setup(ShuffleLabState& state) {
  ShuffleLabState edit = state;
  bool edited = draw_shuffle_row(state, edit);
  edited |= draw_source_row(state, edit);
  if (edited) {
    auto ok = make_shuffle_setup(edit);
    if (ok) {
      edit_error_.clear();
      state = edit;
      seed_shown_ = ~std::uint64_t{0};
      return true;
    }
    edit_error_ = ok.error();
  }
  field_error(edit_error_);
  return false;
}

// First row: the shuffle, the number of cards and the algorithm's own parameters.
bool ShufflePanel::draw_shuffle_row(const ShuffleLabState& state, ShuffleLabState& edit) {
  const float em = ImGui::GetFontSize();
  bool edited = false;
  static const char* const kAlgos[] = {"fisher-yates", "lin2003", "pencil", "pdep", "sattolo", "naive", "sort-keys", "partial",
                                       "cmp-insertion", "cmp-binary-insertion", "cmp-merge", "cmp-quick-first",
                                       "cmp-quick-median3", "cmp-v8", "cmp-v8-chromium", "riffle", "overhand"};
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("Shuffle");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(em * 11.0f);
  if (ImGui::BeginCombo("##algo", algo_label(state).c_str())) {
    for (const char* name : kAlgos) {
      ShuffleLabState option = state;
      option.algo = name;
      if (ImGui::Selectable(algo_label(option).c_str(), state.algo == name)) edit.algo = name, edited = true;
    }
    ImGui::EndCombo();
  }
  help_marker("Fisher-Yates: swap position i (from the top down) with a random position 0..i.\n"
              "shuffle.c (2003): the same, as the 2003 C program does it with glibc rand().\n"
              "Pencil and paper: write down the k-th card still on the list, cross it out.\n"
              "PDEP bitset: the same with a bit set and the PDEP instruction (seed 003).\n"
              "Sattolo: swap i with 0..i-1 only: always one big cycle, no card stays put.\n"
              "Naive swap: swap each position with ANY position: n^n draw lists onto n! orders, biased.\n"
              "Sort by random keys: ties keep the lower card first, biased when keys collide.\n"
              "Partial: draw only the first few cards (the lottery use).");
  help_marker(comparator_sorts_help().c_str());
  edited |= draw_human_params(state, edit);
  flow(em * 11.0f, em);
  ImGui::TextUnformatted("Cards");
  ImGui::SameLine();
  int n = static_cast<int>(state.n);
  ImGui::SetNextItemWidth(stepper_width(3.0f));
  const bool n_edited = ImGui::InputInt("##n", &n, 1, 10);
  declare_text_field(TextFieldKind::numeric);
  if (n_edited) edit.n = static_cast<std::uint32_t>(std::clamp(n, 0, 100000)), edited = true;
  help_marker("1 to 1000 cards. 52 are drawn as playing cards, 78 as the tarot deck, other sizes as numbers.");
  if (state.algo == "partial") {
    flow(em * 10.0f, em);
    ImGui::TextUnformatted("Take");
    ImGui::SameLine();
    int take = static_cast<int>(state.take);
    ImGui::SetNextItemWidth(stepper_width(2.5f));
    const bool take_edited = ImGui::InputInt("##take", &take);
    declare_text_field(TextFieldKind::numeric);
    if (take_edited) edit.take = static_cast<std::uint32_t>(std::max(take, 0)), edited = true;
  }
  if (state.algo == "sort-keys") {
    flow(em * 15.0f, em);
    ImGui::TextUnformatted("Keys below");
    ImGui::SameLine();
    int keys = static_cast<int>(std::min<std::uint32_t>(state.keys, 2000000000u));
    ImGui::SetNextItemWidth(stepper_width(3.5f));
    const bool keys_edited = ImGui::InputInt("##keys", &keys, 1, 100);
    declare_text_field(TextFieldKind::numeric);
    if (keys_edited) edit.keys = static_cast<std::uint32_t>(std::max(keys, 0)), edited = true;
    help_marker("Each card gets a random key in 0..K-1; the deck is sorted by key. Equal keys keep the lower card first.");
  }
  flow(em * 6.0f, em);
  bool numbers = state.faces == "numbers";
  if (ImGui::Checkbox("Numbers", &numbers)) edit.faces = numbers ? "numbers" : "auto", edited = true;
  return edited;
}

// Second row: where the random numbers come from (fixed, and disabled, for shuffle.c).
bool ShufflePanel::draw_source_row(const ShuffleLabState& state, ShuffleLabState& edit) {
  const float em = ImGui::GetFontSize();
  const bool lin2003 = state.algo == "lin2003";
  bool edited = false;
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("Generator");
  ImGui::SameLine();
  ImGui::BeginDisabled(lin2003);
  ImGui::SetNextItemWidth(em * 8.0f);
  if (ImGui::BeginCombo("##gen", lin2003 ? "glibc" : state.gen.c_str())) {
    for (const auto& g : shuffle_generators()) {
      if (ImGui::Selectable(std::string(g.name).c_str(), state.gen == g.name)) {
        edit.gen = std::string(g.name);
        if (edit.seed < g.min_seed || edit.seed > g.max_seed) edit.seed = g.default_seed;
        edit.bits = state.method == "float" ? std::min(g.native_bits, 53u) : g.native_bits;
        edited = true;
      }
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", std::string(g.summary).c_str());
    }
    ImGui::EndCombo();
  }
  ImGui::EndDisabled();
  edited |= draw_seed_field(state, edit);
  flow(em * 13.5f, em);
  ImGui::BeginDisabled(lin2003);
  ImGui::TextUnformatted("Method");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(em * 9.0f);
  if (ImGui::BeginCombo("##method", lin2003 ? "float" : state.method.c_str())) {
    for (const auto& m : draw_methods()) {
      if (ImGui::Selectable(std::string(m.name).c_str(), state.method == m.name)) {
        edit.method = std::string(m.name);
        if (edit.method == "float") edit.bits = std::min(edit.bits, 53u);
        edited = true;
      }
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", std::string(m.summary).c_str());
    }
    ImGui::EndCombo();
  }
  flow(em * 9.5f, em);
  ImGui::TextUnformatted("Bits");
  ImGui::SameLine();
  int bits = lin2003 ? 31 : static_cast<int>(state.bits);
  ImGui::SetNextItemWidth(stepper_width(2.0f));
  const bool bits_edited = ImGui::InputInt("##bits", &bits);
  declare_text_field(TextFieldKind::numeric);
  if (bits_edited) edit.bits = static_cast<unsigned>(std::clamp(bits, 0, 99)), edited = true;
  help_marker("B: each draw reads B-bit words, the top B bits of the generator's outputs. "
              "The coin-flip rollers (fdr, fdr-tarot) use the words bit by bit, lowest bit first.");
  flow(em * 11.5f, em);
  ImGui::TextUnformatted("Warm-up");
  ImGui::SameLine();
  int warmup = lin2003 ? static_cast<int>(kLin2003Warmup) : static_cast<int>(state.warmup);
  ImGui::SetNextItemWidth(stepper_width(2.0f));
  const bool warmup_edited = ImGui::InputInt("##warmup", &warmup);
  declare_text_field(TextFieldKind::numeric);
  if (warmup_edited) edit.warmup = static_cast<std::uint32_t>(std::clamp(warmup, 0, 100000)), edited = true;
  ImGui::EndDisabled();
  help_marker("Words thrown away before the first draw. shuffle.c calls rand() four times first.");
  if (lin2003)
    explain("shuffle.c fixes the rest: glibc rand() after srand(seed), four warm-up calls, then "
            "(int)(n * rand() / RAND_MAX) with a retry when the ratio reaches 1.0.");
  return edited;
}

// The seed as text (decimal or 0x hex); the text follows the state unless it is being edited.
bool ShufflePanel::draw_seed_field(const ShuffleLabState& state, ShuffleLabState& edit) {
  const float em = ImGui::GetFontSize();
  const bool lin2003 = state.algo == "lin2003";
  bool edited = false;
  flow(em * 14.0f, em);
  ImGui::TextUnformatted(lin2003 ? "srand" : "Seed");
  ImGui::SameLine();
  if (seed_shown_ != state.seed || shown_gen_ != state.gen) {
    std::snprintf(seed_text_, sizeof seed_text_, "%" PRIu64, state.seed);
    seed_shown_ = state.seed;
    shown_gen_ = state.gen;
  }
  ImGui::SetNextItemWidth(em * 10.0f);
  const bool seed_edited = ImGui::InputText("##seed", seed_text_, sizeof seed_text_);
  declare_text_field(TextFieldKind::text);  // decimal, or hex after 0x
  if (seed_edited) {
    const std::string text = seed_text_;
    auto parsed = text.rfind("0x", 0) == 0 ? parse_hex("seed", text, 16) : parse_decimal("seed", text, 0, ~std::uint64_t{0});
    if (parsed) {
      edit.seed = *parsed;
      edited = true;
    } else {
      edit_error_ = parsed.error();
    }
  }
  help_marker(lin2003 ? "The argument of srand(): shuffle.c passes time(NULL), the Unix time in seconds."
                      : "Decimal, or hex with 0x. The LFSRs refuse 0 (an all-zero register never changes).");
  return edited;
}

//-----------------------------------------------------------------------------
// [SECTION] Presets
//-----------------------------------------------------------------------------

bool ShufflePanel::apply_preset(ShuffleLabState& state, std::string_view name, JobRunner& jobs) {
  ShuffleLabState p;
  p.tab = state.tab;
  p.time = state.time;
  p.guess = state.guess;
  p.window = state.window;
  BiasKind run = BiasKind::none;
  if (name == "tarot") {
    p.n = 78, p.gen = "tarot32", p.seed = 0xDEADBEEF, p.method = "fdr-tarot", p.bits = 8;
    run = BiasKind::sampled;
  } else if (name == "tarot-fixed") {
    p.n = 78, p.gen = "tarot32", p.seed = 0xDEADBEEF, p.method = "fdr", p.bits = 8;
    run = BiasKind::sampled;
  } else if (name == "lin2003") {
    p.algo = "lin2003", p.seed = kDefaultPredictTime;
    run = BiasKind::sampled;
  } else if (name == "float") {
    p.algo = "lin2003", p.n = 6, p.seed = kDefaultPredictTime;
    run = BiasKind::law;
  } else if (name == "naive") {
    p.algo = "naive";
    run = BiasKind::sampled;
  } else if (name == "naive3") {
    p.algo = "naive", p.n = 3;
    run = BiasKind::exact;
  } else if (name == "sattolo") {
    p.algo = "sattolo";
    run = BiasKind::sampled;
  } else if (name == "pdep") {
    p.algo = "pdep", p.n = 64;
  } else {
    return false;
  }
  state = p;
  playing_ = false;
  edit_error_.clear();
  if (state.tab == "bias" && run != BiasKind::none) start_bias(state, run, jobs);
  return true;
}

bool ShufflePanel::draw_presets(ShuffleLabState& state, PanelContext& ctx, bool bias_presets) {
  struct Preset {
    const char* id;
    const char* label;
    const char* help;
  };
  static const Preset kSetups[] = {
      {"tarot", "Tarot article", "78 cards, the 32-bit tarot LFSR and its coin-flip roller as printed (seed 000)."},
      {"lin2003", "shuffle.c 2003", "James D. Lin's shuffle.c: glibc rand(), srand(time), float scaling (seed 001)."},
      {"pdep", "PDEP bitset", "64 cards in one 64-bit word: strike the k-th set bit with PDEP (seed 003)."},
      {"naive", "Naive swap", "Swap every position with any position: the classic mistake."},
      {"sattolo", "Sattolo", "Swap only with earlier positions: one n-cycle, no card stays put."},
  };
  static const Preset kBias[] = {
      {"tarot", "Tarot roller as printed", "Fisher-Yates on 78 cards fed by the article's roller: 10^6 sampled shuffles."},
      {"tarot-fixed", "Tarot, fixed roller", "The same with Lumbroso's roller as published (subtract n, not n-1)."},
      {"naive", "Naive swap", "52 cards, 10^6 sampled shuffles: the diagonal pattern."},
      {"naive3", "Naive, 3 cards exact", "All 27 draw lists: 27 is not a multiple of 3! = 6."},
      {"sattolo", "Sattolo", "52 cards sampled: the diagonal is exactly zero."},
      {"float", "shuffle.c float scaling", "6 cards, every draw list weighed by the exact law of (int)(n * rand() / RAND_MAX)."},
  };
  bool changed = false;
  ImGui::AlignTextToFramePadding();
  ImGui::TextColored(colors::kMuted, bias_presets ? "Bias presets:" : "Presets:");
  const auto draw_list = [&](const Preset* presets, std::size_t count) {
    for (std::size_t i = 0; i < count; ++i) {
      flow(ImGui::CalcTextSize(presets[i].label).x + ImGui::GetStyle().FramePadding.x * 2);
      ImGui::PushID(presets[i].id);
      if (ImGui::SmallButton(presets[i].label)) changed |= apply_preset(state, presets[i].id, *ctx.jobs);
      ImGui::PopID();
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", presets[i].help);
    }
  };
  if (bias_presets) draw_list(kBias, std::size(kBias));
  else draw_list(kSetups, std::size(kSetups));
  return changed;
}

//-----------------------------------------------------------------------------
// [SECTION] Animation: transport and inputs read
//-----------------------------------------------------------------------------


void ShufflePanel::step_to(ShuffleLabState& state, long long t) {
  const LabRecording* rec = recording(state);
  const long long total = rec ? rec->total_steps() : 0;
  t = std::clamp(t, 0LL, total);
  if (static_cast<std::uint64_t>(t) == state.t + 1) {
    animated_t_ = static_cast<std::uint64_t>(t);
    animation_ = 0.0f;
  } else {
    animation_ = 1.0f;
  }
  state.t = static_cast<std::uint64_t>(t);
}

bool ShufflePanel::draw_transport(ShuffleLabState& state, std::uint32_t total) {
  const float em = ImGui::GetFontSize();
  const auto t = static_cast<long long>(state.t);
  bool changed = false;
  if (ImGui::Button("|<")) step_to(state, 0), changed = true, playing_ = false;
  flow(button_width("< Back"));
  if (ImGui::Button("< Back")) step_to(state, t - 1), changed = true, playing_ = false;
  flow(em * 4.0f);
  if (ImGui::Button(playing_ ? "Pause" : "Play", ImVec2(em * 4.0f, 0))) {
    playing_ = !playing_;
    if (playing_ && state.t >= total) step_to(state, 0), changed = true;
  }
  flow(button_width("Step >"));
  if (ImGui::Button("Step >")) step_to(state, t + 1), changed = true, playing_ = false;
  flow(button_width(">|"));
  if (ImGui::Button(">|")) step_to(state, total), changed = true, playing_ = false;
  flow(em * 9.0f);
  ImGui::SetNextItemWidth(em * 9.0f);
  ImGui::SliderFloat("##speed", &steps_per_second_, 0.5f, 200.0f, "%.1f steps/s", ImGuiSliderFlags_Logarithmic);
  help_marker("Keys: Space plays or pauses, Right and Left arrows step. Drag the timeline to scrub.");

  int scrub = static_cast<int>(state.t);
  ImGui::SetNextItemWidth(-1);
  char label[48];
  std::snprintf(label, sizeof label, "step %d of %u", scrub, total);
  if (ImGui::SliderInt("##timeline", &scrub, 0, static_cast<int>(total), label)) {
    step_to(state, scrub);
    changed = true;
  }
  const ImVec2 t0 = ImGui::GetItemRectMin(), t1 = ImGui::GetItemRectMax();
  timeline_rect_ = {t0.x, t0.y, t1.x, t1.y};

  if (lab_shortcuts_active()) {
    if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Space), false)) playing_ = !playing_;
    if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_RightArrow))) step_to(state, static_cast<long long>(state.t) + 1), changed = true;
    if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_LeftArrow))) step_to(state, static_cast<long long>(state.t) - 1), changed = true;
  }
  if (playing_) {
    step_accumulator_ += static_cast<double>(ImGui::GetIO().DeltaTime) * steps_per_second_;
    const auto whole = static_cast<long long>(step_accumulator_);
    if (whole > 0) {
      step_accumulator_ -= static_cast<double>(whole);
      step_to(state, static_cast<long long>(state.t) + whole);
      changed = true;
    }
    if (state.t >= total) playing_ = false;
  }
  if (animation_ < 1.0f) {
    const float duration = std::min(0.45f, 0.9f / steps_per_second_);
    animation_ = std::min(1.0f, animation_ + ImGui::GetIO().DeltaTime / duration);
  }
  return changed;
}

void ShufflePanel::draw_inputs(const ShuffleFrame& f, const ShuffleLabState& state) {
  if (f.step == 0 || f.inputs.empty()) {
    if (f.step > 0) ImGui::TextColored(colors::kMuted, "This draw had a single possible value: nothing was read.");
    return;
  }
  const bool lin2003 = state.algo == "lin2003";
  const unsigned bits = lin2003 ? 31 : state.bits;
  std::string words, flips;
  std::size_t shown = 0;
  for (const DrawInput& in : f.inputs) {
    if (in.kind == DrawInput::Kind::flip) {
      if (flips.size() < 96) flips += in.value ? '1' : '0';
      continue;
    }
    if (shown++ >= 6) continue;
    const std::string value = lin2003 || state.method == "float" ? std::to_string(in.value)
                                                                 : "0x" + format_hex_upper(in.value, static_cast<int>((bits + 3) / 4));
    words += (words.empty() ? "" : ", ") + value;
    if (in.kind == DrawInput::Kind::discarded) words += " (warm-up, thrown away)";
    if (in.kind == DrawInput::Kind::rejected) words += " (rejected, drawn again)";
  }
  if (shown > 6) words += ", ... (" + std::to_string(shown - 6) + " more)";
  if (!flips.empty()) {
    ImGui::TextColored(colors::kMuted, "Coin flips read (lowest bit of each %u-bit word first): %s%s", bits,
                       flips.c_str(), f.inputs.size() > 96 ? "..." : "");
  }
  if (!words.empty() && flips.empty()) {
    ImGui::PushTextWrapPos(0);
    ImGui::TextColored(colors::kMuted, "%s read: %s", lin2003 ? "rand() values" : (std::to_string(bits) + "-bit words").c_str(),
                       words.c_str());
    ImGui::PopTextWrapPos();
  }
}

//-----------------------------------------------------------------------------
// [SECTION] Animation: the deck
//-----------------------------------------------------------------------------

void ShufflePanel::draw_deck(const ShuffleFrame& f, CardFaces faces, std::uint32_t n) {
  const float em = ImGui::GetFontSize();
  const float avail = ImGui::GetContentRegionAvail().x;
  const ImVec2 top = ImGui::GetCursorScreenPos();
  const float margin = em * 1.6f;  // room above the first row for its arcs
  const DeckGrid g = layout_deck(faces, n, avail, ImVec2(top.x, top.y + margin));
  // The deck gets its own child window, so its own draw list: a 1000-card deck alone stays below
  // the 65536 vertices a draw list can index on WebGL.
  ImGui::PushStyleColor(ImGuiCol_ChildBg, ImVec4(0, 0, 0, 0));
  ImGui::BeginChild("deck", ImVec2(avail, margin + g.height() + em * 0.4f), false,
                    ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  draw_deck_slots(dl, g, f, n);
  DeckMotion motion;
  motion.animating = animation_ < 1.0f && animated_t_ == f.step && steps_per_second_ <= 30.0f;
  motion.phase = motion.animating ? ease(animation_) : 1.0f;
  const int hovered = draw_deck_cards(dl, g, f, faces, n, motion);
  draw_move_arcs(dl, g, f, top.y);
  draw_pivot_marks(dl, g, f, n);
  ImGui::EndChild();
  ImGui::PopStyleColor();
  if (f.settled_end > f.settled_begin || f.pivot >= 0)
    explain("Green: positions that hold their final card (the shuffled side). Line: the boundary. "
            "Triangle: the pivot, the position the next draw works on.");
  if (hovered >= 0) {
    const auto p = static_cast<std::uint32_t>(hovered);
    ImGui::SetTooltip("position %u: %s (card %u)%s", p, card_face(faces, f.deck[p]).name.c_str(), f.deck[p],
                      p >= f.settled_begin && p < f.settled_end ? "\nfinal: this position will not change again" : "");
  }
}

//-----------------------------------------------------------------------------
// [SECTION] Animation: the PDEP step
//-----------------------------------------------------------------------------

void ShufflePanel::draw_pdep(const PdepStep& s, std::uint32_t n) {
  const float em = ImGui::GetFontSize();
  section("The PDEP step (seed 003)");
  if (s.words > 1)
    ImGui::Text("%u cards need %u words: the draw %u falls in word %u, where it is remaining card %u.", n, s.words,
                s.rank, s.word_index, s.rank_in_word);
  const float label_w = em * 9.5f;
  const float avail = ImGui::GetContentRegionAvail().x - label_w;
  const auto live = static_cast<unsigned>(std::popcount(s.set_before));
  // Never below legibility: the 64 bits scroll sideways where they do not fit.
  const float cell = std::clamp((avail - em) / 64.0f, em * legibility::kMinCellEm, em * 1.0f);
  {
    const WideRegion region("pdep_bits", label_w + 64 * cell, 3 * (cell + em * 0.5f) + em * 1.6f);
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    const std::uint64_t struck = s.set_before ^ s.set_after;
    struct Row {
      const char* label;
      std::uint64_t bits;
      bool value_row;
    };
    const std::string value_label = "~(1 << " + std::to_string(s.rank_in_word) + ")";
    const Row rows[] = {{"cards (mask)", s.set_before, false},
                        {value_label.c_str(), s.scatter, true},
                        {"pdep(value, mask)", s.set_after, false}};
    const ImU32 one = colors::kCellOn, zero = colors::kCellOff, dim = colors::kViewGrid;
    const ImU32 accent = ImGui::ColorConvertFloat4ToU32(colors::kAccent);
    for (int r = 0; r < 3; ++r) {
      const float y = origin.y + static_cast<float>(r) * (cell + em * 0.5f) + em * 0.2f;
      dl->AddText(ImVec2(origin.x, y + (cell - em) * 0.5f), colors::kViewText, rows[r].label);
      for (int bit = 63; bit >= 0; --bit) {
        const float x = origin.x + label_w + static_cast<float>(63 - bit) * cell;
        const bool on = (rows[r].bits >> bit) & 1;
        // In the value row only the low popcount(cards) bits are deposited; the rest are ignored.
        const bool used = !rows[r].value_row || static_cast<unsigned>(bit) < live;
        dl->AddRectFilled(ImVec2(x + 1, y), ImVec2(x + cell - 1, y + cell), used ? (on ? one : zero) : dim, 2.0f);
        legibility::note_cell(ImVec2(x, y), ImVec2(x + cell, y + cell));
        const bool mark = rows[r].value_row ? static_cast<unsigned>(bit) == s.rank_in_word : ((struck >> bit) & 1) != 0;
        if (mark) dl->AddRect(ImVec2(x, y - 1), ImVec2(x + cell, y + cell + 1), accent, 2.0f, 0, 2.0f);
      }
    }
    const float label_y = origin.y + 3 * (cell + em * 0.5f) + em * 0.2f;
    dl->AddText(ImVec2(origin.x + label_w, label_y), colors::kViewLabel, "bit 63");
    const ImVec2 b0 = ImGui::CalcTextSize("bit 0");
    dl->AddText(ImVec2(origin.x + label_w + 64 * cell - b0.x, label_y), colors::kViewLabel, "bit 0");
    ImGui::Dummy(ImVec2(label_w + 64 * cell, 3 * (cell + em * 0.5f) + em * 1.6f));
  }
  ImGui::TextWrapped("PDEP deposits the low %u bits of the value (the dim ones are ignored) into the %u set bits of "
                     "the mask, in order: set bit number %u (counting from 0) gets the 0, every other one a 1. So the "
                     "result is the mask minus its %u-th card. XOR with the mask and count trailing zeros: tzcnt = %u, "
                     "so the card is %u.",
                     live, live, s.rank_in_word, s.rank_in_word, s.card % 64, s.card);
}

LabLanes ShufflePanel::make_lanes(const ShuffleLabState& state) {
  const LabRecording* rec = recording(state);
  if (!rec) return LabLanes{{}, recording_error_};
  return shuffle_lab_lanes(state, *rec);
}

bool ShufflePanel::draw_animate(ShuffleLabState& state) {
  const LabRecording* rec = recording(state);
  if (!rec) {
    field_error(recording_error_);
    return false;
  }
  const std::uint32_t total = rec->total_steps();
  bool changed = false;
  if (state.t > total) state.t = total, changed = true;
  changed |= draw_transport(state, total);
  const ShuffleFrame* f = frame(state);
  if (!f) return changed;
  ImGui::PushTextWrapPos(0);
  ImGui::TextUnformatted(f->caption.c_str());
  ImGui::PopTextWrapPos();
  draw_inputs(*f, state);
  const CardFaces faces = card_faces(state);
  draw_deck(*f, faces, state.n);
  if (f->pdep) draw_pdep(*f->pdep, state.n);
  else if (state.algo == "pdep" && f->step == 0)
    explain("Step once to see the PDEP instruction strike a bit out of the card set.");
  if (f->step == total && total > 0) {
    const unsigned bits = state.algo == "lin2003" ? 31 : state.bits;
    ImGui::TextColored(colors::kGood, "Shuffled after %u steps, reading %" PRIu64 " words of %u bits (%" PRIu64
                       " bits) from the generator.", total, rec->words_read, bits, rec->words_read * bits);
  }
  ImGui::Spacing();
  changed |= lanes_.draw(state.lanes, setup_key(state, encode_shuffle_lab), [&] { return make_lanes(state); });
  return changed;
}

//-----------------------------------------------------------------------------
// [SECTION] Bias: jobs
//-----------------------------------------------------------------------------

void ShufflePanel::start_bias(ShuffleLabState& state, BiasKind kind, JobRunner& jobs) {
  const std::string_view run = kind == BiasKind::exact ? "exact" : kind == BiasKind::law ? "law" : "sample";
  linked_run_.started(state.run, run, run_key(state, run));
  bias_kind_ = kind;
  bias_origin_ = BiasOrigin{state.algo, algo_label(state), state.n, card_faces(state)};
  const BiasMode mode = kind == BiasKind::exact ? BiasMode::exact : kind == BiasKind::law ? BiasMode::law : BiasMode::empirical;
  std::string key = shuffle_setup_key(state);
  auto setup = bias_setup(state, mode);
  if (!setup) {
    bias_.cancel(jobs);
    bias_.refuse(jobs, std::move(key), setup.error());
    return;
  }
  bias_.start(jobs, "shuffle_bias", shuffle_bias_job_params(state, mode), std::move(key));
}

void ShufflePanel::poll_jobs(JobRunner& jobs) {
  if (bias_.poll(jobs)) {
    BiasResult result;
    if (bias_kind_ == BiasKind::law) {
      auto law = law_bias_from_result(bias_.status.result);
      if (law) result.law = std::move(law.value());
      else bias_.error = law.error();
    } else {
      auto m = bias_matrix_from_result(bias_.status.result);
      if (m) result.matrix = std::move(m.value());
      else bias_.error = m.error();
    }
    if (result.law || result.matrix) bias_.result = std::move(result);
  }
  if (predict_.poll(jobs)) {
    // {tried, seeds found...}
    const std::vector<double>& values = predict_.status.result;
    PredictResult result;
    if (!values.empty()) result.tried = static_cast<std::uint64_t>(values[0]);
    for (std::size_t k = 1; k < values.size(); ++k) result.found.push_back(static_cast<std::uint32_t>(values[k]));
    predict_.result = std::move(result);
  }
}

//-----------------------------------------------------------------------------
// [SECTION] Bias: the matrix
//-----------------------------------------------------------------------------

namespace {

// Where the matrix goes: rows are positions, columns cards; it fits the width
// and, down to a minimum, the height.
struct MatrixLayout {
  float axis = 0, cell = 0, side = 0, head = 0, legend_h = 0;
  bool ticks = false;  // cells wide enough for their numbers on the axes
};

MatrixLayout matrix_layout(std::uint32_t n) {
  const float em = ImGui::GetFontSize();
  MatrixLayout l;
  l.axis = em * 3.4f;
  const ImVec2 room = ImGui::GetContentRegionAvail();
  const float side_max = std::min(room.x - l.axis - em * 7.0f, std::max(room.y - em * 5.0f, em * 18.0f));
  // Never below legibility: a matrix wider than the room scrolls sideways.
  l.cell = std::clamp(side_max / static_cast<float>(n), em * legibility::kMinCellEm, em * 3.0f);
  l.ticks = l.cell >= em * 1.2f;
  l.side = l.cell * static_cast<float>(n);
  l.head = em * (l.ticks ? 2.4f : 1.3f);
  l.legend_h = std::max(l.side, em * 8.0f);
  return l;
}

// "card ->" above, "position" down the side, and the numbers when they fit.
void draw_matrix_axes(ImDrawList* dl, ImVec2 top, ImVec2 origin, const MatrixLayout& l, std::uint32_t n) {
  const float em = ImGui::GetFontSize();
  const ImU32 label_col = colors::kViewLabel;
  dl->AddText(ImVec2(origin.x, top.y), label_col, "card ->");
  const char* pos_label = "position";
  for (int i = 0; pos_label[i]; ++i) {
    const char ch[2] = {pos_label[i], 0};
    dl->AddText(ImVec2(top.x + em * 0.2f, origin.y + static_cast<float>(i) * em * 0.95f), label_col, ch);
  }
  if (!l.ticks) return;
  ImFont* font = ImGui::GetFont();
  const float size = em * 0.8f;
  for (std::uint32_t k = 0; k < n; ++k) {
    const std::string label = std::to_string(k);
    const ImVec2 ts = font->CalcTextSizeA(size, 1e9f, 0, label.c_str());
    const float mid = static_cast<float>(k) * l.cell + l.cell * 0.5f;
    dl->AddText(font, size, ImVec2(origin.x + mid - ts.x * 0.5f, origin.y - ts.y - em * 0.15f), label_col, label.c_str());
    dl->AddText(font, size, ImVec2(origin.x - ts.x - em * 0.3f, origin.y + mid - ts.y * 0.5f), label_col, label.c_str());
  }
}

// The colour bar with its scale.
void draw_matrix_legend(ImDrawList* dl, ImVec2 origin, const MatrixLayout& l, const BiasMatrixView& view) {
  const float em = ImGui::GetFontSize();
  const float lx = origin.x + l.side + em * 1.2f, lw = em * 1.0f, lh = l.legend_h;
  for (int k = 0; k < 64; ++k) {
    const float y0 = origin.y + lh * static_cast<float>(k) / 64.0f, y1 = origin.y + lh * static_cast<float>(k + 1) / 64.0f;
    dl->AddRectFilled(ImVec2(lx, y0), ImVec2(lx + lw, y1 + 0.5f), diverging(1.0 - 2.0 * (k + 0.5) / 64.0));
  }
  const ImU32 text_col = colors::kViewText;
  dl->AddText(ImVec2(lx + lw + em * 0.3f, origin.y - em * 0.2f), text_col, view.limit_plus.c_str());
  dl->AddText(ImVec2(lx + lw + em * 0.3f, origin.y + lh * 0.5f - em * 0.5f), text_col, "1/n");
  dl->AddText(ImVec2(lx + lw + em * 0.3f, origin.y + lh - em * 0.8f), text_col, view.limit_minus.c_str());
}

}  // namespace

// Rebuilt only when the result or the colour scale changes.
const BiasMatrixView& ShufflePanel::matrix_view() {
  if (!matrix_view_ || matrix_view_job_ != bias_.id || matrix_view_scale_ != colour_scale_) {
    const auto scale = static_cast<BiasColourScale>(colour_scale_);
    matrix_view_ = bias_.result->law ? bias_matrix_view(*bias_.result->law, scale)
                                     : bias_matrix_view(*bias_.result->matrix, bias_kind_ == BiasKind::sampled, scale);
    matrix_view_job_ = bias_.id;
    matrix_view_scale_ = colour_scale_;
  }
  return *matrix_view_;
}

void ShufflePanel::draw_bias_summary(const BiasMatrixView& view) {
  const std::uint32_t n = view.n;
  if (bias_.result->law) {
    ImGui::Text("Exact probabilities from %" PRIu64 " weighted draw lists: largest relative deviation from 1/%u is %s.",
                bias_.result->law->lists, n, fmt("%.3g", view.max_deviation).c_str());
    return;
  }
  const BiasMatrix& matrix = *bias_.result->matrix;
  if (bias_kind_ == BiasKind::exact) {
    ImGui::Text("Exact counts over all %" PRIu64 " draw lists: largest relative deviation from 1/%u is %s.", matrix.total, n,
                fmt("%.4g", view.max_deviation).c_str());
    return;
  }
  const BiasSummary& summary = *view.summary;
  ImGui::Text("%" PRIu64 " shuffles: largest relative deviation %s; one cell's standard error is %s of 1/%u.",
              matrix.total, fmt("%.2f%%", view.max_deviation_percent()).c_str(),
              fmt("%.2f%%", view.standard_error_percent()).c_str(), n);
  const bool biased = bias_is_real(summary);
  ImGui::TextColored(biased ? colors::kError : colors::kGood,
                     "chi-square %.1f on %.0f degrees of freedom: p %s; %" PRIu64 " cells beyond 4 sigma. %s",
                     summary.chi_square, summary.degrees_of_freedom,
                     summary.p_value > 0 ? fmt("= %.3g", summary.p_value).c_str() : "< 1e-300",
                     summary.cells_beyond_4_sigma,
                     biased ? "Not uniform: this bias is real, not noise."
                            : "Consistent with a uniform shuffle at this sample size.");
  help_marker("Pearson's statistic over all n x n cells, scaled by (n-1)/n, against a chi-square with (n-1)^2 "
              "degrees of freedom. A cell beyond 4 standard errors happens by chance about once in 16000 cells.");
}

ShufflePanel::MatrixHover ShufflePanel::draw_matrix_grid(const BiasMatrixView& view) {
  const float em = ImGui::GetFontSize();
  const std::uint32_t n = view.n;
  const MatrixLayout l = matrix_layout(n);
  const BiasMatrix* counts = bias_.result->law ? nullptr : &*bias_.result->matrix;
  // Its own child window, so its own draw list (up to 10^4 cells; WebGL indexes 16 bits).
  ImGui::PushStyleColor(ImGuiCol_ChildBg, ImVec4(0, 0, 0, 0));
  const ImVec2 size(l.axis + l.side + em * 7.0f, l.head + l.legend_h + em * 0.4f);
  std::optional<WideRegion> region;
  region.emplace("matrix_region", size.x, size.y);
  ImGui::BeginChild("matrix", size, false, ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 top = ImGui::GetCursorScreenPos();
  const ImVec2 origin(top.x + l.axis, top.y + l.head);
  draw_matrix_axes(dl, top, origin, l, n);
  for (std::uint32_t p = 0; p < n; ++p)
    for (std::uint32_t c = 0; c < n; ++c) {
      const ImVec2 a(origin.x + static_cast<float>(c) * l.cell, origin.y + static_cast<float>(p) * l.cell);
      dl->AddRectFilled(a, ImVec2(a.x + l.cell, a.y + l.cell), diverging(view.deviation_at(p, c) / view.colour_limit));
      if (l.cell >= em * 2.2f && counts) {
        const std::string count = std::to_string(counts->at(p, c));
        const ImVec2 ts = ImGui::CalcTextSize(count.c_str());
        if (ts.x < l.cell - 4)
          dl->AddText(ImVec2(a.x + (l.cell - ts.x) * 0.5f, a.y + (l.cell - ts.y) * 0.5f), colors::kCellInk,
                      count.c_str());
      }
    }
  legibility::note_cell(origin, ImVec2(origin.x + l.cell, origin.y + l.cell));
  dl->AddRect(ImVec2(origin.x - 1, origin.y - 1), ImVec2(origin.x + l.side + 1, origin.y + l.side + 1),
              colors::kViewFrame);
  draw_matrix_legend(dl, origin, l, view);
  const bool matrix_hovered = ImGui::IsWindowHovered();
  ImGui::EndChild();
  region.reset();
  ImGui::PopStyleColor();

  MatrixHover hover;
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  if (matrix_hovered && mouse.x >= origin.x && mouse.y >= origin.y && mouse.x < origin.x + l.side &&
      mouse.y < origin.y + l.side) {
    hover.card = static_cast<std::uint32_t>((mouse.x - origin.x) / l.cell);
    hover.position = static_cast<std::uint32_t>((mouse.y - origin.y) / l.cell);
    hover.inside = hover.card < n && hover.position < n;
  }
  return hover;
}

// The exact fraction, or the estimate with its standard error.
void ShufflePanel::draw_cell_tooltip(const BiasMatrixView& view, std::uint32_t p, std::uint32_t c) {
  const std::string name = card_face(bias_origin_.faces, c).name;
  if (bias_.result->law) {
    const Fraction fr = bias_.result->law->probability(p, c);
    std::string text = fr.to_string();
    if (text.size() > 60) text = "(a fraction with " + std::to_string(fr.denominator().to_string().size()) + "-digit denominator)";
    ImGui::SetTooltip("%s at position %u\nP = %s\n  = %.12f\n1/n = %.12f\ndeviation %+.3e of 1/n", name.c_str(), p,
                      text.c_str(), fr.to_double(), view.uniform, view.deviation_at(p, c));
    return;
  }
  const BiasMatrix& matrix = *bias_.result->matrix;
  if (bias_kind_ == BiasKind::exact) {
    const Fraction fr(matrix.at(p, c), matrix.total);
    ImGui::SetTooltip("%s at position %u\nP = %" PRIu64 "/%" PRIu64 " = %s exactly (%.6f)\n1/n = %.6f", name.c_str(), p,
                      matrix.at(p, c), matrix.total, fr.to_string().c_str(), fr.to_double(), view.uniform);
    return;
  }
  const SampledCell cell = sampled_cell(matrix, p, c);
  ImGui::SetTooltip("%s at position %u\nestimate %.6f +- %.6f (one standard error)\n1/n = %.6f, z = %+.2f", name.c_str(),
                    p, cell.estimate, cell.standard_error, view.uniform, cell.z);
}

void ShufflePanel::draw_matrix() {
  const float em = ImGui::GetFontSize();
  const BiasMatrixView& view = matrix_view();
  draw_bias_summary(view);
  ImGui::SetNextItemWidth(em * 7.0f);
  static const char* const kScales[] = {"auto", "+-1%", "+-10%", "+-100%"};
  ImGui::Combo("colour scale", &colour_scale_, kScales, 4);
  const MatrixHover hover = draw_matrix_grid(view);
  explain("Red: the card lands at that position more often than 1/n; blue: less often. Scale: relative "
          "deviation p*n - 1.");
  if (hover.inside) draw_cell_tooltip(view, hover.position, hover.card);
}

//-----------------------------------------------------------------------------
// [SECTION] Bias tab
//-----------------------------------------------------------------------------

bool ShufflePanel::draw_bias_buttons(ShuffleLabState& state, PanelContext& ctx) {
  const float em = ImGui::GetFontSize();
  bool changed = false;
  const std::uint64_t lists = [&] {
    auto setup = make_shuffle_setup(state);
    return setup ? ExactBias::outcomes(setup->spec) : 0;
  }();
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("Shuffles");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(stepper_width(5.5f));
  std::uint64_t shuffles = state.shuffles;
  const std::uint64_t step = 100000, fast = 1000000;
  const bool shuffles_edited = ImGui::InputScalar("##shuffles", ImGuiDataType_U64, &shuffles, &step, &fast, "%llu");
  declare_text_field(TextFieldKind::numeric);
  if (shuffles_edited) {
    state.shuffles = std::clamp<std::uint64_t>(shuffles, 1, kMaxLabShuffles);
    changed = true;
  }
  ImGui::SameLine();
  ImGui::BeginDisabled(bias_.running());
  if (ImGui::Button("Sample")) start_bias(state, BiasKind::sampled, *ctx.jobs);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(state.algo == "lin2003"
                          ? "Run shuffle.c M times as if started once a second: shuffle m is srand(seed + m)."
                          : "Run M shuffles in a row from this generator and method, in a background worker.");
  ImGui::SameLine();
  if (ImGui::Button("Exact")) start_bias(state, BiasKind::exact, *ctx.jobs);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("Every one of the %s possible draw lists once, with perfect uniform draws:\nthe algorithm's own "
                      "bias, without the generator or the method.",
                      lists == ~std::uint64_t{0} ? "too many" : std::to_string(lists).c_str());
  flow(ImGui::CalcTextSize("Exact with this method").x + em);
  if (ImGui::Button("Exact with this method")) start_bias(state, BiasKind::law, *ctx.jobs);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("Every draw list weighed by the exact law of the method on ideal random words\n"
                      "(the algorithm's bias plus the method's, as exact fractions). At most %llu lists.",
                      static_cast<unsigned long long>(kMaxLawLists));
  ImGui::EndDisabled();
  const char* check = "Check decks from your own code (Check lab)";
  flow(button_width(check));
  if (ImGui::Button(check))
    ctx.open_link = check_link_for_decks(state.algo, state.n, state.gen, state.seed, state.rounds);
  return changed;
}

bool ShufflePanel::draw_bias(ShuffleLabState& state, PanelContext& ctx) {
  bool changed = draw_presets(state, ctx, true);
  explain("Shuffle many times and count where each card ends up. A fair shuffle puts every card at every "
          "position with probability 1/n.");
  changed |= draw_bias_buttons(state, ctx);
  job_progress_row(bias_, *ctx.jobs);
  if (bias_.result) {
    // A result for an older setup stays on screen, labelled.
    if (!bias_.belongs_to(shuffle_setup_key(state)))
      ImGui::TextColored(colors::kAccent, "Computed for %s with %u cards; the setup has changed since.",
                         bias_origin_.label.c_str(), bias_origin_.n);
    draw_matrix();
  } else if (!bias_.running() && bias_.error.empty()) {
    ImGui::TextColored(colors::kMuted, "Press Sample, Exact, or pick a preset.");
  }
  return changed;
}

//-----------------------------------------------------------------------------
// [SECTION] Reachable decks
//-----------------------------------------------------------------------------

void ShufflePanel::draw_reach(const ShuffleLabState& state) {
  const float em = ImGui::GetFontSize();
  const ReachView reach = reach_view(state);
  explain("A generator that starts from one of 2^k seeds can only ever produce 2^k different decks, however good the "
          "shuffle. A deck has n! orders.");
  ImGui::Text("log2(%u!) = %.2f: the bits needed to reach every order of %u cards.", state.n, reach.log2_orders, state.n);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float label_w = em * 16.0f, bar_max = std::max(em * 10.0f, ImGui::GetContentRegionAvail().x - label_w - em * 6.0f);
  const ImU32 bar = colors::kSeriesA, current = ImGui::ColorConvertFloat4ToU32(colors::kAccent);
  auto row = [&](const std::string& label, double value, ImU32 col, const std::string& note) {
    const ImVec2 p = ImGui::GetCursorScreenPos();
    ImGui::TextUnformatted(label.c_str());
    const float w = static_cast<float>(reach.bar_fraction(value)) * bar_max;
    dl->AddRectFilled(ImVec2(p.x + label_w, p.y + em * 0.15f), ImVec2(p.x + label_w + w, p.y + em * 0.95f), col, 3.0f);
    const std::string number = fmt("%.2f", value);
    dl->AddText(ImVec2(p.x + label_w + w + em * 0.4f, p.y), colors::kViewText, number.c_str());
    if (!note.empty() && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", note.c_str());
  };
  ImGui::Spacing();
  row("log2(n!) orders", reach.log2_orders, colors::kBand, "every order of the deck");
  for (const auto& r : reach.rows) row(r.label, r.log2_count, r.current ? current : bar, r.note);
  ImGui::Spacing();
  if (reach.seeds_fall_short) {
    ImGui::TextWrapped("So this setup reaches at most 2^%.2f of the 2^%.2f orders of %u cards: a fraction of at most %s. "
                       "Almost every deck can never come up.",
                       reach.log2_seeds, reach.log2_orders, state.n, power_of_two_text(reach.log2_reached_fraction).c_str());
  } else {
    ImGui::TextWrapped("Here the seeds (2^%.2f) outnumber the %u! = 2^%.2f orders, so the seed alone does not rule any "
                       "deck out (whether every deck actually comes up is another matter).",
                       reach.log2_seeds, state.n, reach.log2_orders);
  }
  ImGui::TextWrapped("shuffle.c seeded with time(NULL) has at most 2^32 decks; someone who knows the year it ran has "
                     "about 2^24.9 candidates, and the Predict tab shows that one hour (2^11.8) takes a moment to search.");
}

//-----------------------------------------------------------------------------
// [SECTION] Predict
//-----------------------------------------------------------------------------

void ShufflePanel::start_predict(ShuffleLabState& state, JobRunner& jobs) {
  linked_run_.started(state.run, "predict", run_key(state, "predict"));
  const auto deck = lin2003_deck(static_cast<std::uint32_t>(state.time), 52);
  const std::vector<std::uint32_t> seen(deck.begin(), deck.begin() + kPredictShownCards);
  predict_.start(jobs, "shuffle_seed_search",
                 seed_search_job_params(seen, 52, predict_window(state.guess, window_seconds(state.window))),
                 predict_setup_key(state));
}

// The true time, the attacker's guess and window; true when one of them changed.
bool ShufflePanel::draw_predict_times(ShuffleLabState& state) {
  const float em = ImGui::GetFontSize();
  bool changed = false;
  const SeedWindow window = predict_window(state.guess, window_seconds(state.window));
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("The program really ran at");
  ImGui::SameLine();
  std::uint64_t t = state.time;
  const std::uint64_t one = 1, minute = 60;
  ImGui::SetNextItemWidth(stepper_width(7.5f));
  const bool time_edited = ImGui::InputScalar("##time", ImGuiDataType_U64, &t, &one, &minute, "%llu");
  declare_text_field(TextFieldKind::numeric);
  if (time_edited) {
    state.time = std::min<std::uint64_t>(t, 0xFFFFFFFFu);
    changed = true;
  }
  ImGui::SameLine();
  ImGui::TextColored(colors::kMuted, "= %s", format_utc(state.time).c_str());
  help_marker("time(NULL): seconds since 1970-01-01 UTC. This is the secret the attacker does not know exactly.");
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("The attacker guesses about");
  ImGui::SameLine();
  std::uint64_t guess = state.guess;
  ImGui::SetNextItemWidth(stepper_width(7.5f));
  const bool guess_edited = ImGui::InputScalar("##guess", ImGuiDataType_U64, &guess, &one, &minute, "%llu");
  declare_text_field(TextFieldKind::numeric);
  if (guess_edited) {
    state.guess = std::min<std::uint64_t>(guess, 0xFFFFFFFFu);
    changed = true;
  }
  ImGui::SameLine();
  ImGui::TextColored(colors::kMuted, "= %s, give or take", format_utc(state.guess).c_str());
  ImGui::SameLine();
  static const char* const kWindows[] = {"hour", "day", "week"};
  int w = state.window == "day" ? 1 : state.window == "week" ? 2 : 0;
  ImGui::SetNextItemWidth(em * 6.0f);
  if (ImGui::Combo("##window", &w, kWindows, 3)) state.window = kWindows[w], changed = true;
  ImGui::TextColored(colors::kMuted, "Seeds searched: %" PRIu64 ", from %s to %s.", window.count,
                     format_utc(window.first).c_str(), format_utc(window.first + window.count - 1).c_str());
  if (!window.contains(state.time))
    ImGui::TextColored(colors::kError, "The true time is outside this window: the search will come back empty.");
  return changed;
}

// The seeds found and, from the first, the rest of the deck.
void ShufflePanel::draw_predict_result(const std::vector<std::uint32_t>& deck) {
  const PredictResult& r = *predict_.result;
  if (r.found.empty()) {
    ImGui::TextColored(colors::kError, "No seed in the window gives these five cards (%" PRIu64 " tried).", r.tried);
    return;
  }
  const std::uint32_t seed = r.found.front();
  ImGui::TextColored(colors::kGood, "Tried all %" PRIu64 " seeds; %s: srand(%u), %s.", r.tried,
                     r.found.size() == 1 ? "exactly one gives these five cards"
                                         : "several give these five cards (hover for all), the first is",
                     seed, format_utc(seed).c_str());
  if (r.found.size() > 1 && ImGui::IsItemHovered()) {
    std::string all;
    for (std::uint32_t s : r.found) all += std::to_string(s) + "\n";
    ImGui::SetTooltip("%s", all.c_str());
  }
  section("The rest of the deck, predicted");
  const auto predicted = lin2003_deck(seed, 52);
  draw_card_row(predicted, kPredictShownCards, 52, true);
  const bool right = predicted == deck;
  ImGui::TextColored(right ? colors::kGood : colors::kError, right ? "Every card matches the real deck."
                                                                     : "The prediction differs from the real deck.");
}

bool ShufflePanel::draw_predict(ShuffleLabState& state, PanelContext& ctx) {
  ImGui::PushTextWrapPos(0);
  ImGui::TextColored(colors::kAccent,
                     "shuffle.c seeds glibc with srand(time(NULL)), so its whole deck is a function of the second the "
                     "program started: whoever knows roughly when can replay every second of that window and keep the "
                     "one whose deck begins with the cards already on the table.");
  ImGui::TextColored(colors::kAccent,
                     "A deck needs log2(52!) = 225.6 bits to reach every order, so seed from the operating system "
                     "(getrandom, /dev/urandom) into a generator with at least that much state, never from the clock.");
  ImGui::PopTextWrapPos();
  explain("This tab is always shuffle.c with 52 cards, whatever the setup above says.");
  ImGui::Spacing();
  const bool changed = draw_predict_times(state);

  const auto deck = lin2003_deck(static_cast<std::uint32_t>(state.time), 52);
  section("What the attacker sees: the first five cards");
  draw_card_row(deck, 0, kPredictShownCards, false);

  ImGui::BeginDisabled(predict_.running());
  if (ImGui::Button("Recover the seed")) start_predict(state, *ctx.jobs);
  ImGui::EndDisabled();
  job_progress_row(predict_, *ctx.jobs, 14.0f);
  // Only the search for these times is shown.
  if (predict_.current(predict_setup_key(state)) && predict_.status.state == JobStatus::State::done)
    draw_predict_result(deck);
  return changed;
}

//-----------------------------------------------------------------------------
// [SECTION] Panel
//-----------------------------------------------------------------------------

std::string ShufflePanel::run_key(const ShuffleLabState& state, std::string_view run) {
  if (run == "predict") return "predict:" + predict_setup_key(state);
  // A sample also depends on how many shuffles it made.
  return std::string(run) + ":" + shuffle_setup_key(state) +
         (run == "sample" ? "&shuffles=" + std::to_string(state.shuffles) : "");
}

void ShufflePanel::drop_stale_run(ShuffleLabState& state) {
  const bool predicting = state.run == "predict";
  const JobStatus& status = predicting ? predict_.status : bias_.status;
  linked_run_.drop_if_stale(state.run, run_key(state, state.run), status.state == JobStatus::State::cancelled);
}

void ShufflePanel::start_run(ShuffleLabState& state, PanelContext& ctx) {
  if (state.run == "sample") start_bias(state, BiasKind::sampled, *ctx.jobs);
  else if (state.run == "exact") start_bias(state, BiasKind::exact, *ctx.jobs);
  else if (state.run == "law") start_bias(state, BiasKind::law, *ctx.jobs);
  else if (state.run == "predict") start_predict(state, *ctx.jobs);
}

bool ShufflePanel::draw(ShuffleLabState& state, PanelContext& ctx) {
  poll_jobs(*ctx.jobs);
  poll_human_jobs(*ctx.jobs);
  drop_stale_run(state);
  ImGui::TextUnformatted("How computers shuffle cards");
  help_marker("One setup, four views. A shuffle turns random draws into an order of the cards; the draws come from a "
              "generator (its bits) and a range method (bits to a number below the bound). Everything on this page "
              "is in the link: the algorithm, the cards, the generator, the seed, the method and the step.");
  explain("Pick a shuffle and where its random numbers come from; then watch it, measure its bias, count the decks "
          "it can reach, or predict shuffle.c's deck from five cards.");
  bool changed = draw_setup(state);
  changed |= draw_presets(state, ctx, false);
  ImGui::Spacing();

  static const TabSpec kTabs[] = {{"animate", "Animate"}, {"bias", "Bias"}, {"reach", "Reachable decks"},
                                  {"predict", "Predict the deck"}, {"human", "Human shuffles"}};
  changed |= tabs_.draw("shuffle_tabs", kTabs, state.tab, [&](const std::string& tab) {
    if (tab == "animate") return draw_animate(state);
    if (tab == "bias") return draw_bias(state, ctx);
    if (tab == "reach") return draw_reach(state), false;
    if (tab == "human") return draw_human(state, ctx);
    return draw_predict(state, ctx);
  });
  return changed;
}

bool ShufflePanel::command(std::string_view name, ShuffleLabState& state, PanelContext& ctx) {
  if (name.rfind("lane_", 0) == 0) {
    lanes_.refresh(state.lanes, setup_key(state, encode_shuffle_lab), [&] { return make_lanes(state); });
    return lanes_.command(name);
  }
  const LabRecording* rec = recording(state);
  const long long total = rec ? rec->total_steps() : 0;
  const auto t = static_cast<long long>(state.t);
  auto number_after = [&](std::string_view prefix, long long& out) {
    if (name.substr(0, prefix.size()) != prefix) return false;
    auto v = parse_decimal("t", name.substr(prefix.size()), 0, 0xFFFFFFFFu);
    if (!v) return false;
    out = static_cast<long long>(*v);
    return true;
  };
  long long value = 0;
  if (name == "step") step_to(state, t + 1);
  else if (name == "back") step_to(state, t - 1);
  else if (name == "first") step_to(state, 0);
  else if (name == "last") step_to(state, total);
  else if (number_after("t=", value)) step_to(state, value);
  else if (name == "play") playing_ = true;
  else if (name == "pause") playing_ = false;
  else if (name.substr(0, 4) == "tab=") {
    const std::string tab(name.substr(4));
    if (tab != "animate" && tab != "bias" && tab != "reach" && tab != "predict" && tab != "human") return false;
    state.tab = tab;
  } else if (name == "bias_sample") start_bias(state, BiasKind::sampled, *ctx.jobs);
  else if (name == "bias_exact") start_bias(state, BiasKind::exact, *ctx.jobs);
  else if (name == "bias_law") start_bias(state, BiasKind::law, *ctx.jobs);
  else if (name == "bias_cancel") bias_.cancel(*ctx.jobs);
  else if (name == "predict") start_predict(state, *ctx.jobs);
  else if (name == "engine_sample" && state.n >= 2 && state.n <= kMaxLabComparatorExactCards) {
    engine_sample_.start(*ctx.jobs, "js_sort_sample", engine_sample_params(state.n, kEngineRuns), std::to_string(state.n));
    for (std::size_t i = 0; i < engine_models_.size(); ++i)
      engine_models_[i].start(*ctx.jobs, "shuffle_bias",
                              "algo=" + std::string(shuffle_algo_name(comparator_sorts()[i].algo)) +
                                  "&n=" + std::to_string(state.n) + "&mode=exact",
                              std::to_string(state.n));
  } else if (name.substr(0, 7) == "preset=") return apply_preset(state, name.substr(7), *ctx.jobs);
  else return false;
  return true;
}

//-----------------------------------------------------------------------------
// [SECTION] Human shuffles
//-----------------------------------------------------------------------------

// Riffle and overhand: how many shuffles in a row, and the overhand cut chance.
bool ShufflePanel::draw_human_params(const ShuffleLabState& state, ShuffleLabState& edit) {
  if (state.algo != "riffle" && state.algo != "overhand") return false;
  const float em = ImGui::GetFontSize();
  bool edited = false;
  flow(em * 9.0f, em);
  ImGui::TextUnformatted("Rounds");
  ImGui::SameLine();
  int rounds = static_cast<int>(state.rounds);
  ImGui::SetNextItemWidth(stepper_width(2.5f));
  if (ImGui::InputInt("##rounds", &rounds)) edit.rounds = static_cast<std::uint32_t>(std::max(rounds, 0)), edited = true;
  help_marker("How many riffles (or overhand shuffles) in a row, 1 to 100.");
  if (state.algo == "overhand") {
    flow(em * 9.0f, em);
    ImGui::TextUnformatted("Cut 1 in");
    ImGui::SameLine();
    int cut = static_cast<int>(state.cut);
    ImGui::SetNextItemWidth(stepper_width(3.0f));
    if (ImGui::InputInt("##cut", &cut)) edit.cut = static_cast<std::uint32_t>(std::max(cut, 0)), edited = true;
    help_marker("Pemantle's overhand model (J. Theoret. Probab. 2, 1989): a cut falls in each gap between two cards "
                "with chance 1/C, and the packets land in reverse order.");
  }
  return edited;
}

void ShufflePanel::poll_human_jobs(JobRunner& jobs) {
  if (riffle_.poll(jobs)) {
    auto view = riffle_view(riffle_.status.result);
    if (view) riffle_.result = std::move(view.value());
    else riffle_.error = view.error();
  }
  auto poll_matrix = [&jobs](JobSlot<BiasMatrix>& slot) {
    if (!slot.poll(jobs)) return;
    auto m = bias_matrix_from_result(slot.status.result);
    if (m) slot.result = std::move(m.value());
    else slot.error = m.error();
  };
  poll_matrix(engine_sample_);
  for (auto& model : engine_models_) poll_matrix(model);
}

// The engine's sample against every model, once all of them are in.
std::optional<EngineView> ShufflePanel::engine_comparison() const {
  if (!engine_sample_.result) return std::nullopt;
  std::vector<BiasMatrix> laws;
  for (const auto& model : engine_models_) {
    if (!model.result || model.setup_key != engine_sample_.setup_key) return std::nullopt;
    laws.push_back(*model.result);
  }
  return engine_view(laws, *engine_sample_.result);
}

void ShufflePanel::draw_riffle_plot(const RiffleView& view) {
  const float em = ImGui::GetFontSize();
  const ImVec2 size(std::min(ImGui::GetContentRegionAvail().x, em * 28.0f), em * 10.0f);
  const ImVec2 top = ImGui::GetCursorScreenPos();
  ImGui::Dummy(size);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImU32 axis = ImGui::GetColorU32(ImGuiCol_TextDisabled), line = ImGui::GetColorU32(ImGuiCol_PlotLines);
  dl->AddRect(top, ImVec2(top.x + size.x, top.y + size.y), axis);
  const float half_y = top.y + size.y * 0.5f;
  dl->AddLine(ImVec2(top.x, half_y), ImVec2(top.x + size.x, half_y), axis);
  dl->AddText(ImVec2(top.x + 4.0f, half_y), axis, "1/2");
  std::vector<ImVec2> points;
  for (const auto& [x, y] : view.points) points.emplace_back(top.x + x * size.x, top.y + (1.0f - y) * size.y);
  dl->AddPolyline(points.data(), static_cast<int>(points.size()), line, 0, 2.0f);
  for (std::size_t k = 0; k < points.size(); ++k)
    dl->AddCircleFilled(points[k], view.rows[k].first_below_half ? 5.0f : 3.0f, line);
}

bool ShufflePanel::draw_human(ShuffleLabState& state, PanelContext& ctx) {
  section("Riffles: distance from a uniform deck");
  explain("Gilbert-Shannon-Reeds riffles: cut the deck binomially, drop cards with chance proportional to the packet "
          "sizes. Bayer and Diaconis (1992) give the exact law after k riffles through the number of rising "
          "sequences; the distances below come from exact big integers.");
  const std::string key = std::to_string(state.n);
  if (riffle_.setup_key != key && !riffle_.running())
    riffle_.start(*ctx.jobs, "riffle_table", riffle_table_job_params(state.n, kRiffleTabRounds), key);
  job_progress_row(riffle_, *ctx.jobs);
  if (riffle_.result && riffle_.setup_key == key) {
    const RiffleView& view = *riffle_.result;
    draw_riffle_plot(view);
    if (ImGui::BeginTable("riffle_table", 2, ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_RowBg)) {
      ImGui::TableSetupColumn("riffles k");
      ImGui::TableSetupColumn("distance");
      ImGui::TableHeadersRow();
      for (const RiffleRow& row : view.rows) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::Text("%u%s", row.k, row.first_below_half ? "  <- first below 1/2" : "");
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(row.text.c_str());
      }
      ImGui::EndTable();
    }
    ImGui::TextWrapped("%s", view.seven_text.c_str());
    if (!view.faro_text.empty()) ImGui::TextWrapped("%s", view.faro_text.c_str());
    ImGui::TextWrapped("%s", view.overhand_text.c_str());
  }
  section("Riffle against overhand (sampled)");
  const std::string mix_key = shuffle_setup_key(state);
  if (mixing_key_ != mix_key) mixing_ = mixing_view(state, 10), mixing_key_ = mix_key;
  if (!mixing_.error.empty()) field_error(mixing_.error);
  ImGui::TextWrapped("Adjacent pairs kept (c next to c+1), mean of 200 decks from this setup's generator; a uniform "
                     "deck keeps %s.", fmt("%.3f", mixing_.uniform_mean).c_str());
  for (const std::string& row : mixing_.rows) ImGui::TextUnformatted(row.c_str());
  draw_engine(state, ctx);
  return false;
}

//-----------------------------------------------------------------------------
// [SECTION] The real engine
//-----------------------------------------------------------------------------

void ShufflePanel::draw_engine(const ShuffleLabState& state, PanelContext& ctx) {
  section("The real engine: this browser's Array.prototype.sort");
  explain("The page's worker sorts the cards with (a, b) => Math.random() - 0.5, many times, with the browser's own "
          "sort; each row of its matrix is then tested against the exact law of every modelled sort (row "
          "chi-square, n - 1 degrees of freedom, Bonferroni over the rows). Which engine sorts how: node 20's V8 "
          "counts a run, then inserts by bisection (cmp-v8, up to 63 cards); Chromium 156's V8 bisects from the "
          "start below 16 cards and sorts like node from 16 to 63 (cmp-v8-chromium), so below 16 it fits binary "
          "insertion too. Its comparator's call log, checked in the browser test, tells them apart.");
  if (state.n < 2 || state.n > kMaxLabComparatorExactCards) {
    ImGui::TextWrapped("Set 2 to %u cards to compare the engine with the exact model.", kMaxLabComparatorExactCards);
    return;
  }
  if (ImGui::Button("Sort in this browser")) command("engine_sample", const_cast<ShuffleLabState&>(state), ctx);
  job_progress_row(engine_sample_, *ctx.jobs);
  for (const auto& model : engine_models_)
    if (!model.error.empty()) field_error(model.error);
  const auto view = engine_comparison();
  if (!view || engine_sample_.setup_key != std::to_string(state.n)) return;
  for (const std::string& row : view->rows) ImGui::TextWrapped("%s", row.c_str());
  ImGui::TextWrapped("%s", view->verdict.c_str());
}

//-----------------------------------------------------------------------------
// [SECTION] Test hook and CSV
//-----------------------------------------------------------------------------

std::string ShufflePanel::describe_frame_json(const ShuffleLabState& state) {
  const ShuffleFrame* f = frame(state);
  std::string out = ",\"setupError\":" + json_string(recording_error_);
  if (!f) return out;
  out += ",\"step\":" + std::to_string(f->step) + ",\"totalSteps\":" + std::to_string(f->total_steps) +
         ",\"deck\":" + json_integers(f->deck) + ",\"pivot\":" + std::to_string(f->pivot) + ",\"settled\":[" +
         std::to_string(f->settled_begin) + "," + std::to_string(f->settled_end) + "],\"caption\":" +
         json_string(f->caption) + ",\"inputsRead\":" + std::to_string(f->inputs.size());
  out += f->draw ? ",\"draw\":{\"value\":" + std::to_string(f->draw->a) + ",\"bound\":" + std::to_string(f->draw->b) + "}"
                 : std::string(",\"draw\":null");
  out += f->deck.empty() ? "" : ",\"topCard\":" + json_string(card_face(card_faces(state), f->deck.back()).name);
  char rect[96];
  std::snprintf(rect, sizeof rect, ",\"timelineRect\":[%.0f,%.0f,%.0f,%.0f]", timeline_rect_[0], timeline_rect_[1],
                timeline_rect_[2], timeline_rect_[3]);
  out += rect;
  if (f->pdep)
    out += ",\"pdep\":{\"rank\":" + std::to_string(f->pdep->rank) + ",\"card\":" + std::to_string(f->pdep->card) +
           ",\"before\":" + json_string(format_hex_upper(f->pdep->set_before, 16)) +
           ",\"after\":" + json_string(format_hex_upper(f->pdep->set_after, 16)) + "}";
  return out;
}

// A result computed for another setup is still drawn, labelled: "stale" says so.
std::string ShufflePanel::describe_bias_json(const ShuffleLabState& state) const {
  static const char* const kKinds[] = {"none", "sampled", "exact", "law"};
  std::string out = ",\"bias\":{\"kind\":" + json_string(kKinds[static_cast<int>(bias_kind_)]) +
                    ",\"stale\":" + json_bool(bias_.result && !bias_.belongs_to(shuffle_setup_key(state))) +
                    ",\"jobState\":" + std::to_string(static_cast<int>(bias_.status.state)) +
                    ",\"progress\":" + fmt("%.4f", bias_.status.progress) + ",\"error\":" + json_string(bias_.error);
  const BiasMatrix* matrix = bias_.result && bias_.result->matrix ? &*bias_.result->matrix : nullptr;
  const LawBias* law = bias_.result && bias_.result->law ? &*bias_.result->law : nullptr;
  if (matrix) {
    out += ",\"n\":" + std::to_string(matrix->n) + ",\"total\":" + std::to_string(matrix->total) +
           ",\"counts\":" + json_integers(matrix->counts);
    const BiasSummary s = summarize_bias(*matrix);
    out += ",\"maxDeviation\":" + fmt("%.6g", s.max_relative_deviation) + ",\"chiSquare\":" + fmt("%.6g", s.chi_square) +
           ",\"pValue\":" + fmt("%.6g", s.p_value);
  }
  if (law)
    out += ",\"n\":" + std::to_string(law->n) + ",\"total\":" + json_string(law->total.to_string()) + ",\"weights\":" +
           json_array(law->weights, [](const BigUint& w) { return json_string(w.to_string()); });
  return out + "}";
}

std::string ShufflePanel::describe_predict_json(const ShuffleLabState& state) const {
  const SeedWindow window = predict_window(state.guess, window_seconds(state.window));
  const auto deck = lin2003_deck(static_cast<std::uint32_t>(state.time), 52);
  const PredictResult none;
  const PredictResult& r = predict_.result ? *predict_.result : none;
  return ",\"predict\":{\"time\":" + std::to_string(state.time) + ",\"guess\":" + std::to_string(state.guess) +
         ",\"windowFirst\":" + std::to_string(window.first) + ",\"windowCount\":" + std::to_string(window.count) +
         ",\"seen\":" + json_integers(std::vector<std::uint32_t>(deck.begin(), deck.begin() + kPredictShownCards)) +
         ",\"jobState\":" + std::to_string(static_cast<int>(predict_.status.state)) +
         ",\"stale\":" + json_bool(predict_.result && !predict_.belongs_to(predict_setup_key(state))) +
         ",\"tried\":" + std::to_string(r.tried) + ",\"found\":" + json_integers(r.found) + "}";
}

void ShufflePanel::text_inputs(const ShuffleLabState& state, LabTextInputs& in) {
  if (state.tab == "bias" && bias_.current(shuffle_setup_key(state))) {  // the view is built for the tab that shows it
    in.bias = &matrix_view();
    in.bias_source = bias_kind_ == BiasKind::law     ? BiasSource::method_law
                     : bias_kind_ == BiasKind::exact ? BiasSource::every_draw_list
                                                     : BiasSource::sampled;
    in.bias_draws = bias_.result->law ? bias_.result->law->lists : bias_.result->matrix->total;
  }
  const PredictResult* r = predict_.current(predict_setup_key(state));
  if (state.tab == "predict" && r) {
    in.predict_found = &r->found;
    in.predict_tried = r->tried;
  }
}

std::string ShufflePanel::describe_json(const ShuffleLabState& state, PanelContext& ctx) {
  poll_jobs(*ctx.jobs);
  std::string out = "{\"algo\":" + json_string(state.algo) + ",\"n\":" + std::to_string(state.n) +
                    ",\"gen\":" + json_string(state.gen) + ",\"seed\":" + json_string(std::to_string(state.seed)) +
                    ",\"method\":" + json_string(state.method) + ",\"bits\":" + std::to_string(state.bits) +
                    ",\"warmup\":" + std::to_string(state.warmup) + ",\"t\":" + std::to_string(state.t) +
                    ",\"tab\":" + json_string(state.tab) + ",\"playing\":" + json_bool(playing_);
  out += describe_frame_json(state);
  out += describe_bias_json(state);
  const ReachView reach = reach_view(state);
  out += ",\"reach\":{\"log2Factorial\":" + fmt("%.6f", reach.log2_orders) + ",\"rows\":" +
         json_array(reach.rows, [](const SeedSpaceRow& r) {
           return "{\"label\":" + json_string(r.label) + ",\"log2\":" + fmt("%.6f", r.log2_count) + "}";
         }) + "}";
  out += describe_predict_json(state);
  poll_human_jobs(*ctx.jobs);
  out += ",\"riffle\":{\"jobState\":" + std::to_string(static_cast<int>(riffle_.status.state)) + ",\"distances\":" +
         (riffle_.result ? json_array(riffle_.result->rows, [](const RiffleRow& r) { return r.text; }) : std::string("[]")) +
         ",\"belowHalf\":" + std::to_string(riffle_.result ? riffle_.result->below_half : 0) + "}";
  out += ",\"engine\":{\"sampleState\":" + std::to_string(static_cast<int>(engine_sample_.status.state)) +
         ",\"error\":" + json_string(engine_sample_.error);
  if (const auto view = engine_comparison())
    out += ",\"runs\":" + std::to_string(engine_sample_.result->total) + ",\"matching\":" +
           json_array(view->matching, [](const std::string& m) { return json_string(m); }) +
           ",\"rows\":" + json_array(view->rows, [](const std::string& r) { return json_string(r); });
  out += "}";
  if (state.tab == "animate") {
    lanes_.refresh(state.lanes, setup_key(state, encode_shuffle_lab), [&] { return make_lanes(state); });
    out += lanes_.describe_json_field();
  }
  return out + "}";
}

std::vector<CsvExport> ShufflePanel::csv_exports(const ShuffleLabState& state) {
  std::vector<CsvExport> out;
  if (state.tab != "bias" || !bias_.result) return out;
  const std::string name = "shufflelab-" + bias_origin_.algo + "-" + std::to_string(bias_origin_.n) + "-";
  if (bias_.result->law) {
    out.push_back({"bias", "Exact position x card law (fractions)", name + "law.csv", bias_law_csv(*bias_.result->law).text()});
  } else {
    const bool exact = bias_kind_ == BiasKind::exact;
    out.push_back({"bias", exact ? "Position x card counts over every draw list" : "Position x card counts of the sample",
                   name + (exact ? "exact.csv" : "sampled.csv"), bias_matrix_csv(*bias_.result->matrix).text()});
  }
  return out;
}

}  // namespace shufflelab::ui
