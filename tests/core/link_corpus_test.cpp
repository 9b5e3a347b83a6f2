// Every link of tests/links/v1.tsv (embedded at build time) must open to the
// fields written next to it by hand, report the stated number of problems,
// and be written back in the canonical form listed: links shared today keep
// their meaning in every later release (see the policy in the file).
#include <gtest/gtest.h>

#include <functional>
#include <map>
#include <set>
#include <sstream>
#include <variant>

#include "core/builtin_tours.hpp"
#include "core/url_state.hpp"
#include "link_corpus_v1.hpp"

namespace shufflelab {
namespace {

struct CorpusLine {
  int number = 0;
  std::string link, canonical, expectations;
};

std::vector<CorpusLine> corpus_lines() {
  std::vector<CorpusLine> out;
  std::istringstream in(data::kLinkCorpusV1);
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    if (line.empty() || line[0] == ';') continue;
    const auto a = line.find('\t'), b = line.find('\t', a + 1);
    EXPECT_NE(b, std::string::npos) << "line " << number << " needs three columns";
    if (b == std::string::npos) continue;
    out.push_back({number, line.substr(0, a), line.substr(a + 1, b - a - 1), line.substr(b + 1)});
  }
  return out;
}

// What each expectation key reads from a decoded state: written out here,
// field by field, so the check does not go through the codec under test.
using Field = std::variant<std::uint64_t, std::string>;
const std::map<std::string, std::function<Field(const DecodedState&)>, std::less<>>& fields() {
  static const std::map<std::string, std::function<Field(const DecodedState&)>, std::less<>> table{
      {"notices", [](const DecodedState& d) -> Field { return std::uint64_t{d.notices.size()}; }},
      {"lab", [](const DecodedState& d) -> Field { return std::string(lab_name(d.state.lab)); }},
      {"embed", [](const DecodedState& d) -> Field { return std::uint64_t{d.state.embed}; }},
      {"present", [](const DecodedState& d) -> Field { return std::uint64_t{d.state.present}; }},
      {"lfsr.gen", [](const DecodedState& d) -> Field { return std::string(lab_gen_name(d.state.lfsr.gen)); }},
      {"lfsr.width", [](const DecodedState& d) -> Field { return static_cast<std::uint64_t>(d.state.lfsr.width); }},
      {"lfsr.mask", [](const DecodedState& d) -> Field { return d.state.lfsr.mask; }},
      {"lfsr.seed", [](const DecodedState& d) -> Field { return d.state.lfsr.seed; }},
      {"lfsr.t", [](const DecodedState& d) -> Field { return d.state.lfsr.t; }},
      {"lfsr.taps", [](const DecodedState& d) -> Field { return d.state.lfsr.taps; }},
      {"lfsr.full_taps", [](const DecodedState& d) -> Field { return std::uint64_t{d.state.lfsr.full_taps}; }},
      {"lfsr.preset", [](const DecodedState& d) -> Field { return static_cast<std::uint64_t>(d.state.lfsr.preset); }},
      {"lfsr.stream", [](const DecodedState& d) -> Field { return d.state.lfsr.stream; }},
      {"dice.method", [](const DecodedState& d) -> Field { return d.state.dice.method; }},
      {"dice.sides", [](const DecodedState& d) -> Field { return d.state.dice.sides; }},
      {"dice.bits", [](const DecodedState& d) -> Field { return static_cast<std::uint64_t>(d.state.dice.bits); }},
      {"dice.gen", [](const DecodedState& d) -> Field { return d.state.dice.gen; }},
      {"dice.seed", [](const DecodedState& d) -> Field { return d.state.dice.seed; }},
      {"dice.rolls", [](const DecodedState& d) -> Field { return d.state.dice.rolls; }},
      {"dice.expr", [](const DecodedState& d) -> Field { return d.state.dice.expr; }},
      {"dice.view", [](const DecodedState& d) -> Field { return d.state.dice.view; }},
      {"shuffle.algo", [](const DecodedState& d) -> Field { return d.state.shuffle.algo; }},
      {"shuffle.n", [](const DecodedState& d) -> Field { return std::uint64_t{d.state.shuffle.n}; }},
      {"shuffle.take", [](const DecodedState& d) -> Field { return std::uint64_t{d.state.shuffle.take}; }},
      {"shuffle.keys", [](const DecodedState& d) -> Field { return std::uint64_t{d.state.shuffle.keys}; }},
      {"shuffle.gen", [](const DecodedState& d) -> Field { return d.state.shuffle.gen; }},
      {"shuffle.seed", [](const DecodedState& d) -> Field { return d.state.shuffle.seed; }},
      {"shuffle.method", [](const DecodedState& d) -> Field { return d.state.shuffle.method; }},
      {"shuffle.bits", [](const DecodedState& d) -> Field { return std::uint64_t{d.state.shuffle.bits}; }},
      {"shuffle.warmup", [](const DecodedState& d) -> Field { return std::uint64_t{d.state.shuffle.warmup}; }},
      {"shuffle.t", [](const DecodedState& d) -> Field { return d.state.shuffle.t; }},
      {"shuffle.tab", [](const DecodedState& d) -> Field { return d.state.shuffle.tab; }},
      {"shuffle.shuffles", [](const DecodedState& d) -> Field { return d.state.shuffle.shuffles; }},
      {"shuffle.time", [](const DecodedState& d) -> Field { return d.state.shuffle.time; }},
      {"shuffle.guess", [](const DecodedState& d) -> Field { return d.state.shuffle.guess; }},
      {"shuffle.window", [](const DecodedState& d) -> Field { return d.state.shuffle.window; }},
      {"shuffle.rounds", [](const DecodedState& d) -> Field { return std::uint64_t{d.state.shuffle.rounds}; }},
      {"shuffle.cut", [](const DecodedState& d) -> Field { return std::uint64_t{d.state.shuffle.cut}; }},
      {"poker.seed", [](const DecodedState& d) -> Field { return std::uint64_t{d.state.poker.seed}; }},
      {"poker.t", [](const DecodedState& d) -> Field { return std::uint64_t{d.state.poker.step}; }},
      {"asm.algo", [](const DecodedState& d) -> Field { return d.state.assembly.algorithm; }},
      {"chooser.cpu", [](const DecodedState& d) -> Field { return d.state.chooser.cpu; }},
      {"chooser.use", [](const DecodedState& d) -> Field { return d.state.chooser.use; }},
      {"check.what", [](const DecodedState& d) -> Field { return d.state.check.what; }},
      {"check.sides", [](const DecodedState& d) -> Field { return d.state.check.sides; }},
      {"check.vs", [](const DecodedState& d) -> Field { return d.state.check.versus; }},
      {"check.db", [](const DecodedState& d) -> Field { return d.state.check.deck_b; }},
      {"check.gb", [](const DecodedState& d) -> Field { return d.state.check.byte_b; }},
      {"asm.seed", [](const DecodedState& d) -> Field { return d.state.assembly.inputs.seed; }},
      {"asm.x", [](const DecodedState& d) -> Field { return d.state.assembly.inputs.x; }},
      {"asm.n", [](const DecodedState& d) -> Field { return d.state.assembly.inputs.n; }},
      {"asm.calls", [](const DecodedState& d) -> Field { return std::uint64_t{d.state.assembly.inputs.calls}; }},
      {"asm.t", [](const DecodedState& d) -> Field { return d.state.assembly.t; }},
      // Fields added after the first corpus (results, notes, lessons).
      {"lfsr.tab", [](const DecodedState& d) -> Field { return d.state.lfsr.tab; }},
      {"lfsr.run", [](const DecodedState& d) -> Field { return d.state.lfsr.run; }},
      {"dice.run", [](const DecodedState& d) -> Field { return d.state.dice.run; }},
      {"shuffle.run", [](const DecodedState& d) -> Field { return d.state.shuffle.run; }},
      {"poker.run", [](const DecodedState& d) -> Field { return d.state.poker.run; }},
      {"note", [](const DecodedState& d) -> Field { return d.state.note; }},
      {"note.bytes", [](const DecodedState& d) -> Field { return std::uint64_t{d.state.note.size()}; }},
      {"tour", [](const DecodedState& d) -> Field { return d.state.tour; }},
      {"tour.step", [](const DecodedState& d) -> Field { return std::uint64_t{d.state.tour_step}; }},
      {"tour.text.bytes", [](const DecodedState& d) -> Field { return std::uint64_t{d.state.tour_text.size()}; }},
  };
  return table;
}

// "0x1F" and "31" are numbers; anything else is text.
Field expected_value(const Field& actual, const std::string& text) {
  if (std::holds_alternative<std::string>(actual)) return text;
  return static_cast<std::uint64_t>(std::stoull(text, nullptr, text.rfind("0x", 0) == 0 ? 16 : 10));
}

std::string show(const Field& f) {
  return std::holds_alternative<std::string>(f) ? "\"" + std::get<std::string>(f) + "\"" : std::to_string(std::get<std::uint64_t>(f));
}

TEST(LinkCorpus, EveryLabIsCovered) {
  std::set<std::string> labs;
  for (const auto& line : corpus_lines()) labs.insert(std::string(lab_name(decode_fragment(line.link, find_builtin_tour).state.lab)));
  for (LabId lab : all_labs()) EXPECT_TRUE(labs.count(std::string(lab_name(lab)))) << lab_name(lab) << " has no link";
  EXPECT_GE(corpus_lines().size(), 40u);
}

TEST(LinkCorpus, EveryLinkKeepsItsMeaning) {
  for (const auto& line : corpus_lines()) {
    SCOPED_TRACE("tests/links/v1.tsv line " + std::to_string(line.number) + ": " + line.link);
    const DecodedState decoded = decode_fragment(line.link, find_builtin_tour);
    std::istringstream pairs(line.expectations);
    std::string pair;
    bool notices_stated = false;
    while (pairs >> pair) {
      const auto eq = pair.find('=');
      ASSERT_NE(eq, std::string::npos) << pair;
      const std::string key = pair.substr(0, eq);
      const auto field = fields().find(key);
      ASSERT_NE(field, fields().end()) << "unknown key " << key;
      notices_stated |= key == "notices";
      const Field actual = field->second(decoded);
      EXPECT_EQ(actual, expected_value(actual, pair.substr(eq + 1))) << key << " is " << show(actual);
    }
    if (!notices_stated) EXPECT_TRUE(decoded.notices.empty()) << decoded.notices.front();
    // The address bar shows the canonical link, and opening that gives the same state again.
    EXPECT_EQ(encode_fragment(decoded.state), line.canonical);
    const DecodedState again = decode_fragment(line.canonical, find_builtin_tour);
    EXPECT_TRUE(again.notices.empty());
    EXPECT_EQ(again.state, decoded.state);
    // A lab's own fields stay under 300 characters; a note or a lesson's text
    // may use the rest of the fragment limit.
    const bool carries_text = line.canonical.find("&note=") != std::string::npos || line.canonical.find("&tt=") != std::string::npos;
    EXPECT_LE(line.canonical.size(), carries_text ? kMaxFragmentLength : 300u);
  }
}

// A lab writes links to another lab without the cross-lab codec (its own
// <lab>_lab_link): for every corpus link without note, lesson or embed, that
// link is the canonical one in the corpus, written by hand.
TEST(LinkCorpus, EachLabWritesItsOwnCanonicalLink) {
  int compared = 0;
  for (const CorpusLine& line : corpus_lines()) {
    const DecodedState decoded = decode_fragment(line.link, find_builtin_tour);
    const LabState& s = decoded.state;
    if (s.embed || s.present || !s.note.empty() || !s.tour.empty() || !s.tour_text.empty()) continue;
    std::string link;
    switch (s.lab) {
      case LabId::lfsr: link = lfsr_lab_link(s.lfsr); break;
      case LabId::dice: link = dice_lab_link(s.dice); break;
      case LabId::shuffle: link = shuffle_lab_link(s.shuffle); break;
      case LabId::poker: link = poker_lab_link(s.poker); break;
      case LabId::assembly: link = asm_lab_link(s.assembly); break;
      case LabId::chooser: link = chooser_lab_link(s.chooser); break;
      case LabId::check: link = check_lab_link(s.check); break;
      case LabId::gallery:
      case LabId::about: continue;
    }
    EXPECT_EQ(link, line.canonical) << "corpus line " << line.number;
    ++compared;
  }
  EXPECT_GT(compared, 50);  // 84 such lines in v1 today
}

}  // namespace
}  // namespace shufflelab
