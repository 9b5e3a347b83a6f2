// Tours: the built-in lessons (well-formed, links that open cleanly, numbers
// that match values recomputed here by brute force) and the tour text format.
#include "core/tours.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "core/builtin_tours.hpp"
#include "core/job_catalog.hpp"
#include "core/url_state.hpp"

namespace shufflelab {
namespace {

std::size_t code_points(const std::string& s) {
  return static_cast<std::size_t>(std::count_if(s.begin(), s.end(), [](char c) { return (c & 0xC0) != 0x80; }));
}

const Tour& tour(std::string_view id) {
  const Tour* t = find_builtin_tour(id);
  EXPECT_NE(t, nullptr) << id;
  return *t;
}

bool says(const TourStep& step, const std::string& phrase) { return step.text.find(phrase) != std::string::npos; }

TEST(Tours, BuiltinToursAreWellFormed) {
  const auto& tours = builtin_tours();
  ASSERT_GE(tours.size(), 4u);
  std::set<std::string> ids;
  for (const Tour& t : tours) {
    EXPECT_TRUE(ids.insert(t.id).second) << "duplicate id " << t.id;
    EXPECT_FALSE(t.title.empty());
    EXPECT_FALSE(t.source.empty());
    EXPECT_GE(t.steps.size(), 4u) << t.id;
    EXPECT_LE(t.steps.size(), 7u) << t.id;
    EXPECT_EQ(find_builtin_tour(t.id), &t);
    for (const TourStep& s : t.steps) {
      EXPECT_LE(code_points(s.text), kMaxTourTextLength) << s.text;
      for (unsigned char c : s.text) EXPECT_TRUE(c >= 0x20 && c != 0x7F) << s.text;
      EXPECT_EQ(s.text.find("cannot"), std::string::npos) << "a computation failed: " << s.text;
      const DecodedState d = decode_fragment(s.link);
      EXPECT_TRUE(d.notices.empty()) << s.link << ": " << (d.notices.empty() ? "" : d.notices.front());
      EXPECT_EQ(encode_fragment(d.state), s.link) << "not canonical";
    }
  }
  EXPECT_EQ(find_builtin_tour("no-such-tour"), nullptr);
}

TEST(Tours, TitlesFollowTheBrief) {
  EXPECT_EQ(tour("gameboy-tarot").title, "From bits to a deck: the Game Boy tarot shuffle");
  EXPECT_EQ(tour("loaded-dice").title, "Loaded dice: squeezing bytes into a range");
  EXPECT_EQ(tour("how-to-shuffle").title, "How to shuffle, and how not to");
  EXPECT_EQ(tour("break-the-shuffle").title, "Break the shuffle");
}

// The article's LFSR() as printed: four bytes, lfsr0 on top, mask CF into lfsr0.
TEST(Tours, TarotFirstByteMatchesTheArticlesLoop) {
  unsigned l0 = 0xDE, l1 = 0xAD, l2 = 0xBE, l3 = 0xEF;
  for (int x = 0; x < 8; ++x) {
    const unsigned c0 = (l0 & 1) ? 128 : 0, c1 = (l1 & 1) ? 128 : 0, c2 = (l2 & 1) ? 128 : 0, c3 = (l3 & 1) ? 128 : 0;
    l0 >>= 1;
    l1 = (l1 >> 1) + c0;
    l2 = (l2 >> 1) + c1;
    l3 = (l3 >> 1) + c2;
    if (c3) l0 ^= 0xCF;
  }
  char hex[8];
  std::snprintf(hex, sizeof hex, "%02X.", l0);
  EXPECT_TRUE(says(tour("gameboy-tarot").steps[0], std::string("top byte ") + hex)) << tour("gameboy-tarot").steps[0].text;
}

TEST(Tours, ModuloAndMaxu8CountsMatchBruteForce) {
  std::vector<int> mod(20, 0), maxu8(101, 0);
  for (unsigned x = 0; x < 256; ++x) {
    ++mod[x % 20];
    unsigned a = x, b = 0xFF;  // MAXU8 with rangeMax 101: mask until below it
    while (a >= 101) b >>= 1, a &= b;
    ++maxu8[a];
  }
  const auto& steps = tour("loaded-dice").steps;
  // 256 = 12 * 20 + 16: faces 1..16 get 13 bytes, 17..20 get 12.
  EXPECT_EQ(mod[0], 13);
  EXPECT_TRUE(says(steps[0], "faces 1-16 get 13 bytes each and the rest 12")) << steps[0].text;
  const int most = *std::max_element(maxu8.begin(), maxu8.end());
  int first = -1, last = -1;
  for (int v = 0; v < 101; ++v)
    if (maxu8[v] == most) last = v, first = first < 0 ? v : first;
  EXPECT_TRUE(says(steps[3], "band is only " + std::to_string(first) + "-" + std::to_string(last))) << steps[3].text;
  EXPECT_NE(first, 25);  // the article's 25-75 is wrong
}

TEST(Tours, NaiveAndSortKeysCellsMatchEnumeration) {
  // Naive swap on 4 cards: every one of the 4^4 draw lists.
  std::vector<int> cells(16, 0);
  for (unsigned list = 0; list < 256; ++list) {
    std::vector<unsigned> deck{0, 1, 2, 3};
    for (unsigned i = 0, l = list; i < 4; ++i, l /= 4) std::swap(deck[i], deck[l % 4]);
    for (unsigned p = 0; p < 4; ++p) ++cells[p * 4 + deck[p]];
  }
  const auto [lo, hi] = std::minmax_element(cells.begin(), cells.end());
  const auto& steps = tour("how-to-shuffle").steps;
  EXPECT_TRUE(says(steps[1], "happens in " + std::to_string(*hi) + " lists")) << steps[1].text;
  EXPECT_TRUE(says(steps[1], "in only " + std::to_string(*lo) + ";")) << steps[1].text;
  // Sort by keys 0..3 for 3 cards (a stable sort): card 0 on top.
  int top0 = 0;
  for (unsigned list = 0; list < 64; ++list) {
    const unsigned k0 = list % 4, k1 = list / 4 % 4, k2 = list / 16;
    top0 += k0 <= k1 && k0 <= k2;
  }
  EXPECT_TRUE(says(steps[3], "card 0 ends on top in " + std::to_string(top0) + " of them")) << steps[3].text;
}

TEST(Tours, WorstDealCallsMatchAReplay) {
  std::uint32_t state = 0x932D217C;
  std::vector<bool> dealt(52, false);
  int cards = 0, calls = 0;
  while (cards < 10) {
    state = state * 1664525u + 1013904223u, ++calls;
    const unsigned v = state >> 26;
    if (v < 52 && !dealt[v]) dealt[v] = true, ++cards;
  }
  const auto& steps = tour("break-the-shuffle").steps;
  EXPECT_TRUE(says(steps[4], std::to_string(calls) + " calls in all")) << steps[4].text;
  EXPECT_NE(steps[4].link.find("t=" + std::to_string(calls)), std::string::npos);
}

// ---- Tour text ---------------------------------------------------------------

std::string error_of(std::string_view text, std::size_t max_steps = kDefaultMaxTourSteps) {
  auto r = parse_tour_text(text, max_steps);
  return r ? std::string("(accepted)") : r.error();
}

// The riffle lesson against Bayer and Diaconis, "Trailing the dovetail shuffle to
// its lair", Ann. Appl. Probab. 2 (1992), Table 1 (52 cards, k = 5..10:
// 0.924 0.614 0.334 0.167 0.085 0.043), and the Faro step against an
// out-shuffle of 52 cards applied here until the deck is back in order.
TEST(Tours, RiffleLessonMatchesThePublishedTableAndAFaroReplay) {
  const Tour& t = tour("how-people-shuffle");
  ASSERT_EQ(t.steps.size(), 4u);
  EXPECT_TRUE(says(t.steps[2], "5: 0.924, 6: 0.614, 7: 0.334, 8: 0.167, 9: 0.085, 10: 0.043")) << t.steps[2].text;
  EXPECT_TRUE(says(t.steps[2], "k = 7 is the first below 1/2")) << t.steps[2].text;
  std::vector<int> deck(52);
  for (int i = 0; i < 52; ++i) deck[static_cast<std::size_t>(i)] = i;
  const std::vector<int> start = deck;
  int order = 0;
  do {  // out-shuffle: the top half's cards go to even positions, the top card stays on top
    std::vector<int> next(52);
    for (std::size_t i = 0; i < 26; ++i) next[2 * i] = deck[i], next[2 * i + 1] = deck[26 + i];
    deck = next;
    ++order;
  } while (deck != start);
  EXPECT_TRUE(says(t.steps[3], ": " + std::to_string(order) + " of them bring 52 cards back")) << t.steps[3].text;
  // One riffle: two packets interleaved keep at most two rising sequences.
  EXPECT_TRUE(says(t.steps[1], "at most 2 rising sequences")) << t.steps[1].text;
}

TEST(TourText, BuiltinToursRoundTrip) {
  for (const Tour& t : builtin_tours()) {
    auto back = parse_tour_text(tour_text(t));
    ASSERT_TRUE(back) << t.id << ": " << back.error();
    EXPECT_EQ(back.value(), t) << t.id;
  }
}

TEST(TourText, ReadsStepsTitleCommentsAndUrls) {
  auto r = parse_tour_text(
      "title\tMy lesson\n"
      "; a comment\n"
      "\n"
      "https://example.org/lab/index.html?x=1#v=1&lab=poker&seed=932D217C&t=39\tThe worst deal.\r\n"
      "#v=1&lab=dice&method=modulo&sides=6\t<script>alert(1)</script>\n");
  ASSERT_TRUE(r) << r.error();
  EXPECT_EQ(r->title, "My lesson");
  ASSERT_EQ(r->steps.size(), 2u);
  EXPECT_EQ(r->steps[0].link, "#v=1&lab=poker&seed=932D217C&t=39");
  EXPECT_EQ(r->steps[0].text, "The worst deal.");
  // Canonical form: the defaults the app writes back.
  EXPECT_EQ(r->steps[1].link, "#v=1&lab=dice&method=modulo&sides=6&bits=8&gen=z80&seed=0123456789ABCDEF&rolls=1000000&expr=3d6+2&view=die");
  // Markup is accepted and kept as literal text.
  EXPECT_EQ(r->steps[1].text, "<script>alert(1)</script>");
}

TEST(TourText, ErrorsNameTheLineAndWhatWasExpected) {
  const std::string ok = "#v=1&lab=poker&seed=932D217C&t=39\tfine\n";
  EXPECT_EQ(error_of(ok + ok + "hello\tworld\n"), "line 3, column 1: expected a link starting with #v=1");
  EXPECT_EQ(error_of(ok + "http://x/#v=2&lab=dice\tno\n"), "line 2, column 10: expected a link starting with #v=1");
  EXPECT_EQ(error_of(ok + ok + ok + "#v=1&lab=poker&seed=932D217C&t=39 text\n"), "line 4: no tab between the link and the text");
  EXPECT_EQ(error_of(ok + "#v=1&lab=dice\t" + std::string(281, 'a') + "\n").substr(0, 7), "line 2:");
  EXPECT_NE(error_of(ok + "#v=1&lab=dice\t" + std::string(281, 'a')).find("280"), std::string::npos);
  EXPECT_EQ(error_of("#v=1&lab=dice\t" + std::string(280, 'a')), "(accepted)");
  EXPECT_EQ(error_of("#v=1&lab=dice\t" + std::string(280, 'a') + "\xC3\xA9").substr(0, 7), "line 1:");  // 281 code points
  EXPECT_EQ(error_of("#v=1&lab=dice\t" + std::string(279, 'a') + "\xC3\xA9"), "(accepted)");
  EXPECT_EQ(error_of(ok + ok + ok + ok + "#v=1&lab=dice\tbell\x07 here").substr(0, 7), "line 5:");
  EXPECT_EQ(error_of("#v=1&lab=dice\ttab\tinside").substr(0, 7), "line 1:");
  EXPECT_EQ(error_of("#v=1&lab=dice\tC1 \xC2\x85 next line").substr(0, 7), "line 1:");
  EXPECT_EQ(error_of("#v=1&lab=dice\tDEL \x7F").substr(0, 7), "line 1:");
  EXPECT_EQ(error_of("#v=1&lab=dice\tbidi \xE2\x80\xAE reversed").substr(0, 7), "line 1:");
  EXPECT_EQ(error_of("#v=1&lab=dice\tisolate \xE2\x81\xA6 x").substr(0, 7), "line 1:");
  EXPECT_EQ(error_of("#v=1&lab=dice\tbad \xC3 utf8").substr(0, 7), "line 1:");
  EXPECT_EQ(error_of("#v=1&lab=dice\t"), "line 1: no text after the link");
  EXPECT_EQ(error_of("; only comments\n\n"), "no steps");
  EXPECT_EQ(error_of("title\tJust a title\n"), "no steps");
  const std::string notice = error_of(ok + "#v=1&lab=poker&seed=ZZ\tbad seed\n");
  EXPECT_EQ(notice.substr(0, 7), "line 2:");
  EXPECT_NE(notice.find("seed"), std::string::npos) << notice;
}

TEST(TourText, RefusesTooManyStepsAndLongLines) {
  std::string many;
  for (int i = 0; i < 10000; ++i) many += "#v=1&lab=poker&seed=932D217C&t=" + std::to_string(i % 40) + "\tstep\n";
  const std::string e = error_of(many);
  EXPECT_EQ(e.substr(0, 19), "more than 200 steps") << e;
  EXPECT_EQ(error_of(many, 3).substr(0, 17), "more than 3 steps");
  const std::string long_text = "#v=1&lab=dice\t" + std::string(10 * 1024, 'x');
  EXPECT_EQ(error_of(long_text).substr(0, 7), "line 1:");
  const std::string long_link = "#v=1&lab=dice&seed=" + std::string(10 * 1024, '1') + "\ttext";
  EXPECT_EQ(error_of(long_link).substr(0, 7), "line 1:");
}

TEST(TourText, StepLinksDropNoteAndTourFields) {
  auto r = parse_tour_text("#v=1&lab=poker&seed=932D217C&t=39&tour=loaded-dice&step=2\tx\n");
  ASSERT_TRUE(r) << r.error();
  EXPECT_EQ(r->steps[0].link, "#v=1&lab=poker&seed=932D217C&t=39");
  // Without lab fields its state would be a built-in lesson's step: refused, naming the line.
  auto only_lesson = parse_tour_text("#v=1&tour=loaded-dice&step=2\tx\n");
  ASSERT_FALSE(only_lesson);
  EXPECT_EQ(only_lesson.error(),
            "line 1: the link gives a notice: it names only the built-in lesson loaded-dice: use the link of the step itself");
}

}  // namespace
}  // namespace shufflelab

namespace shufflelab {
namespace {
TEST(Tours, HeadingsNameTheBuiltLessons) {
  const auto headings = builtin_tour_headings();
  ASSERT_EQ(headings.size(), builtin_tours().size());
  for (std::size_t i = 0; i < headings.size(); ++i) {
    EXPECT_EQ(headings[i].id, builtin_tours()[i].id);
    EXPECT_EQ(headings[i].title, builtin_tours()[i].title);
    EXPECT_EQ(headings[i].source, builtin_tours()[i].source);
  }
}

// The app gets a built-in lesson as the "tour" job's payload, read as a lesson
// file: it must read back as the very lesson (steps, links, texts, heading).
TEST(Tours, TheTourJobCarriesEachLessonAsALessonFile) {
  for (const TourHeading& heading : builtin_tour_headings()) {
    auto job = make_job("tour", "id=" + std::string(heading.id));
    ASSERT_TRUE(job) << job.error();
    run_job_to_end(*job.value(), 1, [](double) {});
    auto read = parse_tour_text(job.value()->payload());
    ASSERT_TRUE(read) << heading.id << ": " << read.error();
    EXPECT_EQ(read.value(), tour(heading.id));
  }
  auto unknown = make_job("tour", "id=no-such-lesson");
  ASSERT_FALSE(unknown);
  EXPECT_NE(unknown.error().find("no-such-lesson"), std::string::npos) << unknown.error();
}
}  // namespace
}  // namespace shufflelab
