// The Check lab's one vocabulary: its pickers (link fields), the files the
// page holds (check_file=), the progress rows' Cancel. The examples are
// checked against what a hand count predicts: the naive swap on 3 cards
// takes 3^3 = 27 equally likely paths onto 6 orders (4, 5, 5, 5, 4, 4 of
// them), which 20,000 decks cannot hide; Fisher-Yates is exactly uniform.
#include "core/check/check_lab_session.hpp"

#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

#include "core/base/parse.hpp"
#include "core/check/check_view_wire.hpp"
#include "core/inline_job_runner.hpp"
#include "test_support.hpp"

namespace shufflelab {
namespace {

// The page: it holds files by id and reads one in its worker ("check_file");
// every other job runs inline.
class PageJobs final : public JobRunner {
 public:
  std::map<int, std::string> files;
  int start(const std::string& kind, const std::string& params, const std::string& text = {}) override {
    if (kind != "check_file") return inline_.start(kind, params, text) * 2;
    JobStatus s;
    s.state = JobStatus::State::done;
    const std::size_t at = params.find("&file=");
    auto options = check_options_from_params(params.substr(0, at));
    auto session = CheckSession::make(options.value());
    session.value()->feed(files[std::stoi(params.substr(at + 6))]);
    auto report = session.value()->finish();
    if (report) s.payload = encode_check_report_view(make_check_report_view(*report));
    else s.state = JobStatus::State::failed, s.summary = report.error();
    files_read_[++read_] = s;
    return read_ * 2 + 1;
  }
  void cancel(int id) override {
    if (id % 2 == 0) inline_.cancel(id / 2);
  }
  JobStatus status(int id) override { return id % 2 ? files_read_[id / 2] : inline_.status(id / 2); }
  int files_read() const { return read_; }

 private:
  InlineJobRunner inline_;
  std::map<int, JobStatus> files_read_;
  int read_ = 0;
};

struct Check {
  PageJobs jobs;
  CheckLabState state;
  CheckLabSession session{state, jobs};
  Result<bool> send(std::string_view text) { return test::send(session, text); }
  void settle() { test::run_jobs(session); }
};

using test::all_text;

TEST(CheckLabSession, TheLinksExamplesRunAndLandOnEitherSideOfTheVerdict) {
  Check c;
  ASSERT_TRUE(c.send("cards=3"));
  EXPECT_TRUE(c.session.busy());
  EXPECT_NE(all_text(c.session.text()).find("computing"), std::string::npos);
  c.settle();
  const CheckLabView v = c.session.view();
  ASSERT_TRUE(v.examples[0]->result && v.examples[1]->result);
  EXPECT_FALSE(v.examples[0]->result->view.failed);  // Fisher-Yates
  EXPECT_TRUE(v.examples[1]->result->view.failed);   // the naive swap
  const std::string text = all_text(c.session.text());
  EXPECT_NE(text.find("Example A: fisher-yates, 20,000 decks of 3 (splitmix64)"), std::string::npos) << text;
  EXPECT_NE(text.find("Example B: naive, 20,000 decks of 3 (splitmix64)"), std::string::npos) << text;
  EXPECT_NE(text.find(v.examples[1]->result->view.verdict), std::string::npos) << text;
  EXPECT_EQ(text.find("computing"), std::string::npos) << text;
  // Another example source: that side checks again.
  ASSERT_TRUE(c.send("db=fisher-yates").value());
  EXPECT_TRUE(c.session.busy());
  c.settle();
  EXPECT_FALSE(c.session.view().examples[1]->result->view.failed);
}

TEST(CheckLabSession, AFileThePageHoldsIsCheckedAndItsLastGoodReportStays) {
  Check c;
  c.jobs.files[7] = "0,1,2\n2,1,0\n1,0,2\n";
  ASSERT_TRUE(c.send("check_file=7:18:my%20decks.txt"));
  c.settle();
  CheckLabView v = c.session.view();
  EXPECT_EQ(v.file->name, "my decks.txt");
  ASSERT_NE(v.file_report, nullptr);
  EXPECT_EQ(v.file_report_heading, "Your file: my decks.txt, 18 bytes as decks");
  EXPECT_NE(all_text(c.session.text()).find("Your file: my decks.txt, 18 bytes as decks\n"), std::string::npos);
  EXPECT_EQ(all_text(c.session.text()).find("as decks as decks"), std::string::npos);
  EXPECT_NE(c.session.describe_json().find("\"state\":\"done\""), std::string::npos);
  // A bad file: its error, and the good report stays.
  c.jobs.files[8] = "0,1,2\n0,0,2\n";
  ASSERT_TRUE(c.send("check_file=8:12:bad.txt"));
  c.settle();
  v = c.session.view();
  EXPECT_EQ(v.file_job->status.state, JobStatus::State::failed);
  EXPECT_NE(v.file_job->error.find("line 2"), std::string::npos) << v.file_job->error;
  // The report kept below the error is labelled as the previous file's; the error is said once.
  EXPECT_EQ(v.file_report_heading, "The previous file's report (not of the file above): my decks.txt, 18 bytes as decks");
  const std::string text = all_text(c.session.text());
  EXPECT_NE(text.find("File: bad.txt (12 bytes)"), std::string::npos) << text;
  EXPECT_NE(text.find("The previous file's report (not of the file above): my decks.txt"), std::string::npos) << text;
  const std::string& error = v.file_job->error;
  EXPECT_EQ(text.find(error), text.rfind(error)) << text;
  EXPECT_NE(text.find(error), std::string::npos) << text;
  // What the file holds changes: the page reads it again, as rolls.
  const int read = c.jobs.files_read();
  ASSERT_TRUE(c.send("what=rolls").value());
  EXPECT_EQ(c.jobs.files_read(), read + 1);
  ASSERT_TRUE(c.send("alpha=0.01").value());
  EXPECT_EQ(c.jobs.files_read(), read + 2);
  ASSERT_TRUE(c.send("ra=modulo").value());  // an example's field: the file is not read again
  EXPECT_EQ(c.jobs.files_read(), read + 2);
}

TEST(CheckLabSession, CancelStopsAnExample) {
  Check c;
  c.session.tick(0.0);  // both examples start
  ASSERT_TRUE(c.session.view().examples[0]->running());
  ASSERT_TRUE(c.send("cancel_example=a"));
  c.session.tick(0.0);
  EXPECT_EQ(c.session.view().examples[0]->status.state, JobStatus::State::cancelled);
  EXPECT_TRUE(c.session.view().examples[1]->running());
  ASSERT_TRUE(c.send("cancel_example=b"));
  c.session.tick(0.0);
  EXPECT_FALSE(c.session.busy());  // cancelled examples stay cancelled until the setup changes
}

TEST(CheckLabSession, RefusedCommandsNameThemselvesAndKeepTheState) {
  Check c;
  test::expect_refused(c.session, c.state,
                       {"what=cards", "what", "da=bogo", "alpha=0.5", "sides=1000001", "cards=1", "cancel_example=c",
                        "check_file=0:1:x", "check_file=7", "nope", "file=1"});
  // A file reference the page could not have sent shows as the file's error.
  EXPECT_EQ(c.session.view().file_job->status.state, JobStatus::State::failed);
  EXPECT_NE(c.session.view().file_job->error.find("check_file"), std::string::npos);
}

}  // namespace
}  // namespace shufflelab
