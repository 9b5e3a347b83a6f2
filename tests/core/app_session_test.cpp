// The app's session: a link opens on exactly its own results (what earlier
// jobs found is dropped), a lesson step opens as its link does, and the
// app's commands refuse what they cannot do, naming it.
#include "core/app_session.hpp"

#include <algorithm>

#include <gtest/gtest.h>

#include "core/builtin_tours.hpp"
#include "core/inline_job_runner.hpp"
#include "core/poker/poker.hpp"
#include "core/poker/poker_sweep.hpp"
#include "core/tours.hpp"
#include "test_support.hpp"

namespace shufflelab {
namespace {

using test::ScriptedJobRunner;

std::string text_of(AppSession& session) {
  std::string s;
  for (const TextLine& l : session.text()) s += l.text + "\n";
  return s;
}

TEST(AppSession, ALinkWithoutRunShowsNoEarlierResult) {
  // A sweep of three seeds, counted here: whatever the job reports is what the text must show.
  SweepStats stats;
  for (std::uint32_t seed = 0; seed < 3; ++seed) stats.add(seed, one_chip_deal(seed).calls);
  ScriptedJobRunner jobs(sweep_result(stats));
  AppSession session(jobs);
  session.open("#v=1&lab=poker&seed=932D217C&run=sample");
  session.tick(0.0);  // starts the link's sweep
  session.tick(0.0);  // its result comes in
  ASSERT_NE(text_of(session).find("SAMPLE, partial: 3 of the"), std::string::npos) << text_of(session);
  session.open("#v=1&lab=poker&seed=932D217C");
  session.tick(0.0);
  EXPECT_EQ(text_of(session).find("SAMPLE"), std::string::npos) << text_of(session);
  EXPECT_EQ(session.state().poker.run, "");
}

// A runner whose jobs run until cancelled, recording the cancels.
class EndlessJobRunner final : public JobRunner {
 public:
  int start(const std::string&, const std::string&, const std::string&) override { return ++started; }
  void cancel(int id) override { cancelled.push_back(id); }
  JobStatus status(int id) override {
    JobStatus s;
    const bool stopped = std::find(cancelled.begin(), cancelled.end(), id) != cancelled.end();
    s.state = stopped ? JobStatus::State::cancelled : JobStatus::State::running;
    s.progress = 0.25;
    return s;
  }
  int started = 0;
  std::vector<int> cancelled;
};

TEST(AppSession, LeavingALabStopsItsJobInTheSameCommand) {
  EndlessJobRunner jobs;
  AppSession session(jobs);
  session.open("#v=1&lab=poker&seed=932D217C&run=sweep");
  session.tick(0.0);
  ASSERT_EQ(jobs.started, 1);
  ASSERT_TRUE(session.busy());
  ASSERT_TRUE(session.apply("lab=lfsr"));
  EXPECT_EQ(jobs.cancelled, std::vector<int>{1}) << "no frame between the switch and the cancel";
  ASSERT_TRUE(session.apply("lab=poker"));
  EXPECT_EQ(session.state().poker.run, "") << "a cancelled sweep leaves the link";
}

TEST(AppSession, CancelShowsInTheNextReadNotTheNextFrame) {
  EndlessJobRunner jobs;
  AppSession session(jobs);
  session.open("#v=1&lab=poker&seed=932D217C&run=sweep");
  session.tick(0.0);
  ASSERT_TRUE(session.apply("cancel_sweep"));
  EXPECT_FALSE(session.busy());
  EXPECT_NE(session.describe_lab_json().find("\"state\":4"), std::string::npos) << session.describe_lab_json();
  EXPECT_EQ(session.state().poker.run, "");
}

TEST(AppSession, ALessonStepOpensAsItsLink) {
  const Tour* tour = find_builtin_tour("how-to-shuffle");
  ASSERT_NE(tour, nullptr);
  ASSERT_GE(tour->steps.size(), 2u);
  InlineJobRunner jobs;
  AppSession by_step(jobs), by_link(jobs);
  by_step.open("#v=1&tour=how-to-shuffle&step=1");
  while (by_step.lesson_loading()) by_step.tick(0.0);
  ASSERT_TRUE(by_step.apply("tour_next"));
  by_link.open(tour->steps[1].link);
  EXPECT_EQ(by_step.state().lab, by_link.state().lab);
  // The same lab fields: the link the step writes back, without its lesson fields.
  LabState a = by_step.state(), b = by_link.state();
  a.tour.clear(), a.tour_step = 0;
  EXPECT_EQ(encode_fragment(a), encode_fragment(b));
}

// Every step of every built-in lesson reached by Next shows the Text view its
// link shows once both ran their jobs: the same words and the same result,
// never an earlier step's. (The 2^32-seed sweep of One Chip's step is left out:
// the browser walk in tests/e2e/lesson_links.test.mjs covers its start.)
TEST(AppSession, EveryLessonStepByNextShowsWhatItsLinkShows) {
  for (const Tour& tour : builtin_tours()) {
    InlineJobRunner jobs;
    AppSession by_step(jobs);
    by_step.open("#v=1&tour=" + tour.id + "&step=1");
    for (std::uint32_t k = 1; k <= tour.steps.size(); ++k) {
      if (k > 1) ASSERT_TRUE(by_step.apply("tour_next")) << tour.id << " " << k;
      if (by_step.state().poker.run == "sweep") continue;
      AppSession by_link(jobs);
      by_link.open(by_step.fragment());
      for (AppSession* s : {&by_step, &by_link})
        while (s->busy()) s->tick(0.0);
      const std::string text = text_of(by_step);
      EXPECT_EQ(text, text_of(by_link)) << tour.id << " step " << k;
      EXPECT_EQ(text.find("changed since"), std::string::npos) << tour.id << " step " << k;
    }
  }
}

TEST(AppSession, PresentModeIsALinkFieldTheLessonKeeps) {
  InlineJobRunner jobs;
  AppSession session(jobs);
  session.open("#v=1&tour=loaded-dice&step=1&present=1");
  while (session.lesson_loading()) session.tick(0.0);
  ASSERT_TRUE(session.state().present);
  ASSERT_TRUE(session.apply("tour_next"));
  EXPECT_TRUE(session.state().present);
  EXPECT_NE(session.fragment().find("&step=2&present=1"), std::string::npos) << session.fragment();
  ASSERT_TRUE(session.apply("present=0"));
  EXPECT_EQ(session.fragment().find("present"), std::string::npos) << session.fragment();
  auto bad = session.apply("present=yes");
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().find("present"), std::string::npos) << bad.error();
}

// The app's download has no built-in lesson: the session loads one through
// the "tour" job, and meanwhile keeps the link that asked for it.
TEST(AppSession, ABuiltInLessonLoadsThroughItsJobThenOpensAsItsLink) {
  const std::string link = "#v=1&tour=break-the-shuffle&step=4&present=1";
  InlineJobRunner jobs;
  AppSession session(jobs);
  session.open(link);
  ASSERT_NE(session.lesson_loading(), nullptr);
  EXPECT_EQ(session.lesson_loading()->id, "break-the-shuffle");
  EXPECT_FALSE(session.tour());
  EXPECT_TRUE(session.busy());
  EXPECT_EQ(session.fragment(), link);
  // The link names no lab: its lab is the step's, so the Text view shows no lab until the lesson is in.
  EXPECT_TRUE(session.awaiting_lesson_step());
  EXPECT_EQ(text_of(session), "Break the shuffle\nLoading the lesson \"Break the shuffle\"...\n");
  while (session.lesson_loading()) session.tick(0.0);
  ASSERT_TRUE(session.tour());
  EXPECT_EQ(*session.tour(), *find_builtin_tour("break-the-shuffle"));
  const DecodedState known = decode_fragment(link, find_builtin_tour);  // as when the lessons were in the app
  EXPECT_EQ(session.state(), known.state);
  EXPECT_TRUE(session.notices().empty());
  // Loaded once: the same lesson opens again without a job.
  session.open("#v=1&lab=about");
  ASSERT_TRUE(session.apply("tour=break-the-shuffle"));
  EXPECT_EQ(session.lesson_loading(), nullptr);
  EXPECT_EQ(session.state().tour_step, 1u);
  // tour= from a page in present mode keeps it, once the lesson is in.
  AppSession fresh(jobs);
  fresh.open("#v=1&lab=about&present=1");
  ASSERT_TRUE(fresh.apply("tour=loaded-dice"));
  ASSERT_NE(fresh.lesson_loading(), nullptr);
  EXPECT_FALSE(fresh.awaiting_lesson_step());  // the About page stays until the lesson is in
  while (fresh.lesson_loading()) fresh.tick(0.0);
  EXPECT_EQ(fresh.state().tour, "loaded-dice");
  EXPECT_EQ(fresh.state().tour_step, 1u);
  EXPECT_TRUE(fresh.state().present);
  EXPECT_EQ(fresh.state().lab, LabId::dice);
}

// A lesson that does not come back (here: a runner whose jobs finish with no
// payload) leaves a notice naming it and no half-open lesson.
TEST(AppSession, ALessonThatDoesNotLoadSaysSoAndIsDropped) {
  ScriptedJobRunner jobs({});
  AppSession session(jobs);
  session.open("#v=1&lab=dice&sides=6&tour=loaded-dice&step=2");
  session.tick(0.0);
  EXPECT_EQ(session.lesson_loading(), nullptr);
  EXPECT_FALSE(session.tour());
  EXPECT_EQ(session.state().tour, "");
  EXPECT_EQ(session.state().dice.sides, 6u);  // the link's own fields stay
  ASSERT_EQ(session.notices().size(), 1u);
  EXPECT_NE(session.notices()[0].find("tour=loaded-dice: the lesson did not load"), std::string::npos) << session.notices()[0];
}

TEST(AppSession, AppCommandsRefuseWhatTheyCannotDo) {
  InlineJobRunner jobs;
  AppSession session(jobs);
  session.open("#v=1&lab=poker&seed=00000001");
  const LabState before = session.state();
  for (const char* bad : {"lab=nowhere", "tour_next", "tour_exit", "tour=no-such-lesson", "warp"}) {
    auto r = session.apply(bad);
    ASSERT_FALSE(r) << bad;
    EXPECT_NE(r.error().find(parse_lab_command(bad).verb), std::string::npos) << r.error();
    EXPECT_EQ(session.state(), before) << bad;
  }
  ASSERT_TRUE(session.apply("lab=dice"));
  EXPECT_EQ(session.state().lab, LabId::dice);
}

}  // namespace
}  // namespace shufflelab
