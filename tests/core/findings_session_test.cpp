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
#include "core/inline_job_runner.hpp"

namespace shufflelab {
namespace {

TEST(FindingsSession, OpenKOpensTheKthEntrysLink) {
  std::vector<std::string> opened;
  FindingsSession s([&](std::string_view link) { opened.emplace_back(link); });
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
  FindingsSession s([](std::string_view) {});
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
