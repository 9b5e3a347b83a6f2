// Every link the product writes opens cleanly: opened in a fresh app session
// (as a reader's browser or `shufflelab open` opens it) it gives no notice
// (the app session's problems list) and the app writes the same link back.
// The writers, each reached the way the product reaches it:
//  - each lab's own link, after each of the commands its pickers send
//    (generator, method, algorithm, listing, preset, claim, CPU and use);
//  - the chooser's recommendation and table buttons, for every CPU and use,
//    through the chooser session, and the links `shufflelab choose` prints;
//  - the panels' "Check this" links into the Check lab;
//  - every finding's Open and every lesson step, by its link and by Next;
//  - every link a Text view prints (`shufflelab open` prints the Text view).
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "core/builtin_tours.hpp"
#include "core/app_session.hpp"
#include "core/check/check_lab.hpp"
#include "core/chooser/chooser_pick.hpp"
#include "core/chooser/chooser_table.hpp"
#include "core/dice/dice_lab.hpp"
#include "core/inline_job_runner.hpp"
#include "core/shuffle/shuffle.hpp"
#include "core/shuffle/shuffle_source.hpp"
#include "core/tours.hpp"

namespace shufflelab {
namespace {

// The links in a text: every "#v=1..." up to the next space.
std::vector<std::string> links_in(const std::string& text) {
  std::vector<std::string> out;
  for (std::size_t at = text.find("#v=1"); at != std::string::npos; at = text.find("#v=1", at + 1))
    out.push_back(text.substr(at, text.find_first_of(" \t\n)", at) - at));
  return out;
}

// Links written by the product, each with who wrote it; each is checked once.
// A canonical link (what the app writes back for a state) must also come back
// unchanged; a short one (About's "#v=1&lab=dice") only has to open cleanly.
class LinkBook {
 public:
  void add(const std::string& link, const std::string& writer, bool canonical = true) {
    if (seen_.insert(link).second) links_.push_back({link, writer, canonical});
  }
  // The Text view of a state may print links too (About lists the labs'; the chooser its picks').
  void add_text_links(AppSession& app, const std::string& writer) {
    for (const TextLine& line : app.text())
      for (const std::string& link : links_in(line.text))
        add(link, writer + ", its Text view", link.find('&', link.find("&lab=") + 1) != std::string::npos);
  }
  // The link the app writes for what is on screen now. A command that
  // opened a link inside the app (the chooser's and the findings' buttons)
  // left that link's notices: those are failures of the link it opened.
  void add_current(AppSession& app, const std::string& writer) {
    if (!app.notices().empty()) opened_with_notice_.push_back(writer + ": " + app.notices().front());
    add(app.fragment(), writer);
    add_text_links(app, writer);
  }
  struct Entry {
    std::string link, writer;
    bool canonical;
  };
  const std::vector<Entry>& links() const { return links_; }
  const std::vector<std::string>& opened_with_notice() const { return opened_with_notice_; }

 private:
  std::vector<std::string> opened_with_notice_;
  std::set<std::string> seen_;
  std::vector<Entry> links_;
};

void run_jobs(AppSession& app) {
  for (int i = 0; i < 100000 && app.busy(); ++i) app.tick(0.0);
}

// From a lab's link, each command the lab's pickers send, one at a time; a
// refused command writes no link.
void add_after_commands(LinkBook& book, const std::string& start, const std::vector<std::string>& commands) {
  InlineJobRunner jobs;
  AppSession app(jobs);
  app.open(start);
  book.add_current(app, start);
  for (const std::string& command : commands) {
    app.open(start);
    if (app.apply(command)) book.add_current(app, start + ", then " + command);
  }
}

std::vector<std::string> prefixed(const std::string& verb, const std::vector<std::string>& values) {
  std::vector<std::string> out;
  for (const std::string& v : values) out.push_back(verb + "=" + v);
  return out;
}

void add_lab_links(LinkBook& book) {
  for (LabId lab : all_labs()) {
    LabState s;
    s.lab = lab;
    add_after_commands(book, encode_fragment(s), {});
  }
  // LFSR: the Generator list, the claims' and the bit plane's buttons, the maximal masks and weak seeds.
  std::vector<std::string> lfsr = prefixed("gen", {"tarot32", "z80", "fibonacci", "lcg32", "glibc", "splitmix64",
                                                   "xoshiro256ss", "pcg32", "xorshift"});
  for (const char* c : {"claim=tarot", "claim=c5", "claim=weak", "claim=z80_routine", "claim=z80", "try=randu",
                        "try=tarot16", "try=z80", "maximal_mask=1", "maximal_mask=2", "maximal_mask=3", "weak_seed=1",
                        "tab=period", "tab=claims", "tab=bitplane", "width=16"})
    lfsr.emplace_back(c);
  add_after_commands(book, "#v=1&lab=lfsr", lfsr);
  add_after_commands(book, "#v=1&lab=lfsr&tab=period", {"check_period"});  // its button is on the Period tab
  add_after_commands(book, "#v=1&lab=lfsr&gen=lcg32", {"tab=lattice", "preset=randu", "preset=onechip"});
  add_after_commands(book, "#v=1&lab=lfsr&gen=xorshift", {"width=32", "tab=period"});

  // Dice: every method on every generator, the sides buttons, the words and the tabs.
  std::vector<std::string> dice;
  for (const DiceMethodInfo& m : dice_methods()) dice.push_back("method=" + std::string(m.name));
  for (const DiceGeneratorInfo& g : dice_generators()) dice.push_back("gen=" + std::string(g.name));
  for (const char* c : {"sides=4", "sides=6", "sides=78", "sides=100", "sides=1000", "bits=16", "bits=31", "bits=32",
                        "bits=64", "view=expr", "view=z80", "roll", "expr=4d6dl1"})
    dice.emplace_back(c);
  add_after_commands(book, "#v=1&lab=dice", dice);

  // Shuffle: every algorithm, generator, draw method and preset, on each tab.
  std::vector<std::string> shuffle;
  for (int a = 0; a <= static_cast<int>(ShuffleAlgo::CmpV8Chromium); ++a)
    shuffle.push_back("algo=" + std::string(shuffle_algo_name(static_cast<ShuffleAlgo>(a))));
  shuffle.emplace_back("algo=lin2003");
  for (const ShuffleGeneratorInfo& g : shuffle_generators()) shuffle.push_back("gen=" + std::string(g.name));
  for (const DrawMethodInfo& m : draw_methods()) shuffle.push_back("method=" + std::string(m.name));
  for (const char* p : {"tarot", "tarot-fixed", "lin2003", "float", "naive", "naive3", "sattolo", "pdep"})
    shuffle.push_back("preset=" + std::string(p));
  for (const char* c : {"n=3", "n=78"}) shuffle.emplace_back(c);
  for (const char* tab : {"animate", "bias", "reach", "predict", "human"}) {
    std::vector<std::string> commands = shuffle;
    // The jobs' buttons are on the tab that shows their result.
    if (tab == std::string("bias")) commands.insert(commands.end(), {"bias_sample", "bias_exact", "bias_law"});
    if (tab == std::string("predict")) commands.insert(commands.end(), {"predict", "window=day", "window=week"});
    add_after_commands(book, "#v=1&lab=shuffle&tab=" + std::string(tab), commands);
  }

  // Poker, the Assembly listings, the Check lab's three kinds of data.
  add_after_commands(book, "#v=1&lab=poker", {"seed=00000001", "last", "next_deal", "sweep_sample", "count_hands"});
  std::vector<std::string> listings;
  for (const AsmAlgorithmInfo& a : asm_algorithms()) listings.push_back("algo=" + std::string(a.id));
  add_after_commands(book, "#v=1&lab=asm", listings);
  add_after_commands(book, "#v=1&lab=check", {"what=rolls", "what=bytes", "what=decks"});
}

// The Dice and Shuffle panels' links into the Check lab, for every method and algorithm.
void add_check_links(LinkBook& book) {
  for (const DiceMethodInfo& m : dice_methods())
    for (std::uint64_t sides : {6, 20, 78})
      for (std::uint64_t bits : {8, 31, 64})
        book.add(check_link_for_rolls(m.name, sides, bits), "the Dice panel's Check link for " + std::string(m.name));
  for (int a = 0; a <= static_cast<int>(ShuffleAlgo::CmpV8Chromium); ++a)
    for (const ShuffleGeneratorInfo& g : shuffle_generators())
      book.add(check_link_for_decks(shuffle_algo_name(static_cast<ShuffleAlgo>(a)), 52, g.name, 1, 7),
               "the Shuffle panel's Check link for " + std::string(shuffle_algo_name(static_cast<ShuffleAlgo>(a))));
}

std::vector<std::string> chooser_cpus() {
  std::vector<std::string> out;
  for (const AsmIsaInfo& info : asm_isas())
    if (info.isa != AsmIsa::wasm) out.emplace_back(info.id);
  return out;
}

// The chooser's buttons, through its session: what the app opens is what it writes.
void add_chooser_links(LinkBook& book) {
  std::vector<std::string> cpus = chooser_cpus();
  cpus.emplace_back("all");
  for (const std::string& cpu : cpus) {
    for (const ChooserUseInfo& use : chooser_uses()) {
      InlineJobRunner jobs;
      AppSession app(jobs);
      const std::string start = chooser_lab_link({cpu, std::string(use.id)});
      app.open(start);
      run_jobs(app);
      book.add_current(app, start);
      const ChooserViewModel* shown = app.chooser().view().shown;
      ASSERT_NE(shown, nullptr) << start;
      std::vector<std::string> commands{"open_generator", "open_use", "open_listing"};
      for (const ChooserTableRowView& row : shown->rows) commands.push_back("open_row=" + row.name);
      for (const std::string& command : commands) {
        app.open(start);
        run_jobs(app);
        if (app.apply(command)) book.add_current(app, start + ", then " + command);
      }
    }
  }
  // `shufflelab choose --cpu C --use U` prints the pick's links on its "links:" line.
  auto table = chooser_table();
  ASSERT_TRUE(table) << table.error();
  for (const AsmIsaInfo& info : asm_isas()) {
    if (info.isa == AsmIsa::wasm) continue;
    for (const ChooserUseInfo& use : chooser_uses()) {
      auto pick = choose(*table, info.isa, use.use);
      ASSERT_TRUE(pick) << pick.error();
      for (const std::string& link : links_in(chooser_pick_text(*pick)))
        book.add(link, "shufflelab choose --cpu " + std::string(info.id) + " --use " + std::string(use.id));
    }
  }
}

void add_findings_and_lessons(LinkBook& book) {
  InlineJobRunner jobs;
  AppSession app(jobs);
  app.open("#v=1&lab=findings");
  const std::size_t entries = app.findings().entries().size();
  for (std::size_t k = 1; k <= entries; ++k) {
    app.open("#v=1&lab=findings");
    ASSERT_TRUE(app.apply("open=" + std::to_string(k)));
    book.add_current(app, "finding " + std::to_string(k) + "'s Open");
  }
  for (const Tour& tour : builtin_tours()) {
    app.open("#v=1&lab=about");
    ASSERT_TRUE(app.apply("tour=" + tour.id));
    while (app.lesson_loading()) app.tick(0.0);
    for (std::size_t k = 1; k <= tour.steps.size(); ++k) {
      if (k > 1) {
        ASSERT_TRUE(app.apply("tour_next")) << tour.id << " " << k;
      }
      book.add_current(app, "lesson " + tour.id + " by Next to step " + std::to_string(k));
      book.add(tour.steps[k - 1].link, "lesson " + tour.id + " step " + std::to_string(k) + "'s link");
    }
  }
}

// The chooser's 6502 Assembly links carry the Z80 listing's 64-bit seed into a
// 32-bit listing and open with a notice (issue 27, "The chooser's Assembly
// links for the 6502 ... carry a 64-bit seed"): fixed on the branch `chooser`.
// Until that is merged this test fails on them, and says so.
std::string known_bug(const std::string& link) {
  if (link.find("lab=asm&algo=6502-") != std::string::npos && link.find("seed=0102030405060708") != std::string::npos)
    return " [known bug, issue 27: the chooser's 6502 Assembly link carries a 64-bit seed; fixed on branch chooser]";
  return "";
}

TEST(LinksOpen, EveryLinkTheProductWritesOpensWithoutANoticeAndComesBackUnchanged) {
  LinkBook book;
  add_lab_links(book);
  add_check_links(book);
  add_chooser_links(book);
  add_findings_and_lessons(book);
  ASSERT_GE(book.links().size(), 300u);
  for (const std::string& failure : book.opened_with_notice())
    ADD_FAILURE() << "a button opened a link with a notice: " << failure
                  << (failure.find("cpu=6502") != std::string::npos && failure.find("open_listing") != std::string::npos
                          ? " [known bug, issue 27: the chooser's 6502 Assembly link carries a 64-bit seed; fixed on branch chooser]"
                          : "");
  std::size_t failures = 0;
  for (const LinkBook::Entry& e : book.links()) {
    InlineJobRunner jobs;
    AppSession app(jobs);
    app.open(e.link);
    const bool clean = app.notices().empty();
    EXPECT_TRUE(clean) << e.link << "\n  written by " << e.writer << "\n  notice: "
                       << (clean ? "" : app.notices().front()) << known_bug(e.link);
    if (e.canonical) {
      EXPECT_EQ(app.fragment(), e.link) << "written by " << e.writer << known_bug(e.link);
    }
    failures += !clean;
  }
  RecordProperty("links", static_cast<int>(book.links().size()));
  RecordProperty("with_notice", static_cast<int>(failures));
}

}  // namespace
}  // namespace shufflelab
