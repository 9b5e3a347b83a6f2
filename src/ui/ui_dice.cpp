// ui_dice.cpp: the dice lab panel. It draws core/dice/dice_session's view
// (its charts: ui_dice_charts) and sends the session commands.
//
// Index of this file:
// [SECTION] Small widgets (method, source bits, rolls, job rows)
// [SECTION] One die
// [SECTION] Expressions
// [SECTION] Z80 d20
// [SECTION] Panel entry points

#include "ui/ui_dice.hpp"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <string>

#include "core/check/check_lab.hpp"
#include "ui/kit/job_row.hpp"
#include "ui/kit/layout.hpp"
#include "ui/kit/table.hpp"
#include "ui/kit/widgets.hpp"
#include "ui/ui_dice_charts.hpp"

namespace shufflelab::ui {

namespace {

//-----------------------------------------------------------------------------
// [SECTION] Small widgets (method, source bits, rolls, job rows)
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

void send(DiceSession& s, const std::string& command) { (void)s.apply(parse_lab_command(command)); }

// A job's progress row; its Cancel cancels the open view's sample.
template <class R>
void job_row(DiceSession& s, const JobSlot<R>& job) {
  if (job_progress_row(JobRowView{job.status, job.error, job.running()})) send(s, "cancel");
}

void rolls_combo(DiceSession& s, const char* id) {
  const std::uint64_t rolls = s.state().rolls;
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8.0f);
  if (ImGui::BeginCombo(id, grouped(rolls).c_str())) {
    for (std::uint64_t n : kRollChoices)
      if (ImGui::Selectable(grouped(n).c_str(), n == rolls)) send(s, "rolls=" + std::to_string(n));
    ImGui::EndCombo();
  }
}

// The method picker of the die and expression views; each entry's tooltip says what it does.
void method_picker(DiceSession& s, const char* id) {
  const DiceMethodInfo* current = find_dice_method(s.state().method);
  if (!ImGui::BeginCombo(id, current ? std::string(current->label).c_str() : "?")) return;
  for (const DiceMethodInfo& m : dice_methods()) {
    if (ImGui::Selectable(std::string(m.label).c_str(), current == &m)) send(s, "method=" + std::string(m.name));
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s: %s", std::string(m.name).c_str(), std::string(m.summary).c_str());
  }
  ImGui::EndCombo();
}

// "Source" and the word size picker of the die and expression views.
void bits_picker(DiceSession& s, const char* id) {
  ImGui::TextUnformatted("Source");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 10.0f);
  const int bits = s.state().bits;
  if (!ImGui::BeginCombo(id, bits_label(bits))) return;
  for (int b : kDiceWordBits)
    if (ImGui::Selectable(bits_label(b), b == bits)) send(s, "bits=" + std::to_string(b));
  ImGui::EndCombo();
}

}  // namespace

void DicePanel::sync_seed_text(const DiceLabState& state) {
  if (seed_text_valid_ && shown_seed_ == state.seed && shown_gen_ == state.gen) return;
  std::snprintf(seed_text_, sizeof seed_text_, "%s", state.seed.c_str());
  shown_seed_ = state.seed, shown_gen_ = state.gen;
  seed_text_valid_ = true;
}

//-----------------------------------------------------------------------------
// [SECTION] One die
//-----------------------------------------------------------------------------

void DicePanel::draw_die_controls(DiceSession& s) {
  const float em = ImGui::GetFontSize();
  const DiceMethodInfo* current = find_dice_method(s.state().method);
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("Method");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(em * 13.0f);
  method_picker(s, "##method");
  if (current) help_marker(std::string(current->summary).c_str());
  draw_sides_and_bits(s);

  ImGui::AlignTextToFramePadding();
  ImGui::TextColored(colors::kMuted, "Dice:");
  for (std::uint64_t n : {4u, 6u, 8u, 10u, 12u, 20u, 52u, 78u, 100u, 1000u}) {
    flow(em * 3.0f, ImGui::GetStyle().ItemSpacing.x);
    std::string label = "d";  // not "d" + to_string: GCC 12 warns wrongly (-Wrestrict)
    label += std::to_string(n);
    if (ImGui::SmallButton(label.c_str())) send(s, "sides=" + std::to_string(n));
  }
}

void DicePanel::draw_sides_and_bits(DiceSession& s) {
  const float em = ImGui::GetFontSize();
  flow(em * 12.0f, em * 1.2f);
  ImGui::TextUnformatted("Sides");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(stepper_width(3.0f));
  std::uint64_t sides = s.state().sides;
  const std::uint64_t one = 1;
  const bool sides_edited = ImGui::InputScalar("##sides", ImGuiDataType_U64, &sides, &one);
  declare_text_field(TextFieldKind::numeric);
  // The field clamps what is typed or stepped to the sides a die may have.
  if (sides_edited && std::clamp<std::uint64_t>(sides, 1, kMaxDiceLabSides) != s.state().sides)
    send(s, "sides=" + std::to_string(std::clamp<std::uint64_t>(sides, 1, kMaxDiceLabSides)));
  flow(em * 15.5f, em * 1.2f);
  bits_picker(s, "##bits");
  help_marker("How many random bits one draw of the source gives. 31 bits is what glibc's rand() returns "
              "(RAND_MAX = 2^31 - 1). Range methods use one word per try; coin-flip rollers read its bits one by one.");
}

void DicePanel::draw_comparison(DiceSession& s) {
  const DiceLawTable& table = *s.view().methods;
  const auto methods = dice_methods();
  Table compare("compare", 6, ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH, true);
  if (!compare) return;
  for (const char* h : {"Method", "Total variation", "Max / min", "Never", "Bits / roll", "Rolls to notice"}) compare.column(h);
  ImGui::TableHeadersRow();
  for (std::size_t i = 0; i < methods.size(); ++i) {
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
    ImGui::PushID(static_cast<int>(i));
    if (ImGui::Selectable(std::string(methods[i].label).c_str(), methods[i].name == s.state().method,
                          ImGuiSelectableFlags_SpanAllColumns))
      send(s, "method=" + std::string(methods[i].name));
    cell_item(std::string(methods[i].label).c_str());
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", std::string(methods[i].summary).c_str());
    ImGui::PopID();
    const auto& entry = table.laws[i];
    ImGui::TableSetColumnIndex(1);
    if (!entry) {
      cell_text(colors::kMuted, "computing...");
      continue;
    }
    if (!*entry) {
      cell_text(colors::kMuted, "cannot: " + entry->error());
      continue;
    }
    const MethodRow row = method_row(entry->value());
    if (row.fair)
      cell_text(colors::kGood, row.total_variation);
    else
      cell_text(row.total_variation);
    ImGui::TableSetColumnIndex(2);
    if (row.max_min_ratio)
      cell_text(*row.max_min_ratio);
    else
      cell_text(colors::kError, "infinite");
    ImGui::TableSetColumnIndex(3);
    if (row.never == 0)
      cell_text("0");
    else
      cell_text(colors::kError, std::to_string(row.never));
    ImGui::TableSetColumnIndex(4);
    cell_text(row.bits_per_roll);
    ImGui::TableSetColumnIndex(5);
    cell_text(row.rolls_to_notice);
  }
}

// A seed field: the session takes the text when the generator accepts it, else says why (the view's seed_error).
void DicePanel::draw_seed_field(DiceSession& s, const char* id, ImGuiInputTextFlags flags) {
  sync_seed_text(s.state());
  const bool edited = ImGui::InputText(id, seed_text_, sizeof seed_text_, flags);
  declare_text_field(flags & ImGuiInputTextFlags_CharsHexadecimal ? TextFieldKind::hex : TextFieldKind::text);
  if (!edited) return;
  send(s, std::string("seed=") + seed_text_);
  shown_seed_ = s.state().seed;
}

void DicePanel::draw_source_controls(DiceSession& s, bool show_method) {
  const float em = ImGui::GetFontSize();
  if (show_method) {
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("Method");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(em * 13.0f);
    method_picker(s, "##xmethod");
    flow(em * 15.0f, em);
    bits_picker(s, "##xbits");
  }
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("Generator");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(em * 9.0f);
  if (ImGui::BeginCombo("##gen", s.state().gen.c_str())) {
    for (const DiceGeneratorInfo& g : dice_generators()) {
      if (ImGui::Selectable(std::string(g.name).c_str(), g.name == s.state().gen))
        send(s, "gen=" + std::string(g.name));
      if (g.name == s.state().gen) ImGui::SetItemDefaultFocus();  // scrolled into view: the list is longer than the box
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", std::string(dice_generator_summary(g)).c_str());
    }
    ImGui::EndCombo();
  }
  flow(em * 15.0f, em);
  ImGui::TextUnformatted("Seed");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(em * 11.0f);
  draw_seed_field(s, "##seed", ImGuiInputTextFlags_CharsNoBlank);
  if (const DiceGeneratorInfo* g = find_dice_generator(s.state().gen)) help_marker(std::string(g->seed_help).c_str());
  flow(em * 11.5f, em);
  ImGui::TextUnformatted("Rolls");
  ImGui::SameLine();
  rolls_combo(s, "##rolls");
  field_error(s.view().seed_error);
}

void DicePanel::draw_die_sampling(DiceSession& s) {
  const JobSlot<DiceSampleResult>& job = *s.view().die_job;
  if (!job.running()) {
    ImGui::BeginDisabled(s.view().law && !*s.view().law);  // a die with no law; while it computes, rolling may start
    const std::string label = "Roll " + grouped(s.state().rolls) + " times";
    if (ImGui::Button(label.c_str())) send(s, "roll");
    ImGui::EndDisabled();
  }
  job_row(s, job);
  const DiceView& v = s.view();
  if (!job.result || !v.law || !*v.law) return;
  const DieLaw& law = v.law->value();
  const DiceLabState& state = s.state();
  if (!v.sample) {
    const DiceLabState& rolled = *v.die_rolled;
    ImGui::TextColored(colors::kMuted, "The last sample (%s, d%llu, %s, seed %s) is for other settings: roll again.",
                       rolled.method.c_str(), static_cast<unsigned long long>(rolled.sides), rolled.gen.c_str(),
                       rolled.seed.c_str());
    return;
  }
  const DieSampleView& sample = *v.sample;
  ImGui::Text("%s rolls from %s (seed %s) used %s random bits per roll (the exact law expects %s).",
              grouped(sample.rolls).c_str(), state.gen.c_str(), state.seed.c_str(),
              number_text(sample.bits_per_roll, 5).c_str(), number_text(law.expected_bits.to_double(), 5).c_str());
  ImGui::PushTextWrapPos(0.0f);
  tone_text(sample.uniform_line);
  tone_text(sample.exact_line);
  ImGui::PopTextWrapPos();
  help_marker("The first test asks whether the rolls look like a fair die. The second asks whether they follow "
              "the law this method has with perfectly random bits, so it tests the generator, not the method.");
}

void DicePanel::draw_deviation_toggle(DiceSession& s) {
  if (!controls_shown("Deviation")) return;
  bool deviation = s.view().deviation;
  if (ImGui::Checkbox("Show deviation from 1/n", &deviation)) send(s, deviation ? "deviation=1" : "deviation=0");
  help_marker("Plots (p - 1/n) / (1/n) in percent, so tiny biases of wide words become visible.");
}

void DicePanel::draw_die_view(DiceSession& s) {
  if (controls_shown("Setup: the method, the die, the bits")) draw_die_controls(s);
  const Result<DieLaw>* law_in = s.view().law;
  // Result first: both folded blocks and the chart's heading on one line, the chart under them.
  const char* heading = "Exact law of one roll";
  if (law_in && *law_in && result_first()) {
    draw_deviation_toggle(s);
    flow(ImGui::CalcTextSize(heading).x);
    ImGui::AlignTextToFramePadding();
    ImGui::TextColored(colors::kAccent, "%s", heading);
  } else {
    section(heading);
  }
  if (!law_in) {
    ImGui::TextColored(colors::kMuted, "%s", kComputingExactLaws);
  } else if (!*law_in) {
    field_error(law_in->error());
  } else {
    if (!result_first()) draw_deviation_toggle(s);
    const DiceView& v = s.view();
    {
      ResultRegion result;
      draw_die_chart(law_in->value(), v.sample ? &*v.sample : nullptr, v.deviation);
    }
    draw_die_stats(law_in->value());
  }

  section("Sampling");
  explain("Roll the die for real: words from a generator, through the chosen method, in a background worker.");
  draw_source_controls(s, false);
  draw_die_sampling(s);

  draw_roll_stepper(s);

  section("Every method for this die");
  ImGui::TextColored(colors::kMuted, "d%llu on %s. Click a row to show that method above.",
                     static_cast<unsigned long long>(s.state().sides), bits_label(s.state().bits));
  draw_comparison(s);
}

void DicePanel::draw_roll_stepper(DiceSession& s) {
  section("One roll, step by step");
  explain("Roll k of this method, generator and seed (k = 0 is the first): the words it read and the value it "
          "made. Open the assembly lanes to watch a listing make the same roll.");
  ImGui::SetNextItemWidth(stepper_width(3.5f));
  std::uint64_t roll = s.state().roll;
  const std::uint64_t step = 1;
  const bool roll_edited = ImGui::InputScalar("roll k", ImGuiDataType_U64, &roll, &step, nullptr, "%llu");
  declare_text_field(TextFieldKind::numeric);
  if (roll_edited) send(s, "roll=" + std::to_string(std::min(roll, kMaxDiceStepRoll)));
  ImGui::SameLine();
  help_marker("Up to roll 4095: the stepper replays the rolls before it from the seed.");
  const Result<DiceRoll>& rolled = *s.view().roll;
  if (!rolled) {
    field_error(rolled.error());
  } else {
    const DiceRoll& r = rolled.value();
    std::string words;
    for (std::size_t i = 0; i < r.words.size() && i < 12; ++i) {
      char hex[24];
      std::snprintf(hex, sizeof hex, "%s%0*llX", i ? " " : "", (s.state().bits + 3) / 4,
                    static_cast<unsigned long long>(r.words[i]));
      words += hex;
    }
    if (r.words.size() > 12) words += " ...";
    ImGui::Text("Read %zu word%s (hex) after %llu earlier: %s", r.words.size(), r.words.size() == 1 ? "" : "s",
                static_cast<unsigned long long>(r.words_before), words.c_str());
    ImGui::Text("Value %llu, face %llu", static_cast<unsigned long long>(r.value),
                static_cast<unsigned long long>(r.value + 1));
  }
  // The lanes' open/closed flag is the link's: the panel sends it.
  const DiceLabState& state = s.state();
  bool open = state.lanes;
  lanes_.draw(open, setup_key(state, encode_dice_lab), [&] { return dice_lab_lanes(state); });
  if (open != state.lanes) send(s, open ? "lanes=1" : "lanes=0");
}

//-----------------------------------------------------------------------------
// [SECTION] Expressions
//-----------------------------------------------------------------------------

void DicePanel::draw_expr_field(DiceSession& s) {
  const float em = ImGui::GetFontSize();
  // The field shows the session's draft: what was last typed or sent.
  if (!expr_text_valid_ || shown_expr_ != s.view().expr_text) {
    std::snprintf(expr_text_, sizeof expr_text_, "%s", s.view().expr_text.c_str());
    shown_expr_ = s.view().expr_text;
    expr_text_valid_ = true;
  }
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("Expression");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(em * 22.0f);
  if (ImGui::InputText("##expr", expr_text_, sizeof expr_text_)) {
    send(s, std::string("expr=") + expr_text_);
    shown_expr_ = expr_text_;
  }
  const ImVec2 field_min = ImGui::GetItemRectMin();
  const ImVec2 field_max = ImGui::GetItemRectMax();
  help_marker("Examples: 3d6+2, d20, 2d20kh1 (advantage), 2d20kl1 (disadvantage), 4d6dl1, d%, 2d8-1d4+3. "
              "At most 1000 dice and 64 characters; exact laws stop at about 4e8 operations.");
  for (const char* example : {"3d6+2", "d20", "2d20kh1", "2d20kl1", "4d6dl1", "d%", "8d6kh3", "100d6"}) {
    flow(ImGui::CalcTextSize(example).x + em, ImGui::GetStyle().ItemSpacing.x);
    if (ImGui::SmallButton(example)) {
      send(s, std::string("expr=") + example);
      std::snprintf(expr_text_, sizeof expr_text_, "%s", example);
      shown_expr_ = example;
    }
  }
  const DiceView& v = s.view();
  if (!v.expr_error.empty()) {
    draw_expr_error_caret(v, field_min, field_max);
    field_error(v.expr_error + "   (showing the last valid expression, " + s.state().expr + ")");
  }
}

// A caret under the offending character (positions are 1-based).
void DicePanel::draw_expr_error_caret(const DiceView& v, ImVec2 field_min, ImVec2 field_max) {
  if (!v.expr_error_position || *v.expr_error_position < 1) return;
  const float em = ImGui::GetFontSize();
  const std::string before(expr_text_, std::min(std::strlen(expr_text_), *v.expr_error_position - 1));
  const float x = field_min.x + ImGui::GetStyle().FramePadding.x + ImGui::CalcTextSize(before.c_str()).x;
  const ImVec2 tip(std::min(x, field_max.x - em * 0.3f), field_max.y + em * 0.05f);
  // In the histogram's colour for faces that never come up.
  ImGui::GetWindowDrawList()->AddTriangleFilled(tip, ImVec2(tip.x - em * 0.35f, tip.y + em * 0.5f),
                                                ImVec2(tip.x + em * 0.35f, tip.y + em * 0.5f), colors::kWarn);
  ImGui::Dummy(ImVec2(0, em * 0.4f));
}

void DicePanel::draw_expr_sampling(DiceSession& s) {
  section("Sampling the expression");
  explain("Every die of the expression is rolled with the chosen method on the generator's words.");
  draw_source_controls(s, true);
  const JobSlot<DiceExprSampleResult>& job = *s.view().expr_job;
  if (!job.running()) {
    const std::string label = "Roll " + s.state().expr + " " + grouped(s.state().rolls) + " times";
    if (ImGui::Button(label.c_str())) send(s, "roll");
  }
  job_row(s, job);
  const DiceView& v = s.view();
  const DiceExprSampleResult* sample = v.expr_sample;
  if (job.result && !sample) ImGui::TextColored(colors::kMuted, "The last sample was for other settings: roll again.");
  if (!sample) return;
  ImGui::Text("%s rolls used %s random bits per roll.", grouped(sample->rolls).c_str(),
              number_text(static_cast<double>(sample->bits_drawn) / static_cast<double>(sample->rolls), 5).c_str());
  ImGui::PushTextWrapPos(0.0f);
  if (v.chart.verdict) tone_text(expr_verdict_line(*v.chart.verdict));
  ImGui::PopTextWrapPos();
}

void DicePanel::draw_expr_view(DiceSession& s) {
  explain("Type dice notation: NdS rolls N dice with S sides, kh/kl keep the highest/lowest, dh/dl drop them, "
          "d% is d100, and constants add up.");
  draw_expr_field(s);
  const DiceView& v = s.view();
  const DiceExprLaw& law = *v.expr_law;
  section(("Exact law of " + s.state().expr).c_str());
  if (law.job.running())
    ImGui::TextColored(colors::kMuted, "Computing the exact law in the background...");
  else if (!law.error.empty())
    field_error(law.error);
  draw_expr_chart(v.chart, law.law && law.view ? &*law.law : nullptr, v.expr_sample);
  draw_expr_sampling(s);
}

//-----------------------------------------------------------------------------
// [SECTION] Z80 d20
//-----------------------------------------------------------------------------

void DicePanel::draw_z80_seed(DiceSession& s) {
  if (s.state().gen != "z80") {
    ImGui::TextColored(colors::kMuted, "Rolling with the Z80 routine at seed %s (the lab's generator is %s).",
                       s.view().z80_seed.c_str(), s.state().gen.c_str());
    ImGui::SameLine();
    if (ImGui::SmallButton("Use the Z80 routine")) send(s, "gen=z80");
    return;
  }
  ImGui::AlignTextToFramePadding();
  ImGui::TextUnformatted("Z80 seed");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 11.0f);
  draw_seed_field(s, "##z80seed", ImGuiInputTextFlags_CharsHexadecimal | ImGuiInputTextFlags_CharsUppercase);
  help_marker("_LFSRSeed+0..+7 as 16 hex digits, byte +0 first; not all zero.");
  field_error(s.view().seed_error);
}

void DicePanel::draw_z80_table(DiceSession& s) {
  const DiceView& v = s.view();
  const auto methods = dice_methods();
  const DiceSampleResult* sample = v.z80_sample;
  Table z80("z80", sample ? 6 : 5, ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH, true);
  if (!z80) return;
  for (const char* h : {"Method", "Face 1", "Face 20", "Max / min", "First 12 rolls"}) z80.column(h);
  if (sample) z80.column("Sampled face 20");
  ImGui::TableHeadersRow();
  for (std::size_t i = 0; i < methods.size(); ++i) {
    const auto& entry = v.z80_laws->laws[i];
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
    cell_text(std::string(methods[i].label));
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", std::string(methods[i].summary).c_str());
    ImGui::TableSetColumnIndex(1);
    if (!entry) {
      cell_text(colors::kMuted, "computing...");
      continue;
    }
    if (!*entry) {
      cell_text(colors::kMuted, entry->error());
      continue;
    }
    const Z80Row row = z80_row(**entry);
    cell_text(row.face1);
    ImGui::TableSetColumnIndex(2);
    if (row.face20_never)
      cell_text(colors::kError, row.face20 + " never");
    else
      cell_text(row.face20);
    ImGui::TableSetColumnIndex(3);
    cell_text(row.max_min_ratio);
    ImGui::TableSetColumnIndex(4);
    cell_text((*v.first_rolls)[i]);
    if (sample) {
      ImGui::TableSetColumnIndex(5);
      const std::uint64_t c = sample->counts[i][19];
      cell_text(c == 0 ? colors::kError : colors::kMuted, sampled_share_text(c, sample->rolls));
    }
  }
  // The listing as printed, run instruction by instruction.
  ImGui::TableNextRow();
  ImGui::TableSetColumnIndex(0);
  cell_text(colors::kAccent, "rollDie as printed");
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("The article's rollDie and MulHbyL executed as written: MulHbyL starts its sum at L, "
                      "so with H = DIESIDES-1 it returns DIESIDES * L.");
  ImGui::TableSetColumnIndex(1);
  cell_text(std::to_string(v.printed[1]) + "/256");
  ImGui::TableSetColumnIndex(2);
  cell_text(std::to_string(v.printed[20]) + "/256");
  ImGui::TableSetColumnIndex(3);
  cell_text(printed_ratio_text(v.printed));
  ImGui::TableSetColumnIndex(4);
  cell_text(v.first_rolls->back());
}

void DicePanel::draw_z80_view(DiceSession& s) {
  if (controls_shown("Setup: the seed")) {
    explain("Seed 002 rolls a d20 from one byte of the Z80 LFSR routine. Each row pushes the same bytes through one "
            "method: the exact share of the 256 bytes each face gets, and the first rolls from the seed.");
    draw_z80_seed(s);
  }
  {
    ResultRegion result;
    draw_z80_table(s);
  }
  ImGui::TextColored(colors::kMuted, "Range methods: bytes per face out of the accepted bytes. Coin-flip rollers: exact probability.");

  const JobSlot<DiceSampleResult>& job = *s.view().z80_job;
  if (!job.running()) {
    const std::string label = "Roll " + grouped(s.state().rolls) + " d20s with every method";
    if (ImGui::Button(label.c_str())) send(s, "roll");
    ImGui::SameLine();
    rolls_combo(s, "##z80rolls");
  }
  job_row(s, job);
  ImGui::Spacing();
  if (s.view().checks)
    draw_article_checks(*s.view().checks);
  else if (!s.view().checks_error.empty())
    field_error(s.view().checks_error);
  else
    ImGui::TextColored(colors::kMuted, "%s", kComputingExactLaws);
}

//-----------------------------------------------------------------------------
// [SECTION] Panel entry points
//-----------------------------------------------------------------------------

void DicePanel::draw(DiceSession& s, PanelContext& ctx) {
  sync_seed_text(s.state());
  ImGui::TextUnformatted("Dice: squeezing random bits into a range");
  help_marker("A generator gives B random bits at a time; a die needs a number from 1 to n. Every method here "
              "makes that step differently; most are a little unfair, some very. The exact law of each is computed "
              "from all possible words, not estimated.");
  if (!result_first())
    explain("Pick a method and a die: the chart shows the exact chance of every face. Bars that stick out are bias; "
            "red faces can never come up. Sample to see the same thing happen with a real generator.");

  static constexpr TabSpec kTabs[] = {{"die", "One die"}, {"expr", "Dice expressions"}, {"z80", "Z80 d20 and the articles"}};
  std::string view = s.state().view;
  tabs_.draw("dice_views", kTabs, view, [&](const std::string& tab) {
    if (tab != s.state().view) send(s, "view=" + tab);  // a click on a tab
    if (tab == "die") {
      draw_die_view(s);
      const DiceLabState& state = s.state();
      const char* check = "Check rolls from your own code against this method (Check lab)";
      if (ImGui::Button(check))
        ctx.open_link = check_link_for_rolls(state.method, state.sides, static_cast<std::uint64_t>(state.bits));
    } else if (tab == "expr") {
      draw_expr_view(s);
    } else {
      draw_z80_view(s);
    }
    return false;
  });
}

bool DicePanel::lane_command(std::string_view name, DiceSession& s) {
  const DiceLabState& state = s.state();
  lanes_.refresh(state.lanes, setup_key(state, encode_dice_lab), [&] { return dice_lab_lanes(state); });
  return lanes_.command(name);
}

std::string DicePanel::describe_json(DiceSession& s) {
  std::string out = s.describe_json();
  const DiceLabState& state = s.state();
  lanes_.refresh(state.lanes, setup_key(state, encode_dice_lab), [&] { return dice_lab_lanes(state); });
  return out + lanes_.describe_json_field() + "}";
}

}  // namespace shufflelab::ui
