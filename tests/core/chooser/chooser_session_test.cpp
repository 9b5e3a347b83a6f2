// The chooser's one vocabulary: its pickers, the progress row's Cancel and
// the buttons that open another lab, as a click, the hook and the CLI send
// them. What a finished view must hold is the core's view built directly
// for the same choice (the one `shufflelab choose` prints).
#include "core/chooser/chooser_session.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/app_session.hpp"
#include "core/inline_job_runner.hpp"
#include "test_support.hpp"

namespace shufflelab {
namespace {

struct Chooser {
  InlineJobRunner jobs;
  ChooserLabState state;
  std::vector<std::string> opened;  // links the session asked the app to open
  ChooserSession session{state, jobs, [this](std::string_view link) { opened.emplace_back(link); }};

  Result<bool> send(std::string_view text) { return test::send(session, text); }
  void settle() { test::run_jobs(session); }
};

using test::all_text;

TEST(ChooserSession, TheViewOfTheLinksChoiceIsComputedAsAJob) {
  Chooser c;
  c.state = {"sm83", "deck78"};
  EXPECT_TRUE(c.session.busy());  // a link's choice computes before anything else happens
  EXPECT_NE(all_text(c.session.text()).find("Computing the table"), std::string::npos);
  c.settle();
  const ChooserViewModel want = build_chooser_view(c.state);
  ASSERT_NE(c.session.view().shown, nullptr);
  EXPECT_EQ(*c.session.view().shown, want);
  const std::string text = all_text(c.session.text());
  EXPECT_EQ(text.rfind("CPU sm83, use deck78\n", 0), 0u) << text;
  for (const std::string& line : want.text_lines)  // each line, cut to the Text view's bound
    EXPECT_NE(text.find(line.substr(0, 200)), std::string::npos) << line;
  EXPECT_NE(c.session.describe_json().find("\"computing\":false"), std::string::npos);
  const auto csv = c.session.csv_exports();
  ASSERT_EQ(csv.size(), 1u);
  EXPECT_EQ(csv[0].id, "chooser");
  EXPECT_EQ(csv[0].text, want.csv);
}

TEST(ChooserSession, PickersChangeTheChoiceAndThePreviousViewStaysUntilTheNextIsIn) {
  Chooser c;
  c.settle();
  EXPECT_TRUE(c.send("cpu=all").value());
  EXPECT_EQ(c.state.cpu, "all");
  EXPECT_FALSE(c.send("cpu=all").value());  // the same choice again: accepted, nothing changes
  EXPECT_TRUE(c.session.busy());
  ASSERT_NE(c.session.view().shown, nullptr);
  EXPECT_EQ(c.session.view().shown->setup.cpu, "z80");  // still on screen while the next computes
  EXPECT_TRUE(c.session.csv_exports().empty());         // not this choice's table
  c.settle();
  EXPECT_EQ(c.session.view().shown->setup.cpu, "all");
  EXPECT_FALSE(c.session.view().shown->pick.has_value());
  EXPECT_TRUE(c.send("use=d6").value());
  EXPECT_TRUE(c.send("cpu=x86_64").value());  // the links' old spelling
  EXPECT_EQ(c.state.cpu, "x86-64");
}

TEST(ChooserSession, CancelStopsTheJobAndKeepsTheLastView) {
  Chooser c;
  c.settle();
  ASSERT_TRUE(c.send("use=d6"));
  c.session.tick(0.0);  // started
  ASSERT_TRUE(c.session.view().job->running());
  ASSERT_TRUE(c.send("cancel"));
  c.session.tick(0.0);
  EXPECT_EQ(c.session.view().job->status.state, JobStatus::State::cancelled);
  EXPECT_FALSE(c.session.busy());  // cancelled: nothing left to wait for
  EXPECT_EQ(c.session.view().shown->setup.use, "d20");
}

TEST(ChooserSession, ButtonsOpenTheShownViewsLinks) {
  Chooser c;
  c.state = {"z80", "d20"};
  c.settle();
  const ChooserViewModel want = build_chooser_view(c.state);
  ASSERT_TRUE(want.pick.has_value());
  ASSERT_TRUE(c.send("open_generator"));
  ASSERT_TRUE(c.send("open_use"));
  std::vector<std::string> links = {want.pick->lab_link, want.pick->use_link};
  if (!want.pick->asm_link.empty()) {
    ASSERT_TRUE(c.send("open_listing"));
    links.push_back(want.pick->asm_link);
  }
  ASSERT_FALSE(want.rows.empty());
  ASSERT_TRUE(c.send("open_row=" + want.rows.back().name));
  links.push_back(want.rows.back().lab_link);
  EXPECT_EQ(c.opened, links);
  EXPECT_EQ(c.opened[0].rfind("#v=1&lab=lfsr&", 0), 0u) << c.opened[0];
}

TEST(ChooserSession, RefusedCommandsNameThemselvesAndKeepTheState) {
  Chooser c;
  EXPECT_FALSE(c.send("open_generator"));  // nothing on screen yet
  c.state.cpu = "all";
  c.settle();
  test::expect_refused(c.session, c.state,
                       {"cpu=vax", "use=d7", "cpu", "open_generator", "open_listing", "open_row=nosuch", "open_sesame", "nope"});
  EXPECT_TRUE(c.opened.empty());
}

}  // namespace
}  // namespace shufflelab

namespace shufflelab {
namespace {

// Every link the chooser writes, for every CPU picker entry and use, opened as
// the page opens it (AppSession): no notice, and the lab, listing and bound
// the link names are the ones on screen.
TEST(ChooserLinks, EveryWrittenLinkOpensWithoutNotice) {
  InlineJobRunner jobs;
  AppSession app(jobs);
  int opened = 0, listing_links = 0;
  const auto open = [&](const std::string& link, const std::string& where) {
    app.open(link);
    app.tick(0.0);
    EXPECT_TRUE(app.notices().empty()) << where << ": " << link << ": " << (app.notices().empty() ? "" : app.notices().front());
    ++opened;
  };
  for (const std::string& cpu : chooser_cpu_ids()) {
    for (const ChooserUseInfo& use : chooser_uses()) {
      const ChooserLabState setup{cpu, std::string(use.id)};
      const std::string where = cpu + " " + std::string(use.id);
      open(chooser_lab_link(setup), where);
      EXPECT_EQ(app.state().lab, LabId::chooser) << where;
      EXPECT_EQ(app.state().chooser, setup) << where;
      const ChooserViewModel view = build_chooser_view(setup);
      ASSERT_TRUE(view.error.empty()) << view.error;
      for (const ChooserTableRowView& r : view.rows) {
        open(r.lab_link, where + " row " + r.name);
        EXPECT_EQ(app.state().lab, LabId::lfsr) << r.lab_link;
      }
      if (!view.pick) continue;
      const ChooserPickView& pick = *view.pick;
      open(pick.lab_link, where + " generator");
      EXPECT_EQ(app.state().lab, LabId::lfsr);
      open(pick.use_link, where + " use");
      EXPECT_EQ(app.state().lab, use.deck ? LabId::shuffle : LabId::dice) << pick.use_link;
      if (use.deck) EXPECT_EQ(app.state().shuffle.n, use.n);
      else EXPECT_EQ(app.state().dice.sides, use.n);
      if (pick.asm_link.empty()) continue;
      ++listing_links;
      open(pick.asm_link, where + " listing");
      ASSERT_EQ(app.state().lab, LabId::assembly) << pick.asm_link;
      const std::string algo = app.state().assembly.algorithm;
      EXPECT_NE(pick.asm_link.find("algo=" + algo + "&"), std::string::npos) << pick.asm_link << " opened " << algo;
      const AsmAlgorithmInfo& info = asm_algorithm_info(parse_asm_algorithm("algo", algo).value());
      EXPECT_EQ(std::string(info.isa == AsmIsa::x86_64 ? "x86-64" : asm_isa_info(info.isa).id), cpu) << pick.asm_link;
      if (!use.deck) EXPECT_EQ(app.state().assembly.inputs.n, use.n) << pick.asm_link;
      // The seed fits the listing's register (6502 and SM83 LFSRs are 32 bits).
      if (info.isa == AsmIsa::mos6502 || info.isa == AsmIsa::sm83) EXPECT_LE(app.state().assembly.inputs.seed, 0xffffffffu);
    }
  }
  // Every use on the five CPUs with die-roll listings links its listing.
  EXPECT_EQ(listing_links, 20);
  EXPECT_GT(opened, 100);
}

}  // namespace
}  // namespace shufflelab
