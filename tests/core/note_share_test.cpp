// The sender's note and the Share dialog's outputs: any text round-trips
// through a link; hand-edited links keep "Q&A" and "100% sure"; the note=
// command refuses what a link refuses, keeps the last valid note and says
// why; a lesson step line is what a lesson file reads back. Expected
// encodings are written by hand from RFC 3986 and the UTF-8 tables.
#include <gtest/gtest.h>

#include "core/app_session.hpp"
#include "core/base/plain_text.hpp"
#include "core/inline_job_runner.hpp"
#include "core/url_state.hpp"

namespace shufflelab {
namespace {

// A corpus line's canonical link (tests/links/v1.tsv, line 31).
const std::string kDiceLink =
    "#v=1&lab=dice&method=modulo&sides=6&bits=8&gen=z80&seed=0123456789ABCDEF&rolls=1000000&expr=3d6+2&view=die";

std::string with_note(const std::string& note) {
  LabState state = decode_fragment(kDiceLink).state;
  state.note = note;
  return encode_fragment(state);
}

TEST(NoteCodec, WritesRfc3986EscapesOfUtf8) {
  EXPECT_EQ(with_note("Q&A"), kDiceLink + "&note=Q%26A");
  EXPECT_EQ(with_note("100% sure"), kDiceLink + "&note=100%25%20sure");
  EXPECT_EQ(with_note("a#b+c=d"), kDiceLink + "&note=a%23b%2Bc%3Dd");
  EXPECT_EQ(with_note("\"it's\""), kDiceLink + "&note=%22it%27s%22");
  EXPECT_EQ(with_note("caf\u00e9"), kDiceLink + "&note=caf%C3%A9");              // U+00E9: C3 A9
  EXPECT_EQ(with_note("\u2248 \u2713"), kDiceLink + "&note=%E2%89%88%20%E2%9C%93");  // U+2248, U+2713
  EXPECT_EQ(with_note("\U0001F3B2"), kDiceLink + "&note=%F0%9F%8E%B2");          // U+1F3B2 game die
}

TEST(NoteCodec, AnyNoteRoundTrips) {
  const std::string notes[] = {
      "Q&A: 100% sure? #1 + #2 = \"yes\" & 'no'",
      "D\u00e9j\u00e0 vu, na\u00efve, \u00e5ngstr\u00f6m",           // accents
      "\u03a4\u03bf \u03b6\u03ac\u03c1\u03b9 \u03b5\u03af\u03bd\u03b1\u03b9 \u03b4\u03af\u03ba\u03b1\u03b9\u03bf;",  // Greek
      "\u041a\u043e\u043b\u043e\u0434\u0430 \u043f\u0435\u0440\u0435\u043c\u0435\u0448\u0430\u043d\u0430",  // Cyrillic
      "\u3053\u306e\u30b7\u30e3\u30c3\u30d5\u30eb\u306f\u516c\u5e73\u3067\u3059\u304b",  // Japanese
      "\u05d4\u05d0\u05dd \u05d4\u05e7\u05d5\u05d1\u05d9\u05d4 \u05d4\u05d5\u05d2\u05e0\u05ea?",  // Hebrew
      "\u0647\u0644 \u0627\u0644\u0646\u0631\u062f \u0639\u0627\u062f\u0644\u061f",  // Arabic
      "\u201cfair\u201d \u2248 \u2713 \U0001F0CF\U0001F3B2",          // typographic quotes, symbols, emoji
      "%%25%zz%",  // percent signs beside what looks like escapes
  };
  for (const std::string& note : notes) {
    const DecodedState d = decode_fragment(with_note(note));
    EXPECT_TRUE(d.notices.empty()) << note << ": " << (d.notices.empty() ? "" : d.notices[0]);
    EXPECT_EQ(d.state.note, note);
    EXPECT_EQ(d.state.dice.sides, 6u);
  }
}

TEST(NoteCodec, HandEditedLinksKeepAmpersandsAndPercentSigns) {
  // What a browser's address bar leaves of "note=Q & A, 100% sure": spaces as %20, the rest as typed.
  DecodedState d = decode_fragment(kDiceLink + "&note=Q%20&%20A,%20100%%20sure");
  EXPECT_TRUE(d.notices.empty());
  EXPECT_EQ(d.state.note, "Q & A, 100% sure");
  d = decode_fragment(kDiceLink + "&note=Q&A&sides=8");  // a field after the note still counts
  EXPECT_EQ(d.state.note, "Q&A");
  EXPECT_EQ(d.state.dice.sides, 8u);
  d = decode_fragment("#v=1&lab=dice&note=Q&A&sides=9");
  EXPECT_EQ(d.state.note, "Q&A");
  EXPECT_EQ(d.state.dice.sides, 9u);
  d = decode_fragment(kDiceLink + "&note=50%off");  // 'o' is no hex digit: a percent sign
  EXPECT_EQ(d.state.note, "50%off");
  // What cannot be told from a field: "A=B" after '&' is a field, so the note stops before it.
  d = decode_fragment(kDiceLink + "&note=Q&A=B");
  EXPECT_EQ(d.state.note, "Q");
  // Only a note reads stray percent signs: machine-written text (a lesson's tt=, a file name) stays strict.
  EXPECT_FALSE(percent_decode("50%off", "tt").has_value());
  EXPECT_EQ(percent_decode("50%off", "note", StrayPercent::keep).value(), "50%off");
  // A link cut off inside an escape is still refused, with the reason.
  for (const char* cut : {"&note=caf%C3%A", "&note=100%", "&note=caf%"}) {
    d = decode_fragment(kDiceLink + cut);
    EXPECT_EQ(d.state.note, "") << cut;
    ASSERT_EQ(d.notices.size(), 1u) << cut;
    EXPECT_NE(d.notices[0].find("cut off"), std::string::npos) << d.notices[0];
  }
}

TEST(NoteCommand, SetsTheNoteOrKeepsTheLastValidOneAndSaysWhy) {
  InlineJobRunner jobs;
  AppSession session(jobs);
  session.open(kDiceLink);
  ASSERT_TRUE(session.apply("note=" + percent_encode("Q&A \u2713")).has_value());
  EXPECT_EQ(session.state().note, "Q&A \u2713");
  EXPECT_EQ(session.fragment(), kDiceLink + "&note=Q%26A%20%E2%9C%93");
  EXPECT_EQ(session.note_problem(), "");

  const auto too_long = session.apply("note=" + std::string(281, 'x'));
  ASSERT_FALSE(too_long.has_value());
  EXPECT_EQ(too_long.error(), "note: longer than 280 characters; the link keeps the last valid note");
  EXPECT_EQ(session.note_problem(), too_long.error());
  EXPECT_EQ(session.state().note, "Q&A \u2713");

  const auto control = session.apply("note=line%0Aline");
  ASSERT_FALSE(control.has_value());
  EXPECT_EQ(control.error(), "note: holds a control character (character 5); the link keeps the last valid note");
  EXPECT_EQ(session.state().note, "Q&A \u2713");

  // 280 characters of two bytes each: the limit counts characters.
  std::string e280;
  for (int i = 0; i < 280; ++i) e280 += "%C3%A9";
  ASSERT_TRUE(session.apply("note=" + e280).has_value());
  EXPECT_EQ(session.note_problem(), "");
  ASSERT_TRUE(session.apply("note=").has_value());
  EXPECT_EQ(session.state().note, "");
  EXPECT_EQ(session.fragment(), kDiceLink);
  // A link opened after a refusal replaces the note the refusal was about.
  ASSERT_FALSE(session.apply("note=%01").has_value());
  session.open(kDiceLink + "&note=Hi");
  EXPECT_EQ(session.note_problem(), "");
  EXPECT_EQ(session.state().note, "Hi");
}

TEST(LessonStepLine, IsTheStepLinkATabAndTheNote) {
  LabState state = decode_fragment(kDiceLink + "&embed=1").state;
  EXPECT_FALSE(lesson_step_line(state).has_value());  // no note: no text for the step
  state.note = "Six sides, 8 bits: 256 % 6 = 4 faces come up more often.";
  state.embed = true;
  const auto line = lesson_step_line(state);
  ASSERT_TRUE(line.has_value());
  EXPECT_EQ(*line, kDiceLink + "\tSix sides, 8 bits: 256 % 6 = 4 faces come up more often.");
  // A lesson file made of it reads back as one step with that link and text.
  const auto tour = parse_tour_text(*line + "\n");
  ASSERT_TRUE(tour.has_value()) << tour.error();
  ASSERT_EQ(tour->steps.size(), 1u);
  EXPECT_EQ(tour->steps[0].link, kDiceLink);
  EXPECT_EQ(tour->steps[0].text, state.note);
}

}  // namespace
}  // namespace shufflelab
