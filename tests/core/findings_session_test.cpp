// The Findings gallery and the About page as sessions: an entry's Open, the
// hook's open=K and the CLI's `open --do open=K` all open the entry's link
// through the app, which then shows exactly that link; the About page's
// Text view lists every other lab with its link, and neither takes another
// command.
#include "core/findings_session.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/about_session.hpp"
#include "core/app_session.hpp"
#include "core/gallery_wire.hpp"
#include "core/inline_job_runner.hpp"
#include "test_support.hpp"

namespace shufflelab {
namespace {

using test::HeldJobRunner;

bool same_entries(const std::vector<GalleryEntry>& a, const std::vector<GalleryEntry>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t k = 0; k < a.size(); ++k)
    if (a[k].title != b[k].title || a[k].source != b[k].source || a[k].link != b[k].link || a[k].text != b[k].text ||
        a[k].quotes != b[k].quotes)
      return false;
  return true;
}

std::string text_of(FindingsSession& s) {
  std::string text;
  for (const TextLine& l : s.text()) text += l.text + "\n";
  return text;
}

TEST(FindingsWire, TheEntriesComeBackExactly) {
  const std::vector<GalleryEntry> entries = gallery_entries();
  std::size_t quotes = 0;
  for (const GalleryEntry& e : entries) quotes += e.quotes.size();
  ASSERT_GT(quotes, 0u);  // the quotes travel too
  auto back = decode_findings(encode_findings(entries));
  ASSERT_TRUE(back) << back.error();
  EXPECT_TRUE(same_entries(back.value(), entries));
  // Spaces, tabs, newlines, percent signs and a quote dividing by a path survive.
  GalleryEntry odd{"a b\tc", "", "#v=1&lab=dice", "100% of\nthem", {{"1,024", "x.y", QuoteStyle::fixed, 3, "x.#"}}};
  auto odd_back = decode_findings(encode_findings({odd}));
  ASSERT_TRUE(odd_back) << odd_back.error();
  EXPECT_TRUE(same_entries(odd_back.value(), {odd}));
}

TEST(FindingsWire, BadTextIsRefusedNamingItsLine) {
  const std::string good = encode_findings(gallery_entries());
  EXPECT_FALSE(decode_findings(""));
  EXPECT_FALSE(decode_findings("shufflelab assembly 1\n"));
  auto r = decode_findings("shufflelab findings 1\nentry a b\n");
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().find("line 2"), std::string::npos) << r.error();
  r = decode_findings("shufflelab findings 1\nquote 1 x plain 0 -\n");  // a quote before any entry
  ASSERT_FALSE(r);
  r = decode_findings("shufflelab findings 1\nentry a b c d\nquote 1 x bold 0 -\n");
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().find("line 3"), std::string::npos) << r.error();
  EXPECT_FALSE(decode_findings("shufflelab findings 1\nentry a %ZZ c d\n"));
}

TEST(FindingsSession, WhileTheWorkerBuildsThemThePageSaysSoAndTheyComeOnce) {
  HeldJobRunner jobs;
  std::vector<std::string> opened;
  FindingsSession s(jobs, [&](std::string_view link) { opened.emplace_back(link); });
  EXPECT_TRUE(s.awaited());
  EXPECT_TRUE(jobs.kinds.empty());  // nothing is built before it is needed
  s.start_linked_run();
  EXPECT_EQ(jobs.kinds, std::vector<std::string>{"findings"});
  EXPECT_TRUE(s.entries().empty());
  EXPECT_TRUE(s.busy());
  EXPECT_NE(text_of(s).find("Loading the findings..."), std::string::npos);
  EXPECT_NE(s.describe_json().find("\"loading\":true,\"entries\":[]"), std::string::npos);
  auto refused = s.apply(parse_lab_command("open=1"));
  ASSERT_FALSE(refused);
  EXPECT_NE(refused.error().find("open=1: the findings are not loaded yet"), std::string::npos) << refused.error();
  s.tick(0.0);
  EXPECT_EQ(jobs.kinds.size(), 1u);  // still the one job
  jobs.held = false;
  s.tick(0.0);
  EXPECT_FALSE(s.busy());
  EXPECT_FALSE(s.awaited());
  EXPECT_TRUE(same_entries(s.entries(), gallery_entries()));
  EXPECT_EQ(text_of(s).find("Loading"), std::string::npos);
  ASSERT_TRUE(s.apply(parse_lab_command("open=1")));
  EXPECT_EQ(opened, std::vector<std::string>{gallery_entries().front().link});
  s.start_linked_run();
  EXPECT_EQ(jobs.kinds.size(), 1u);  // kept: not built again
}

TEST(FindingsSession, TheAppSaysTheFindingsAreLoadingOnlyOnTheirPage) {
  HeldJobRunner jobs;
  AppSession app(jobs);
  app.open("#v=1&lab=findings");
  EXPECT_NE(app.describe_json_fields().find("\"findingsLoading\":true"),
            std::string::npos);  // before its first tick too
  app.tick(0.0);
  EXPECT_TRUE(app.busy());
  EXPECT_NE(app.describe_json_fields().find("\"findingsLoading\":true"), std::string::npos);
  app.open("#v=1&lab=dice");
  EXPECT_NE(app.describe_json_fields().find("\"findingsLoading\":false"), std::string::npos);
  jobs.held = false;
  app.open("#v=1&lab=findings");
  app.tick(0.0);
  EXPECT_NE(app.describe_json_fields().find("\"findingsLoading\":false"), std::string::npos);
  EXPECT_EQ(app.findings().entries().size(), gallery_entries().size());
}

TEST(FindingsSession, OpenKOpensTheKthEntrysLink) {
  InlineJobRunner jobs;
  std::vector<std::string> opened;
  FindingsSession s(jobs, [&](std::string_view link) { opened.emplace_back(link); });
  const std::vector<GalleryEntry> entries = gallery_entries();
  ASSERT_GE(entries.size(), 2u);
  ASSERT_TRUE(s.apply(parse_lab_command("open=1")));
  ASSERT_TRUE(s.apply(parse_lab_command("open=" + std::to_string(entries.size()))));
  EXPECT_EQ(opened, (std::vector<std::string>{entries.front().link, entries.back().link}));
  for (const std::string& bad : std::vector<std::string>{"open=0", "open=" + std::to_string(entries.size() + 1), "open", "nope"}) {
    auto r = s.apply(parse_lab_command(bad));
    ASSERT_FALSE(r) << bad;
    EXPECT_NE(r.error().find(bad.substr(0, bad.find('='))), std::string::npos) << r.error();
  }
  EXPECT_EQ(opened.size(), 2u);
}

TEST(FindingsSession, TheTextAndTheHookListEveryEntry) {
  InlineJobRunner jobs;
  FindingsSession s(jobs, [](std::string_view) {});
  std::string text;
  for (const TextLine& l : s.text()) text += l.text + "\n";
  const std::string json = s.describe_json();
  for (const GalleryEntry& e : gallery_entries()) {
    EXPECT_NE(text.find(e.title + "\n" + e.text + " (" + e.source + ")\n"), std::string::npos) << e.title;
    EXPECT_NE(json.find("\"link\":\"" + e.link + "\""), std::string::npos) << e.link;
  }
}

TEST(FindingsSession, TheAppOpensAnEntryAsItsLinkOpens) {
  InlineJobRunner jobs;
  AppSession app(jobs);
  app.open("#v=1&lab=findings");
  const std::vector<GalleryEntry> entries = gallery_entries();
  for (std::size_t k = 0; k < entries.size(); ++k) {
    app.open("#v=1&lab=findings");
    ASSERT_TRUE(app.apply("open=" + std::to_string(k + 1))) << k;
    EXPECT_TRUE(app.notices().empty()) << entries[k].link;
    EXPECT_EQ(app.fragment(), entries[k].link);  // entries hold canonical links
  }
}

TEST(AboutSession, TextListsEveryOtherLabAndNoCommandIsTaken) {
  AboutSession s;
  std::string text;
  for (const TextLine& l : s.text()) text += l.text + "\n";
  EXPECT_NE(text.find("Findings: #v=1&lab=findings\n"), std::string::npos) << text;
  EXPECT_NE(text.find("One Chip poker: #v=1&lab=poker\n"), std::string::npos) << text;
  EXPECT_NE(text.find("Chooser: #v=1&lab=choose\n"), std::string::npos) << text;
  EXPECT_EQ(text.find("lab=about"), std::string::npos) << text;
  EXPECT_FALSE(s.apply(parse_lab_command("step")));
  // Each recorded dieharder row of a listed stream says how to reproduce it.
  const AboutView& v = s.view();
  ASSERT_FALSE(v.dieharder.empty());
  for (const AboutDieharderRow& r : v.dieharder)
    if (r.row->generator == "z80")
      EXPECT_EQ(r.command, "shufflelab stream --gen z80 --seed 0102030405060708 --bytes 800000000 | dieharder -g 200 -d N -p 10");
}

}  // namespace
}  // namespace shufflelab
