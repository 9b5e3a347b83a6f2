// The check lab's parsers on good and hostile input: every error names the
// line and column of the first offending token; chunk boundaries change nothing.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/base/cards.hpp"
#include "core/check/byte_input.hpp"
#include "core/check/deck_input.hpp"
#include "core/check/roll_input.hpp"

namespace shufflelab {
namespace {

struct DeckRun {
  std::vector<std::vector<std::uint16_t>> decks;
  std::optional<InputError> error;
  unsigned first_number = 0;
};

DeckRun parse_decks(const std::string& text, std::size_t chunk = 1 << 20) {
  DeckRun run;
  DeckParser parser([&](std::span<const std::uint16_t> d) { run.decks.emplace_back(d.begin(), d.end()); });
  for (std::size_t i = 0; i < text.size(); i += chunk) parser.feed(std::string_view(text).substr(i, chunk));
  parser.finish();
  run.error = parser.error();
  run.first_number = parser.first_number();
  return run;
}

void expect_error(const std::string& text, std::uint64_t line, std::uint64_t column, const std::string& words) {
  for (std::size_t chunk : {std::size_t{1}, std::size_t{3}, std::size_t{1} << 20}) {
    const DeckRun run = parse_decks(text, chunk);
    ASSERT_TRUE(run.error) << text;
    EXPECT_EQ(run.error->at.line, line) << run.error->text();
    EXPECT_EQ(run.error->at.column, column) << run.error->text();
    EXPECT_NE(run.error->message.find(words), std::string::npos) << run.error->text();
  }
}

TEST(DeckInput, ReadsNumbersFromZeroOrOneWithAnySeparators) {
  const DeckRun zero = parse_decks("2,0,1\n0 1 2\n1\t2, 0\n");
  ASSERT_FALSE(zero.error) << zero.error->text();
  EXPECT_EQ(zero.decks, (std::vector<std::vector<std::uint16_t>>{{2, 0, 1}, {0, 1, 2}, {1, 2, 0}}));
  const DeckRun one = parse_decks("3,1,2\r\n1,2,3\r\n\r\n");
  ASSERT_FALSE(one.error) << one.error->text();
  EXPECT_EQ(one.first_number, 1u);
  EXPECT_EQ(one.decks, (std::vector<std::vector<std::uint16_t>>{{2, 0, 1}, {0, 1, 2}}));
}

TEST(DeckInput, ReadsCardNamesInTheAppNumberingAfterAByteOrderMark) {
  // A full deck written by name from card_face (core/base/cards), in reverse.
  std::string line;
  for (int card = 51; card >= 0; --card) {
    const CardFace face = card_face(CardFaces::standard, static_cast<std::uint32_t>(card));
    line += face.corner + "hdcs"[static_cast<int>(face.suit)] + std::string(card ? "," : "\n");
  }
  const DeckRun run = parse_decks("\xEF\xBB\xBF" + line + line);
  ASSERT_FALSE(run.error) << run.error->text();
  ASSERT_EQ(run.decks.size(), 2u);
  for (std::size_t pos = 0; pos < 52; ++pos) EXPECT_EQ(run.decks[0][pos], 51 - pos);
  EXPECT_EQ(parse_card_name("AS"), 51);
  EXPECT_EQ(parse_card_name("10h"), 32);
  EXPECT_EQ(parse_card_name("Qd"), 41);
  EXPECT_FALSE(parse_card_name("1H"));
}

TEST(DeckInput, NamesTheFirstOffendingTokenAndWhatWasExpected) {
  expect_error("0,1,2\n2,2,0\n", 2, 3, "appears twice");
  expect_error("0,1,2\n0,1\n", 2, 4, "has 2 cards");
  expect_error("0,1,2\n0,1,2,0\n", 2, 7, "more than 3 cards");
  expect_error("0,1,2\n0,1,3\n", 2, 5, "out of range");
  expect_error("0,1,3\n", 1, 5, "out of range");
  expect_error("0,1,x\n", 1, 5, "expected a card number");
  expect_error("", 1, 1, "empty");
  expect_error("\n\n", 3, 1, "empty");
  expect_error("0,,1\n", 1, 3, "empty field");
  expect_error("0,1,\n", 1, 5, "empty field");
  expect_error("0\n", 1, 2, "at least 2");
  expect_error(std::string("0,1\x00,2\n", 7), 1, 4, "binary");
  expect_error("\x7F" "ELF\x02\x01", 1, 1, "binary");
  expect_error("AS,KS\n", 1, 6, "all 52 cards");
  expect_error(std::string(30, '7') + "\n", 1, 1, "longer than");
}

TEST(DeckInput, TheOddLineAmongTheFirstThreeIsTheOneNamed) {
  // A first line missing a card: lines 2 and 3 agree on 4 cards, so line 1 is named, not line 2.
  expect_error("0,1,2\n3,1,2,0\n0,1,2,3\n", 1, 6, "this deck has 3 cards, the decks on lines 2 and 3 have 4");
  expect_error("0,1,2,3,4\n3,1,2,0\n0,1,2,3\n", 1, 9, "more than 4 cards on this line: the decks on lines 2 and 3 have 4");
  expect_error("0,1,2,3\n3,1,2\n0,1,2,3\n", 2, 6, "this deck has 3 cards, the decks on lines 1 and 3 have 4");
  // Two lines only: the first decides.
  expect_error("0,1,2\n3,1,2,0\n", 2, 7, "more than 3 cards on this line: the first deck (line 1) has 3");
}

TEST(DeckInput, AnErrorQuotesItsLineWholeWhateverTheChunks) {
  for (std::size_t chunk : {std::size_t{1}, std::size_t{4}, std::size_t{1} << 20}) {
    // On a line read after the size is settled: the quote goes on past the offending card.
    DeckRun run = parse_decks("0,1,2\n1,2,0\n2,0,1\n0,0,1\n1,2,0\n", chunk);
    ASSERT_TRUE(run.error);
    EXPECT_EQ(run.error->text(), "line 4, column 3: card 0 appears twice in this deck (first at column 1); line 4 reads \"0,0,1\"");
    // On one of the first lines, checked once three are read.
    run = parse_decks("0,1,2\n1,1,0\n2,0,1\n", chunk);
    ASSERT_TRUE(run.error);
    EXPECT_EQ(run.error->text(), "line 2, column 3: card 1 appears twice in this deck (first at column 1); line 2 reads \"1,1,0\"");
    // A long line is cut after 60 characters.
    std::string long_line;
    for (int i = 0; i < 40; ++i) long_line += std::to_string(i) + ",";
    run = parse_decks(long_line + "x\n", chunk);
    ASSERT_TRUE(run.error);
    const std::string text = run.error->text();
    EXPECT_EQ(text.substr(text.find("; line 1 reads")), "; line 1 reads \"" + long_line.substr(0, 60) + "...\"") << text;
  }
}

// Text in another script or encoding: the quote shows the line as written, in
// clean UTF-8 (a byte that is no UTF-8 as one '?'), and the error names the
// character it cannot read by its code point, at the column of its first byte.
TEST(DeckInput, ACharacterItCannotReadIsNamedAndQuotedAsWritten) {
  for (std::size_t chunk : {std::size_t{1}, std::size_t{2}, std::size_t{3}, std::size_t{1} << 20}) {
    // A typographic minus (U+2212, E2 88 92) before a card number, after a good line.
    DeckRun run = parse_decks("0,1,2\n\xE2\x88\x92" "1,2,0\n", chunk);
    ASSERT_TRUE(run.error);
    EXPECT_EQ(run.error->text(),
              "line 2, column 1: the character \"\xE2\x88\x92\" (U+2212) is not read here: expected digits, card names, "
              "spaces, commas or tabs, in ASCII; line 2 reads \"\xE2\x88\x92" "1,2,0\"");
    // "é" in UTF-8 (C3 A9), with a right-to-left override (U+202E) earlier on the line, quoted as '?'.
    run = parse_decks("0,1,\xE2\x80\xAE,\xC3\xA9\n", chunk);
    ASSERT_TRUE(run.error);
    EXPECT_EQ(run.error->text(),
              "line 1, column 5: the character U+202E is not read here: expected digits, card names, spaces, commas or tabs, "
              "in ASCII; line 1 reads \"0,1,?,\xC3\xA9\"");
    run = parse_decks("0,1,\xC3\xA9\n", chunk);
    ASSERT_TRUE(run.error);
    EXPECT_EQ(run.error->text(),
              "line 1, column 5: the character \"\xC3\xA9\" (U+00E9) is not read here: expected digits, card names, "
              "spaces, commas or tabs, in ASCII; line 1 reads \"0,1,\xC3\xA9\"");
    // Latin-1 "é" (E9) is no UTF-8: named as a byte, quoted as '?'; so is a character cut off by the file's end.
    run = parse_decks("0,1,\xE9\n2,1,0\n", chunk);
    ASSERT_TRUE(run.error);
    EXPECT_EQ(run.error->text(),
              "line 1, column 5: byte 0xE9 is not UTF-8 text: expected digits, card names, spaces, commas or tabs "
              "(is the file in another encoding, or binary?); line 1 reads \"0,1,?\"");
    run = parse_decks("0,1,\xE2\x88", chunk);
    ASSERT_TRUE(run.error);
    EXPECT_EQ(run.error->at.column, 5u);
    EXPECT_NE(run.error->message.find("byte 0xE2 is not UTF-8 text"), std::string::npos) << run.error->text();
    // A UTF-16 file (its byte-order mark FF FE first).
    run = parse_decks(std::string("\xFF\xFE" "0\0,\0" "1\0", 8), chunk);
    ASSERT_TRUE(run.error);
    EXPECT_EQ(run.error->at.column, 1u);
    EXPECT_NE(run.error->message.find("byte 0xFF is not UTF-8 text"), std::string::npos) << run.error->text();
  }
}

TEST(DeckInput, ALineOfTenMillionCharactersNeedsNoMemory) {
  // Separators only: the scanner keeps no line, so this parses in constant memory (and finds no deck).
  DeckParser parser([](std::span<const std::uint16_t>) {});
  const std::string spaces(1 << 20, ' ');
  for (int i = 0; i < 10; ++i) parser.feed(spaces);
  parser.finish();
  ASSERT_TRUE(parser.error());
  EXPECT_NE(parser.error()->message.find("empty"), std::string::npos);
  // Cards without end: refused at card 1001 (the largest deck), long before the line ends.
  DeckParser many([](std::span<const std::uint16_t>) {});
  std::string cards;
  for (int i = 0; i < 2000; ++i) cards += "1 ";
  many.feed(cards);
  ASSERT_TRUE(many.error());
  EXPECT_EQ(many.error()->at.column, 2001u);
}

TEST(RollInput, InfersSidesAndFirstFaceAndRefusesBadRolls) {
  RollParser rolls;
  rolls.feed("1 6 3\n2,5,4 6");
  rolls.finish();
  ASSERT_FALSE(rolls.error()) << rolls.error()->text();
  EXPECT_EQ(rolls.sides(), 6u);
  EXPECT_EQ(rolls.first_face(), 1u);
  EXPECT_EQ(rolls.rolls(), 7u);
  EXPECT_EQ(rolls.pairs()[1 * (kMaxPairSides + 1) + 6], 1u);  // (1,6), (3,2), (5,4)
  EXPECT_EQ(rolls.pairs()[3 * (kMaxPairSides + 1) + 2], 1u);

  RollParser zero;
  zero.feed("0 5 2");
  zero.finish();
  EXPECT_EQ(zero.sides(), 6u);
  EXPECT_EQ(zero.first_face(), 0u);

  RollParser d6(6);
  d6.feed("1 2\n3 7");
  d6.finish();
  ASSERT_TRUE(d6.error());
  EXPECT_EQ(d6.error()->at.line, 2u);
  EXPECT_EQ(d6.error()->at.column, 3u);
  RollParser both(6);
  both.feed("0 1 6");
  both.finish();
  ASSERT_TRUE(both.error());
  EXPECT_EQ(both.error()->at.column, 5u);
  RollParser word;
  word.feed("1 2 three");
  word.finish();
  ASSERT_TRUE(word.error());
  EXPECT_NE(word.error()->message.find("whole number"), std::string::npos);
}

std::vector<std::uint8_t> parse_bytes(ByteFormat format, const std::string& text, std::optional<InputError>* error) {
  std::vector<std::uint8_t> out;
  ByteParser parser(format, [&](std::span<const std::uint8_t> b) { out.insert(out.end(), b.begin(), b.end()); });
  for (std::size_t i = 0; i < text.size(); i += 5) parser.feed(std::string_view(text).substr(i, 5));
  parser.finish();
  *error = parser.error();
  return out;
}

TEST(ByteInput, ReadsRawAndHexAndTellsThemApart) {
  std::optional<InputError> error;
  EXPECT_EQ(parse_bytes(ByteFormat::automatic, "00 ff\n3C,a1b2", &error), (std::vector<std::uint8_t>{0, 255, 0x3c, 0xa1, 0xb2}));
  EXPECT_FALSE(error);
  EXPECT_EQ(parse_bytes(ByteFormat::automatic, "\x01\x02zz", &error), (std::vector<std::uint8_t>{1, 2, 'z', 'z'}));
  EXPECT_EQ(parse_bytes(ByteFormat::raw, "00", &error), (std::vector<std::uint8_t>{'0', '0'}));
  parse_bytes(ByteFormat::hex, "00 f 12", &error);
  ASSERT_TRUE(error);
  EXPECT_EQ(error->at.column, 5u);
  parse_bytes(ByteFormat::hex, "00\n1g", &error);
  ASSERT_TRUE(error);
  EXPECT_EQ(error->at.line, 2u);
  EXPECT_EQ(error->at.column, 2u);
  parse_bytes(ByteFormat::automatic, "", &error);
  ASSERT_TRUE(error);
  EXPECT_NE(error->message.find("empty"), std::string::npos);
}

}  // namespace
}  // namespace shufflelab
