// The text mirror of each lab (core/lab_text): its numbers are checked here
// against derivations of the test's own (stepping a register by hand, dealing
// One Chip by hand, counting multiply-high buckets, shuffling by hand, SciPy's
// chi-square), never against lab_text's output, plus its bounds, that job
// results and the lesson step appear, and that a hostile note stays plain text.
#include "core/lab_text.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <numeric>
#include <string>
#include <vector>

#include "core/builtin_tours.hpp"
#include "core/gallery.hpp"
#include "core/poker/poker.hpp"
#include "core/app_session.hpp"
#include "core/inline_job_runner.hpp"
#include "test_support.hpp"
#include "core/poker/poker_sweep.hpp"
#include "core/tours.hpp"
#include "core/url_state.hpp"

namespace shufflelab {
namespace {

std::string all_text(const std::vector<TextLine>& lines) {
  std::string s;
  for (const auto& l : lines) s += l.text + "\n";
  return s;
}

LabState state_of(const std::string& fragment) {
  const DecodedState d = decode_fragment(fragment);
  EXPECT_TRUE(d.notices.empty()) << fragment << ": " << (d.notices.empty() ? "" : d.notices[0]);
  return d.state;
}

// As the page shows it: the app's session.
std::vector<TextLine> text_of(const std::string& fragment) {
  state_of(fragment);  // the link must open without a notice
  InlineJobRunner jobs;
  AppSession session(jobs);
  session.open(fragment);
  return session.text();
}

std::vector<TextLine> header_of(const LabState& s, const Tour* tour) {
  TextLines out;
  lab_text_header(s, tour, out);
  return out.take();
}

// A Galois register stepped by hand: shift right, XOR the mask into the top byte when a 1 falls out.
std::uint64_t brute_period(int width, std::uint64_t mask8, std::uint64_t seed) {
  const std::uint64_t taps = mask8 << (width - 8);
  std::uint64_t s = seed, n = 0;
  do {
    const bool out = s & 1;
    s >>= 1;
    if (out) s ^= taps;
    ++n;
  } while (s != seed && n < (std::uint64_t{1} << 24));
  return n;
}

TEST(LabText, EveryLabStartsWithItsTitleAndStaysBounded) {
  const std::vector<std::pair<std::string, std::string>> labs = {
      {"#v=1&lab=lfsr&seed=00000001&mask=CF&t=0", "LFSR"}, {"#v=1&lab=dice", "Dice"},
      {"#v=1&lab=shuffle", "Shuffle"},                     {"#v=1&lab=poker", "One Chip poker"},
      {"#v=1&lab=asm", "Assembly"},                        {"#v=1&lab=findings", "Findings"},
      {"#v=1&lab=about", "About"},                         {"#v=1&lab=lfsr&gen=z80&seed=0102030405060708&t=40", "LFSR"},
      {"#v=1&lab=lfsr&gen=pcg32&seed=42&t=3", "LFSR"},     {"#v=1&lab=dice&sides=1000&bits=64", "Dice"},
      {"#v=1&lab=shuffle&n=1000", "Shuffle"}};
  for (const auto& [link, title] : labs) {
    const auto lines = text_of(link);
    ASSERT_FALSE(lines.empty()) << link;
    EXPECT_EQ(lines[0].kind, TextKind::heading) << link;
    EXPECT_EQ(lines[0].text, title) << link;
    EXPECT_GE(lines.size(), 3u) << link;
    EXPECT_LE(lines.size(), kMaxLabTextLines) << link;
    for (const auto& l : lines) {
      EXPECT_FALSE(l.text.empty()) << link;
      EXPECT_LE(l.text.size(), kMaxLabTextLineBytes) << link;
    }
  }
}

TEST(LabText, TarotMaskCfSeedOnePeriod) {
  // 3,757,580,295: the seed-1 cycle of mask CF in the tarot article's findings
  // (docs/labs.md); stepping 3.8e9 bit-steps in a unit test is too slow, so the
  // brute-force check below is at width 16.
  const std::string text = all_text(text_of("#v=1&lab=lfsr&seed=00000001&mask=CF&t=0"));
  EXPECT_NE(text.find("3757580295"), std::string::npos) << text;
  EXPECT_NE(text.find("3,757,580,295"), std::string::npos) << text;
  EXPECT_NE(text.find("4294967295"), std::string::npos) << text;  // 2^32 - 1 nonzero states
  EXPECT_NE(text.find("Maximal (one cycle through every nonzero state): no"), std::string::npos) << text;
  EXPECT_NE(text.find("Seed: 00000001"), std::string::npos) << text;
}

TEST(LabText, Width16PeriodMatchesStepping) {
  for (std::uint64_t mask : {0xCFull, 0xB4ull, 0xA3ull}) {
    char link[96];
    std::snprintf(link, sizeof link, "#v=1&lab=lfsr&width=16&seed=0001&mask=%02llX&t=0",
                  static_cast<unsigned long long>(mask));
    const std::string text = all_text(text_of(link));
    const std::uint64_t p = brute_period(16, mask, 1);
    EXPECT_NE(text.find("Period of this seed: "), std::string::npos) << text;
    EXPECT_NE(text.find("(" + std::to_string(p) + ")"), std::string::npos) << link << " period " << p << "\n" << text;
  }
}

TEST(LabText, TarotRegisterAfterSteps) {
  // DEADBEEF stepped 13 bit-steps by hand.
  std::uint64_t s = 0xDEADBEEF;
  for (int i = 0; i < 13; ++i) {
    const bool out = s & 1;
    s >>= 1;
    if (out) s ^= 0xCFull << 24;
  }
  char hex[16];
  std::snprintf(hex, sizeof hex, "%08llX", static_cast<unsigned long long>(s));
  const std::string text = all_text(text_of("#v=1&lab=lfsr&seed=DEADBEEF&mask=CF&t=13"));
  EXPECT_NE(text.find(std::string("Register: ") + hex), std::string::npos) << hex << "\n" << text;
  EXPECT_NE(text.find("Step t = 13 bit-steps"), std::string::npos) << text;
}

// One Chip by hand: x = 1664525 x + 1013904223, card = top 6 bits, redraw 52..63 and duplicates.
struct HandDeal {
  std::vector<int> cards;
  std::vector<std::string> verdicts;
};
HandDeal hand_deal(std::uint32_t x) {
  HandDeal d;
  while (d.cards.size() < 10) {
    x = 1664525u * x + 1013904223u;
    const int c = static_cast<int>(x >> 26);
    if (c >= 52) d.verdicts.push_back("too high");
    else if (std::find(d.cards.begin(), d.cards.end(), c) != d.cards.end()) d.verdicts.push_back("duplicate");
    else d.verdicts.push_back("dealt"), d.cards.push_back(c);
  }
  return d;
}
std::string short_name(int c) { return std::string(1, "23456789TJQKA"[c >> 2]) + "hdcs"[c & 3]; }

TEST(LabText, PokerWorstDealAtItsLastCall) {
  const HandDeal d = hand_deal(0x932D217Cu);
  ASSERT_EQ(d.verdicts.size(), 39u);  // the article's worst case
  ASSERT_EQ(d.verdicts.back(), "dealt");
  const std::string text = all_text(text_of("#v=1&lab=poker&seed=932D217C&t=39"));
  EXPECT_NE(text.find("Call 39 of 39"), std::string::npos) << text;
  EXPECT_NE(text.find("Call 39 verdict: dealt"), std::string::npos) << text;
  for (int c : d.cards) EXPECT_NE(text.find("(" + short_name(c) + ")"), std::string::npos) << short_name(c) << "\n" << text;
  EXPECT_NE(text.find("Seed: 932D217C"), std::string::npos) << text;
  // Every verdict along the way, by hand.
  for (std::uint32_t t = 1; t <= 39; t += 7) {
    const std::string at = all_text(text_of("#v=1&lab=poker&seed=932D217C&t=" + std::to_string(t)));
    EXPECT_NE(at.find("Call " + std::to_string(t) + " verdict: " + d.verdicts[t - 1]), std::string::npos) << at;
  }
}

TEST(LabText, DiceMulhiMinusOneNeverRollsTwenty) {
  // Multiply-high by 19 on bytes: face i+1 gets the bytes x with (19 x) >> 8 == i.
  std::vector<std::uint64_t> counts(20, 0);
  for (std::uint64_t x = 0; x < 256; ++x) ++counts[(19 * x) >> 8];
  ASSERT_EQ(counts[19], 0u);
  const std::string text =
      all_text(text_of("#v=1&lab=dice&method=mulhi-minus1&sides=20&bits=8&gen=z80&seed=0123456789ABCDEF"
                       "&rolls=1000000&expr=3d6+2&view=die"));
  EXPECT_NE(text.find("d20 from 8-bit words"), std::string::npos) << text;
  EXPECT_NE(text.find("Face 20: probability 0 "), std::string::npos) << text;
  for (std::size_t i = 0; i < 19; ++i) {
    const std::uint64_t g = std::gcd(counts[i], std::uint64_t{256});
    const std::string frac = std::to_string(counts[i] / g) + "/" + std::to_string(256 / g);
    EXPECT_NE(text.find("Face " + std::to_string(i + 1) + ": probability " + frac + " "), std::string::npos)
        << frac << "\n" << text;
  }
}

TEST(LabText, ShuffleStartsFromTheOrderedDeck) {
  // Card 0 is the 2 of Hearts, 1 the 2 of Diamonds, 2 the 2 of Clubs (core/base/cards.hpp).
  const std::string text = all_text(text_of("#v=1&lab=shuffle&algo=fisher-yates&n=52&t=0"));
  EXPECT_NE(text.find("Deck: 52 cards"), std::string::npos) << text;
  EXPECT_NE(text.find("Step 0 of "), std::string::npos) << text;
  EXPECT_NE(text.find("Hearts, "), std::string::npos) << text;
  const auto h = text.find("Deck order from position 0: ");
  ASSERT_NE(h, std::string::npos);
  const std::string deck = text.substr(h);
  EXPECT_LT(deck.find("Hearts"), deck.find("Diamonds"));
  EXPECT_LT(deck.find("Diamonds"), deck.find("Clubs"));
  // A step later the deck differs from the ordered one.
  const std::string later = all_text(text_of("#v=1&lab=shuffle&algo=fisher-yates&n=52&t=51"));
  EXPECT_NE(later.find("Step 51 of "), std::string::npos) << later;
}

TEST(LabText, FindingsHoldEveryEntry) {
  const std::string text = all_text(text_of("#v=1&lab=findings"));
  for (const auto& e : gallery_entries()) EXPECT_NE(text.find(e.title), std::string::npos) << e.title;
  EXPECT_NE(text.find("3757580295"), std::string::npos);
}

TEST(LabText, AssemblyStepsForward) {
  const std::string at0 = all_text(text_of("#v=1&lab=asm"));
  EXPECT_NE(at0.find("Instructions executed: 0,"), std::string::npos) << at0;
  EXPECT_NE(at0.find("Z80"), std::string::npos) << at0;
  const std::string at5 = all_text(text_of("#v=1&lab=asm&t=5"));
  EXPECT_NE(at5.find("Instructions executed: 5,"), std::string::npos) << at5;
  EXPECT_NE(all_text(text_of("#v=1&lab=asm&t=2")).find("Instructions executed: 2,"), std::string::npos);  // backwards
}


TEST(LabText, PokerSweepOfTheFirstSeedsByHand) {
  SweepStats st;
  for (std::uint32_t seed = 0; seed < 2000; ++seed) st.add(seed, static_cast<std::uint32_t>(hand_deal(seed).verdicts.size()));
  std::uint32_t most = 0, first = 0;
  for (std::uint32_t seed = 0; seed < 2000; ++seed)
    if (const auto calls = static_cast<std::uint32_t>(hand_deal(seed).verdicts.size()); calls > most) most = calls, first = seed;
  test::ScriptedJobRunner jobs(sweep_result(st));
  AppSession session(jobs);
  session.open("#v=1&lab=poker&run=sample");
  session.tick(0.0);  // starts the link's sweep
  session.tick(0.0);  // its result comes in
  const std::string text = all_text(session.text());
  char hex[16];
  std::snprintf(hex, sizeof hex, "%08X", first);
  EXPECT_NE(text.find("SAMPLE, partial: 2,000 (2000) of the"), std::string::npos) << text;
  EXPECT_NE(text.find("Most calls: " + std::to_string(most) + ", first at seed " + hex), std::string::npos) << text;
}

TEST(LabText, LessonStepTitleAndText) {
  const Tour* tour = find_builtin_tour("gameboy-tarot");
  ASSERT_NE(tour, nullptr);
  ASSERT_GE(tour->steps.size(), 2u);
  LabState s = state_of(tour->steps[1].link);
  s.tour = tour->id, s.tour_step = 2;
  const auto lines = header_of(s, tour);
  ASSERT_GE(lines.size(), 3u);
  EXPECT_EQ(lines[1].text, "Lesson: " + tour->title + ", step 2 of " + std::to_string(tour->steps.size()));
  EXPECT_EQ(lines[2].text, tour->steps[1].text.substr(0, kMaxLabTextLineBytes));
  s.tour_step = static_cast<std::uint32_t>(tour->steps.size() + 1);  // out of range: no lesson lines
  EXPECT_EQ(all_text(header_of(s, tour)).find("Lesson: "), std::string::npos);
}

TEST(LabText, HostileNoteIsPlainTextAndJsonEscapes) {
  LabState s;
  s.note = "<img src=x onerror=alert(1)> \"quoted\" \\";
  const auto lines = header_of(s, nullptr);
  ASSERT_GE(lines.size(), 2u);
  EXPECT_EQ(lines[1].kind, TextKind::paragraph);
  EXPECT_NE(lines[1].text.find(s.note), std::string::npos);
  const std::string json = lab_text_json(lines);
  EXPECT_EQ(json.rfind("[{\"kind\":\"heading\",\"text\":\"LFSR\"},{\"kind\":\"paragraph\",", 0), 0u) << json;
  EXPECT_NE(json.find("\\\"quoted\\\" \\\\"), std::string::npos) << json;
  EXPECT_EQ(lab_text_json({}), "[]");
}

}  // namespace
}  // namespace shufflelab
