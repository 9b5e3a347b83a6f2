// The Assembly lab's editor while its jobs are away (the browser's worker
// loading its core module the first time): it says what it waits for, in the
// panel's line and the Text view, keeps the last good routine, and never
// restarts an assembly that is running. Bytes are hand-assembled from the
// Z80 opcode table (LD A,n = 3E n; RET = C9); the listing's text is the file
// in asm/, embedded by the tests' own build.
#include <gtest/gtest.h>

#include <algorithm>

#include <string>
#include <vector>

#include "core/asm/asm_lab_session.hpp"
#include "core/base/plain_text.hpp"
#include "core/inline_job_runner.hpp"
#include "listing_z80.hpp"
#include "test_support.hpp"

namespace shufflelab {
namespace {

using test::all_text;
using test::HeldJobRunner;
using test::send;
using Units = std::vector<std::uint16_t>;

struct Lab {
  AsmLabState state;
  HeldJobRunner jobs;
  AsmLabSession session{state, jobs};
  void type(const std::string& source) { ASSERT_TRUE(send(session, "src=" + percent_encode(source))); }
  Units good_image() const { return session.editor().good() ? session.editor().good()->assembly.image() : Units{}; }
  // Assemblies started (the stepper's runs are jobs too).
  std::size_t assemblies() const { return static_cast<std::size_t>(std::count(jobs.kinds.begin(), jobs.kinds.end(), "assemble")); }
};

TEST(AsmEditorWaiting, LoadingTheAssemblerIsSaidUntilTheAssemblyComes) {
  Lab lab;
  ASSERT_TRUE(send(lab.session, "edit=new"));
  ASSERT_TRUE(send(lab.session, "cpu=z80"));
  lab.type("go: ld a,1\n ret\n");
  EXPECT_EQ(lab.jobs.kinds, std::vector<std::string>{"assemble"});
  EXPECT_EQ(lab.session.editor().waiting_line(), "Loading the assembler...");
  EXPECT_FALSE(lab.session.editor().good());
  EXPECT_TRUE(lab.session.editor().errors().empty());
  std::string text = all_text(lab.session.text());
  EXPECT_NE(text.find("Loading the assembler..."), std::string::npos) << text;
  EXPECT_EQ(text.find("None: the source assembles."), std::string::npos) << "not said before it is known";
  EXPECT_TRUE(lab.session.busy());
  lab.session.tick(0.0);
  EXPECT_FALSE(lab.session.editor().good()) << "still held";

  lab.jobs.held = false;
  lab.session.tick(0.0);
  EXPECT_EQ(lab.good_image(), (Units{0x3E, 0x01, 0xC9}));
  EXPECT_EQ(lab.session.editor().waiting_line(), "");
  text = all_text(lab.session.text());
  EXPECT_NE(text.find("None: the source assembles."), std::string::npos) << text;
  EXPECT_FALSE(lab.session.busy()) << "no claim: nothing to compare";

  // The next edit says "Assembling..." (loaded now); the last good routine stays until the errors come.
  lab.jobs.held = true;
  lab.type("go: ld a,2\n frob\n");
  EXPECT_EQ(lab.session.editor().waiting_line(), "Assembling...");
  EXPECT_EQ(lab.good_image(), (Units{0x3E, 0x01, 0xC9}));
  lab.jobs.held = false;
  lab.session.tick(0.0);
  ASSERT_EQ(lab.session.editor().errors().size(), 1u);
  EXPECT_EQ(lab.session.editor().errors()[0].line, 2);
  EXPECT_EQ(lab.good_image(), (Units{0x3E, 0x01, 0xC9})) << "the last good routine stays";
  EXPECT_TRUE(lab.jobs.cancelled.empty());
}

TEST(AsmEditorWaiting, EditsWhileOneAssemblesWaitForItAndTheNewestWins) {
  Lab lab;
  lab.jobs.held = false;
  ASSERT_TRUE(send(lab.session, "edit=new"));
  ASSERT_TRUE(send(lab.session, "cpu=z80"));
  lab.jobs.held = true;
  lab.type("go: ld a,1\n");
  lab.type("go: ld a,2\n");
  lab.type("go: ld a,3\n ret\n");
  EXPECT_EQ(lab.assemblies(), 1u) << "one assembly at a time";
  EXPECT_TRUE(lab.jobs.cancelled.empty()) << "a running assembly is never cancelled (the worker would start again)";
  lab.jobs.held = false;
  lab.session.tick(0.0);
  EXPECT_EQ(lab.assemblies(), 2u) << "then the newest source";
  EXPECT_EQ(lab.good_image(), (Units{0x3E, 0x03, 0xC9}));
  // Only the entry changes: the same assembly serves, no job.
  ASSERT_TRUE(send(lab.session, "entry=nowhere"));
  EXPECT_EQ(lab.assemblies(), 2u);
  ASSERT_FALSE(lab.session.editor().errors().empty());
  EXPECT_NE(lab.session.editor().errors()[0].message.find("nowhere"), std::string::npos)
      << lab.session.editor().errors()[0].message;
}

TEST(AsmEditorWaiting, EditingAListingFetchesItsSource) {
  Lab lab;
  ASSERT_TRUE(send(lab.session, "algo=z80-lfsr"));
  ASSERT_TRUE(send(lab.session, "edit"));
  EXPECT_EQ(lab.jobs.kinds.back(), "asm_listing_source");
  EXPECT_TRUE(lab.session.state().edit.on);
  EXPECT_EQ(lab.session.state().edit.source, "");
  EXPECT_EQ(lab.session.editor().waiting_line(), "Loading the listing's source...");
  EXPECT_NE(all_text(lab.session.text()).find("Loading the listing's source..."), std::string::npos);
  lab.jobs.held = false;
  lab.session.tick(0.0);
  EXPECT_EQ(lab.session.state().edit.source, data::kListingZ80);
  lab.session.tick(0.0);
  ASSERT_TRUE(lab.session.editor().good()) << (lab.session.editor().errors().empty() ? "" : lab.session.editor().errors()[0].message);
  EXPECT_TRUE(lab.session.editor().errors().empty());

  // Typed before the listing came: the typing stays.
  ASSERT_TRUE(send(lab.session, "edit=0"));
  lab.jobs.held = true;
  ASSERT_TRUE(send(lab.session, "edit"));
  const std::string typed = lab.session.state().edit.entry + ": ret\n";  // the listing's entry, so it makes a routine
  lab.type(typed);
  lab.jobs.held = false;
  lab.session.tick(0.0);
  lab.session.tick(0.0);
  EXPECT_EQ(lab.session.state().edit.source, typed);
  EXPECT_EQ(lab.good_image(), Units{0xC9});
}

// The stepper's run is the worker's "asm_run" job: until the next run has
// come, the last one stays shown and the session says it waits; one run at a
// time, the newest asked for next; a step past the end moves back once known.
TEST(AsmLabWaiting, TheLastRunStaysUntilTheNextComes) {
  Lab lab;
  lab.jobs.held = false;
  ASSERT_TRUE(send(lab.session, "t=3"));
  ASSERT_NE(lab.session.view().run, nullptr);
  EXPECT_EQ(lab.session.view().run->t, 3u);
  EXPECT_EQ(lab.session.view().run->machine.instructions, 3u);
  EXPECT_FALSE(lab.session.run_awaited());

  lab.jobs.held = true;
  const auto runs = [&] { return std::count(lab.jobs.kinds.begin(), lab.jobs.kinds.end(), "asm_run"); };
  const auto before = runs();
  ASSERT_TRUE(send(lab.session, "t=5"));
  ASSERT_TRUE(send(lab.session, "t=9"));
  EXPECT_EQ(runs(), before + 1) << "one run at a time";
  EXPECT_TRUE(lab.session.run_awaited());
  EXPECT_TRUE(lab.session.busy());
  EXPECT_TRUE(lab.session.view().loading);
  ASSERT_NE(lab.session.view().run, nullptr) << "the last run stays on screen";
  EXPECT_EQ(lab.session.view().run->t, 3u);
  EXPECT_EQ(lab.session.state().t, 9u);

  lab.jobs.held = false;
  lab.session.tick(0.0);  // t=5 comes, then t=9 is asked and (inline) comes
  EXPECT_FALSE(lab.session.run_awaited());
  EXPECT_EQ(lab.session.view().run->t, 9u);
  EXPECT_EQ(lab.session.view().run->machine.instructions, 9u);

  lab.jobs.held = true;
  ASSERT_TRUE(send(lab.session, "run"));
  EXPECT_EQ(lab.session.state().t, kMaxAsmStep) << "where the run stops is known when it comes";
  lab.jobs.held = false;
  lab.session.tick(0.0);
  ASSERT_TRUE(lab.session.view().run->done);
  EXPECT_EQ(lab.session.state().t, lab.session.view().run->t);
  EXPECT_EQ(lab.session.view().run->machine.instructions, lab.session.state().t);
  EXPECT_LT(lab.session.state().t, kMaxAsmStep);
  EXPECT_FALSE(lab.session.run_awaited());
}

}  // namespace
}  // namespace shufflelab
