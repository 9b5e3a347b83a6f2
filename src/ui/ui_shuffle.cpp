// ui_shuffle.cpp: the shuffle lab panel (see ui_shuffle.hpp). It draws
// core/shuffle/shuffle_session's view and sends it commands; the pictures
// and readouts (deck, PDEP bits, matrix, card rows, riffle plot, reachable
// decks, the seed found) are ui_shuffle_draw's.
//
// Index of this file:
// [SECTION] Setup rows
// [SECTION] Presets
// [SECTION] Animate tab
// [SECTION] Bias tab
// [SECTION] Reachable decks tab
// [SECTION] Predict tab
// [SECTION] Human shuffles tab
// (the Your code tab is ui_shuffle_code.cpp)
// [SECTION] Panel entry points: draw, command, describe_json

#include "ui/ui_shuffle.hpp"

#include <algorithm>
#include <cinttypes>
#include <cstdio>

#include "core/check/check_lab.hpp"
#include "core/shuffle/comparator_sort.hpp"
#include "imgui.h"
#include "ui/kit/job_row.hpp"
#include "ui/kit/layout.hpp"
#include "ui/kit/table.hpp"
#include "ui/kit/widgets.hpp"
#include "ui/ui_shuffle_draw.hpp"

namespace shufflelab::ui {

namespace {

void send(ShuffleSession& s, const std::string& command) { (void)s.apply(parse_lab_command(command)); }

// A job's progress row; its Cancel sends `cancel`.
template <class Result>
void job_row(ShuffleSession& s, const JobSlot<Result>& job, const char* cancel, float bar_width_em = 16.0f) {
  if (job_progress_row(JobRowView{job.status, job.error, job.running()}, bar_width_em)) send(s, cancel);
}

}  // namespace

//-----------------------------------------------------------------------------
// [SECTION] Setup rows
//-----------------------------------------------------------------------------

void ShufflePanel::edit(ShuffleSession& s, const std::string& command) {
  if (s.apply(parse_lab_command(command))) seed_shown_ = ~std::uint64_t{0};
}

// Every field is a command; a setup that cannot run is refused and the session says why.
void ShufflePanel::draw_setup(ShuffleSession& s) {
  draw_shuffle_row(s);
  draw_source_row(s);
  field_error(*s.view().setup_error);
}

// First row: the shuffle, the number of cards and the algorithm's own parameters.
void ShufflePanel::draw_shuffle_row(ShuffleSession& s) {
  const ShuffleLabState& state = s.state();
  const float em = ImGui::GetFontSize();
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
      if (ImGui::Selectable(algo_label(option).c_str(), state.algo == name)) edit(s, std::string("algo=") + name);
    }
    ImGui::EndCombo();
  }
  // One mark for the whole list (two side by side did not say which explained what).
  static const std::string kShufflesHelp =
      "Fisher-Yates: swap position i (from the top down) with a random position 0..i.\n"
      "shuffle.c (2003): the same, as the 2003 C program does it with glibc rand().\n"
      "Pencil and paper: write down the k-th card still on the list, cross it out.\n"
      "PDEP bitset: the same with a bit set and the PDEP instruction (seed 003).\n"
      "Sattolo: swap i with 0..i-1 only: always one big cycle, no card stays put.\n"
      "Naive swap: swap each position with ANY position: n^n draw lists onto n! orders, biased.\n"
      "Sort by random keys: ties keep the lower card first, biased when keys collide.\n"
      "Partial: draw only the first few cards (the lottery use).\n\n" +
      comparator_sorts_help();
  help_marker(kShufflesHelp.c_str());
  draw_human_params(s);
  draw_cards_field(s);
  if (state.algo == "partial") {
    flow(em * 10.0f, em);
    ImGui::TextUnformatted("Take");
    ImGui::SameLine();
    int take = static_cast<int>(state.take);
    ImGui::SetNextItemWidth(stepper_width(2.5f));
    const bool take_edited = ImGui::InputInt("##take", &take);
    declare_text_field(TextFieldKind::numeric);
    if (take_edited) edit(s, "take=" + std::to_string(std::max(take, 0)));
  }
  if (state.algo == "sort-keys") {
    flow(em * 15.0f, em);
    ImGui::TextUnformatted("Keys below");
    ImGui::SameLine();
    int keys = static_cast<int>(std::min<std::uint32_t>(state.keys, 2000000000u));
    ImGui::SetNextItemWidth(stepper_width(3.5f));
    const bool keys_edited = ImGui::InputInt("##keys", &keys, 1, 100);
    declare_text_field(TextFieldKind::numeric);
    if (keys_edited) edit(s, "keys=" + std::to_string(std::max(keys, 0)));
    help_marker("Each card gets a random key in 0..K-1; the deck is sorted by key. Equal keys keep the lower card first.");
  }
  flow(em * 6.0f, em);
  bool numbers = state.faces == "numbers";
  if (ImGui::Checkbox("Numbers", &numbers)) edit(s, numbers ? "faces=numbers" : "faces=auto");
}

void ShufflePanel::draw_cards_field(ShuffleSession& s) {
  const float em = ImGui::GetFontSize();
  flow(em * 11.0f, em);
  ImGui::TextUnformatted("Cards");
  ImGui::SameLine();
  int n = static_cast<int>(s.state().n);
  ImGui::SetNextItemWidth(stepper_width(3.0f));
  const bool n_edited = ImGui::InputInt("##n", &n, 1, 10);
  declare_text_field(TextFieldKind::numeric);
  if (n_edited) edit(s, "n=" + std::to_string(std::clamp(n, 0, 100000)));
  help_marker("1 to 1000 cards. 52 are drawn as playing cards, 78 as the tarot deck, other sizes as numbers.");
}

// Riffle and overhand: how many shuffles in a row, and the overhand cut chance.
void ShufflePanel::draw_human_params(ShuffleSession& s) {
  const ShuffleLabState& state = s.state();
  if (state.algo != "riffle" && state.algo != "overhand") return;
  const float em = ImGui::GetFontSize();
  flow(em * 9.0f, em);
  ImGui::TextUnformatted("Rounds");
  ImGui::SameLine();
  int rounds = static_cast<int>(state.rounds);
  ImGui::SetNextItemWidth(stepper_width(2.5f));
  if (ImGui::InputInt("##rounds", &rounds)) edit(s, "rounds=" + std::to_string(std::max(rounds, 0)));
  help_marker("How many riffles (or overhand shuffles) in a row, 1 to 100.");
  if (state.algo == "overhand") {
    flow(em * 9.0f, em);
    ImGui::TextUnformatted("Cut 1 in");
    ImGui::SameLine();
    int cut = static_cast<int>(state.cut);
    ImGui::SetNextItemWidth(stepper_width(3.0f));
    if (ImGui::InputInt("##cut", &cut)) edit(s, "cut=" + std::to_string(std::max(cut, 0)));
    help_marker("Pemantle's overhand model (J. Theoret. Probab. 2, 1989): a cut falls in each gap between two cards "
                "with chance 1/C, and the packets land in reverse order.");
  }
}

// Second row: where the random numbers come from (fixed, and disabled, for shuffle.c).
void ShufflePanel::draw_source_row(ShuffleSession& s) {
  const ShuffleLabState& state = s.state();
  const float em = ImGui::GetFontSize();
  const bool lin2003 = state.algo == "lin2003";
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("Generator");
  ImGui::SameLine();
  ImGui::BeginDisabled(lin2003);
  ImGui::SetNextItemWidth(em * 8.0f);
  if (ImGui::BeginCombo("##gen", lin2003 ? "glibc" : state.gen.c_str())) {
    for (const auto& g : shuffle_generators()) {
      if (ImGui::Selectable(std::string(g.name).c_str(), state.gen == g.name)) edit(s, "gen=" + std::string(g.name));
      if (state.gen == g.name) ImGui::SetItemDefaultFocus();  // scrolled into view: the list is longer than the box
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", std::string(g.summary).c_str());
    }
    ImGui::EndCombo();
  }
  ImGui::EndDisabled();
  draw_seed_field(s);
  flow(em * 13.5f, em);
  ImGui::BeginDisabled(lin2003);
  ImGui::TextUnformatted("Method");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(em * 9.0f);
  if (ImGui::BeginCombo("##method", lin2003 ? "float" : state.method.c_str())) {
    for (const auto& m : draw_methods()) {
      if (ImGui::Selectable(std::string(m.name).c_str(), state.method == m.name)) edit(s, "method=" + std::string(m.name));
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
  if (bits_edited) edit(s, "bits=" + std::to_string(std::clamp(bits, 0, 99)));
  help_marker("B: each draw reads B-bit words, the top B bits of the generator's outputs. "
              "The coin-flip rollers (fdr, fdr-tarot) use the words bit by bit, lowest bit first.");
  flow(em * 11.5f, em);
  ImGui::TextUnformatted("Warm-up");
  ImGui::SameLine();
  int warmup = lin2003 ? static_cast<int>(kLin2003Warmup) : static_cast<int>(state.warmup);
  ImGui::SetNextItemWidth(stepper_width(2.0f));
  const bool warmup_edited = ImGui::InputInt("##warmup", &warmup);
  declare_text_field(TextFieldKind::numeric);
  if (warmup_edited) edit(s, "warmup=" + std::to_string(std::clamp(warmup, 0, 100000)));
  ImGui::EndDisabled();
  help_marker("Words thrown away before the first draw. shuffle.c calls rand() four times first.");
  if (lin2003)
    explain("shuffle.c fixes the rest: glibc rand() after srand(seed), four warm-up calls, then "
            "(int)(n * rand() / RAND_MAX) with a retry when the ratio reaches 1.0.");
}

// The seed as text (decimal or 0x hex); the text follows the state unless it is being edited.
void ShufflePanel::draw_seed_field(ShuffleSession& s) {
  const ShuffleLabState& state = s.state();
  const float em = ImGui::GetFontSize();
  const bool lin2003 = state.algo == "lin2003";
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
  if (seed_edited) edit(s, "seed=" + std::string(seed_text_));
  if (lin2003)
    help_marker("The argument of srand(): shuffle.c passes time(NULL), the Unix time in seconds.");
  else if (const ShuffleGeneratorInfo* g = find_shuffle_generator(state.gen))
    help_marker(std::string(g->seed_help).c_str());
}

//-----------------------------------------------------------------------------
// [SECTION] Presets
//-----------------------------------------------------------------------------

void ShufflePanel::draw_presets(ShuffleSession& s, bool bias_presets) {
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
  ImGui::AlignTextToFramePadding();
  ImGui::TextColored(colors::kMuted, bias_presets ? "Bias presets:" : "Presets:");
  const auto draw_list = [&](const Preset* presets, std::size_t count) {
    for (std::size_t i = 0; i < count; ++i) {
      flow(ImGui::CalcTextSize(presets[i].label).x + ImGui::GetStyle().FramePadding.x * 2);
      ImGui::PushID(presets[i].id);
      if (ImGui::SmallButton(presets[i].label)) send(s, std::string("preset=") + presets[i].id);
      ImGui::PopID();
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", presets[i].help);
    }
  };
  if (bias_presets) draw_list(kBias, std::size(kBias));
  else draw_list(kSetups, std::size(kSetups));
}

//-----------------------------------------------------------------------------
// [SECTION] Animate tab
//-----------------------------------------------------------------------------

void ShufflePanel::draw_transport(ShuffleSession& s, std::uint32_t total) {
  const float em = ImGui::GetFontSize();
  const ShuffleView& v = s.view();
  if (ImGui::Button("|<")) send(s, "first");
  flow(button_width("< Back"));
  if (ImGui::Button("< Back")) send(s, "back");
  flow(em * 4.0f);
  if (ImGui::Button(v.playing ? "Pause" : "Play", ImVec2(em * 4.0f, 0))) send(s, "toggle_play");
  flow(button_width("Step >"));
  if (ImGui::Button("Step >")) send(s, "step");
  flow(button_width(">|"));
  if (ImGui::Button(">|")) send(s, "last");
  flow(em * 9.0f);
  ImGui::SetNextItemWidth(em * 9.0f);
  float speed = v.steps_per_second;
  if (ImGui::SliderFloat("##speed", &speed, 0.5f, 200.0f, "%.1f steps/s", ImGuiSliderFlags_Logarithmic))
    send(s, "speed=" + fmt("%.9g", speed));
  help_marker("Keys: Space plays or pauses, Right and Left arrows step. Drag the timeline to scrub.");

  int scrub = static_cast<int>(s.state().t);
  ImGui::SetNextItemWidth(-1);
  char label[48];
  std::snprintf(label, sizeof label, "step %d of %u", scrub, total);
  if (ImGui::SliderInt("##timeline", &scrub, 0, static_cast<int>(total), label))
    send(s, "t=" + std::to_string(std::max(scrub, 0)));  // a typed value past the end is the end
  const ImVec2 t0 = ImGui::GetItemRectMin(), t1 = ImGui::GetItemRectMax();
  timeline_rect_ = {t0.x, t0.y, t1.x, t1.y};
}

// The transport's keys work whether its buttons are shown or folded (result first).
void ShufflePanel::transport_keys(ShuffleSession& s) {
  if (!lab_shortcuts_active()) return;
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Space), false)) send(s, "toggle_play");
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_RightArrow))) send(s, "step");
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_LeftArrow))) send(s, "back");
}

LabLanes ShufflePanel::make_lanes(ShuffleSession& s) {
  const LabRecording* rec = s.recording();
  if (!rec) return LabLanes{{}, *s.view().recording_error};
  return shuffle_lab_lanes(s.state(), *rec);
}

void ShufflePanel::draw_animate(ShuffleSession& s) {
  const LabRecording* rec = s.view().recording;
  if (!rec) {
    field_error(*s.view().recording_error);
    return;
  }
  const std::uint32_t total = rec->total_steps();
  transport_keys(s);
  if (controls_shown("Play, step, scrub")) draw_transport(s, total);
  const ShuffleView& v = s.view();
  const ShuffleLabState& state = s.state();
  const ShuffleFrame* f = v.frame;
  if (!f) return;
  {  // the result: the step's caption, its inputs and the deck (the lanes below are not)
    ResultRegion result;
    ImGui::PushTextWrapPos(0);
    ImGui::TextUnformatted(f->caption.c_str());
    ImGui::PopTextWrapPos();
    draw_inputs(*f, state);
    draw_shuffle_deck(*f, card_faces(state), state.n, v.animating, v.animation);
    if (f->pdep) draw_pdep_step(*f->pdep, state.n);
    else if (state.algo == "pdep" && f->step == 0)
      explain("Step once to see the PDEP instruction strike a bit out of the card set.");
    if (f->step == total && total > 0) {
      const unsigned bits = state.algo == "lin2003" ? 31 : state.bits;
      ImGui::TextColored(colors::kGood, "Shuffled after %u steps, reading %" PRIu64 " words of %u bits (%" PRIu64
                         " bits) from the generator.", total, rec->words_read, bits, rec->words_read * bits);
    }
  }
  ImGui::Spacing();
  bool open = state.lanes;
  lanes_.draw(open, setup_key(state, encode_shuffle_lab), [&] { return make_lanes(s); });
  if (open != state.lanes) send(s, open ? "lanes=1" : "lanes=0");
}

//-----------------------------------------------------------------------------
// [SECTION] Bias tab
//-----------------------------------------------------------------------------

void ShufflePanel::draw_matrix(ShuffleSession& s) {
  const ShuffleView& v = s.view();
  const ShuffleBiasRun& bias = *v.bias;
  const BiasMatrixView& view = *v.matrix;
  draw_bias_summary(bias, view);
  if (!result_first()) draw_colour_scale(s);
  const BiasMatrix* counts = bias.job.result->law ? nullptr : &*bias.job.result->matrix;
  const MatrixHover hover = draw_matrix_grid(view, counts);
  explain("Red: the card lands at that position more often than 1/n; blue: less often. Scale: relative "
          "deviation p*n - 1.");
  if (hover.inside) draw_cell_tooltip(bias, view, hover.position, hover.card);
}

void ShufflePanel::draw_colour_scale(ShuffleSession& s) {
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 7.0f);
  static const char* const kScales[] = {"auto", "+-1%", "+-10%", "+-100%"};
  static const char* const kScaleCommands[] = {"colour_scale=auto", "colour_scale=1", "colour_scale=10", "colour_scale=100"};
  int scale = static_cast<int>(s.view().colour_scale);
  if (ImGui::Combo("colour scale", &scale, kScales, 4)) send(s, kScaleCommands[scale]);
}

// M: the bias tab's shuffles, the code tab's sampled decks.
void ShufflePanel::draw_shuffles_field(ShuffleSession& s, const char* label) {
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted(label);
  ImGui::SameLine();
  ImGui::SetNextItemWidth(stepper_width(5.5f));
  std::uint64_t shuffles = s.state().shuffles;
  const std::uint64_t step = 100000, fast = 1000000;
  const bool shuffles_edited = ImGui::InputScalar("##shuffles", ImGuiDataType_U64, &shuffles, &step, &fast, "%llu");
  declare_text_field(TextFieldKind::numeric);
  if (shuffles_edited) send(s, "shuffles=" + std::to_string(std::clamp<std::uint64_t>(shuffles, 1, kMaxLabShuffles)));
}

void ShufflePanel::draw_bias_buttons(ShuffleSession& s, PanelContext& ctx) {
  const float em = ImGui::GetFontSize();
  const ShuffleLabState& state = s.state();
  const ShuffleView& v = s.view();
  const std::uint64_t lists = v.exact_lists;
  draw_shuffles_field(s, "Shuffles");
  ImGui::SameLine();
  ImGui::BeginDisabled(v.bias->job.running());
  if (ImGui::Button("Sample")) send(s, "bias_sample");
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(state.algo == "lin2003"
                          ? "Run shuffle.c M times as if started once a second: shuffle m is srand(seed + m)."
                          : "Run M shuffles in a row from this generator and method, in a background worker.");
  ImGui::SameLine();
  if (ImGui::Button("Exact")) send(s, "bias_exact");
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("Every one of the %s possible draw lists once, with perfect uniform draws:\nthe algorithm's own "
                      "bias, without the generator or the method.",
                      lists == ~std::uint64_t{0} ? "too many" : std::to_string(lists).c_str());
  flow(ImGui::CalcTextSize("Exact with this method").x + em);
  if (ImGui::Button("Exact with this method")) send(s, "bias_law");
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("Every draw list weighed by the exact law of the method on ideal random words\n"
                      "(the algorithm's bias plus the method's, as exact fractions). At most %llu lists.",
                      static_cast<unsigned long long>(kMaxLawLists));
  ImGui::EndDisabled();
  const char* check = "Check decks from your own code (Check lab)";
  flow(button_width(check));
  if (ImGui::Button(check))
    ctx.open_link = check_link_for_decks(state.algo, state.n, state.gen, state.seed, state.rounds);
}

void ShufflePanel::draw_bias(ShuffleSession& s, PanelContext& ctx) {
  if (controls_shown("Sample or compute the bias")) {
    draw_presets(s, true);
    explain("Shuffle many times and count where each card ends up. A fair shuffle puts every card at every "
            "position with probability 1/n.");
    draw_bias_buttons(s, ctx);
    if (result_first()) draw_colour_scale(s);  // folded with the other controls
  }
  const ShuffleBiasRun& bias = *s.view().bias;
  job_row(s, bias.job, "bias_cancel");
  const ShuffleView& v = s.view();
  if (bias.job.result) {
    ResultRegion result;
    // A result for an older setup stays on screen, labelled.
    if (v.bias_stale)
      ImGui::TextColored(colors::kAccent, "Computed for %s with %u cards; the setup has changed since.",
                         bias.origin.label.c_str(), bias.origin.n);
    draw_matrix(s);
  } else if (!bias.job.running() && bias.job.error.empty()) {
    ImGui::TextColored(colors::kMuted, "Press Sample, Exact, or pick a preset.");
  }
}

//-----------------------------------------------------------------------------
// [SECTION] Reachable decks tab
//-----------------------------------------------------------------------------

void ShufflePanel::draw_reach(ShuffleSession& s) {
  ResultRegion result;
  draw_reachable_decks(*s.view().reach, s.state().n);
}

//-----------------------------------------------------------------------------
// [SECTION] Predict tab
//-----------------------------------------------------------------------------

// The true time, the attacker's guess and window.
void ShufflePanel::draw_predict_times(ShuffleSession& s) {
  const float em = ImGui::GetFontSize();
  const ShuffleLabState& state = s.state();
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("The program really ran at");
  ImGui::SameLine();
  std::uint64_t t = state.time;
  const std::uint64_t one = 1, minute = 60;
  ImGui::SetNextItemWidth(stepper_width(7.5f));
  const bool time_edited = ImGui::InputScalar("##time", ImGuiDataType_U64, &t, &one, &minute, "%llu");
  declare_text_field(TextFieldKind::numeric);
  if (time_edited) send(s, "time=" + std::to_string(std::min<std::uint64_t>(t, 0xFFFFFFFFu)));
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
  if (guess_edited) send(s, "guess=" + std::to_string(std::min<std::uint64_t>(guess, 0xFFFFFFFFu)));
  ImGui::SameLine();
  ImGui::TextColored(colors::kMuted, "= %s, give or take", format_utc(state.guess).c_str());
  ImGui::SameLine();
  static const char* const kWindows[] = {"hour", "day", "week"};
  int w = state.window == "day" ? 1 : state.window == "week" ? 2 : 0;
  ImGui::SetNextItemWidth(em * 6.0f);
  if (ImGui::Combo("##window", &w, kWindows, 3)) send(s, std::string("window=") + kWindows[w]);
  const SeedWindow window = s.view().window;
  ImGui::TextColored(colors::kMuted, "Seeds searched: %" PRIu64 ", from %s to %s.", window.count,
                     format_utc(window.first).c_str(), format_utc(window.first + window.count - 1).c_str());
  if (!window.contains(state.time))
    ImGui::TextColored(colors::kError, "The true time is outside this window: the search will come back empty.");
}

void ShufflePanel::draw_predict_intro(ShuffleSession& s) {
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
  draw_predict_times(s);
}

void ShufflePanel::draw_predict(ShuffleSession& s) {
  if (controls_shown("Why a clock seed fails; when the program ran")) draw_predict_intro(s);
  const std::vector<std::uint32_t> deck = s.view().deck;
  section("What the attacker sees: the first five cards");
  {
    ResultRegion result;
    draw_card_row(deck, 0, kPredictShownCards, false);
  }

  const JobSlot<SeedSearchResult>& predict = *s.view().predict;
  ImGui::BeginDisabled(predict.running());
  if (ImGui::Button("Recover the seed")) send(s, "predict");
  ImGui::EndDisabled();
  job_row(s, predict, "predict_cancel", 14.0f);
  // Only the search for these times is shown.
  if (const SeedSearchResult* found = s.view().found) {
    ResultRegion result;
    draw_predict_result(*found, deck);
  }
}

//-----------------------------------------------------------------------------
// [SECTION] Human shuffles tab
//-----------------------------------------------------------------------------

void ShufflePanel::draw_human(ShuffleSession& s) {
  section("Riffles: distance from a uniform deck");
  if (controls_shown("How the distances are computed"))
    explain("Gilbert-Shannon-Reeds riffles: cut the deck binomially, drop cards with chance proportional to the packet "
            "sizes. Bayer and Diaconis (1992) give the exact law after k riffles through the number of rising "
            "sequences; the distances below come from exact big integers.");
  job_row(s, *s.view().riffle, "riffle_cancel");
  const ShuffleView& v = s.view();
  if (const RiffleView* table = v.riffle_table) {
    {
      ResultRegion result;
      draw_riffle_plot(*table);
    }
    if (Table riffles{"riffle_table", 2, ImGuiTableFlags_RowBg}) {
      riffles.column("riffles k");
      riffles.column("distance");
      ImGui::TableHeadersRow();
      for (const RiffleRow& row : table->rows) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        cell_text(std::to_string(row.k) + (row.first_below_half ? "  <- first below 1/2" : ""));
        ImGui::TableNextColumn();
        cell_text(row.text);
      }
    }
    ImGui::TextWrapped("%s", table->seven_text.c_str());
    if (!table->faro_text.empty()) ImGui::TextWrapped("%s", table->faro_text.c_str());
    ImGui::TextWrapped("%s", table->overhand_text.c_str());
  }
  section("Riffle against overhand (sampled)");
  const MixingView& mixing = *v.mixing;
  if (!mixing.error.empty()) field_error(mixing.error);
  ImGui::TextWrapped("Adjacent pairs kept (c next to c+1), mean of 200 decks from this setup's generator; a uniform "
                     "deck keeps %s.", fmt("%.3f", mixing.uniform_mean).c_str());
  for (const std::string& row : mixing.rows) ImGui::TextUnformatted(row.c_str());
  draw_engine(s);
}

void ShufflePanel::draw_engine(ShuffleSession& s) {
  section("The real engine: this browser's Array.prototype.sort");
  explain("The page's worker sorts the cards with (a, b) => Math.random() - 0.5, many times, with the browser's own "
          "sort; each row of its matrix is then tested against the exact law of every modelled sort (row "
          "chi-square, n - 1 degrees of freedom, Bonferroni over the rows). Which engine sorts how: node 20's V8 "
          "counts a run, then inserts by bisection (cmp-v8, up to 63 cards); Chromium 156's V8 bisects from the "
          "start below 16 cards and sorts like node from 16 to 63 (cmp-v8-chromium), so below 16 it fits binary "
          "insertion too. Its comparator's call log, checked in the browser test, tells them apart.");
  const std::uint32_t n = s.state().n;
  if (n < 2 || n > kMaxLabComparatorExactCards) {
    ImGui::TextWrapped("Set 2 to %u cards to compare the engine with the exact model.", kMaxLabComparatorExactCards);
    return;
  }
  if (ImGui::Button("Sort in this browser")) send(s, "engine_sample");
  job_row(s, *s.view().engine_sample, "engine_cancel");
  const ShuffleView& v = s.view();
  for (const std::string& error : v.engine_errors) field_error(error);
  if (!v.engine) return;
  for (const std::string& row : v.engine->rows) ImGui::TextWrapped("%s", row.c_str());
  ImGui::TextWrapped("%s", v.engine->verdict.c_str());
}

//-----------------------------------------------------------------------------
// [SECTION] Panel entry points: draw, command, describe_json
//-----------------------------------------------------------------------------

void ShufflePanel::draw(ShuffleSession& s, PanelContext& ctx) {
  ImGui::TextUnformatted("How computers shuffle cards");
  help_marker("One setup, four views. A shuffle turns random draws into an order of the cards; the draws come from a "
              "generator (its bits) and a range method (bits to a number below the bound). Everything on this page "
              "is in the link: the algorithm, the cards, the generator, the seed, the method and the step.");
  if (s.state().tab == "code") {  // your code needs only the deck size and the seed
    if (controls_shown("Cards and seed")) {
      ImGui::TextColored(colors::kMuted, "Your code shuffles");
      draw_cards_field(s);
      draw_seed_field(s);
      field_error(*s.view().setup_error);
    }
  } else if (controls_shown("Setup: the shuffle, the cards, the generator")) {
    explain("Pick a shuffle and where its random numbers come from; then watch it, measure its bias, count the decks "
            "it can reach, or predict shuffle.c's deck from five cards.");
    draw_setup(s);
    draw_presets(s, false);
  }
  ImGui::Spacing();

  static const auto kTabs = [] {
    std::array<TabSpec, std::size(kShuffleTabs)> tabs{};
    for (std::size_t i = 0; i < tabs.size(); ++i) tabs[i] = {kShuffleTabs[i].id.data(), kShuffleTabs[i].title.data()};
    return tabs;
  }();
  std::string tab = s.state().tab;
  tabs_.draw("shuffle_tabs", kTabs, tab, [&](const std::string& shown) {
    if (shown != s.state().tab) send(s, "tab=" + shown);  // a click on another tab
    if (shown == "animate") draw_animate(s);
    else if (shown == "bias") draw_bias(s, ctx);
    else if (shown == "reach") draw_reach(s);
    else if (shown == "human") draw_human(s);
    else if (shown == "code") draw_code(s);
    else draw_predict(s);
    return false;
  });
}

bool ShufflePanel::lane_command(std::string_view name, ShuffleSession& s) {
  const ShuffleLabState& state = s.state();
  lanes_.refresh(state.lanes, setup_key(state, encode_shuffle_lab), [&] { return make_lanes(s); });
  return lanes_.command(name);
}

std::string ShufflePanel::describe_json(ShuffleSession& s) {
  std::string out = s.describe_json();
  const ShuffleLabState& state = s.state();
  if (s.view().frame) {
    char rect[96];
    std::snprintf(rect, sizeof rect, ",\"timelineRect\":[%.0f,%.0f,%.0f,%.0f]", timeline_rect_[0], timeline_rect_[1],
                  timeline_rect_[2], timeline_rect_[3]);
    out += rect;
  }
  if (state.tab == "code") {
    char editor[160];
    std::snprintf(editor, sizeof editor, ",\"codeEditor\":\"%s\",\"codeHeaderRect\":[%.0f,%.0f,%.0f,%.0f]",
                  code_editor_, code_header_rect_[0], code_header_rect_[1], code_header_rect_[2], code_header_rect_[3]);
    out += editor;
  }
  if (state.tab == "animate") {
    lanes_.refresh(state.lanes, setup_key(state, encode_shuffle_lab), [&] { return make_lanes(s); });
    out += lanes_.describe_json_field();
  }
  return out + "}";
}

}  // namespace shufflelab::ui
