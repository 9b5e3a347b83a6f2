#include "core/about_session.hpp"

#include "core/base/text_format.hpp"
#include "core/lab_text.hpp"

namespace shufflelab {

namespace {

// The output streams data/dieharder.tsv was recorded from (tools/dieharder.mjs).
constexpr const char* kStreams[][2] = {
    {"tarot32 CF", "--gen tarot32 --mask CF --seed 00000001"}, {"tarot32 AF", "--gen tarot32 --mask AF --seed 00000001"},
    {"z80", "--gen z80 --seed 0102030405060708"},               {"lcg32 onechip", "--gen lcg32 --preset onechip --seed 1"},
    {"lcg32 randu", "--gen lcg32 --preset randu --seed 1"},     {"glibc rand", "--gen glibc --seed 1"},
    {"xoshiro256**", "--gen xoshiro256ss --seed 42"}};

AboutView make_about_view() {
  AboutView v;
  v.title = "About shufflelab";
  v.intro = "A playground for how computers shuffle cards and roll dice. One C++ core computes every number "
            "you see here; the same code runs in this page (WebAssembly) and in the shufflelab command.";
  v.sections.push_back(
      {"The labs",
       "",
       {"Findings: what the articles claim next to what the numbers say, one click from each lab.",
        "LFSR: step any generator bit by bit, scrub to any step, see its bit plane, and get the "
        "exact period of any seed from GF(2) algebra (and check it by stepping).",
        "Dice: every way of squeezing random bits into a range, with the exact chance of each face, "
        "the bits it costs, sampling with chi-square, and dice expressions.",
        "Shuffle: animate every shuffle from the articles fed by any generator and method, measure "
        "its bias exactly or by sampling, count reachable decks, predict a clock-seeded deck.",
        "One Chip poker: deal ten cards from an LCRNG call by call, and check all 2^32 seeds.",
        "Assembly: Z80, Game Boy, 6502, x86-64, PIC and WebAssembly next to the C++, stepping together.",
        "Every state is a link: copy it, or embed one lab in a page with embed=1."}});
  v.sections.push_back(
      {"Source articles",
       "The algorithms come from these articles; the playground reproduces each one as written and "
       "lets you check its claims with numbers computed here.",
       {"Vi Grey, \"Dev Log 3\" of the Game Boy tarot project: a 32-bit LFSR, "
        "a coin-flip dice roller after Lumbroso, and a Fisher-Yates shuffle.",
        "James D. Lin, shuffle.c (2003): a shuffle driven by rand() / RAND_MAX.",
        "\"Rolling D20s on the Z80; and other random thoughts about randomness\" (2023).",
        "Marc B. Reynolds, a PDEP/TZCNT bitset Fisher-Yates shuffle for n <= 64 (2023).",
        "One Chip Video Poker project, \"Dealing\": an LCRNG deal of ten cards on a PIC."}});
  v.sections.push_back(
      {"Statistical tests (recorded)",
       "Debian's dieharder run on each generator's output stream (short runs, 10 p-values each). These "
       "are recorded results, not computed in your browser; reproduce a row with the command shown when you "
       "hover it. A linear generator such as an LFSR fails the binary-rank test whatever its mask.",
       {},
       true});
  v.sections.push_back({"Keys", "", {"Space: run or pause. Right / Left arrow: one step forward / back."}});
  for (const DieharderRow& row : dieharder_record()) {
    AboutDieharderRow shown{&row, ""};
    for (const auto& stream : kStreams)
      if (row.generator == stream[0])
        shown.command = "shufflelab stream " + std::string(stream[1]) + " --bytes 800000000 | dieharder -g 200 -d N -p 10";
    v.dieharder.push_back(std::move(shown));
  }
  return v;
}

}  // namespace

const AboutView& AboutSession::view() {
  if (view_.sections.empty()) view_ = make_about_view();
  return view_;
}

Result<bool> AboutSession::apply(const LabCommand& c) {
  return Result<bool>::fail(lab_command_text(c) + ": the About page has no commands");
}

std::vector<TextLine> AboutSession::text() {
  TextLines out;
  out.para("shufflelab shows how computers shuffle cards and roll dice, with the exact numbers behind each method: "
           "linear feedback shift registers and their periods, the bias of squeezing random bits into a die, "
           "shuffles step by step, One Chip poker's deal, and the same routines in Z80, Game Boy, x86, PIC and "
           "WebAssembly listings.");
  for (LabId lab : all_labs())
    if (lab != LabId::about) out.item(std::string(lab_title(lab)) + ": #v=1&lab=" + std::string(lab_name(lab)));
  return out.take();
}

std::string AboutSession::describe_json() {
  return "{\"sections\":" + json_array(view().sections, [](const AboutSection& s) { return json_string(s.title); });
}

}  // namespace shufflelab
